/**
 * Read-only ground: a state dir or a workspace on a read-only file system (EROFS), or one this user may not write
 * (EACCES, EPERM: an immutable folder). OpenClaw degrades there (seed 003: trimmed views still work, the memory
 * flush is skipped with a warning); so do we. Every local write checks its ground here before it asks to confirm,
 * so the user hears "read-only" before any preview, and nothing is attempted. access(2) answers for the file
 * system and the permissions alike (root included), without writing a probe file.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ActionKind, Ground } from './types';

export type { Ground };

const READ_ONLY_CODES = new Set(['EROFS', 'EACCES', 'EPERM']);

/** Can this user write in `dir` (or, when it does not exist yet, in the nearest folder above it that does)? */
export function groundOf(dir: string): Ground {
  let p = path.resolve(dir);
  for (;;) {
    try {
      fs.accessSync(p, fs.constants.W_OK);
      return { writable: true };
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? '';
      if (READ_ONLY_CODES.has(code)) return { writable: false, dir: p, code };
      if (code !== 'ENOENT' && code !== 'ENOTDIR') return { writable: true }; // not a read-only answer: the write itself reports
      const up = path.dirname(p);
      if (up === p) return { writable: true };
      p = up;
    }
  }
}

const WHY: Record<string, string> = { EROFS: 'a read-only file system', EACCES: 'no write permission', EPERM: 'writes not permitted' };

/** "read-only (a read-only file system, EROFS)" */
export const groundWords = (g: Extract<Ground, { writable: false }>): string => `read-only (${WHY[g.code] ?? g.code}, ${g.code})`;

const WHAT: Record<ActionKind, string> = {
  compact: 'the compaction is not written',
  undo: 'the undo is not written',
  restore: 'the restore note is not written',
  flush: 'the memory flush is skipped',
  remember: 'nothing is remembered',
  reset: 'the reset is not sent',
  checkpoint: 'no checkpoint is written',
  'delete-checkpoint': 'no checkpoint is deleted',
  fix: 'the quick fix is not offered',
  breaker: 'the compaction stays paused',
};

/** An untrusted VS Code workspace reads only (package.json capabilities.untrustedWorkspaces: limited). */
export function untrustedRefusal(action: ActionKind): { status: 'refused'; code: 'untrusted'; message: string } {
  return { status: 'refused', code: 'untrusted', message: `This workspace is not trusted, so OpenClaw Context only reads: ${WHAT[action]}. Trust the workspace to write (Manage Workspace Trust).` };
}

/** The refusal every write on read-only ground gives, before any preview or confirmation. */
export function readOnlyRefusal(action: ActionKind, where: string, g: Extract<Ground, { writable: false }>): { status: 'refused'; code: 'read-only'; message: string } {
  return { status: 'refused', code: 'read-only', message: `${where} ${g.dir} is ${groundWords(g)}: ${WHAT[action]}. The views and trimmed views still work.` };
}

/** A checkpoint's ground (writing one, or deleting): our folder in the state dir (context/checkpoints); trust first. */
export function checkpointGround(stateDir: string, opts: { untrusted?: boolean; probe?: (dir: string) => Ground; action?: 'checkpoint' | 'delete-checkpoint' } = {}): { code: string; message: string } | undefined {
  const action = opts.action ?? 'checkpoint';
  if (opts.untrusted) return untrustedRefusal(action);
  return checkGround(action, 'The state dir', path.join(stateDir, 'context', 'checkpoints'), opts.probe);
}

/** The check a local write makes first: undefined when it may go on. `probe` replaces groundOf (tests). */
export function checkGround(action: ActionKind, where: string, dir: string, probe: (dir: string) => Ground = groundOf): ReturnType<typeof readOnlyRefusal> | undefined {
  const g = probe(dir);
  return g.writable ? undefined : readOnlyRefusal(action, where, g);
}

/** The views' line for a folder on read-only ground (undefined when writable). */
export function groundNote(g: Ground): { description: string; tooltip: string } | undefined {
  if (g.writable) return undefined;
  return { description: 'read-only', tooltip: `${g.dir} is ${groundWords(g)}: the views and trimmed views work; compacting, restoring, flushing, remembering and checkpoints write nothing here.` };
}
