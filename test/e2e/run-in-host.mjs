// Run a Mocha suite inside the real (Node) extension host of code-server, the way
// @vscode/test-electron does with extensionDevelopmentPath + extensionTestsPath.
//
//   node test/e2e/run-in-host.mjs <extensionDir> <testsEntryJs> [workspaceDir]
//
// <testsEntryJs> exports `run(): Promise<void>` (resolve = pass, reject = fail). It must write a
// JSON report {passed, failed, tests:[...]} to the file named by env OC_CTX_TEST_REPORT (this
// script sets it), and should prefix its human-readable lines with "[in-host] ".
// All other env vars are passed through to code-server and so to the extension host.
//
// Env knobs:
//   OC_CTX_INHOST_TIMEOUT_MS  overall cap waiting for the runner's exit code (default 240000)
//   OC_CTX_SHOW_HOST_LOG=1    print every extension-host console line, not just "[in-host] " ones
//   OC_CTX_TEST_RESULTS       where to write logs on failure (default ./test-results)
//   OC_CTX_ISOLATE_HOME=1     run code-server with HOME=<throwaway dir>
//   OC_CTX_UNTRUSTED=1        workspace trust on, the folder opened untrusted (lib.mjs UNTRUSTED_SETTINGS); the
//                             suite may log TRUST_REQUEST below, and the harness then trusts the folder through
//                             the Workspace Trust editor, like a user. OC_CTX_LAUNCHED_AT (ms) tells the suite
//                             when code-server started.
//
// Exit code: the runner's exit code; 1 if the report is missing, reports 0 tests, or has failures;
// 1 on timeout.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCodeServer, launchBrowser, printSummary, saveArtifacts, trustWorkspace } from './lib.mjs';

const MARKER = '[in-host] ';
/** a suite line asking the harness to trust the workspace (OC_CTX_UNTRUSTED runs) */
const TRUST_REQUEST = '[in-host] harness: trust the workspace';
const untrusted = !!process.env.OC_CTX_UNTRUSTED;
const [extArg, testsArg, wsArg] = process.argv.slice(2);
if (!extArg || !testsArg) {
  console.error('usage: node test/e2e/run-in-host.mjs <extensionDir> <testsEntryJs> [workspaceDir]');
  process.exit(2);
}
const extensionDir = path.resolve(extArg);
let testsEntry = path.resolve(testsArg);
if (!fs.existsSync(testsEntry) && fs.existsSync(path.resolve(extensionDir, testsArg))) {
  testsEntry = path.resolve(extensionDir, testsArg);
}
if (!fs.existsSync(path.join(extensionDir, 'package.json'))) {
  console.error(`no package.json in ${extensionDir}`);
  process.exit(2);
}
if (!fs.existsSync(testsEntry)) {
  console.error(`tests entry not found: ${testsEntry} (compile first?)`);
  process.exit(2);
}

const timeoutMs = Number(process.env.OC_CTX_INHOST_TIMEOUT_MS || 240_000);
const showAll = !!process.env.OC_CTX_SHOW_HOST_LOG;
const resultsDir = path.resolve(process.env.OC_CTX_TEST_RESULTS || 'test-results');
const t0 = Date.now();
const secs = () => ((Date.now() - t0) / 1000).toFixed(1);

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'oc-ctx-inhost-'));
const reportFile = path.join(scratch, 'report.json');
let workspace = wsArg ? path.resolve(wsArg) : path.join(scratch, 'ws');
fs.mkdirSync(workspace, { recursive: true });

