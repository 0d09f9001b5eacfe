/**
 * The CLI commands that change a session: `compact`, `undo-compact`, `checkpoint restore` (and
 * `checkpoint create`, which writes only our own checkpoint files).
 *
 * Every rule is core/actions' (the one path of the extension's writes too): a plan first (printed;
 * `--dry-run` stops there); a confirmation (`cliConfirm`: `--yes`, or an interactive y/N on a terminal,
 * otherwise a usage error, exit 2 — an agent never writes by accident); the route: our writer, refused while
 * OpenClaw owns the store, then the Gateway when one is reachable (`cliGatewayAccess`, src/cli/gatewayRoute.ts),
 * else exit 3 with what to do instead; the L4 circuit breaker (paused after 3 failures in a row,
 * `--reset-breaker` resets it). This file only turns the outcomes into JSON, text and exit codes.
 */
import type { SessionState } from '../core/context/model';
import { isOwned } from '../core/context/queries';
import { CheckpointCoordinator } from '../core/checkpoint/coordinator';
import { listCheckpoints, readLatestCheckpoint } from '../core/checkpoint/store';
import type { Checkpoint } from '../core/checkpoint/schema';
import type { RestorePlan } from '../core/checkpoint/restore';
import type { CompactionPlan } from '../core/compaction/plan';
import { MIN_REDUCTION, planShrink, type ShrinkVerdict } from '../core/compaction/shrink';
import { gatewayOfferPrompt, smallestTailNote, undoLimits, type GatewayCompactionOffer } from '../core/compaction/viewModel';
import { compactSession, restoreCheckpoint, undoCompaction, type CompactPreview, type UndoActionPlan, type ActionContext, type ActionPreview, type ActionOutcome, type Confirm } from '../core/actions';
import type { WriteResult } from '../core/store/writeResult';
import { UsageError, StoreError, type OptionSpec, type Parsed } from './args';
import { CLI_NAME, JSON_VERSION, finite, round2, sessionRef, type Command, type CommandResult } from './common';
import { clean, type CliIo } from './io';
import { formatTokens } from '../core/context/format';
import { contextPair, contextPairText } from '../core/compaction/viewModel';
import { findSession, openModel, openModelAsync, type GlobalOptions, type OpenModel } from './session';
import { cliGatewayAccess } from './gatewayRoute';

export const WRITE_OPTIONS: OptionSpec[] = [
  { name: 'dry-run', type: 'boolean', help: 'plan and print only; write nothing' },
  { name: 'yes', type: 'boolean', help: 'confirm the write without asking (needed when stdin is not a terminal, e.g. from an agent or a script)' },
];

export type Confirmation = 'dry-run' | 'yes' | 'declined';

/** Flag combinations checked before any work. */
export function checkWriteFlags(p: Parsed): void {
  if (p.options['dry-run'] && p.options.yes) throw new UsageError('pass --dry-run or --yes, not both');
}

/**
 * `--dry-run` → 'dry-run'; `--yes` → 'yes'; on a terminal (stdin and stderr) ask y/N; otherwise a usage
 * error: writing needs an explicit confirmation.
 */
export async function confirmWrite(p: Parsed, g: GlobalOptions, io: CliIo, question: string, preview: string): Promise<Confirmation> {
  if (p.options['dry-run']) {
    if (p.options.yes) throw new UsageError('pass --dry-run or --yes, not both');
    return 'dry-run';
  }
  if (p.options.yes) return 'yes';
  if (!g.json && io.stdinIsTTY && io.prompt) {
    io.stderr(preview.endsWith('\n') ? preview : `${preview}\n`);
    const a = (await io.prompt(`${question} [y/N] `)).trim().toLowerCase();
    return a === 'y' || a === 'yes' ? 'yes' : 'declined';
  }
  throw new UsageError(`this changes the session: pass --yes to confirm, or --dry-run to only see the plan (nothing was written)`);
}

/**
 * The confirm seam of the core actions for the CLI: the first call asks (confirmWrite: --yes, y/N on a terminal,
 * else a usage error); a second one (the store was taken over between the check and the write, so it goes to
 * the Gateway) keeps that answer.
 */
export function cliConfirm<P>(p: Parsed, g: GlobalOptions, io: CliIo, ask: (pv: ActionPreview<P>) => { question: string; preview: string }): Confirm<P> {
  let answer: boolean | undefined;
  return async (pv) => {
    if (answer === undefined) {
      const q = ask(pv);
      answer = (await confirmWrite(p, g, io, q.question, q.preview)) === 'yes';
    }
    return answer;
  };
}

