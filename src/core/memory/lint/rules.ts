/**
 * The memory linter's rules (`lintMemory`) over the text of a workspace's memory and bootstrap files.
 *
 * Rules (code · severity · threshold · source):
 * - `memory-too-long` · warning · MEMORY.md over 800 estimated tokens · seed 000 rule 1 ("keeps the
 *   always-loaded index under 800 tokens"); the range starts at the line where the running estimate
 *   passes 800.
 * - `line-too-long` · warning · a MEMORY.md line over 150 characters (code points) · seed 000 Step 1
 *   ("each line ≤ 150 chars").
 * - `pointer-missing` · warning · a pointer in MEMORY.md whose target does not exist in the workspace;
 *   quick fix "remove the line" when the line holds that single pointer · seed 000 rule 1 ("MEMORY.md
 *   stores locations"). Pointer forms: `→ path` / `-> path` / `=> path` (the seed's template:
 *   `详情 → memories/project.md`), markdown links `[text](path)`, and backticked `memories/…`/`memory/…`
 *   paths. Targets resolve against the workspace root and are never looked up outside it.
 * - `pointer-outside` · info · a pointer that is absolute, uses `~`, climbs out with `..`, or resolves
 *   out through a symbolic link: not checked.
 * - `content-not-pointer` · warning · in MEMORY.md, a run of consecutive lines without a pointer of
 *   ≥ 400 chars or ≥ 8 lines, or a fenced code block of ≥ 5 lines or ≥ 400 chars. Why: the seed's index
 *   entries are one line (≤ 150 chars) ending in a pointer; 400 chars (≈ 100 tokens, an eighth of the
 *   800-token budget, more than 2½ maximal lines) of pointer-less text is content copied into the index.
 * - `bootstrap-truncated` · warning (error when the file is dropped whole) · a bootstrap file longer than
 *   its per-file cap, or cut/dropped by the total budget; says how many chars are cut and marks the
 *   dropped range · reference §3 (OpenClaw's `buildBootstrapContextFiles`).
 * - `errors-not-append-only` · error · `memories/errors.md` no longer starts with the text last seen (a
 *   warning when only the line endings changed) · seed 000 Step 1 ("append-only").
 * - `cache-volatile` · warning for timestamps (date + time of day), volatile labels (`Updated:`,
 *   `Last updated:`, `As of:`, `Current time:`, `Token estimate:`, `更新于:` …) and their template
 *   placeholders (`{timestamp}`, `{时间戳}`); info for a task status (`Status: in progress`) and, once per
 *   file, for bare dates — in a static bootstrap file (all but HEARTBEAT.md, which OpenClaw places after
 *   the cache boundary). Text inside `<!-- … -->` is ignored (OpenClaw's own USER.md format puts
 *   `observed: YYYY-MM-DD` there) · seed 000 "Prompt Cache Protection" (no timestamps, summaries or task
 *   descriptions in the static section).
 * - `file-unreadable` · error · a memory or bootstrap file that exists but cannot be read (a directory, a
 *   file over 16 MiB, no permission, a symlink out of the workspace).
 */
import * as path from 'node:path';
import { estimateTokens } from '../../tokens/estimator';
import { BOOTSTRAP_FIXED_FILES, DYNAMIC_BOOTSTRAP_FILES, ERRORS_REL, MEMORY_ALT_FILE, MEMORY_FILE } from '../workspace/layout';
import { bootstrapCaps, planBootstrapInjection, type BootstrapCaps, type BootstrapInput } from '../workspace/bootstrap';
import { CODE_BLOCK_MIN_LINES, CONTENT_RUN_MIN_CHARS, CONTENT_RUN_MIN_LINES, fmt, type LintInput, MEMORY_LINE_CHAR_LIMIT, MEMORY_TOKEN_LIMIT, type MemoryProblem, type Severity, toMap } from './problems';
import { codePoints, FENCE_RE, HEADING_RE, indexOfCodePoint, lastPos, posAt, splitLines, wholeLineRange } from './lines';
import { findPointers, resolvePointer } from './pointers';
import { lintCacheVolatile } from './cacheVolatile';

