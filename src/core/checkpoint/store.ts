/**
 * Checkpoint files on disk (seed 001 §5.2, §5.5): `cp_NNN.yaml` per session directory, written once
 * and never modified (new checkpoint = new file, created exclusively), a per-session `_latest.json`
 * pointer, retention of the newest 5, deduplication of repeated writes (< 5 % input-token movement),
 * and reading that falls back past a corrupt file to the previous checkpoint.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { sweepTempFiles, TEMP_FILE_RE, writeFileAtomicSync } from '../fs/atomic';
import { removeFileInRoot, resolveInRoot, stateDirRoot, UnsafePathError, type RootLike } from '../fs/safePath';
import { parseJsonSafe } from '../fs/safeJson';
import { READ_LIMITS, readRegularText } from '../fs/safeRead';
import { timeMs } from '../store/time';
import { checkedOwnDir, checkpointDir, checkpointsRoot } from './paths';
import { checkpointIdFor, checkpointNumber, CHECKPOINT_ID_RE, type Checkpoint } from './schema';
import { MAX_CHECKPOINT_BYTES, parseCheckpointYaml, serializeCheckpoint } from './yamlCodec';

export const LATEST_FILE = '_latest.json';
export const LATEST_SCHEMA = 'openclaw/checkpoint-latest';
export const DEFAULT_KEEP = 5;
export const DEFAULT_DEDUPE_RATIO = 0.05;
const FILE_RE = /^cp_(\d{3,9})\.yaml$/;

/** `_latest.json`: `{checkpoint_id, path}` (seed) plus what readers need without parsing YAML. */
export interface LatestPointer {
  schema: typeof LATEST_SCHEMA;
  checkpoint_id: string;
  /** file name, relative to the session directory */
  path: string;
  session_key: string;
  created_at: string;
  /** ms epoch when the pointer was written (state files older than this are stale) */
  written_at: number;
  input_tokens: number;
  compaction_count: number;
  previous_checkpoint: string | null;
  /** the incremental state's read cursor when it was bundled (see tracker.ts) */
  cursor?: unknown;
}

export interface WriteOptions {
  /** checkpoints kept per session (default 5) */
  keep?: number;
  /** skip when input_tokens moved less than this fraction since the last checkpoint (default 0.05) */
  dedupeRatio?: number;
  /** write even when the dedupe rule says skip (manual checkpoints) */
  force?: boolean;
  /** fsync file and directory (default true) */
  fsync?: boolean;
  now?: () => number;
  /** stored in `_latest.json` (the tracker's cursor) */
  cursor?: unknown;
  /**
   * The newest valid checkpoint when the caller already has it (undefined: read it here; null: there is
   * none). Saves a parse per write; see CheckpointEngine's cache.
   */
  latest?: Checkpoint | null;
}

export type WriteResult =
  | { status: 'written'; id: string; file: string; checkpoint: Checkpoint; pruned: string[] }
  | { status: 'skipped'; reason: string; latestId?: string };

/** `skipped: <reason>` or the path written, for logs and messages. */
export function describeWrite(r: WriteResult): string {
  return r.status === 'written' ? r.file : `skipped: ${r.reason}`;
}

/** Checkpoint numbers present in a session directory, ascending. */
export function checkpointNumbers(dir: string): number[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const out: number[] = [];
  for (const n of names) {
    const m = FILE_RE.exec(n);
    if (m) out.push(Number(m[1]));
  }
  return out.sort((a, b) => a - b);
}

const fileName = (n: number) => `${checkpointIdFor(n)}.yaml`;

const sameContent = (a: Checkpoint, b: Checkpoint): boolean =>
  JSON.stringify([a.decisions, a.resources, a.thread, a.open_items, a.learnings, a.working.topic, a.working.next_action]) ===
  JSON.stringify([b.decisions, b.resources, b.thread, b.open_items, b.learnings, b.working.topic, b.working.next_action]);

/**
 * The dedupe rule (seed §5.2, §10.2), against the newest valid checkpoint of the same compaction
 * generation: a `compaction` checkpoint is skipped when the captured state did not change; any other is
 * skipped when input tokens moved less than `ratio` of the last figure. Returns the reason, or
 * undefined to write.
 */
export function dedupeReason(latest: Checkpoint | undefined, next: Checkpoint, ratio = DEFAULT_DEDUPE_RATIO): string | undefined {
  if (!latest) return undefined;
  if (latest.meta.compaction_count !== next.meta.compaction_count) return undefined;
  if (next.meta.trigger === 'compaction') return sameContent(latest, next) ? `state unchanged since ${latest.meta.checkpoint_id}` : undefined;
  const a = latest.meta.token_usage.input_tokens;
  const b = next.meta.token_usage.input_tokens;
  const moved = a > 0 ? Math.abs(b - a) / a : b > 0 ? Infinity : 0;
  if (moved >= ratio) return undefined;
  return `input_tokens moved ${(moved * 100).toFixed(1)}% (${a} → ${b}) since ${latest.meta.checkpoint_id}, under ${(ratio * 100).toFixed(0)}%`;
}

