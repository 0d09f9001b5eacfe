/**
 * The CLI's commands over the engine. Each command returns its JSON document (the `--json` output, one
 * schema per command in schemas/cli/) and its human text; main.ts prints one of them.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SessionState } from '../core/context/model';
import { formatTokens, formatTokensTable, formatAge } from '../core/context/format';
import { estimateTokens, familyFor } from '../core/tokens/estimator';
import type { EstimatorFamily } from '../core/tokens/weights';
import { listCheckpoints, listCheckpointSessions, readLatestCheckpoint, type CheckpointListEntry } from '../core/checkpoint/store';
import { planCompaction } from '../core/compaction/plan';
import { UsageError, type OptionSpec, type Parsed } from './args';
import { clean, painter, readFileText, table, useColor, type CliIo } from './io';
import { findSession, openModel, requireStateDirs, stateDirCandidates, type GlobalOptions } from './session';

export const CLI_NAME = 'openclaw-context';
export const JSON_VERSION = 1;

export interface CommandResult {
  exitCode: number;
  json: Record<string, unknown>;
  text: string;
  /** extra lines for stderr (warnings), printed in both modes */
  warnings?: string[];
}

export interface Command {
  name: string;
  usage: string;
  purpose: string;
  options: OptionSpec[];
  example: string;
  jsonShape: string;
  exitCodes?: string;
  run(p: Parsed, g: GlobalOptions, io: CliIo): Promise<CommandResult>;
}

const iso = (ms: number): string | null => (ms > 0 && Number.isFinite(ms) ? new Date(ms).toISOString() : null);
const round2 = (n: number): number => Math.round(n * 100) / 100;
/** JSON has no Infinity/NaN: null instead. */
const finite = (n: number): number | null => (Number.isFinite(n) ? n : null);

function levelColor(level: string): 'green' | 'yellow' | 'magenta' | 'red' {
  return level === 'danger' ? 'red' : level === 'checkpoint' ? 'magenta' : level === 'warn' ? 'yellow' : 'green';
}

function sessionRef(s: SessionState) {
  return { key: s.row.key, agentId: s.agentId, stateDir: s.stateDir, sessionId: s.row.sessionId, era: s.era };
}

function gaugeJson(s: SessionState) {
  const g = s.gauge;
  return {
    ...sessionRef(s),
    model: s.row.model ?? s.transcriptModel ?? null,
    provider: s.row.modelProvider ?? null,
    used: g.used,
    estimated: g.estimated,
    pending: g.pending,
    usedSource: g.usedSource,
    window: g.window,
    windowSource: g.windowSource,
    percent: g.percent,
    ratio: round2(g.ratio),
    level: g.level,
    guard: g.guard,
    compactions: g.compactions,
    compactionAt: g.compactionAt,
    toCompaction: g.toCompaction,
    flushAt: g.flushAt,
    toFlush: g.toFlush,
    checkpointAt: g.checkpointAt,
    lastActivity: iso(s.lastActivity),
    lastActivityMs: s.lastActivity,
    openclaw: {
      totalTokens: s.row.totalTokens ?? null,
      totalTokensFresh: s.row.totalTokensFresh === true,
      contextTokens: s.row.contextTokens ?? null,
    },
  };
}

const usedText = (s: SessionState): string => `${s.gauge.estimated ? '~' : ''}${formatTokens(s.gauge.used)}/${formatTokens(s.gauge.window)}`;

// ---------------------------------------------------------------------------------------------

