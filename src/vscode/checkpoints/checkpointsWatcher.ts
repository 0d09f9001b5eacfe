/**
 * Watches each state dir's `context/checkpoints` so checkpoints written elsewhere (the CLI, another window) show up.
 * chokidar does not report a watched path that did not exist when the watch began and is created later, so while
 * the folder is missing this watches the nearest folder that exists (`context/`, else the state dir itself, only
 * along the path to the checkpoints), and moves to the folder itself once it appears.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { checkpointsRoot } from '../../core/checkpoint/paths';
import type { Disposable } from '../shared/disposable';

/** The checkpoints folder, or the nearest of its two parents that exists. */
function nearestExisting(root: string): string {
  let p = root;
  for (let i = 0; i < 2 && !isDir(p); i++) p = path.dirname(p);
  return p;
}

function isDir(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** Inside `root`, or a folder on the way to it from `watched`. */
function relevant(p: string, root: string): boolean {
  const rel = path.relative(root, p);
  if (rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel))) return true;
  return !path.relative(p, root).startsWith('..');
}

export class CheckpointsWatcher implements Pick<Disposable, 'dispose'> {
  private watcher: FSWatcher | undefined;
  private key = '';

  constructor(private readonly onChange: () => void) {}

  /** Watch these state dirs' checkpoints (a no-op when nothing changed). */
  sync(stateDirs: readonly string[]): void {
    const roots = stateDirs.map((d) => checkpointsRoot(d));
    const targets = roots.map(nearestExisting);
    const key = targets.map((t, i) => `${t}\t${roots[i]}`).join('\n');
    if (key === this.key) return;
    this.key = key;
    void this.watcher?.close();
    this.watcher = undefined;
    if (!roots.length) return;
    const w = watch(targets, {
      ignoreInitial: true,
      // checkpoints/<session>/<file>; from a parent, two or three levels more
      depth: 3,
      ignorePermissionErrors: true,
      ignored: (p: string) => /\.tmp$/.test(p) || !roots.some((r) => relevant(p, r)),
    });
    w.on('all', () => {
      // the folder appeared: watch it directly from now on
      if (targets.some((t, i) => t !== roots[i] && isDir(roots[i]!))) this.sync(stateDirs);
      this.onChange();
    });
    w.on('error', () => undefined);
    this.watcher = w;
  }

  dispose(): void {
    void this.watcher?.close();
    this.watcher = undefined;
  }
}
