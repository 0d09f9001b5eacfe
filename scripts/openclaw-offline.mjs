// Drives the REAL OpenClaw (openclaw@2026.9.6, installed by test/interop/setup.sh) offline against the shared
// scripted fake model (../shared/tools/openclaw-real/fake-llm.mjs): one temp root holding the state dir, HOME,
// TMPDIR and the logs, free 127.0.0.1 ports for the fake model and the Gateway, `openclaw …` commands and the
// Gateway in the background in their own process groups. stopAll() stops every process it started.
// Used by scripts/make-demo.mjs (the bundled demo state) and test/interop/fixture.mjs (the interop tests).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { waitForHelloOk } from '../test/support/gatewayReady.mjs';
import { alive, freePort, portOpen, sleep, waitFor } from '../test/support/process.mjs';

/**
 * What a make-* script needs to drive OpenClaw offline, checked: the shared harness (`../shared/tools/openclaw-real`
 * beside the repo, or $OPENCLAW_SHARED_DIR), OPENCLAW_APP (test/interop/setup.sh prints it), Node 24 and our
 * compiled Gateway client (its hello-ok tells when a Gateway is ready). `die(message)` on the first one missing.
 */
export function offlinePrereqs(root, die) {
  const shared = path.join(path.resolve(process.env.OPENCLAW_SHARED_DIR || path.join(root, '..', 'shared')), 'tools', 'openclaw-real');
  if (!fs.existsSync(path.join(shared, 'fake-llm.mjs'))) die(`${shared}/fake-llm.mjs is missing: check out shared/ beside the repo or set OPENCLAW_SHARED_DIR`);
  const app = process.env.OPENCLAW_APP;
  if (!app || !fs.existsSync(path.join(app, 'node_modules', 'openclaw', 'openclaw.mjs'))) die('OPENCLAW_APP is not set or holds no openclaw (test/interop/setup.sh prints it)');
  if (!/^v(2[4-9]|[3-9]\d)\./.test(process.version)) die(`run this under Node 24 (this is ${process.version})`);
  const client = path.join(root, 'out', 'src', 'core', 'gateway', 'client.js');
  if (!fs.existsSync(client)) die(`${client} is missing; compile first (npx tsc -p .)`);
  return { shared, app, GatewayClient: createRequire(import.meta.url)(client).GatewayClient };
}

/** Calls `fn(file)` for every regular file under `dir`. */
export function walkFiles(dir, fn) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walkFiles(p, fn);
    else if (e.isFile()) fn(p);
  }
}

/**
 * Puts a staged fixture in place: refuses (throws) when a file outside the gzipped DBs (the transcripts keep the
 * workspace paths OpenClaw saw) names the run's temp dir `tmp`, or any file holds key material; then replaces
 * `dest` with `stage`. Returns the bytes written.
 */
