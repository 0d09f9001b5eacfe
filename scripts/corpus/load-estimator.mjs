// Loads src/core/tokens/estimator.ts (with weights.ts) straight from source, bundled in memory by esbuild,
// so the fit and the bench never depend on a stale or half-built `out/`.
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(path.join(root, 'package.json'));
export const ESTIMATOR_TS = path.join(root, 'src', 'core', 'tokens', 'estimator.ts');

export async function loadEstimator(entry = ESTIMATOR_TS) {
  const esbuild = require('esbuild');
  const r = esbuild.buildSync({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'node', target: 'node20', write: false, logLevel: 'silent' });
  const code = r.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

/** Minified size of estimator.ts + weights.ts alone (what they add to the extension bundle). */
export function bundleSize(entry = ESTIMATOR_TS) {
  const esbuild = require('esbuild');
  const zlib = require('node:zlib');
  const r = esbuild.buildSync({ entryPoints: [entry], bundle: true, minify: true, format: 'cjs', platform: 'node', target: 'node20', write: false, logLevel: 'silent' });
  const buf = Buffer.from(r.outputFiles[0].contents);
  return { minified: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length };
}
