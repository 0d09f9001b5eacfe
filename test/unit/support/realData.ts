/** The real OpenClaw fixture as the memory tests read it: its sessions (active paths), its workspace, pi's samples. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { rebuildContext, TranscriptIndex } from '../../../src/core/context/rebuild';
import { SqliteSessionStore } from '../../../src/core/store/sqliteStore';
import type { SessionRow } from '../../../src/core/store/types';
import { fixturePath, materializeRealState, realDbPath, tmpDir } from '../helpers';

type Json = Record<string, unknown>;

export interface RealSession {
  row: SessionRow;
  /** the active path, full JSON, oldest first */
  entries: Json[];
  /** compactions on the active path (the rows of this fixture have no compactionCount) */
  compactions: number;
}

/** Every session of the real agent DB (a temp copy), with its active path rebuilt as the extension does. */
export function loadRealSessions(): Map<string, RealSession> {
  const store = new SqliteSessionStore('main', realDbPath(materializeRealState()));
  try {
    const out = new Map<string, RealSession>();
    for (const row of store.readRows(true).rows) {
      const index = new TranscriptIndex();
      index.apply(store.readTranscript(row, undefined));
      const ctx = rebuildContext(index);
      const entries = store.loadEntries(row, ctx.path).filter((e): e is Json => !!e);
      out.set(row.key, { row, entries, compactions: row.compactionCount ?? ctx.compactions.length });
    }
    return out;
  } finally {
    store.close();
  }
}

/** A temp copy of the real fixture workspace (MEMORY.md, memory/2026-11-21.md, notes/…). */
export function realWorkspace(): string {
  const dir = path.join(tmpDir('occtx-ws-'), 'workspace');
  fs.cpSync(fixturePath('openclaw-real', 'state', 'workspace'), dir, { recursive: true });
  return dir;
}

/** pi's sample transcript lines (test/fixtures/pi-samples). */
export function piSample(file: string): Json[] {
  return fs
    .readFileSync(fixturePath('pi-samples', file), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Json);
}
