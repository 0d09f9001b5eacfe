/**
 * The text around a claw-code compaction summary (compact.rs): `<summary>` / `<analysis>` tag blocks, the formatted
 * summary and the continuation message that carries it.
 */
import { isRustBlank, rustLines, rustTrim } from './rustStr';

export const COMPACT_CONTINUATION_PREAMBLE =
  'This session is being continued from a previous conversation that ran out of context. The summary below covers the earlier portion of the conversation.\n\n';
export const COMPACT_RECENT_MESSAGES_NOTE = 'Recent messages are preserved verbatim.';
export const COMPACT_DIRECT_RESUME_INSTRUCTION =
  'Continue the conversation from where it left off without asking the user any further questions. Resume directly \u2014 do not acknowledge the summary, do not recap what was happening, and do not preface with continuation text.';

/** `extract_tag_block`: the text between the first `<tag>` and the first `</tag>` after it. */
export function extractTagBlock(content: string, tag: string): string | undefined {
  const open = `<${tag}>`;
  const close = `</${tag}>`;
  const s = content.indexOf(open);
  if (s < 0) return undefined;
  const start = s + open.length;
  const end = content.indexOf(close, start);
  if (end < 0) return undefined;
  return content.slice(start, end);
}

/**
 * `strip_tag_block`: the first `<tag>` and the first `</tag>` are found independently; when both exist, the
 * text before the first and after the second is kept. When the close tag comes first the two slices
 * overlap and text is duplicated, as in Rust (`s[..start] + s[end..]`).
 */
export function stripTagBlock(content: string, tag: string): string {
  const open = `<${tag}>`;
  const close = `</${tag}>`;
  const start = content.indexOf(open);
  const endRel = content.indexOf(close);
  if (start < 0 || endRel < 0) return content;
  return content.slice(0, start) + content.slice(endRel + close.length);
}

/** `collapse_blank_lines`: Rust `lines()`, runs of blank lines become one, every kept line gets `\n`. */
export function collapseBlankLines(content: string): string {
  let out = '';
  let lastBlank = false;
  for (const line of rustLines(content)) {
    const blank = isRustBlank(line);
    if (blank && lastBlank) continue;
    out += line + '\n';
    lastBlank = blank;
  }
  return out;
}

/** `String::replace`: every non-overlapping occurrence, left to right, no `$` patterns. */
function replaceAllLiteral(s: string, from: string, to: string): string {
  return s.split(from).join(to);
}

/** `format_compact_summary`: drop the first `<analysis>` block, `<summary>X</summary>` → `Summary:\n` + trim(X), collapse blank lines, trim. */
export function formatCompactSummary(summary: string): string {
  const withoutAnalysis = stripTagBlock(summary, 'analysis');
  const content = extractTagBlock(withoutAnalysis, 'summary');
  const formatted =
    content === undefined ? withoutAnalysis : replaceAllLiteral(withoutAnalysis, `<summary>${content}</summary>`, `Summary:\n${rustTrim(content)}`);
  return rustTrim(collapseBlankLines(formatted));
}

/** `get_compact_continuation_message`: the text of the synthetic System message. */
export function getCompactContinuationMessage(summary: string, suppressFollowUpQuestions: boolean, recentMessagesPreserved: boolean): string {
  let base = COMPACT_CONTINUATION_PREAMBLE + formatCompactSummary(summary);
  if (recentMessagesPreserved) base += '\n\n' + COMPACT_RECENT_MESSAGES_NOTE;
  if (suppressFollowUpQuestions) base += '\n' + COMPACT_DIRECT_RESUME_INSTRUCTION;
  return base;
}