const status: Command = {
  name: 'status',
  usage: 'status [key] [--fail-over <percent>]',
  purpose: 'Show how full the context window is (the gauge) for one session, or for every session.',
  options: [{ name: 'fail-over', type: 'number', arg: '<percent>', help: 'exit 1 when a shown session is at or over this percentage of its window (0–999)' }],
  example: `${CLI_NAME} status agent:main:work --json --fail-over 80`,
  jsonShape: '{"command":"status","version":1,"failOver":number|null,"over":[key],"sessions":[{"key","agentId","stateDir","sessionId","era","model","provider","used","estimated","pending","usedSource","window","windowSource","percent","ratio","level","guard","compactions","compactionAt","toCompaction","flushAt","toFlush","checkpointAt","lastActivity","lastActivityMs","openclaw":{"totalTokens","totalTokensFresh","contextTokens"}}]}',
  exitCodes: '0 ok · 1 a session is at or over --fail-over · 2 usage error (unknown key …) · 3 state dir or store unavailable',
  async run(p, g, io) {
    if (p.positionals.length > 1) throw new UsageError(`status takes at most one session key, got ${p.positionals.length}`);
    const failOver = p.options['fail-over'] as number | undefined;
    if (failOver !== undefined && (failOver < 0 || failOver > 999)) throw new UsageError('--fail-over must be a percentage between 0 and 999');
    const m = openModel(g, io);
    try {
      const list = p.positionals[0] !== undefined ? [findSession(m.sessions, p.positionals[0])] : m.sessions;
      const over = failOver === undefined ? [] : list.filter((s) => s.gauge.ratio >= failOver).map((s) => s.row.key);
      const paint = painter(useColor(io));
      const lines = list.map((s) => {
        const pct = `${s.gauge.percent}%`;
        const extra = [`${s.gauge.compactions} compaction${s.gauge.compactions === 1 ? '' : 's'}`, `compaction at ${formatTokens(s.gauge.compactionAt)}`];
        if (s.gauge.guard !== 'ok') extra.push(`window guard: ${s.gauge.guard}`);
        return `${paint(levelColor(s.gauge.level), pct.padStart(4))} ${usedText(s)}  ${clean(s.row.key)}  (${extra.join(', ')})`;
      });
      if (!list.length) lines.push('no sessions');
      if (failOver !== undefined) lines.push(over.length ? `${over.length} session(s) at or over ${failOver}%: ${over.join(', ')}` : `all under ${failOver}%`);
      return {
        exitCode: over.length ? 1 : 0,
        json: { command: 'status', version: JSON_VERSION, failOver: failOver ?? null, over, sessions: list.map(gaugeJson) },
        text: lines.join('\n') + '\n',
      };
    } finally {
      m.dispose();
    }
  },
};

const sessions: Command = {
  name: 'sessions',
  usage: 'sessions',
  purpose: 'List every session as a table: key, agent, store era, used/window (%), compactions, last activity.',
  options: [],
  example: `${CLI_NAME} sessions --state-dir ~/.openclaw --json`,
  jsonShape: '{"command":"sessions","version":1,"sessions":[{"key","agentId","stateDir","sessionId","era","model","used","estimated","window","percent","level","compactions","lastActivity","lastActivityMs"}]}  (newest activity first)',
  async run(p, g, io) {
    if (p.positionals.length) throw new UsageError(`sessions takes no arguments, got ${JSON.stringify(p.positionals[0])}`);
    const m = openModel(g, io);
    try {
      const now = io.now?.() ?? Date.now();
      const paint = painter(useColor(io));
      const rows = m.sessions.map((s) => {
        const cell = `${s.gauge.estimated ? '~' : ''}${formatTokensTable(s.gauge.used)}/${formatTokensTable(s.gauge.window)} (${s.gauge.percent}%)`;
        return [
          { raw: clean(s.row.key) },
          { raw: clean(s.agentId) },
          { raw: s.era },
          { raw: cell, cell: paint(levelColor(s.gauge.level), cell) },
          { raw: String(s.gauge.compactions) },
          { raw: s.lastActivity > 0 ? formatAge(s.lastActivity, now) : '-' },
        ];
      });
      const text = m.sessions.length ? table(['KEY', 'AGENT', 'ERA', 'USED/WINDOW (%)', 'COMPACTIONS', 'LAST ACTIVITY'], rows) : 'no sessions\n';
      return {
        exitCode: 0,
        json: {
          command: 'sessions',
          version: JSON_VERSION,
          sessions: m.sessions.map((s) => ({
            ...sessionRef(s),
            model: s.row.model ?? s.transcriptModel ?? null,
            used: s.gauge.used,
            estimated: s.gauge.estimated,
            window: s.gauge.window,
            percent: s.gauge.percent,
            level: s.gauge.level,
            compactions: s.gauge.compactions,
            lastActivity: iso(s.lastActivity),
            lastActivityMs: s.lastActivity,
          })),
        },
        text,
      };
    } finally {
      m.dispose();
    }
  },
};