/**
 * Write a checkpoint for `cp.meta.session_key`. `checkpoint_id` and `previous_checkpoint` are assigned
 * here (next number; the newest valid checkpoint), whatever `cp` holds. Then `_latest.json` is updated,
 * checkpoints beyond the newest `keep` are deleted, and temp files older than a minute are swept.
 */
export function writeCheckpoint(stateDir: string, cp: Checkpoint, opts: WriteOptions = {}): WriteResult {
  const now = opts.now ?? Date.now;
  const root = stateDirRoot(stateDir);
  const dir = checkedOwnDir(stateDir, checkpointDir(stateDir, cp.meta.session_key), true);
  const latest = opts.latest === undefined ? readLatestCheckpoint(stateDir, cp.meta.session_key).checkpoint : opts.latest ?? undefined;
  if (!opts.force) {
    const reason = dedupeReason(latest, cp, opts.dedupeRatio ?? DEFAULT_DEDUPE_RATIO);
    if (reason) return { status: 'skipped', reason, latestId: latest?.meta.checkpoint_id };
  }
  const previous = latest?.meta.checkpoint_id ?? null;
  let n = Math.max(0, ...checkpointNumbers(dir)) + 1;
  let written: Checkpoint | undefined;
  let file = '';
  for (let attempt = 0; attempt < 100; attempt++, n++) {
    const c: Checkpoint = { ...cp, meta: { ...cp.meta, checkpoint_id: checkpointIdFor(n), previous_checkpoint: previous } };
    file = path.join(dir, fileName(n));
    try {
      writeFileAtomicSync(file, serializeCheckpoint(c), { exclusive: true, fsync: opts.fsync !== false, root });
      written = c;
      break;
    } catch (err) {
      if ((err as { code?: string }).code !== 'EEXIST') throw err; // another writer took this number
    }
  }
  if (!written) throw new Error(`${dir}: could not find a free checkpoint number`);
  const pointer: LatestPointer = {
    schema: LATEST_SCHEMA,
    checkpoint_id: written.meta.checkpoint_id,
    path: path.basename(file),
    session_key: written.meta.session_key,
    created_at: written.meta.created_at,
    written_at: now(),
    input_tokens: written.meta.token_usage.input_tokens,
    compaction_count: written.meta.compaction_count,
    previous_checkpoint: previous,
  };
  if (opts.cursor !== undefined) pointer.cursor = opts.cursor;
  // The pointer is a hint (readers take the newest valid file), so it is renamed into place but not
  // fsync'ed: the checkpoint file and its directory entry are.
  writeFileAtomicSync(path.join(dir, LATEST_FILE), JSON.stringify(pointer, null, 2) + '\n', { fsync: false, root });
  const pruned = prune(dir, opts.keep ?? DEFAULT_KEEP, checkpointNumber(written.meta.checkpoint_id)!, root);
  sweepTempFiles(resolveInRoot(root, dir, 'dir'));
  return { status: 'written', id: written.meta.checkpoint_id, file, checkpoint: written, pruned };
}

/**
 * Delete all but the newest `keep` checkpoint files (never `protect`). Returns the names deleted. Only regular
 * files inside `root` (the state dir) are deleted, after the real-path check; a link or anything else under a
 * checkpoint's name is left alone (it is not ours).
 */
export function prune(dir: string, keep: number, protect: number | undefined, root: RootLike): string[] {
  const nums = checkpointNumbers(dir);
  const out: string[] = [];
  for (const n of nums.slice(0, Math.max(0, nums.length - Math.max(1, keep)))) {
    if (n === protect) continue;
    try {
      if (removeFileInRoot(root, path.join(dir, fileName(n)))) out.push(fileName(n));
    } catch (err) {
      if (!(err instanceof UnsafePathError) || err.reason === 'outside') throw err;
    }
  }
  return out;
}

/** `_latest.json` of a session, when present and well-formed (its path cannot leave the directory). */
export function readLatestPointer(stateDir: string, sessionKey: string): LatestPointer | undefined {
  return readPointerIn(checkedOwnDir(stateDir, checkpointDir(stateDir, sessionKey)));
}

