// Self-test of the e2e harness (test/e2e/lib.mjs), independent of the real extension and of npm
// scripts: builds a throwaway sample extension in a temp dir, starts code-server with it, and
// checks the status bar and the command palette.
//
//   eval "$(bash scripts/setup-e2e.sh)"; node test/e2e/smoke-ui.mjs [--vsix] [outDir]
//
// Default: the unpacked folder is copied into the extensions dir (startCodeServer extensionPath).
// --vsix: the sample is packaged with this repo's vsce and installed with --install-extension
// (startCodeServer vsixPath), i.e. the path the real UI suite takes.
//
// Env: OC_CTX_E2E_DUMP=1 prints the status bar DOM (ids, aria-labels) for selector debugging.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  startCodeServer, launchBrowser, openWorkbench, runChecks, printSummary, commandPalette,
  waitForStatusBarText, statusBarItemText, waitForStatusBarItem, waitForNotification,
  dumpStatusBar, saveArtifacts, openViewContainer, waitForTreeRow,
} from './lib.mjs';

const argv = process.argv.slice(2);
const useVsix = argv.includes('--vsix');
const outDir = path.resolve(argv.find((a) => !a.startsWith('--')) || 'test-results');
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
    files: ['out', 'media'],
    activationEvents: ['onStartupFinished'],
    contributes: {
      commands: [{ command: 'harness.hello', title: 'Say Hello', category: 'Harness' }],
      viewsContainers: { activitybar: [{ id: 'harnessSample', title: 'Harness Sample', icon: 'media/icon.svg' }] },
      views: { harnessSample: [{ id: 'harnessSample.items', name: 'Harness Items' }] },
    },
  }, null, 2));
  fs.mkdirSync(path.join(dir, 'media'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'media', 'icon.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" stroke-width="2"/></svg>');
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
  const tree = vscode.window.createTreeView('harnessSample.items', { treeDataProvider: {
    getTreeItem: (e) => e,
    getChildren: () => [new vscode.TreeItem('Alpha item'), new vscode.TreeItem('Beta item')],
  } });
  context.subscriptions.push(tree, gauge, plain, vscode.commands.registerCommand('harness.hello', () => {
    count++;
    gauge.text = '$(pulse) Harness ' + (42 + count) + '%';
    plain.hide();
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
// also removed if we are killed mid-run (lib.mjs turns SIGINT/SIGTERM/EPIPE into process.exit)
process.on('exit', () => fs.rmSync(tmp, { recursive: true, force: true }));

let cs;
let br;
let page;
let result = { passed: 0, failed: 1 };
const timings = {};
try {
  if (useVsix) {
    const vsce = fileURLToPath(new URL('../../node_modules/@vscode/vsce/vsce', import.meta.url));
    const vsix = path.join(tmp, 'sample.vsix');
    execFileSync(process.execPath, [vsce, 'package', '--no-dependencies', '--allow-missing-repository',
      '--skip-license', '-o', vsix], { cwd: extDir, stdio: ['ignore', 'ignore', 'inherit'] });
    timings.vsce = ms();
    cs = await startCodeServer({ vsixPath: vsix, workspace: ws });
  } else {
    cs = await startCodeServer({ extensionPath: extDir, workspace: ws });
  }
  timings.healthz = ms();
  br = await launchBrowser();
  page = await br.browser.newPage({ viewport: { width: 1400, height: 900 } });
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(String(e)));

  result = await runChecks(`harness self-test (smoke-ui, ${useVsix ? 'vsix' : 'folder copy'})`, [
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
        // id-less item: DOM id is just the extension id
        const plain = await statusBarItemText(page, EXT_ID);
        if (plain !== 'Harness plain') throw new Error(`id-less item: ${JSON.stringify(plain)}`);
        // the aria-label sits on the .statusbar-item element itself
        const aria = await page.locator(`.statusbar-item[id="${EXT_ID}.harness.gauge"]`).getAttribute('aria-label');
        if (aria !== 'Harness gauge 42 percent') throw new Error(`aria-label: ${JSON.stringify(aria)}`);
        const missing = await statusBarItemText(page, `${EXT_ID}.nope`);
        if (missing !== undefined) throw new Error(`missing id returned ${JSON.stringify(missing)}`);
      },
    },
    {
      name: 'activity-bar container "Harness Sample" shows its tree',
      fn: async () => {
        await openViewContainer(page, 'Harness Sample');
        await waitForTreeRow(page, 'Harness Items', 'Alpha item');
        await waitForTreeRow(page, 'Harness Items', 'Beta item');
        timings.tree = ms();
        // idempotent: opening it again must not toggle the sidebar closed
        await openViewContainer(page, 'Harness Sample');
        await page.waitForTimeout(300);
        await waitForTreeRow(page, 'Harness Items', 'Alpha item', 2000);
      },
    },
    {
      name: 'command palette runs "Harness: Say Hello"',
      fn: async () => {
        await commandPalette(page, 'Harness: Say Hello');
        await waitForNotification(page, 'Hello from Harness! (1)');
        await waitForStatusBarItem(page, `${EXT_ID}.harness.gauge`, 'Harness 43%', 10_000);
        // item.hide() removes the element from the DOM
        const deadline = Date.now() + 5000;
        while ((await statusBarItemText(page, EXT_ID)) !== undefined) {
          if (Date.now() > deadline) throw new Error('hidden item still in the status bar');
          await page.waitForTimeout(100);
        }
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
