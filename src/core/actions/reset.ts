/**
 * Reset a session: only OpenClaw can (sessions.reset through its Gateway). The context becomes empty; the
 * session id is kept and the transcript is not deleted (OpenClaw records the reset as an entry).
 */
import type { SessionState } from '../context/model';
import { runWrite } from './route';
import type { ActionContext, ActionOutcome } from './types';

export type ResetOutcome = ActionOutcome<{ sessionId: string }, { sessionId?: string }>;

export async function resetSession(ctx: ActionContext<{ sessionId: string }>, s: SessionState): Promise<ResetOutcome> {
  const plan = { sessionId: s.row.sessionId };
  if (ctx.dryRun) return { status: 'planned', plan };
  const key = s.row.key;
  return runWrite<{ sessionId: string }, { sessionId?: string }>(ctx, {
    action: 'reset',
    s,
    plan,
    gatewayOnly: `resetting ${key} needs a connection to the OpenClaw Gateway (sessions.reset)`,
    gatewayProgress: (url) => `resetting ${key} through the Gateway at ${url}…`,
    gateway: async (gw) => ({ sessionId: (await gw.client.sessionsReset({ key, reason: 'reset', agentId: s.agentId })).entry?.sessionId }),
  });
}
