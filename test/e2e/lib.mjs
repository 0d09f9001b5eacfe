// Reusable e2e harness: code-server (VS Code 1.139 server + web workbench) driven by
// playwright-core + Debian chromium. See test/e2e/README.md and
// /work/shared/reference/vscode-e2e.md for the recipe this follows.
//
// Runs on the system Node (20); code-server itself runs under $NODE24_BIN.
// Required env: NODE24_BIN, CODE_SERVER_ENTRY (printed by scripts/setup-e2e.sh).

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { freePort, groupAlive, killGroup, sleep } from '../support/process.mjs';

const require = createRequire(import.meta.url);

export const CHROMIUM_PATH = process.env.OC_CTX_CHROMIUM || '/usr/bin/chromium';

export const DEFAULT_USER_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'chat.disableAIFeatures': true,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'security.workspace.trust.enabled': false,
  'workbench.tips.enabled': false,
};

/**
 * Workspace trust on, and the folder opened untrusted (Restricted Mode) without the startup question: what a user
 * who answered "No, I don't trust the authors" sees. Trusting it later is the Workspace Trust editor's button
 * (trustWorkspace below).
 */
export const UNTRUSTED_SETTINGS = {
  'security.workspace.trust.enabled': true,
  'security.workspace.trust.startupPrompt': 'never',
  'security.workspace.trust.emptyWindow': false,
  'security.workspace.trust.untrustedFiles': 'open',
};

const CODE_SERVER_FLAGS = [
  '--auth', 'none',
  '--disable-telemetry',
  '--disable-update-check',
  '--disable-workspace-trust',
  '--disable-getting-started-override',
  '--disable-proxy',
  '--ignore-last-opened',
];

export const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

// ---------------------------------------------------------------------------------------------
// process-group bookkeeping: every code-server we spawn is a group leader (detached); make sure
// the group dies with us even if the harness is killed or crashes.

const liveGroups = new Set();
const liveDirs = new Set(); // temp roots to delete if the harness dies before stop()/close()
let handlersInstalled = false;

function installExitHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on('exit', () => {
    for (const pid of liveGroups) killGroup(pid, 'SIGKILL');
    // SIGKILLed processes run no more user code, so deleting now cannot race with their shutdown
    for (const d of liveDirs) { try { fs.rmSync(d, { recursive: true, force: true }); } catch { /* ignore */ } }
  });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(sig, () => {
      for (const pid of liveGroups) killGroup(pid, 'SIGTERM');
      // give them a moment, then the 'exit' handler SIGKILLs whatever is left
      setTimeout(() => process.exit(128 + (os.constants.signals[sig] || 2)), 300).unref();
    });
  }
}

// A closed stdout (e.g. `| head`) must not crash with an unhandled EPIPE before cleanup runs.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => { if (e.code === 'EPIPE') process.exit(1); else throw e; });
}

export function requireEnv(name) {
  const v = process.env[name];
  if (!v) {
    throw new Error(`${name} is not set; run: eval "$(bash scripts/setup-e2e.sh)"`);
  }
  return v;
}

function readJsonIfExists(file) {
  try { return JSON.parse(fs.readFileSync(file, 'utf8')); } catch { return undefined; }
}

/**
 * Copy an unpacked extension folder into extDir as <publisher>.<name>-<version> (VS Code scans
 * the extensions dir and picks it up like an installed one). Skips .git, test-results,
 * .vscode-test and *.vsix, and node_modules when package.json has no runtime `dependencies`
 * (a bundled extension such as ours needs none of it).
 */
export function copyExtensionFolder(extensionPath, extDir) {
  const pkg = readJsonIfExists(path.join(extensionPath, 'package.json'));
  if (!pkg) throw new Error(`no package.json in ${extensionPath}`);
  const dest = path.join(extDir, `${pkg.publisher}.${pkg.name}-${pkg.version}`.toLowerCase());
  const skipModules = Object.keys(pkg.dependencies ?? {}).length === 0;
  const top = path.resolve(extensionPath);
  fs.cpSync(extensionPath, dest, {
    recursive: true,
    filter: (src) => {
      const base = path.basename(src);
      if (['.git', 'test-results', '.vscode-test'].includes(base) || base.endsWith('.vsix')) return false;
      if (skipModules && base === 'node_modules' && path.dirname(path.resolve(src)) === top) return false;
      return true;
    },
  });
  return dest;
}

