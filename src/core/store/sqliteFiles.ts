/**
 * The files of an agent database as untrusted input: the database and its companions (`-wal`, `-shm`,
 * `-journal`) must be regular files before SQLite opens them, and a database it cannot open because of
 * an unfinished write (a hot journal) is reported as exactly that, with what to do.
 *
 * A hot journal: in rollback-journal mode a writer killed during a commit leaves `<db>-journal` holding
 * the pages it was replacing. The next connection that can write rolls it back (OpenClaw does, on its next
 * open); a read-only connection cannot and SQLite refuses to read (SQLITE_READONLY_ROLLBACK). We never
 * write to OpenClaw's database, so we do not roll it back ourselves: the agent is shown with this state.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { openRegularFile, SafeReadError, statRegularFile } from '../fs/safeRead';
import { isInside, isUnsafePathError, resolveInRoot, stateDirRoot } from '../fs/safePath';
import { hardLinked } from './transcriptFile';
import { StoreUnavailableError } from './types';

export const SQLITE_COMPANIONS = ['-wal', '-shm', '-journal'] as const;

/** SQLite's extended result code: a read-only connection found a hot journal it may not roll back. */
const SQLITE_READONLY_ROLLBACK = 776;
/** The first 8 bytes of a rollback journal with content (sqlite3 pager.c aJournalMagic). */
const JOURNAL_MAGIC = Buffer.from([0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7]);

/**
 * Throws StoreUnavailableError when the database, or a companion that exists, is not a regular file, or (with
 * `stateDir`) when it is reached through a link leading out of the state dir (assertSqliteInRoot).
 *
 * Checked with stat, never with a descriptor of our own: closing any descriptor of a file releases every POSIX
 * lock this process holds on it, SQLite's included. A reader that opened and closed `<db>-shm` while a write
 * connection of the same process had it mapped dropped that connection's lock on it; another process opening
 * the database then took it for unused, truncated `-shm`, and the writer died of SIGBUS (attack suite, full
 * form, seed 15001, `concurrent #100`). stat neither blocks on a FIFO nor reads a device.
 */
export function assertSqliteFiles(db: string, stateDir?: string): void {
  for (const file of [db, ...SQLITE_COMPANIONS.map((x) => db + x)]) {
    try {
      const st = statRegularFile(file);
      if (file === db && st.size === 0) throw emptyDatabaseError(db);
    } catch (err) {
      if (err instanceof StoreUnavailableError) throw err;
      if (file !== db && err instanceof SafeReadError && err.reason === 'missing') continue;
      throw new StoreUnavailableError(err instanceof Error ? err.message : String(err));
    }
  }
  if (stateDir !== undefined) assertSqliteInRoot(db, stateDir);
}

/**
 * A database file of 0 bytes holds no session, and SQLite must not open it: on opening an empty database it
 * deletes the `-wal` beside it, even on a read-only connection (pager.c, pagerOpenWalIfPresent). That `-wal` may
 * hold the only copy of committed data (a database file truncated by a bad sync); a read never removes it.
 */
export function emptyDatabaseError(db: string): StoreUnavailableError {
  return new StoreUnavailableError(
    `${db} is empty (0 bytes): there is no session in it${fs.existsSync(`${db}-wal`) ? `, and its ${path.basename(db)}-wal is left as it is` : ''}`,
    'If this agent had sessions, restore the database file from a backup or a sync conflict copy before OpenClaw opens it again (opening an empty database deletes its -wal).',
  );
}

/**
 * Throws StoreUnavailableError when the database or a companion is reached through a link leading out of the
 * state dir: SQLite would read it there and create its `-wal` / `-shm` beside the link's target. The root is the
 * state dir for a database named inside it; an agentDir the config places elsewhere is its own root. Only
 * lstat / realpath: no file is opened.
 */
export function assertSqliteInRoot(db: string, stateDir: string): void {
  const root = isInside(path.resolve(stateDir), path.resolve(db)) ? stateDirRoot(stateDir) : path.dirname(path.resolve(db));
  for (const file of [db, ...SQLITE_COMPANIONS.map((x) => db + x)]) {
    try {
      resolveInRoot(root, file, 'any');
    } catch (err) {
      if (isUnsafePathError(err)) throw new StoreUnavailableError(err.message);
    }
  }
}

/**
 * The database or a companion that has another hard link, as a message (undefined when none has): SQLite only
 * logs a warning for it and writes on, changing the file under its other name too, so the writer refuses.
 */
export function hardLinkedSqliteFile(db: string): string | undefined {
  for (const file of [db, ...SQLITE_COMPANIONS.map((x) => db + x)]) {
    let st: fs.Stats;
    try {
      st = fs.lstatSync(file);
    } catch {
      continue;
    }
    if (st.isFile() && st.nlink > 1) return hardLinked(file, st.nlink);
  }
  return undefined;
}

/** `<db>-journal` exists and starts with a journal header (it holds a write that was not finished). */
export function hasHotJournal(db: string): boolean {
  let fd: number;
  try {
    fd = openRegularFile(`${db}-journal`, { maxBytes: Number.MAX_SAFE_INTEGER }).fd;
  } catch {
    return false;
  }
  try {
    const head = Buffer.alloc(JOURNAL_MAGIC.length);
    return fs.readSync(fd, head, 0, head.length, 0) === head.length && head.equals(JOURNAL_MAGIC);
  } catch {
    return false;
  } finally {
    fs.closeSync(fd);
  }
}

export function hotJournalError(db: string): StoreUnavailableError {
  return new StoreUnavailableError(
    `the database has an unfinished write (hot journal ${path.basename(db)}-journal: a writer was stopped during a commit); SQLite must roll it back before anyone can read the database, and a read-only reader cannot. No committed data is lost.`,
    `Open it once with OpenClaw (start its Gateway, or run any openclaw command for this agent), or run: sqlite3 "${db}" "SELECT count(*) FROM sqlite_master;" — either rolls the unfinished write back. OpenClaw Context only reads OpenClaw's database, so it does not do this itself.`,
    'hot-journal',
  );
}

/** The StoreUnavailableError for a failed open or first read: a hot journal named as such, else `prefix: <SQLite's message>`. */
export function openError(db: string, err: unknown, prefix: string): StoreUnavailableError {
  const msg = err instanceof Error ? err.message : String(err);
  const code = (err as { errcode?: unknown }).errcode;
  if (code === SQLITE_READONLY_ROLLBACK || (/readonly database/i.test(msg) && hasHotJournal(db))) return hotJournalError(db);
  return new StoreUnavailableError(`${prefix}: ${msg}`);
}
