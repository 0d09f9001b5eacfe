/**
 * The SQLite engine and zstd decoder, loaded lazily so a runtime that lacks them still runs the rest
 * of the product and can say clearly what is missing.
 */
import * as zlib from 'node:zlib';
import { Decompress as FzstdDecompress } from 'fzstd';
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

export type ZstdFn = (buf: Uint8Array, opts?: { chunkSize?: number; maxOutputLength?: number }) => Buffer;

const MiB = 1024 * 1024;

/**
 * The most one transcript row may hold once decompressed, whatever it declares (OpenClaw's own CHECK keeps
 * `event_utf8_bytes` ≤ 4 MiB; a row is never near this).
 */
export const MAX_ROW_BYTES = 64 * MiB;

const sizeText = (n: number): string => (n >= MiB ? `${Math.round((n / MiB) * 10) / 10} MB` : `${n} bytes`);

/**
 * Decompress one zstd row, never past its declared size (`event_utf8_bytes`) nor MAX_ROW_BYTES: a row
 * whose data inflates further (a zstd bomb: 35 KB that would become 1.1 GiB) stops at the bound with an
 * error naming it, after producing at most one output chunk past it. Throws Error for that row only.
 */
export function zstdDecompress(buf: Uint8Array, declared?: number): string {
  return zstdDecompressWith((zlib as unknown as { zstdDecompressSync?: ZstdFn }).zstdDecompressSync, buf, declared);
}

/** zstdDecompress with a given backend: Node's zstdDecompressSync, or undefined for the pure-JS fzstd decoder. */
export function zstdDecompressWith(native: ZstdFn | undefined, buf: Uint8Array, declared?: number): string {
  if (declared !== undefined && (!Number.isSafeInteger(declared) || declared < 0)) throw new Error(`its declared size (${String(declared)}) is not a byte count`);
  if (declared !== undefined && declared > MAX_ROW_BYTES) throw new Error(`it declares ${declared} bytes, over the ${sizeText(MAX_ROW_BYTES)} limit for a row`);
  const limit = declared ?? MAX_ROW_BYTES;
  const over = () => new Error(declared !== undefined ? `it inflates past its declared size of ${sizeText(declared)} (a corrupt row or a zstd bomb); not decompressed further` : `it inflates past the ${sizeText(MAX_ROW_BYTES)} limit for a row; not decompressed further`);
  if (typeof native === 'function') {
    let out: Buffer;
    try {
      // one chunk of the declared size (one buffer, no concat); without a declared size, 1 MiB chunks
      out = native(buf, { chunkSize: Math.max(64, declared ?? MiB), maxOutputLength: Math.max(1, limit) });
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw over();
      throw err;
    }
    if (out.length > limit) throw over();
    return out.toString('utf8');
  }
  // fzstd, streamed: each block's output is counted and the decoding stops once it passes the limit
  const chunks: Uint8Array[] = [];
  let total = 0;
  const stream = new FzstdDecompress((chunk) => {
    total += chunk.length;
    if (total > limit) throw over();
    chunks.push(chunk);
  });
  stream.push(buf, true);
  return Buffer.concat(chunks, total).toString('utf8');
}

export function zstdBackend(): 'node:zlib' | 'fzstd' {
  return typeof (zlib as unknown as { zstdDecompressSync?: ZstdFn }).zstdDecompressSync === 'function' ? 'node:zlib' : 'fzstd';
}
