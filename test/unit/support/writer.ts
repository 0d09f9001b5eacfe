/** Entries and JSONL sessions shared by the writer tests (writer, appendJournal, writeRecheck). */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SessionRow } from '../../../src/core/store/types';
import type { JsonlWriteOptions } from '../../../src/core/store/jsonlWriter';
import type { WriteEntryInput } from '../../../src/core/store/writeEntries';
import { tmpDir, writeJsonl } from '../helpers';

const MAIN = 'agent:main:main';
/** The session id of every JSONL session newJsonl makes. */
export const SID = '6f1c9a2e-4b7d-4c1e-9a55-0d2b7e8f31e2';

/** A note of ours (custom_message). */
export const note = (text: string): WriteEntryInput => ({ type: 'custom_message', customType: 'openclaw-context.note', content: text, display: true });

export interface Jsonl {
  stateDir: string;
  dir: string;
  file: string;
  row: SessionRow;
  opts: JsonlWriteOptions;
}


export function newJsonl(lines?: unknown[]): Jsonl {
  const stateDir = path.join(tmpDir('occtx-jsonl-'), 'state');
  const dir = path.join(stateDir, 'agents', 'main', 'sessions');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${SID}.jsonl`);
  writeJsonl(
    file,
    lines ?? [
      { type: 'session', version: 3, id: SID, timestamp: '2026-04-10T09:00:00.000Z', cwd: '/w' },
      { type: 'model_change', id: 'a1b2c3d4', parentId: null, timestamp: '2026-04-10T09:00:00.120Z', provider: 'anthropic', modelId: 'claude-sonnet-4-6' },
      { type: 'message', id: 'c3d4e5f6', parentId: 'a1b2c3d4', timestamp: '2026-04-10T09:00:01.000Z', message: { role: 'user', content: 'hello', timestamp: 1775811601000 } },
      {
        type: 'message',
        id: 'd4e5f6a7',
        parentId: 'c3d4e5f6',
        timestamp: '2026-04-10T09:00:03.400Z',
        message: { role: 'assistant', content: [{ type: 'text', text: 'hi' }], api: 'anthropic-messages', provider: 'anthropic', model: 'claude-sonnet-4-6', usage: { input: 10, output: 2, cacheRead: 0, cacheWrite: 0, totalTokens: 12 }, stopReason: 'stop', timestamp: 1775811603400 },
      },
    ],
  );
  const row: SessionRow = { key: MAIN, sessionId: SID, updatedAt: 1775811603400 };
  fs.writeFileSync(path.join(dir, 'sessions.json'), JSON.stringify({ [MAIN]: { sessionId: SID, updatedAt: row.updatedAt } }, null, 2));
  return { stateDir, dir, file, row, opts: { ownership: { tmpDir: tmpDir('occtx-systmp-'), probePort: false } } };
}
