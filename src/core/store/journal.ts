/**
 * The JSONL roll-forward journal. A write(2) of a line longer than a page can be cut short by SIGKILL at a
 * page boundary, leaving a partial line that OpenClaw's next append would be glued to. Before appending,
 * the writer records the exact bytes it is about to write (offset, length, SHA-256, the data, and a hash of
 * the bytes just before the offset) in `<stateDir>/context/jsonl-appends/`; after the fsync it removes the
 * record. Whoever takes the transcript lock next (our next write, or the extension and the CLI at
 * start-up) finds a leftover record and completes the append — the file only ever grows.
 *
 * A state dir is untrusted input (a synced folder, a shared machine, a downloaded example), and so is every
 * record in it. A record is applied only when all of this holds, checked at the moment of applying:
 * - it is a regular file holding exactly our record shape, named after its target, its data matching its
 *   length and hash, the data one to 64 well-formed, chained entry lines of the kinds we write;
 * - its target is, by real path, a transcript the state dir's own session store lists, inside that agent's
 *   sessions folder, which itself lies inside the state dir (no `..`, no symlink out, no unknown file);
 * - the transcript still holds what the record expects before the offset (same hash) and, after it, only a
 *   prefix of the record's own bytes.
 * Anything else is never applied and never silently deleted: the record is moved to
 * `jsonl-appends/quarantine/` with a `.reason.txt` beside it, and one message says so. A record whose
 * append never started, or had completed, is removed with a note.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeFileInRoot } from '../fs/atomic';
import { ensureDirInRoot, removeFileInRoot, stateDirRoot } from '../fs/safePath';
import { JsonlSessionStore } from './jsonlStore';
import { acquireLock, type LockOptions, releaseLock } from './lock';
import { openTranscriptForAppend, TranscriptRefused } from './transcriptFile';

export const APPEND_JOURNAL_DIR = 'jsonl-appends';
export const QUARANTINE_DIR = 'quarantine';
const SCHEMA = 'openclaw-context/jsonl-append';
/** Bytes before the offset whose hash a record keeps. */
const PREFIX_BYTES = 4096;

/** What one stored line must be (the writer's own rules); returns why not, or undefined. */
export type StoredLineCheck = (event: unknown) => string | undefined;

export interface JournalLimits {
  maxLines: number;
  maxLineBytes: number;
}

interface AppendIntent {
  schema: typeof SCHEMA;
  file: string;
  offset: number;
  length: number;
  sha256: string;
  prefixLength: number;
  prefixSha256: string;
  data: string; // base64
}

export interface RecoveryReport {
  /** the record file (where it was found) */
  record: string;
  /** its target transcript, when the record named one */
  file?: string;
  status: 'completed' | 'cleared' | 'quarantined' | 'kept';
  message: string;
}

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

export function journalDir(stateDir: string): string {
  return path.join(stateDir, 'context', APPEND_JOURNAL_DIR);
}

export function journalFile(stateDir: string, transcript: string): string {
  return path.join(journalDir(stateDir), `${sha(transcript).slice(0, 32)}.json`);
}

export function readRange(file: string, start: number, length: number): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const b = Buffer.alloc(length);
    let got = 0;
    while (got < length) {
      const n = fs.readSync(fd, b, got, length - got, start + got);
      if (n <= 0) break;
      got += n;
    }
    return b.subarray(0, got);
  } finally {
    fs.closeSync(fd);
  }
}

/** Record the append of `buf` at `offset` of `transcript` (its real path) before writing it. */
export function writeIntent(stateDir: string, transcript: string, offset: number, buf: Buffer): string {
  const f = journalFile(stateDir, transcript);
  const prefix = readRange(transcript, offset - Math.min(offset, PREFIX_BYTES), Math.min(offset, PREFIX_BYTES));
  const intent: AppendIntent = { schema: SCHEMA, file: transcript, offset, length: buf.length, sha256: sha(buf), prefixLength: prefix.length, prefixSha256: sha(prefix), data: buf.toString('base64') };
  // inside the state dir, never through a link leading out of it (fs/safePath)
  writeFileInRoot(stateDirRoot(stateDir), f, JSON.stringify(intent) + '\n', { fsync: true });
  return f;
}

