// Bundles the extension (and later the CLI) with esbuild. `--watch` rebuilds on change.
import * as esbuild from 'esbuild';
import { chmodSync, statSync } from 'node:fs';

const watch = process.argv.includes('--watch');
const production = !watch && process.env.NODE_ENV !== 'development';
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: production ? false : 'linked',
  minify: production,
  legalComments: 'none',
  // vscode is provided by the host; node:sqlite is loaded lazily and may be absent.
  external: ['vscode', 'node:sqlite', 'fsevents'],
  logLevel: 'warning',
};
const builds = [{ ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js' }];
// The CLI (issue 8): the same engine from a terminal, `bin` openclaw-context. No vscode in it.
builds.push({ ...common, entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.js', external: ['node:sqlite', 'fsevents'], banner: { js: '#!/usr/bin/env node' } });
// Exact token counts (src/vscode/sessions/exactCount.ts): gpt-tokenizer in a worker thread started on the first
// exact count, one minified bundle per encoding so each holds one vocabulary and extension.js none.
for (const enc of ['o200k', 'cl100k']) {
  builds.push({ ...common, entryPoints: ['src/core/tokens/exactWorker.ts'], outfile: `dist/tokenizer-${enc}.js`, minify: true, sourcemap: false, define: { OC_EXACT_ENCODING: JSON.stringify(enc) } });
}
// The Context panel's webview (issue 19): a browser script of its own (with its CSS, dist/panel.css), never in
// extension.js. Plain DOM and SVG, no chart library. Type-checked by `tsc -p src/webview` (its own tsconfig).
builds.push({ bundle: true, platform: 'browser', target: 'es2022', format: 'iife', entryPoints: ['src/webview/panel/main.ts'], outfile: 'dist/panel.js', minify: true, sourcemap: false, legalComments: 'none', logLevel: 'warning' });
if (watch) {
  for (const b of builds) await (await esbuild.context(b)).watch();
  console.log('esbuild: watching');
} else {
  for (const b of builds) await esbuild.build(b);
  chmodSync('dist/cli.js', 0o755);
  for (const b of builds) console.log(`${b.outfile}: ${(statSync(b.outfile).size / 1024).toFixed(1)} KB`);
  console.log(`dist/panel.css: ${(statSync('dist/panel.css').size / 1024).toFixed(1)} KB`);
}
