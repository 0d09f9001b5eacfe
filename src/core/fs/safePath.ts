/**
 * Paths we write (and our own files we read) inside a root folder: the state dir for `<stateDir>/context/…`,
 * the agent's workspace for memory files. The root is trusted as the user named it (it may itself be a
 * symbolic link); everything below it is untrusted input (a state dir can come from a synced folder, a shared
 * machine or a downloaded example), so every existing component between the root and the target is resolved
 * to its real path and must stay inside the root's real path:
 *
 * - a component that is a symbolic link leading outside the root (or nowhere) is refused, naming the link;
 *   a link that stays inside the root is followed;
 * - every component but the last must be a folder; an existing target must be a regular file (never a
 *   symbolic link, FIFO, device or folder) — or a folder for `ensureDirInRoot`;
 * - missing folders are created under the checked real path and checked again after creation, so a link
 *   planted while we create them is caught.
 *
 * The writers use the *real* path that was checked (`writeFileAtomicSync(…, { root })` in ./atomic re-checks
 * it right before the rename), so a link swapped into a component after the check is not followed either way.
 *
 * Residual race: Node has no openat/renameat, so between the last check and the rename(2) (microseconds) a
 * process that can already write inside the root could still swap a component of the checked real path for a
 * link. The check narrows this to that window; it cannot close it without O_PATH-style directory handles.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export type UnsafePathReason = 'outside' | 'symlink' | 'not-a-directory' | 'not-a-file' | 'changed';

/** A path refused by the checks above; the message names the offending path and what to do. */
export class UnsafePathError extends Error {
  readonly code = 'EUNSAFEPATH';
  constructor(
    readonly reason: UnsafePathReason,
    message: string,
    /** the offending path, as the user would see it (under the root as named, not its real path) */
    readonly path: string,
  ) {
    super(message);
    this.name = 'UnsafePathError';
  }
}

export const isUnsafePathError = (err: unknown): err is UnsafePathError => err instanceof UnsafePathError;

/** A root folder and how messages call it ("the state dir", "the workspace"). */
export interface SafeRoot {
  dir: string;
  label: string;
}

export type RootLike = string | SafeRoot;

const asRoot = (r: RootLike): SafeRoot => (typeof r === 'string' ? { dir: r, label: 'the folder' } : r);

/** `<stateDir>` as the root of our own files. */
export const stateDirRoot = (stateDir: string): SafeRoot => ({ dir: stateDir, label: 'the state dir' });
/** An agent's workspace as the root of the memory files. */
export const workspaceRoot = (workspaceDir: string): SafeRoot => ({ dir: workspaceDir, label: 'the workspace' });

/** Is `p` `root` or below it (both absolute, same form)? */
export function isInside(root: string, p: string): boolean {
  const rel = path.relative(root, p);
  return rel === '' || (rel !== '..' && !rel.startsWith('..' + path.sep) && !path.isAbsolute(rel));
}

const errCode = (err: unknown): string | undefined => (err as NodeJS.ErrnoException | undefined)?.code;

/** What an existing target must be: a regular file (not a link), a folder, or anything (a link then followed and checked). */
export type Expect = 'file' | 'dir' | 'any';

interface Walked {
  /** the real path of the deepest existing component (the root's real path at least, or the root as named when missing) */
  real: string;
  /** the components below `real` that do not exist yet */
  missing: string[];
  /** the root itself does not exist */
  rootMissing: boolean;
}

function readlinkOr(p: string): string {
  try {
    return fs.readlinkSync(p);
  } catch {
    return '?';
  }
}

