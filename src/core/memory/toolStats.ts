/**
 * Tool and skill usage statistics from session transcripts, and the "tool memory" markdown block of
 * seed 004 (component 5, "Tool Memory Injection": call count, success rate, average time, common issues;
 * component 4, "Skill Memory Injection": how often a skill is used and its success rate). Pure TypeScript,
 * no `vscode`; input is raw transcript entries (openclaw-formats.md §2.3).
 *
 * Rules:
 * - A call is a `toolCall` block of an assistant message (`{id, name, arguments}`); its result is the
 *   first later `toolResult` message with that `toolCallId` in the same transcript. `isError: true` → error,
 *   else ok; no result → unfinished. A `toolResult` whose call is not in the transcript still counts as a
 *   call of its `toolName` (with its outcome, without a duration).
 * - Every entry in file order is read, abandoned branches included (those calls did run). The same call seen
 *   again — OpenClaw copies history into a session's next transcript, and its transcript rewrites re-append
 *   messages — is counted once: a call is identified by `toolCallId`, tool name and the assistant
 *   message's own `timestamp` (which copies keep), falling back to the entry id.
 * - Duration = the toolResult entry's timestamp − the assistant entry's timestamp (the entry timestamps,
 *   written when each message was complete; the assistant message's own `timestamp` is when it *started*
 *   streaming, so it would add the model's time). ISO strings and ms numbers are both read; when the entry
 *   has none, the message's `timestamp` is used. A negative or non-finite duration (clock skew, a missing
 *   time) is left out of the times, never an error; the call is still counted.
 * - `successRate` = ok / (ok + errors): unfinished calls are left out (null when nothing finished).
 * - `meanMs`, `p95Ms` over the calls that have a duration (null when none). Percentiles are nearest-rank:
 *   the value at rank ⌈p/100 · n⌉ of the ascending list (always an observed value, no interpolation).
 * - `commonErrors`: the three most frequent normalised error messages (first non-empty line of the error
 *   text, or of the `error` field of OpenClaw's structured tool error; UUIDs and long hex → `<id>`, ISO times →
 *   `<time>`, paths → `<path>`, numbers → `<n>`, whitespace collapsed, ≤ 120 characters), ties by first appearance.
 * - Skills: a call of a read-type tool (`classifyTool`: `read` — OpenClaw's and pi's file tool, called with
 *   `{path}` — `Read`, `read_file`, `view`, `cat` …; an editor tool with `command: "view"`) whose path
 *   argument ends in `skills/<name>/SKILL.md` (any root: the workspace, `~/.openclaw/skills`, a bundled
 *   skills folder) is a read of skill `<name>`. Shell commands (`exec`, `bash`) that `cat` a SKILL.md are
 *   not counted: their intent cannot be told reliably. The outcome of the turn that read it — the entries
 *   after the read up to the next user message —:
 *   - `error` when a tool result after the read is an error, or the turn's last assistant message stopped
 *     with `error`, `aborted` or `length`, or the turn ended without a reply (a new user message or
 *     OpenClaw's `run-failed-before-reply` note came first);
 *   - `ok` when its last assistant message is a reply with a normal stop reason (`stop`, `end_turn`; none
 *     given and no tool call) and no tool error followed the read;
 *   - `unknown` when the transcript ends before the turn does (still working, or cut).
 *   A read copied into several transcripts counts once; its outcome is the most definite one seen.
 *   `sessions` counts the transcripts (key + sessionId) where a skill was first read.
 */
import { entryTime } from '../transcript/conversation';
import { toolFileAccess } from '../transcript/text';

type Json = Record<string, unknown>;

/** One transcript: raw entries (full JSON, oldest first). */
export interface ToolStatsSession {
  key: string;
  sessionId?: string;
  entries: readonly unknown[];
}

export interface ToolErrorCount {
  message: string;
  count: number;
}

export interface ToolStat {
  name: string;
  calls: number;
  ok: number;
  errors: number;
  /** calls without a result */
  unfinished: number;
  /** ok / (ok + errors), null when no call finished */
  successRate: number | null;
  /** calls with a usable duration */
  timed: number;
  meanMs: number | null;
  /** nearest-rank 95th percentile */
  p95Ms: number | null;
  /** at most three, most frequent first */
  commonErrors: ToolErrorCount[];
}