const show: Command = {
  name: 'show',
  usage: 'show <key> [--breakdown]',
  purpose: "List what is in a session's active context (what the model sees, in order), optionally by category.",
  options: [{ name: 'breakdown', type: 'boolean', help: 'add what the context is made of: system prompt, bootstrap files, tool schemas, messages by role, tool results' }],
  example: `${CLI_NAME} show agent:main:work --breakdown --json`,
  jsonShape: '{"command":"show","version":1,"session":{"key","agentId","stateDir","sessionId","era","used","estimated","window","percent"},"itemCount":n,"items":[{"id","kind","role","toolName","tokens","piTokens","timestamp","preview"}],"breakdown":[{"id","label","tokens","count","detail"}]|null}  (tokens: calibrated estimate; piTokens: OpenClaw\'s chars/4)',
  async run(p, g, io) {
    if (p.positionals.length !== 1) throw new UsageError(`show needs exactly one session key${p.positionals.length ? `, got ${p.positionals.length} arguments` : ''}`);
    const m = openModel(g, io);
    try {
      const s0 = findSession(m.sessions, p.positionals[0]!);
      const s = m.model.ensureTranscript(s0.uid) ?? s0;
      const items = (s.context?.items ?? []).map((e) => ({
        id: e.id,
        kind: e.kind,
        role: e.role ?? null,
        toolName: e.toolName ?? null,
        tokens: e.est ?? e.tokens,
        piTokens: e.tokens,
        timestamp: iso(e.timestamp),
        preview: e.kind === 'compaction' ? (e.preview || 'compaction summary') : e.preview,
      }));
      const breakdown = p.options.breakdown ? m.model.breakdown(s.uid).map((r) => ({ id: r.id, label: r.label, tokens: r.tokens, count: r.count ?? null, detail: r.detail ?? null })) : null;
      const lines = [`${s.row.key}  ${usedText(s)} (${s.gauge.percent}%)  ${s.era}  ${items.length} items in context`];
      if (!s.context) lines.push('(the transcript could not be read)');
      for (const [i, it] of items.entries()) {
        const who = it.kind === 'compaction' ? 'summary' : it.kind === 'message' ? it.role ?? '?' : it.kind;
        lines.push(`${String(i + 1).padStart(4)}  ${who.padEnd(10)} ${`~${formatTokens(it.tokens)}`.padStart(7)}  ${it.toolName ? `[${clean(it.toolName)}] ` : ''}${clean(it.preview).slice(0, 120)}`);
      }
      if (breakdown) {
        lines.push('', 'Breakdown:');
        for (const r of breakdown) lines.push(`  ${r.label.padEnd(18)} ${`~${formatTokens(r.tokens)}`.padStart(7)}${r.count !== null ? `  ×${r.count}` : ''}${r.detail ? `  ${clean(r.detail)}` : ''}`);
      }
      return {
        exitCode: 0,
        json: {
          command: 'show',
          version: JSON_VERSION,
          session: { ...sessionRef(s), used: s.gauge.used, estimated: s.gauge.estimated, window: s.gauge.window, percent: s.gauge.percent },
          itemCount: items.length,
          items,
          breakdown,
        },
        text: lines.join('\n') + '\n',
      };
    } finally {
      m.dispose();
    }
  },
};