export function shipFixture(stage, dest, tmp) {
  const leaks = [];
  walkFiles(stage, (f) => {
    const text = fs.readFileSync(f).toString('latin1');
    if (!f.endsWith('.gz') && text.includes(tmp)) leaks.push(`${path.relative(stage, f)}: the temp path`);
    if (/PRIVATE KEY|"deviceToken"\s*:\s*"[^<]/.test(text)) leaks.push(`${path.relative(stage, f)}: key material`);
  });
  if (leaks.length) throw new Error(`the fixture would ship:\n  ${leaks.join('\n  ')}`);
  fs.rmSync(dest, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  fs.cpSync(stage, dest, { recursive: true });
  let bytes = 0;
  walkFiles(dest, (f) => (bytes += fs.statSync(f).size));
  return bytes;
}

export const stripAnsi = (t) => t.replace(/\x1b\[[0-9;]*m/g, '');
export function tail(s, n = 15) {
  return s.split('\n').filter(Boolean).slice(-n).join('\n');
}

/** SIGTERM (to the process group when `group`), SIGKILL after `graceMs`; resolves whether it stopped on SIGTERM. */
export async function stopProc(p, graceMs = 20_000) {
  const { child, group } = p;
  if (!alive(child)) return true;
  const sig = (s) => {
    try {
      if (group) process.kill(-child.pid, s);
      else child.kill(s);
    } catch {
      /* gone */
    }
  };
  const exited = new Promise((r) => child.once('exit', () => r(true)));
  sig('SIGTERM');
  const ok = await Promise.race([exited, sleep(graceMs).then(() => false)]);
  if (!ok) {
    sig('SIGKILL');
    await Promise.race([exited, sleep(5000)]);
  }
  return ok;
}

/**
 * OpenClaw 2026.9.6 keeps 0-byte SQLite coordinator files in a hard-coded `/tmp/openclaw-state-locks-<uid>/`
 * (`<family>.<sha256(db path)[:8]>.lock.sqlite`), whatever TMPDIR says. Removes the ones named after the
 * databases under `stateDir` (and nothing else) once every OpenClaw process has stopped; also OpenClaw's preferred
 * temp root /tmp/openclaw when it is empty and did not exist before (`ocTmpExisted`).
 */
export function removeCoordinatorFiles(stateDir, ocTmpExisted) {
  const dir = path.join('/tmp', typeof process.getuid === 'function' ? `openclaw-state-locks-${process.getuid()}` : 'openclaw-state-locks');
  if (!fs.existsSync(stateDir)) return;
  const hashes = new Set();
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.sqlite')) hashes.add(createHash('sha256').update(fs.realpathSync(p)).digest('hex').slice(0, 8));
    }
  };
  try {
    walk(stateDir);
    for (const f of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      const m = /^[a-z-]+\.([0-9a-f]{8})\.lock\.sqlite$/.exec(f);
      if (m && hashes.has(m[1]) && fs.statSync(path.join(dir, f)).size === 0) fs.unlinkSync(path.join(dir, f));
    }
    if (fs.existsSync(dir) && !fs.readdirSync(dir).length) fs.rmdirSync(dir);
    if (!ocTmpExisted && fs.existsSync('/tmp/openclaw') && !fs.readdirSync('/tmp/openclaw').length) fs.rmdirSync('/tmp/openclaw');
  } catch (err) {
    console.error(`could not tidy ${dir}: ${err.message}`);
  }
}

/**
 * The environment OpenClaw runs with: the caller's minus OPENCLAW_* and npm_* (an outer `npm run` must not change
 * what OpenClaw or a nested npm does), Node 24 and OpenClaw first on PATH, HOME and TMPDIR inside the temp root.
 */
export function openclawEnv({ node24Dir, app, root, stateDir, token, gatewayPort }) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('OPENCLAW_') && !k.startsWith('npm_')) env[k] = v;
  return Object.assign(env, {
    PATH: `${path.join(node24Dir, 'bin')}:${path.join(app, 'node_modules', '.bin')}:${process.env.PATH}`,
    npm_config_nodedir: node24Dir,
    HOME: path.join(root, 'home'), // nothing leaks into the real home (OpenClaw writes ~/.cache/openclaw)
    TMPDIR: path.join(root, 'systmp'), // …nor into the shared /tmp
    OPENCLAW_STATE_DIR: stateDir,
    OPENCLAW_CONFIG_PATH: path.join(stateDir, 'openclaw.json'),
    OPENCLAW_NO_AUTO_UPDATE: '1',
    DO_NOT_TRACK: '1',
    OPENCLAW_SKIP_CHANNELS: '1',
    OPENCLAW_GATEWAY_TOKEN: token,
    OPENCLAW_GATEWAY_PORT: String(gatewayPort),
    GIT_AUTHOR_NAME: 'openclaw-context',
    GIT_AUTHOR_EMAIL: 'openclaw-context@example.invalid',
    GIT_COMMITTER_NAME: 'openclaw-context',
    GIT_COMMITTER_EMAIL: 'openclaw-context@example.invalid',
  });
}

/** One offline OpenClaw installation at work in a temp root: see the top of this file. */
export class OfflineOpenClaw {
  /**
   * @param {{ root: string, app: string, node24: string, shared: string, token: string, GatewayClient: any, log?: (...a: unknown[]) => void }} o
   *   root: an empty temp dir; app: OPENCLAW_APP; node24: NODE24_BIN; shared: the shared harness dir (tools/openclaw-real);
   *   GatewayClient: our client (out/src/core/gateway/client.js), whose hello-ok tells that a Gateway is ready.
   */
  constructor(o) {
    Object.assign(this, o);
    this.log ??= (...a) => console.log('  ', ...a);
    this.procs = new Set();
    this.seqNo = 0;
    this.gatewayNo = 0;
    this.ocTmpExisted = fs.existsSync('/tmp/openclaw');
    this.stateDir = path.join(o.root, 'state');
    this.logs = path.join(o.root, 'logs');
    this.llmLog = path.join(this.logs, 'fake-llm-requests.jsonl');
    this.openclawMjs = path.join(o.app, 'node_modules', 'openclaw', 'openclaw.mjs');
    this.node24Dir = path.resolve(path.dirname(o.node24), '..');
    for (const d of [this.stateDir, this.logs, path.join(o.root, 'systmp'), path.join(o.root, 'home')]) fs.mkdirSync(d, { recursive: true });
  }

