/**
 * One compaction of an OpenClaw session, planned in memory from one read of the active path: where to
 * cut (pi's rules, so OpenClaw accepts the kept tail), the mechanical summary under OpenClaw's safeguard
 * headings (audited with OpenClaw's own check), the quality report, the `compaction` entry to append,
 * and the context before / after for the preview. Writing is the caller's (store/sessionWrite), with
 * exactly this entry: the preview is what gets written, with no second read of the session.
 */
import type { EntryMeta } from '../store/types';
import { contextItemsOf, yieldsMessage } from '../context/rebuild';
import type { CompactionInput as CompactionEntryInput } from '../store/writeEntries';
import { DEFAULT_KEEP_RECENT_TOKENS, findCut, findManualCut, type CutPlan } from './cutPoint';
import { openclawEstimateTokens } from './openclaw/estimate';
import { compactionQualityReport, type CompactionQualityReport } from './quality';
import { type AuditResult } from './summary/audit';
import { compactionInputFromEntries, projectEntryMessage, type EntriesCompactionInput } from './summary/input';
import { type CompactionFacts } from './summary/facts';
import { auditMechanicalSummary, buildMechanicalSummary, compactionFileLists } from './summary/mechanical';
import { type Summarizer } from './summarizer/seam';
import { auditCheckpointSummary, buildCheckpointSummary } from './summary/checkpoint';
import { checkpointOfPath } from '../checkpoint/fromPath';
import type { SessionFigures } from '../checkpoint/build';
import type { Checkpoint } from '../checkpoint/schema';
import type { RenderResult } from '../checkpoint/render';
import type { EstimatorFamily } from '../tokens/estimator';
import { summarizeCompaction, type CompactionSummaryOptions, type FallbackReason } from './summarizer/fallback';

type Json = Record<string, unknown>;

export interface PlanInput {
  /** the active path (ContextModel `context.path`) */
  path: readonly EntryMeta[];
  /** the full JSON of every path entry, same order (one `loadEntries` call) */
  full: ReadonlyArray<Json | undefined>;
  /** the gauge's figure now: the compaction entry's `tokensBefore` */
  tokensBefore: number;
  /** OpenClaw's `compaction.keepRecentTokens` (default 20,000) */
  keepRecentTokens?: number;
  /** keep exactly that tail: no smaller one when everything fits in it (default: as OpenClaw's /compact, findManualCut) */
  exactTail?: boolean;
  /** AGENTS.md critical rules, when the caller extracted them */
  workspaceRules?: string;
  /** checkpoint compaction: the summary is the extracted facts plus the session's checkpoint restore note */
  checkpoint?: CheckpointPlanOptions;
}

/** Which summary a compaction writes: the full mechanical (or model) summary, or the checkpoint summary. */
export type SummaryKind = 'full' | 'checkpoint';

export interface CheckpointPlanOptions {
  /** the session's figures before the compaction (core/checkpoint `figuresFromSession`) */
  figures: SessionFigures;
  /** the session's tokenizer family (the note's 700 tokens and the summary's budget are measured with it) */
  family?: EstimatorFamily;
  /** the session's newest checkpoint, carried forward as a checkpoint written now would carry it */
  previous?: Checkpoint;
  /** the whole summary's budget (default 2,000 tokens) */
  maxTokens?: number;
}

export interface CompactionPlan {
  cut: CutPlan;
  input: EntriesCompactionInput;
  summary: string;
  details: { readFiles: string[]; modifiedFiles: string[] };
  audit: AuditResult;
  quality: CompactionQualityReport;
  /** what to append (store/writer `CompactionInput`) */
  entry: CompactionEntryInput;
  /** entries in context before (metas) and what the context is after: the summary, then the kept tail */
  before: EntryMeta[];
  after: EntryMeta[];
  /** full JSON of the kept tail entries (for rendering `after`) */
  keptFull: Array<Json | undefined>;
  /** who wrote the summary: the mechanical engine, or a model (then audited by OpenClaw's rules) */
  source: 'mechanical' | 'model';
  /** the full summary, or the checkpoint summary (facts + restore note; always mechanical) */
  kind: SummaryKind;
  /** the checkpoint summary's restore note */
  note?: RenderResult;
  /** why a requested model summary was not used */
  fallbackReason?: FallbackReason;
  error?: string;
}