export type SkillOutcome = 'ok' | 'error' | 'unknown';

export interface SkillStat {
  name: string;
  reads: number;
  /** transcripts (key + sessionId) with a read */
  sessions: number;
  /** distinct session keys with a read */
  sessionKeys: string[];
  outcomes: Record<SkillOutcome, number>;
  /** ok / (ok + error), null when none is known */
  successRate: number | null;
  /** the SKILL.md paths as the tool calls named them */
  paths: string[];
  /** ms epoch of the latest read (0 when unknown) */
  lastReadAt: number;
}

export interface ToolStats {
  /** most calls first, then by name */
  tools: ToolStat[];
  /** most reads first, then by name */
  skills: SkillStat[];
  totalCalls: number;
  sessions: number;
}

/** Most common error messages kept per tool. */
export const COMMON_ERRORS = 3;
/** Normalised error messages are cut at this many characters. */
export const ERROR_MESSAGE_CHARS = 120;

const NORMAL_STOPS = new Set(['stop', 'end_turn', 'endturn', 'stop_sequence']);
const BAD_STOPS = new Set(['error', 'aborted', 'length', 'max_tokens', 'refusal']);
const SKILL_PATH_RE = /(?:^|[/\\])skills[/\\]([^/\\]+)[/\\]SKILL\.md$/i;

function isObj(v: unknown): v is Json {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

/** The value at nearest rank ⌈p/100 · n⌉ of `values` (any order); undefined when empty. */
export function percentileNearestRank(values: readonly number[], p: number): number | undefined {
  const xs = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (xs.length === 0) return undefined;
  const rank = Math.min(xs.length, Math.max(1, Math.ceil((Math.min(100, Math.max(0, p)) / 100) * xs.length)));
  return xs[rank - 1];
}

/** An error message reduced to its shape (see the header), so the same failure groups together. */
export function normalizeToolError(text: string): string {
  const first =
    String(text ?? '')
      .split(/\r?\n/)
      .map((l) => l.trim())
      .find((l) => l !== '') ?? '';
  let s = first
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<id>')
    .replace(/\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/g, '<time>')
    .replace(/(?:[A-Za-z]:)?(?:~|\.{1,2})?(?:[/\\][\w.@+-]+)+[/\\]?|\b[\w.@+-]+(?:[/\\][\w.@+-]+)+/g, '<path>')
    .replace(/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}\b/gi, '<id>')
    .replace(/\d+(?:\.\d+)?/g, '<n>')
    .replace(/\s+/g, ' ')
    .trim();
  if (s.length > ERROR_MESSAGE_CHARS) s = s.slice(0, ERROR_MESSAGE_CHARS - 1).trimEnd() + '…';
  return s || '(empty error)';
}

function resultText(content: unknown): string {
  if (typeof content === 'string') return content.slice(0, 4000);
  if (!Array.isArray(content)) return '';
  for (const b of content) if (isObj(b) && b.type === 'text' && typeof b.text === 'string') return b.text.slice(0, 4000);
  return '';
}

const errorField = (v: unknown): string | undefined => (isObj(v) && typeof v.error === 'string' && v.error.trim() ? v.error.slice(0, 4000) : undefined);

/**
 * The error a failed tool result reports. OpenClaw 2026.9's own tools (read, write, …) fail with a structured
 * result: `details: {status: "error", tool, error}` and, as the text the model sees, that object as pretty JSON
 * (`{\n  "status": "error", …`), whose first line is a lone `{`. Its `error` field is the message; any other
 * result's text is.
 */
function toolErrorText(m: Json): string {
  const fromDetails = errorField(m.details);
  if (fromDetails) return fromDetails;
  const text = resultText(m.content);
  if (text.trimStart().startsWith('{')) {
    try {
      const fromText = errorField(JSON.parse(text));
      if (fromText) return fromText;
    } catch {
      /* not JSON (or cut at 4,000 characters): the text as it is */
    }
  }
  return text;
}

interface CallRecord {
  name: string;
  start: number;
  outcome?: 'ok' | 'error';
  durationMs?: number;
  errorText?: string;
}

interface SkillRead {
  skill: string;
  path: string;
  sessionRef: string;
  sessionKey: string;
  at: number;
  outcome: SkillOutcome;
}