async function waitHealthz(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let lastErr;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`code-server exited early (code ${child.exitCode}, signal ${child.signalCode})`);
    }
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
      lastErr = new Error(`healthz status ${res.status}`);
    } catch (e) {
      lastErr = e;
    }
    await sleep(100);
  }
  throw new Error(`code-server /healthz not 200 within ${timeoutMs} ms: ${lastErr?.message}`);
}

/**
 * Start a throwaway code-server.
 * @param {object} o
 * @param {string} [o.extensionPath] unpacked extension folder, copied into the extensions dir
 * @param {string} [o.vsixPath] VSIX installed with --install-extension --force
 * @param {string} o.workspace folder to open later (only used for bookkeeping/logging)
 * @param {object} [o.env] extra env for code-server (the extension host inherits it)
 * @param {boolean} [o.smokeTestDriver] pass --vscode-option enable-smoke-test-driver (in-host tests)
 * @param {object} [o.userSettings] merged over DEFAULT_USER_SETTINGS
 * @param {boolean} [o.isolateHome] also set HOME=<root>/home, so `~/.openclaw` etc. resolve to an
 *   empty throwaway dir (the extension host inherits HOME)
 * @param {number} [o.healthTimeoutMs] how long to wait for /healthz (default 30 s)
 * @param {boolean} [o.untrusted] workspace trust on and the folder untrusted (UNTRUSTED_SETTINGS; no
 *   --disable-workspace-trust)
 * @returns {Promise<{url:string, port:number, root:string, logFile:string, extDir:string, pid:number, readLog():string, stop():Promise<void>}>}
 */
