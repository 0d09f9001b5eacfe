/**
 * L1 — tool output soft trim (seed 000, "Step 3 · L1 — Tool Output Soft Trim"), as a view of the context:
 *
 *   - bash / read / search output > 2,000 chars: keep last 500 chars + one-line conclusion
 *   - file reads > 3,000 chars: extract key paragraphs, append [trimmed — full content at {path}]
 *   - keep the 8 most recent tool records; summarize earlier ones to one line each
 *
 * In memory only: the input is never mutated; changed messages are new objects, the rest are shared.
 *
 * How the seed's vague parts are made mechanical (each is tested in test/unit/compactionTrim.test.ts):
 *
 * 1. **Tool record** = one message carrying tool output: a tool result (role `toolResult`, legacy `tool`)
 *    or a pi `bashExecution` (the `!` command; its `output` is the text) unless `excludeFromContext`.
 *    Records are ranked from the newest. Assistant messages (tool calls included) are never changed, so
 *    every call keeps its result and user/assistant text stays as it is.
 * 2. **Recent vs earlier.** The 8 newest records are kept as records ("whole" = not collapsed) and the
 *    size rules below apply to them: the seed runs L1 "after every tool call", so even the newest output
 *    is trimmed once it is over its threshold. Records 9 and older are collapsed to one line each.
 * 3. **Which rule.** A record is a *file read* when its tool name (case-insensitive) is one of
 *    `fileReadTools` (`read`, `read_file`, `view`, `memory_get`) and a path is known: the first string among
 *    the paired tool call's `path`, `file_path`, `filePath`, `file`, `filename` arguments, else
 *    `details.path`. File reads follow the 3,000-char rule only; every other record (and a read without a
 *    known path, which could not point anywhere) follows the 2,000-char rule. The seed names bash, read
 *    and search as examples; long output of any other tool costs the same, so the rule is keyed on size.
 * 4. **Thresholds** compare the record's text (text blocks joined by `\n`) with `>`: exactly 2,000 (3,000)
 *    characters are kept, 2,001 (3,001) are trimmed.
 * 5. **Last 500 chars + one-line conclusion**: `…` + the last 500 UTF-16 units (one less if that would split
 *    a surrogate pair) + `\n` + a one-line conclusion built only from structure, never from the words (so it
 *    works for any language): `[exec output trimmed to its last 500 of 12345 chars (300 lines, exit 1,
 *    error); it began: "<first non-blank line, ≤ 100 chars>"]`. Exit code from `details.exitCode` or the
 *    `bashExecution`'s `exitCode`; `error` when `isError` is true.
 * 6. **Key paragraphs**, mechanically: paragraphs are runs of non-blank lines (with fewer than 3 paragraphs,
 *    every non-blank line is a unit instead, so code without blank lines and JSON still get an outline).
 *    Kept: the opening unit (up to 600 chars, at line ends), then the first line of other units (≤ 120
 *    chars) as `L<line number>: <line>`, the least-indented first, then in document order, while the body
 *    stays within 1,500 chars; the chosen lines are shown in document order. Then `\n[trimmed — full content
 *    at <path>]`. Indentation, blank lines and line numbers are the only signals: headings, declarations
 *    and topic sentences sit at the start of a unit in markdown, code, prose and data alike.
 * 7. **One line each** (records 9+): `[<tool> <target>: <status>, <N> chars, <L> lines(, <k> images)]
 *    <excerpt>`, cut to 200 chars; target = the path of a file read, else the call's `command` (`cmd`), else its
 *    arguments as JSON (≤ 60 chars); status = `error`, `exit <n>` (non-zero) or `ok`; excerpt = the first
 *    non-blank line of a file read, the last one of anything else (where tools print their result).
 *    A record that is already one line of at most 200 chars without images is left as it is. Images of a
 *    collapsed record are dropped (counted in the line); images of a recent record are kept after the text.
 * 8. Content shape: a string stays a string; blocks become one text block (+ kept images). Other fields
 *    (`details`, ids, `isError`) are kept: they are not sent to the model.
 */
import type { EstimatorFamily } from '../tokens/estimator';
import {
  countImages,
  indexToolCalls,
  isImageBlock,
  isRecord,
  isToolResultMessage,
  joinedText,
  lineCount,
  oneLine,
  plural,
  ReportBuilder,
  safeJson,
  sliceUtf16Safe,
  type AgentMessage,
  type Json,
  type ViewReportBase,
  type ViewResult,
} from './messages';

