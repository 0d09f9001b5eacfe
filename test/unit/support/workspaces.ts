/** Workspaces for the memory tests: the real and demo fixture workspaces, temp workspaces and copies. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fixturePath, tmpDir } from '../helpers';

export const REAL_WS = fixturePath('openclaw-real', 'state', 'workspace');
export const DEMO_WS = fixturePath('demo-v1', 'openclaw-state', 'workspace');

/** A temp workspace holding `files` (rel → text). */
export function makeWorkspace(files: Record<string, string | Buffer> = {}, prefix = 'occtx-mem-'): string {
  const dir = path.join(tmpDir(prefix), 'workspace');
  fs.mkdirSync(dir, { recursive: true });
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

/** A copy of a workspace in a temp dir (fixtures are never written). */
export function copyWorkspace(src: string): string {
  const dir = path.join(tmpDir('occtx-memcopy-'), 'workspace');
  fs.cpSync(src, dir, { recursive: true });
  return dir;
}
