/** A folder this user really cannot write (tests of read-only ground): immutable for root, mode 0555 otherwise. */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';

/** Make `dir` unwritable for this user; returns the undo. */
export function lockDown(dir: string): () => void {
  if (process.getuid?.() === 0) {
    execFileSync('chattr', ['+i', dir]);
    return () => execFileSync('chattr', ['-i', dir]);
  }
  fs.chmodSync(dir, 0o555);
  return () => fs.chmodSync(dir, 0o755);
}