function walk(rootLike: RootLike, target: string, expect: Expect): Walked {
  const root = asRoot(rootLike);
  const absRoot = path.resolve(root.dir);
  const abs = path.resolve(absRoot, target);
  if (target.includes('\0') || !isInside(absRoot, abs)) throw new UnsafePathError('outside', `${abs} is outside ${root.label} ${absRoot}: refused`, abs);
  const rel = path.relative(absRoot, abs);
  const comps = rel === '' ? [] : rel.split(path.sep);
  let realRoot: string;
  try {
    realRoot = fs.realpathSync.native(absRoot);
  } catch (err) {
    if (errCode(err) === 'ENOENT') return { real: absRoot, missing: comps, rootMissing: true };
    throw err;
  }
  if (!fs.statSync(realRoot).isDirectory()) throw new UnsafePathError('not-a-directory', `${absRoot} (${root.label}) is not a directory`, absRoot);
  let cur = realRoot;
  for (let i = 0; i < comps.length; i++) {
    const next = path.join(cur, comps[i]!);
    const shown = path.join(absRoot, ...comps.slice(0, i + 1));
    const last = i === comps.length - 1;
    let st: fs.Stats;
    try {
      st = fs.lstatSync(next);
    } catch (err) {
      if (errCode(err) === 'ENOENT') return { real: cur, missing: comps.slice(i), rootMissing: false };
      throw err;
    }
    if (st.isSymbolicLink()) {
      if (last && expect === 'file') {
        throw new UnsafePathError('symlink', `${shown} is a symbolic link (to ${readlinkOr(next)}), not a regular file: refused. Remove the link.`, shown);
      }
      let to: string;
      try {
        to = fs.realpathSync.native(next);
      } catch {
        throw new UnsafePathError('symlink', `${shown} is a symbolic link to ${readlinkOr(next)}, which does not resolve: refused. Remove the link or make it a real folder.`, shown);
      }
      if (!isInside(realRoot, to)) {
        throw new UnsafePathError(
          'outside',
          `${shown} is a symbolic link to ${to}, outside ${root.label} ${absRoot}: refused (nothing is read, written or deleted through it). Remove the link or make it a real folder.`,
          shown,
        );
      }
      st = fs.statSync(to);
      cur = to;
    } else cur = next;
    if (last && expect === 'any') break;
    if (!last || expect === 'dir') {
      if (!st.isDirectory()) throw new UnsafePathError('not-a-directory', `${shown} is not a directory: refused`, shown);
    } else if (!st.isFile()) {
      throw new UnsafePathError('not-a-file', `${shown} is not a regular file: refused`, shown);
    }
  }
  return { real: cur, missing: [], rootMissing: false };
}

/**
 * The real path of `target` (absolute, or relative to the root) after the checks in the module comment;
 * components that do not exist yet are appended as named. `expect` says what an existing target must be.
 */
export function resolveInRoot(root: RootLike, target: string, expect: Expect = 'file'): string {
  const w = walk(root, target, expect);
  return path.join(w.real, ...w.missing);
}

/**
 * Create `dir` (absolute, or relative to the root) and any missing folder between it and the root, under the
 * real path just checked (never through a link leading out), then check the result again; returns its real
 * path. A missing root is created (its own ancestors are the user's, not ours to judge).
 */
export function ensureDirInRoot(root: RootLike, dir: string, mode = 0o755): string {
  const w = walk(root, dir, 'dir');
  if (!w.missing.length && !w.rootMissing) return w.real;
  fs.mkdirSync(path.join(w.real, ...w.missing), { recursive: true, mode });
  // whatever exists now (ours, or a link planted in between) is checked again
  return resolveInRoot(root, dir, 'dir');
}

/**
 * Delete a regular file inside the root (after the real-path check). Returns false when it does not exist;
 * anything but a regular file (a link, a folder, a FIFO) is refused with an UnsafePathError, never deleted.
 */
export function removeFileInRoot(root: RootLike, file: string): boolean {
  const w = walk(root, file, 'file');
  if (w.missing.length) return false;
  try {
    fs.unlinkSync(w.real);
    return true;
  } catch (err) {
    if (errCode(err) === 'ENOENT') return false;
    throw err;
  }
}