export const L1_TOOL_OUTPUT_MAX_CHARS = 2_000;
export const L1_TAIL_CHARS = 500;
export const L1_FILE_READ_MAX_CHARS = 3_000;
export const L1_KEY_PARAGRAPHS_BUDGET = 1_500;
export const L1_HEAD_UNIT_CHARS = 600;
export const L1_OUTLINE_LINE_CHARS = 120;
/** Below this many paragraphs, lines are the units of the key-paragraph outline. */
export const L1_MIN_PARAGRAPHS = 3;
export const L1_KEEP_RECENT_RECORDS = 8;
export const L1_ONE_LINE_MAX_CHARS = 200;
export const L1_CONCLUSION_EXCERPT_CHARS = 100;
export const L1_TARGET_CHARS = 60;
export const DEFAULT_FILE_READ_TOOLS: readonly string[] = Object.freeze(['read', 'read_file', 'view', 'memory_get']);
export const PATH_ARGUMENT_KEYS: readonly string[] = Object.freeze(['path', 'file_path', 'filePath', 'file', 'filename']);

export const TAIL_RULE = 'l1.tail';
export const KEY_PARAGRAPHS_RULE = 'l1.keyParagraphs';
export const ONE_LINE_RULE = 'l1.oneLine';

export interface SoftTrimOptions {
  toolOutputMaxChars?: number;
  tailChars?: number;
  fileReadMaxChars?: number;
  keyParagraphsBudget?: number;
  keepRecentRecords?: number;
  oneLineMaxChars?: number;
  fileReadTools?: readonly string[];
  /** tokenizer family for the report's token figures (default o200k) */
  family?: EstimatorFamily;
}

export interface SoftTrimReport extends ViewReportBase {
  /** indices of every tool record, oldest first */
  records: number[];
  /** the records kept as records (the newest `keepRecentRecords`) */
  recent: number[];
  tail: number[];
  keyParagraphs: number[];
  oneLine: number[];
}

/** What L1 knows about one tool record. */
export interface ToolRecord {
  index: number;
  kind: 'toolResult' | 'bashExecution';
  name: string;
  text: string;
  images: number;
  isError: boolean;
  exitCode?: number;
  /** path of a file read (set only for file reads) */
  path?: string;
  /** what the call acted on: path, command or JSON arguments */
  target?: string;
}

function firstString(o: unknown, keys: readonly string[]): string | undefined {
  if (!isRecord(o)) return undefined;
  for (const k of keys) if (typeof o[k] === 'string' && o[k]) return o[k] as string;
  return undefined;
}

/** Describe message `index` as a tool record, or `undefined` when it is not one. */
export function toolRecord(m: unknown, index: number, call: { name: string; arguments: unknown } | undefined, fileReadTools: readonly string[] = DEFAULT_FILE_READ_TOOLS): ToolRecord | undefined {
  if (!isRecord(m)) return undefined;
  if (m.role === 'bashExecution') {
    if (m.excludeFromContext === true) return undefined;
    const r: ToolRecord = { index, kind: 'bashExecution', name: 'bash', text: typeof m.output === 'string' ? m.output : '', images: 0, isError: false };
    if (typeof m.exitCode === 'number') r.exitCode = m.exitCode;
    if (typeof m.command === 'string' && m.command) r.target = m.command;
    return r;
  }
  if (!isToolResultMessage(m)) return undefined;
  const name = (typeof m.toolName === 'string' && m.toolName) || call?.name || 'tool';
  const r: ToolRecord = { index, kind: 'toolResult', name, text: joinedText(m.content), images: countImages(m.content), isError: m.isError === true };
  const details = isRecord(m.details) ? m.details : undefined;
  if (details && typeof details.exitCode === 'number') r.exitCode = details.exitCode;
  const lower = name.toLowerCase();
  if (fileReadTools.some((t) => t.toLowerCase() === lower)) {
    const p = firstString(call?.arguments, PATH_ARGUMENT_KEYS) ?? firstString(details, ['path']);
    if (p) r.path = r.target = p;
  }
  if (!r.target && call) {
    const cmd = firstString(call.arguments, ['command', 'cmd']);
    const json = cmd ?? (call.arguments === undefined ? undefined : safeJson(call.arguments));
    if (json && json !== '{}') r.target = json;
  }
  return r;
}

