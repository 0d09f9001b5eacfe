/**
 * The CLI commands that change a session: `compact`, `undo-compact`, `checkpoint restore` (and
 * `checkpoint create`, which writes only our own checkpoint files).
 *
 * The same rules as the extension (src/vscode/compaction.ts, checkpoints.ts):
 * - a plan first (printed; `--dry-run` stops there);
 * - a confirmation: `--yes`, or an interactive y/N on a terminal; otherwise a usage error (exit 2) that
 *   says so — an agent never writes by accident;
 * - one write through `appendToSession` (SQLite: one transaction with its identity row; JSONL: OpenClaw's
 *   lock protocol), refused while OpenClaw owns the store: then the Gateway when one is reachable
 *   (src/cli/gatewayRoute.ts), else exit 3 with what to do instead;
 * - the L4 circuit breaker: paused after 3 failures in a row (`--reset-breaker` resets it).
 */
import { writableWorkspaceOrNone } from '../core/memory/fsSafe';
import { planBasisOf, type SessionState } from '../core/context/model';
import { CheckpointCoordinator } from '../core/checkpoint/coordinator';
import { listCheckpoints, readLatestCheckpoint } from '../core/checkpoint/store';
import { planRestore, type RestorePlan } from '../core/checkpoint/restore';
import type { Checkpoint } from '../core/checkpoint/schema';
import { CompactionBreaker } from '../core/compaction/breaker';
import { planCompaction, type CompactionPlan } from '../core/compaction/plan';
import { planUndo } from '../core/compaction/undo';
import { appendToSession } from '../core/store/sessionWrite';
import type { WriteEntryInput } from '../core/store/writeEntries';
import type { WriteResult } from '../core/store/writeResult';
import { familyFor } from '../core/tokens/estimator';
import { UsageError, StoreError, type OptionSpec, type Parsed } from './args';
import { CLI_NAME, JSON_VERSION, finite, round2, sessionRef, type Command, type CommandResult } from './common';
import { clean, type CliIo } from './io';
import { findSession, openModel, openModelAsync, type GlobalOptions, type OpenModel } from './session';
import { gatewayFor, type GatewayRoute } from './gatewayRoute';

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

const isOwned = (r: WriteResult): boolean => !r.ok && (r.code === 'owned' || r.code === 'locked' || r.code === 'busy');

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

function keepRecentFromConfig(m: OpenModel, s: SessionState): number | undefined {
  const dir = m.model.stateDirs().find((d) => d.candidate.dir === s.stateDir);
  const c = (dir?.config.value as { agents?: { defaults?: { compaction?: { keepRecentTokens?: unknown } } } } | undefined)?.agents?.defaults?.compaction?.keepRecentTokens;
  return typeof c === 'number' && c > 0 ? c : undefined;
}

/** The workspace for the breaker's errors.md line: only one the memory writers may write (core writableWorkspace). */
function workspaceOf(m: OpenModel, s: SessionState): string | undefined {
  return writableWorkspaceOrNone(s.stateDir, m.model.stateDirs().find((d) => d.candidate.dir === s.stateDir)?.agents.find((a) => a.agent.id === s.agentId)?.agent);
}

// --------------------------------------------------------------------------------------------- compact

function planJson(plan: CompactionPlan) {
  const q = plan.quality;
  const surv = (x: { found: number; kept: number; lost: string[] }) => ({ found: x.found, kept: x.kept, lost: [...x.lost] });
  return {
    firstKeptEntryId: plan.entry.firstKeptEntryId,
    isSplitTurn: plan.cut.isSplitTurn,
    summarizedEntries: plan.cut.toSummarize.length,
    turnPrefixEntries: plan.cut.turnPrefix.length,
    keptEntries: plan.cut.kept.length,
    entry: { tokensBefore: plan.entry.tokensBefore, tokensAfter: plan.entry.tokensAfter ?? null },
    summarySource: plan.source,
    summary: plan.summary,
    quality: {
      tokensBefore: q.tokensBefore,
      tokensAfter: q.tokensAfter,
      tokensSaved: q.tokensSaved,
      droppedTokens: q.droppedTokens,
      summaryTokens: q.summaryTokens,
      keptTokens: q.keptTokens,
      compressionRatio: finite(round2(q.compressionRatio)),
      summaryRatio: finite(round2(q.summaryRatio)),
      reduction: finite(round2(q.reduction)),
      summaryChars: q.summaryChars,
      decisions: surv(q.decisions),
      todos: surv(q.todos),
      identifiers: { ...surv(q.identifiers), byKind: q.identifiers.byKind },
      asks: surv(q.asks),
    },
    audit: { ok: plan.audit.ok, reasons: [...plan.audit.reasons], reasonCodes: [...plan.audit.reasonCodes] },
  };
}