const isInside = (root: string, p: string) => {
  const rel = path.relative(root, p);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
};

function realOrUndefined(p: string): string | undefined {
  try {
    return fs.realpathSync(p);
  } catch {
    return undefined;
  }
}

type Checked = { intent: AppendIntent; data: Buffer } | { reason: string; file?: string };

/** Read and check a record file by itself (shape, name, data); no look at its target yet. */
function readRecord(stateDir: string, recordPath: string, checkLine: StoredLineCheck, limits: JournalLimits): Checked {
  const maxBytes = Math.ceil((limits.maxLines * (limits.maxLineBytes + 1) * 4) / 3) + 64 * 1024;
  let text: string;
  let fd: number | undefined;
  try {
    const st = fs.lstatSync(recordPath);
    if (!st.isFile()) return { reason: `it is not a regular file (${st.isSymbolicLink() ? 'a symbolic link' : 'a special file'})` };
    if (st.size > maxBytes) return { reason: `it is ${st.size} bytes, more than a record can be` };
    fd = fs.openSync(recordPath, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0));
    if (!fs.fstatSync(fd).isFile()) return { reason: 'it is not a regular file' };
    text = fs.readFileSync(fd, 'utf8');
  } catch (err) {
    return { reason: `it cannot be read (${err instanceof Error ? err.message : String(err)})` };
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
  let v: Record<string, unknown>;
  try {
    const p = JSON.parse(text) as unknown;
    if (!p || typeof p !== 'object' || Array.isArray(p)) throw new Error('not a JSON object');
    v = p as Record<string, unknown>;
  } catch (err) {
    return { reason: `it is not a JSON append record (${err instanceof Error ? err.message : String(err)})` };
  }
  const file = typeof v.file === 'string' ? v.file : undefined;
  const bad = (reason: string): Checked => ({ reason, ...(file !== undefined ? { file } : {}) });
  const count = (x: unknown, min: number) => typeof x === 'number' && Number.isSafeInteger(x) && x >= min;
  const hex = (x: unknown) => typeof x === 'string' && /^[0-9a-f]{64}$/.test(x);
  if (v.schema !== SCHEMA) return bad(`its schema is ${JSON.stringify(v.schema)}, not ${SCHEMA}`);
  if (file === undefined || !file || file.includes('\0')) return bad('it names no target file');
  if (!path.isAbsolute(file) || path.resolve(file) !== file) return bad(`its target ${JSON.stringify(file)} is not an absolute, normalised path`);
  if (path.basename(recordPath) !== path.basename(journalFile(stateDir, file))) return bad('its name does not match its target');
  if (!count(v.offset, 1) || !count(v.length, 1) || !hex(v.sha256) || !count(v.prefixLength, 1) || v.prefixLength !== Math.min(v.offset as number, PREFIX_BYTES) || !hex(v.prefixSha256) || typeof v.data !== 'string') {
    return bad('its offset, length, hashes or data are missing or malformed');
  }
  const data = Buffer.from(v.data, 'base64');
  if (data.length !== v.length || data.toString('base64') !== v.data || sha(data) !== v.sha256) return bad('its data does not match its length and hash');
  const lines = checkLines(data, checkLine, limits);
  if (lines) return bad(`its data is not entry lines of ours: ${lines}`);
  return { intent: v as unknown as AppendIntent, data };
}

