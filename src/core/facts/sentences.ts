/**
 * Text → sentences, each on one line and never cut: lines outside fenced code and headings, list and quote markers removed,
 * split after `.` `!` `?` followed by a capital (English) and after `。` `！` `？` (Chinese, Japanese).
 */
import { flatten, linesOutsideFences } from '../transcript/text';

/** A sentence may be at most this long (a longer "sentence" is a blob: JSON, a log line, code). */
export const MAX_SENTENCE_CHARS = 600;

const SPLIT = /(?<=[。！？])\s*|(?<=[.!?])\s+(?=[A-Z"'“‘(\[*`_\u3040-\u30ff\u4e00-\u9fff])/u;
const LIST_MARKER = /^\s*(?:>\s*)*(?:[-*+•]|\d{1,3}[.)])\s+(?:\[[ xX]\]\s+)?/;

/** The sentences of `text`, in order (fenced code skipped). */
export function sentences(text: string): string[] {
  const out: string[] = [];
  for (const raw of linesOutsideFences(text)) {
    if (/^\s*#{1,6}\s/.test(raw)) continue; // a heading names a section, it states nothing
    const line = flatten(raw.replace(LIST_MARKER, ''), 20_000);
    if (!line) continue;
    for (const s of line.split(SPLIT)) {
      const t = s.trim();
      if (t && t.length <= MAX_SENTENCE_CHARS) out.push(t);
    }
  }
  return out;
}

/** Markdown emphasis removed for matching (`**Decision:**` → `Decision:`); the stored text keeps it. */
export function plain(s: string): string {
  return s.replace(/[*_`]+/g, '').normalize('NFKC');
}

/** Whole leading sentences of `text` within `maxChars`; at least the first one whole (cut with `…` only past 600 characters). */
export function wholeSentences(text: string, maxChars: number): string {
  const flat = flatten(text, maxChars * 8 + 64);
  if (flat.length <= maxChars) return flat;
  const parts = flat.split(SPLIT);
  let out = '';
  for (const p of parts) {
    const next = out ? `${out} ${p}` : p;
    if (next.length > maxChars) break;
    out = next;
  }
  if (out) return out;
  if (parts[0]!.length <= MAX_SENTENCE_CHARS) return parts[0]!; // one sentence is never cut while it is a sentence
  return `${Array.from(flat).slice(0, Math.max(1, maxChars - 1)).join('').trimEnd()}…`;
}