function planText(key: string, plan: CompactionPlan, dryRun: boolean, withSummary: boolean): string[] {
  const q = plan.quality;
  const pj = planJson(plan);
  const pct = (x: { found: number; kept: number }) => `${x.kept}/${x.found}`;
  const lines = [
    `Compaction plan for ${key}${dryRun ? ' (dry run, nothing written)' : ''}`,
    `  cut: kept tail starts at ${plan.entry.firstKeptEntryId}${plan.cut.isSplitTurn ? ' (inside a turn: its start is summarised separately)' : ''}; ${plan.cut.toSummarize.length + plan.cut.turnPrefix.length} entries summarised, ${plan.cut.kept.length} kept`,
    `  tokens: ~${q.tokensBefore.toLocaleString('en')} → ~${q.tokensAfter.toLocaleString('en')} (saves ~${q.tokensSaved.toLocaleString('en')}, ×${pj.quality.compressionRatio ?? '∞'})`,
    `  entry: tokensBefore ${plan.entry.tokensBefore}, tokensAfter ${plan.entry.tokensAfter ?? '?'} (OpenClaw's chars/4)`,
    `  survives in the summary: decisions ${pct(q.decisions)}, TODOs ${pct(q.todos)}, identifiers ${pct(q.identifiers)}, user asks ${pct(q.asks)}`,
    `  audit (OpenClaw's summary quality check): ${plan.audit.ok ? 'ok' : `fails: ${plan.audit.reasons.join(', ')}`}`,
  ];
  const lost = [...q.decisions.lost.map((x) => `decision: ${x}`), ...q.todos.lost.map((x) => `todo: ${x}`), ...q.identifiers.lost.map((x) => `identifier: ${x}`), ...q.asks.lost.map((x) => `ask: ${x}`)];
  if (lost.length) lines.push('  lost:', ...lost.slice(0, 20).map((x) => `    - ${clean(x).slice(0, 160)}`));
  if (withSummary) lines.push('', clean(plan.summary));
  else lines.push(`  summary: ${plan.summary.length.toLocaleString('en')} chars (--summary prints it, --json includes it)`);
  return lines;
}

const refusalText = (key: string, what: string, r: WriteResult, alt: string): string => (r.ok ? '' : `${CLI_NAME} did not ${what} ${key}: ${r.message} ${isOwned(r) ? alt : ''}`.trim());

