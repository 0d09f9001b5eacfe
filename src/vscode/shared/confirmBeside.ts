/**
 * Confirmation beside the preview, never over it: the question is a notification (not a modal dialog, which
 * would cover the preview it asks about), and while it is pending the preview editors' title bar carries
 * "Choose…" (the same answers in a QuickPick) and "Cancel" (context key `openclawContext.confirming`). Closing
 * the preview cancels too (see previewTabs.ts). A newer question settles an older one as cancelled.
 */
import * as vscode from 'vscode';
import { Disposable } from './disposable';

export const CONFIRMING_KEY = 'openclawContext.confirming';
export const CONFIRM_CHOOSE_COMMAND = 'openclawContext.confirm.choose';
export const CONFIRM_CANCEL_COMMAND = 'openclawContext.confirm.cancel';
const CANCEL = 'Cancel';
const DETAILS = 'Details';
/** How much of the detail the question carries (VS Code cuts a notification at 1,000 characters); the rest is behind Details. */
const QUESTION_CHARS = 500;

/** The question's text: the message and the detail's first paragraphs that fit; whether anything was left out. */
export function questionText(message: string, detail: string): { text: string; more: boolean } {
  const paras = detail.split(/\n\s*\n/).map((p) => p.replace(/\s*\n\s*/g, ' ').trim()).filter(Boolean);
  let text = message;
  let i = 0;
  for (; i < paras.length && text.length + 1 + paras[i]!.length <= QUESTION_CHARS; i++) text += ` ${paras[i]}`;
  return { text, more: i < paras.length };
}

interface Pending {
  message: string;
  buttons: string[];
  resolve: (answer: string | undefined) => void;
}

export class BesideConfirm extends Disposable {
  private pending: Pending | undefined;

  constructor() {
    super();
    this.register(vscode.commands.registerCommand(CONFIRM_CHOOSE_COMMAND, () => this.choose()));
    this.register(vscode.commands.registerCommand(CONFIRM_CANCEL_COMMAND, () => this.settle(this.pending, undefined)));
    this.register({ dispose: () => this.settle(this.pending, undefined) });
  }

  /** The question waiting for its answer (the title-bar actions show then), if any. */
  get question(): { message: string; buttons: readonly string[] } | undefined {
    return this.pending && { message: this.pending.message, buttons: this.pending.buttons };
  }

  /** Ask `message` (with `detail` after it) and resolve to the button chosen, undefined when cancelled. */
  confirm(message: string, detail: string, ...buttons: string[]): Promise<string | undefined> {
    this.settle(this.pending, undefined);
    return new Promise<string | undefined>((resolve) => {
      const p: Pending = { message, buttons, resolve };
      this.pending = p;
      void vscode.commands.executeCommand('setContext', CONFIRMING_KEY, true);
      void this.notify(p, detail);
    });
  }

  /** The notification; "Details" shows the whole detail, then asks again (the question stays pending meanwhile). */
  private async notify(p: Pending, detail: string): Promise<void> {
    const { text, more } = questionText(p.message, detail);
    for (;;) {
      const b = await vscode.window.showWarningMessage(text, ...p.buttons, ...(more ? [DETAILS] : []), CANCEL);
      if (b !== DETAILS) return this.settle(p, b === CANCEL ? undefined : b);
      if (this.pending !== p) return;
      await vscode.window.showInformationMessage(p.message, { modal: true, detail });
      if (this.pending !== p) return;
    }
  }

  /** The title bar's "Choose…": the pending question's answers in a QuickPick. */
  private async choose(): Promise<void> {
    const p = this.pending;
    if (!p) return;
    const picked = await vscode.window.showQuickPick([...p.buttons, CANCEL], { title: p.message, placeHolder: 'Choose an answer (Escape keeps the question open)' });
    if (picked) this.settle(p, picked === CANCEL ? undefined : picked);
  }

  /** Answer `p` once (later answers to the same question, e.g. its notification after the title bar, do nothing). */
  private settle(p: Pending | undefined, answer: string | undefined): void {
    if (!p || this.pending !== p) return;
    this.pending = undefined;
    void vscode.commands.executeCommand('setContext', CONFIRMING_KEY, false);
    p.resolve(answer);
  }
}