/** The data must be 1..maxLines complete UTF-8 lines, each an entry we write, chained one to the next. */
function checkLines(data: Buffer, checkLine: StoredLineCheck, limits: JournalLimits): string | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return 'not UTF-8';
  }
  if (!text.endsWith('\n')) return 'it does not end with a line break';
  const lines = text.slice(0, -1).split('\n');
  if (lines.length > limits.maxLines) return `${lines.length} lines (at most ${limits.maxLines})`;
  let prev: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (Buffer.byteLength(l) > limits.maxLineBytes) return `line ${i + 1} is longer than ${limits.maxLineBytes} bytes`;
    let e: unknown;
    try {
      e = JSON.parse(l);
    } catch {
      return `line ${i + 1} is not JSON`;
    }
    const why = checkLine(e);
    if (why) return `line ${i + 1}: ${why}`;
    const o = e as { id: string; parentId: string | null };
    if (prev !== undefined && o.parentId !== prev) return `line ${i + 1} does not chain to line ${i}`;
    prev = o.id;
  }
  return undefined;
}

/**
 * Real paths of the transcripts this state dir's session stores list: `<stateDir>/agents/<id>/sessions`
 * whose real path stays inside the state dir, and files in it that its sessions.json names.
 */
function knownTranscripts(stateDir: string): Set<string> {
  const out = new Set<string>();
  const root = realOrUndefined(stateDir);
  if (!root) return out;
  let agents: fs.Dirent[];
  try {
    agents = fs.readdirSync(path.join(root, 'agents'), { withFileTypes: true });
  } catch {
    return out;
  }
  for (const a of agents) {
    if (!a.isDirectory()) continue;
    const dir = path.join(root, 'agents', a.name, 'sessions');
    const realDir = realOrUndefined(dir);
    if (!realDir || !isInside(root, realDir)) continue;
    const store = new JsonlSessionStore(a.name.toLowerCase(), dir, () => undefined);
    let rows;
    try {
      rows = store.readRows(true).rows;
    } catch {
      continue;
    }
    for (const row of rows) {
      const p = store.transcriptPath(row);
      const real = p && realOrUndefined(p);
      if (real && path.dirname(real) === realDir && fs.statSync(real, { throwIfNoEntry: false })?.isFile()) out.add(real);
    }
  }
  return out;
}

/**
 * Move a record out of the way, with why: `<journal>/quarantine/<name>` and `<name>.reason.txt`. Returns
 * the message to report.
 */
function quarantine(stateDir: string, recordPath: string, reason: string, file: string | undefined): string {
  const name = path.basename(recordPath);
  const what = `The interrupted-append record ${name}${file ? ` (for ${file})` : ''} was not applied: ${reason}.`;
  const qdir = path.join(journalDir(stateDir), QUARANTINE_DIR);
  try {
    // inside the state dir, never through a link leading out of it (fs/safePath)
    ensureDirInRoot(stateDirRoot(stateDir), qdir);
    let dest = path.join(qdir, name);
    if (fs.existsSync(dest)) dest = path.join(qdir, `${name}.${Date.now()}`);
    writeFileInRoot(stateDirRoot(stateDir), `${dest}.reason.txt`, `${new Date().toISOString()}\n${what}\n`, { fsync: true });
    fs.renameSync(recordPath, dest);
    return `${what} It was moved to ${dest} (nothing was written to any file).`;
  } catch (err) {
    return `${what} It could not be moved to quarantine (${err instanceof Error ? err.message : String(err)}) and is left in place; nothing was written to any file.`;
  }
}

/**
 * Complete the interrupted append recorded for `transcript` (its real path), if there is a record. Call
 * with the transcript lock held, for a transcript the caller knows to be a session transcript of this
 * state dir. Every outcome is a note; a record that cannot be applied is quarantined (and its note
 * starts with "The interrupted-append record").
 */