/** The pointer in a checked session directory (a link or anything but a regular file reads as none). */
function readPointerIn(dir: string): LatestPointer | undefined {
  // our own small file: a regular file, never a link (a FIFO or a device in its place is not read)
  let parsed;
  try {
    parsed = parseJsonSafe(readRegularText(path.join(dir, LATEST_FILE), { maxBytes: READ_LIMITS.pointer, follow: false }));
  } catch {
    return undefined;
  }
  const v = parsed.ok ? parsed.value : undefined;
  if (!v || typeof v !== 'object') return undefined;
  const p = v as Record<string, unknown>;
  if (typeof p.checkpoint_id !== 'string' || !CHECKPOINT_ID_RE.test(p.checkpoint_id)) return undefined;
  if (typeof p.path !== 'string' || !FILE_RE.test(p.path) || typeof p.written_at !== 'number') return undefined;
  return {
    schema: LATEST_SCHEMA,
    checkpoint_id: p.checkpoint_id,
    path: p.path,
    session_key: typeof p.session_key === 'string' ? p.session_key : '',
    created_at: typeof p.created_at === 'string' ? p.created_at : '',
    written_at: timeMs(p.written_at),
    input_tokens: typeof p.input_tokens === 'number' ? p.input_tokens : 0,
    compaction_count: typeof p.compaction_count === 'number' ? p.compaction_count : 0,
    previous_checkpoint: typeof p.previous_checkpoint === 'string' && CHECKPOINT_ID_RE.test(p.previous_checkpoint) ? p.previous_checkpoint : null,
    ...(p.cursor !== undefined ? { cursor: p.cursor } : {}),
  };
}

/** Read and validate one checkpoint file. Throws CheckpointValidationError (file and field named) or an fs error. */
export function readCheckpointFile(file: string): Checkpoint {
  return parseCheckpointYaml(readCheckpointText(file), file);
}

/** A checkpoint file's text: a regular file (never a link, FIFO or device) of at most 64 MB. Throws SafeReadError. */
export function readCheckpointText(file: string): string {
  return readRegularText(file, { maxBytes: MAX_CHECKPOINT_BYTES, follow: false });
}

export interface CheckpointListEntry {
  id: string;
  number: number;
  file: string;
  bytes: number;
  mtimeMs: number;
  /** the pointer names this one */
  latest: boolean;
  checkpoint?: Checkpoint;
  /** why the file is not a valid checkpoint (names the file and the field) */
  error?: string;
}

/** Every checkpoint file of a session, newest first, each parsed and validated (errors per file). */
export function listCheckpoints(stateDir: string, sessionKey: string): CheckpointListEntry[] {
  const dir = checkedOwnDir(stateDir, checkpointDir(stateDir, sessionKey));
  const pointer = readPointerIn(dir);
  const out: CheckpointListEntry[] = [];
  for (const n of checkpointNumbers(dir).reverse()) {
    const file = path.join(dir, fileName(n));
    const e: CheckpointListEntry = { id: checkpointIdFor(n), number: n, file, bytes: 0, mtimeMs: 0, latest: pointer?.path === fileName(n) };
    try {
      const st = fs.lstatSync(file);
      e.bytes = st.size;
      e.mtimeMs = st.mtimeMs;
      const cp = readCheckpointFile(file);
      if (cp.meta.checkpoint_id !== e.id) e.error = `${file}: invalid checkpoint: meta.checkpoint_id: "${cp.meta.checkpoint_id}" does not match the file name`;
      else if (cp.meta.session_key !== sessionKey) e.error = `${file}: invalid checkpoint: meta.session_key: belongs to another session`;
      else e.checkpoint = cp;
    } catch (err) {
      e.error = err instanceof Error ? err.message : String(err);
    }
    out.push(e);
  }
  return out;
}

export interface LatestRead {
  checkpoint?: Checkpoint;
  file?: string;
  /** newer files that were not valid, newest first */
  skipped: Array<{ id: string; file: string; error: string }>;
}

/**
 * The newest valid checkpoint of a session. A corrupt or invalid newest file falls back to its
 * `previous_checkpoint` (from `_latest.json` when the pointer names the bad file), else to the next
 * lower number; the bad files are reported in `skipped`.
 */
export function readLatestCheckpoint(stateDir: string, sessionKey: string): LatestRead {
  const dir = checkedOwnDir(stateDir, checkpointDir(stateDir, sessionKey));
  const nums = checkpointNumbers(dir);
  const result: LatestRead = { skipped: [] };
  if (!nums.length) return result;
  const pointer = readPointerIn(dir);
  const pointed = pointer ? checkpointNumber(pointer.checkpoint_id) : undefined;
  // Start at the newest file (a writer may have died between the file and the pointer).
  let n: number | undefined = nums[nums.length - 1];
  const tried = new Set<number>();
  while (n !== undefined && !tried.has(n)) {
    tried.add(n);
    const file = path.join(dir, fileName(n));
    try {
      const cp = readCheckpointFile(file);
      if (cp.meta.session_key !== sessionKey) throw new Error(`${file}: invalid checkpoint: meta.session_key: belongs to another session`);
      result.checkpoint = cp;
      result.file = file;
      return result;
    } catch (err) {
      if ((err as { code?: string }).code !== 'ENOENT') result.skipped.push({ id: checkpointIdFor(n), file, error: err instanceof Error ? err.message : String(err) });
    }
    const viaPointer = n === pointed && pointer?.previous_checkpoint ? checkpointNumber(pointer.previous_checkpoint) : undefined;
    const lower = nums.filter((x) => x < n! && !tried.has(x));
    n = viaPointer !== undefined && !tried.has(viaPointer) && nums.includes(viaPointer) ? viaPointer : lower[lower.length - 1];
  }
  return result;
}

