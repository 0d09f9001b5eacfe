/**
 * Where checkpoints and incremental state live (seed 001 §5.2, §7.1):
 *
 *   <stateDir>/context/checkpoints/<session dir>/cp_NNN.yaml, _latest.json
 *   <stateDir>/context/state/<session dir>/decisions.json, thread.json, resources.json, open_items.json
 *
 * `<session dir>` comes from the session key. The seed's `sanitizeSessionKeyForPath` alone is lossy
 * (`agent:main:main` and `agent_main_main` both give `agent_main_main`) and lets through `.`, `..`, `CON`,
 * 2,000-character names and names that differ only in case, so the directory name is:
 *
 * - the key itself when it is already a plain name: only `[a-z0-9._-]` (lower case, so two keys can
 *   never meet on a case-insensitive file system), 1–120 characters, not starting or ending with `.`,
 *   not a Windows device name (CON, PRN, AUX, NUL, COM0–9, LPT0–9, with or without extension), and not
 *   ending like a hashed name (below);
 * - otherwise the sanitized key (cut to 100 characters, leading/trailing dots replaced, `_` prefixed to
 *   a device name) + `-` + 16 hex digits of the SHA-256 of the key.
 *
 * Plain names map to themselves and hashed names always end in `-<16 hex>`, which a plain name never
 * does, so distinct keys get distinct directories (barring a 64-bit hash collision).
 */
import { createHash } from 'node:crypto';
import * as path from 'node:path';
import { assertLocalStateDir } from '../store/remote';
import { ensureDirInRoot, isUnsafePathError, resolveInRoot, stateDirRoot } from '../fs/safePath';

/** Seed 001 §5.2 verbatim: every character outside `[a-zA-Z0-9._-]` becomes `_`. */
export function sanitizeSessionKeyForPath(sessionKey: string): string {
  return sessionKey.replace(/[^a-zA-Z0-9._-]/g, '_');
}

export const MAX_PLAIN_NAME = 120;
const MAX_HASHED_PREFIX = 100;
const HASH_HEX = 16;
const HASHED_SUFFIX_RE = /-[0-9a-f]{16}$/i;
const PLAIN_RE = /^[a-z0-9._-]+$/;
/** Windows device names, matched on the part before the first dot, any case. */
const DEVICE_RE = /^(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)$/i;

export function isWindowsDeviceName(name: string): boolean {
  const stem = name.split('.')[0] ?? '';
  return DEVICE_RE.test(stem.trimEnd());
}

function isPlain(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= MAX_PLAIN_NAME &&
    PLAIN_RE.test(key) &&
    !key.startsWith('.') &&
    !key.endsWith('.') &&
    !isWindowsDeviceName(key) &&
    !HASHED_SUFFIX_RE.test(key)
  );
}

/** The directory name for a session key (see the module comment). Never empty, `.`, `..` or a device name. */
export function sessionDirName(sessionKey: string): string {
  if (isPlain(sessionKey)) return sessionKey;
  let p = sanitizeSessionKeyForPath(sessionKey);
  if (p.length > MAX_HASHED_PREFIX) p = p.slice(0, MAX_HASHED_PREFIX);
  p = p.replace(/^\.+/, (m) => '_'.repeat(m.length)).replace(/\.+$/, (m) => '_'.repeat(m.length));
  if (!p) p = '_';
  if (isWindowsDeviceName(p)) p = '_' + p;
  // UTF-16 code units, not UTF-8: UTF-8 would turn every lone surrogate into U+FFFD (one hash for many keys)
  const hash = createHash('sha256').update(Buffer.from(sessionKey, 'utf16le')).digest('hex').slice(0, HASH_HEX);
  return `${p}-${hash}`;
}

/** `<stateDir>/context` */
export function contextRoot(stateDir: string): string {
  assertLocalStateDir(stateDir, 'our files');
  return path.join(path.resolve(stateDir), 'context');
}

export function checkpointsRoot(stateDir: string): string {
  return path.join(contextRoot(stateDir), 'checkpoints');
}

export function stateRoot(stateDir: string): string {
  return path.join(contextRoot(stateDir), 'state');
}

/** `root/<session dir>`, checked to be a direct child of `root`. */
export function sessionDirIn(root: string, sessionKey: string): string {
  const name = sessionDirName(sessionKey);
  const r = path.resolve(root);
  const dir = path.resolve(r, name);
  if (path.dirname(dir) !== r || path.basename(dir) !== name || name === '.' || name === '..' || path.isAbsolute(name)) {
    throw new Error(`session key ${JSON.stringify(sessionKey.slice(0, 80))} does not map to a directory inside ${r}`);
  }
  return dir;
}

/** `<stateDir>/context/checkpoints/<session dir>` */
export function checkpointDir(stateDir: string, sessionKey: string): string {
  return sessionDirIn(checkpointsRoot(stateDir), sessionKey);
}

/** `<stateDir>/context/state/<session dir>` */
export function stateDirFor(stateDir: string, sessionKey: string): string {
  return sessionDirIn(stateRoot(stateDir), sessionKey);
}

/**
 * `dir` (one of our folders under `<stateDir>/context`) after the safePath checks: no component between the
 * state dir and it is a link leading out of the state dir, each is a folder; created
 * when `create` (for a read, a file in the way is not refused: nothing is found there). Returns `dir` as named (for messages); writers pass `{ root: stateDirRoot(stateDir) }` to
 * writeFileAtomicSync, which checks again at the moment of writing. Throws UnsafePathError naming the link.
 */
export function checkedOwnDir(stateDir: string, dir: string, create = false): string {
  assertLocalStateDir(stateDir, 'our files');
  if (create) ensureDirInRoot(stateDirRoot(stateDir), dir);
  else {
    try {
      resolveInRoot(stateDirRoot(stateDir), dir, 'dir');
    } catch (err) {
      // a file in the way holds nothing of ours to read (the readers find nothing there, as before); a link is refused
      if (!(isUnsafePathError(err) && err.reason === 'not-a-directory')) throw err;
    }
  }
  return dir;
}