/** The context of a core action run by a session command. */
function actionContext<P>(p: Parsed, g: GlobalOptions, io: CliIo, m: OpenModel, ask: (pv: ActionPreview<P>) => { question: string; preview: string }): ActionContext<P> {
  return { model: m.model, confirm: cliConfirm(p, g, io, ask), gateway: cliGatewayAccess(g, io, m), progress: io.progress, dryRun: p.options['dry-run'] === true, ...(io.now ? { now: io.now } : {}) };
}

/**
 * What every session command does with an outcome that is not its own: a Gateway call that failed is thrown
 * (its message is the classified, redacted one), the store that is gone is exit 3.
 */
function rethrowCommon(o: ActionOutcome<unknown, unknown>): void {
  if (o.status === 'failed' && o.code === 'gateway') throw o.error;
  if (o.status === 'refused' && !o.result && (o.code === 'unavailable' || o.code === 'remote-unavailable')) throw new StoreError(o.message);
}

function ownedBy(r: WriteResult): { by: string | null; pid: number | null; port: number | null } | null {
  if (r.ok || !r.ownership) return null;
  const o = r.ownership;
  return { by: o.by ?? null, pid: o.pid ?? null, port: o.port ?? null };
}

function writtenJson(r: WriteResult) {
  if (!r.ok) return null;
  return { via: 'file' as const, era: r.era, location: r.location, sessionId: r.sessionId, previousLeafId: r.previousLeafId, entries: r.written.map((w) => ({ id: w.id, parentId: w.parentId, type: w.type })), notes: [...r.notes] };
}

/** The session of a key with its transcript read (a remote Gateway's: once chat.history answered). */
async function loadSession(m: OpenModel, key: string): Promise<SessionState> {
  const s0 = findSession(m.sessions, key, m.unavailable);
  return (await m.transcript(s0.uid)) ?? s0;
}

// --------------------------------------------------------------------------------------------- compact

function planJson(plan: CompactionPlan) {
  const q = plan.quality;
  const surv = (x: { found: number; kept: number; lost: string[] }) => ({ found: x.found, kept: x.kept, lost: [...x.lost] });
  return {
    firstKeptEntryId: plan.entry.firstKeptEntryId,
    isSplitTurn: plan.cut.isSplitTurn,
    smallestTailOf: plan.cut.smallestTail?.keepRecentTokens ?? null,
    summarizedEntries: plan.cut.toSummarize.length,
    turnPrefixEntries: plan.cut.turnPrefix.length,
    keptEntries: plan.cut.kept.length,
    context: contextPair(plan),
    entry: { tokensBefore: Math.round(plan.entry.tokensBefore), tokensAfter: plan.entry.tokensAfter !== undefined ? Math.round(plan.entry.tokensAfter) : null },
    summarySource: plan.source,
    summaryKind: plan.kind,
    checkpointNote: plan.note ? { tokens: Math.round(plan.note.tokens), trimmed: plan.note.trimmed.length > 0 } : null,
    summary: plan.summary,
    quality: {
      tokensBefore: Math.round(q.tokensBefore),
      tokensAfter: Math.round(q.tokensAfter),
      tokensSaved: Math.round(q.tokensSaved),
      droppedTokens: Math.round(q.droppedTokens),
      summaryTokens: Math.round(q.summaryTokens),
      keptTokens: Math.round(q.keptTokens),
      compressionRatio: finite(round2(q.compressionRatio)),
      summaryRatio: finite(round2(q.summaryRatio)),
      reduction: finite(round2(q.reduction)),
      summaryChars: Math.round(q.summaryChars),
      facts: { found: q.factsFound, kept: q.factsKept },
      decisions: surv(q.decisions),
      reasons: surv(q.reasons),
      todos: surv(q.todos),
      rules: surv(q.rules),
      identifiers: { ...surv(q.identifiers), byKind: q.identifiers.byKind },
      toolFacts: surv(q.toolFacts),
      artifacts: surv(q.artifacts),
      asks: surv(q.asks),
      lost: q.lost.map((l) => ({ ...l })),
    },
    audit: { ok: plan.audit.ok, reasons: [...plan.audit.reasons], reasonCodes: [...plan.audit.reasonCodes] },
  };
}