export interface CheckpointSessionInfo {
  dir: string;
  sessionKey: string;
  latestId?: string;
  createdAt?: string;
  count: number;
}

/** Session directories under `<stateDir>/context/checkpoints` (for a checkpoints view). */
export function listCheckpointSessions(stateDir: string): CheckpointSessionInfo[] {
  const root = checkedOwnDir(stateDir, checkpointsRoot(stateDir));
  let dirs: fs.Dirent[];
  try {
    dirs = fs.readdirSync(root, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: CheckpointSessionInfo[] = [];
  for (const d of dirs) {
    if (!d.isDirectory()) continue; // a link in place of a session folder is not ours: not listed
    const dir = path.join(root, d.name);
    const nums = checkpointNumbers(dir);
    const p = readPointerIn(dir);
    let key = p?.session_key;
    if (!key && nums.length) {
      try {
        key = readCheckpointFile(path.join(dir, fileName(nums[nums.length - 1]!))).meta.session_key;
      } catch {
        key = undefined;
      }
    }
    if (key === undefined) continue;
    out.push({ dir, sessionKey: key, latestId: p?.checkpoint_id, createdAt: p?.created_at, count: nums.length });
  }
  return out;
}

/** Names in a session directory that are neither checkpoints, the pointer, nor temp files (for diagnostics and tests). */
export function strayFiles(dir: string): string[] {
  try {
    return fs.readdirSync(dir).filter((n) => !FILE_RE.test(n) && n !== LATEST_FILE && !TEMP_FILE_RE.test(n));
  } catch {
    return [];
  }
}

export interface DeleteResult {
  deleted: string[];
  /** the checkpoint `_latest.json` names afterwards (undefined: none left, the pointer was removed) */
  latestId?: string;
}

/**
 * Delete checkpoints of a session by id (our own files; the user confirmed). When the pointer named a
 * deleted file it is moved to the newest remaining checkpoint, keeping `written_at` and `cursor` (so the
 * incremental state is not taken for stale); with none left it is removed. Ids that are not
 * `cp_NNN` are refused; missing files are ignored.
 */
export function deleteCheckpoints(stateDir: string, sessionKey: string, ids: readonly string[]): DeleteResult {
  const root = stateDirRoot(stateDir);
  const dir = checkedOwnDir(stateDir, checkpointDir(stateDir, sessionKey));
  for (const id of ids) if (!CHECKPOINT_ID_RE.test(id)) throw new Error(`not a checkpoint id: ${JSON.stringify(id)}`);
  const deleted: string[] = [];
  for (const id of ids) if (removeFileInRoot(root, path.join(dir, `${id}.yaml`))) deleted.push(id);
  const pointer = readPointerIn(dir);
  const nums = checkpointNumbers(dir);
  if (!nums.length) {
    try {
      removeFileInRoot(root, path.join(dir, LATEST_FILE));
    } catch {
      /* not ours to delete */
    }
    return { deleted };
  }
  const newest = nums[nums.length - 1]!;
  if (pointer && pointer.path === fileName(newest)) return { deleted, latestId: pointer.checkpoint_id };
  let cp: Checkpoint | undefined;
  try {
    cp = readCheckpointFile(path.join(dir, fileName(newest)));
  } catch {
    cp = undefined;
  }
  const next: LatestPointer = {
    schema: LATEST_SCHEMA,
    checkpoint_id: checkpointIdFor(newest),
    path: fileName(newest),
    session_key: sessionKey,
    created_at: cp?.meta.created_at ?? '',
    written_at: pointer?.written_at ?? 0,
    input_tokens: cp?.meta.token_usage.input_tokens ?? 0,
    compaction_count: cp?.meta.compaction_count ?? 0,
    previous_checkpoint: cp?.meta.previous_checkpoint && nums.includes(checkpointNumber(cp.meta.previous_checkpoint) ?? -1) ? cp.meta.previous_checkpoint : null,
  };
  if (pointer?.cursor !== undefined) next.cursor = pointer.cursor;
  writeFileAtomicSync(path.join(dir, LATEST_FILE), JSON.stringify(next, null, 2) + '\n', { fsync: false, root });
  return { deleted, latestId: next.checkpoint_id };
}