// "%c INFO color: #33f text" / "%c ERR color: #f33 text" -> "text"
const undecorate = (s) => s.replace(/^%c\s*[A-Z]+\s+color:\s*#[0-9a-fA-F]+\s?/, '');

// Everything the page console showed (workbench + extension host), kept for failure reports.
const consoleLog = [];
const errorMessages = [];
// offline / web-workbench noise that is never the cause of a failed run
const NOISE = /^(Failed to load resource|Failed: getaddrinfo ENOTFOUND|Canceled: Canceled|An iframe which has both)/;

let cs;
let br;
let page;
let exitCode = 1;
let timedOut = false;
try {
  cs = await startCodeServer({
    workspace,
    smokeTestDriver: true,
    isolateHome: !!process.env.OC_CTX_ISOLATE_HOME,
    untrusted,
    env: { OC_CTX_TEST_REPORT: reportFile, OC_CTX_LAUNCHED_AT: String(Date.now()) },
  });
  console.log(`# code-server up at ${cs.url} (${secs()} s)`);
  br = await launchBrowser();
  page = await br.browser.newPage();

  let resolveExit;
  const exited = new Promise((r) => { resolveExit = r; });
  // VS Code's browser extension service calls window.codeAutomationExit(code) when the test
  // runner settles (only with enable-smoke-test-driver). Must be exposed before goto.
  await page.exposeFunction('codeAutomationExit', (code) => resolveExit(Number(code)));

  page.on('console', (msg) => {
    const lines = undecorate(msg.text()).split('\n');
    consoleLog.push(...lines.map((l) => `[${msg.type()}] ${l}`));
    if (msg.type() === 'error') errorMessages.push(lines);
    if (untrusted && lines[0] === TRUST_REQUEST) {
      trustWorkspace(page).then(
        () => console.log(`# harness: trusted the workspace (${secs()} s)`),
        async (e) => {
          console.log(`# harness: could not trust the workspace: ${String(e?.message ?? e).split('\n')[0]}`);
          for (const f of await saveArtifacts(resultsDir, { page, name: 'trust' })) console.log(`# saved ${path.relative(process.cwd(), f) || f}`);
        },
      );
    }
    if (showAll) {
      for (const line of lines) console.log(`[console ${msg.type()}] ${line}`);
    } else if (lines[0].startsWith(MARKER)) {
      // a reporter line; keep its continuation lines (e.g. assertion diffs) under the marker
      console.log(lines[0]);
      for (const line of lines.slice(1)) if (line.trim()) console.log(`${MARKER}  ${line}`);
    }
  });
  page.on('pageerror', (e) => {
    consoleLog.push(`[pageerror] ${e}`);
    if (showAll) console.log(`[pageerror] ${e}`);
  });

  const payload = JSON.stringify([
    ['extensionDevelopmentPath', `vscode-remote://remote${extensionDir}`],
    ['extensionTestsPath', `vscode-remote://remote${testsEntry}`],
  ]);
  await page.goto(`${cs.url}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(payload)}`);

  let timer;
  const code = await Promise.race([
    exited,
    new Promise((r) => { timer = setTimeout(() => r('timeout'), timeoutMs); }),
  ]);
  clearTimeout(timer);
  if (code === 'timeout') {
    timedOut = true;
    console.log(`FAIL - in-host runner did not report an exit code within ${timeoutMs} ms`);
    exitCode = 1;
  } else {
    exitCode = Number.isFinite(code) ? code : 1;
    console.log(`# extension host test runner exited with ${code} (${secs()} s)`);
  }
} catch (e) {
  console.log(`FAIL - harness: ${e.stack || e}`);
  exitCode = 1;
}

// Read the report written by the in-host suite.
let report;
try { report = JSON.parse(fs.readFileSync(reportFile, 'utf8')); } catch { /* missing */ }
const total = report ? (Array.isArray(report.tests) ? report.tests.length : (report.passed || 0) + (report.failed || 0)) : 0;
if (!report || total === 0) {
  console.log(`FAIL - no tests ran (report ${report ? 'has 0 tests' : 'missing'}: ${reportFile})`);
  if (exitCode === 0) exitCode = 1;
} else if ((report.failed || 0) > 0 && exitCode === 0) {
  exitCode = 1;
}

if (exitCode !== 0 && (!report || total === 0) && !showAll) {
  // the suite never got to report: show why (load errors, activation errors) without the noise
  const errs = errorMessages.filter((m) => !NOISE.test(m[0]));
  if (errs.length) {
    console.log(`# console errors (full log in ${path.relative(process.cwd(), resultsDir) || '.'}/in-host-console.log):`);
    let budget = 40;
    for (const m of errs) {
      for (const line of m.slice(0, 4)) if (budget-- > 0) console.log(`#   ${line}`);
    }
  }
}

if (exitCode !== 0 && cs) {
  const saved = await saveArtifacts(resultsDir, { cs, page: timedOut ? page : undefined, name: 'in-host' });
  try {
    const f = path.join(resultsDir, 'in-host-console.log');
    fs.writeFileSync(f, consoleLog.join('\n') + '\n');
    saved.push(f);
  } catch { /* ignore */ }
  for (const f of saved) console.log(`# saved ${path.relative(process.cwd(), f) || f}`);
}

if (br) await br.close();
if (cs) await cs.stop();
fs.rmSync(scratch, { recursive: true, force: true });

console.log(`# in-host total ${secs()} s`);
if (report && total > 0) printSummary(report.passed || 0, report.failed || 0);
else printSummary(0, 1);
process.exit(exitCode);