export type PlanResult = { ok: true; plan: CompactionPlan } | { ok: false; reason: string };

interface Prepared {
  cut: CutPlan;
  ci: EntriesCompactionInput;
}

function prepare(input: PlanInput): { ok: true; prep: Prepared } | { ok: false; reason: string } {
  if (input.full.length !== input.path.length) return { ok: false, reason: 'internal: entries and their JSON differ in length' };
  if (input.full.some((j) => !j)) return { ok: false, reason: 'some transcript entries could not be read; not compacting over them (see Show Diagnostics)' };
  // the cut walk counts what OpenClaw 2026.9.6 counts (CJK-weighted, images), on the loaded messages
  const tokenOf = new Map<string, number>();
  input.path.forEach((m, i) => {
    const msg = projectEntryMessage(input.full[i]);
    tokenOf.set(m.id, msg ? openclawEstimateTokens(msg) : 0);
  });
  const carriers = new Set<string>();
  input.path.forEach((m, i) => {
    const j = input.full[i];
    const d = j?.details;
    if (m.kind === 'custom_message' && d && typeof d === 'object' && (d as Json).runtimeContextCarrier === true) carriers.add(m.id);
  });
  const cutR = (input.exactTail ? findCut : findManualCut)(input.path, input.keepRecentTokens ?? DEFAULT_KEEP_RECENT_TOKENS, (e) => tokenOf.get(e.id) ?? e.tokens, (e) => carriers.has(e.id));
  if (!cutR.ok) return cutR;
  const cut = cutR.plan;
  const ci = compactionInputFromEntries(input.full as Json[], cut.firstKeptEntryId);
  if (!ci) return { ok: false, reason: `the cut entry ${cut.firstKeptEntryId} is not on the path` };
  if (input.workspaceRules) ci.workspaceRules = input.workspaceRules;
  return { ok: true, prep: { cut, ci } };
}

/**
 * The plan with the mechanical summary (synchronous; what the extension uses unless a model is enabled), or
 * with the checkpoint summary when `input.checkpoint` is given.
 */
export function planCompaction(input: PlanInput): PlanResult {
  const p = prepare(input);
  if (!p.ok) return p;
  if (input.checkpoint) return { ok: true, plan: planCheckpointSummary(input, input.checkpoint, p.prep) };
  const mech = buildMechanicalSummary(p.prep.ci);
  return { ok: true, plan: finish(input, p.prep, mech.summary, mech.details, auditMechanicalSummary(mech), { source: 'mechanical', kind: 'full' }, mech.facts) };
}

/** Checkpoint compaction: the checkpoint of the whole path, rendered as the note of a facts summary. */
function planCheckpointSummary(input: PlanInput, o: CheckpointPlanOptions, prep: Prepared): CompactionPlan {
  const details = compactionFileLists(prep.ci);
  const cp = checkpointOfPath(input.full, o.figures, { compaction: { firstKeptEntryId: prep.cut.firstKeptEntryId, details }, ...(o.previous ? { previous: o.previous } : {}) });
  const r = buildCheckpointSummary(prep.ci, { checkpoint: cp, compactionCount: o.figures.compactionCount + 1, ...(o.family ? { family: o.family } : {}), ...(o.maxTokens ? { maxTokens: o.maxTokens } : {}) });
  return finish(input, prep, r.summary, r.details, auditCheckpointSummary(r), { source: 'mechanical', kind: 'checkpoint', note: r.note });
}

export interface AsyncPlanOptions {
  /** a model summarizer (e.g. VS Code's Language Model API); without one the mechanical summary is used */
  summarizer?: Summarizer;
  timeoutMs?: number;
  signal?: AbortSignal;
  contextWindow?: number;
}