function mergeOutcome(a: SkillOutcome, b: SkillOutcome): SkillOutcome {
  if (a === 'unknown') return b;
  if (b === 'unknown') return a;
  return a === 'error' || b === 'error' ? 'error' : 'ok';
}

function messageOf(e: Json): Json | undefined {
  return e.type === 'message' && isObj(e.message) ? e.message : undefined;
}

function hasToolCall(m: Json): boolean {
  return Array.isArray(m.content) && m.content.some((b) => isObj(b) && b.type === 'toolCall');
}

/** The outcome of the turn that continues after entry `from` (see the header). */
function turnOutcome(entries: readonly unknown[], from: number): SkillOutcome {
  let toolError = false;
  let last: Json | undefined;
  let endedWithoutReply = false;
  let ended = false;
  for (let j = from + 1; j < entries.length; j++) {
    const e = entries[j];
    if (!isObj(e)) continue;
    if (e.type === 'custom_message' && e.customType === 'run-failed-before-reply') {
      endedWithoutReply = true;
      ended = true;
      break;
    }
    const m = messageOf(e);
    if (!m) continue;
    if (m.role === 'user') {
      ended = true;
      break;
    }
    if (m.role === 'toolResult' && m.isError === true) toolError = true;
    if (m.role === 'assistant') last = m;
  }
  if (toolError) return 'error';
  const stop = typeof last?.stopReason === 'string' ? last.stopReason.toLowerCase() : undefined;
  if (last && stop && BAD_STOPS.has(stop)) return 'error';
  const replied = !!last && (stop ? NORMAL_STOPS.has(stop) : !hasToolCall(last));
  if (replied && !endedWithoutReply) return 'ok';
  return ended ? 'error' : 'unknown';
}

