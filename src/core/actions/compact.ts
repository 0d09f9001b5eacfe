/**
 * Compact a session: breaker → plan (one read of the active path) → route → confirm → one compaction entry
 * (our writer, re-checked against the plan under its lock) or OpenClaw's `sessions.compact` through the Gateway.
 */
import { CompactionBreaker, type BreakerState, type FailureResult } from '../compaction/breaker';
import { planCompaction, type CompactionPlan, type PlanInput, type PlanResult } from '../compaction/plan';
import { planBasisOf, type ContextModel, type SessionState } from '../context/model';
import { writableWorkspaceOrNone } from '../memory/fsSafe';
import { appendToSession } from '../store/sessionWrite';
import { engineGuard } from './engineGuard';
import { runWrite } from './route';
import type { ActionContext, ActionOutcome } from './types';

/** What OpenClaw answered to sessions.compact (its own cut and summary, not our plan). */
export interface GatewayCompaction {
  compacted: boolean;
  summary?: string;
  tokensBefore?: number;
  /** when the answer leaves it out (it does): read from OpenClaw's entry in the store, local sessions only */
  tokensAfter?: number;
  firstKeptEntryId?: string;
  /** why it did not compact */
  reason?: string;
}

export interface CompactOptions {
  /** default: OpenClaw's agents.defaults.compaction.keepRecentTokens of the session's state dir, else the planner's */
  keepRecentTokens?: number;
  /** default: the mechanical planner (no LLM); the extension passes its language-model planner */
  planner?: (input: PlanInput) => Promise<PlanResult>;
  /** the circuit breaker is open (3 failures in a row): true resets it and goes on; default: refuse */
  onBreakerOpen?: (state: BreakerState) => Promise<boolean>;
  /** a remote session whose history is too short for our planner: let the Gateway compact with no preview */
  gatewayWithoutPlan?: boolean;
}

/** `plan` is undefined only for a remote session compacted without a preview (gatewayWithoutPlan). */
export type CompactOutcome = ActionOutcome<CompactionPlan | undefined, GatewayCompaction> & {
  /** the failure opened the circuit breaker */
  breaker?: FailureResult;
  /** why there is no plan (gatewayWithoutPlan) */
  noPlanReason?: string;
};

/** OpenClaw's keepRecentTokens for a session, from its state dir's config. */
export function keepRecentTokensOf(model: ContextModel, s: SessionState): number | undefined {
  const c = (model.stateDirOf(s)?.config.value as { agents?: { defaults?: { compaction?: { keepRecentTokens?: unknown } } } } | undefined)?.agents?.defaults?.compaction?.keepRecentTokens;
  return typeof c === 'number' && c > 0 ? c : undefined;
}

/** tokensAfter of OpenClaw's compaction in the store, when the newest one is it (sessions.compact's answer leaves it out). */
function gatewayCompactionTokensAfter(model: ContextModel, s: SessionState, summary: string | undefined): number | undefined {
  try {
    model.refresh();
    const st = model.ensureTranscript(s.uid);
    const path = st?.context?.path ?? [];
    const i = path.map((m) => m.kind).lastIndexOf('compaction');
    if (!st || i < 0 || model.loadEntries(st.uid, [path[i]!])[0]?.summary !== summary) return undefined;
    return path[i]!.tokensAfter;
  } catch {
    return undefined;
  }
}

export async function compactSession(ctx: ActionContext<CompactionPlan | undefined>, s0: SessionState, opts: CompactOptions = {}): Promise<CompactOutcome> {
  const engine = engineGuard(ctx.model, s0, 'compact');
  if (engine?.refuse) return { status: 'refused', code: engine.code, message: engine.message };
  const s = ctx.model.ensureTranscript(s0.uid) ?? s0;
  const key = s.row.key;
  if (!s.context) return { status: 'nothing', reason: 'the transcript could not be read' };
  // a remote Gateway's session: OpenClaw compacts it (no breaker of ours, no local state dir)
  const breaker = s.remote ? undefined : new CompactionBreaker(s.stateDir);
  if (!ctx.dryRun && breaker?.isOpen(key)) {
    const st = breaker.status(key);
    if (!(await opts.onBreakerOpen?.(st))) {
      const message = `compaction of ${key} is paused after ${st.consecutiveFailures} failures in a row (last: ${st.failures[st.failures.length - 1]?.reason ?? 'unknown'}).`;
      return { status: 'refused', code: 'breaker-open', message };
    }
    breaker.reset(key);
  }
  ctx.progress?.(`planning the compaction of ${key}…`);
  const basis = planBasisOf(s);
  const input: PlanInput = { path: s.context.path, full: ctx.model.loadEntries(s.uid, s.context.path), tokensBefore: s.gauge.used, keepRecentTokens: opts.keepRecentTokens ?? keepRecentTokensOf(ctx.model, s) };
  const r = opts.planner ? await opts.planner(input) : planCompaction(input);
  if (!r.ok && !(opts.gatewayWithoutPlan && s.remote && !ctx.dryRun)) return { status: 'nothing', reason: r.reason };
  const plan = r.ok ? r.plan : undefined;
  if (ctx.dryRun) return { status: 'planned', plan };
  const out: CompactOutcome = await runWrite<CompactionPlan | undefined, GatewayCompaction>(ctx, {
    action: 'compact',
    s,
    plan,
    local: plan && ((target) => appendToSession(target, [plan.entry], { expect: basis })),
    localProgress: `writing the compaction to ${key}…`,
    gatewayProgress: (url) => `OpenClaw owns the store: compacting ${key} through the Gateway at ${url}…`,
    gateway: async (gw) => {
      const a = await gw.client.sessionsCompact({ key, agentId: s.agentId });
      const res: GatewayCompaction = { compacted: a.compacted === true, summary: a.result?.summary, tokensBefore: a.result?.tokensBefore, tokensAfter: a.result?.tokensAfter, firstKeptEntryId: a.result?.firstKeptEntryId, reason: a.reason ?? (a.kept !== undefined ? `it kept all ${a.kept} lines` : undefined) };
      if (res.compacted && res.tokensAfter === undefined && !s.remote) res.tokensAfter = gatewayCompactionTokensAfter(ctx.model, s, res.summary);
      return res;
    },
  });
  if (!r.ok) out.noPlanReason = r.reason;
  if (out.status === 'written' && (out.via === 'local' || out.gateway.compacted)) breaker?.recordSuccess(key);
  // a stale plan or an owned store is not a failed compaction: the breaker counts only real failures
  if (out.status === 'failed' && out.result && !out.result.ok && breaker) {
    out.breaker = breaker.recordFailure(key, `${out.result.code}: ${out.result.message}`, { workspaceDir: writableWorkspaceOrNone(s.stateDir, ctx.model.agentOf(s)?.agent) });
  }
  return out;
}
