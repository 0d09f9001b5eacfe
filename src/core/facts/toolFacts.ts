/**
 * Facts found by tools: the lines of a tool result that state something checkable (an identifier, a number with
 * a name, an error, a `key: value`), at most a few per result, code lines skipped.
 */
import { flatten } from '../transcript/text';
import { extractRichIdentifiers } from './identifiers';

/** Lines taken per tool result. */
export const TOOL_FACTS_PER_RESULT = 4;
const MAX_LINE = 300;

const ERROR = /\b(?:error|errors|failed|failure|fatal|exception|panic|refused|denied|timeout|timed out|not found|warn(?:ing)?)\b|错误|失败|エラー|失敗/i;
const KEY_VALUE = /^["']?[\w .-]{2,40}["']?\s*[:=]\s*\S/;
const CODE = /^(?:import|export|const|let|var|function|class|def|fn|pub|use|return|if|for|while|}|{|\/\/|#include|package)\b|[{;]$/;
/** `name 123`, `name{label="x"} 4.5` (metrics, counters). */
const METRIC = /^[A-Za-z_][\w.:-]*(?:\{[^}]*\})?\s+-?\d[\d.,eE+-]*(?:\s*[%a-zA-Z]{0,4})?$/;
const NUMBER_WITH_NAME = /[A-Za-z\u3040-\u30ff\u4e00-\u9fff]{2,}[^\n]{0,40}\d/;

function score(line: string): number {
  if (CODE.test(line)) return 0;
  let s = 0;
  if (ERROR.test(line)) s += 3;
  const ids = extractRichIdentifiers(line).filter((i) => i.kind !== 'path');
  s += Math.min(3, ids.length * 2);
  if (KEY_VALUE.test(line)) s += 1;
  if (NUMBER_WITH_NAME.test(line)) s += 1;
  if (METRIC.test(line)) s += 1;
  return s;
}

/** The fact lines of one tool result's text, best first then in order, whole lines ≤ 300 characters. */
export function toolResultFacts(text: string, max = TOOL_FACTS_PER_RESULT): string[] {
  const scored: Array<{ line: string; s: number; i: number }> = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = flatten(raw).replace(/^[-*•]\s+/, '');
    if (line.length < 8 || line.length > MAX_LINE || seen.has(line)) return;
    seen.add(line);
    const s = score(line);
    if (s >= 2) scored.push({ line, s, i });
  });
  return scored
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .slice(0, max)
    .sort((a, b) => a.i - b.i)
    .map((x) => x.line);
}