/** Tool and skill statistics over the given transcripts (see the header for every rule). Never throws on odd entries. */
export function toolStats(sessions: readonly ToolStatsSession[]): ToolStats {
  const calls = new Map<string, CallRecord>();
  const order: string[] = [];
  const skillReads = new Map<string, SkillRead>();
  let sessionCount = 0;

  for (const s of sessions ?? []) {
    if (!s || !Array.isArray(s.entries)) continue;
    sessionCount++;
    const key = String(s.key ?? '');
    const sessionRef = `${key}\u0000${s.sessionId ?? ''}`;
    /** toolCallId → call key, for this transcript */
    const open = new Map<string, string>();
    const entries = s.entries;
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i];
      if (!isObj(e)) continue;
      const m = messageOf(e);
      if (!m) continue;
      if (m.role === 'assistant' && Array.isArray(m.content)) {
        const at = entryTime(e);
        const msgStamp = typeof m.timestamp === 'number' || typeof m.timestamp === 'string' ? String(m.timestamp) : `entry:${String(e.id ?? i)}`;
        m.content.forEach((b, bi) => {
          if (!isObj(b) || b.type !== 'toolCall') return;
          const name = typeof b.name === 'string' && b.name ? b.name : '(unnamed)';
          const callId = typeof b.id === 'string' && b.id ? b.id : `#${bi}`;
          const ck = `${callId}\u0000${name}\u0000${msgStamp}`;
          open.set(callId, ck);
          if (!calls.has(ck)) {
            calls.set(ck, { name, start: at });
            order.push(ck);
          }
          // skills
          let access: ReturnType<typeof toolFileAccess>;
          try {
            access = toolFileAccess(name, b.arguments);
          } catch {
            return;
          }
          if (access.access !== 'read') return;
          for (const p of access.paths) {
            const sm = SKILL_PATH_RE.exec(p);
            if (!sm) continue;
            const rk = `${ck}\u0000${p}`;
            const outcome = turnOutcome(entries, i);
            const prev = skillReads.get(rk);
            if (prev) prev.outcome = mergeOutcome(prev.outcome, outcome);
            else skillReads.set(rk, { skill: sm[1]!, path: p, sessionRef, sessionKey: key, at, outcome });
          }
        });
      } else if (m.role === 'toolResult') {
        const callId = typeof m.toolCallId === 'string' ? m.toolCallId : '';
        let ck = callId ? open.get(callId) : undefined;
        const isError = m.isError === true;
        if (!ck) {
          // a result without its call in this transcript: a call of its own
          const name = typeof m.toolName === 'string' && m.toolName ? m.toolName : '(unnamed)';
          const stamp = typeof m.timestamp === 'number' || typeof m.timestamp === 'string' ? String(m.timestamp) : `entry:${String(e.id ?? i)}`;
          ck = `result:${callId}\u0000${name}\u0000${stamp}`;
          if (!calls.has(ck)) {
            calls.set(ck, { name, start: Number.NaN });
            order.push(ck);
          }
        }
        const rec = calls.get(ck)!;
        if (rec.outcome !== undefined) continue; // a copy or a rewrite of a result already counted
        rec.outcome = isError ? 'error' : 'ok';
        if (isError) rec.errorText = toolErrorText(m);
        const end = entryTime(e);
        const d = end - rec.start;
        if (end > 0 && rec.start > 0 && Number.isFinite(d) && d >= 0) rec.durationMs = d;
      }
    }
  }

  const byTool = new Map<string, { stat: ToolStat; durations: number[]; errors: Map<string, number> }>();
  for (const ck of order) {
    const rec = calls.get(ck)!;
    let t = byTool.get(rec.name);
    if (!t) {
      t = {
        stat: { name: rec.name, calls: 0, ok: 0, errors: 0, unfinished: 0, successRate: null, timed: 0, meanMs: null, p95Ms: null, commonErrors: [] },
        durations: [],
        errors: new Map(),
      };
      byTool.set(rec.name, t);
    }
    t.stat.calls++;
    if (rec.outcome === 'ok') t.stat.ok++;
    else if (rec.outcome === 'error') {
      t.stat.errors++;
      const msg = normalizeToolError(rec.errorText ?? '');
      t.errors.set(msg, (t.errors.get(msg) ?? 0) + 1);
    } else t.stat.unfinished++;
    if (rec.durationMs !== undefined) t.durations.push(rec.durationMs);
  }
  const tools: ToolStat[] = [];
  for (const { stat, durations, errors } of byTool.values()) {
    const finished = stat.ok + stat.errors;
    stat.successRate = finished ? stat.ok / finished : null;
    stat.timed = durations.length;
    stat.meanMs = durations.length ? durations.reduce((a, b) => a + b, 0) / durations.length : null;
    stat.p95Ms = percentileNearestRank(durations, 95) ?? null;
    // Map keeps first-appearance order; a stable sort by count keeps it for ties
    stat.commonErrors = [...errors.entries()]
      .map(([message, count]) => ({ message, count }))
      .sort((a, b) => b.count - a.count)
      .slice(0, COMMON_ERRORS);
    tools.push(stat);
  }
  tools.sort((a, b) => b.calls - a.calls || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

  const bySkill = new Map<string, SkillStat & { refs: Set<string>; keys: Set<string>; pathSet: Set<string> }>();
  for (const r of skillReads.values()) {
    let st = bySkill.get(r.skill);
    if (!st) {
      st = {
        name: r.skill,
        reads: 0,
        sessions: 0,
        sessionKeys: [],
        outcomes: { ok: 0, error: 0, unknown: 0 },
        successRate: null,
        paths: [],
        lastReadAt: 0,
        refs: new Set(),
        keys: new Set(),
        pathSet: new Set(),
      };
      bySkill.set(r.skill, st);
    }
    st.reads++;
    st.outcomes[r.outcome]++;
    st.refs.add(r.sessionRef);
    st.keys.add(r.sessionKey);
    st.pathSet.add(r.path);
    if (r.at > st.lastReadAt) st.lastReadAt = r.at;
  }
  const skills: SkillStat[] = [...bySkill.values()].map(({ refs, keys, pathSet, ...st }) => {
    const known = st.outcomes.ok + st.outcomes.error;
    return { ...st, sessions: refs.size, sessionKeys: [...keys], paths: [...pathSet], successRate: known ? st.outcomes.ok / known : null };
  });
  skills.sort((a, b) => b.reads - a.reads || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

  return { tools, skills, totalCalls: order.length, sessions: sessionCount };
}

// ---------------------------------------------------------------- markdown

/** `245ms`, `2.3s`, `1m 05s` (seed 004 writes "Average time: 2.3s"). */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '?';
  if (Math.round(ms) < 1000) return `${Math.round(ms)}ms`;
  if (ms < 59_950) return `${(ms / 1000).toFixed(1)}s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
}

/** A rate as a whole percentage; below 100 % never rounds up to 100 %, above 0 % never down to 0 %. */
export function formatRate(rate: number): string {
  let p = Math.round(rate * 100);
  if (p === 100 && rate < 1) p = 99;
  if (p === 0 && rate > 0) p = 1;
  return `${p}%`;
}

function times(n: number): string {
  return n === 1 ? '1 time' : `${n} times`;
}

function inlineCode(s: string): string {
  const text = s.replace(/`/g, "'");
  return `\`${text}\``;
}

