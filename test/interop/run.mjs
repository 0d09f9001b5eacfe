#!/usr/bin/env node
// Interop suite: our writer (out/src/core/store/sqliteWriter.js), ownership check, checkpoint restore
// (out/src/core/checkpoint), compaction planner (out/src/core/compaction/plan.js), Gateway client
// (out/src/core/gateway, tests 7–10), the built CLI's Gateway route (dist/cli.js, test 11) and the remote-Gateway
// session cache + context model (out/src/core/gateway/remoteStore.js, out/src/core/context/model.js, test 12)
// against the REAL openclaw@2026.9.6, offline, with the shared fake LLM
// (../shared/tools/openclaw-real/fake-llm.mjs). Tests and findings: test/interop/README.md.
//
// Mocha runs the scenarios (scenarios/NN-*.test.mjs, one file each, in the order of their numbers: each runs on
// what the earlier ones left) on one shared fixture (fixture.mjs: the real OpenClaw set up once, torn down by its
// root hook), and the reporter (reporter.mjs) ends with the line `N passed, M failed`. Exits 1 on any failure.
//
//   node test/interop/run.mjs          (under Node 24; scripts/test-interop.sh sets everything up)
//   OCCTX_INTEROP_ONLY=1,7-10 …        (only those numbered tests; setup always runs)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Mocha from 'mocha';
import { InteropReporter } from './reporter.mjs';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'scenarios');
/** OCCTX_INTEROP_ONLY=1,7-10 runs only those numbered tests (setup always runs); for working on one test. */
const ONLY = (() => {
  const spec = process.env.OCCTX_INTEROP_ONLY?.trim();
  if (!spec) return undefined;
  const set = new Set();
  for (const part of spec.split(',')) {
    const [a, b] = part.split('-').map((x) => Number(x.trim()));
    for (let i = a; i <= (b || a); i++) set.add(i);
  }
  return set;
})();
const files = fs.readdirSync(DIR).filter((f) => /^\d+-.*\.test\.mjs$/.test(f)).sort();
const number = (f) => Number(f.split('-')[0]);
const selected = files.filter((f) => !ONLY || number(f) === 0 || ONLY.has(number(f)));
const skipped = files.filter((f) => !selected.includes(f)).map((f) => String(number(f)));

// The fixture sets the real OpenClaw up as it loads (once, before any scenario); its root hook tears it down.
const { mochaHooks } = await import('./fixture.mjs');
const mocha = new Mocha({ reporter: InteropReporter, reporterOption: { skipped }, timeout: 0, rootHooks: mochaHooks });
for (const f of selected) mocha.addFile(path.join(DIR, f));
await mocha.loadFilesAsync();
mocha.run((failures) => process.exit(failures ? 1 : 0));
