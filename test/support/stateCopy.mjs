// A fixture state dir copied for use: the files as they are, every gzipped SQLite database (`*.sqlite.gz`, how the
// fixtures ship OpenClaw's agent DBs) gunzipped in place of its .gz. The fixture itself is never written. Plain ESM
// (test/support/secondState.mjs, bench/quality.mjs).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Copies the state dir `src` to `dest` (an empty or missing dir) and gunzips its databases; returns `dest`. */
export function copyFixtureState(src, dest) {
  fs.cpSync(src, dest, { recursive: true });
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.sqlite.gz')) {
        fs.writeFileSync(p.slice(0, -3), zlib.gunzipSync(fs.readFileSync(p)));
        fs.rmSync(p);
      }
    }
  };
  walk(dest);
  return dest;
}