function planText(key: string, era: 'sqlite' | 'jsonl', plan: CompactionPlan, dryRun: boolean, withSummary: boolean): string[] {
  const q = plan.quality;
  const pj = planJson(plan);
  const v = planShrink(plan);
  const pct = (x: { found: number; kept: number }) => `${x.kept}/${x.found}`;
  const lines = [
    `Compaction plan for ${key}${dryRun ? ' (dry run, nothing written)' : ''}${v.explicit ? `: ${v.headline}` : ''}`,
    ...(plan.note ? [`  checkpoint summary: the extracted facts and the checkpoint restore note (~${formatTokens(plan.note.tokens)} tokens${plan.note.trimmed.length ? ', trimmed to fit' : ''})`] : []),
    `  cut: kept tail starts at ${plan.entry.firstKeptEntryId}${plan.cut.isSplitTurn ? ' (inside a turn: its start is summarised separately)' : ''}; ${plan.cut.toSummarize.length + plan.cut.turnPrefix.length} entries summarised, ${plan.cut.kept.length} kept${smallestTailNote(plan)}`,
    `  context: ${contextPairText(pj.context)} (the session's figure: system prompt, files, tools and messages)${v.explicit ? ` — ${v.kind === 'grows' ? 'it grows' : v.kind === 'equal' ? 'no change' : 'barely smaller'}: --yes needs --even-if-larger` : ''}`,
    `  messages only: ~${formatTokens(q.tokensBefore)} → ~${formatTokens(q.tokensAfter)} (×${pj.quality.compressionRatio ?? '∞'})`,
    `  the entry records, as OpenClaw does: tokensBefore ${formatTokens(pj.entry.tokensBefore)} (the context before), tokensAfter ${pj.entry.tokensAfter !== null ? formatTokens(pj.entry.tokensAfter) : '?'} (the messages after, chars/4)`,
    `  survives (summary or kept tail): facts ${q.factsKept}/${q.factsFound} — decisions ${pct(q.decisions)}, reasons ${pct(q.reasons)}, TODOs ${pct(q.todos)}, rules ${pct(q.rules)}, identifiers ${pct(q.identifiers)}, found by tools ${pct(q.toolFacts)}, files ${pct(q.artifacts)}; user asks ${pct(q.asks)}`,
    `  audit (OpenClaw's summary quality check): ${plan.audit.ok ? 'ok' : `fails: ${plan.audit.reasons.join(', ')}`}`,
    `  ${undoLimits(era, 'local')}`,
  ];
  const lost = [...q.lost.map((x) => `${x.category}: ${x.label}`), ...q.asks.lost.map((x) => `ask: ${x}`)];
  if (lost.length) lines.push('  lost:', ...lost.slice(0, 20).map((x) => `    - ${clean(x).slice(0, 160)}`));
  if (withSummary) lines.push('', clean(plan.summary));
  else lines.push(`  summary: ${plan.summary.length.toLocaleString('en')} chars (--summary prints it, --json includes it)`);
  return lines;
}

/** The Gateway's compaction offered when our planner would not compact (a session OpenClaw owns). */
function offerText(key: string, offer: GatewayCompactionOffer, dryRun: boolean): string[] {
  const g = gatewayOfferPrompt(key, offer);
  return [`Compaction of ${key} through the Gateway${dryRun ? ' (dry run, nothing sent)' : ''}: ${g.headline}`, ...g.detail.split('\n\n').slice(1).map((x) => `  ${x}`)];
}

function offerJson(o: GatewayCompactionOffer) {
  return { why: o.why, noPlanReason: o.noPlanReason, justCompacted: o.justCompacted, keepRecentTokens: o.keepRecentTokens ?? null, used: o.used === undefined ? null : Math.round(o.used), usedEstimated: o.estimated, window: Math.round(o.window), compactionAt: Math.round(o.compactionAt), explicit: o.explicit };
}

function shrinkJson(v: ShrinkVerdict) {
  return { verdict: v.kind, tokensBefore: v.before, tokensAfter: v.after, saved: v.saved, reduction: v.reduction, explicit: v.explicit, headline: v.headline };
}

