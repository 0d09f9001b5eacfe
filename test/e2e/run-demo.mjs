// `npm run demo` in a real VS Code: the README's first command, run as a user would (through npm, with the
// setup it does), serves the workbench on the bundled demo state; the README's screenshots come from here.
//   node test/e2e/run-demo.mjs [resultsDir]      (OC_CTX_UPDATE_SCREENSHOT=1 copies them into media/)
// Checks: the gauge shows the most recent demo session as the CLI reads it; the Sessions view lists every
// agent (two SQLite agents with different windows, the JSONL-era agent); the Checkpoints view shows the
// demo's checkpoint; Compact Session… on the long session opens a preview with something to compact.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, execFileSync } from 'node:child_process';
import {
  launchBrowser, openWorkbench, runChecks, printSummary, commandPalette,
  waitForStatusBarItem, openViewContainer, viewPane, waitForTreeRow, STATUSBAR, questionToast, waitForWebviewText,
} from './lib.mjs';
import { freePort, groupAlive, killGroup, sleep } from '../support/process.mjs';
import { REPO } from './state.mjs';

const out = path.resolve(process.argv[2] ?? 'test-results');
fs.mkdirSync(out, { recursive: true });
const GAUGE = 'OpenClaw context';
const shot = async (page, name) => {
  await page.screenshot({ path: path.join(out, name) });
  if (process.env.OC_CTX_UPDATE_SCREENSHOT === '1') fs.copyFileSync(path.join(out, name), path.join(REPO, 'media', name));
};
const fmt = (v) => (v >= 10000 ? `${(v / 1000).toFixed(0)}k` : `${(v / 1000).toFixed(1)}k`);

