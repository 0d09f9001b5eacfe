/**
 * Hostile inputs for the read-path tests (safeRead.test.ts, hostileReads.test.ts): a file replaced by a
 * FIFO, a link to /dev/zero, a directory or a sparse over-size file, and a zstd bomb built by hand.
 * Only Node's own modules: the CLI-level tests that use it also run against an older build.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';

/** A zstd frame built by hand: a raw block `prefix`, `total` bytes of `byte` as RLE blocks (4 bytes per 128 KiB), a raw block `suffix`. */
export function zstdBomb(prefix: string, byte: number, total: number, suffix: string): Buffer {
  const header = (last: boolean, type: number, size: number) => {
    const v = (last ? 1 : 0) | (type << 1) | (size << 3);
    return Buffer.from([v & 255, (v >> 8) & 255, (v >> 16) & 255]);
  };
  // magic, frame header descriptor (no content size, no checksum), window descriptor 2^17
  const parts = [Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x38])];
  const p = Buffer.from(prefix);
  parts.push(header(false, 0, p.length), p);
  const BLOCK = 128 * 1024;
  for (let left = total; left > 0; left -= BLOCK) parts.push(header(false, 1, Math.min(BLOCK, left)), Buffer.from([byte]));
  const s = Buffer.from(suffix);
  parts.push(header(true, 0, s.length), s);
  return Buffer.concat(parts);
}

/** Replace `file` with a FIFO, a link to /dev/zero, a directory or a sparse file of `bigBytes`. */
export type Hostile = 'fifo' | 'devzero' | 'dir' | 'big';
export const HOSTILE: Hostile[] = ['fifo', 'devzero', 'dir', 'big'];
export function makeHostile(file: string, how: Hostile, bigBytes = 600 * 1024 * 1024): void {
  fs.rmSync(file, { recursive: true, force: true });
  if (how === 'fifo') execFileSync('mkfifo', [file]);
  else if (how === 'devzero') fs.symlinkSync('/dev/zero', file);
  else if (how === 'dir') fs.mkdirSync(file);
  else {
    const fd = fs.openSync(file, 'w');
    fs.ftruncateSync(fd, bigBytes);
    fs.closeSync(fd);
  }
}