function lintMemoryFile(rel: string, text: string, input: LintInput, out: MemoryProblem[]): void {
  const family = input.family ?? 'o200k';
  const lines = splitLines(text);
  const problem = (p: Omit<MemoryProblem, 'file'>) => out.push({ file: rel, ...p });

  // memory-too-long
  const total = Math.round(estimateTokens(text, family));
  if (total > MEMORY_TOKEN_LIMIT) {
    let running = 0;
    let from = 0;
    for (let i = 0; i < lines.length; i++) {
      running += estimateTokens(lines[i]!.text + '\n', family);
      if (running > MEMORY_TOKEN_LIMIT) {
        from = i;
        break;
      }
    }
    const end = lastPos(lines);
    problem({
      line: from,
      column: 0,
      endLine: end.line,
      endColumn: end.column,
      severity: 'warning',
      code: 'memory-too-long',
      message: `${rel} is about ${fmt(total)} tokens; keep it under ${MEMORY_TOKEN_LIMIT} (MEMORY.md is an always-loaded index of pointers). The budget runs out around line ${from + 1}: move the detail into memories/ files and keep one-line pointers here.`,
    });
  }

  let inFence = false;
  let fenceStart = -1;
  let fenceChars = 0;
  let runStart = -1;
  let runChars = 0;
  const flushRun = (endLine: number) => {
    if (runStart < 0) return;
    const n = endLine - runStart + 1;
    if (runChars >= CONTENT_RUN_MIN_CHARS || n >= CONTENT_RUN_MIN_LINES) {
      problem({
        line: runStart,
        column: 0,
        endLine,
        endColumn: lines[endLine]!.text.length,
        severity: 'warning',
        code: 'content-not-pointer',
        message: `${n} line${n === 1 ? '' : 's'} (${fmt(runChars)} chars) of content without a pointer. ${rel} should hold locations, not content: move this text to the memories/ file it belongs in (project.md, decisions.md …) and leave one line such as "- <topic> → memories/project.md".`,
      });
    }
    runStart = -1;
    runChars = 0;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.text;
    if (FENCE_RE.test(line)) {
      flushRun(i - 1);
      if (!inFence) {
        inFence = true;
        fenceStart = i;
        fenceChars = 0;
      } else {
        inFence = false;
        const inner = i - fenceStart - 1;
        if (inner >= CODE_BLOCK_MIN_LINES || fenceChars >= CONTENT_RUN_MIN_CHARS) {
          problem({
            line: fenceStart,
            column: 0,
            endLine: i,
            endColumn: line.length,
            severity: 'warning',
            code: 'content-not-pointer',
            message: `A ${inner}-line code block (${fmt(fenceChars)} chars) in ${rel}: code is content, not a pointer. Save it in a file under memories/ and point to it.`,
          });
        }
      }
      continue;
    }
    // line-too-long (also inside code blocks: every line is injected)
    const cps = codePoints(line);
    if (cps > MEMORY_LINE_CHAR_LIMIT) {
      problem({
        line: i,
        column: indexOfCodePoint(line, MEMORY_LINE_CHAR_LIMIT),
        endLine: i,
        endColumn: line.length,
        severity: 'warning',
        code: 'line-too-long',
        message: `Line is ${cps} characters; keep ${rel} lines at ${MEMORY_LINE_CHAR_LIMIT} or fewer: one short entry per line, details in the file it points to.`,
      });
    }
    if (inFence) {
      fenceChars += line.length + 1;
      continue;
    }
    if (!line.trim() || HEADING_RE.test(line)) {
      flushRun(i - 1);
      continue;
    }
    const pointers = findPointers(line);
    if (pointers.length > 0) flushRun(i - 1);
    else {
      if (runStart < 0) runStart = i;
      runChars += line.trim().length;
    }
    for (const p of pointers) {
      const resolved = resolvePointer(p.target, rel);
      if (resolved === undefined) continue;
      const status = resolved === 'outside' ? 'outside' : input.existing(resolved);
      const range = { line: i, column: p.column, endLine: i, endColumn: p.endColumn };
      if (status === 'outside') {
        problem({
          ...range,
          severity: 'info',
          code: 'pointer-outside',
          message: `"${p.target}" points outside the workspace; it is not checked, and the agent may not be allowed to read it. Memory pointers are workspace-relative (e.g. memories/project.md).`,
        });
      } else if (!status) {
        const p2: Omit<MemoryProblem, 'file'> = {
          ...range,
          severity: 'warning',
          code: 'pointer-missing',
          message: `"${p.target}" does not exist in the workspace (resolved to ${resolved}). A pointer to nothing sends the agent looking for a file that is not there: create it, fix the path, or remove the entry.`,
        };
        if (pointers.length === 1) p2.fix = { title: `Remove the entry pointing to ${p.target}`, edits: [{ range: wholeLineRange(lines, i), newText: '' }] };
        problem(p2);
      }
    }
  }
  if (inFence) {
    // an unclosed fence runs to the end of the file: OpenClaw injects all of it as text
    const inner = lines.length - fenceStart - 1;
    if (inner >= CODE_BLOCK_MIN_LINES || fenceChars >= CONTENT_RUN_MIN_CHARS) {
      const end = lastPos(lines);
      problem({ line: fenceStart, column: 0, endLine: end.line, endColumn: end.column, severity: 'warning', code: 'content-not-pointer', message: `An unclosed ${inner}-line code block in ${rel}: code is content, not a pointer.` });
    }
  } else flushRun(lines.length - 1);
}

