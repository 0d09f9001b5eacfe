/**
 * The CLI's commands over the engine. Each command returns its JSON document (the `--json` output, one
 * schema per command in schemas/cli/) and its human text; main.ts prints one of them.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SessionState } from '../core/context/model';
import { approxSigned, approxTokens, formatTokens, formatAge } from '../core/context/format';
import { openclawDifference } from '../core/context/figures';
import { compactionsText, percentText } from '../core/context/viewModel';
import { estOf } from '../core/store/entries';
import { estimateTokens, familyFor } from '../core/tokens/estimator';
import type { EstimatorFamily } from '../core/tokens/weights';
import { listCheckpoints, listCheckpointSessions, readCheckpointText, readLatestCheckpoint, type CheckpointListEntry } from '../core/checkpoint/store';
import { UsageError, type OptionSpec, type Parsed } from './args';
import { clean, painter, table, useColor, type CliIo } from './io';
import { readRegularText } from '../core/fs/safeRead';
import { findSession, openModel, openModelAsync, requireStateDirs, stateDirCandidates, unavailableLines, type GlobalOptions, type OpenModel } from './session';
import { CLI_NAME, JSON_VERSION, compositionJson, forecastJson, gaugeJson, iso, knownJson, levelColor, sessionRef, usedText, type Command } from './common';
import { flush, memory, tools } from './memory';
import { sessionState } from './health';
import { doctor } from './doctor';
import { checkpointCreate, checkpointRestore, compact, undoCompact, WRITE_OPTIONS } from './write';

// ---------------------------------------------------------------------------------------------

/**
 * The listed sessions with their transcripts read, so every figure is the one the status bar and `show` give
 * (a compaction OpenClaw has not counted yet, the composition). A remote Gateway's histories are asked for when
 * the model opens (`histories`), all at once and bounded; `one`: a single remote session's chat.history, waited for.
 */
async function withTranscripts(m: OpenModel, list: SessionState[], one = false): Promise<SessionState[]> {
  if (m.remote) return one && list[0] ? [(await m.transcript(list[0].uid)) ?? list[0]] : list;
  const out: SessionState[] = [];
  for (const s of list) out.push((await m.transcript(s.uid)) ?? s);
  return out;
}