export async function startCodeServer({
  extensionPath,
  vsixPath,
  workspace,
  env = {},
  smokeTestDriver = false,
  userSettings = {},
  isolateHome = false,
  healthTimeoutMs = 30_000,
  untrusted = false,
} = {}) {
  const node24 = requireEnv('NODE24_BIN');
  const entry = requireEnv('CODE_SERVER_ENTRY');
  installExitHandlers();

  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'oc-ctx-e2e-'));
  liveDirs.add(root);
  const ud = path.join(root, 'ud');
  const extDir = path.join(root, 'ext');
  const home = path.join(root, 'home');
  for (const d of [path.join(ud, 'User'), extDir, ...['data', 'config', 'cache', 'tmp'].map((d) => path.join(home, d))]) {
    fs.mkdirSync(d, { recursive: true });
  }
  fs.writeFileSync(
    path.join(ud, 'User', 'settings.json'),
    JSON.stringify({ ...DEFAULT_USER_SETTINGS, ...(untrusted ? UNTRUSTED_SETTINGS : {}), ...userSettings }, null, 2),
  );
  const configYaml = path.join(root, 'config.yaml');
  fs.writeFileSync(configYaml, 'auth: none\ncert: false\n');
  const logFile = path.join(root, 'code-server.log');

  // Isolation first, then the caller's env on top (so a test may override any of these).
  const childEnv = {
    ...process.env,
    XDG_DATA_HOME: path.join(home, 'data'),
    XDG_CONFIG_HOME: path.join(home, 'config'),
    // @vscode/deviceid writes $XDG_CACHE_HOME/Microsoft/DeveloperTools/deviceid (else ~/.cache)
    XDG_CACHE_HOME: path.join(home, 'cache'),
    TMPDIR: path.join(home, 'tmp'),
    ...(isolateHome ? { HOME: home } : {}),
    ...env,
  };
  // code-server refuses to start when run from inside another VS Code terminal in some setups
  delete childEnv.VSCODE_IPC_HOOK_CLI;

  const baseArgs = [entry, '--config', configYaml, '--user-data-dir', ud, '--extensions-dir', extDir];

  const cleanupRoot = () => {
    try { fs.rmSync(root, { recursive: true, force: true }); } catch { /* ignore */ }
    liveDirs.delete(root);
  };

  try {
    if (vsixPath) {
      const r = spawnSync(node24, [...baseArgs, '--install-extension', path.resolve(vsixPath), '--force'], {
        env: childEnv, encoding: 'utf8', timeout: 120_000,
      });
      fs.appendFileSync(logFile, `[install-extension]\n${r.stdout ?? ''}${r.stderr ?? ''}\n`);
      if (r.status !== 0) {
        throw new Error(`--install-extension ${vsixPath} failed (status ${r.status}): ${(r.stderr || r.stdout || '').trim().slice(-2000)}`);
      }
    }
    if (extensionPath) copyExtensionFolder(path.resolve(extensionPath), extDir);
  } catch (e) {
    cleanupRoot();
    throw e;
  }

  let lastErr;
  for (let attempt = 1; attempt <= 3; attempt++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const flags = untrusted ? CODE_SERVER_FLAGS.filter((f) => f !== '--disable-workspace-trust') : CODE_SERVER_FLAGS;
    const args = [...baseArgs, '--bind-addr', `127.0.0.1:${port}`, ...flags];
    if (smokeTestDriver) args.push('--vscode-option', 'enable-smoke-test-driver');
    if (workspace) fs.appendFileSync(logFile, `[harness] workspace ${workspace}\n`);
    fs.appendFileSync(logFile, `[harness] attempt ${attempt}: ${node24} ${args.join(' ')}\n`);
    const logFd = fs.openSync(logFile, 'a');
    const child = spawn(node24, args, {
      env: childEnv,
      detached: true,
      stdio: ['ignore', logFd, logFd],
    });
    fs.closeSync(logFd);
    liveGroups.add(child.pid);
    child.unref();

    let stopped = false;
    const stop = async () => {
      if (stopped) return;
      stopped = true;
      killGroup(child.pid, 'SIGTERM');
      const deadline = Date.now() + 10_000;
      while (groupAlive(child.pid) && Date.now() < deadline) await sleep(100);
      if (groupAlive(child.pid)) {
        killGroup(child.pid, 'SIGKILL');
        const d2 = Date.now() + 3000;
        while (groupAlive(child.pid) && Date.now() < d2) await sleep(100);
      }
      liveGroups.delete(child.pid);
      cleanupRoot();
    };
    const readLog = () => { try { return fs.readFileSync(logFile, 'utf8'); } catch { return ''; } };

    try {
      await waitHealthz(url, child, healthTimeoutMs);
      return { url, port, root, logFile, extDir, pid: child.pid, readLog, stop };
    } catch (e) {
      lastErr = e;
      const inUse = /EADDRINUSE/.test(readLog().split(`attempt ${attempt}:`).pop());
      // stop the group but keep the root (and its log) for the next attempt
      killGroup(child.pid, 'SIGKILL');
      const d = Date.now() + 3000;
      while (groupAlive(child.pid) && Date.now() < d) await sleep(100);
      liveGroups.delete(child.pid);
      if (!inUse) break;
    }
  }
  const tail = (() => { try { return fs.readFileSync(logFile, 'utf8').slice(-3000); } catch { return ''; } })();
  cleanupRoot();
  throw new Error(`code-server did not start: ${lastErr?.message}\n--- log tail ---\n${tail}`);
}

