// UI end-to-end checks of OpenClaw Context in a real VS Code (code-server 4.139.1 + Debian chromium).
//   node test/e2e/run-ui.mjs <vsix> [resultsDir]
// The state is a throwaway copy of the real OpenClaw 2026.9.6 fixture state; expected figures come from
// what `openclaw sessions` printed for it (test/fixtures/openclaw-real/cli/sessions-final.*).
import fs from 'node:fs';
import path from 'node:path';
import { execFile, execFileSync } from 'node:child_process';
import {
  startCodeServer, launchBrowser, openWorkbench, runChecks, printSummary, commandPalette,
  waitForStatusBarItem, openViewContainer, viewPane, waitForTreeRow, saveArtifacts, STATUSBAR, waitForWebviewText, EDITOR_PART,
} from './lib.mjs';
import { sleep } from '../support/process.mjs';
import { prepareState, openclawFigures, REPO } from './state.mjs';

const [vsixArg, outArg] = process.argv.slice(2);
if (!vsixArg) {
  console.error('usage: node test/e2e/run-ui.mjs <vsix> [resultsDir]');
  process.exit(2);
}
const out = path.resolve(outArg ?? 'test-results');
fs.mkdirSync(out, { recursive: true });
const GAUGE = 'OpenClaw context'; // aria-label prefix of our status bar item
const node24 = process.env.NODE24_BIN;

// "9.7k/33k (30%)" → "30% 9.7k/33k" (the gauge shows the same figures, percent first)
const gaugeText = (cell) => {
  const m = /^(\S+)\/(\S+) \((\d+)%\)$/.exec(cell);
  if (!m) throw new Error(`unexpected cell ${cell}`);
  return `${m[3]}% ${m[1]}/${m[2]}`;
};
const fmt = (v) => (v >= 10000 ? `${(v / 1000).toFixed(0)}k` : `${(v / 1000).toFixed(1)}k`);

/**
 * The session picker a command opens when it is given no session: its title asks "<action> which session?",
 * the first row is the gauge's session (marked, with its fill); Enter takes it.
 */
async function pickGaugeSession(page, action, key) {
  await page.locator('.quick-input-widget', { hasText: `${action} which session?` }).waitFor({ state: 'visible', timeout: 15_000 });
  const first = page.locator('.quick-input-list .monaco-list-row').first();
  await first.waitFor({ state: 'visible', timeout: 10_000 });
  const text = (await first.innerText()).replace(/\s+/g, ' ');
  if (!text.includes(key) || !text.includes('the gauge’s session') || !/\d+%/.test(text)) throw new Error(`first picker row reads "${text}"`);
  await page.keyboard.press('Enter');
}
/** The tabs of the editor area (their labels). */
const tabLabels = (page) => page.locator('.tabs-container .tab').evaluateAll((els) => els.map((e) => (e.getAttribute('aria-label') || e.innerText || '').trim()));