export const compact: Command = {
  name: 'compact',
  usage: 'compact <key> [--dry-run | --yes]',
  purpose: 'Compact a session without an LLM: plan (cut, tokens before → after, quality report, summary audit), confirm, then append one compaction entry — through the Gateway when OpenClaw owns the store.',
  options: [
    ...WRITE_OPTIONS,
    { name: 'keep-recent-tokens', type: 'number', arg: '<n>', help: "tokens of recent context to keep verbatim (default: OpenClaw's agents.defaults.compaction.keepRecentTokens, else 20000)" },
    { name: 'summary', type: 'boolean', help: 'print the whole summary in the human output (it is always in --json)' },
    { name: 'reset-breaker', type: 'boolean', help: 'reset the circuit breaker first (compaction pauses after 3 failures in a row)' },
  ],
  example: `${CLI_NAME} compact agent:main:work --dry-run --json`,
  jsonShape:
    '{"command":"compact","version":1,"dryRun":bool,"session":{"key","agentId","stateDir","sessionId","era"},"compactable":bool,"reason":string|null,"plan":{"firstKeptEntryId","isSplitTurn","summarizedEntries","turnPrefixEntries","keptEntries","entry":{"tokensBefore","tokensAfter"},"summarySource","summary","quality":{…},"audit":{"ok","reasons","reasonCodes"}}|null,"status":"planned"|"compacted"|"cancelled"|"refused"|"failed"|"nothing","written":{"via":"file","era","location","sessionId","previousLeafId","entries":[{"id","parentId","type"}],"notes"}|{"via":"gateway","url","summary","tokensBefore","tokensAfter","firstKeptEntryId"}|null,"refusal":{"code","message"}|null}',
  exitCodes: '0 planned, compacted, cancelled or nothing to compact · 1 the write failed, the session changed since the plan (re-plan), or the circuit breaker is open · 2 usage error (incl. a write without --yes off a terminal) · 3 state dir or store unavailable, or OpenClaw owns the store and no Gateway could do it',
  async run(p, g, io) {
    if (p.positionals.length !== 1) throw new UsageError('compact needs exactly one session key');
    checkWriteFlags(p);
    const keep = p.options['keep-recent-tokens'] as number | undefined;
    if (keep !== undefined && (!Number.isInteger(keep) || keep < 1)) throw new UsageError('--keep-recent-tokens must be a positive integer');
    const m = await openModelAsync(g, io);
    try {
      const s = await loadSession(m, p.positionals[0]!);
      const ref = sessionRef(s);
      const dry = p.options['dry-run'] === true;
      const base = { command: 'compact', version: JSON_VERSION, dryRun: dry, session: ref };
      const nothing = (reason: string): CommandResult => ({ exitCode: 0, json: { ...base, compactable: false, reason, plan: null, planApplied: false, status: 'nothing', written: null, refusal: null }, text: `nothing to compact in ${s.row.key}: ${reason}\n` });
      if (!s.context) return nothing('the transcript could not be read');
      // a remote Gateway's session: OpenClaw compacts it (no breaker of ours, no local state dir)
      const breaker = s.remote ? undefined : new CompactionBreaker(s.stateDir);
      if (!dry && breaker?.isOpen(s.row.key)) {
        if (p.options['reset-breaker']) breaker.reset(s.row.key);
        else {
          const st = breaker.status(s.row.key);
          const msg = `compaction of ${s.row.key} is paused after ${st.consecutiveFailures} failures in a row (last: ${st.failures[st.failures.length - 1]?.reason ?? 'unknown'}). Pass --reset-breaker to try again.`;
          return { exitCode: 1, json: { ...base, compactable: true, reason: msg, plan: null, planApplied: false, status: 'refused', written: null, refusal: { code: 'breaker-open', message: msg } }, text: `${msg}\n` };
        }
      }
      io.progress?.(`planning the compaction of ${s.row.key}…`);
      const basis = planBasisOf(s);
      const full = m.model.loadEntries(s.uid, s.context.path);
      const r = planCompaction({ path: s.context.path, full, tokensBefore: s.gauge.used, keepRecentTokens: keep ?? keepRecentFromConfig(m, s) });
      if (!r.ok) return nothing(r.reason);
      const plan = r.plan;
      const pj = planJson(plan);
      const preview = planText(s.row.key, plan, dry, p.options.summary === true);
      const c = await confirmWrite(p, g, io, `Append this compaction to ${s.row.key}?`, preview.join('\n'));
      const out = (status: string, exitCode: number, extra: Record<string, unknown>, lines: string[]): CommandResult => ({
        exitCode,
        json: { ...base, compactable: true, reason: null, plan: pj, planApplied: status === 'compacted', status, written: null, refusal: null, ...extra },
        text: lines.join('\n') + '\n',
      });
      if (c === 'dry-run') return out('planned', 0, {}, preview);
      if (c === 'declined') return out('cancelled', 0, {}, ['cancelled: nothing written']);
      if (m.remote) {
        const gw = await gatewayFor(p, g, io, s, m, undefined);
        if (!gw.route) throw new StoreError(gw.why);
        const warn = keep !== undefined ? [`--keep-recent-tokens is not passed to OpenClaw: through the Gateway, OpenClaw compacts with its own settings (the plan above is our preview, not what it writes)`] : [];
        const r = await gatewayCompact(gw.route, s, pj, base, io, () => undefined);
        return { ...r, warnings: [...(r.warnings ?? []), ...warn] };
      }
      const target = m.model.writeTarget(s.uid);
      if (!target) throw new StoreError(`the store of ${s.row.key} is not available`);
      io.progress?.(`writing the compaction to ${s.row.key}…`);
      const result = await appendToSession(target, [plan.entry], { expect: basis });
      if (result.ok) {
        breaker?.recordSuccess(s.row.key);
        return out('compacted', 0, { written: writtenJson(result) }, [
          `compacted ${s.row.key}: entry ${result.written[0]?.id} after ${result.previousLeafId} (~${plan.quality.tokensBefore.toLocaleString('en')} → ~${plan.quality.tokensAfter.toLocaleString('en')} tokens)`,
          ...result.notes.map((n) => `  ${n}`),
        ]);
      }
      if (isOwned(result)) {
        const gw = await gatewayFor(p, g, io, s, m, result);
        if (gw.route) {
          const warn = keep !== undefined ? [`--keep-recent-tokens is not passed to OpenClaw: through the Gateway, OpenClaw compacts with its own settings (the plan above is our preview, not what it writes)`] : [];
          const r = await gatewayCompact(gw.route, s, pj, base, io, () => latestCompactionTokensAfter(m, s));
          return { ...r, warnings: [...(r.warnings ?? []), ...warn] };
        }
        const msg = refusalText(s.row.key, 'compact', result, `${gw.why} Let OpenClaw do it: \`openclaw sessions compact ${s.row.key}\` (or /compact in the chat), or pass --gateway.`);
        return { exitCode: 3, json: { ...base, compactable: true, reason: null, plan: pj, planApplied: false, status: 'refused', written: null, refusal: { code: gw.gatewayTried ? 'gateway-unavailable' : result.code, message: msg, owner: ownedBy(result) } }, text: '', warnings: [msg] };
      }
      // a stale plan is not a failed compaction: the breaker does not count it
      const f = result.code === 'changed' ? undefined : breaker?.recordFailure(s.row.key, `${result.code}: ${result.message}`, { workspaceDir: workspaceOf(m, s) });
      const msg = `${CLI_NAME} could not compact ${s.row.key}: ${result.message}${f?.opened ? ` — compaction is now paused after ${f.state.consecutiveFailures} failures in a row` : ''}`;
      return { exitCode: 1, json: { ...base, compactable: true, reason: null, plan: pj, planApplied: false, status: 'failed', written: null, refusal: { code: result.code, message: msg } }, text: '', warnings: [msg] };
    } finally {
      m.dispose();
    }
  },
};

