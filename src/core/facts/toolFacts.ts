/**
 * Facts found by tools: the lines of a tool result that state something checkable, ranked — errors and failures,
 * TODO/FIXME notes, named constants, lines with identifiers (tickets, hosts, versions …), and lines that share
 * words with the ask that made the tool run; routine log lines (INFO, DEBUG) rank lower. A few per result, whole
 * lines; a line of indented JSON carries its parent key (`refunds.partialCapture › "reason": "…"`).
 */
import { flatten } from '../transcript/text';
import { extractRichIdentifiers } from './identifiers';

/** Lines taken per tool result. */
export const TOOL_FACTS_PER_RESULT = 3;
/** A line must score at least this. */
const MIN_SCORE = 4;
const MAX_LINE = 300;

const ERROR = /\b(?:error|fatal|failed|failure|exception|panic|refused|denied|does not exist|not found|cannot|can't|unable to)\b|错误|失败|エラー|失敗/i;
const WARN = /\bwarn(?:ing)?\b/i;
const ROUTINE = /\b(?:INFO|DEBUG|TRACE)\b/;
const NOTE = /\b(?:TODO|FIXME|HACK|XXX|NOTE)\b/;
const CONSTANT = /(?:^|\s)[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\s*[:=]\s*\S/;
const COMMENT = /\s(?:\/\/|#)\s*\S/;

/** Lower-case words of 4+ letters, camelCase / snake_case / dotted names split, a plural `s` dropped. */
function words(s: string): Set<string> {
  const out = new Set<string>();
  for (const w of s.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z\u3040-\u30ff\u4e00-\u9fff]+/)) {
    if (w.length < 4) continue;
    out.add(w.endsWith('s') && w.length > 4 ? w.slice(0, -1) : w);
  }
  return out;
}

function score(line: string, askWords: ReadonlySet<string>): number {
  let s = 0;
  if (ERROR.test(line)) s += 4;
  else if (WARN.test(line)) s += 1;
  if (NOTE.test(line)) s += 4;
  if (CONSTANT.test(line)) s += 3;
  if (COMMENT.test(line)) s += 1;
  if (ROUTINE.test(line)) s -= 3;
  const ids = extractRichIdentifiers(line).filter((i) => i.kind !== 'path' && i.kind !== 'id');
  s += Math.min(4, ids.length * 2);
  let shared = 0;
  for (const w of words(line)) if (askWords.has(w) || [...askWords].some((a) => a.startsWith(w) || w.startsWith(a))) shared++; // percent ~ percentage
  s += Math.min(4, shared * 2);
  return s;
}

/** Lines with the parent key of indented JSON / YAML blocks they sit in. */
function linesWithParents(text: string): string[] {
  const out: string[] = [];
  const stack: Array<{ indent: number; key: string }> = [];
  for (const raw of text.split(/\r?\n/)) {
    const indent = raw.length - raw.trimStart().length;
    while (stack.length > 0 && stack[stack.length - 1]!.indent >= indent) stack.pop();
    const open = /^\s*"?([^"]{1,80}?)"?\s*:\s*[{[]?\s*$/.exec(raw);
    const body = raw.trim().replace(/,$/, '');
    const parent = stack[stack.length - 1]?.key;
    out.push(parent && /^"[^"]+"\s*:/.test(body) ? `${parent} › ${body}` : body);
    if (open) stack.push({ indent, key: open[1]! });
  }
  return out;
}

/** The finding lines of one tool result, best first then in order, whole lines ≤ 300 characters. */
export function toolResultFacts(text: string, ask = '', max = TOOL_FACTS_PER_RESULT): string[] {
  const askWords = words(ask);
  const scored: Array<{ line: string; s: number; i: number }> = [];
  const seen = new Set<string>();
  linesWithParents(text).forEach((raw, i) => {
    const line = flatten(raw).replace(/^[-*•]\s+/, '');
    if (line.length < 8 || line.length > MAX_LINE || seen.has(line) || /[{[]$/.test(line)) return; // an opening line holds no value
    seen.add(line);
    const s = score(line, askWords);
    if (s >= MIN_SCORE) scored.push({ line, s, i });
  });
  return scored
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .slice(0, max)
    .sort((a, b) => a.i - b.i)
    .map((x) => x.line);
}