export function completeInterruptedAppend(stateDir: string, transcript: string, checkLine: StoredLineCheck, limits: JournalLimits, notes: string[]): RecoveryReport | undefined {
  const f = journalFile(stateDir, transcript);
  try {
    fs.lstatSync(f);
  } catch {
    return undefined;
  }
  const report = (status: RecoveryReport['status'], message: string): RecoveryReport => {
    notes.push(message);
    return { record: f, file: transcript, status, message };
  };
  const quarantined = (reason: string) => report('quarantined', quarantine(stateDir, f, reason, transcript));
  const r = readRecord(stateDir, f, checkLine, limits);
  if ('reason' in r) return quarantined(r.reason);
  const { intent, data } = r;
  if (intent.file !== transcript) return quarantined(`it names ${intent.file}, not this transcript`);
  const size = fs.statSync(transcript).size;
  if (size < intent.offset) return quarantined(`the transcript is ${size} bytes, shorter than where the append started (${intent.offset})`);
  const prefix = readRange(transcript, intent.offset - intent.prefixLength, intent.prefixLength);
  if (prefix[prefix.length - 1] !== 0x0a || sha(prefix) !== intent.prefixSha256) return quarantined('the transcript before the append is not what the record expects');
  const done = Math.min(size - intent.offset, data.length);
  if (!readRange(transcript, intent.offset, done).equals(data.subarray(0, done))) return quarantined('the bytes after the append offset are not the record’s');
  if (done === 0 || done === data.length) {
    removeFileInRoot(stateDirRoot(stateDir), f);
    return report('cleared', done === 0 ? 'an append record whose write had not started was removed' : 'an earlier append had completed; its record was removed');
  }
  let afd: number;
  try {
    afd = openTranscriptForAppend(transcript).fd;
  } catch (err) {
    if (err instanceof TranscriptRefused) return quarantined(err.message);
    throw err;
  }
  try {
    let w = done;
    while (w < data.length) w += fs.writeSync(afd, data, w, data.length - w);
    fs.fsyncSync(afd);
  } finally {
    fs.closeSync(afd);
  }
  removeFileInRoot(stateDirRoot(stateDir), f);
  return report('completed', `completed an interrupted append (${data.length - done} of ${data.length} bytes were missing)`);
}

/**
 * At start-up: complete every interrupted JSONL append recorded under `<stateDir>/context/jsonl-appends`,
 * each under its transcript's lock, after checking it at its root; quarantine the rest. One report per record.
 */
export async function recoverAppends(stateDir: string, checkLine: StoredLineCheck, limits: JournalLimits, lock: LockOptions = {}): Promise<RecoveryReport[]> {
  const dir = journalDir(stateDir);
  let names: fs.Dirent[];
  try {
    names = fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.name.endsWith('.json'));
  } catch {
    return [];
  }
  const root = realOrUndefined(stateDir);
  const realDir = realOrUndefined(dir);
  if (!root || !realDir || !isInside(root, realDir)) {
    return [{ record: dir, status: 'kept', message: `${dir} leads outside the state dir ${stateDir}; its records were not read or applied.` }];
  }
  let known: Set<string> | undefined;
  const out: RecoveryReport[] = [];
  for (const d of names) {
    const recordPath = path.join(dir, d.name);
    const r = readRecord(stateDir, recordPath, checkLine, limits);
    const reject = (reason: string, file?: string) => out.push({ record: recordPath, ...(file ? { file } : {}), status: 'quarantined', message: quarantine(stateDir, recordPath, reason, file) });
    if ('reason' in r) {
      reject(r.reason, r.file);
      continue;
    }
    const file = r.intent.file;
    const real = realOrUndefined(file);
    if (!real) {
      reject('its target does not exist', file);
      continue;
    }
    if (real !== file) {
      reject(`its target resolves to ${real} (through a symbolic link)`, file);
      continue;
    }
    known ??= knownTranscripts(stateDir);
    if (!known.has(real)) {
      reject(`its target is not a session transcript of this state dir (not listed by a sessions.json in ${path.join(stateDir, 'agents')})`, file);
      continue;
    }
    const notes: string[] = [];
    const held = await acquireLock(`${real}.lock`, lock, notes);
    if ('ok' in held) {
      out.push({ record: recordPath, file, status: 'kept', message: `${file}: ${held.message} The record is kept for the next start.` });
      continue;
    }
    try {
      const rep = completeInterruptedAppend(stateDir, real, checkLine, limits, notes);
      if (rep) out.push({ ...rep, record: recordPath, message: rep.status === 'quarantined' ? rep.message : `${file}: ${rep.message}` });
    } finally {
      releaseLock(held, notes);
    }
  }
  return out;
}
