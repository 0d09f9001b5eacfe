/**
 * A state dir is untrusted input, also in size: a crafted sessions.json of many rows (each naming a transcript
 * that is not there) must cost time linear in its rows. The refresh once kept its "changed" list as an array with
 * a membership test per session: 100,000 rows took 76 s for `sessions` (and every writer, which refreshes first).
 * Here: every row is listed once. The time is a bench target (`npm run bench`, #8: 60,000 rows ≤ 15 s), not a test.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ContextModel } from '../../src/core/context/model';
import { processEnv, resolveStateDirs } from '../../src/core/store/config';
import { materializeDemoState } from './helpers';

describe('context model: a sessions.json with tens of thousands of rows', function () {
  this.timeout(120_000);
  it('20,000 rows whose transcripts are missing: one refresh lists every session, each once', function () {
    const state = materializeDemoState();
    const index = path.join(state, 'agents', 'legacy', 'sessions', 'sessions.json');
    const rows = JSON.parse(fs.readFileSync(index, 'utf8')) as Record<string, unknown>;
    const N = 20_000;
    for (let i = 0; i < N; i++) {
      const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
      rows[`agent:legacy:x${i}`] = { sessionId: id, updatedAt: 1795275784113 - i, sessionFile: `${id}.jsonl` };
    }
    fs.writeFileSync(index, JSON.stringify(rows));
    const env = processEnv();
    const m = new ContextModel({ stateDirs: resolveStateDirs(state, undefined, env), env });
    const r = m.refresh(true);
    assert.ok(r.changed.length >= N + 2, `every session is listed (${r.changed.length})`);
    assert.equal(new Set(r.changed).size, r.changed.length, 'each once');
    m.dispose();
  });
});