/** The question and the preview the CLI asks with (a plan, or the Gateway's compaction offered without one). */
function compactQuestion(key: string, era: 'sqlite' | 'jsonl', pv: CompactPreview, withSummary: boolean): { question: string; preview: string } {
  if (!pv.plan) return { question: `Ask OpenClaw's Gateway to compact ${key}?${pv.offer?.explicit ? ' It would not shrink the context.' : ''}`, preview: offerText(key, pv.offer!, false).join('\n') };
  const v = planShrink(pv.plan);
  const q = pv.route === 'gateway' ? `Compact ${key} through the Gateway (OpenClaw's own summary and settings)?` : `Append this compaction to ${key}?`;
  return { question: `${q}${v.explicit ? ` ${v.headline}` : ''}`, preview: planText(key, era, pv.plan, false, withSummary).join('\n') };
}

const refusalText = (key: string, what: string, r: WriteResult, alt: string): string => (r.ok ? '' : `${CLI_NAME} did not ${what} ${key}: ${r.message} ${isOwned(r) ? alt : ''}`.trim());

export const compact: Command = {
  name: 'compact',
  usage: 'compact <key> [--checkpoint] [--dry-run | --yes [--even-if-larger]]',
  purpose:
    'Compact a session without an LLM: plan (cut, tokens before → after, quality report, summary audit, whether it shrinks the context, how it could be undone), confirm, then append one compaction entry — through the Gateway when OpenClaw owns the store. ' +
    'A session OpenClaw owns (a remote Gateway’s, or a store its Gateway holds) that our planner would not compact is offered to OpenClaw’s own compaction (sessions.compact), saying what it will do.',
  options: [
    ...WRITE_OPTIONS,
    { name: 'even-if-larger', type: 'boolean', help: `with --yes: compact even when it does not shrink the context (it grows it, leaves it as is or saves less than ${Math.round(MIN_REDUCTION * 100)}% of the message tokens, or OpenClaw would re-summarise right after a compaction); without it such a compaction is refused (exit 1, refusal code does-not-shrink)` },
    { name: 'checkpoint', type: 'boolean', help: 'checkpoint compaction: the summary is the extracted facts (decisions, TODOs, rules, identifiers, tool findings, files) plus the checkpoint restore note — about 2,000 tokens at most instead of a full summary of up to 16,000 characters' },
    { name: 'keep-recent-tokens', type: 'number', arg: '<n>', help: "tokens of recent context to keep verbatim, exactly (default: OpenClaw's agents.defaults.compaction.keepRecentTokens, else 20000; when everything fits in that, only the last message, as OpenClaw's /compact)" },
    { name: 'summary', type: 'boolean', help: 'print the whole summary in the human output (it is always in --json)' },
    { name: 'reset-breaker', type: 'boolean', help: 'reset the circuit breaker first (compaction pauses after 3 failures in a row)' },
  ],
  example: `${CLI_NAME} compact agent:main:work --dry-run --json`,
  jsonShape:
    '{"command":"compact","version":1,"dryRun":bool,"session":{"key","agentId","stateDir","sessionId","era"},"compactable":bool,"reason":string|null,"plan":{"firstKeptEntryId","isSplitTurn","smallestTailOf","summarizedEntries","turnPrefixEntries","keptEntries","entry":{"tokensBefore","tokensAfter"},"summarySource","summaryKind":"full"|"checkpoint","checkpointNote":{"tokens","trimmed"}|null,"summary","quality":{…},"audit":{"ok","reasons","reasonCodes"}}|null,' +
    '"shrink":{"verdict":"shrinks"|"little"|"equal"|"grows","tokensBefore","tokensAfter","saved","reduction","explicit","headline"}|null,"undo":string|null,' +
    '"gatewayOffer":{"why","noPlanReason","justCompacted","keepRecentTokens","used","usedEstimated","window","compactionAt","explicit"}|null,' +
    '"status":"planned"|"compacted"|"cancelled"|"refused"|"failed"|"nothing","written":{"via":"file","era","location","sessionId","previousLeafId","entries":[{"id","parentId","type"}],"notes"}|{"via":"gateway","url","summary","tokensBefore","tokensAfter","firstKeptEntryId"}|null,"refusal":{"code","message"}|null}',
  exitCodes:
    '0 planned, compacted, cancelled or nothing to compact · 1 the write failed, the session changed since the plan (re-plan), the circuit breaker is open, or --yes on a compaction that does not shrink the context without --even-if-larger · 2 usage error (incl. a write without --yes off a terminal) · 3 state dir or store unavailable, or OpenClaw owns the store and no Gateway could do it',
  async run(p, g, io) {
    if (p.positionals.length !== 1) throw new UsageError('compact needs exactly one session key');
    checkWriteFlags(p);
    if (p.options['even-if-larger'] && !p.options.yes) throw new UsageError('--even-if-larger goes with --yes (a dry run shows the verdict; a y/N prompt asks it)');
    const keep = p.options['keep-recent-tokens'] as number | undefined;
    if (keep !== undefined && (!Number.isInteger(keep) || keep < 1)) throw new UsageError('--keep-recent-tokens must be a positive integer');
    const m = await openModelAsync(g, io);
    try {
      const s = await loadSession(m, p.positionals[0]!);
      const dry = p.options['dry-run'] === true;
      const withSummary = p.options.summary === true;
      const base = { command: 'compact', version: JSON_VERSION, dryRun: dry, session: sessionRef(s) };
      const key = s.row.key;
      const ctx = actionContext<CompactionPlan | undefined>(p, g, io, m, (pv) => compactQuestion(key, s.era, pv, withSummary));
      const notShrinking = p.options.yes === true && p.options['even-if-larger'] !== true ? 'refuse' : 'confirm';
      const o = await compactSession(ctx, s, { keepRecentTokens: keep, onBreakerOpen: async () => p.options['reset-breaker'] === true, notShrinking, summary: p.options.checkpoint === true ? 'checkpoint' : 'full' });
      rethrowCommon(o);
      const none = { plan: null, shrink: null, undo: null, gatewayOffer: null, planApplied: false, written: null, refusal: null };
      if (o.status === 'nothing') return { exitCode: 0, json: { ...base, ...none, compactable: false, reason: o.reason, status: 'nothing' }, text: `nothing to compact in ${key}: ${o.reason}\n` };
      if (o.status === 'refused' && (o.code === 'breaker-open' || o.code === 'context-engine')) {
        const msg = o.code === 'breaker-open' ? `${o.message} Pass --reset-breaker to try again.` : o.message;
        return { exitCode: 1, json: { ...base, ...none, compactable: o.code === 'breaker-open', reason: msg, status: 'refused', refusal: { code: o.code, message: msg } }, text: `${msg}\n` };
      }
      const plan = o.plan;
      const offer = o.offer;
      // who writes the compaction: known once written; a plan is ours unless the store turns out to be owned
      const writesVia = o.status === 'written' ? o.via : plan ? 'local' : 'gateway';
      const out = (status: string, exitCode: number, extra: Record<string, unknown>, lines: string[], warnings?: string[]): CommandResult => ({
        exitCode,
        json: {
          ...base,
          compactable: true,
          reason: o.noPlanReason ?? null,
          plan: plan ? planJson(plan) : null,
          shrink: o.shrink ? shrinkJson(o.shrink) : null,
          undo: undoLimits(s.era, writesVia),
          gatewayOffer: offer ? offerJson(offer) : null,
          planApplied: status === 'compacted' && extra.written !== undefined && (extra.written as { via?: string }).via === 'file',
          status,
          written: null,
          refusal: null,
          ...extra,
        },
        text: lines.length ? lines.join('\n') + '\n' : '',
        ...(warnings ? { warnings } : {}),
      });
      switch (o.status) {
        case 'planned':
          return out('planned', 0, {}, plan ? planText(key, s.era, plan, true, withSummary) : offerText(key, offer!, true));
        case 'cancelled':
          return out('cancelled', 0, {}, ['cancelled: nothing written']);
        case 'written': {
          if (o.via === 'local') {
            const r = o.result;
            return out('compacted', 0, { written: writtenJson(r) }, [`compacted ${key}: entry ${r.written[0]?.id} after ${r.previousLeafId} (context ${contextPairText(planJson(plan!).context)})`, ...r.notes.map((n) => `  ${n}`)]);
          }
          const r = o.gateway;
          const warn = keep !== undefined ? [`--keep-recent-tokens is not passed to OpenClaw: through the Gateway, OpenClaw compacts with its own settings (${plan ? 'the plan above is our preview, not what it writes' : 'our planner had no plan'})`] : undefined;
          if (!r.compacted) return out('nothing', 0, {}, [`the Gateway did not compact ${key}: ${r.reason ?? 'nothing to compact'}`], warn);
          return out('compacted', 0, { written: { via: 'gateway', url: o.url, summary: r.summary ?? null, tokensBefore: r.tokensBefore !== undefined ? Math.round(r.tokensBefore) : null, tokensAfter: r.tokensAfter !== undefined ? Math.round(r.tokensAfter) : null, firstKeptEntryId: r.firstKeptEntryId ?? null } }, [`compacted ${key} through the Gateway (${o.url}): OpenClaw records tokensBefore ${r.tokensBefore !== undefined ? formatTokens(r.tokensBefore) : '?'} (the context before), tokensAfter ${r.tokensAfter !== undefined ? formatTokens(r.tokensAfter) : '?'} (the messages after; OpenClaw's own summary${plan ? ', our plan above was the preview' : ''})`, '', clean(r.summary ?? '')], warn);
        }
        default: {
          if (o.code === 'does-not-shrink') {
            const msg = `${CLI_NAME} did not compact ${key}: ${o.message} Nothing was written. Pass --even-if-larger with --yes to compact anyway (--dry-run shows ${plan ? 'the plan' : 'what OpenClaw would do'}).`;
            return out('refused', 1, { refusal: { code: 'does-not-shrink', message: msg } }, [], [msg]);
          }
          if (o.code === 'needs-gateway') {
            const msg = `${CLI_NAME} did not compact ${key}: our planner would not (${o.noPlanReason ?? 'no plan'}), and only OpenClaw can compact it now (${o.message.replace(/\.$/, '')}). ${o.gatewayWhy ?? ''} Let OpenClaw do it: \`openclaw sessions compact ${key}\`, or pass --gateway.`;
            return out('refused', 3, { refusal: { code: 'gateway-unavailable', message: msg } }, [], [msg]);
          }
          const result = o.result;
          if (result && isOwned(result)) {
            const msg = refusalText(key, 'compact', result, `${o.gatewayWhy ?? ''} Let OpenClaw do it: \`openclaw sessions compact ${key}\` (or /compact in the chat), or pass --gateway.`);
            return out('refused', 3, { refusal: { code: o.gatewayTried ? 'gateway-unavailable' : o.code, message: msg, owner: ownedBy(result) } }, [], [msg]);
          }
          const msg = `${CLI_NAME} could not compact ${key}: ${o.message}${o.breaker?.opened ? ` — compaction is now paused after ${o.breaker.state.consecutiveFailures} failures in a row` : ''}`;
          return out('failed', 1, { refusal: { code: o.code, message: msg } }, [], [msg]);
        }
      }
    } finally {
      m.dispose();
    }
  },
};