const state = prepareState('real');
/** The last transcript row of the most recent session, read with node:sqlite under Node 24. */
const lastRow = () =>
  JSON.parse(execFileSync(node24, ['-e', `
    const { DatabaseSync } = require('node:sqlite');
    const db = new DatabaseSync(process.argv[1], { readOnly: true });
    const sid = db.prepare('SELECT current_session_id AS s FROM session_nodes WHERE session_key = ?').get(process.argv[2]).s;
    const r = db.prepare('SELECT seq, event_json FROM transcript_events WHERE session_id = ? ORDER BY seq DESC LIMIT 1').get(sid);
    console.log(JSON.stringify({ seq: r.seq, event: r.event_json ? JSON.parse(r.event_json) : null }));`, path.join(state.dir, 'agents/main/agent/openclaw-agent.sqlite'), mostRecent.key], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
// the fixture sessions are small: a low keepRecentTokens gives the compaction check something to summarise
{
  const cfgFile = path.join(state.dir, 'openclaw.json');
  const cfg = JSON.parse(fs.readFileSync(cfgFile, 'utf8'));
  cfg.agents.defaults.compaction = { ...(cfg.agents.defaults.compaction ?? {}), keepRecentTokens: 300 };
  fs.writeFileSync(cfgFile, JSON.stringify(cfg, null, 2));
}
// MEMORY.md with one line over the 150-character limit: the memory lint's line-too-long for the Problems panel check
const LONG_MEMORY_LINE = `- Release process: ${'tag the build, run the smoke tests, publish the notes, then tell the channel; '.repeat(3)}`.slice(0, 180).trimEnd();
fs.appendFileSync(path.join(state.workspace, 'MEMORY.md'), `${LONG_MEMORY_LINE}\n`);
/** Append a turn to the most recent session every `ms` (scripts/demo-append.mjs, Node 24): the extension keeps refreshing. */
function appendTurnsEvery(ms) {
  let on = true;
  (async () => {
    for (let n = 0; on; n++) {
      await new Promise((r) => execFile(node24, [path.join(REPO, 'scripts/demo-append.mjs'), state.dir, '--key', mostRecent.key, '--text', `load turn ${n}`], () => r()));
      await sleep(ms);
    }
  })();
  return { stop: () => { on = false; } };
}
const figures = openclawFigures();
const mostRecent = [...figures].sort((a, b) => b.updatedAt - a.updatedAt)[0];
let cs;
let browser;
let page;
let result = { passed: 0, failed: 1 };
try {
  cs = await startCodeServer({
    vsixPath: vsixArg,
    workspace: state.workspace,
    isolateHome: true,
    env: { OPENCLAW_STATE_DIR: state.dir, OPENCLAW_CONFIG_PATH: path.join(state.dir, 'openclaw.json') },
  });
  browser = await launchBrowser();
  page = await browser.browser.newPage({ viewport: { width: 1400, height: 1000 } });

  const checks = [
    {
      name: `status bar shows the most recent session (${mostRecent.key}) as OpenClaw printed it: ${mostRecent.cell}`,
      fn: async () => {
        await openWorkbench(page, cs.url, state.workspace);
        const text = await waitForStatusBarItem(page, GAUGE, gaugeText(mostRecent.cell), 40_000);
        if (text !== gaugeText(mostRecent.cell)) throw new Error(`status bar shows "${text}"`);
      },
    },
    {
      name: 'Sessions view lists the state dir, the agent and every session with its figures',
      fn: async () => {
        await openViewContainer(page, 'OpenClaw Context');
        await waitForTreeRow(page, 'Sessions', 'main');
        for (const s of figures) {
          const want = s.cell.startsWith('unknown') ? `~` : `${gaugeText(s.cell).split(' ')[0]} · ${s.cell.split(' ')[0]}`;
          // the rows can render before their figures settle (the model refreshes once the transcripts are read): wait
          const rows = viewPane(page, 'Sessions').locator('.monaco-list-row', { hasText: want });
          await rows.first().waitFor({ state: 'visible', timeout: 15_000 }).catch(async () => {
            const texts = await viewPane(page, 'Sessions').locator('.monaco-list-row').evaluateAll((els) => els.map((e) => (e.innerText || '').replace(/\s+/g, ' ').trim()));
            throw new Error(`no session row with "${want}" for ${s.key}; rows: ${JSON.stringify(texts)}`);
          });
        }
        const n = await viewPane(page, 'Sessions').locator('.monaco-list-row').count();
        if (n < figures.length + 2) throw new Error(`only ${n} rows`);
      },
    },
    {
      name: 'Memories view lists the workspace (bootstrap files in OpenClaw order); Checkpoints shows its empty state',
      fn: async () => {
        const mem = viewPane(page, 'Memories');
        const header = mem.locator('.pane-header');
        if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
        await mem.getByText('Bootstrap files').first().waitFor({ state: 'visible', timeout: 10_000 });
        await mem.locator('.monaco-list-row', { hasText: 'AGENTS.md' }).first().waitFor({ state: 'visible', timeout: 10_000 });
        // give the room back to the views the next checks use
        await header.click();
        const cp = viewPane(page, 'Checkpoints');
        const cpHeader = cp.locator('.pane-header');
        if ((await cpHeader.getAttribute('aria-expanded')) !== 'true') await cpHeader.click();
        await cp.getByText('No checkpoints yet').first().waitFor({ state: 'visible', timeout: 10_000 });
      },
    },
    {
      name: 'command palette: Open Active Context opens the rebuilt context',
      fn: async () => {
        await commandPalette(page, 'OpenClaw Context: Open Active Context');
        await page.locator('.editor-instance .view-lines', { hasText: `Active context — ${mostRecent.key}` }).first().waitFor({ state: 'visible', timeout: 15_000 });
        await page.keyboard.press('Control+W').catch(() => {});
      },
    },
    {
      name: 'Sessions view: a click, and Enter, on a session row open its active context (expanding is the twistie\'s)',
      fn: async () => {
        const short = mostRecent.key.replace(/^agent:main:/, '').split(':').map((x) => (/^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(x) ? x.slice(0, 8) : x)).join(':');
        const row = await waitForTreeRow(page, 'Sessions', short, 15_000);
        const context = page.locator('.editor-instance .view-lines', { hasText: `Active context — ${mostRecent.key}` }).first();
        await row.click();
        await context.waitFor({ state: 'visible', timeout: 15_000 });
        await commandPalette(page, 'View: Close All Editors');
        await context.waitFor({ state: 'hidden', timeout: 10_000 });
        // back to the view, its focused row: Enter
        await commandPalette(page, 'OpenClaw Context: Focus on Sessions View');
        await page.keyboard.press('Enter');
        await context.waitFor({ state: 'visible', timeout: 15_000 });
        if ((await row.getAttribute('aria-expanded')) === 'true') throw new Error('the row expanded instead of opening');
        await commandPalette(page, 'View: Close All Editors');
      },
    },
    {
      name: 'command palette: Pick Session pins agent:main:rpc, Unpin follows the most recent again',
      fn: async () => {
        const rpc = figures.find((s) => s.key === 'agent:main:rpc');
        await commandPalette(page, 'OpenClaw Context: Pick Session for the Gauge', { waitHidden: false });
        const input = page.locator('.quick-input-widget input');
        // our quick pick (not the palette) is showing: its title and its first item
        await page.locator('.quick-input-widget', { hasText: 'session for the gauge' }).waitFor({ state: 'visible', timeout: 10_000 });
        await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Follow the most recently active session' }).first().waitFor({ state: 'visible', timeout: 10_000 });
        await input.fill('agent:main:rpc');
        await page.locator('.quick-input-list .monaco-list-row', { hasText: 'agent:main:rpc' }).first().waitFor({ state: 'visible', timeout: 10_000 });
        await page.keyboard.press('Enter');
        await waitForStatusBarItem(page, GAUGE, gaugeText(rpc.cell), 15_000);
        await commandPalette(page, 'OpenClaw Context: Unpin Gauge');
        await waitForStatusBarItem(page, GAUGE, gaugeText(mostRecent.cell), 15_000);
      },
    },
    {
      name: 'command palette: Count Session Exactly asks which session (the gauge\'s first, with its fill) and shows an exact count',
      fn: async () => {
        await commandPalette(page, 'OpenClaw Context: Count Session Exactly', { waitHidden: false });
        await pickGaugeSession(page, 'Count exactly', mostRecent.key);
        const toast = page.locator('.notifications-toasts .notification-toast', { hasText: `session ${mostRecent.key}:` }).first();
        await toast.waitFor({ state: 'visible', timeout: 60_000 });
        const text = (await toast.innerText()).replace(/\s+/g, ' ');
        const m = /session \S+: ([\d,]+) tokens exact \((o200k|cl100k)\)/.exec(text);
        if (!m) throw new Error(`unexpected message: ${text}`);
        if (Number(m[1].replace(/,/g, '')) <= 0) throw new Error(`no tokens counted: ${text}`);
        await page.keyboard.press('Escape');
      },
    },
    {
      name: 'a turn written to the database while VS Code runs updates the gauge and the tree',
      fn: async () => {
        execFileSync(node24, [path.join(REPO, 'scripts/demo-append.mjs'), state.dir, '--key', mostRecent.key], { stdio: 'pipe' });
        // what the writer stored in the session row: the expected new figure
        const row = JSON.parse(execFileSync(node24, ['-e', `
          const { DatabaseSync } = require('node:sqlite');
          const db = new DatabaseSync(process.argv[1], { readOnly: true });
          console.log(db.prepare('SELECT entry_json FROM session_nodes WHERE session_key = ?').get(process.argv[2]).entry_json);`,
          path.join(state.dir, 'agents/main/agent/openclaw-agent.sqlite'), mostRecent.key], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
        const want = `${Math.round((row.totalTokens / row.contextTokens) * 100)}% ${fmt(row.totalTokens)}/${fmt(row.contextTokens)}`;
        if (want === gaugeText(mostRecent.cell)) throw new Error('the appended turn did not change the figure; the check would prove nothing');
        const t0 = Date.now();
        await waitForStatusBarItem(page, GAUGE, want, 15_000);
        console.log(`   gauge updated ${Date.now() - t0} ms after the write: ${want}`);
        const [pct, used] = want.split(' ');
        await waitForTreeRow(page, 'Sessions', `${pct} · ${used}`, 10_000);
      },
    },
    {
      name: 'gauge tooltip shows the lines and the breakdown (screenshot saved)',
      fn: async () => {
        const item = page.locator(`${STATUSBAR} .statusbar-item`, { has: page.locator(`[aria-label^="${GAUGE}"]`) }).first();
        const target = (await item.count()) ? item : page.locator(`${STATUSBAR} [aria-label^="${GAUGE}"]`).first();
        await target.hover();
        const hover = page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'To compaction' }).first();
        await hover.waitFor({ state: 'visible', timeout: 10_000 });
        for (const t of ['To memory flush', 'Bootstrap files', 'Tool results']) {
          if (!(await hover.innerText()).includes(t)) throw new Error(`tooltip lacks "${t}"`);
        }
        await sleep(300);
        await page.screenshot({ path: path.join(out, 'screenshot.png') });
        if (process.env.OC_CTX_UPDATE_SCREENSHOT === '1') fs.copyFileSync(path.join(out, 'screenshot.png'), path.join(REPO, 'media/screenshot.png'));
      },
    },
    {
      name: 'Checkpoints: Create Checkpoint (its keybinding, the session picker), the row appears; Restore into Session previews, asks beside it, appends one note, closes the preview',
      fn: async () => {
        const before = lastRow();
        // the keybinding (Ctrl+Alt+K S) runs Create Checkpoint…, which asks which session
        await page.locator('.part.editor').first().click({ position: { x: 40, y: 40 }, timeout: 5000 }).catch(() => {});
        await page.keyboard.press('Control+Alt+K');
        await page.keyboard.press('S');
        await pickGaugeSession(page, 'Create a checkpoint of', mostRecent.key);
        await page.locator('.notifications-toasts .notification-toast', { hasText: `saved cp_001 for ${mostRecent.key}` }).first().waitFor({ state: 'visible', timeout: 15_000 });
        await page.keyboard.press('Escape');
        // the view's label: the key without `agent:main:`, UUID segments cut to 8 characters
        const short = mostRecent.key.replace(/^agent:main:/, '').split(':').map((x) => (/^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(x) ? x.slice(0, 8) : x)).join(':');
        const sessionRow = await waitForTreeRow(page, 'Checkpoints', short, 15_000);
        if ((await sessionRow.getAttribute('aria-expanded')) !== 'true') await sessionRow.click();
        const cpRow = await waitForTreeRow(page, 'Checkpoints', 'cp_001', 10_000);
        const desc = (await cpRow.innerText()).replace(/\s+/g, ' ');
        if (!/manual · \d+% · just now · latest/.test(desc)) throw new Error(`checkpoint row reads "${desc}"`);
        await sleep(300);
        await page.screenshot({ path: path.join(out, 'checkpoints.png') });
        if (process.env.OC_CTX_UPDATE_SCREENSHOT === '1') fs.copyFileSync(path.join(out, 'checkpoints.png'), path.join(REPO, 'media/checkpoints.png'));
        // context menu → Restore into Session…
        await cpRow.click({ button: 'right' });
        const menuItem = page.locator('.context-view .action-item', { hasText: 'Restore into Session' }).first();
        await menuItem.waitFor({ state: 'visible', timeout: 10_000 });
        await sleep(250); // the menu settles (a click during its opening is sometimes lost)
        await menuItem.hover();
        await menuItem.click();
        // still open (the click was swallowed)? the item is highlighted: Enter runs it
        if (await menuItem.isVisible().catch(() => false)) {
          await sleep(500);
          if (await menuItem.isVisible().catch(() => false)) await page.keyboard.press('Enter');
        }
        // the preview opens beside, then a notification asks (no modal dialog over the preview)
        const previewText = page.locator('.editor-instance .view-lines', { hasText: '[Post-compaction checkpoint restore]' }).first();
        await previewText.waitFor({ state: 'visible', timeout: 15_000 });
        const ask = page.locator('.notifications-toasts .notification-toast', { hasText: `Restore cp_001 into ${mostRecent.key}?` }).first();
        await ask.waitFor({ state: 'visible', timeout: 60_000 });
        if (await page.locator('.monaco-dialog-box').count()) throw new Error('a modal dialog covers the preview');
        if (!(await previewText.isVisible())) throw new Error('the preview is not visible while it asks');
        const detail = (await ask.innerText()).replace(/\s+/g, ' ');
        if (!/A \d+-token note/.test(detail) || !/Nothing is rewritten or removed/.test(detail)) throw new Error(`the question reads "${detail}"`);
        await ask.locator('.monaco-button', { hasText: /^Restore$/ }).first().click();
        const done = page.locator('.notifications-toasts .notification-toast', { hasText: `restored cp_001 into ${mostRecent.key}` }).first();
        await done.waitFor({ state: 'visible', timeout: 15_000 });
        // one line; the rest (what OpenClaw does with the write) behind Details
        const doneText = (await done.locator('.notification-list-item-message').first().innerText()).trim();
        if (doneText.length > 120) throw new Error(`the success message is ${doneText.length} characters: ${doneText}`);
        // the flow ended: its preview closed
        await previewText.waitFor({ state: 'hidden', timeout: 10_000 });
        const after = lastRow();
        if (after.seq !== before.seq + 1) throw new Error(`expected one new row after seq ${before.seq}, last is ${after.seq}`);
        if (after.event?.type !== 'custom_message' || after.event.customType !== 'openclaw-context.checkpoint-restore' || !after.event.content.startsWith('[Post-compaction checkpoint restore]')) {
          throw new Error(`last row is ${JSON.stringify(after.event).slice(0, 300)}`);
        }
        if (after.event.parentId !== before.event?.id && before.event?.type !== 'leaf') throw new Error('the note is not chained to the previous leaf');
        await page.keyboard.press('Escape');
      },
    },
    {
      name: 'Compact Session… (its keybinding, the session picker): the preview diff and the rendered quality report open, the question sits beside them, the title bar answers it, one compaction entry is appended, the previews close',
      fn: async () => {
        const before = lastRow();
        // the keybinding (Ctrl+Alt+K C) runs Compact Session…, which asks which session
        await page.locator('.part.editor').first().click({ position: { x: 40, y: 40 }, timeout: 5000 }).catch(() => {});
        await page.keyboard.press('Control+Alt+K');
        await page.keyboard.press('C');
        await pickGaugeSession(page, 'Compact', mostRecent.key);
        // the diff editor (before ↔ after) and the quality report beside it, rendered (Markdown preview)
        const diffTab = page.locator('.tab', { hasText: `Compaction preview: ${mostRecent.key}` }).first();
        await diffTab.waitFor({ state: 'visible', timeout: 20_000 });
        const diffShownAt = Date.now();
        // generous waits, not speed checks: the previews open before the question, slowly on a busy machine
        await page.locator('.tab', { hasText: 'Preview quality.md' }).first().waitFor({ state: 'visible', timeout: 60_000 });
        // rendered: the report's table with every column labelled (the lost items in their own column)
        await waitForWebviewText(page, 'summary quality check', 60_000);
        for (const column of ['From the dropped part', 'Found', 'Kept in the summary', 'Lost']) await waitForWebviewText(page, column, 10_000, 'th');
        const ask = page.locator('.notifications-toasts .notification-toast', { hasText: `Compact ${mostRecent.key}?` }).first();
        await ask.waitFor({ state: 'visible', timeout: 60_000 });
        if (await page.locator('.monaco-dialog-box').count()) throw new Error('a modal dialog covers the preview');
        const detail = (await ask.innerText()).replace(/\s+/g, ' ');
        // what it would do, short; the rest (where it is written, how to undo) behind Details
        if (!/\d+\/\d+ decisions, .*\d+\/\d+ TODOs/.test(detail) || !(await ask.locator('.monaco-button', { hasText: /^Details$/ }).count())) throw new Error(`the question reads "${detail}"`);
        // the diff finished inside VS Code's 5-second limit: the dropped messages and the summary are never paired
        await sleep(Math.max(300, diffShownAt + 6000 - Date.now()));
        if (await page.locator('.notification-toast', { hasText: 'diff algorithm was stopped early' }).count()) throw new Error('the preview diff ran past VS Code\'s 5-second limit');
        await page.screenshot({ path: path.join(out, 'compaction.png') });
        if (process.env.OC_CTX_UPDATE_SCREENSHOT === '1') fs.copyFileSync(path.join(out, 'compaction.png'), path.join(REPO, 'media/compaction.png'));
        // the preview's title bar carries the answer: "Answer the Pending Question…" lists the buttons
        await diffTab.click();
        const answer = page.locator('.editor-actions .action-label[aria-label^="Answer the Pending Question"]').first();
        await answer.waitFor({ state: 'visible', timeout: 10_000 });
        if (!(await page.locator('.editor-actions .action-label[aria-label^="Cancel the Pending Change"]').first().isVisible())) throw new Error('no Cancel in the title bar');
        await answer.click();
        await page.locator('.quick-input-widget', { hasText: `Compact ${mostRecent.key}?` }).waitFor({ state: 'visible', timeout: 10_000 });
        await page.locator('.quick-input-list .monaco-list-row[aria-label="Compact"]').first().click();
        await page.locator('.notifications-toasts .notification-toast', { hasText: `compacted ${mostRecent.key}` }).first().waitFor({ state: 'visible', timeout: 15_000 });
        // the flow ended: the previews closed, the title-bar actions are gone
        await diffTab.waitFor({ state: 'hidden', timeout: 10_000 });
        const left = (await tabLabels(page)).filter((l) => /Compaction preview|quality\.md/.test(l));
        if (left.length) throw new Error(`previews left open: ${left.join(', ')}`);
        const after = lastRow();
        if (after.seq !== before.seq + 1 || after.event?.type !== 'compaction' || !String(after.event.summary).includes('## Decisions')) throw new Error(`last row is ${JSON.stringify(after.event).slice(0, 300)}`);
        await page.keyboard.press('Escape');
      },
    },
    {
      name: 'Problems panel: the long line in MEMORY.md is listed as a memory-lint warning (screenshot saved)',
      fn: async () => {
        const len = [...LONG_MEMORY_LINE].length;
        const panel = page.locator('.markers-panel');
        if (!(await panel.first().isVisible())) await commandPalette(page, 'View: Toggle Problems');
        await panel.first().waitFor({ state: 'visible', timeout: 10_000 });
        const row = panel.locator('.monaco-list-row', { hasText: `Line is ${len} characters; keep MEMORY.md lines at 150 or fewer` }).first();
        await row.waitFor({ state: 'visible', timeout: 15_000 });
        const text = (await row.innerText()).replace(/\s+/g, ' ');
        if (!text.includes('OpenClaw Context') || !text.includes('line-too-long')) throw new Error(`problem row reads "${text}"`);
        const fileRow = panel.locator('.monaco-list-row', { hasText: 'MEMORY.md' }).first();
        if (!(await fileRow.isVisible())) throw new Error('no MEMORY.md row in the Problems panel');
        // Check Memory Files re-lints, reports the count and leaves the Problems panel open
        await commandPalette(page, 'OpenClaw Context: Check Memory Files');
        await page.locator('.notifications-toasts .notification-toast', { hasText: 'Memory files: 1 problem in' }).first().waitFor({ state: 'visible', timeout: 15_000 });
        await row.waitFor({ state: 'visible', timeout: 5_000 });
        await sleep(300);
        await page.screenshot({ path: path.join(out, 'memory-problems.png') });
        await page.keyboard.press('Escape');
      },
    },
    {
      // as a quick typist does it: the command picked in the palette from an open file, Enter, and the query typed at
      // once (0–30 ms between keys, no wait for our box), then Enter. VS Code gives the focus back to the file when the
      // palette closes and shows our box a round trip later, so the first keys land in MEMORY.md: the box must end up
      // with all of them and the file must be left as it was. Tries 1–2 are the command's first uses in this window;
      // during tries 4–5 a turn is appended to the state every 150 ms (the extension refreshes its sessions). Tries 2
      // and 4 also type a filter for the results right after the query's Enter.
      name: 'Search Memory and Transcripts…: a query typed right after Enter in the palette keeps every key, and the open file is untouched (5 tries)',
      fn: async () => {
        const file = path.join(state.workspace, 'MEMORY.md');
        const before = fs.readFileSync(file, 'utf8');
        await page.locator(EDITOR_PART).click({ position: { x: 40, y: 40 } });
        await page.keyboard.press('Control+P');
        await page.keyboard.type('MEMORY.md', { delay: 10 });
        await page.locator('.quick-input-list .monaco-list-row', { hasText: 'MEMORY.md' }).first().waitFor({ state: 'visible', timeout: 15_000 });
        await page.keyboard.press('Enter');
        await page.locator('.tabs-container .tab.active', { hasText: 'MEMORY.md' }).waitFor({ state: 'visible', timeout: 15_000 });
        await page.locator('.monaco-editor .view-lines').first().click();
        const tries = [['reading list', 0], ['BLUE-HERON ORD-4471', 10], ['reading list', 30], ['BLUE-HERON', 0], ['ORD-4471 reading', 20]];
        let load;
        try {
          for (const [i, [query, delay]] of tries.entries()) {
            if (i === 3) load = appendTurnsEvery(150);
            await page.keyboard.press('F1');
            await page.locator('.quick-input-widget input').waitFor({ state: 'visible', timeout: 10_000 });
            await page.keyboard.type('Search Memory and Tr', { delay: 10 });
            await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: 'Search Memory and Transcripts' }).waitFor({ state: 'visible', timeout: 15_000 });
            await page.keyboard.press('Enter');
            await page.keyboard.type(query, { delay });
            await page.locator('.quick-input-widget', { hasText: 'Memory files rank above transcripts' }).first().waitFor({ state: 'visible', timeout: 15_000 });
            await page.keyboard.press('Enter');
            // tries 2 and 4: a filter for the results typed at once too (while the index is built, the focus is in the file)
            const filter = i % 2 === 1 ? 'MEMORY.md' : '';
            if (filter) await page.keyboard.type(filter, { delay });
            const title = page.locator('.quick-input-widget .quick-input-title', { hasText: 'results for' }).first();
            await title.waitFor({ state: 'visible', timeout: 30_000 });
            const t = await title.innerText();
            if (!t.includes(`“${query}”`)) throw new Error(`try ${i + 1} (${delay} ms between keys): the results are titled "${t}", not for “${query}”`);
            if (filter) {
              const input = page.locator('.quick-input-widget input');
              let got = '';
              for (let w = 0; w < 30 && (got = await input.inputValue()) !== filter; w++) await sleep(100);
              if (got !== filter) throw new Error(`try ${i + 1}: the results' filter holds "${got}", not "${filter}"`);
            }
            await page.keyboard.press('Escape');
            await sleep(300);
            const dirty = await page.locator('.tabs-container .tab.dirty').count();
            const now = fs.readFileSync(file, 'utf8');
            if (dirty || now !== before) throw new Error(`try ${i + 1}: keys landed in MEMORY.md (${dirty ? 'unsaved changes' : `on disk: ${JSON.stringify(now.slice(-80))}`})`);
          }
        } finally {
          load?.stop();
        }
        await page.keyboard.press('Control+W');
      },
    },
  ];
  // OC_CTX_UI_GREP: a focused run (the first check, which opens the workbench, always runs)
  const grep = process.env.OC_CTX_UI_GREP ? new RegExp(process.env.OC_CTX_UI_GREP) : undefined;
  if (grep) checks.splice(0, checks.length, ...checks.filter((c, i) => i === 0 || grep.test(c.name)));
  result = await runChecks('OpenClaw Context UI (code-server 4.139.1)', checks, {
    onFail: async (c) => saveArtifacts(out, { cs, page, name: `ui-${checks.indexOf(c)}` }),
  });
} catch (err) {
  console.log(`FAIL - harness: ${err?.message ?? err}`);
  if (cs) await saveArtifacts(out, { cs, page, name: 'ui-harness' });
  result = { passed: result.passed, failed: Math.max(1, result.failed) };
} finally {
  await browser?.close();
  await cs?.stop();
  state.cleanup();
}
printSummary(result.passed, result.failed);
process.exit(result.failed === 0 && result.passed > 0 ? 0 : 1);
