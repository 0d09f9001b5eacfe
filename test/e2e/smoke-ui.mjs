// Self-test of the e2e harness (test/e2e/lib.mjs), independent of the real extension and of npm
// scripts: builds a throwaway sample extension in a temp dir, starts code-server with it, and
// checks the status bar and the command palette.
//
//   eval "$(bash scripts/setup-e2e.sh)"; node test/e2e/smoke-ui.mjs [outDir]
//
// Env: OC_CTX_E2E_DUMP=1 prints the status bar DOM (ids, aria-labels) for selector debugging.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  startCodeServer, launchBrowser, openWorkbench, runChecks, printSummary, commandPalette,
  waitForStatusBarText, statusBarItemText, waitForStatusBarItem, waitForNotification,
  dumpStatusBar, saveArtifacts,
} from './lib.mjs';

const outDir = path.resolve(process.argv[2] || 'test-results');
const t0 = Date.now();
const ms = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

const PUBLISHER = 'harness-selftest';
const NAME = 'harness-sample';
const EXT_ID = `${PUBLISHER}.${NAME}`;

function writeSampleExtension(dir) {
  fs.mkdirSync(path.join(dir, 'out'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({
    name: NAME,
    displayName: 'Harness Sample',
    publisher: PUBLISHER,
    version: '0.0.1',
    engines: { vscode: '^1.90.0' },
    main: './out/extension.js',
    activationEvents: ['onStartupFinished'],
    contributes: {
      commands: [{ command: 'harness.hello', title: 'Say Hello', category: 'Harness' }],
    },
  }, null, 2));
  fs.writeFileSync(path.join(dir, 'out', 'extension.js'), `
const vscode = require('vscode');
let count = 0;
exports.activate = function (context) {
  // item with an explicit id -> DOM id "<extensionId>.<itemId>"
  const gauge = vscode.window.createStatusBarItem('harness.gauge', vscode.StatusBarAlignment.Left, 100);
  gauge.name = 'Harness Gauge';
  gauge.text = '$(pulse) Harness 42%';
  gauge.tooltip = 'harness tooltip';
  gauge.accessibilityInformation = { label: 'Harness gauge 42 percent' };
  gauge.show();
  // id-less item -> DOM id "<extensionId>.<counter>"
  const plain = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Right, 100);
  plain.text = 'Harness plain';
  plain.show();
  context.subscriptions.push(gauge, plain, vscode.commands.registerCommand('harness.hello', () => {
    count++;
    gauge.text = '$(pulse) Harness ' + (42 + count) + '%';
    vscode.window.showInformationMessage('Hello from Harness! (' + count + ')');
  }));
};
exports.deactivate = function () {};
`);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'oc-ctx-smoke-'));
const extDir = path.join(tmp, 'ext-src');
const ws = path.join(tmp, 'ws');
fs.mkdirSync(ws, { recursive: true });
fs.writeFileSync(path.join(ws, 'README.md'), '# harness workspace\n');
writeSampleExtension(extDir);

let cs;
let br;
let page;
let result = { passed: 0, failed: 1 };
const timings = {};
try {
  cs = await startCodeServer({ extensionPath: extDir, workspace: ws });
  timings.healthz = ms();
  br = await launchBrowser();
  page = await br.browser.newPage({ viewport: { width: 1400, height: 900 } });
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(String(e)));

  result = await runChecks('harness self-test (smoke-ui)', [
    {
      name: 'workbench loads',
      fn: async () => {
        await openWorkbench(page, cs.url, ws);
        timings.workbench = ms();
      },
    },
    {
      name: 'status bar shows "Harness 42%"',
      fn: async () => {
        const text = await waitForStatusBarText(page, /^Harness 42%$/, 30_000);
        timings.statusBar = ms();
        if (process.env.OC_CTX_E2E_DUMP) console.log(JSON.stringify(await dumpStatusBar(page), null, 2));
        if (text !== 'Harness 42%') throw new Error(`got ${JSON.stringify(text)}`);
      },
    },
    {
      name: 'status bar item found by id and by aria-label prefix',
      fn: async () => {
        const byId = await statusBarItemText(page, `${EXT_ID}.harness.gauge`);
        if (byId !== 'Harness 42%') throw new Error(`by id: ${JSON.stringify(byId)}`);
        const byAria = await statusBarItemText(page, 'Harness gauge');
        if (byAria !== 'Harness 42%') throw new Error(`by aria: ${JSON.stringify(byAria)}`);
        const missing = await statusBarItemText(page, `${EXT_ID}.nope`);
        if (missing !== undefined) throw new Error(`missing id returned ${JSON.stringify(missing)}`);
      },
    },
    {
      name: 'command palette runs "Harness: Say Hello"',
      fn: async () => {
        await commandPalette(page, 'Harness: Say Hello');
        await waitForNotification(page, 'Hello from Harness! (1)');
        await waitForStatusBarItem(page, `${EXT_ID}.harness.gauge`, 'Harness 43%', 10_000);
        timings.command = ms();
      },
    },
  ], {
    onFail: async () => { await saveArtifacts(outDir, { cs, page, name: 'smoke-ui' }); },
  });
  if (pageErrors.length && process.env.OC_CTX_E2E_DUMP) console.log('page errors:', pageErrors);
} catch (e) {
  console.log(`FAIL - harness: ${e.stack || e}`);
  if (cs || page) await saveArtifacts(outDir, { cs, page, name: 'smoke-ui' });
  result = { passed: result.passed, failed: Math.max(1, result.failed) };
} finally {
  if (br) await br.close();
  if (cs) await cs.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
console.log(`# timings: ${JSON.stringify({ ...timings, total: ms() })}`);
printSummary(result.passed, result.failed);
process.exit(result.failed ? 1 : 0);