const FAMILIES: EstimatorFamily[] = ['o200k', 'cl100k', 'claude'];
const MAX_ESTIMATE_BYTES = 64 * 1024 * 1024;

const estimate: Command = {
  name: 'estimate',
  usage: 'estimate [file|-] [--family o200k|cl100k|claude] [--model <provider/model>]',
  purpose: "Estimate the tokens of a file or of stdin with the calibrated estimator (each tokenizer family) and pi's chars/4.",
  options: [
    { name: 'family', type: 'string', arg: '<family>', help: 'the family of the headline figure: o200k (default), cl100k or claude' },
    { name: 'model', type: 'string', arg: '<provider/model>', help: "pick the family from a provider/model, as for a session (e.g. anthropic/claude-sonnet-4)" },
  ],
  example: `git diff | ${CLI_NAME} estimate - --model openai/gpt-4o --json`,
  jsonShape: '{"command":"estimate","version":1,"source":"-"|path,"chars":n,"family":"o200k"|"cl100k"|"claude","tokens":n,"estimates":{"o200k":n,"cl100k":n,"claude":n},"piCharsDiv4":n}  (piCharsDiv4 = ceil(chars/4), OpenClaw\'s own arithmetic)',
  async run(p, g, io) {
    void g;
    if (p.positionals.length > 1) throw new UsageError('estimate takes at most one file (or - for stdin)');
    const fam = p.options.family as string | undefined;
    const model = p.options.model as string | undefined;
    if (fam !== undefined && model !== undefined) throw new UsageError('pass --family or --model, not both');
    if (fam !== undefined && !FAMILIES.includes(fam as EstimatorFamily)) throw new UsageError(`--family must be one of ${FAMILIES.join(', ')}, got ${JSON.stringify(fam)}`);
    let family: EstimatorFamily = (fam as EstimatorFamily | undefined) ?? 'o200k';
    if (model !== undefined) {
      const slash = model.indexOf('/');
      family = slash > 0 ? familyFor(model.slice(0, slash), model.slice(slash + 1)) : familyFor(undefined, model);
    }
    const src = p.positionals[0] ?? '-';
    let text: string;
    if (src === '-') {
      if (io.stdinIsTTY || !io.readStdin) throw new UsageError('estimate: no file given and stdin is a terminal; pass a file, or pipe text in (`… | openclaw-context estimate -`)');
      text = await io.readStdin();
      if (Buffer.byteLength(text) > MAX_ESTIMATE_BYTES) throw new UsageError(`estimate: stdin is over ${MAX_ESTIMATE_BYTES} bytes`);
    } else {
      const file = path.resolve(io.cwd ?? process.cwd(), src);
      try {
        text = readFileText(file, MAX_ESTIMATE_BYTES);
      } catch (err) {
        throw new UsageError(`estimate: cannot read ${src}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : err instanceof Error ? err.message : String(err)}`);
      }
    }
    const estimates = { o200k: Math.round(estimateTokens(text, 'o200k')), cl100k: Math.round(estimateTokens(text, 'cl100k')), claude: Math.round(estimateTokens(text, 'claude')) };
    const pi = Math.ceil(text.length / 4);
    const lines = [
      `~${estimates[family].toLocaleString('en')} tokens (${family}, calibrated estimate) · ${text.length.toLocaleString('en')} chars`,
      `  o200k ${estimates.o200k.toLocaleString('en')} · cl100k ${estimates.cl100k.toLocaleString('en')} · claude ${estimates.claude.toLocaleString('en')} · pi chars/4 ${pi.toLocaleString('en')}`,
    ];
    return {
      exitCode: 0,
      json: { command: 'estimate', version: JSON_VERSION, source: src, chars: text.length, family, tokens: estimates[family], estimates, piCharsDiv4: pi },
      text: lines.join('\n') + '\n',
    };
  },
};

