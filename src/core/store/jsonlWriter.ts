/**
 * The JSONL-era writer (`<sessionsDir>/<sessionId>.jsonl`, OpenClaw ≤ 2026.7): under OpenClaw's
 * `<transcript>.lock` protocol (openclaw-formats.md §1.6; lock.ts), whole lines appended to a file that
 * ends in `\n`, then fsync, each append recorded first in our roll-forward journal (journal.ts) so a torn
 * line is completed, never left for OpenClaw to glue to. Nothing is ever rewritten or deleted.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { JsonlSessionStore } from './jsonlStore';
import { completeInterruptedAppend, recoverAppends, type RecoveryReport, writeIntent } from './journal';
import { acquireLock, releaseLock } from './lock';
import { openTranscriptForAppend, resolveTranscript, transcriptRoot, TranscriptRefused } from './transcriptFile';
import type { Diagnostic, EntryMeta, SessionRow } from './types';
import { checkFirstKept, checkStoredEvent, errText, MAX_ENTRIES_PER_WRITE, MAX_ENTRY_BYTES, prepare, refuse, validateAll, type WriteEntryInput } from './writeEntries';
import { basisRefusal, deriveStateDir, ownershipRefusal, type WriteOptions, type WriteResult } from './writeResult';

const MAX_TAIL_LINE_BYTES = 64 * 1024 * 1024;

export interface JsonlWriteOptions extends WriteOptions {
  /** how long to wait for a live transcript lock (default 2000 ms; OpenClaw's back-off min(1000, 50·n) ms) */
  lockTimeoutMs?: number;
  /** a lock older than this is stale even if its pid lives (default 30 min) */
  lockStaleMs?: number;
  /**
   * Chain the first entry to this existing entry instead of the active leaf: a branch (pi's tree
   * navigation), which makes that point the active path again — how "undo compaction" works in the
   * JSONL era (branch from the compaction's parent). Only `custom` / `custom_message` entries may branch.
   */
  branchFrom?: string;
}

const lockOptions = (o: Pick<JsonlWriteOptions, 'lockTimeoutMs' | 'lockStaleMs' | 'now'>) => ({ timeoutMs: o.lockTimeoutMs, staleMs: o.lockStaleMs, now: o.now });

/** The last line of a file that ends in `\n` (without the newline). */
function lastLine(fd: number, size: number): string | undefined {
  let end = size - 1; // the final '\n'
  let pos = end;
  const chunks: Buffer[] = [];
  while (pos > 0 && size - pos <= MAX_TAIL_LINE_BYTES) {
    const len = Math.min(64 * 1024, pos);
    const buf = Buffer.alloc(len);
    fs.readSync(fd, buf, 0, len, pos - len);
    const nl = buf.lastIndexOf(10);
    if (nl >= 0) {
      chunks.unshift(buf.subarray(nl + 1));
      return Buffer.concat(chunks).toString('utf8');
    }
    chunks.unshift(buf);
    pos -= len;
    end = pos;
  }
  return pos <= 0 ? Buffer.concat(chunks).toString('utf8') : undefined;
}

const JOURNAL_LIMITS = { maxLines: MAX_ENTRIES_PER_WRITE, maxLineBytes: MAX_ENTRY_BYTES };

/**
 * At start-up (the extension, for every state dir): complete every interrupted JSONL append of ours,
 * each checked at its root and under its transcript's lock; records that do not pass are quarantined
 * (journal.ts). One report per record.
 */
export function recoverJsonlAppends(stateDir: string, opts: Pick<JsonlWriteOptions, 'lockTimeoutMs' | 'lockStaleMs' | 'now'> = {}): Promise<RecoveryReport[]> {
  return recoverAppends(stateDir, checkStoredEvent, JOURNAL_LIMITS, lockOptions(opts));
}

/**
 * Append entries to a JSONL-era transcript (`<sessionsDir>/<sessionId>.jsonl`, OpenClaw ≤ 2026.7)
 * under OpenClaw's lock protocol. `row` is the session's `sessions.json` row (its sessionId and
 * optional sessionFile locate the transcript).
 */
export async function appendJsonlEntries(sessionsDir: string, row: Pick<SessionRow, 'key' | 'sessionId'> & Partial<Pick<SessionRow, 'sessionFile'>>, entries: WriteEntryInput[], opts: JsonlWriteOptions = {}): Promise<WriteResult> {
  const seen: { quarantined?: string } = {};
  const r = await appendJsonl(sessionsDir, row, entries, opts, seen);
  // a quarantined record is reported whatever happens next (on success it is among the notes)
  return !r.ok && seen.quarantined ? { ...r, message: `${r.message} ${seen.quarantined}` } : r;
}

