/**
 * A JSONL transcript we append to, as untrusted input (the state dir may come from a synced folder or another
 * machine):
 *
 * - its real path stays inside its root: the state dir when its sessions folder is named inside it (a
 *   sessions folder, an agent folder or `agents/` that is a link leading out of the state dir is refused, the
 *   rule the SQLite store follows in ./sqliteFiles), else the sessions folder the config places elsewhere;
 * - it is opened once, without following a link (`O_NOFOLLOW`; a link swapped in after the path was resolved
 *   is refused, not followed; on Linux the descriptor's own path, `/proc/self/fd`, must be the resolved one, so a
 *   folder of the path swapped for a link in between is caught too) and without blocking on a FIFO, for reading and appending on the same
 *   descriptor, and judged on that descriptor: a regular file with no other hard link. Appending to a file
 *   with two names would change a file elsewhere (a hard link can lead out of any root a path check knows).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isInside, isUnsafePathError, resolveInRoot, stateDirRoot, type SafeRoot } from '../fs/safePath';
import { fileKind } from '../fs/safeRead';

const O_NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;
const O_NONBLOCK = fs.constants.O_NONBLOCK ?? 0;

/** Why a file of OpenClaw's with more than one name is not written to (the writers of ./jsonlWriter and ./sqliteWriter). */
export const hardLinked = (file: string, nlink: number): string => `${file} has ${nlink} hard links (the same file under another name, maybe outside the state dir)`;

/** A transcript that must not be appended to; the message names it and why. */
export class TranscriptRefused extends Error {
  constructor(
    readonly code: 'not-found' | 'invalid-input',
    message: string,
  ) {
    super(message);
    this.name = 'TranscriptRefused';
  }
}

/** The root a sessions folder's transcripts must stay inside (see the module comment). */
export function transcriptRoot(stateDir: string, sessionsDir: string): SafeRoot {
  return isInside(path.resolve(stateDir), path.resolve(sessionsDir)) ? stateDirRoot(stateDir) : { dir: sessionsDir, label: 'the sessions folder' };
}

/** The real path of `file` inside `root` (a link inside the root is followed), or TranscriptRefused. */
export function resolveTranscript(root: SafeRoot, file: string): string {
  let real: string;
  try {
    real = resolveInRoot(root, file, 'any');
  } catch (err) {
    if (isUnsafePathError(err)) throw new TranscriptRefused('invalid-input', `${err.message.replace(/: refused.*$/, '')}: not writing to the transcript through it.`);
    throw new TranscriptRefused('not-found', `No transcript at ${file}.`);
  }
  if (!fs.existsSync(real)) throw new TranscriptRefused('not-found', `No transcript at ${file}.`);
  return real;
}

/**
 * Open the transcript at its real path for reading and appending (see the module comment). The caller closes
 * the descriptor. TranscriptRefused when it is not a regular file, has other hard links, or became a link.
 */
export function openTranscriptForAppend(real: string): { fd: number; stat: fs.Stats } {
  let fd: number;
  try {
    fd = fs.openSync(real, fs.constants.O_RDWR | fs.constants.O_APPEND | O_NOFOLLOW | O_NONBLOCK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new TranscriptRefused('not-found', `No transcript at ${real}.`);
    if (code === 'ELOOP') throw new TranscriptRefused('invalid-input', `${real} became a symbolic link: not writing through it.`);
    throw new TranscriptRefused('invalid-input', `${real} cannot be opened for appending (${code ?? String(err)}): not writing.`);
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw new TranscriptRefused('invalid-input', `${real} is ${fileKind(stat)}, not a regular file: not writing.`);
    if (stat.nlink > 1) throw new TranscriptRefused('invalid-input', `${hardLinked(real, stat.nlink)}: not appending, so no other file changes. Copy it to a file of its own to write to it.`);
    // a folder of the path swapped for a link after it was resolved (O_NOFOLLOW guards only the last name): where
    // Linux tells what the descriptor is, it must be the file that was resolved
    const opened = openedPath(fd);
    if (opened !== undefined && opened !== real) throw new TranscriptRefused('invalid-input', `${real} moved while it was being opened (it is now ${opened}): not writing.`);
    return { fd, stat };
  } catch (err) {
    fs.closeSync(fd);
    throw err;
  }
}

/** The path the kernel has for an open descriptor (Linux `/proc/self/fd`), undefined where it cannot tell. */
function openedPath(fd: number): string | undefined {
  try {
    return fs.readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return undefined;
  }
}