const status: Command = {
  name: 'status',
  usage: 'status [key] [--fail-over <percent>]',
  purpose: 'Show how full the context window is (the gauge) for one session, or for every session.',
  options: [{ name: 'fail-over', type: 'number', arg: '<percent>', help: 'exit 1 when a shown session is at or over this percentage of its window (0–999)' }],
  example: `${CLI_NAME} status agent:main:work --json --fail-over 80`,
  jsonShape: '{"command":"status","version":1,"failOver":number|null,"over":[key],"sessions":[{"key","agentId","stateDir","sessionId","era","model","provider","used","estimated","pending","basis","usedSource","openclawReports","preflightEstimate","overhead","window","windowSource","percent","ratio","level","guard","compactions","compactionAt","toCompaction","flushAt","toFlush","checkpointAt","composition":[{"id","label","tokens","count","detail"}],"forecast":{"status","sentence","growthPerTurn","basedOnTurns","lines":[{"id","at","left","turns","done"}]},"lastActivity","lastActivityMs","openclaw":{"totalTokens","totalTokensFresh","contextTokens"},"state":"overflow"|"failed"|"spiral"|"stale"|"ok","states":[state],"stateLines":[string],"compactionBy":string|null}],"unavailable":[{"stateDir","agentId","location","problem","hint","kind"}]}  (unavailable: agents whose store cannot be read now, e.g. kind "hot-journal")',
  exitCodes: '0 ok · 1 a session is at or over --fail-over · 2 usage error (unknown key …) · 3 state dir or store unavailable',
  async run(p, g, io) {
    if (p.positionals.length > 1) throw new UsageError(`status takes at most one session key, got ${p.positionals.length}`);
    const failOver = p.options['fail-over'] as number | undefined;
    if (failOver !== undefined && (failOver < 0 || failOver > 999)) throw new UsageError('--fail-over must be a percentage between 0 and 999');
    const m = await openModelAsync(g, io, { histories: p.positionals[0] === undefined });
    try {
      const key = p.positionals[0];
      const list = await withTranscripts(m, key !== undefined ? [findSession(m.sessions, key, m.unavailable)] : m.sessions, key !== undefined);
      const over = failOver === undefined ? [] : list.filter((s) => s.figures.known && s.figures.ratio >= failOver).map((s) => s.row.key);
      const paint = painter(useColor(io));
      const lines = list.map((s) => {
        const f = s.figures;
        const pct = percentText(f);
        const st = sessionState(s);
        const extra = [...st.words, compactionsText(f), ...(st.json.compactionBy ? [] : [`compaction at ${formatTokens(f.compactionAt)}`])];
        if (f.openclawReports !== undefined) extra.push(`OpenClaw reports ${formatTokens(f.openclawReports)}`);
        if (f.metersDisagree && f.openclawEstimate !== undefined) extra.push(`OpenClaw's pre-prompt estimate ${formatTokens(f.openclawEstimate)}`);
        if (f.guard !== 'ok') extra.push(`window guard: ${f.guard}`);
        return `${paint(levelColor(f.level), pct.padStart(5))} ${usedText(s)}  ${clean(s.row.key)}  (${extra.join(', ')})`;
      });
      if (!list.length) lines.push('no sessions');
      if (failOver !== undefined) lines.push(over.length ? `${over.length} session(s) at or over ${failOver}%: ${over.join(', ')}` : `all under ${failOver}%`);
      lines.push(...unavailableLines(m.unavailable));
      return {
        exitCode: over.length ? 1 : 0,
        json: { command: 'status', version: JSON_VERSION, failOver: failOver ?? null, over, sessions: list.map((s) => ({ ...gaugeJson(s), ...sessionState(s).json })), unavailable: m.unavailable },
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
  jsonShape: '{"command":"sessions","version":1,"sessions":[{"key","agentId","stateDir","sessionId","era","model","used","estimated","basis","window","percent","level","compactions","lastActivity","lastActivityMs","state","states","stateLines","compactionBy"}],"unavailable":[{"stateDir","agentId","location","problem","hint","kind"}]}  (newest activity first; unavailable: agents whose store cannot be read now)',
  async run(p, g, io) {
    if (p.positionals.length) throw new UsageError(`sessions takes no arguments, got ${JSON.stringify(p.positionals[0])}`);
    const m = await openModelAsync(g, io, { histories: true });
    try {
      const now = io.now?.() ?? Date.now();
      const paint = painter(useColor(io));
      const list = await withTranscripts(m, m.sessions);
      const rows = list.map((s) => {
        const cell = `${usedText(s)} (${percentText(s.figures)})`;
        return [
          { raw: clean(s.row.key) },
          { raw: clean(s.agentId) },
          { raw: s.era },
          { raw: cell, cell: paint(levelColor(s.figures.level), cell) },
          { raw: s.figures.compactionsKnown ? String(s.figures.compactions) : 'unknown' },
          { raw: sessionState(s).words.join(', ') || 'fine' },
          { raw: s.lastActivity > 0 ? formatAge(s.lastActivity, now) : 'unknown' },
        ];
      });
      const text = (m.sessions.length ? table(['KEY', 'AGENT', 'ERA', 'USED/WINDOW (%)', 'COMPACTIONS', 'STATE', 'LAST ACTIVITY'], rows) : 'no sessions\n') + unavailableLines(m.unavailable).map((l) => `${l}\n`).join('');
      return {
        exitCode: 0,
        json: {
          command: 'sessions',
          version: JSON_VERSION,
          sessions: list.map((s) => ({
            ...sessionRef(s),
            model: s.row.model ?? s.transcriptModel ?? null,
            used: knownJson(s.figures).used,
            estimated: s.figures.estimated,
            basis: s.figures.basis,
            window: Math.round(s.figures.window),
            percent: knownJson(s.figures).percent,
            level: s.figures.level,
            compactions: knownJson(s.figures).compactions,
            lastActivity: iso(s.lastActivity),
            lastActivityMs: s.lastActivity,
            ...sessionState(s).json,
          })),
          unavailable: m.unavailable,
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
  jsonShape: '{"command":"show","version":1,"session":{"key","agentId","stateDir","sessionId","era","used","estimated","basis","window","percent","forecast":{"status","sentence","growthPerTurn","basedOnTurns","lines":[{"id","at","left","turns","done"}]}},"itemCount":n,"items":[{"id","kind","role","toolName","tokens","piTokens","timestamp","preview"}],"breakdown":[{"id","label","tokens","count","detail"}]|null}  (tokens: calibrated estimate; piTokens: OpenClaw\'s chars/4)',
  async run(p, g, io) {
    if (p.positionals.length !== 1) throw new UsageError(`show needs exactly one session key${p.positionals.length ? `, got ${p.positionals.length} arguments` : ''}`);
    const m = await openModelAsync(g, io);
    try {
      const s0 = findSession(m.sessions, p.positionals[0]!, m.unavailable);
      const s = (await m.transcript(s0.uid)) ?? s0;
      const items = (s.context?.items ?? []).map((e) => ({
        id: e.id,
        kind: e.kind,
        role: e.role ?? null,
        toolName: e.toolName ?? null,
        tokens: Math.round(estOf(e)),
        piTokens: Math.round(e.tokens),
        timestamp: iso(e.timestamp),
        preview: e.kind === 'compaction' ? (e.preview || 'compaction summary') : e.preview,
      }));
      const f = s.figures;
      const breakdown = p.options.breakdown ? compositionJson(f) : null;
      const lines = [`${s.row.key}  ${usedText(s)} (${percentText(f)})  ${s.era}  ${items.length} items in context  (${f.basisText})`];
      if (f.openclawReports !== undefined) lines.push(`OpenClaw reports ${formatTokens(f.openclawReports)}${openclawDifference(f) ? `: ${openclawDifference(f)}` : ''}`);
      const forecast = forecastJson(f);
      if (s.context) lines.push(`Forecast: ${forecast.sentence}`);
      else lines.push('(the transcript could not be read)');
      for (const [i, it] of items.entries()) {
        const who = it.kind === 'compaction' ? 'summary' : it.kind === 'message' ? it.role ?? '?' : it.kind;
        lines.push(`${String(i + 1).padStart(4)}  ${who.padEnd(10)} ${`~${formatTokens(it.tokens)}`.padStart(7)}  ${it.toolName ? `[${clean(it.toolName)}] ` : ''}${clean(it.preview).slice(0, 120)}`);
      }
      if (breakdown) {
        lines.push('', 'Breakdown:');
        for (const r of breakdown) lines.push(`  ${r.label.padEnd(18)} ${approxSigned(r.tokens).padStart(8)}${r.count !== null ? `  ×${r.count}` : ''}${r.detail ? `  ${clean(r.detail)}` : ''}`);
        lines.push(`  ${'Total (= used)'.padEnd(18)} ${approxTokens(f.used, f.estimated).padStart(8)}`);
      }
      return {
        exitCode: 0,
        json: {
          command: 'show',
          version: JSON_VERSION,
          session: { ...sessionRef(s), used: knownJson(f).used, estimated: f.estimated, basis: f.basis, window: Math.round(f.window), percent: knownJson(f).percent, forecast },
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
        text = readRegularText(file, { maxBytes: MAX_ESTIMATE_BYTES });
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
      return findSession(m.sessions, key, m.unavailable).row.key;
    } finally {
      m.dispose();
    }
  } catch {
    return key;
  }
}

const checkpoint: Command = {
  name: 'checkpoint',
  usage: 'checkpoint list [key] | show <key> [id] | create <key> | restore <key> [id] [--dry-run | --yes]',
  purpose: 'List the checkpoints (newest first), print one (the latest by default), write a manual one, or restore one into its session (a note the model sees on the next turn).',
  options: [
    ...WRITE_OPTIONS,
    { name: 'into', type: 'string', arg: '<key>', help: 'restore: append to this session instead of the checkpoint\'s own (e.g. after /new)' },
    { name: 'max-tokens', type: 'number', arg: '<n>', help: 'restore: token budget of the note (200–4000, default 700; lower-priority items are dropped first)' },
  ],
  example: `${CLI_NAME} checkpoint restore agent:main:work cp_002 --dry-run`,
  jsonShape:
    'list: {"command":"checkpoint list","version":1,"checkpoints":[{"stateDir","sessionKey","id","file","bytes","latest","createdAt","trigger","tokenUsage","topic","error"}]}\n  show: {"command":"checkpoint show","version":1,"stateDir","sessionKey","id","file","checkpoint":{schema,schema_version,meta,working,decisions,resources,thread,open_items,learnings}}',
  exitCodes: '0 ok · 1 show: the session has no (valid) checkpoint, or no such id; restore: the write failed, or the session changed since the plan (re-plan) · 2 usage error · 3 state dir unavailable',
  async run(p, g, io) {
    const [sub, key, id, ...rest] = p.positionals;
    if (sub !== 'list' && sub !== 'show' && sub !== 'create' && sub !== 'restore') throw new UsageError(`checkpoint needs a subcommand: list, show, create or restore${sub !== undefined ? ` (got ${JSON.stringify(sub)})` : ''}`);
    const writeOpts = ['dry-run', 'yes', 'into', 'max-tokens'].filter((o) => p.options[o] !== undefined);
    if (sub !== 'restore' && writeOpts.length) throw new UsageError(`--${writeOpts[0]} is for checkpoint restore`);
    if (sub === 'create') {
      if (key === undefined || id !== undefined) throw new UsageError('checkpoint create needs exactly one session key');
      return checkpointCreate(key, g, io);
    }
    if (sub === 'restore') {
      if (key === undefined) throw new UsageError('checkpoint restore needs a session key');
      if (rest.length) throw new UsageError('checkpoint restore takes a session key and at most one checkpoint id');
      if (id !== undefined && !/^cp_\d{3,9}$/.test(id)) throw new UsageError(`checkpoint id must look like cp_001, got ${JSON.stringify(id)}`);
      return checkpointRestore(p, key, id, g, io);
    }
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
        return { exitCode: 0, json: { command: 'checkpoint show', version: JSON_VERSION, stateDir: d.dir, sessionKey: full, id: cpId, file, checkpoint: cp, error: null }, text: readCheckpointText(file) };
      }
    }
    const msg = `no ${id ? `checkpoint ${id}` : 'valid checkpoint'} for session ${full}`;
    return { exitCode: 1, json: { command: 'checkpoint show', version: JSON_VERSION, stateDir: null, sessionKey: full, id: id ?? null, file: null, checkpoint: null, error: msg }, text: `${msg}\n` };
  },
};

export const COMMANDS: Command[] = [status, sessions, show, estimate, compact, undoCompact, checkpoint, flush, memory, tools, doctor];
