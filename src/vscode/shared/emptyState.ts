/** "No session to …": the core's hint (core/context/emptyState.ts) with buttons that run the way out. */
import * as vscode from 'vscode';
import { CHOOSE_STATE_DIR, noSessionHint, OPEN_DEMO_STATE } from '../../core/context/emptyState';
import { hasOpenClawData } from '../../core/store/stateDir';
import type { ContextService } from '../sessions/service';
import type { Ui } from './ui';

const COMMAND_OF: Record<string, string> = { [CHOOSE_STATE_DIR]: 'openclawContext.chooseStateDir', [OPEN_DEMO_STATE]: 'openclawContext.openDemoState' };

/** Say why there is no session and how to get one; a button runs its command. Returns the message (tests). */
export function showNoSession(service: ContextService, what: string, ui?: Pick<Ui, 'info'>): string {
  const h = noSessionHint(what, { stateDirs: service.model.stateDirs().filter(hasOpenClawData).length, sessions: service.model.sessions().length });
  const show = ui ? ui.info(h.message, ...h.buttons) : vscode.window.showInformationMessage(h.message, ...h.buttons);
  void Promise.resolve(show).then((b) => (b && COMMAND_OF[b] ? vscode.commands.executeCommand(COMMAND_OF[b]!) : undefined));
  return h.message;
}
