/**
 * Lines and positions for the memory linter: lines split on `\n` (a `\r` before it is not part of the line),
 * offsets turned into 0-based line/column positions in UTF-16 code units, code points counted.
 */
import { type TextRange } from './problems';

interface Line {
  text: string;
  start: number;
}

export function splitLines(text: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    const raw = text.slice(start, end);
    out.push({ text: raw.endsWith('\r') ? raw.slice(0, -1) : raw, start });
    if (nl < 0) break;
    start = nl + 1;
  }
  return out;
}

export function posAt(lines: Line[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = lines.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lines[mid]!.start <= offset) lo = mid;
    else hi = mid - 1;
  }
  const l = lines[lo]!;
  return { line: lo, column: Math.min(offset - l.start, l.text.length) };
}

export function lastPos(lines: Line[]): { line: number; column: number } {
  return { line: lines.length - 1, column: lines[lines.length - 1]!.text.length };
}

/** The range deleting line `i` (its line break included). */
export function wholeLineRange(lines: Line[], i: number): TextRange {
  if (i + 1 < lines.length) return { line: i, column: 0, endLine: i + 1, endColumn: 0 };
  if (i > 0) return { line: i - 1, column: lines[i - 1]!.text.length, endLine: i, endColumn: lines[i]!.text.length };
  return { line: 0, column: 0, endLine: 0, endColumn: lines[0]!.text.length };
}

export const codePoints = (s: string): number => {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff) n++;
  }
  return n;
};

/** UTF-16 index of the code point number `cp` in `s`. */
export function indexOfCodePoint(s: string, cp: number): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff) continue;
    if (n === cp) return i;
    n++;
  }
  return s.length;
}

export const FENCE_RE = /^\s{0,3}(```|~~~)/;
export const HEADING_RE = /^\s{0,3}#{1,6}(\s|$)/;
