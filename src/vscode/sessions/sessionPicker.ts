/**
 * The one session picker of every command that acts on a session (Compact, Open Trimmed View, Flush, Create
 * Checkpoint, Count Exactly, Reset): given a session (a tree node, a uid, a key) it uses it; invoked without one
 * (command palette, keybinding, view title) it asks, through the Ui seam, with each session's fill and state and
 * the gauge's session first. Labels come from core/context/viewModel.ts.
 */
import type * as vscode from 'vscode';
import { sessionPickItems } from '../../core/context/viewModel';
import type { SessionState } from '../../core/context/model';
import type { Ui } from '../shared/ui';
import type { ContextService } from './service';
import { sessionFromArg } from './sessionsTree';

export interface SessionChoice {
  session?: SessionState;
  /** the picker was shown and dismissed: say nothing more */
  cancelled?: true;
}

type Item = vscode.QuickPickItem & { uid: string };

/** Whether a command was given a session, or was invoked bare (palette, keybinding, a view's title bar). */
export const givenSession = (arg: unknown): boolean => arg !== undefined && arg !== null && !(typeof arg === 'object' && 'scheme' in arg && 'fsPath' in arg);

/**
 * The session a command acts on. `action` completes the picker's title ("Compact a session"), e.g.
 * "Compact", "Create a checkpoint of".
 */
export async function chooseSession(service: ContextService, ui: Ui, arg: unknown, action: string): Promise<SessionChoice> {
  if (givenSession(arg)) {
    const session = sessionFromArg(service, arg);
    return session ? { session } : {};
  }
  const sessions = service.model.sessions();
  if (!sessions.length) return {};
  const items: Item[] = sessionPickItems(sessions, Date.now(), service.model.stateDirs().length > 1, service.active()?.uid).map((m) => ({ label: m.label, description: m.description, detail: m.detail, uid: m.uid }));
  const picked = await ui.pick(items, { title: `OpenClaw Context: ${action} which session?`, placeHolder: 'Pick a session (fill · state); the gauge’s session is first', matchOnDescription: true, matchOnDetail: true });
  const session = picked && service.model.get(picked.uid);
  return session ? { session } : { cancelled: true };
}
