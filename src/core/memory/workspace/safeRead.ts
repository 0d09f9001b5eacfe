/**
 * Reads go through fsSafe (`resolveInside` + `readTextIfExists`): a file that is a directory, huge
 * (> 16 MiB), unreadable, or a symlink leading outside the workspace becomes an entry with an `error`
 * string; scanning never throws.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readTextIfExists, resolveInside } from '../fsSafe';

export interface SafeRead {
  exists: boolean;
  text?: string;
  bytes?: number;
  mtimeMs?: number;
  /** a directory (when `exists`) */
  isDir?: boolean;
  error?: string;
  /** MemoryWriteError code ('outside', 'not-a-file', 'too-large') or the errno code */
  errorCode?: string;
}

export const errMessage = (e: unknown): string => (e instanceof Error ? e.message : String(e));
const errCode = (e: unknown): string | undefined => (e && typeof e === 'object' && 'code' in e ? String((e as { code: unknown }).code) : undefined);

/**
 * Read `rel` inside `root` without ever throwing: missing → {exists: false}; a directory, a file over
 * 16 MiB, an unreadable file or a path leading out of the workspace → {exists: true, error}.
 */
export function readWorkspaceFile(root: string, rel: string, opts: { statOnly?: boolean } = {}): SafeRead {
  let abs: string;
  try {
    abs = resolveInside(root, rel);
  } catch (e) {
    let exists = false;
    try {
      fs.lstatSync(path.join(root, rel));
      exists = true;
    } catch {
      /* absent */
    }
    return { exists, error: errMessage(e), errorCode: errCode(e) ?? 'outside' };
  }
  let st: fs.Stats;
  try {
    st = fs.statSync(abs);
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      // a dangling symlink exists as a name but reads as missing (as for OpenClaw)
      return { exists: false };
    }
    return { exists: true, error: errMessage(e), errorCode: errCode(e) };
  }
  const info: SafeRead = { exists: true, bytes: st.size, mtimeMs: st.mtimeMs };
  if (st.isDirectory()) info.isDir = true;
  if (opts.statOnly) return info;
  try {
    const text = readTextIfExists(abs);
    if (text === undefined) return { exists: false };
    info.text = text;
  } catch (e) {
    info.error = errMessage(e);
    const c = errCode(e);
    if (c) info.errorCode = c;
  }
  return info;
}
