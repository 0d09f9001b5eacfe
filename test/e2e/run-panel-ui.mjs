// The Context panel (issue 19) in a real VS Code (code-server + chromium), checked in its DOM and with real keys,
// on a copy of the bundled demo state; the README's panel screenshots (dark and light) come from here.
//   node test/e2e/run-panel-ui.mjs <vsix> [resultsDir]      (OC_CTX_UPDATE_SCREENSHOT=1 copies them into media/)
// Checks: the panel tab for the demo's session with the most compactions draws one segment per part of the CLI's breakdown (with
// their screen-reader labels), the lines, the fill over time and the forecast, and one table row per session;
// Left/Right move between the parts and a header button sorts the table, from the keyboard; the theme follows VS Code.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { startCodeServer, launchBrowser, openWorkbench, runChecks, printSummary, commandPalette, saveArtifacts, waitForStatusBarItem } from './lib.mjs';
import { sleep } from '../support/process.mjs';
import { REPO } from './state.mjs';

const [vsixArg, outArg] = process.argv.slice(2);
if (!vsixArg) {
  console.error('usage: node test/e2e/run-panel-ui.mjs <vsix> [resultsDir]');
  process.exit(2);
}
const out = path.resolve(outArg ?? 'test-results');
fs.mkdirSync(out, { recursive: true });

// a copy of the bundled demo state (the demo never touches the repo's files)
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'oc-ctx-panel-ui-'));
const state = path.join(root, 'state');
fs.cpSync(path.join(REPO, 'demo/openclaw-state'), state, { recursive: true });
for (const a of fs.readdirSync(path.join(state, 'agents'))) {
  const gz = path.join(state, 'agents', a, 'agent', 'openclaw-agent.sqlite.gz');
  if (!fs.existsSync(gz)) continue;
  fs.writeFileSync(gz.slice(0, -3), zlib.gunzipSync(fs.readFileSync(gz)));
  fs.rmSync(gz);
}
fs.writeFileSync(path.join(state, '.openclaw-context-demo'), 'panel ui check\n');
const cli = (...args) => JSON.parse(execFileSync(process.env.NODE24_BIN, [path.join(REPO, 'dist/cli.js'), ...args, '--state-dir', state, '--json'], { encoding: 'utf8' }));
const sessions = cli('sessions').sessions;
// the session with the most compactions (the sawtooth), then the fullest
const long = [...sessions].sort((a, b) => b.compactions - a.compactions || b.used - a.used)[0];
const breakdown = cli('show', long.key, '--breakdown');

const shot = async (page, name) => {
  await page.screenshot({ path: path.join(out, name) });
  if (process.env.OC_CTX_UPDATE_SCREENSHOT === '1') fs.copyFileSync(path.join(out, name), path.join(REPO, 'media', name));
};

