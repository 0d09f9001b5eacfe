/**
 * Compact a session: breaker → plan (one read of the active path) → route → confirm → one compaction entry
 * (our writer, re-checked against the plan under its lock) or OpenClaw's `sessions.compact` through the Gateway.
 */
import { CompactionBreaker, type BreakerState, type FailureResult } from '../compaction/breaker';
import { planCompaction, type CompactionPlan, type PlanInput, type PlanResult, type SummaryKind, type CheckpointPlanOptions } from '../compaction/plan';
import { figuresFromSession } from '../checkpoint/build';
import { familyFor } from '../tokens/estimator';
import { planShrink, type ShrinkVerdict } from '../compaction/shrink';
import { gatewayOfferPrompt, type GatewayCompactionOffer } from '../compaction/viewModel';
import { planBasisOf, type ContextModel, type SessionState } from '../context/model';
import { writableWorkspaceOrNone } from '../memory/fsSafe';
import { checkOwnership } from '../store/ownership';
import { appendToSession } from '../store/sessionWrite';
import { engineGuard } from './engineGuard';
import { REMOTE_SESSION, runWrite } from './route';
import { untrustedRefusal } from './ground';
import type { ActionContext, ActionOutcome, ActionPreview } from './types';

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
  /**
   * default: OpenClaw's agents.defaults.compaction.keepRecentTokens of the session's state dir, else the planner's, and
   * when everything fits in that tail only the last message is kept (as OpenClaw's /compact does). Given: exactly this tail.
   */
  keepRecentTokens?: number;
  /** default: the mechanical planner (no LLM); the extension passes its language-model planner */
  planner?: (input: PlanInput) => Promise<PlanResult>;
  /** the circuit breaker is open (3 failures in a row): true resets it and goes on; default: refuse */
  onBreakerOpen?: (state: BreakerState) => Promise<boolean>;
  /**
   * A compaction that does not shrink the context (the plan's verdict, or a Gateway offer right after a
   * compaction): 'refuse' it before the confirmation (the CLI's `--yes` without `--even-if-larger`); default
   * 'confirm': the confirm seam decides, and its default answer must not be Compact (`compactPrompt`'s buttons).
   */
  notShrinking?: 'refuse' | 'confirm';
  /**
   * 'checkpoint': checkpoint compaction — the summary is the extracted facts plus the session's checkpoint
   * restore note (about 2,000 tokens at most; no model). Default 'full'.
   */
  summary?: SummaryKind;
}

/**
 * `plan` is undefined only when our planner would not compact a session OpenClaw owns (a remote Gateway's, or a
 * local store its Gateway holds): then `offer` says what OpenClaw will do instead.
 */
export type CompactOutcome = ActionOutcome<CompactionPlan | undefined, GatewayCompaction> & {
  /** the failure opened the circuit breaker */
  breaker?: FailureResult;
  /** why our planner would not compact (there is an `offer`) */
  noPlanReason?: string;
  /** the Gateway's compaction, offered when our planner would not compact */
  offer?: GatewayCompactionOffer;
  /** does the plan shrink the context */
  shrink?: ShrinkVerdict;
};

/** What the confirm seam of a compaction is shown: the plan, or (no plan) the Gateway's compaction offered. */
export type CompactPreview = ActionPreview<CompactionPlan | undefined> & { offer?: GatewayCompactionOffer };

/** A compaction entry with nothing model-visible after it on the active path: the session was just compacted. */
function justCompacted(s: SessionState): boolean {
  const path = s.context?.path ?? [];
  const i = path.map((m) => m.kind).lastIndexOf('compaction');
  return i >= 0 && !path.slice(i + 1).some((e) => e.kind === 'message' || e.kind === 'custom_message' || e.kind === 'branch_summary');
}

/**
 * Our planner would not compact: a session OpenClaw owns (a remote Gateway's, or a local store its Gateway holds
 * — not an embedded run) is still OpenClaw's to compact, so its Gateway's compaction is offered; otherwise undefined.
 */