const port = await freePort();
const demoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oc-ctx-demo-'));
const log = path.join(out, 'demo-server.log');
const logFd = fs.openSync(log, 'w');
// through npm, as the README says: the nested setup must work under `npm run`
const child = spawn('npm', ['run', 'demo'], { cwd: REPO, env: { ...process.env, DEMO_PORT: String(port), DEMO_DIR: demoDir }, detached: true, stdio: ['ignore', logFd, logFd] });
fs.closeSync(logFd);
const stop = async () => {
  killGroup(child.pid, 'SIGTERM');
  const end = Date.now() + 10_000;
  while (groupAlive(child.pid) && Date.now() < end) await sleep(100);
  if (groupAlive(child.pid)) killGroup(child.pid, 'SIGKILL');
  fs.rmSync(demoDir, { recursive: true, force: true });
};
let browser;
let result = { passed: 0, failed: 1 };
try {
  let url;
  const t0 = Date.now();
  for (;;) {
    const m = /open (http:\/\/127\.0\.0\.1:\d+\/\?folder=\S+)/.exec(fs.readFileSync(log, 'utf8'));
    if (m) { url = m[1]; break; }
    if (child.exitCode !== null) throw new Error(`npm run demo exited (${child.exitCode}): ${fs.readFileSync(log, 'utf8').slice(-1500)}`);
    if (Date.now() - t0 > 600_000) throw new Error('npm run demo printed no URL within 10 minutes');
    await sleep(500);
  }
  const base = url.slice(0, url.indexOf('/?'));
  for (;;) {
    try { if ((await fetch(`${base}/healthz`)).ok) break; } catch { /* not yet */ }
    if (Date.now() - t0 > 600_000) throw new Error('the demo server never answered /healthz');
    await sleep(500);
  }
  console.log(`   npm run demo served ${base} after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  // what the CLI reads from the same state: the expected figures
  const state = path.join(demoDir, 'state');
  const cli = JSON.parse(execFileSync(process.env.NODE24_BIN, [path.join(REPO, 'dist/cli.js'), 'sessions', '--json', '--state-dir', state], { encoding: 'utf8' }));
  const sessions = cli.sessions;
  const recent = sessions[0];
  const long = [...sessions].sort((a, b) => b.used - a.used)[0];
  browser = await launchBrowser();
  const page = await browser.browser.newPage({ viewport: { width: 1400, height: 900 } });
  const checks = [
    {
      name: `the workbench opens on the demo state; the gauge shows ${recent.key} as the CLI reads it`,
      fn: async () => {
        await page.goto(url);
        await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 60_000 });
        const want = `${recent.percent}% ${recent.estimated ? '~' : ''}${fmt(recent.used)}/${fmt(recent.window)}`;
        await waitForStatusBarItem(page, GAUGE, want, 60_000);
      },
    },
    {
      name: 'the Sessions view lists every demo agent (two SQLite agents with different windows, the JSONL-era agent)',
      fn: async () => {
        await openViewContainer(page, 'OpenClaw Context');
        const agents = [...new Set(sessions.map((s) => s.agentId))];
        if (agents.length < 3) throw new Error(`the demo has ${agents.length} agents`);
        if (new Set(sessions.filter((s) => s.era === 'sqlite').map((s) => s.window)).size < 2) throw new Error('the SQLite agents share one window');
        for (const a of agents) await waitForTreeRow(page, 'Sessions', a, 20_000);
      },
    },
    {
      name: 'the gauge tooltip shows the lines and the breakdown (screenshot.png)',
      fn: async () => {
        const item = page.locator(`${STATUSBAR} [aria-label^="${GAUGE}"]`).first();
        await item.hover();
        const hover = page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'To compaction' }).first();
        await hover.waitFor({ state: 'visible', timeout: 15_000 });
        await sleep(300);
        await shot(page, 'screenshot.png');
        await page.mouse.move(700, 400);
      },
    },
    {
      name: 'the Checkpoints view shows the demo checkpoint (checkpoints.png)',
      fn: async () => {
        const cp = viewPane(page, 'Checkpoints');
        const header = cp.locator('.pane-header');
        if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
        const row = await waitForTreeRow(page, 'Checkpoints', long.key.replace(/^agent:[^:]+:/, ''), 20_000);
        if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
        await waitForTreeRow(page, 'Checkpoints', 'cp_001', 15_000);
        await sleep(300);
        await shot(page, 'checkpoints.png');
      },
    },
    {
      name: `Compact Session… on ${long.key} previews a compaction with something to compact (compaction.png)`,
      fn: async () => {
        if (recent.key !== long.key) {
          await commandPalette(page, 'OpenClaw Context: Pick Session for the Gauge', { waitHidden: false });
          await page.locator('.quick-input-widget input').fill(long.key);
          await page.locator('.quick-input-list .monaco-list-row', { hasText: long.key }).first().waitFor({ state: 'visible', timeout: 10_000 });
          await page.keyboard.press('Enter');
        }
        // Compact Session… asks which session (the gauge's first): the long one
        await commandPalette(page, 'OpenClaw Context: Compact Session…', { waitHidden: false });
        await page.locator('.quick-input-widget', { hasText: 'Compact which session?' }).waitFor({ state: 'visible', timeout: 15_000 });
        await page.locator('.quick-input-widget input').fill(long.key);
        await page.locator('.quick-input-list .monaco-list-row', { hasText: long.key }).first().waitFor({ state: 'visible', timeout: 10_000 });
        await page.keyboard.press('Enter');
        await page.locator('.tab', { hasText: `Compaction preview: ${long.key}` }).first().waitFor({ state: 'visible', timeout: 30_000 });
        const ask = questionToast(page, `Compact ${long.key}?`);
        // the question comes after the previews have opened: the diff of a 50k-token session can take seconds on a
        // busy machine (VS Code stops its diff algorithm after 5 s); a generous wait, not a speed check
        await ask.waitFor({ state: 'visible', timeout: 90_000 });
        await waitForWebviewText(page, 'summary quality check', 30_000); // the report beside, rendered
        await sleep(300);
        await shot(page, 'compaction.png');
        await ask.locator('.monaco-button', { hasText: /^Cancel$/ }).first().click();
      },
    },
  ];
  result = await runChecks('npm run demo', checks);
} catch (e) {
  console.log(`FAIL - npm run demo: ${String(e?.message ?? e).split('\n')[0]}`);
} finally {
  if (browser) await browser.close();
  await stop();
}
printSummary(result.passed, result.failed);
process.exit(result.failed ? 1 : 0);