/**
 * The plan with a model summary when a summarizer is given, falling back to the mechanical one on
 * timeout, failure, an empty answer or a summary OpenClaw's audit would reject (`plan.source` says which).
 */
export async function planCompactionWith(input: PlanInput, opts: AsyncPlanOptions = {}): Promise<PlanResult> {
  if (input.checkpoint) return planCompaction(input); // no model writes a checkpoint summary
  const p = prepare(input);
  if (!p.ok) return p;
  const o: CompactionSummaryOptions = {};
  if (opts.summarizer) o.summarizer = opts.summarizer;
  if (opts.timeoutMs !== undefined) o.timeoutMs = opts.timeoutMs;
  if (opts.signal) o.signal = opts.signal;
  if (opts.contextWindow) o.contextWindow = opts.contextWindow;
  const r = await summarizeCompaction(p.prep.ci, o);
  return {
    ok: true,
    plan: finish(input, p.prep, r.summary, r.details, r.audit, { source: r.source, kind: 'full', ...(r.fallbackReason ? { fallbackReason: r.fallbackReason } : {}), ...(r.error ? { error: r.error } : {}) }, r.mechanical.facts),
  };
}

function finish(input: PlanInput, prep: Prepared, summary: string, details: { readFiles: string[]; modifiedFiles: string[] }, audit: AuditResult, src: Pick<CompactionPlan, 'source' | 'kind' | 'note' | 'fallbackReason' | 'error'>, facts?: CompactionFacts): CompactionPlan {
  const { cut, ci } = prep;
  const mech = { summary, details };
  const dropped = [...ci.messages, ...(ci.turnPrefixMessages ?? [])];
  const quality = compactionQualityReport({ dropped, summary: mech.summary, kept: ci.keptMessages, ...(ci.previousSummary ? { previousSummary: ci.previousSummary } : {}), ...(facts ? { facts } : {}) });
  // pi's figure for the entry (what OpenClaw records): chars/4 of the summary + the kept messages
  const keptPi = cut.kept.filter((e) => e.kind === 'message' || e.kind === 'custom_message' || e.kind === 'branch_summary').reduce((s, e) => s + e.tokens, 0);
  const tokensAfter = Math.ceil(mech.summary.length / 4) + keptPi;
  const entry: CompactionEntryInput = {
    type: 'compaction',
    summary: mech.summary,
    firstKeptEntryId: cut.firstKeptEntryId,
    tokensBefore: Math.max(0, Math.round(input.tokensBefore)),
    tokensAfter,
    details: { readFiles: [...mech.details.readFiles], modifiedFiles: [...mech.details.modifiedFiles] },
  };
  const summaryMeta: EntryMeta = {
    id: '(new compaction)',
    parentId: input.path[input.path.length - 1]?.id ?? null,
    type: 'compaction',
    kind: 'compaction',
    pos: -1,
    bytes: Buffer.byteLength(mech.summary, 'utf8'),
    timestamp: 0,
    tokens: Math.ceil(mech.summary.length / 4),
    est: quality.summaryTokens,
    modelVisible: true,
    preview: mech.summary.split('\n').find((l) => l.trim() && !l.startsWith('#'))?.slice(0, 120) ?? '',
    firstKeptEntryId: cut.firstKeptEntryId,
    tokensBefore: entry.tokensBefore,
    tokensAfter,
  };
  const keptIdx = input.path.findIndex((e) => e.id === cut.firstKeptEntryId);
  const keptMetas = input.path.slice(keptIdx).filter(yieldsMessage);
  const keptFull = keptMetas.map((m) => input.full[input.path.indexOf(m)]);
  return {
    cut,
    input: ci,
    summary: mech.summary,
    details: mech.details,
    audit,
    quality,
    entry,
    before: contextItemsOf(input.path).items,
    after: [summaryMeta, ...keptMetas],
    keptFull,
    ...src,
  };
}