let cs;
let browser;
let page;
let result = { passed: 0, failed: 1 };
try {
  cs = await startCodeServer({ vsixPath: vsixArg, workspace: path.join(state, 'workspace'), isolateHome: true, env: { OPENCLAW_STATE_DIR: state }, userSettings: { 'workbench.colorTheme': 'Default Dark Modern' } });
  browser = await launchBrowser();
  page = await browser.browser.newPage({ viewport: { width: 1400, height: 1000 } });
  /** the panel's webview document (VS Code nests it in two iframes) */
  const panelFrame = async () => {
    for (let i = 0; i < 200; i++) {
      for (const f of page.frames()) if (await f.locator('#app .bar .seg').count().catch(() => 0)) return f;
      await sleep(100);
    }
    throw new Error('no Context panel webview with a composition bar');
  };
  /** the workbench, the longest session on the gauge, the panel opened for it (Open Context Panel) */
  const openPanel = async () => {
    await openWorkbench(page, cs.url, path.join(state, 'workspace'));
    await waitForStatusBarItem(page, 'OpenClaw context', /%/, 60_000);
    await commandPalette(page, 'OpenClaw Context: Pick Session for the Gauge', { waitHidden: false });
    await page.locator('.quick-input-widget input').fill(long.key);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: long.key }).first().waitFor({ state: 'visible', timeout: 15_000 });
    await page.keyboard.press('Enter');
    await commandPalette(page, 'OpenClaw Context: Open Context Panel');
    return panelFrame();
  };
  let frame;
  const checks = [
    {
      name: `the panel tab for ${long.key} draws the CLI's breakdown as segments with screen-reader labels, the lines, the chart, the forecast and every session`,
      fn: async () => {
        frame = await openPanel();
        const title = await frame.locator('header h1').textContent();
        if (title !== long.key) throw new Error(`the panel shows ${title}`);
        const parts = (breakdown.composition ?? breakdown.breakdown ?? []).filter((p) => p.tokens > 0);
        const labels = await frame.locator('.bar .seg').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
        if (labels.length !== parts.length) throw new Error(`${labels.length} segments for ${parts.length} parts: ${labels.join(' | ')}`);
        parts.forEach((p, i) => {
          if (!labels[i].startsWith(p.label)) throw new Error(`segment ${i} "${labels[i]}" is not ${p.label}`);
        });
        if ((await frame.locator('.bar .line').count()) < 2) throw new Error('the lines are not drawn');
        if ((await frame.locator('table.sessions tbody tr').count()) !== sessions.length) throw new Error('not one row per session');
        if ((await frame.locator('.chart .pt').count()) < 2) throw new Error('no fill over time');
        const forecast = await frame.locator('.forecast .headline').textContent();
        if (!/compaction|forecast|growing|window/i.test(forecast ?? '')) throw new Error(`forecast "${forecast}"`);
        const texts = await frame.locator('.part-text').allTextContents();
        console.log(`   segments: ${labels.join(' | ')}\n   parts: ${texts.join(' | ')}\n   forecast: ${forecast}`);
        if (texts.some((t) => /[−-]{2}/.test(t))) throw new Error(`a doubled sign in ${texts.join(' | ')}`);
      },
    },
    {
      name: 'real keys: Right and Left move between the parts; Enter on a header button sorts the table',
      fn: async () => {
        const segs = frame.locator('.bar .seg');
        await segs.first().focus();
        await page.keyboard.press('ArrowRight');
        const second = await segs.nth(1).getAttribute('aria-label');
        const focused = await frame.evaluate(() => document.activeElement?.getAttribute('aria-label'));
        if (focused !== second) throw new Error(`ArrowRight focused "${focused}", not "${second}"`);
        await page.keyboard.press('ArrowLeft');
        if ((await frame.evaluate(() => document.activeElement?.getAttribute('aria-label'))) !== (await segs.first().getAttribute('aria-label'))) throw new Error('ArrowLeft did not go back');
        const fill = frame.locator('th button[data-key="sort:fill"]');
        await fill.focus();
        await page.keyboard.press('Enter');
        await frame.locator('th[aria-sort="descending"] button[data-key="sort:fill"]').waitFor({ timeout: 5_000 });
        const fills = await frame.locator('table.sessions tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label')));
        const pct = fills.map((l) => Number(/, ~?(\d+)%/.exec(l)?.[1] ?? -1));
        if (pct.some((p, i) => i && p > pct[i - 1])) throw new Error(`not sorted by fill: ${pct.join(',')}`);
      },
    },
    {
      name: 'a session chosen in the panel tab comes back with the tab after the window reloads',
      fn: async () => {
        // another session than the gauge's, chosen in the tab's sessions table
        const other = sessions.find((x) => x.key !== long.key);
        const row = frame.locator(`table.sessions tbody tr[aria-label^="${other.key},"]`).first();
        await row.click();
        await frame.locator('header h1', { hasText: other.key }).waitFor({ timeout: 10_000 });
        // the tab's title follows the session chosen in it
        await page.locator('.tab', { hasText: `Context: ${other.key}` }).first().waitFor({ state: 'visible', timeout: 10_000 });
        await sleep(500); // the webview saves its state (VS Code keeps it for the reload)
        const reloaded = page.waitForEvent('framenavigated', { predicate: (f) => f === page.mainFrame(), timeout: 30_000 });
        await commandPalette(page, 'Developer: Reload Window', { waitHidden: false });
        await reloaded;
        await page.waitForLoadState('domcontentloaded');
        await waitForStatusBarItem(page, 'OpenClaw context', /%/, 60_000);
        for (let i = 0; i < 300; i++) {
          for (const f of page.frames()) {
            const t = await f.locator('#app header h1').textContent({ timeout: 200 }).catch(() => undefined);
            if (t === other.key) {
              frame = f;
              return;
            }
          }
          await sleep(100);
        }
        throw new Error(`after the reload no panel tab shows ${other.key}`);
      },
    },
    {
      name: 'dark and light: the panel follows the theme (panel-dark.png, panel-light.png)',
      fn: async () => {
        await frame.locator('body').evaluate(() => window.scrollTo(0, 0));
        await sleep(300);
        const dark = await frame.evaluate(() => getComputedStyle(document.body).backgroundColor);
        await shot(page, 'panel-dark.png');
        // the light theme in the user settings, the workbench loaded again, the panel opened again
        const settings = path.join(cs.root, 'ud', 'User', 'settings.json');
        fs.writeFileSync(settings, JSON.stringify({ ...JSON.parse(fs.readFileSync(settings, 'utf8')), 'workbench.colorTheme': 'Default Light Modern' }, null, 2));
        frame = await openPanel();
        await sleep(300);
        const light = await frame.evaluate(() => getComputedStyle(document.body).backgroundColor);
        if (light === dark) throw new Error(`the panel kept ${dark} after the theme changed`);
        await sleep(300);
        await shot(page, 'panel-light.png');
      },
    },
  ];
  result = await runChecks('Context panel UI', checks, { onFail: async () => saveArtifacts(out, { cs, page, name: 'panel-ui' }) });
} catch (e) {
  console.log(`FAIL - Context panel UI: ${String(e?.stack ?? e)}`);
} finally {
  if (browser) await browser.close();
  if (cs) await cs.stop();
  fs.rmSync(root, { recursive: true, force: true });
}
printSummary(result.passed, result.failed);
process.exit(result.failed ? 1 : 0);
