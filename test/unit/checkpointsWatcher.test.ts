/**
 * The Checkpoints view's watcher (src/vscode/checkpoints/checkpointsWatcher.ts, no vscode import): a checkpoint
 * written into a state dir that had no `context/checkpoints` folder yet (the CLI's first checkpoint) is seen, and
 * so are later ones once the watcher has moved to the folder itself. chokidar alone misses the first: it does not
 * report a watched path created after the watch began.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CheckpointsWatcher } from '../../src/vscode/checkpoints/checkpointsWatcher';
import { checkpointsRoot } from '../../src/core/checkpoint/paths';
import { tmpDir } from './helpers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, ok: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('Checkpoints watcher', function () {
  this.timeout(30_000);
  for (const missing of ['context', 'context/checkpoints'] as const) {
    it(`sees a checkpoint written where ${missing}/ did not exist yet, and the next one`, async function () {
      const state = tmpDir();
      if (missing === 'context/checkpoints') fs.mkdirSync(path.join(state, 'context'));
      let changes = 0;
      const w = new CheckpointsWatcher(() => changes++);
      try {
        w.sync([state]);
        await sleep(300); // chokidar's initial scan
        // unrelated writes in the state dir are not checkpoints
        fs.mkdirSync(path.join(state, 'agents', 'main'), { recursive: true });
        fs.writeFileSync(path.join(state, 'agents', 'main', 'x.txt'), 'x');
        await sleep(500);
        assert.equal(changes, 0, 'a write outside context/checkpoints');
        const dir = path.join(checkpointsRoot(state), 'agent_main_main');
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(path.join(dir, 'cp_001.yaml'), 'id: cp_001\n');
        await until('the first checkpoint', () => changes > 0);
        await sleep(500);
        const before = changes;
        fs.writeFileSync(path.join(dir, 'cp_002.yaml'), 'id: cp_002\n');
        await until('the second checkpoint', () => changes > before);
      } finally {
        w.dispose();
      }
    });
  }
});