/** Launch headless Debian chromium with a throwaway XDG dir. */
export async function launchBrowser({ headless = true } = {}) {
  const { chromium } = require('playwright-core');
  installExitHandlers();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'oc-ctx-chromium-'));
  liveDirs.add(tmp);
  fs.mkdirSync(path.join(tmp, 'config'), { recursive: true });
  fs.mkdirSync(path.join(tmp, 'cache'), { recursive: true });
  fs.mkdirSync(path.join(tmp, 'tmp'), { recursive: true });
  let browser;
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless,
      args: BROWSER_ARGS,
      env: {
        ...process.env,
        XDG_CONFIG_HOME: path.join(tmp, 'config'),
        XDG_CACHE_HOME: path.join(tmp, 'cache'),
        // chromium's process-singleton dir (org.chromium.Chromium.XXXXXX) lives in $TMPDIR and is
        // left behind whenever chromium is SIGKILLed; keep it inside our throwaway dir
        TMPDIR: path.join(tmp, 'tmp'),
      },
    });
  } catch (e) {
    fs.rmSync(tmp, { recursive: true, force: true });
    liveDirs.delete(tmp);
    throw e;
  }
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    try { await browser.close(); } catch { /* ignore */ }
    fs.rmSync(tmp, { recursive: true, force: true });
    liveDirs.delete(tmp);
  };
  return { browser, close };
}

export const STATUSBAR = '#workbench\\.parts\\.statusbar';
export const EDITOR_PART = '#workbench\\.parts\\.editor';

/** Navigate to the workbench with a folder open and wait until it is rendered. */
export async function openWorkbench(page, url, folder, { timeout = 30_000, query = '' } = {}) {
  await page.goto(`${url}/?folder=${encodeURIComponent(folder)}${query}`);
  await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout });
  await page.locator(STATUSBAR).waitFor({ state: 'visible', timeout });
}

/**
 * Run checks sequentially. Each check: { name, fn } (fn may be async).
 * Prints `ok - name` or `FAIL - name: message`. Returns { passed, failed, failures }.
 */
export async function runChecks(name, checks, { onFail } = {}) {
  let passed = 0;
  let failed = 0;
  const failures = [];
  if (name) console.log(`# ${name}`);
  for (const c of checks) {
    const t0 = Date.now();
    try {
      await c.fn();
      passed++;
      console.log(`ok - ${c.name} (${Date.now() - t0} ms)`);
    } catch (e) {
      failed++;
      const msg = String(e?.message ?? e).split('\n')[0];
      failures.push({ name: c.name, error: e });
      console.log(`FAIL - ${c.name}: ${msg}`);
      if (onFail) { try { await onFail(c, e); } catch { /* ignore */ } }
    }
  }
  return { passed, failed, failures };
}

export function printSummary(passed, failed) {
  console.log(`${passed} passed, ${failed} failed`);
}

/** Run a command through the command palette (F1). `text` is the palette label, e.g. "OpenClaw Context: Refresh". */
export async function commandPalette(page, text, { timeout = 15_000, waitHidden = true } = {}) {
  // Give the workbench keyboard focus by clicking an inert spot: the editor part (empty with
  // startupEditor=none). Not the status bar: its left-most item (status.host, the remote
  // indicator) opens a quick pick of its own.
  await page.locator(EDITOR_PART).click({ position: { x: 40, y: 40 }, timeout: 5000 }).catch(() => {});
  const input = page.locator('.quick-input-widget input');
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.keyboard.press('F1');
    try {
      await input.waitFor({ state: 'visible', timeout: 5000 });
      break;
    } catch (e) {
      if (attempt === 2) throw e;
    }
  }
  await input.fill(`>${text}`);
  const row = page.locator('.quick-input-list .monaco-list-row').first();
  await row.waitFor({ state: 'visible', timeout });
  // wait until the best match is actually our command (the list filters asynchronously)
  const want = page.locator('.quick-input-list .monaco-list-row', { hasText: text.replace(/^.*?:\s*/, '') }).first();
  const found = await want.waitFor({ state: 'visible', timeout }).then(() => true, () => false);
  // several commands can match (Compact Session… and Compact Session with Checkpoint Summary…): move the selection
  // to the one asked for, with the keyboard, before Enter
  if (found) {
    const rows = page.locator('.quick-input-list .monaco-list-row');
    const label = text.replace(/^.*?:\s*/, '');
    for (let i = 0; i < 10; i++) {
      const focused = await rows.evaluateAll((els) => {
        const f = els.find((e) => e.classList.contains('focused'));
        return f ? (f.innerText || '').replace(/\s+/g, ' ') : null;
      });
      if (focused === null || focused.includes(label)) break;
      await page.keyboard.press('ArrowDown');
    }
  }
  await page.keyboard.press('Enter');
  // a command that opens its own quick pick keeps the widget visible: the caller passes waitHidden:false
  if (waitHidden) await input.waitFor({ state: 'hidden', timeout }).catch(() => {});
}