async function gatewayOffer(model: ContextModel, s: SessionState, noPlanReason: string): Promise<GatewayCompactionOffer | undefined> {
  let why = REMOTE_SESSION;
  if (!s.remote) {
    const own = await checkOwnership(s.stateDir);
    if (!own.owned || own.by === 'embedded') return undefined;
    why = own.reason;
  }
  const g = s.figures;
  const just = justCompacted(s);
  const keep = keepRecentTokensOf(model, s);
  return { why, noPlanReason, justCompacted: just, ...(keep !== undefined ? { keepRecentTokens: keep } : {}), ...(g.usedSource !== 'none' ? { used: g.used } : {}), estimated: g.estimated, window: g.window, compactionAt: g.compactionAt, era: s.era, explicit: just };
}

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

/** What a checkpoint compaction of `s` is planned with: the session's figures now and its tokenizer family. */
export function checkpointPlanOptions(s: SessionState): CheckpointPlanOptions {
  return { figures: figuresFromSession(s), family: familyFor(s.row.modelProvider, s.row.model ?? s.transcriptModel) };
}

export async function compactSession(ctx: ActionContext<CompactionPlan | undefined>, s0: SessionState, opts: CompactOptions = {}): Promise<CompactOutcome> {
  // reading only: said before the planning (a language model may be asked) and the preview
  if (ctx.untrusted && !ctx.dryRun) return untrustedRefusal('compact');
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
  const input: PlanInput = { path: s.context.path, full: ctx.model.loadEntries(s.uid, s.context.path), tokensBefore: s.figures.used, keepRecentTokens: opts.keepRecentTokens ?? keepRecentTokensOf(ctx.model, s), exactTail: opts.keepRecentTokens !== undefined };
  if (opts.summary === 'checkpoint') input.checkpoint = checkpointPlanOptions(s);
  const r = opts.planner ? await opts.planner(input) : planCompaction(input);
  const offer = r.ok ? undefined : await gatewayOffer(ctx.model, s, r.reason);
  if (!r.ok && !offer) return { status: 'nothing', reason: r.reason };
  const plan = r.ok ? r.plan : undefined;
  const shrink = plan && planShrink(plan);
  const about = { ...(offer ? { offer, noPlanReason: offer.noPlanReason } : {}), ...(shrink ? { shrink } : {}) };
  if (ctx.dryRun) return { status: 'planned', plan, ...about };
  if ((shrink?.explicit ?? offer?.explicit) && opts.notShrinking === 'refuse') {
    return { status: 'refused', plan, code: 'does-not-shrink', message: shrink?.headline ?? gatewayOfferPrompt(key, offer!).headline, ...about };
  }
  const confirm = (pv: ActionPreview<CompactionPlan | undefined>) => ctx.confirm(offer ? ({ ...pv, offer } as CompactPreview) : pv);
  const out: CompactOutcome = await runWrite<CompactionPlan | undefined, GatewayCompaction>({ ...ctx, confirm }, {
    action: 'compact',
    s,
    plan,
    // no plan of ours: only OpenClaw's compaction is on offer (a remote session goes to its Gateway anyway)
    ...(offer && !s.remote ? { gatewayOnly: offer.why } : {}),
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
  Object.assign(out, about);
  if (out.status === 'written' && (out.via === 'local' || out.gateway.compacted)) breaker?.recordSuccess(key);
  // a stale plan or an owned store is not a failed compaction: the breaker counts only real failures
  if (out.status === 'failed' && out.result && !out.result.ok && breaker) {
    out.breaker = breaker.recordFailure(key, `${out.result.code}: ${out.result.message}`, { workspaceDir: writableWorkspaceOrNone(s.stateDir, ctx.model.agentOf(s)?.agent) });
  }
  return out;
}