  /** Picks the two ports and builds the environment; call once before anything else. */
  async init() {
    this.llmPort = await freePort();
    this.gatewayPort = await freePort();
    while (this.gatewayPort === this.llmPort) this.gatewayPort = await freePort();
    this.env = openclawEnv({ node24Dir: this.node24Dir, app: this.app, root: this.root, stateDir: this.stateDir, token: this.token, gatewayPort: this.gatewayPort });
    return this;
  }

  /** The shared config template (JSON5) pointed at our ports, token and log file; `edit(cfg)` changes it further. */
  writeConfig(JSON5, edit = () => {}) {
    const cfg = JSON5.parse(fs.readFileSync(path.join(this.shared, 'config', 'openclaw.json5'), 'utf8'));
    const fake = cfg?.models?.providers?.fake;
    if (!(cfg?.agents?.defaults && fake?.baseUrl && cfg?.gateway?.auth)) throw new Error('the shared config template no longer has agents.defaults, models.providers.fake.baseUrl and gateway.auth');
    fake.baseUrl = `http://127.0.0.1:${this.llmPort}/v1`;
    cfg.gateway.port = this.gatewayPort;
    cfg.gateway.bind = 'loopback';
    cfg.gateway.auth.token = this.token;
    cfg.logging = { ...(cfg.logging ?? {}), file: path.join(this.logs, 'openclaw.log') }; // not /tmp/openclaw
    edit(cfg);
    fs.writeFileSync(path.join(this.stateDir, 'openclaw.json'), JSON.stringify(cfg, null, 2));
    return cfg;
  }

  track(child, name, group = false) {
    const p = { child, name, group };
    this.procs.add(p);
    child.once('exit', () => this.procs.delete(p));
    return p;
  }

  /** The shared fake model on its port, logging every request to `llmLog`. */
  async startFakeLlm(extraEnv = {}) {
    const child = spawn(this.node24, [path.join(this.shared, 'fake-llm.mjs')], {
      env: { ...this.env, FAKE_LLM_PORT: String(this.llmPort), FAKE_LLM_LOG: this.llmLog, FAKE_LLM_MAX_SECONDS: '3600', FAKE_LLM_MAX_REQUESTS: '2000', ...extraEnv },
      stdio: ['ignore', fs.openSync(path.join(this.logs, 'fake-llm.out'), 'w'), fs.openSync(path.join(this.logs, 'fake-llm.err'), 'w')],
    });
    const p = this.track(child, 'fake-llm');
    await waitFor(`the fake LLM on 127.0.0.1:${this.llmPort}`, () => portOpen(this.llmPort), 15_000, 100);
    return p;
  }

