/**
 * The memory writes: flush a session into its agent's day log, remember one fact in a workspace. Both write
 * only our files in the workspace (append-only, refused when the file changed since the plan: code 'changed');
 * neither touches a session store, so there is no owner to route around — except a remote Gateway's session,
 * whose workspace is on that machine: its flush is an instruction turn sent through the Gateway (chat.send).
 */
import { userTimeZone } from '../memory/workspace/dates';
import { applyFlush, flushTurnPrompt, FlushStateStore, planFlush, type ApplyFlushResult, type FlushPlan, type FlushPlanOk } from '../memory/flush';
import { MemoryWriteError } from '../memory/fsSafe';
import { applyRemember, planRemember, RememberError, type RememberInput, type RememberPlan, type RememberResult } from '../memory/remember';
import type { SessionState } from '../context/model';
import { engineGuard } from './engineGuard';
import { runWrite } from './route';
import { checkGround } from './ground';
import * as path from 'node:path';
import { errText, type ActionContext, type ActionOutcome } from './types';

// --------------------------------------------------------------------------------------------- flush

export interface FlushOptions {
  /** the agent workspace whose day log gets the section (the caller resolves and checks it) */
  workspaceDir: string;
  /** flush even when this compaction epoch was already flushed (still only new entries, still de-duplicated) */
  force?: boolean;
  /** a NOTHING_TO_FLUSH that records the epoch may write our flush state (the CLI: only with --yes) */
  recordEpoch?: boolean;
  /** show what would be written, write nothing */
  readOnly?: boolean;
}

/** A flush of a local session: the plan, the day log written (or the flush turn sent, for a remote one). */
export type FlushOutcome = (
  | ActionOutcome<FlushPlan | { turn: string }, { runId?: string }, Extract<ApplyFlushResult, { status: 'written' }>>
  | { status: 'nothing'; reason: string; plan: FlushPlan; recorded?: ApplyFlushResult; recordError?: string }
) & {
  /** said before confirming and kept here: a context-engine plugin compacts this session (engineGuard.ts) */
  note?: string;
};

export async function flushSession(ctx: ActionContext<FlushPlan | { turn: string }>, s0: SessionState, opts: FlushOptions): Promise<FlushOutcome> {
  const now = new Date(ctx.now?.() ?? Date.now());
  const config = ctx.model.stateDirOf(s0)?.config.value;
  if (s0.remote) {
    // the workspace is on the Gateway's machine: the agent writes its memories there
    const plan = { turn: flushTurnPrompt(now) };
    if (ctx.dryRun) return { status: 'planned', plan };
    const sent = await runWrite<FlushPlan | { turn: string }, { runId?: string }>(ctx, {
      action: 'flush',
      s: s0,
      plan,
      gateway: async (gw) => ({ runId: (await gw.client.chatSend({ sessionKey: s0.row.key, message: plan.turn })).runId }),
    });
    // no local step: the outcome is never written 'local'
    return sent as FlushOutcome;
  }
  const s = ctx.model.ensureTranscript(s0.uid) ?? s0;
  if (!s.context) return { status: 'failed', code: 'unreadable', message: `the transcript of ${s.row.key} could not be read` };
  ctx.progress?.(`reading ${s.row.key} for the memory flush…`);
  const entries = ctx.model.loadEntries(s.uid, s.context.path).filter((e): e is Record<string, unknown> => !!e);
  const store = FlushStateStore.forStateDir(s.stateDir);
  const plan = planFlush({ sessionKey: s.row.key, entries, compactionCount: s.row.compactionCount ?? s.figures.compactions, now, timeZone: userTimeZone(config), workspaceDir: opts.workspaceDir, state: store, force: opts.force === true });
  if (plan.status !== 'ok') {
    // nothing to write; recording the epoch is our own state (like OpenClaw's NO_REPLY flush turn)
    const out: FlushOutcome = { status: 'nothing', reason: plan.message, plan };
    if (!ctx.dryRun && plan.recordsEpoch && opts.recordEpoch && !opts.readOnly) {
      try {
        out.recorded = applyFlush(plan, opts.workspaceDir, store);
      } catch (err) {
        out.recordError = errText(err);
      }
    }
    return out;
  }
  const note = engineGuard(ctx.model, s, 'flush')?.message;
  const noted = (o: FlushOutcome): FlushOutcome => (note ? { ...o, note } : o);
  if (ctx.dryRun) return noted({ status: 'planned', plan });
  // a read-only workspace: the flush is skipped with the reason, before the preview (as OpenClaw does in a read-only sandbox)
  const ro = opts.readOnly ? undefined : checkGround('flush', 'The workspace', path.join(opts.workspaceDir, plan.targetRel), ctx.ground);
  if (ro) return noted({ ...ro, plan });
  if (!(await ctx.confirm({ action: 'flush', key: s.row.key, plan, route: 'local', ...(note ? { note } : {}) }))) return noted({ status: 'cancelled', plan, route: 'local' });
  return noted(writeFlush(plan, opts, store));
}

function writeFlush(plan: FlushPlanOk, opts: FlushOptions, store: FlushStateStore): FlushOutcome {
  // an unexpected error (not a refusal) is thrown to the caller
  const r = applyFlush(plan, opts.workspaceDir, store, { readOnly: opts.readOnly === true });
  if (r.status === 'written') return { status: 'written', plan, via: 'local', result: r };
  if (r.status === 'refused') return { status: 'refused', plan, code: r.code, message: r.message };
  return { status: 'failed', plan, code: 'unexpected', message: `unexpected result ${r.status}` };
}

// --------------------------------------------------------------------------------------------- remember

export interface RememberOptions {
  workspaceDir: string;
  config?: unknown;
  readOnly?: boolean;
}

/** 'invalid': the input was refused (RememberError; code 'unreadable' when a file could not be read). */
export type RememberOutcome = Exclude<ActionOutcome<RememberPlan, never, RememberResult>, { via: 'gateway' }> | { status: 'invalid'; code: string; message: string };

export async function rememberFact(ctx: Omit<ActionContext<RememberPlan>, 'model' | 'gateway'>, input: RememberInput, opts: RememberOptions): Promise<RememberOutcome> {
  let plan: RememberPlan;
  try {
    plan = planRemember(input, opts.workspaceDir, { config: opts.config, ...(ctx.now ? { now: new Date(ctx.now()) } : {}) });
  } catch (err) {
    if (err instanceof RememberError) return { status: 'invalid', code: err.code, message: err.message };
    throw err;
  }
  if (ctx.dryRun) return { status: 'planned', plan };
  const ro = opts.readOnly ? undefined : checkGround('remember', 'The workspace', path.join(opts.workspaceDir, plan.targetRel), ctx.ground);
  if (ro) return { ...ro, plan };
  if (!(await ctx.confirm({ action: 'remember', key: opts.workspaceDir, plan, route: 'local' }))) return { status: 'cancelled', plan, route: 'local' };
  try {
    return { status: 'written', plan, via: 'local', result: applyRemember(plan, opts.workspaceDir, { readOnly: opts.readOnly === true }) };
  } catch (err) {
    if (err instanceof MemoryWriteError) return { status: 'refused', plan, code: err.code, message: err.message };
    throw err;
  }
}