function cpEntryJson(stateDir: string, sessionKey: string, e: CheckpointListEntry) {
  const cp = e.checkpoint;
  return {
    stateDir,
    sessionKey,
    id: e.id,
    file: e.file,
    bytes: e.bytes,
    latest: e.latest,
    createdAt: cp?.meta.created_at ?? null,
    trigger: cp?.meta.trigger ?? null,
    tokenUsage: cp ? { ...cp.meta.token_usage } : null,
    topic: cp?.working.topic ?? null,
    error: e.error ?? null,
  };
}

/** The session key for checkpoint commands: the model's full key when it resolves, else the key as given. */
function checkpointKey(g: GlobalOptions, io: CliIo, key: string): string {
  try {
    const m = openModel(g, io);
    try {
      return findSession(m.sessions, key).row.key;
    } finally {
      m.dispose();
    }
  } catch {
    return key;
  }
}

const checkpoint: Command = {
  name: 'checkpoint',
  usage: 'checkpoint list [key] | checkpoint show <key> [id]',
  purpose: 'List the checkpoints written before compaction (newest first), or print one (the latest by default).',
  options: [],
  example: `${CLI_NAME} checkpoint show agent:main:work cp_002 --json`,
  jsonShape:
    'list: {"command":"checkpoint list","version":1,"checkpoints":[{"stateDir","sessionKey","id","file","bytes","latest","createdAt","trigger","tokenUsage","topic","error"}]}\n  show: {"command":"checkpoint show","version":1,"stateDir","sessionKey","id","file","checkpoint":{schema,schema_version,meta,working,decisions,resources,thread,open_items,learnings}}',
  exitCodes: '0 ok · 1 show: the session has no (valid) checkpoint, or no such id · 2 usage error · 3 state dir unavailable',
  async run(p, g, io) {
    const [sub, key, id, ...rest] = p.positionals;
    if (sub !== 'list' && sub !== 'show') throw new UsageError(`checkpoint needs a subcommand: list or show${sub !== undefined ? ` (got ${JSON.stringify(sub)})` : ''}`);
    const dirs = stateDirCandidates(g, io);
    requireStateDirs(dirs);
    if (sub === 'list') {
      if (id !== undefined) throw new UsageError('checkpoint list takes at most one session key');
      const out: Array<ReturnType<typeof cpEntryJson>> = [];
      const full = key !== undefined ? checkpointKey(g, io, key) : undefined;
      for (const d of dirs) {
        const keys = full !== undefined ? [full] : listCheckpointSessions(d.dir).map((x) => x.sessionKey);
        for (const k of keys) for (const e of listCheckpoints(d.dir, k)) out.push(cpEntryJson(d.dir, k, e));
      }
      const lines = out.map((c) => `${c.latest ? '*' : ' '} ${c.id}  ${clean(c.sessionKey)}  ${c.trigger ?? '?'}  ${c.createdAt ?? '?'}${c.error ? `  INVALID: ${clean(c.error)}` : c.topic ? `  ${clean(c.topic).slice(0, 80)}` : ''}`);
      return { exitCode: 0, json: { command: 'checkpoint list', version: JSON_VERSION, checkpoints: out }, text: (lines.length ? lines.join('\n') : 'no checkpoints') + '\n' };
    }
    if (key === undefined) throw new UsageError('checkpoint show needs a session key');
    if (rest.length) throw new UsageError('checkpoint show takes a session key and at most one checkpoint id');
    if (id !== undefined && !/^cp_\d{3,9}$/.test(id)) throw new UsageError(`checkpoint id must look like cp_001, got ${JSON.stringify(id)}`);
    const full = checkpointKey(g, io, key);
    for (const d of dirs) {
      let file: string | undefined;
      let cpId: string | undefined;
      let cp;
      if (id === undefined) {
        const r = readLatestCheckpoint(d.dir, full);
        if (r.checkpoint && r.file) [file, cpId, cp] = [r.file, r.checkpoint.meta.checkpoint_id, r.checkpoint];
      } else {
        const e = listCheckpoints(d.dir, full).find((x) => x.id === id);
        if (e?.checkpoint) [file, cpId, cp] = [e.file, e.id, e.checkpoint];
        else if (e?.error) return { exitCode: 1, json: { command: 'checkpoint show', version: JSON_VERSION, stateDir: d.dir, sessionKey: full, id, file: e.file, checkpoint: null, error: e.error }, text: `${e.error}\n` };
      }
      if (file && cp && cpId) {
        return { exitCode: 0, json: { command: 'checkpoint show', version: JSON_VERSION, stateDir: d.dir, sessionKey: full, id: cpId, file, checkpoint: cp, error: null }, text: fs.readFileSync(file, 'utf8') };
      }
    }
    const msg = `no ${id ? `checkpoint ${id}` : 'valid checkpoint'} for session ${full}`;
    return { exitCode: 1, json: { command: 'checkpoint show', version: JSON_VERSION, stateDir: null, sessionKey: full, id: id ?? null, file: null, checkpoint: null, error: msg }, text: `${msg}\n` };
  },
};