function lintErrorsLog(current: string | undefined, baseline: string, out: MemoryProblem[]): void {
  if (current === undefined) {
    if (baseline.length > 0) {
      out.push({
        file: ERRORS_REL,
        line: 0,
        column: 0,
        endLine: 0,
        endColumn: 0,
        severity: 'error',
        code: 'errors-not-append-only',
        message: `${ERRORS_REL} was deleted (it held ${fmt(baseline.length)} chars when last seen). It is an append-only log: restore it so the agent keeps avoiding the errors it recorded.`,
      });
    }
    return;
  }
  if (current.startsWith(baseline)) return;
  const norm = (s: string) => s.replace(/\r\n/g, '\n');
  const onlyEol = norm(current).startsWith(norm(baseline));
  let i = 0;
  const n = Math.min(current.length, baseline.length);
  while (i < n && current.charCodeAt(i) === baseline.charCodeAt(i)) i++;
  const lines = splitLines(current);
  const at = posAt(lines, i);
  const truncated = i === current.length && current.length < baseline.length;
  out.push({
    file: ERRORS_REL,
    line: at.line,
    column: truncated ? 0 : at.column,
    endLine: at.line,
    endColumn: lines[at.line]!.text.length,
    severity: onlyEol ? 'warning' : 'error',
    code: 'errors-not-append-only',
    message: onlyEol
      ? `${ERRORS_REL}: the line endings were rewritten since it was last seen (the text is the same). It is append-only: add new lines at the end without re-saving earlier ones.`
      : truncated
        ? `${ERRORS_REL} lost text: it is ${fmt(current.length)} chars, ${fmt(baseline.length - current.length)} fewer than when last seen. It is append-only: restore the removed lines; new entries go at the end.`
        : `${ERRORS_REL} was edited, not appended to: line ${at.line + 1} differs from the text last seen. It is append-only: restore the earlier lines and add corrections as new lines at the end.`,
  });
}