  /**
   * Run `file args` with `env` in the temp root, its output kept in logs/<tag>.{out,err}; `group`: in its own
   * process group (stopped as a whole). Resolves {code, signal, out, err, ms, tag}.
   */
  run(file, args, { env = this.env, tag, group = false, timeoutMs = 300_000 }) {
    return new Promise((resolve) => {
      const t0 = Date.now();
      const child = spawn(file, args, { env, cwd: this.root, stdio: ['ignore', 'pipe', 'pipe'], detached: group });
      const p = this.track(child, tag, group);
      let out = '';
      let err = '';
      child.stdout.on('data', (b) => (out += b));
      child.stderr.on('data', (b) => (err += b));
      const timer = setTimeout(() => void stopProc(p, 5000), timeoutMs);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        fs.writeFileSync(path.join(this.logs, `${tag}.out`), out);
        fs.writeFileSync(path.join(this.logs, `${tag}.err`), err);
        resolve({ code: code ?? (signal ? 128 : 1), signal, out, err, ms: Date.now() - t0, tag });
      });
    });
  }

  /** Run `openclaw <args>` in its own process group; resolves as run(). */
  openclaw(args, { timeoutMs = 300_000, name } = {}) {
    const tag = `${String(++this.seqNo).padStart(2, '0')}-${name || args[0]}`;
    return this.run(this.node24, [this.openclawMjs, ...args], { tag, group: true, timeoutMs });
  }

  /** `openclaw --version` (must be 2026.9.6), `config validate`, `setup --baseline --workspace <ws>`; throws on a failure. */
  async setupBaseline(workspace) {
    const v = await this.openclaw(['--version']);
    if (v.code !== 0 || !v.out.includes('2026.9.6')) throw new Error(`openclaw --version: ${v.out}${v.err}`);
    const val = await this.openclaw(['config', 'validate']);
    if (val.code !== 0) throw new Error(`openclaw config validate failed: ${tail(val.out + val.err)}`);
    const s = await this.openclaw(['setup', '--baseline', '--workspace', workspace], { name: 'setup' });
    if (s.code !== 0) throw new Error(`openclaw setup --baseline failed: ${tail(s.out + s.err)}`);
    return { version: v.out.trim(), validateMs: val.ms, setupMs: s.ms };
  }

  /** `openclaw gateway run` in the background, as the shared gateway.sh does; ready once a handshake gets hello-ok. */
  async startGateway() {
    const t0 = Date.now();
    const logFile = path.join(this.logs, `gateway.${this.gatewayNo++}.out`);
    const child = spawn(this.node24, [this.openclawMjs, 'gateway', 'run', '--verbose'], { env: this.env, cwd: this.root, detached: true, stdio: ['ignore', fs.openSync(logFile, 'w'), fs.openSync(logFile, 'a')] });
    const p = this.track(child, 'gateway', true);
    p.logFile = logFile;
    const check = () => {
      if (!alive(child)) throw new Error(`the Gateway exited early (rc ${child.exitCode}): ${tail(stripAnsi(fs.readFileSync(logFile, 'utf8')))}`);
    };
    await waitFor(`the Gateway on 127.0.0.1:${this.gatewayPort}`, async () => (check(), portOpen(this.gatewayPort)), 180_000, 500);
    // The port answers before sidecars are ready: wait until a handshake is answered with hello-ok (on a loaded
    // machine the Gateway says "UNAVAILABLE: gateway starting" for tens of seconds after the port opens).
    await waitForHelloOk({ GatewayClient: this.GatewayClient, url: `ws://127.0.0.1:${this.gatewayPort}`, token: this.token, check });
    this.log(`Gateway pid ${child.pid} answering hello-ok after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    return p;
  }

  async stopGateway(p) {
    if (!alive(p.child)) return;
    const t1 = Date.now();
    const clean = await stopProc(p, 60_000);
    this.log(`Gateway stopped ${clean ? 'cleanly (SIGTERM)' : 'by SIGKILL after 60 s'} in ${((Date.now() - t1) / 1000).toFixed(1)} s, rc ${p.child.exitCode ?? p.child.signalCode}`);
    if (!clean) throw new Error('the Gateway did not stop on SIGTERM within 60 s');
  }

  /** An agent's database in the state dir (OpenClaw's layout). */
  dbOf(agent) {
    return path.join(this.stateDir, 'agents', agent, 'agent', 'openclaw-agent.sqlite');
  }

  /** The session row OpenClaw keeps for a key (session_nodes.entry_json, read-only), or undefined. */
  row(key) {
    const file = this.dbOf(key.split(':')[1]);
    if (!fs.existsSync(file)) return undefined;
    const { DatabaseSync } = createRequire(import.meta.url)('node:sqlite');
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      const r = db.prepare('SELECT entry_json FROM session_nodes WHERE session_key = ?').get(key);
      return r ? JSON.parse(r.entry_json) : undefined;
    } finally {
      db.close();
    }
  }

  /** A session row in one line: tokens / window, compactions, status. */
  rowText(key) {
    const r = this.row(key);
    return r ? `${key}: ${r.totalTokensFresh ? r.totalTokens : '?'}/${r.contextTokens} tokens, ${r.compactionCount ?? 0} compaction(s), status ${r.status ?? '-'}` : `${key}: no row`;
  }

  /** Stops every process still running (Gateway, turns, fake model) and tidies OpenClaw's files outside the root. */
  async stopAll() {
    for (const p of [...this.procs]) await stopProc(p, 15_000);
    removeCoordinatorFiles(this.stateDir, this.ocTmpExisted);
  }
}
