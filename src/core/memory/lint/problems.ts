/**
 * The memory linter's output: problems in an OpenClaw workspace's memory files as data the VS Code layer turns
 * into diagnostics (and the CLI prints), their codes and severities, quick-fix edits, the input of a lint and its
 * thresholds.
 *
 * Positions: `line`/`column`/`endLine`/`endColumn` are 0-based, columns in UTF-16 code units, the end
 * exclusive — exactly `new vscode.Range(line, column, endLine, endColumn)`. Lines are split on `\n`; a
 * `\r` before it is not part of the line (CRLF files measure like LF files).
 */
import { type EstimatorFamily } from '../../tokens/estimator';
import { type BootstrapCaps } from '../workspace/bootstrap';

export const MEMORY_TOKEN_LIMIT = 800;
export const MEMORY_LINE_CHAR_LIMIT = 150;
export const CONTENT_RUN_MIN_CHARS = 400;
export const CONTENT_RUN_MIN_LINES = 8;
export const CODE_BLOCK_MIN_LINES = 5;

export type Severity = 'error' | 'warning' | 'info';
export type ProblemCode =
  | 'memory-too-long'
  | 'line-too-long'
  | 'pointer-missing'
  | 'pointer-outside'
  | 'content-not-pointer'
  | 'bootstrap-truncated'
  | 'errors-not-append-only'
  | 'cache-volatile'
  | 'file-unreadable';

/** 0-based, UTF-16 columns, end exclusive (a VS Code Range). */
export interface TextRange {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface TextEdit {
  range: TextRange;
  newText: string;
}

export interface MemoryProblem extends TextRange {
  /** workspace-relative, '/'-separated */
  file: string;
  severity: Severity;
  code: ProblemCode;
  message: string;
  fix?: { title: string; edits: TextEdit[] };
}

export interface LintInput {
  /** workspace-relative path → text, for the files to check (MEMORY.md, bootstrap files, memories/errors.md) */
  files: ReadonlyMap<string, string> | Readonly<Record<string, string>>;
  /** does a pointer target exist? `rel` is normalised and inside the workspace; 'outside' = leads out (symlink) */
  existing: (rel: string) => boolean | 'outside';
  /** the errors.md text last seen; undefined = no baseline yet (rule off) */
  errorsBaseline?: string;
  /** files that exist but could not be read: rel → reason */
  unreadable?: ReadonlyMap<string, string> | Readonly<Record<string, string>>;
  /** OpenClaw's caps; when absent, read from `config` (parsed openclaw.json, `agentId`'s entry first), else 20,000 / 150,000 */
  caps?: Partial<BootstrapCaps>;
  config?: unknown;
  agentId?: string;
  /** for the length of OpenClaw's `[MISSING] Expected at: <path>` markers (default '<workspace>') */
  workspaceDir?: string;
  family?: EstimatorFamily;
}

export const toMap = (m: ReadonlyMap<string, string> | Readonly<Record<string, string>> | undefined): Map<string, string> =>
  m instanceof Map ? new Map(m) : new Map(Object.entries((m ?? {}) as Record<string, string>));

export const fmt = (n: number): string => n.toLocaleString('en-US');