function status(r: ToolRecord): string {
  if (r.isError) return 'error';
  if (r.exitCode !== undefined && r.exitCode !== 0) return `exit ${r.exitCode}`;
  return 'ok';
}

function firstNonBlankLine(s: string): string | undefined {
  const m = /[^\s]/.exec(s);
  if (!m) return undefined;
  const start = s.lastIndexOf('\n', m.index) + 1;
  const end = s.indexOf('\n', m.index);
  return s.slice(start, end < 0 ? s.length : end);
}

function lastNonBlankLine(s: string): string | undefined {
  let i = s.length - 1;
  while (i >= 0 && /\s/.test(s[i]!)) i--;
  if (i < 0) return undefined;
  const start = s.lastIndexOf('\n', i) + 1;
  return s.slice(start, i + 1);
}

/** Rule 5's text: `…` + the last `tailChars` + `\n` + the one-line conclusion. */
export function tailWithConclusion(r: Pick<ToolRecord, 'name' | 'text' | 'isError' | 'exitCode'>, tailChars: number = L1_TAIL_CHARS): string {
  const text = r.text;
  const tail = sliceUtf16Safe(text, text.length - tailChars);
  const facts = [plural(lineCount(text), 'line')];
  if (r.exitCode !== undefined) facts.push(`exit ${r.exitCode}`);
  if (r.isError) facts.push('error');
  const omitted = text.slice(0, text.length - tail.length);
  const began = firstNonBlankLine(omitted);
  const conclusion =
    `[${oneLine(r.name, 40)} output trimmed to its last ${tail.length} of ${text.length} chars (${facts.join(', ')})` +
    (began === undefined ? ']' : `; it began: "${oneLine(began, L1_CONCLUSION_EXCERPT_CHARS)}"]`);
  return `…${tail}\n${conclusion}`;
}

interface Unit {
  /** 0-based line index of the unit's first line */
  line: number;
  lines: string[];
}

function leadingWhitespace(s: string): number {
  let i = 0;
  while (i < s.length && (s[i] === ' ' || s[i] === '\t')) i++;
  return i;
}

/** Rule 6's body (without the marker): the opening unit and an outline of the others within `budget`. */
export function keyParagraphs(text: string, budget: number = L1_KEY_PARAGRAPHS_BUDGET): string {
  const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  const paragraphs: Unit[] = [];
  let cur: Unit | undefined;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim() === '') cur = undefined;
    else if (cur) cur.lines.push(lines[i]!);
    else paragraphs.push((cur = { line: i, lines: [lines[i]!] }));
  }
  const units: Unit[] =
    paragraphs.length >= L1_MIN_PARAGRAPHS ? paragraphs : lines.flatMap((l, i) => (l.trim() === '' ? [] : [{ line: i, lines: [l] }]));
  if (!units.length) return '';
  // the opening unit, whole lines up to the head budget (at least part of its first line)
  const headMax = Math.min(L1_HEAD_UNIT_CHARS, budget);
  const first = units[0]!;
  let head = '';
  for (const l of first.lines) {
    const next = head ? `${head}\n${l}` : l;
    if (next.length > headMax) {
      if (!head) head = sliceUtf16Safe(l, 0, Math.max(0, headMax - 1)) + '…';
      break;
    }
    head = next;
  }
  // the outline: least-indented first lines, as many as fit
  let left = budget - head.length;
  const candidates = units.slice(1).map((u, k) => {
    const l = u.lines[0]!.trimEnd();
    const shown = l.length > L1_OUTLINE_LINE_CHARS ? sliceUtf16Safe(l, 0, L1_OUTLINE_LINE_CHARS - 1) + '…' : l;
    return { order: k, indent: leadingWhitespace(l), text: `L${u.line + 1}: ${shown}` };
  });
  const byPriority = candidates.slice().sort((a, b) => a.indent - b.indent || a.order - b.order);
  const chosen: typeof candidates = [];
  for (const c of byPriority) {
    const cost = c.text.length + 1;
    if (cost <= left) {
      chosen.push(c);
      left -= cost;
    }
  }
  chosen.sort((a, b) => a.order - b.order);
  return head + chosen.map((c) => `\n${c.text}`).join('');
}

/** Rule 6: `[trimmed — full content at {path}]`. */
export function trimmedMarker(path: string): string {
  return `[trimmed — full content at ${path}]`;
}