/** tokensAfter of the newest compaction in the store (the Gateway's sessions.compact answer leaves it out). */
function latestCompactionTokensAfter(m: OpenModel, s: SessionState): number | undefined {
  try {
    m.model.refresh();
    const st = m.model.ensureTranscript(s.uid);
    const c = st?.context?.compactions;
    return c?.length ? c[c.length - 1]!.tokensAfter : undefined;
  } catch {
    return undefined;
  }
}

async function gatewayCompact(route: GatewayRoute, s: SessionState, pj: ReturnType<typeof planJson>, base: Record<string, unknown>, io: CliIo, tokensAfterFromStore: () => number | undefined): Promise<CommandResult> {
  io.progress?.(`OpenClaw owns the store: compacting ${s.row.key} through the Gateway at ${route.url}…`);
  try {
    const r = await route.compact(s.row.key);
    if (r.compacted && r.tokensAfter === undefined) r.tokensAfter = tokensAfterFromStore();
    const lines = r.compacted
      ? [`compacted ${s.row.key} through the Gateway (${route.url}): ${r.tokensBefore ?? '?'} → ${r.tokensAfter ?? '?'} tokens (OpenClaw's own summary; our plan above was the preview)`, '', clean(r.summary ?? '')]
      : [`the Gateway did not compact ${s.row.key}: ${r.reason ?? 'nothing to compact'}`];
    return {
      exitCode: 0,
      json: { ...base, compactable: true, reason: null, plan: pj, planApplied: false, status: r.compacted ? 'compacted' : 'nothing', written: r.compacted ? { via: 'gateway', url: route.url, summary: r.summary ?? null, tokensBefore: r.tokensBefore ?? null, tokensAfter: r.tokensAfter ?? null, firstKeptEntryId: r.firstKeptEntryId ?? null } : null, refusal: null },
      text: lines.join('\n') + '\n',
    };
  } finally {
    await route.close();
  }
}

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
      const base: Record<string, unknown> = { command: 'undo-compact', version: JSON_VERSION, dryRun: p.options['dry-run'] === true, session: sessionRef(s) };
      const fail = (code: string, message: string, exitCode = 1): CommandResult => ({ exitCode, json: { ...base, status: 'refused', compactionId: cid ?? null, branchFrom: null, leavingContext: 0, written: null, refusal: { code, message } }, text: '', warnings: [message] });
      if (!s.context) return fail('unreadable', `the transcript of ${s.row.key} could not be read`);
      if (s.era === 'sqlite') {
        // OpenClaw keeps the active path of SQLite sessions: only the Gateway can rewind it
        const comps = s.context.compactions;
        const comp = cid ? comps.find((x) => x.id === cid) : comps[comps.length - 1];
        if (!comp) return fail('no-compaction', cid ? `compaction ${cid} is not on the active path of ${s.row.key}` : `there is no compaction on the active path of ${s.row.key}`);
        const at = s.context.path.findIndex((e) => e.id === comp.id);
        const before = s.context.path.slice(0, at).filter((e) => e.kind === 'message' && e.role === 'user');
        const user = before[before.length - 1];
        if (!user) return fail('no-user-message', `there is no user message before compaction ${comp.id} to rewind to`);
        const c = await confirmWrite(p, g, io, `Rewind ${s.row.key} to before compaction ${comp.id} through the Gateway?`, `Undo compaction ${comp.id} of ${s.row.key}: the Gateway rewinds the session to the user message ${user.id} ("${clean(user.preview).slice(0, 80)}"); OpenClaw starts a new transcript generation with the pre-compaction history. The rewound user message is not re-sent.`);
        const res = (status: string, extra: Record<string, unknown>, text: string): CommandResult => ({ exitCode: 0, json: { ...base, status, compactionId: comp.id, branchFrom: user.id, leavingContext: 0, written: null, refusal: null, ...extra }, text: text + '\n' });
        if (c === 'dry-run') return res('planned', {}, `would rewind ${s.row.key} to user message ${user.id} (before compaction ${comp.id}) through the Gateway`);
        if (c === 'declined') return res('cancelled', {}, 'cancelled: nothing written');
        const gw = await gatewayFor(p, g, io, s, m, undefined);
        if (!gw.route) return fail('needs-gateway', `undoing a compaction of an SQLite session needs a running Gateway: ${gw.why}`, 3);
        try {
          io.progress?.(`rewinding ${s.row.key} through the Gateway at ${gw.route.url}…`);
          const r = await gw.route.rewind(s.row.key, user.id);
          // OpenClaw starts a new transcript generation: report the session as it is now
          try {
            m.model.refresh();
          } catch {
            /* the old figures stay */
          }
          const now = m.model.sessions().find((x) => x.row.key === s.row.key && x.stateDir === s.stateDir);
          if (now) base.session = sessionRef(now);
          return res('undone', { written: { via: 'gateway', url: gw.route.url, rewoundTo: user.id, editorText: r.editorText ?? null } }, `undone: ${s.row.key} is back before compaction ${comp.id} (rewound through the Gateway to ${user.id}). The rewound message was: ${clean(r.editorText ?? '').slice(0, 200)}`);
        } finally {
          await gw.route.close();
        }
      }
      const basis = planBasisOf(s);
      const r = planUndo(s.context, s.era, cid, io.now?.() ?? Date.now());
      if (!r.ok) return fail('nothing-to-undo', r.reason);
      const plan = r.plan;
      const preview = [`Undo compaction ${plan.compaction.id} of ${s.row.key}: one marker entry branching from ${plan.branchFrom}; the compaction stays in the file.`, `  ${plan.leavingContext.length} entries after it leave the active context (not the file).`].join('\n');
      const c = await confirmWrite(p, g, io, `Undo compaction ${plan.compaction.id}?`, preview);
      const res = (status: string, exitCode: number, extra: Record<string, unknown>, text: string): CommandResult => ({ exitCode, json: { ...base, status, compactionId: plan.compaction.id, branchFrom: plan.branchFrom, leavingContext: plan.leavingContext.length, written: null, refusal: null, ...extra }, text: text + '\n' });
      if (c === 'dry-run') return res('planned', 0, {}, preview);
      if (c === 'declined') return res('cancelled', 0, {}, 'cancelled: nothing written');
      const target = m.model.writeTarget(s.uid);
      if (!target) throw new StoreError(`the store of ${s.row.key} is not available`);
      const result = await appendToSession(target, [plan.entry], { branchFrom: plan.branchFrom, expect: basis });
      if (result.ok) return res('undone', 0, { written: writtenJson(result) }, `undone: the context of ${s.row.key} before compaction ${plan.compaction.id} is active again (marker ${result.written[0]?.id})`);
      const msg = refusalText(s.row.key, 'undo the compaction of', result, 'Try again when OpenClaw is idle.');
      return { exitCode: isOwned(result) ? 3 : 1, json: { ...base, status: isOwned(result) ? 'refused' : 'failed', compactionId: plan.compaction.id, branchFrom: plan.branchFrom, leavingContext: plan.leavingContext.length, written: null, refusal: { code: result.code, message: msg } }, text: '', warnings: [msg] };
    } finally {
      m.dispose();
    }
  },
};

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
    const basis = planBasisOf(s);
    const plan: RestorePlan = planRestore(cp, { family: familyFor(s.row.modelProvider, s.row.model ?? s.transcriptModel), compactionCount: s.row.compactionCount ?? s.gauge.compactions, maxTokens });
    const cid = cp.meta.checkpoint_id;
    const c = await confirmWrite(p, g, io, `Append this restore note (${plan.render.tokens} tokens) to ${s.row.key}?`, plan.render.text);
    const res = (status: string, exitCode: number, extra: Record<string, unknown>, text: string, warnings?: string[]): CommandResult => ({
      exitCode,
      json: { ...base, status, checkpointId: cid, text: plan.render.text, tokens: Math.round(plan.render.tokens), written: null, refusal: null, ...extra },
      text,
      warnings,
    });
    if (c === 'dry-run') return res('planned', 0, {}, plan.render.text.endsWith('\n') ? plan.render.text : `${plan.render.text}\n`);
    if (c === 'declined') return res('cancelled', 0, {}, 'cancelled: nothing written\n');
    const target = m.model.writeTarget(s.uid);
    if (!target) throw new StoreError(`the store of ${s.row.key} is not available`);
    const result = await appendToSession(target, [plan.entry as WriteEntryInput], { expect: basis });
    if (result.ok) return res('restored', 0, { written: writtenJson(result) }, `restored ${cid} into ${s.row.key}: entry ${result.written[0]?.id} after ${result.previousLeafId}; the model sees it on the next turn\n${result.notes.map((n) => `  ${n}\n`).join('')}`);
    if (isOwned(result)) {
      const gw = await gatewayFor(p, g, io, s, m, result);
      if (gw.route) {
        try {
          io.progress?.(`OpenClaw owns the store: sending the restore note through the Gateway at ${gw.route.url}…`);
          const r = await gw.route.restoreNote(s.row.key, plan.render.text);
          return res('restored', 0, { written: { via: 'gateway', url: gw.route.url, method: r.method, runId: r.runId ?? null } }, `restored ${cid} into ${s.row.key} through the Gateway (${r.method})\n`);
        } finally {
          await gw.route.close();
        }
      }
      const msg = refusalText(s.row.key, 'restore into', result, `${gw.why} Paste the text instead (--dry-run prints it), or pass --gateway.`);
      return res('refused', 3, { refusal: { code: result.code, message: msg } }, '', [msg]);
    }
    const msg = refusalText(s.row.key, 'restore into', result, '');
    return res('failed', 1, { refusal: { code: result.code, message: msg } }, '', [msg]);
  } finally {
    m.dispose();
  }
}
