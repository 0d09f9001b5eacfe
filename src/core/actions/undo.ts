/**
 * Undo a compaction without deleting anything. JSONL: one branch marker entry from before the compaction (our
 * writer; an owned store is refused, there is no Gateway form). SQLite: OpenClaw keeps the active path itself,
 * so only its Gateway can: `sessions.rewind` (the session goes on from before the last user message ahead of the
 * compaction, a new transcript generation) or `sessions.fork` (a new session from there). That user message comes
 * back as editor text, never re-sent.
 */
import { planUndo, type UndoPlan } from '../compaction/undo';
import { planBasisOf, type SessionState } from '../context/model';
import { appendToSession } from '../store/sessionWrite';
import type { EntryMeta } from '../store/types';
import { runWrite } from './route';
import type { ActionContext, ActionOutcome } from './types';

export type UndoActionPlan =
  /** JSONL: the marker entry */
  | { kind: 'marker'; plan: UndoPlan }
  /** SQLite: through the Gateway, back to before `user` */
  | { kind: 'gateway'; via: 'rewind' | 'fork'; compaction: EntryMeta; user: EntryMeta };

export interface GatewayUndo {
  editorText?: string;
  /** fork: the new session's key */
  sessionKey?: string;
}

export type UndoOutcome = ActionOutcome<UndoActionPlan, GatewayUndo>;

export const SQLITE_UNDO_NEEDS_GATEWAY = 'only the Gateway can undo a compaction of an SQLite session';

export interface UndoOptions {
  /** the compaction entry to undo (default: the newest on the active path) */
  compactionId?: string;
  /** SQLite: rewind (default) or fork */
  via?: 'rewind' | 'fork';
}

/** What an undo would do, without routing or writing: for a picker or a dry run. */
export function planUndoAction(s: SessionState, opts: UndoOptions = {}, now = Date.now()): { ok: true; plan: UndoActionPlan } | { ok: false; code: string; reason: string } {
  if (!s.context) return { ok: false, code: 'unreadable', reason: `the transcript of ${s.row.key} could not be read` };
  if (s.era === 'sqlite') {
    const comps = s.context.compactions;
    const id = opts.compactionId;
    const compaction = id ? comps.find((x) => x.id === id) : comps[comps.length - 1];
    if (!compaction) return { ok: false, code: 'no-compaction', reason: id ? `compaction ${id} is not on the active path of ${s.row.key}` : `there is no compaction on the active path of ${s.row.key}` };
    const at = s.context.path.findIndex((e) => e.id === compaction.id);
    const user = s.context.path
      .slice(0, at)
      .filter((e) => e.kind === 'message' && e.role === 'user')
      .pop();
    if (!user) return { ok: false, code: 'no-user-message', reason: `there is no user message before compaction ${compaction.id} to rewind to` };
    return { ok: true, plan: { kind: 'gateway', via: opts.via ?? 'rewind', compaction, user } };
  }
  const r = planUndo(s.context, s.era, opts.compactionId, now);
  return r.ok ? { ok: true, plan: { kind: 'marker', plan: r.plan } } : { ok: false, code: 'nothing-to-undo', reason: r.reason };
}

export async function undoCompaction(ctx: ActionContext<UndoActionPlan>, s: SessionState, opts: UndoOptions = {}): Promise<UndoOutcome> {
  const basis = planBasisOf(s);
  const p = planUndoAction(s, opts, ctx.now?.() ?? Date.now());
  if (!p.ok) return { status: 'refused', code: p.code, message: p.reason };
  const plan = p.plan;
  if (ctx.dryRun) return { status: 'planned', plan };
  const key = s.row.key;
  if (plan.kind === 'marker') {
    return runWrite<UndoActionPlan, GatewayUndo>(ctx, { action: 'undo', s, plan, local: (target) => appendToSession(target, [plan.plan.entry], { branchFrom: plan.plan.branchFrom, expect: basis }) });
  }
  return runWrite<UndoActionPlan, GatewayUndo>(ctx, {
    action: 'undo',
    s,
    plan,
    gatewayOnly: SQLITE_UNDO_NEEDS_GATEWAY,
    gatewayProgress: (url) => `${plan.via === 'rewind' ? 'rewinding' : 'forking'} ${key} through the Gateway at ${url}…`,
    gateway: async (gw) => {
      const params = { sessionKey: key, entryId: plan.user.id, agentId: s.agentId };
      if (plan.via === 'fork') {
        const r = await gw.client.sessionsFork(params);
        return { editorText: r.editorText, sessionKey: r.sessionKey };
      }
      return { editorText: (await gw.client.sessionsRewind(params)).editorText };
    },
  });
}