/** Rule 7's line for an earlier record. */
export function oneLineSummary(r: ToolRecord, max: number = L1_ONE_LINE_MAX_CHARS): string {
  const facts = [status(r), plural(r.text.length, 'char'), plural(lineCount(r.text), 'line')];
  if (r.images) facts.push(plural(r.images, 'image'));
  const target = r.target ? ` ${oneLine(r.target, L1_TARGET_CHARS)}` : '';
  const excerpt = r.path !== undefined ? firstNonBlankLine(r.text) : lastNonBlankLine(r.text);
  const head = `[${oneLine(r.name, 40)}${target}: ${facts.join(', ')}]`;
  return oneLine(excerpt === undefined ? head : `${head} ${excerpt}`, max);
}

function withText(m: Json, r: ToolRecord, text: string, keepImages: boolean): AgentMessage {
  if (r.kind === 'bashExecution') return { ...m, output: text };
  if (typeof m.content === 'string') return { ...m, content: text };
  const images = keepImages && Array.isArray(m.content) ? m.content.filter(isImageBlock) : [];
  return { ...m, content: [{ type: 'text', text }, ...images] };
}

const positive = (v: number | undefined, d: number): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : d);

/** The context after L1 soft trim. */
export function softTrimView(messages: readonly AgentMessage[], opts: SoftTrimOptions = {}): ViewResult<SoftTrimReport> {
  const input: readonly AgentMessage[] = Array.isArray(messages) ? messages : [];
  const o = {
    toolOutputMaxChars: positive(opts.toolOutputMaxChars, L1_TOOL_OUTPUT_MAX_CHARS),
    tailChars: positive(opts.tailChars, L1_TAIL_CHARS),
    fileReadMaxChars: positive(opts.fileReadMaxChars, L1_FILE_READ_MAX_CHARS),
    keyParagraphsBudget: positive(opts.keyParagraphsBudget, L1_KEY_PARAGRAPHS_BUDGET),
    keepRecentRecords: positive(opts.keepRecentRecords, L1_KEEP_RECENT_RECORDS),
    oneLineMaxChars: positive(opts.oneLineMaxChars, L1_ONE_LINE_MAX_CHARS),
    fileReadTools: Array.isArray(opts.fileReadTools) ? opts.fileReadTools : DEFAULT_FILE_READ_TOOLS,
  };
  const family = opts.family ?? 'o200k';
  const rb = new ReportBuilder(input, family, [TAIL_RULE, KEY_PARAGRAPHS_RULE, ONE_LINE_RULE]);
  const out = input.slice();
  const calls = indexToolCalls(input);
  const records: ToolRecord[] = [];
  for (let i = 0; i < input.length; i++) {
    const m = input[i];
    const id = isRecord(m) && typeof m.toolCallId === 'string' ? m.toolCallId : undefined;
    const r = toolRecord(m, i, id === undefined ? undefined : calls.get(id), o.fileReadTools);
    if (r) records.push(r);
  }
  const firstRecent = Math.max(0, records.length - o.keepRecentRecords);
  const tail: number[] = [];
  const key: number[] = [];
  const collapsed: number[] = [];
  for (let k = 0; k < records.length; k++) {
    const r = records[k]!;
    const m = input[r.index] as Json;
    let next: AgentMessage | undefined;
    if (k < firstRecent) {
      if (lineCount(r.text) > 1 || r.images > 0 || r.text.length > o.oneLineMaxChars) {
        next = withText(m, r, oneLineSummary(r, o.oneLineMaxChars), false);
        collapsed.push(r.index);
        rb.add(r.index, ONE_LINE_RULE, m, next);
      }
    } else if (r.path !== undefined) {
      if (r.text.length > o.fileReadMaxChars) {
        next = withText(m, r, `${keyParagraphs(r.text, o.keyParagraphsBudget)}\n${trimmedMarker(r.path)}`, true);
        key.push(r.index);
        rb.add(r.index, KEY_PARAGRAPHS_RULE, m, next);
      }
    } else if (r.text.length > o.toolOutputMaxChars) {
      next = withText(m, r, tailWithConclusion(r, o.tailChars), true);
      tail.push(r.index);
      rb.add(r.index, TAIL_RULE, m, next);
    }
    if (next) out[r.index] = next;
  }
  return {
    messages: out,
    report: {
      ...rb.build(),
      records: records.map((r) => r.index),
      recent: records.slice(firstRecent).map((r) => r.index),
      tail,
      keyParagraphs: key,
      oneLine: collapsed,
    },
  };
}