/**
 * Markdown headings must stay one line and must not start markup of their own. `_` is left alone (the
 * seed writes `### run_shell`; intraword underscores are not emphasis in CommonMark).
 */
function headingText(s: string): string {
  return s.replace(/[\r\n]+/g, ' ').replace(/[#*`[\]<>|\\]/g, (c) => `\\${c}`);
}

export interface ToolStatsMarkdownOptions {
  /** tools listed at most (default 10; most called first) */
  maxTools?: number;
  /** skills listed at most (default 10; most read first) */
  maxSkills?: number;
}

/**
 * The seed 004 "Tool Usage Memories" block, adapted to what transcripts hold:
 *
 * ```md
 * ## Tool Usage Memories
 *
 * ### exec
 * - Called 42 times, 88% success rate (2 unfinished)
 * - Average time: 2.3s (p95 7.9s)
 * - Common issues:
 *   - `Command exited with code <n>` (4×)
 *
 * ## Skill Usage Memories
 *
 * ### create-presentation (Used 15 times, 93% success)
 * - Read in 3 sessions; outcomes: 13 ok, 1 error, 1 unknown
 * ```
 *
 * Tool lines: the seed's "Called N times, X% success rate" (rate over finished calls; "no finished calls"
 * when none, "(K unfinished)" when some), "Average time" (mean, with the nearest-rank p95; omitted when no
 * call has a duration), "Common issues" = the top normalised error messages with their counts (omitted
 * without errors). The seed's "Best practice" lines need judgement and are not generated. Skill headings
 * follow the seed's "## Create Presentation (Used 15 times, 93% success)", one level down, under a
 * section of their own (omitted when no skill was read).
 */
export function toolStatsMarkdown(stats: ToolStats, opts: ToolStatsMarkdownOptions = {}): string {
  const maxTools = Math.max(0, Math.floor(opts.maxTools ?? 10));
  const maxSkills = Math.max(0, Math.floor(opts.maxSkills ?? 10));
  const lines: string[] = ['## Tool Usage Memories', ''];
  const tools = stats.tools.slice(0, maxTools);
  if (tools.length === 0) lines.push('- No tool calls recorded.', '');
  for (const t of tools) {
    lines.push(`### ${headingText(t.name)}`);
    const rate = t.successRate === null ? 'no finished calls' : `${formatRate(t.successRate)} success rate`;
    lines.push(`- Called ${times(t.calls)}, ${rate}${t.unfinished ? ` (${t.unfinished} unfinished)` : ''}`);
    if (t.meanMs !== null) lines.push(`- Average time: ${formatDuration(t.meanMs)}${t.p95Ms !== null ? ` (p95 ${formatDuration(t.p95Ms)})` : ''}`);
    if (t.commonErrors.length) {
      lines.push('- Common issues:');
      for (const e of t.commonErrors) lines.push(`  - ${inlineCode(e.message)} (${e.count}×)`);
    }
    lines.push('');
  }
  if (stats.tools.length > tools.length) lines.push(`_${stats.tools.length - tools.length} more tools not shown._`, '');
  const skills = stats.skills.slice(0, maxSkills);
  if (skills.length) {
    lines.push('## Skill Usage Memories', '');
    for (const s of skills) {
      const rate = s.successRate === null ? 'outcome unknown' : `${formatRate(s.successRate)} success`;
      lines.push(`### ${headingText(s.name)} (Used ${times(s.reads)}, ${rate})`);
      lines.push(`- Read in ${s.sessions === 1 ? '1 session' : `${s.sessions} sessions`}; outcomes: ${s.outcomes.ok} ok, ${s.outcomes.error} error, ${s.outcomes.unknown} unknown`);
      lines.push('');
    }
    if (stats.skills.length > skills.length) lines.push(`_${stats.skills.length - skills.length} more skills not shown._`, '');
  }
  return lines.join('\n').replace(/\n+$/, '\n');
}
