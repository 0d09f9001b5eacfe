/**
 * Open Demo State: a fresh copy of the bundled demo OpenClaw state (demo/openclaw-state in the package) in a
 * folder of ours, every agent database gunzipped, so the demo never touches the package or the user's state.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';

/** Marks a state dir as the demo's copy (scripts/demo.sh writes it too). */
export const DEMO_MARKER = '.openclaw-context-demo';

/** Copy `src` (the bundled demo state) to `dest`, replacing what was there; returns `dest`. */
export function materializeDemo(src: string, dest: string): string {
  if (!fs.existsSync(path.join(src, 'openclaw.json'))) throw new Error(`the bundled demo state is missing (${src})`);
  fs.rmSync(dest, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  fs.cpSync(src, dest, { recursive: true });
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && e.name.endsWith('.sqlite.gz')) {
        fs.writeFileSync(p.slice(0, -3), zlib.gunzipSync(fs.readFileSync(p)));
        fs.rmSync(p);
      }
    }
  };
  walk(dest);
  fs.writeFileSync(path.join(dest, DEMO_MARKER), '');
  return dest;
}

/** Is this state dir the demo's copy? */
export const isDemoState = (dir: string): boolean => fs.existsSync(path.join(dir, DEMO_MARKER));
