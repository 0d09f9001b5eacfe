/**
 * Workspace Trust, in one place (package.json capabilities.untrustedWorkspaces: limited). In an untrusted
 * workspace the extension reads only: the views, the gauge, search and previews work; nothing is written (no
 * compaction, undo, restore, reset, flush, remember, checkpoint, quick fix, breaker reset, errors.md baseline,
 * recovery of an interrupted append), no Gateway is connected and no token is read. Every such path asks
 * `writesAllowed()` here and nowhere else, and what waits for trust follows `onDidGrantTrust`.
 */
import * as vscode from 'vscode';
import { untrustedRefusal, type ActionKind } from '../../core/actions';

/** False in an untrusted workspace: reading only. */
export function writesAllowed(): boolean {
  return vscode.workspace.isTrusted;
}

/** When the user trusts the workspace (never fired the other way: taking trust back reloads the window). */
export function onDidGrantTrust(listener: () => void): vscode.Disposable {
  return vscode.workspace.onDidGrantWorkspaceTrust(listener);
}

/** The one-line refusal of a write in an untrusted workspace (undefined when trusted). */
export function untrustedWrite(action: ActionKind): ReturnType<typeof untrustedRefusal> | undefined {
  return writesAllowed() ? undefined : untrustedRefusal(action);
}