function toMatcher(regexOrString) {
  return regexOrString instanceof RegExp
    ? (s) => regexOrString.test(s)
    : (s) => s.includes(regexOrString);
}

/**
 * Wait until some status bar item's visible text matches; returns that item's text.
 * Strings match as substrings; use a RegExp for anything stricter.
 */
export async function waitForStatusBarText(page, regexOrString, timeout = 30_000) {
  const match = toMatcher(regexOrString);
  const deadline = Date.now() + timeout;
  let last = [];
  while (Date.now() < deadline) {
    last = await statusBarTexts(page);
    const hit = last.find(match);
    if (hit !== undefined) return hit;
    await sleep(150);
  }
  throw new Error(`status bar text ${regexOrString} not found within ${timeout} ms; items: ${JSON.stringify(last)}`);
}

/** All status bar items' visible texts (trimmed, whitespace collapsed). */
export async function statusBarTexts(page) {
  return page.$$eval(`${STATUSBAR} .statusbar-item`, (els) =>
    els.map((e) => (e.innerText || e.textContent || '').replace(/\s+/g, ' ').trim()).filter(Boolean),
  );
}

/**
 * Text of a status bar item by its id. VS Code renders each item as
 * `<div class="statusbar-item" id="<extensionId>.<itemId>">` when the item was created with
 * `vscode.window.createStatusBarItem(id, ...)`; with the id-less overload the DOM id is
 * `<extensionId>.<n>` (a counter). Extension id is lower-cased (`publisher.name`).
 * Falls back to matching the item's aria-label prefix (set from `accessibilityInformation.label`,
 * else the text with codicons stripped). Returns undefined when not found.
 */
export async function statusBarItemText(page, idOrAriaPrefix) {
  return page.evaluate(
    ({ sel, key }) => {
      const bar = document.querySelector(sel);
      if (!bar) return undefined;
      const norm = (e) => (e.innerText || e.textContent || '').replace(/\s+/g, ' ').trim();
      const byId = bar.querySelector(`.statusbar-item[id="${CSS.escape(key)}"]`) ||
        Array.from(bar.querySelectorAll('.statusbar-item[id]')).find((e) => e.id.toLowerCase() === key.toLowerCase());
      if (byId) return norm(byId);
      for (const item of bar.querySelectorAll('.statusbar-item')) {
        const labelled = item.matches('[aria-label]') ? item : item.querySelector('[aria-label]');
        if (labelled && labelled.getAttribute('aria-label').startsWith(key)) return norm(item);
      }
      return undefined;
    },
    { sel: STATUSBAR, key: idOrAriaPrefix },
  );
}

/** Wait for a status bar item (by id / aria prefix) to exist and, optionally, match. */
export async function waitForStatusBarItem(page, idOrAriaPrefix, regexOrString, timeout = 30_000) {
  const match = regexOrString === undefined ? () => true : toMatcher(regexOrString);
  const deadline = Date.now() + timeout;
  let last;
  while (Date.now() < deadline) {
    last = await statusBarItemText(page, idOrAriaPrefix);
    if (last !== undefined && match(last)) return last;
    await sleep(150);
  }
  throw new Error(`status bar item ${idOrAriaPrefix} ${regexOrString ?? ''} not found within ${timeout} ms (last: ${JSON.stringify(last)})`);
}

/**
 * Open an activity-bar view container by its title (package.json viewsContainers.activitybar[].title).
 * The activity bar entry's aria-label starts with the title (followed by e.g. a keybinding hint).
 */
