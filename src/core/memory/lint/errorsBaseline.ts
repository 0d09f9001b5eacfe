/**
 * `ErrorsBaselineStore` keeps the last-seen `memories/errors.md` text in our own folder (one JSON file per
 * workspace, named by the SHA-256 of its path), written atomically, so the linter can tell that errors.md stayed
 * append-only.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeFileInRoot } from '../../fs/atomic';
import { removeFileInRoot, resolveInRoot, stateDirRoot, type RootLike } from '../../fs/safePath';
import { memoryStateDir, readTextIfExists } from '../fsSafe';

interface BaselineFile {
  version: 1;
  workspace: string;
  savedAt: string;
  text: string;
}

/** The last-seen text of a workspace's memories/errors.md, kept in our own folder (e.g. `<stateDir>/context/memory/`). */
export class ErrorsBaselineStore {
  /** `root`: the folder the store must stay inside (the state dir; see ../fs/safePath) */
  constructor(
    readonly dir: string,
    readonly root: RootLike = dir,
  ) {}

  /** The store in `<stateDir>/context/memory`. */
  static forStateDir(stateDir: string): ErrorsBaselineStore {
    return new ErrorsBaselineStore(memoryStateDir(stateDir), stateDirRoot(stateDir));
  }

  private static key(workspaceDir: string): string {
    let p = path.resolve(workspaceDir);
    try {
      p = fs.realpathSync.native(p);
    } catch {
      /* not there (yet): the resolved path */
    }
    return p;
  }

  /** `<dir>/errors-baseline-<sha256 of the workspace path>.json` */
  fileFor(workspaceDir: string): string {
    const hash = createHash('sha256').update(ErrorsBaselineStore.key(workspaceDir)).digest('hex');
    return path.join(this.dir, `errors-baseline-${hash}.json`);
  }

  /** The stored text, or undefined (none yet, or unreadable/corrupt: then the rule starts over). */
  get(workspaceDir: string): string | undefined {
    try {
      const raw = readTextIfExists(resolveInRoot(this.root, this.fileFor(workspaceDir)));
      if (raw === undefined) return undefined;
      const j = JSON.parse(raw) as Partial<BaselineFile>;
      return j && j.version === 1 && typeof j.text === 'string' ? j.text : undefined;
    } catch {
      return undefined;
    }
  }

  set(workspaceDir: string, text: string, now: Date = new Date()): void {
    const body: BaselineFile = { version: 1, workspace: ErrorsBaselineStore.key(workspaceDir), savedAt: now.toISOString(), text };
    writeFileInRoot(this.root, this.fileFor(workspaceDir), JSON.stringify(body), { fsync: true });
  }

  clear(workspaceDir: string): void {
    removeFileInRoot(this.root, this.fileFor(workspaceDir));
  }
}
