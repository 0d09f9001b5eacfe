/**
 * The one UI seam: every dialog, picker and input box the extension shows goes through a `Ui`. The in-host tests
 * replace `UiSeam.current` (the extension API's `ui`) to answer them.
 */
import * as vscode from 'vscode';
import { BesideConfirm } from './confirmBeside';
import { Disposable } from './disposable';
import { Reports } from './reports';
import { inputWithTypeAhead, pickWithTypeAhead } from './typeAhead';

export interface Ui {
  /** confirmation beside the preview (a notification, and the preview's title-bar actions); resolves to the button chosen */
  confirm(message: string, detail: string, ...buttons: string[]): Thenable<string | undefined>;
  info(message: string, ...buttons: string[]): Thenable<string | undefined>;
  warn(message: string, ...buttons: string[]): Thenable<string | undefined>;
  error(message: string, ...buttons: string[]): Thenable<string | undefined>;
  /** the rest of a one-line message, asked for with its "Details" button (the flow has ended: a dialog covers nothing) */
  details(message: string, detail: string): Thenable<unknown>;
  pick<T extends vscode.QuickPickItem>(items: T[], opts: vscode.QuickPickOptions): Thenable<T | undefined>;
  /** an input box (with type-ahead: see typeAhead.ts); `validateInput` must answer at once (no Thenable) */
  input(opts: vscode.InputBoxOptions): Thenable<string | undefined>;
}

function vscodeUi(beside: BesideConfirm): Ui {
  return {
    confirm: (message, detail, ...buttons) => beside.confirm(message, detail, ...buttons),
    info: (message, ...buttons) => vscode.window.showInformationMessage(message, ...buttons),
    warn: (message, ...buttons) => vscode.window.showWarningMessage(message, ...buttons),
    error: (message, ...buttons) => vscode.window.showErrorMessage(message, ...buttons),
    details: (message, detail) => vscode.window.showInformationMessage(message, { modal: true, detail }),
    // the keys a quick typist sends before a box shows land in the editor: typeAhead.ts moves them into the box
    pick: (items, opts) => pickWithTypeAhead(items, opts),
    input: (opts) => inputWithTypeAhead(opts),
  };
}

/** Holds the Ui every feature uses; one per extension instance (the container makes it). */
export class UiSeam extends Disposable {
  /** the real confirmation (its pending question, for the title-bar actions and the tests) */
  readonly beside = this.register(new BesideConfirm());
  current: Ui = vscodeUi(this.beside);
  /** reports, rendered in the Markdown preview */
  readonly reports = this.register(new Reports());
}

export const DETAILS = 'Details';
/** How long a message may be and still read as one line in a notification. */
export const ONE_LINE = 200;

/**
 * A one-line message with a "Details" action for the rest (`details` empty: the line alone). Resolves to the
 * other button chosen, if any.
 */
export async function say(ui: Ui, kind: 'info' | 'warn' | 'error', line: string, details: readonly string[], ...buttons: string[]): Promise<string | undefined> {
  const more = details.filter(Boolean);
  const chosen = await ui[kind](line, ...buttons, ...(more.length ? [DETAILS] : []));
  if (chosen !== DETAILS) return chosen;
  await ui.details(line, more.join('\n\n'));
  return undefined;
}

/**
 * `lead: reason` when it fits one line; else the reason without its parenthesised asides, the whole of it behind
 * "Details"; else `lead.` with the reason behind "Details".
 */
export function sayWhy(ui: Ui, kind: 'info' | 'warn' | 'error', lead: string, reason: string, ...buttons: string[]): Promise<string | undefined> {
  const line = `${lead}: ${reason}`;
  if (line.length <= ONE_LINE) return say(ui, kind, line, [], ...buttons);
  const short = `${lead}: ${reason.replace(/\s*\([^()]*\)/g, '')}`;
  return short.length <= ONE_LINE ? say(ui, kind, short, [reason], ...buttons) : say(ui, kind, `${lead}.`, [reason], ...buttons);
}
