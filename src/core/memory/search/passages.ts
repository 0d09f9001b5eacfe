/**
 * A memory file split into passages for the memory search: a heading starts one, a blank line ends one (a
 * heading directly followed by a blank line stays with the paragraph below it), fenced code blocks are kept
 * whole, and a passage is cut after {@link MAX_PASSAGE_CHARS} characters. Each passage keeps its 1-based start
 * line.
 */

/** A passage is cut after this many characters (at a line end). */
export const MAX_PASSAGE_CHARS = 1500;

export interface MarkdownPassage {
  /** 1-based line where the passage starts */
  line: number;
  /** nearest heading at or above the passage (without `#`), '' when none */
  heading: string;
  text: string;
}

const HEADING_RE = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$/;
const FENCE_RE = /^ {0,3}(`{3,}|~{3,})/;

/** Split markdown into passages (see the header); line numbers are 1-based. */
export function splitMarkdownPassages(markdown: string): MarkdownPassage[] {
  const lines = markdown.replace(/^\ufeff/, '').split(/\r\n|\n|\r/);
  const out: MarkdownPassage[] = [];
  let cur: string[] = [];
  let curLine = 0;
  let curChars = 0;
  let curHeadingOnly = false;
  let heading = '';
  let curHeading = '';
  let fence: string | undefined;
  const flush = (): void => {
    if (cur.length && cur.some((l) => l.trim() !== '')) out.push({ line: curLine, heading: curHeading, text: cur.join('\n') });
    cur = [];
    curChars = 0;
    curHeadingOnly = false;
  };
  const push = (line: string, n: number): void => {
    if (!cur.length) {
      curLine = n;
      curHeading = heading;
    }
    cur.push(line);
    curChars += line.length + 1;
  };
  lines.forEach((line, i) => {
    const n = i + 1;
    const f = FENCE_RE.exec(line);
    if (fence !== undefined) {
      push(line, n);
      if (f && f[1]![0] === fence[0] && f[1]!.length >= fence.length && line.trim() === f[1]) fence = undefined;
    } else if (f) {
      fence = f[1]!;
      push(line, n);
      curHeadingOnly = false;
    } else {
      const h = HEADING_RE.exec(line);
      if (h) {
        flush();
        heading = h[2]!.trim();
        push(line, n);
        curHeadingOnly = true;
      } else if (line.trim() === '') {
        if (curHeadingOnly) push(line, n); // kept so that line numbers inside the passage stay exact
        else flush();
      } else {
        push(line, n);
        curHeadingOnly = false;
      }
    }
    if (curChars > MAX_PASSAGE_CHARS) flush(); // inside a fence too: the rest is the next passage
  });
  flush();
  return out;
}
