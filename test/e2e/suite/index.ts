/**
 * Entry point of the in-host suite: the same `run()` contract as @vscode/test-electron. Runs inside
 * the real extension host (code-server here; Electron VS Code where test-electron can download it).
 * Prints `[in-host] ` lines and writes a JSON report to $OC_CTX_TEST_REPORT.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

export function run(): Promise<void> {
  return runSuiteIn(__dirname);
}

/** Run every *.test.js of `dir` (this suite, or another launch's: ../suite-untrusted). */
export function runSuiteIn(dir: string): Promise<void> {
  // OC_CTX_GREP runs the tests whose full title matches (for focused local runs; npm test runs all)
  const mocha = new Mocha({ ui: 'tdd', timeout: 60_000, color: false, reporter: 'spec', ...(process.env.OC_CTX_GREP ? { grep: process.env.OC_CTX_GREP } : {}) });
  for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.test.js')).sort()) mocha.addFile(path.join(dir, f));
  const tests: Array<{ title: string; state: string; error?: string; ms?: number }> = [];
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const passed = tests.filter((t) => t.state === 'passed').length;
      const failed = tests.filter((t) => t.state === 'failed').length;
      const report = { passed, failed, tests };
      const file = process.env.OC_CTX_TEST_REPORT;
      if (file) fs.writeFileSync(file, JSON.stringify(report, null, 2));
      console.log(`[in-host] ${passed} passed, ${failed} failed`);
      if (failures > 0 || tests.length === 0) reject(new Error(`${failures} tests failed`));
      else resolve();
    });
    runner.on('pass', (t) => {
      tests.push({ title: t.fullTitle(), state: 'passed', ms: t.duration ?? 0 });
      console.log(`[in-host] ok - ${t.fullTitle()}`);
    });
    runner.on('fail', (t, err: Error) => {
      tests.push({ title: t.fullTitle(), state: 'failed', error: String(err?.stack ?? err) });
      console.log(`[in-host] FAIL - ${t.fullTitle()}: ${err?.message}`);
    });
  });
}