// --------------------------------------------------------------------------------------------- undo

export const undoCompact: Command = {
  name: 'undo-compact',
  usage: 'undo-compact <key> [--compaction <entry id>] [--dry-run | --yes]',
  purpose: 'Make the context from before a compaction active again without deleting anything (JSONL: a branch marker entry; SQLite: the Gateway’s sessions.rewind).',
  options: [...WRITE_OPTIONS, { name: 'compaction', type: 'string', arg: '<entry id>', help: 'the compaction to undo (default: the latest on the active path)' }],
  example: `${CLI_NAME} undo-compact agent:main:work --dry-run`,
  jsonShape:
    '{"command":"undo-compact","version":1,"dryRun":bool,"session":{…},"status":"planned"|"undone"|"cancelled"|"refused"|"failed","compactionId":string|null,"branchFrom":string|null,"leavingContext":n,"written":{…}|{"via":"gateway","url","rewoundTo"}|null,"refusal":{"code","message"}|null}',
  exitCodes: '0 planned, undone or cancelled · 1 nothing to undo, the session changed since the plan (re-plan), or the write failed · 2 usage error · 3 store unavailable or owned (and no Gateway could do it)',
  async run(p, g, io) {
    if (p.positionals.length !== 1) throw new UsageError('undo-compact needs exactly one session key');
    checkWriteFlags(p);
    const cid = p.options.compaction as string | undefined;
    const m = await openModelAsync(g, io);
    try {
      const s = await loadSession(m, p.positionals[0]!);
      const key = s.row.key;
      const base: Record<string, unknown> = { command: 'undo-compact', version: JSON_VERSION, dryRun: p.options['dry-run'] === true, session: sessionRef(s) };
      const o = await undoCompaction(actionContext<UndoActionPlan>(p, g, io, m, (pv) => undoPreview(key, pv.plan)), s, { compactionId: cid });
      rethrowCommon(o);
      const plan = 'plan' in o ? o.plan : undefined;
      const fields = {
        compactionId: plan ? (plan.kind === 'marker' ? plan.plan.compaction.id : plan.compaction.id) : cid ?? null,
        branchFrom: plan ? (plan.kind === 'marker' ? plan.plan.branchFrom : plan.user.id) : null,
        leavingContext: plan?.kind === 'marker' ? plan.plan.leavingContext.length : 0,
      };
      const res = (status: string, exitCode: number, extra: Record<string, unknown>, text: string, warnings?: string[]): CommandResult => ({ exitCode, json: { ...base, status, ...fields, written: null, refusal: null, ...extra }, text: text ? text + '\n' : '', ...(warnings ? { warnings } : {}) });
      const refused = (code: string, message: string, exitCode: number, status = 'refused'): CommandResult => res(status, exitCode, { refusal: { code, message } }, '', [message]);
      switch (o.status) {
        case 'planned':
          return res('planned', 0, {}, o.plan.kind === 'gateway' ? `would rewind ${key} to user message ${o.plan.user.id} (before compaction ${o.plan.compaction.id}) through the Gateway` : undoPreview(key, o.plan).preview);
        case 'cancelled':
          return res('cancelled', 0, {}, 'cancelled: nothing written');
        case 'written': {
          if (o.via === 'local') return res('undone', 0, { written: writtenJson(o.result) }, `undone: the context of ${key} before compaction ${fields.compactionId} is active again (marker ${o.result.written[0]?.id})`);
          // OpenClaw starts a new transcript generation: report the session as it is now
          try {
            m.model.refresh();
          } catch {
            /* the old figures stay */
          }
          const now = m.model.sessions().find((x) => x.row.key === key && x.stateDir === s.stateDir);
          if (now) base.session = sessionRef(now);
          return res('undone', 0, { written: { via: 'gateway', url: o.url, rewoundTo: fields.branchFrom, editorText: o.gateway.editorText ?? null } }, `undone: ${key} is back before compaction ${fields.compactionId} (rewound through the Gateway to ${fields.branchFrom}). The rewound message was: ${clean(o.gateway.editorText ?? '').slice(0, 200)}`);
        }
        case 'nothing':
          return refused('nothing-to-undo', o.reason, 1);
        default: {
          if (o.code === 'needs-gateway') return refused('needs-gateway', `undoing a compaction of an SQLite session needs a running Gateway: ${o.gatewayWhy ?? ''}`, 3);
          if (!o.result) return refused(o.code, o.message, 1);
          const owned = isOwned(o.result);
          return refused(o.code, refusalText(key, 'undo the compaction of', o.result, 'Try again when OpenClaw is idle.'), owned ? 3 : 1, owned ? 'refused' : 'failed');
        }
      }
    } finally {
      m.dispose();
    }
  },
};