function lintBootstrap(files: Map<string, string>, unreadable: Map<string, string>, input: LintInput, out: MemoryProblem[]): void {
  const fromConfig = bootstrapCaps(input.config, input.agentId);
  const caps: BootstrapCaps = { maxChars: input.caps?.maxChars ?? fromConfig.maxChars, totalMaxChars: input.caps?.totalMaxChars ?? fromConfig.totalMaxChars };
  const root = input.workspaceDir ?? '<workspace>';
  const memoryName = files.has(MEMORY_FILE) || unreadable.has(MEMORY_FILE) ? MEMORY_FILE : files.has(MEMORY_ALT_FILE) || unreadable.has(MEMORY_ALT_FILE) ? MEMORY_ALT_FILE : undefined;
  const inputs: BootstrapInput[] = [];
  for (const name of [...BOOTSTRAP_FIXED_FILES, ...(memoryName ? [memoryName] : [])]) {
    const text = files.get(name);
    inputs.push(text !== undefined ? { name, path: path.join(root, name), content: text, missing: false } : { name, path: path.join(root, name), missing: true });
  }
  const plan = planBootstrapInjection(inputs, caps);
  const before: string[] = [];
  for (const p of plan) {
    const text = files.get(p.name);
    if (text === undefined) continue;
    if (p.skipped === 'budget') {
      const lines = splitLines(text);
      const end = lastPos(lines);
      out.push({
        file: p.name,
        line: 0,
        column: 0,
        endLine: end.line,
        endColumn: end.column,
        severity: 'error',
        code: 'bootstrap-truncated',
        message: `${p.name} (${fmt(p.originalChars)} chars) is not injected at all: the bootstrap files before it (${before.join(', ') || 'none'}) used up the ${fmt(caps.totalMaxChars)}-char total (agents.defaults.bootstrapTotalMaxChars). Shorten those files or raise the total.`,
      });
    } else if (p.truncated && p.cutChars > 0) {
      const lines = splitLines(text);
      const from = posAt(lines, p.headKept);
      const to = posAt(lines, p.originalChars - p.tailKept);
      const byBudget = p.fileMaxChars < caps.maxChars || p.budgetClamped;
      const reason = byBudget
        ? `only ${fmt(p.fileMaxChars)} chars of the ${fmt(caps.totalMaxChars)}-char total (agents.defaults.bootstrapTotalMaxChars) were left for it`
        : `OpenClaw injects at most ${fmt(caps.maxChars)} chars per file (agents.defaults.bootstrapMaxChars)`;
      out.push({
        file: p.name,
        line: from.line,
        column: from.column,
        endLine: to.line,
        endColumn: to.column,
        severity: 'warning',
        code: 'bootstrap-truncated',
        message: `${p.name} is ${fmt(p.originalChars)} chars and ${reason}: it keeps the first ${fmt(p.headKept)}${p.tailKept ? ` and the last ${fmt(p.tailKept)}` : ''} and cuts ${fmt(p.cutChars)} chars (lines ${from.line + 1}–${to.line + 1}), which the agent never sees. Move detail into other files and point to them, or raise the cap.`,
      });
    }
    if (p.injected && files.has(p.name)) before.push(p.name);
  }
}

/** Lint the given memory texts (pure; see the module comment for the rules). Problems sorted by file and position. */
export function lintMemory(input: LintInput): MemoryProblem[] {
  const files = toMap(input.files);
  const unreadable = toMap(input.unreadable);
  const out: MemoryProblem[] = [];

  for (const [rel, reason] of unreadable) {
    out.push({ file: rel, line: 0, column: 0, endLine: 0, endColumn: 0, severity: 'error', code: 'file-unreadable', message: `${rel} cannot be read: ${reason}` });
  }

  const memoryRel = files.has(MEMORY_FILE) ? MEMORY_FILE : files.has(MEMORY_ALT_FILE) && !unreadable.has(MEMORY_FILE) ? MEMORY_ALT_FILE : undefined;
  if (memoryRel) lintMemoryFile(memoryRel, files.get(memoryRel)!, input, out);

  lintBootstrap(files, unreadable, input, out);

  for (const name of [...BOOTSTRAP_FIXED_FILES, MEMORY_FILE, MEMORY_ALT_FILE]) {
    if (DYNAMIC_BOOTSTRAP_FILES.has(name)) continue;
    if (name === MEMORY_ALT_FILE && memoryRel !== MEMORY_ALT_FILE) continue;
    const text = files.get(name);
    if (text !== undefined) lintCacheVolatile(name, text, out);
  }

  if (input.errorsBaseline !== undefined && !unreadable.has(ERRORS_REL)) lintErrorsLog(files.get(ERRORS_REL), input.errorsBaseline, out);

  const rank: Record<Severity, number> = { error: 0, warning: 1, info: 2 };
  return out.sort((a, b) => (a.file !== b.file ? (a.file < b.file ? -1 : 1) : a.line - b.line || a.column - b.column || rank[a.severity] - rank[b.severity]));
}
