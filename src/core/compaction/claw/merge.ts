/**
 * compact.rs: merging a new summary into the one a previous compaction left (highlights and timeline of the
 * existing summary).
 */
import { type ClawMessage } from '../../tokens/clawcode';
import { rustLines, rustTrim, rustTrimEnd } from './rustStr';
import { type ClawCompactVariant } from './session';
import { COMPACT_CONTINUATION_PREAMBLE, COMPACT_DIRECT_RESUME_INSTRUCTION, COMPACT_RECENT_MESSAGES_NOTE, formatCompactSummary } from './format';
import { firstTextBlock } from './summarize';

/**
 * `extract_existing_compacted_summary`: for a System message whose first text block starts with the
 * preamble, the formatted summary it carries (cut before the recent-messages note and the resume
 * instruction, trimmed); otherwise `undefined` (Rust `None`; `""` is a real `Some("")`).
 */
export function extractExistingCompactedSummary(message: ClawMessage): string | undefined {
  if (message.role !== 'system') return undefined;
  const text = firstTextBlock(message);
  if (text === undefined || !text.startsWith(COMPACT_CONTINUATION_PREAMBLE)) return undefined;
  let summary = text.slice(COMPACT_CONTINUATION_PREAMBLE.length);
  const note = summary.indexOf('\n\n' + COMPACT_RECENT_MESSAGES_NOTE);
  if (note >= 0) summary = summary.slice(0, note);
  const instr = summary.indexOf('\n' + COMPACT_DIRECT_RESUME_INSTRUCTION);
  if (instr >= 0) summary = summary.slice(0, instr);
  return rustTrim(summary);
}

/** `extract_summary_highlights`: the formatted summary's lines (right-trimmed) before `- Key timeline:`, minus blanks and the two headers. */
export function extractSummaryHighlights(summary: string): string[] {
  const out: string[] = [];
  for (const line of rustLines(formatCompactSummary(summary))) {
    const t = rustTrimEnd(line);
    if (t.length === 0 || t === 'Summary:' || t === 'Conversation summary:') continue;
    if (t === '- Key timeline:') break; // every later line is skipped
    out.push(t);
  }
  return out;
}

/** `extract_summary_timeline`: the lines (right-trimmed) after `- Key timeline:`, up to the first blank one. */
export function extractSummaryTimeline(summary: string): string[] {
  const out: string[] = [];
  let inTimeline = false;
  for (const line of rustLines(formatCompactSummary(summary))) {
    const t = rustTrimEnd(line);
    if (t === '- Key timeline:') {
      inTimeline = true;
      continue;
    }
    if (!inTimeline) continue;
    if (t.length === 0) break;
    out.push(t);
  }
  return out;
}

/** `merge_compact_summaries` (§4.8). `existing` undefined/null = no earlier summary: the new one is returned as is. */
export function mergeCompactSummaries(existing: string | null | undefined, newSummary: string, layout: ClawCompactVariant['mergeLayout'] = 'flat'): string {
  if (existing === undefined || existing === null) return newSummary;
  const previous = extractSummaryHighlights(existing);
  const newFormatted = formatCompactSummary(newSummary);
  const newHighlights = extractSummaryHighlights(newFormatted);
  const newTimeline = extractSummaryTimeline(newFormatted);

  const lines = ['<summary>', 'Conversation summary:'];
  if (previous.length > 0) {
    if (layout === 'flat') for (const l of previous) lines.push(`- ${l}`);
    else {
      lines.push('- Previously compacted context:');
      for (const l of previous) lines.push(`  ${l}`);
    }
  }
  if (newHighlights.length > 0) {
    lines.push('- Newly compacted context:');
    for (const l of newHighlights) lines.push(`  ${l}`);
  }
  if (newTimeline.length > 0) {
    lines.push('- Key timeline:');
    for (const l of newTimeline) lines.push(`  ${l}`);
  }
  lines.push('</summary>');
  return lines.join('\n');
}
