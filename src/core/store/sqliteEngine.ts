/**
 * The SQLite engine and zstd decoder, loaded lazily so a runtime that lacks them still runs the rest
 * of the product and can say clearly what is missing.
 */
import * as zlib from 'node:zlib';
import { decompress as fzstdDecompress } from 'fzstd';
import { StoreUnavailableError } from './types';

export type SqliteModule = typeof import('node:sqlite');

let cached: SqliteModule | undefined;
let loadError: string | undefined;

/** Node's built-in SQLite (≥ 22.13 without flags; honours WAL since it is the real SQLite). */
export function loadSqlite(): SqliteModule {
  if (cached) return cached;
  if (loadError) throw new StoreUnavailableError(loadError, SQLITE_HINT);
  try {
    // Silence the one-off ExperimentalWarning that Node 22/24 print for node:sqlite.
    const emit = process.emitWarning;
    process.emitWarning = ((w: string | Error, ...rest: unknown[]) => {
      const text = typeof w === 'string' ? w : w?.message;
      if (typeof text === 'string' && /SQLite/i.test(text)) return;
      (emit as (...a: unknown[]) => void).call(process, w, ...rest);
    }) as typeof process.emitWarning;
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      cached = require('node:sqlite') as SqliteModule;
    } finally {
      process.emitWarning = emit;
    }
    return cached;
  } catch (err) {
    loadError = `This runtime (Node ${process.version}) has no built-in SQLite (node:sqlite needs Node ≥ 22.13): ${err instanceof Error ? err.message : String(err)}`;
    throw new StoreUnavailableError(loadError, SQLITE_HINT);
  }
}

export const SQLITE_HINT =
  'OpenClaw 2026.9+ keeps sessions in SQLite. Use a VS Code whose built-in Node is ≥ 22.13 (VS Code 1.101 or later), or run the openclaw-context CLI with Node ≥ 22.13.';

export function sqliteAvailable(): { ok: true } | { ok: false; reason: string } {
  try {
    loadSqlite();
    return { ok: true };
  } catch (err) {
    return { ok: false, reason: err instanceof Error ? err.message : String(err) };
  }
}

type ZstdFn = (buf: Uint8Array, opts?: { chunkSize?: number }) => Buffer;

/** zlib's output chunk: the row's known size, so the output is one buffer (no 16 KiB chunks + concat). */
const zstdOpts = (sizeHint: number | undefined) => (sizeHint && sizeHint > 0 ? { chunkSize: Math.max(64, Math.min(sizeHint, 64 * 1024 * 1024)) } : undefined);

/** Node's zstd (≥ 22.15 / 23.8) when present, else the pure-JS fzstd decoder. */
export function zstdDecompress(buf: Uint8Array, sizeHint?: number): string {
  const native = (zlib as unknown as { zstdDecompressSync?: ZstdFn }).zstdDecompressSync;
  if (typeof native === 'function') return native(buf, zstdOpts(sizeHint)).toString('utf8');
  return Buffer.from(fzstdDecompress(buf)).toString('utf8');
}

export function zstdBackend(): 'node:zlib' | 'fzstd' {
  return typeof (zlib as unknown as { zstdDecompressSync?: ZstdFn }).zstdDecompressSync === 'function' ? 'node:zlib' : 'fzstd';
}
