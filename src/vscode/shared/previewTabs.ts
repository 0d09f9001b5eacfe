/**
 * The previews a flow opens close when the flow ends (accepted, cancelled or failed): the editor tabs that
 * appeared while it ran and show one of our preview documents (text or diff), or a Markdown preview of one.
 * Closing them all while the flow still asks cancels its question.
 */
import * as vscode from 'vscode';
import { CONFIRM_CANCEL_COMMAND } from './confirmBeside';

/** The URI schemes of our preview documents (compaction, checkpoint and memory previews). */
const PREVIEW_SCHEMES = new Set(['openclaw-compaction', 'openclaw-checkpoint', 'openclaw-memory', 'openclaw-report']);

const isOurs = (u: unknown): boolean => u instanceof vscode.Uri && PREVIEW_SCHEMES.has(u.scheme);

/** Whether a tab shows one of our previews (a Markdown preview: by its viewType, it has no URI to check). */
export function isPreviewTab(tab: vscode.Tab): boolean {
  const i = tab.input;
  if (i instanceof vscode.TabInputText) return isOurs(i.uri);
  if (i instanceof vscode.TabInputTextDiff) return isOurs(i.original) || isOurs(i.modified);
  if (i instanceof vscode.TabInputWebview) return /markdown\.preview/.test(i.viewType);
  return false;
}

const allTabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs);

/** Close every tab showing one of our previews (a flow that opened its previews before it could be wrapped). */
export async function closePreviewTabs(): Promise<void> {
  const tabs = allTabs().filter(isPreviewTab);
  if (tabs.length) await vscode.window.tabGroups.close(tabs, true).then(undefined, () => undefined);
}

/** Run `flow`; afterwards close the preview tabs it opened (unless `keep()` says the preview is its outcome). */
export async function closingPreviews<T>(flow: () => Promise<T>, keep?: () => boolean): Promise<T> {
  const before = new Set(allTabs());
  const opened = () => allTabs().filter((t) => !before.has(t) && isPreviewTab(t));
  let seen = false;
  const watch = vscode.window.tabGroups.onDidChangeTabs((e) => {
    if (e.opened.some(isPreviewTab) || opened().length) seen = true;
    // the user closed every preview while the question is open: that is a "no"
    if (seen && e.closed.some(isPreviewTab) && !opened().length) void vscode.commands.executeCommand(CONFIRM_CANCEL_COMMAND);
  });
  try {
    return await flow();
  } finally {
    watch.dispose();
    const mine = keep?.() ? [] : opened();
    if (mine.length) await vscode.window.tabGroups.close(mine, true).then(undefined, () => undefined);
  }
}