async function appendJsonl(sessionsDir: string, row: Pick<SessionRow, 'key' | 'sessionId'> & Partial<Pick<SessionRow, 'sessionFile'>>, entries: WriteEntryInput[], opts: JsonlWriteOptions, seen: { quarantined?: string }): Promise<WriteResult> {
  if (typeof sessionsDir !== 'string' || !sessionsDir) return refuse('invalid-input', 'sessionsDir must be an agent sessions directory');
  if (!row || typeof row !== 'object' || typeof row.sessionId !== 'string' || !row.sessionId) return refuse('invalid-input', 'row must be a session row with a sessionId');
  const bad = validateAll(entries);
  if (bad) return bad;
  const stateDir = opts.stateDir ?? deriveStateDir(sessionsDir, 'sessions');
  if (!stateDir) return refuse('invalid-input', `Cannot tell which state dir ${sessionsDir} belongs to (expected <stateDir>/agents/<id>/sessions); pass stateDir so ownership can be checked.`);
  let dirReal: string;
  try {
    dirReal = fs.realpathSync(sessionsDir);
  } catch {
    return refuse('not-found', `No sessions directory at ${sessionsDir}.`);
  }
  const agentId = path.basename(path.dirname(path.resolve(sessionsDir))).toLowerCase();
  const diags: Diagnostic[] = [];
  const store = new JsonlSessionStore(agentId, sessionsDir, (d) => diags.push(d));
  const fullRow: SessionRow = { key: row.key ?? '', sessionId: row.sessionId, updatedAt: 0, ...(row.sessionFile ? { sessionFile: row.sessionFile } : {}) };
  const file = store.transcriptPath(fullRow);
  if (!file) return refuse('invalid-input', `Session ${row.key} has no transcript path inside ${sessionsDir}${diags.length ? `: ${diags.map((d) => d.message).join('; ')}` : ''}.`);
  let fileReal: string;
  try {
    fileReal = resolveTranscript(transcriptRoot(stateDir, sessionsDir), file);
  } catch (err) {
    if (err instanceof TranscriptRefused) return refuse(err.code, err.message);
    throw err;
  }
  if (path.dirname(fileReal) !== dirReal) return refuse('invalid-input', `${file} resolves outside ${sessionsDir}; not writing.`);
  const lockPath = path.join(dirReal, `${path.basename(fileReal)}.lock`);

  const owned = await ownershipRefusal(stateDir, opts.ownership, { ignoreLockFiles: [...(opts.ownership?.ignoreLockFiles ?? []), lockPath] });
  if (owned) return owned;

  const notes: string[] = [];
  const now = opts.now ?? Date.now;
  const lock = await acquireLock(lockPath, lockOptions(opts), notes);
  if ('ok' in lock) return lock;
  let fd: number | undefined;
  let intentFile: string | undefined;
  try {
    // a record of ours for this transcript: completed, or quarantined when it does not check out
    const interrupted = completeInterruptedAppend(stateDir, fileReal, checkStoredEvent, JOURNAL_LIMITS, notes);
    if (interrupted?.status === 'quarantined') seen.quarantined = interrupted.message;
    // one descriptor, judged once (transcriptFile.ts): what was checked is what is read and appended to
    try {
      fd = openTranscriptForAppend(fileReal).fd;
    } catch (err) {
      if (err instanceof TranscriptRefused) return refuse(err.code, err.message);
      throw err;
    }
    const size = fs.fstatSync(fd).size;
    if (size === 0) return refuse('empty-transcript', `${fileReal} is empty; nothing to append to.`);
    const tail = Buffer.alloc(1);
    fs.readSync(fd, tail, 0, 1, size - 1);
    if (tail[0] !== 10) {
      return refuse('partial-line', `${fileReal} ends in the middle of a line: another writer is mid-append (or crashed mid-line). Nothing was written; try again once OpenClaw has finished.`);
    }
    const lastText = lastLine(fd, size);
    if (lastText === undefined) return refuse('corrupt', `The last line of ${fileReal} is longer than ${MAX_TAIL_LINE_BYTES} bytes; not appending after it.`);
    try {
      const v = JSON.parse(lastText) as unknown;
      if (!v || typeof v !== 'object') throw new Error('not a JSON object');
    } catch (err) {
      if (lastText.trim()) return refuse('corrupt', `The last line of ${fileReal} is not valid JSON (${errText(err)}); not appending after it.`);
    }
    // Read the transcript with our own reader (same rules as the views), up to what exists now.
    const delta = store.readTranscript(fullRow, undefined, { full: true });
    const bad = diags.find((d) => d.severity === 'error');
    if (bad) return refuse('corrupt', `${fileReal}: ${bad.message}; not appending.`);
    if (delta.headerVersion === undefined) return refuse('corrupt', `${fileReal} has no session header; not appending.`);
    if (delta.headerVersion < 2) return refuse('unsupported-schema', `${fileReal} is a version ${delta.headerVersion} transcript (entries without ids); OpenClaw migrates it on its next open. Not appending.`);
    const byId = new Map<string, EntryMeta>();
    for (const e of delta.entries) if (e.kind !== 'header') byId.set(e.id, e);
    const last = [...delta.entries].reverse().find((e) => e.kind !== 'header');
    // Only the header (a session just started by `/new`): the first entry is a root (parentId null),
    // exactly what pi's SessionManager writes for a new session's first entry. Notes only: a
    // compaction needs a kept tail.
    if (!last && entries.some((e) => e.type === 'compaction')) return refuse('empty-transcript', `${fileReal} has only its header; there is nothing to compact yet.`);
    let leafId: string | null = last ? last.id : null;
    if (last && last.kind === 'leaf') {
      if (!last.targetId || !byId.has(last.targetId)) return refuse('corrupt', `The transcript's last entry is a leaf entry pointing at ${JSON.stringify(last.targetId)}, which does not exist; not appending.`);
      leafId = last.targetId;
    }
    const stale = basisRefusal(opts.expect, { leafId, size }, `Session ${row.key ?? row.sessionId}`);
    if (stale) return stale;
    if (opts.branchFrom !== undefined) {
      if (entries.some((x) => x.type === 'compaction')) return refuse('invalid-input', 'only custom and custom_message entries can start a branch');
      const target = byId.get(opts.branchFrom);
      if (!target || target.kind === 'leaf' || target.kind === 'header') return refuse('invalid-input', `branchFrom: no entry ${JSON.stringify(opts.branchFrom)} in ${fileReal} to branch from`);
      leafId = target.id;
    }
    const kept = checkFirstKept(entries, leafId, (id) => {
      const e = byId.get(id);
      return e ? { parentId: e.parentId, type: e.type } : undefined;
    });
    if (kept) return refuse('invalid-input', kept);
    const prepared = prepare(entries, leafId, now());
    if (prepared.error) return refuse('invalid-input', prepared.error);
    let offset = size;
    for (const w of prepared.written) {
      w.offset = offset;
      offset += w.bytes + 1;
    }
    const buf = Buffer.from(prepared.written.map((w) => w.json + '\n').join(''), 'utf8');
    intentFile = writeIntent(stateDir, fileReal, size, buf);
    let done = 0;
    try {
      while (done < buf.length) done += fs.writeSync(fd, buf, done, buf.length - done);
      fs.fsyncSync(fd);
    } catch (err) {
      // A failed write (disk full …) may leave part of our line at the end. Those bytes are ours alone
      // when the file is exactly `size + done` long: cut them so OpenClaw's next line is not glued to them.
      let undo = '';
      if (done > 0) {
        try {
          if (fs.fstatSync(fd).size === size + done) {
            fs.ftruncateSync(fd, size);
            fs.fsyncSync(fd);
            undo = '; the partial line we had written was removed, the file is as it was';
          } else undo = `; ${done} bytes of our line may remain at the end of the file (another writer appended too), so the next write will refuse until it is repaired`;
        } catch (e) {
          undo = `; removing our partial line failed (${errText(e)})`;
        }
      }
      if (undo.startsWith('; the partial line we had written was removed')) fs.rmSync(intentFile, { force: true });
      return refuse('write-failed', `Appending to ${fileReal} failed: ${errText(err)}${undo}.`);
    }
    fs.rmSync(intentFile, { force: true }); // written and fsync'ed: nothing to complete
    intentFile = undefined;
    const after = fs.fstatSync(fd).size;
    if (after !== size + buf.length) notes.push(`the file grew by ${after - size} bytes, not ${buf.length}: another writer appended at the same time without taking the lock`);
    return { ok: true, era: 'jsonl', location: fileReal, sessionId: row.sessionId, previousLeafId: leafId, written: prepared.written, notes };
  } catch (err) {
    return refuse('write-failed', `Appending to ${fileReal} failed: ${errText(err)}`);
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
    releaseLock(lock, notes);
  }
}