const compact: Command = {
  name: 'compact',
  usage: 'compact <key> --dry-run',
  purpose: 'Plan a compaction of a session without an LLM and print where it cuts, tokens before → after, the quality report and the summary audit.',
  options: [
    { name: 'dry-run', type: 'boolean', help: 'plan only, write nothing (required in this version: writing is not implemented in the CLI yet)' },
    { name: 'keep-recent-tokens', type: 'number', arg: '<n>', help: "tokens of recent context to keep verbatim (default: OpenClaw's agents.defaults.compaction.keepRecentTokens, else 20000)" },
    { name: 'summary', type: 'boolean', help: 'print the whole summary in the human output (it is always in --json)' },
  ],
  example: `${CLI_NAME} compact agent:main:work --dry-run --json`,
  jsonShape: '{"command":"compact","version":1,"dryRun":true,"session":{"key","agentId","stateDir","sessionId","era"},"compactable":bool,"reason":string|null,"plan":{"firstKeptEntryId","isSplitTurn","summarizedEntries","turnPrefixEntries","keptEntries","entry":{"tokensBefore","tokensAfter"},"summarySource","summary","quality":{"tokensBefore","tokensAfter","tokensSaved","droppedTokens","summaryTokens","keptTokens","compressionRatio","summaryRatio","reduction","summaryChars","decisions","todos","identifiers","asks"},"audit":{"ok","reasons","reasonCodes"}}|null}',
  exitCodes: '0 planned (or nothing to compact: compactable false) · 2 usage error, or without --dry-run · 3 state dir or store unavailable',
  async run(p, g, io) {
    if (p.positionals.length !== 1) throw new UsageError('compact needs exactly one session key');
    if (!p.options['dry-run']) throw new UsageError('compact writes nothing yet: this version of the CLI only plans. Run with --dry-run to see the plan; to compact now use the VS Code extension (Compact Session…) or `openclaw sessions compact <key>`.');
    const keep = p.options['keep-recent-tokens'] as number | undefined;
    if (keep !== undefined && (!Number.isInteger(keep) || keep < 1)) throw new UsageError('--keep-recent-tokens must be a positive integer');
    const m = openModel(g, io);
    try {
      const s0 = findSession(m.sessions, p.positionals[0]!);
      const s = m.model.ensureTranscript(s0.uid) ?? s0;
      const ref = sessionRef(s);
      const nothing = (reason: string): CommandResult => ({ exitCode: 0, json: { command: 'compact', version: JSON_VERSION, dryRun: true, session: ref, compactable: false, reason, plan: null }, text: `nothing to compact in ${s.row.key}: ${reason}\n` });
      if (!s.context) return nothing('the transcript could not be read');
      const full = m.model.loadEntries(s.uid, s.context.path);
      const dir = m.model.stateDirs().find((d) => d.candidate.dir === s.stateDir);
      const cfgKeep = (dir?.config.value as { agents?: { defaults?: { compaction?: { keepRecentTokens?: unknown } } } } | undefined)?.agents?.defaults?.compaction?.keepRecentTokens;
      const r = planCompaction({ path: s.context.path, full, tokensBefore: s.gauge.used, keepRecentTokens: keep ?? (typeof cfgKeep === 'number' && cfgKeep > 0 ? cfgKeep : undefined) });
      if (!r.ok) return nothing(r.reason);
      const plan = r.plan;
      const q = plan.quality;
      const surv = (x: { found: number; kept: number; lost: string[] }) => ({ found: x.found, kept: x.kept, lost: [...x.lost] });
      const quality = {
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
      };
      const planJson = {
        firstKeptEntryId: plan.entry.firstKeptEntryId,
        isSplitTurn: plan.cut.isSplitTurn,
        summarizedEntries: plan.cut.toSummarize.length,
        turnPrefixEntries: plan.cut.turnPrefix.length,
        keptEntries: plan.cut.kept.length,
        entry: { tokensBefore: plan.entry.tokensBefore, tokensAfter: plan.entry.tokensAfter ?? null },
        summarySource: plan.source,
        summary: plan.summary,
        quality,
        audit: { ok: plan.audit.ok, reasons: [...plan.audit.reasons], reasonCodes: [...plan.audit.reasonCodes] },
      };
      const pct = (x: { found: number; kept: number }) => `${x.kept}/${x.found}`;
      const lines = [
        `Compaction plan for ${s.row.key} (dry run, nothing written)`,
        `  cut: kept tail starts at ${plan.entry.firstKeptEntryId}${plan.cut.isSplitTurn ? ' (inside a turn: its start is summarised separately)' : ''}; ${plan.cut.toSummarize.length + plan.cut.turnPrefix.length} entries summarised, ${plan.cut.kept.length} kept`,
        `  tokens: ~${q.tokensBefore.toLocaleString('en')} → ~${q.tokensAfter.toLocaleString('en')} (saves ~${q.tokensSaved.toLocaleString('en')}, ×${quality.compressionRatio ?? '∞'})`,
        `  entry: tokensBefore ${plan.entry.tokensBefore}, tokensAfter ${plan.entry.tokensAfter ?? '?'} (OpenClaw's chars/4)`,
        `  survives in the summary: decisions ${pct(q.decisions)}, TODOs ${pct(q.todos)}, identifiers ${pct(q.identifiers)}, user asks ${pct(q.asks)}`,
        `  audit (OpenClaw's summary quality check): ${plan.audit.ok ? 'ok' : `fails: ${plan.audit.reasons.join(', ')}`}`,
      ];
      const lost = [...q.decisions.lost.map((x) => `decision: ${x}`), ...q.todos.lost.map((x) => `todo: ${x}`), ...q.identifiers.lost.map((x) => `identifier: ${x}`), ...q.asks.lost.map((x) => `ask: ${x}`)];
      if (lost.length) lines.push('  lost:', ...lost.slice(0, 20).map((x) => `    - ${clean(x).slice(0, 160)}`));
      if (p.options.summary) lines.push('', clean(plan.summary));
      else lines.push(`  summary: ${plan.summary.length.toLocaleString('en')} chars (--summary prints it, --json includes it)`);
      return { exitCode: 0, json: { command: 'compact', version: JSON_VERSION, dryRun: true, session: ref, compactable: true, reason: null, plan: planJson }, text: lines.join('\n') + '\n' };
    } finally {
      m.dispose();
    }
  },
};

export const COMMANDS: Command[] = [status, sessions, show, estimate, checkpoint, compact];