export async function openViewContainer(page, title, { timeout = 15_000 } = {}) {
  const item = page.locator(`.activitybar [aria-label^="${title.replace(/"/g, '\\"')}"]`).first();
  await item.waitFor({ state: 'visible', timeout });
  // clicking an already-open container collapses the sidebar; only click when not checked
  const checked = await item.evaluate((el) => {
    const li = el.closest('li.action-item') || el;
    return li.classList.contains('checked') || li.getAttribute('aria-checked') === 'true' ||
      li.getAttribute('aria-expanded') === 'true';
  });
  if (!checked) await item.click();
  return item;
}

/** Locator of the view pane (inside the sidebar) whose header shows `viewName`. */
export function viewPane(page, viewName) {
  return page.locator('.pane', { has: page.locator('.pane-header', { hasText: viewName }) }).first();
}

/** Wait for a tree/list row with `text` inside the view `viewName`; returns its locator. */
export async function waitForTreeRow(page, viewName, text, timeout = 15_000) {
  const row = viewPane(page, viewName).locator('.monaco-list-row', { hasText: text }).first();
  await row.waitFor({ state: 'visible', timeout });
  return row;
}

/** Wait until a webview (e.g. the Markdown preview; not the workbench itself) renders `text`, in a `css` element if given. */
export async function waitForWebviewText(page, text, timeout = 30_000, css = '*') {
  const t0 = Date.now();
  while (Date.now() - t0 < timeout) {
    for (const f of page.frames()) {
      if (f === page.mainFrame()) continue;
      if (await f.locator(css, { hasText: text }).count().catch(() => 0)) return;
    }
    await sleep(250);
  }
  throw new Error(`no webview shows "${text}"`);
}
/**
 * The extension's question beside a preview (a notification toast with its buttons, never a modal dialog over
 * the preview): the toast containing `text`.
 */
export function questionToast(page, text) {
  return page.locator('.notifications-toasts .notification-toast', { hasText: text }).first();
}

/** Wait for a notification toast containing text; returns its text. */
export async function waitForNotification(page, text, timeout = 15_000) {
  const loc = page.locator('.notifications-toasts .notification-toast', { hasText: text }).first();
  await loc.waitFor({ state: 'visible', timeout });
  return (await loc.innerText()).trim();
}

/**
 * Trust the open folder the way a user does: the Workspace Trust editor (Manage Workspace Trust) and its "Trust"
 * button. Resolves when the editor says the folder is trusted.
 */
export async function trustWorkspace(page, { timeout = 15_000 } = {}) {
  const editor = page.locator('.workspace-trust-editor');
  if (!(await editor.isVisible().catch(() => false))) await commandPalette(page, 'Workspaces: Manage Workspace Trust');
  await editor.waitFor({ state: 'visible', timeout });
  await editor.locator('.monaco-button', { hasText: /^Trust$/ }).first().click({ timeout });
  await editor.locator('.workspace-trust-header.workspace-trust-trusted').waitFor({ state: 'visible', timeout });
}

/** Dump the status bar DOM (ids, classes, aria-labels, text) – handy when a selector breaks. */
export async function dumpStatusBar(page) {
  return page.$$eval(`${STATUSBAR} .statusbar-item`, (els) =>
    els.map((e) => ({
      id: e.id,
      cls: e.className,
      aria: e.getAttribute('aria-label') ?? e.querySelector('[aria-label]')?.getAttribute('aria-label') ?? null,
      text: (e.innerText || '').trim(),
    })),
  );
}

/** Copy the code-server log (and optional screenshot) into outDir for post-mortem. */
export async function saveArtifacts(outDir, { cs, page, name = 'e2e' } = {}) {
  fs.mkdirSync(outDir, { recursive: true });
  const saved = [];
  if (page) {
    const p = path.join(outDir, `${name}-failure.png`);
    try { await page.screenshot({ path: p }); saved.push(p); } catch { /* ignore */ }
  }
  if (cs) {
    const p = path.join(outDir, `${name}-code-server.log`);
    try { fs.copyFileSync(cs.logFile, p); saved.push(p); } catch { /* ignore */ }
  }
  return saved;
}