/** The question and the preview of an undo. */
function undoPreview(key: string, plan: UndoActionPlan): { question: string; preview: string } {
  if (plan.kind === 'gateway') {
    return {
      question: `Rewind ${key} to before compaction ${plan.compaction.id} through the Gateway?`,
      preview: `Undo compaction ${plan.compaction.id} of ${key}: the Gateway rewinds the session to the user message ${plan.user.id} ("${clean(plan.user.preview).slice(0, 80)}"); OpenClaw starts a new transcript generation with the pre-compaction history. The rewound user message is not re-sent.`,
    };
  }
  const u = plan.plan;
  return { question: `Undo compaction ${u.compaction.id}?`, preview: [`Undo compaction ${u.compaction.id} of ${key}: one marker entry branching from ${u.branchFrom}; the compaction stays in the file.`, `  ${u.leavingContext.length} entries after it leave the active context (not the file).`].join('\n') };
}

// --------------------------------------------------------------------------------------------- checkpoints

/** `checkpoint create <key>`: a manual checkpoint (our own files under <stateDir>/context/checkpoints). */
export async function checkpointCreate(key: string, g: GlobalOptions, io: CliIo): Promise<CommandResult> {
  const m = openModel(g, io);
  try {
    const s = await loadSession(m, key);
    io.progress?.(`reading ${s.row.key} and building its checkpoint…`);
    const coord = new CheckpointCoordinator(m.model, { auto: false });
    const ev = coord.createManual(s.uid);
    coord.flush();
    const base = { command: 'checkpoint create', version: JSON_VERSION, session: sessionRef(s) };
    if (ev.kind === 'written') return { exitCode: 0, json: { ...base, status: 'written', id: ev.id, file: ev.file, reason: null }, text: `wrote checkpoint ${ev.id} for ${s.row.key}: ${ev.file}\n` };
    if (ev.kind === 'skipped') return { exitCode: 0, json: { ...base, status: 'skipped', id: null, file: null, reason: ev.reason }, text: `no new checkpoint for ${s.row.key}: ${ev.reason}\n` };
    const msg = ev.kind === 'error' ? ev.message : `unexpected event ${ev.kind}`;
    return { exitCode: 1, json: { ...base, status: 'failed', id: null, file: null, reason: msg }, text: '', warnings: [`could not write a checkpoint for ${s.row.key}: ${msg}`] };
  } finally {
    m.dispose();
  }
}

