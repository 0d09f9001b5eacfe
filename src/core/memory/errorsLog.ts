/**
 * seed 000's append-only `memories/errors.md`: "permission denials / wrong paths (append only)"; the L4
 * circuit breaker "appends the failure reason to memories/errors.md", and Step 2 has the agent append
 * "one line describing the inconsistency". The agent reads it before acting so it does not retry what
 * failed.
 *
 * Line format (ours; the seed fixes none): `- <ISO 8601 UTC, seconds> [<kind>] <message>`, e.g.
 * `- 2026-11-21T10:15:30Z [breaker] L2 compaction failed 3 times in a row; stopped retrying`.
 * - one entry = one line, newest last; the message loses control characters and line breaks (so an entry
 *   can never forge a second one) and the line is capped at 200 characters (`…` marks the cut);
 * - kind: lower-case `[a-z0-9._-]`, at most 32 chars (`breaker`, `permission`, `missing-path`, …);
 * - a new file starts with a one-line heading.
 * Writes go through fsSafe's `appendInside` with `expectedBefore`, so earlier text is never rewritten: a
 * file changed between our read and our write is re-read and the append retried (3 attempts).
 */
import { appendInside, MemoryWriteError, readTextIfExists, resolveInside } from './fsSafe';
import { ERRORS_REL } from './workspace/layout';

export const MAX_ERROR_LINE_CHARS = 200;
export const MAX_KIND_CHARS = 32;
export const ERRORS_HEADING = '# Errors — append-only log, newest last (memories/errors.md)\n\n';

export type EngineErrorKind = 'breaker' | 'permission' | 'missing-path' | (string & {});

export interface EngineErrorEntry {
  kind: EngineErrorKind;
  message: string;
  at?: Date;
}

/** The kind as written between brackets. */
export function sanitizeKind(kind: string): string {
  const k = String(kind ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_KIND_CHARS);
  return k || 'error';
}

/** One line of text: control characters (C0, DEL, C1, U+2028/9) and runs of white space become one space. */
export function singleLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return String(text ?? '').replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').replace(/\s+/g, ' ').trim();
}

/** Cut `s` to `max` code points, ending in `…` when cut (never splits a surrogate pair). */
export function capCodePoints(s: string, max: number): string {
  const cps = Array.from(s);
  return cps.length <= max ? s : cps.slice(0, Math.max(0, max - 1)).join('') + '…';
}

/** The exact line (without its line break) for an entry. */
export function formatErrorLine(entry: EngineErrorEntry): string {
  const at = entry.at && !Number.isNaN(entry.at.getTime()) ? entry.at : new Date();
  const stamp = at.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const msg = singleLine(entry.message) || '(no message)';
  return capCodePoints(`- ${stamp} [${sanitizeKind(entry.kind)}] ${msg}`, MAX_ERROR_LINE_CHARS);
}

export interface AppendErrorResult {
  written: boolean;
  /** the line (as appended, or as it would have been) */
  line: string;
  file?: string;
  /** why nothing was written (read-only, a directory, outside the workspace, kept changing …) */
  error?: string;
  code?: string;
}

/**
 * Append one entry to `<workspace>/memories/errors.md` (created when missing). Never throws: failures
 * come back as `{written: false, error}` so a failing engine path can log without failing again.
 */
export function appendEngineError(workspaceDir: string, entry: EngineErrorEntry, opts: { readOnly?: boolean } = {}): AppendErrorResult {
  const line = formatErrorLine(entry);
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const before = readTextIfExists(resolveInside(workspaceDir, ERRORS_REL)) ?? '';
      const addition = (before === '' ? ERRORS_HEADING : '') + line + '\n';
      const r = appendInside(workspaceDir, ERRORS_REL, addition, { readOnly: opts.readOnly, expectedBefore: before });
      return { written: true, line, file: r.file };
    } catch (e) {
      lastError = e;
      if (!(e instanceof MemoryWriteError && e.code === 'changed')) break;
    }
  }
  const res: AppendErrorResult = { written: false, line, error: lastError instanceof Error ? lastError.message : String(lastError) };
  const code = lastError && typeof lastError === 'object' && 'code' in lastError ? String((lastError as { code: unknown }).code) : undefined;
  if (code) res.code = code;
  return res;
}
