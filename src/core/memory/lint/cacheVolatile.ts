/**
 * The `cache-volatile` rule of the memory linter (seed 000 "Prompt Cache Protection"): timestamps, volatile
 * labels and their template placeholders, task statuses and bare dates in a static bootstrap file.
 */
import { type MemoryProblem, type TextRange } from './problems';
import { splitLines } from './lines';

// cache-volatile patterns
const DATETIME_RE = /\b\d{4}-\d{2}-\d{2}[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/;
const CLOCK_RE = /\b\d{1,2}:\d{2}:\d{2}\b/;
const VOLATILE_LABEL_RE =
  /(?:^|[|•,;]|\s)(?:\*\*|__)?(last[ -]?updated|updated(?: at| on)?|last (?:run|seen|checked|modified|sync(?:ed)?)|as of|current (?:time|date)|today(?:'s date)?|timestamp|generated(?: at| on)?|token (?:estimate|count|usage)|tokens? used|context (?:usage|used|size)|turn(?: count| number)?|更新于|最后更新|当前时间|时间戳|token ?估算)(?:\*\*|__)?\s*[:：=]\s*\S/i;
const VOLATILE_PLACEHOLDER_RE = /\{(?:timestamp|time|date|datetime|now|updated|时间戳|时间|日期|[^}]*÷\s*4[^}]*)\}/i;
const TASK_STATUS_RE = /(?:status|状态)\s*[:：]\s*(?:in[ -]progress|doing|wip|ongoing|running|进行中)/i;
const DATE_RE = /\b\d{4}-\d{2}-\d{2}\b/;

export function lintCacheVolatile(rel: string, text: string, out: MemoryProblem[]): void {
  const lines = splitLines(text);
  let inComment = false;
  let dateLines = 0;
  let firstDate: TextRange | undefined;
  for (let i = 0; i < lines.length; i++) {
    // blank out HTML comments (column positions are kept)
    let line = lines[i]!.text;
    let masked = '';
    let k = 0;
    while (k < line.length) {
      if (inComment) {
        const e = line.indexOf('-->', k);
        if (e < 0) {
          masked += ' '.repeat(line.length - k);
          k = line.length;
        } else {
          masked += ' '.repeat(e + 3 - k);
          k = e + 3;
          inComment = false;
        }
      } else {
        const s = line.indexOf('<!--', k);
        if (s < 0) {
          masked += line.slice(k);
          k = line.length;
        } else {
          masked += line.slice(k, s);
          k = s;
          inComment = true;
        }
      }
    }
    line = masked;
    const hit = (re: RegExp): TextRange | undefined => {
      const m = re.exec(line);
      if (!m) return undefined;
      const lead = m[0].length - m[0].trimStart().length;
      return { line: i, column: m.index + lead, endLine: i, endColumn: m.index + m[0].length };
    };
    const stamp = hit(DATETIME_RE) ?? hit(CLOCK_RE);
    const label = hit(VOLATILE_LABEL_RE);
    const placeholder = hit(VOLATILE_PLACEHOLDER_RE);
    const w = stamp ?? label ?? placeholder;
    if (w) {
      const what = stamp ? 'a timestamp' : label ? 'a value that changes every update' : 'a placeholder for a timestamp or per-session figure';
      out.push({
        file: rel,
        ...(label && !stamp ? { ...label, endColumn: lines[i]!.text.length } : w),
        severity: 'warning',
        code: 'cache-volatile',
        message: `${rel} carries ${what}. OpenClaw injects ${rel} in the static part of the system prompt, before the prompt-cache boundary: each change re-bills the whole cached prefix. Keep timestamps and per-turn figures out of it — put them in memories/context.md or the daily log memory/YYYY-MM-DD.md.`,
      });
      continue;
    }
    const status = hit(TASK_STATUS_RE);
    if (status) {
      out.push({
        file: rel,
        ...status,
        severity: 'info',
        code: 'cache-volatile',
        message: `A task status in ${rel} changes as work moves on, and each change invalidates the cached prompt prefix. Keep the current task in memories/context.md and point to it.`,
      });
      continue;
    }
    const date = hit(DATE_RE);
    if (date) {
      dateLines++;
      firstDate ??= date;
    }
  }
  if (firstDate) {
    out.push({
      file: rel,
      ...firstDate,
      severity: 'info',
      code: 'cache-volatile',
      message: `${dateLines} line${dateLines === 1 ? '' : 's'} of ${rel} carr${dateLines === 1 ? 'ies' : 'y'} a date. Fine for stable facts; a date that is rewritten every day (a "today" line, a log) belongs in memory/YYYY-MM-DD.md, since ${rel} sits in the cached static prompt.`,
    });
  }
}
