/**
 * Every write the memory engine makes goes through here: the target must resolve inside the agent's
 * workspace (no `..`, no absolute names, no symlink that leads out of it), and the file is replaced
 * atomically (temp file + fsync + rename) so a crash leaves the old file or the new one.
 *
 * Appends are "read, check the old text is still what the preview saw, write old + new atomically": a file
 * that changed under us between the preview and the write is refused (MemoryWriteError 'changed') rather
 * than overwritten. The check and the write happen under the file's `<file>.lock` (store/lock.ts, the
 * protocol the CLI and the extension share), so two writers can never both pass the check and one of
 * them lose the other's entry.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeFileAtomicSync } from '../fs/atomic';
import { ensureDirInRoot, isInside, isUnsafePathError, resolveInRoot, stateDirRoot, workspaceRoot } from '../fs/safePath';
import type { AgentInfo } from '../store/config';
import { readRegularTextIfExists, SafeReadError } from '../fs/safeRead';
import { changedSincePreview, LockError, withFileLocksSync } from '../store/lock';
import { assertLocalStateDir } from '../store/remote';

export type MemoryWriteErrorCode = 'outside' | 'changed' | 'readonly' | 'not-a-file' | 'too-large' | 'locked' | 'no-workspace';

export class MemoryWriteError extends Error {
  constructor(readonly code: MemoryWriteErrorCode, message: string) {
    super(message);
    this.name = 'MemoryWriteError';
  }
}

/** Memory files larger than this are not read whole (they are not memory any more). */
export const MAX_MEMORY_FILE_BYTES = 16 * 1024 * 1024;

/** An UnsafePathError from ../fs/safePath as a MemoryWriteError (other errors unchanged). */
function asMemoryError(err: unknown): unknown {
  if (!isUnsafePathError(err)) return err;
  return new MemoryWriteError(err.reason === 'not-a-file' || err.reason === 'symlink' ? 'not-a-file' : 'outside', err.message);
}

/**
 * The absolute path of `rel` inside `root`, or a MemoryWriteError('outside'). Every existing component is
 * resolved (../fs/safePath): a symlink (a folder or the target itself) that leads out of the workspace is
 * refused. The target may be a file or a folder; the writers check it is a regular file when they write.
 */
export function resolveInside(root: string, rel: string): string {
  if (typeof rel !== 'string' || rel === '' || rel.includes('\0')) throw new MemoryWriteError('outside', `Invalid memory path: ${JSON.stringify(rel)}`);
  if (path.isAbsolute(rel) || /^[a-zA-Z]:/.test(rel)) throw new MemoryWriteError('outside', `Memory paths are relative to the workspace: ${rel}`);
  const absRoot = path.resolve(root);
  const target = path.resolve(absRoot, rel);
  if (!isInside(absRoot, target) || target === absRoot) throw new MemoryWriteError('outside', `${rel} is outside the workspace ${absRoot}`);
  try {
    resolveInRoot(workspaceRoot(absRoot), target, 'any');
  } catch (err) {
    throw asMemoryError(err);
  }
  return target;
}

/** The file's text, or undefined when it does not exist. Refuses directories and huge files. */
export function readTextIfExists(file: string): string | undefined {
  try {
    return readRegularTextIfExists(file, { maxBytes: MAX_MEMORY_FILE_BYTES });
  } catch (err) {
    if (err instanceof SafeReadError && (err.reason === 'not-a-file' || err.reason === 'too-large')) throw new MemoryWriteError(err.reason, err.message);
    throw err;
  }
}

export interface SafeWriteOptions {
  /** refuse every write (read-only / untrusted workspace): callers show what would have been written */
  readOnly?: boolean;
  /** the text the caller previewed against; the write is refused when the file no longer starts with it */
  expectedBefore?: string;
}

/** The refusal of a write whose file is no longer what the preview saw. */
export const changedError = (rel: string): MemoryWriteError => new MemoryWriteError('changed', changedSincePreview(rel));

/**
 * Run `fn` holding the locks of these files inside `root` (their folders are created inside the workspace
 * first). A lock that stays held by another writer past the timeout is a MemoryWriteError('locked').
 */