export const DEFAULT_RESTORE_TOKENS = 700;

/** `checkpoint restore <key> [id]`: append the §8.2 block as a custom_message (the model sees it next turn). */
export async function checkpointRestore(p: Parsed, key: string, id: string | undefined, g: GlobalOptions, io: CliIo): Promise<CommandResult> {
  checkWriteFlags(p);
  const maxTokens = (p.options['max-tokens'] as number | undefined) ?? DEFAULT_RESTORE_TOKENS;
  if (!Number.isInteger(maxTokens) || maxTokens < 200 || maxTokens > 4000) throw new UsageError('--max-tokens must be an integer between 200 and 4000');
  const m = openModel(g, io);
  try {
    const s = await loadSession(m, (p.options.into as string | undefined) ?? key);
    const source = p.options.into !== undefined ? findSession(m.sessions, key, m.unavailable).row.key : s.row.key;
    let cp: Checkpoint | undefined;
    let err: string | undefined;
    if (id === undefined) {
      const r = readLatestCheckpoint(s.stateDir, source);
      cp = r.checkpoint;
      err = r.checkpoint ? undefined : `no valid checkpoint for ${source}`;
    } else {
      const e = listCheckpoints(s.stateDir, source).find((x) => x.id === id);
      cp = e?.checkpoint;
      err = e?.error ?? (e ? undefined : `no checkpoint ${id} for ${source}`);
    }
    const base = { command: 'checkpoint restore', version: JSON_VERSION, dryRun: p.options['dry-run'] === true, session: sessionRef(s) };
    if (!cp) return { exitCode: 1, json: { ...base, status: 'failed', checkpointId: id ?? null, text: null, tokens: null, written: null, refusal: { code: 'no-checkpoint', message: err! } }, text: '', warnings: [err!] };
    const cid = cp.meta.checkpoint_id;
    const sk = s.row.key;
    const o = await restoreCheckpoint(actionContext<RestorePlan>(p, g, io, m, (pv) => ({ question: `Append this restore note (${pv.plan.render.tokens} tokens) to ${sk}?`, preview: pv.plan.render.text })), s, cp, { maxTokens });
    rethrowCommon(o);
    if (o.status === 'nothing') throw new Error(`unexpected outcome of checkpoint restore: ${o.reason}`);
    const plan = o.plan!;
    const res = (status: string, exitCode: number, extra: Record<string, unknown>, text: string, warnings?: string[]): CommandResult => ({
      exitCode,
      json: { ...base, status, checkpointId: cid, text: plan.render.text, tokens: Math.round(plan.render.tokens), written: null, refusal: null, ...extra },
      text,
      warnings,
    });
    switch (o.status) {
      case 'planned':
        return res('planned', 0, {}, plan.render.text.endsWith('\n') ? plan.render.text : `${plan.render.text}\n`);
      case 'cancelled':
        return res('cancelled', 0, {}, 'cancelled: nothing written\n');
      case 'written':
        if (o.via === 'local') return res('restored', 0, { written: writtenJson(o.result) }, `restored ${cid} into ${sk}: entry ${o.result.written[0]?.id} after ${o.result.previousLeafId}; the model sees it on the next turn\n${o.result.notes.map((n) => `  ${n}\n`).join('')}`);
        return res('restored', 0, { written: { via: 'gateway', url: o.url, method: o.gateway.method, runId: o.gateway.runId ?? null } }, `restored ${cid} into ${sk} through the Gateway (${o.gateway.method})\n`);
      default: {
        const result = o.result ?? { ok: false as const, code: o.code as 'changed', message: o.message };
        const owned = isOwned(result);
        const msg = refusalText(sk, 'restore into', result, `${o.gatewayWhy ?? ''} Paste the text instead (--dry-run prints it), or pass --gateway.`);
        return res(owned ? 'refused' : 'failed', owned ? 3 : 1, { refusal: { code: o.code, message: msg } }, '', [msg]);
      }
    }
  } finally {
    m.dispose();
  }
}