export function withLocksInside<T>(root: string, rels: readonly string[], fn: () => T): T {
  const files = rels.map((rel) => {
    const file = resolveInside(root, rel);
    try {
      ensureDirInRoot(workspaceRoot(root), path.dirname(file));
    } catch (err) {
      throw asMemoryError(err);
    }
    // a link planted in between is refused: check again before the lock file is created
    return resolveInside(root, rel);
  });
  try {
    return withFileLocksSync(files, fn, { holder: 'another OpenClaw Context write (the extension or the CLI) is changing this file; try again in a moment.' });
  } catch (err) {
    if (err instanceof LockError) throw new MemoryWriteError('locked', err.message);
    throw err;
  }
}

/** Replace `rel` inside `root` with `text` atomically; creates parent folders inside the workspace. */
export function writeInside(root: string, rel: string, text: string, opts: SafeWriteOptions = {}): string {
  const file = resolveInside(root, rel);
  if (opts.readOnly) throw new MemoryWriteError('readonly', `The workspace is read-only here; nothing was written to ${rel}`);
  return withLocksInside(root, [rel], () => {
    if (opts.expectedBefore !== undefined && (readTextIfExists(file) ?? '') !== opts.expectedBefore) throw changedError(rel);
    try {
      // checked again at the moment of writing (a link planted since is refused, never followed)
      writeFileAtomicSync(file, text, { fsync: true, root: workspaceRoot(root) });
    } catch (err) {
      throw asMemoryError(err);
    }
    return file;
  });
}

/**
 * Append `addition` to `rel` (created when missing). The existing text must still be `expectedBefore`
 * when given; a missing final newline is supplied so the addition starts on its own line.
 */
export function appendInside(root: string, rel: string, addition: string, opts: SafeWriteOptions = {}): { file: string; before: string; after: string } {
  const file = resolveInside(root, rel);
  if (opts.readOnly) throw new MemoryWriteError('readonly', `The workspace is read-only here; nothing was written to ${rel}`);
  return withLocksInside(root, [rel], () => {
    const before = readTextIfExists(file) ?? '';
    if (opts.expectedBefore !== undefined && before !== opts.expectedBefore) throw changedError(rel);
    const sep = before === '' || before.endsWith('\n') ? '' : '\n';
    const after = before + sep + addition;
    writeInside(root, rel, after, { expectedBefore: before });
    return { file, before, after };
  });
}

/** Where the memory engine keeps its own state for a state dir (errors.md baselines, flush epochs). */
export function memoryStateDir(stateDir: string): string {
  assertLocalStateDir(stateDir, 'memory state');
  return path.join(stateDir, 'context', 'memory');
}

/**
 * The workspace the memory writers (remember, flush, dream) may write into for an agent of a state dir. It is
 * the one the state dir's own config names, or the state dir's own `workspace` folder (store/config.ts
 * resolveAgents), never the home state dir's. A configured workspace that does not exist here is refused,
 * not replaced by another folder (readers show the state dir's own instead, with a note); a workspace inside
 * the state dir must not be, or lie under, a link leading out of the state dir. Throws MemoryWriteError.
 */
export function writableWorkspace(stateDir: string, agent: Pick<AgentInfo, 'id' | 'workspace' | 'configuredWorkspace'>): string {
  if (agent.configuredWorkspace !== undefined) {
    throw new MemoryWriteError('no-workspace', `the workspace of agent ${agent.id} named by the config of ${stateDir}, ${agent.configuredWorkspace}, does not exist on this machine: nothing was written (${agent.workspace} is not used in its place)`);
  }
  const ws = path.resolve(agent.workspace);
  if (isInside(path.resolve(stateDir), ws)) {
    try {
      resolveInRoot(stateDirRoot(stateDir), ws, 'dir');
    } catch (err) {
      throw asMemoryError(err);
    }
  }
  let isDir = false;
  try {
    isDir = fs.statSync(ws).isDirectory();
  } catch {
    isDir = false;
  }
  if (!isDir) throw new MemoryWriteError('no-workspace', `the workspace of agent ${agent.id} was not found: ${ws}`);
  return ws;
}

/** writableWorkspace, or undefined when it refuses (the breaker's errors.md line is then not written anywhere else). */
export function writableWorkspaceOrNone(stateDir: string, agent: Pick<AgentInfo, 'id' | 'workspace' | 'configuredWorkspace'> | undefined): string | undefined {
  if (!agent) return undefined;
  try {
    return writableWorkspace(stateDir, agent);
  } catch {
    return undefined;
  }
}
