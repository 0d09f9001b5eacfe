/**
 * Class "secrets": no form of a secret reaches the output. Probes:
 * - Gateway URLs carrying credentials (`ws://user:password@host`, `?token=`) to a closed port, for the
 *   commands that print the Gateway (doctor, remote status/sessions, a write refused for want of a Gateway);
 * - a hostile Gateway (the scripted fake of test/support, compiled in out/test/support) that accepts the
 *   token and then echoes it — in its version string, in the connect refusal, in a method's error — as
 *   plain text, upper-case, base64, base64url and hex.
 * A probe fails when stdout or stderr holds the token or the URL's password in any of those forms.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { caseRoot, closedGatewayUrl, judgeRun, NODE, REPO, require, rmRoot, runCli } from './lib.mjs';

const TOKEN = 'oc-attack-Tok3n-9f8e7d6c5b4a';
const PASSWORD = 'Pa55-attack-w0rd-q8z';

export function forms(secret) {
  const b = Buffer.from(secret);
  return {
    plain: secret,
    upper: secret.toUpperCase(),
    base64: b.toString('base64').replace(/=+$/, ''),
    base64url: b.toString('base64url'),
    hex: b.toString('hex'),
    HEX: b.toString('hex').toUpperCase(),
    urlencoded: encodeURIComponent(secret),
  };
}

/** Which forms of which secret appear in the text (case-insensitive for text and hex). */
export function leaks(text) {
  const out = [];
  for (const [name, secret] of [['token', TOKEN], ['password', PASSWORD]]) {
    for (const [form, v] of Object.entries(forms(secret))) {
      const hit = /^(plain|upper|hex|HEX|urlencoded)$/.test(form) ? text.toLowerCase().includes(v.toLowerCase()) : text.includes(v);
      if (hit) out.push(`${name} (${form})`);
    }
  }
  return [...new Set(out)];
}

const ECHO = ['plain', 'upper', 'base64', 'base64url', 'hex'];
const COMMANDS = {
  doctor: ['doctor'],
  doctorJson: ['doctor', '--json'],
  remoteSessions: ['sessions', '--json'],
  remoteStatus: ['status'],
  remoteShow: ['show', 'agent:main:work', '--json'],
  /** OpenClaw owns the store (a live Gateway lock): the write goes through the Gateway */
  compactOwned: ['compact', 'agent:main:work', '--yes', '--even-if-larger', '--keep-recent-tokens', '300', '--json'],
};

/**
 * A live stand-in for a running Gateway: a process whose argv looks like `openclaw … gateway`, and its
 * lock file in <state>/tmp/openclaw-<uid>/ as OpenClaw writes it. Returns the child (kill it after).
 */
function simulateGatewayLock(state) {
  const child = spawn(NODE, ['-e', 'setInterval(() => {}, 1e9)', '/opt/openclaw/dist/index.js', 'gateway'], { stdio: 'ignore' });
  const stat = () => fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8');
  for (let i = 0; i < 200 && !fs.readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').includes('gateway'); i++) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
  const startTime = Number(stat().slice(stat().lastIndexOf(')') + 1).trimStart().split(/\s+/)[19]);
  const dir = path.join(state, 'tmp', `openclaw-${process.getuid()}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'gateway.0badc0de.lock'), JSON.stringify({ pid: child.pid, ownerId: 'attack', createdAt: new Date().toISOString(), configPath: path.join(state, 'openclaw.json'), stateDir: state, port: 18789, startTime }, null, 2));
  return child;
}

export function secretSpecs(seed) {
  const specs = [];
  const add = (s) => specs.push({ class: 'secrets', seed, n: specs.length, ...s });
  for (const cmd of Object.keys(COMMANDS)) {
    add({ probe: 'url-userinfo', cmd });
    add({ probe: 'url-query', cmd });
    add({ probe: 'config-token-in-url', cmd });
  }
  for (const where of ['version', 'connect-error', 'method-error', 'close-reason']) for (const form of ECHO) for (const cmd of ['doctor', 'doctorJson', 'remoteSessions', 'compactOwned']) add({ probe: 'hostile-gateway', where, form, cmd });
  return specs;
}

/** A fake Gateway that echoes the token in the chosen place and form. */
async function hostileGateway(where, form) {
  const { FakeGateway, FakeReplyError } = require(path.join(REPO, 'out', 'test', 'support', 'fakeGateway.js'));
  const echo = `token was ${forms(TOKEN)[form]}`;
  const g = new FakeGateway({ token: TOKEN, version: where === 'version' ? `2026.9.6 (${echo})` : '2026.9.6' });
  if (where === 'connect-error') g.connectHook = () => ({ error: { code: 'AUTH_TOKEN_MISMATCH', message: `unauthorized: ${echo}`, details: { token: forms(TOKEN)[form] } }, closeCode: 1008, closeReason: echo.slice(0, 100) });
  if (where === 'close-reason') g.connectHook = () => ({ error: { code: 'INVALID_REQUEST', message: 'no' }, closeCode: 1008, closeReason: echo.slice(0, 100) });
  if (where === 'method-error') {
    for (const m of ['sessions.list', 'health', 'status', 'chat.history', 'sessions.compact', 'models.list']) {
      g.handle(m, () => {
        throw new FakeReplyError({ code: 'UNAVAILABLE', message: `failed for ${echo}` });
      });
    }
  }
  return g.start();
}

export async function runSecrets(spec) {
  // remote mode: an existing empty state dir (no config, no agents)
  const c = caseRoot('demo', 'secret');
  const empty = path.join(c.root, 'empty-state');
  fs.mkdirSync(empty);
  let gateway;
  let owner;
  try {
    if (spec.cmd === 'compactOwned') owner = simulateGatewayLock(c.state);
    const closed = await closedGatewayUrl();
    const env = { OPENCLAW_GATEWAY_TOKEN: TOKEN };
    let url;
    let state = spec.cmd.startsWith('remote') || spec.probe === 'hostile-gateway' ? empty : c.state;
    if (spec.probe === 'url-userinfo') url = closed.replace('ws://', `ws://attacker:${PASSWORD}@`);
    else if (spec.probe === 'url-query') url = `${closed}/?token=${TOKEN}&password=${PASSWORD}`;
    else if (spec.probe === 'config-token-in-url') {
      // the token only in the config, the Gateway URL in the environment carrying it again
      const cfg = path.join(c.state, 'openclaw.json');
      fs.writeFileSync(cfg, fs.readFileSync(cfg, 'utf8').replace('demo-token-not-secret', TOKEN));
      delete env.OPENCLAW_GATEWAY_TOKEN;
      env.OPENCLAW_GATEWAY_URL = `${closed}/?token=${TOKEN}`;
      state = c.state;
    } else {
      gateway = await hostileGateway(spec.where, spec.form);
      url = gateway.url;
    }
    const argv = [...COMMANDS[spec.cmd], '--state-dir', state, ...(url ? ['--gateway', url] : [])];
    const res = await runCli(argv, c, { env, timeoutMs: 20_000 });
    const problems = judgeRun(res, { json: argv.includes('--json') }).filter((p) => p.kind !== 'unclear');
    for (const l of leaks(res.out + '\n' + res.err)) problems.push({ kind: 'secret', msg: `printed the ${l}: ${excerpt(res.out + '\n' + res.err)}` });
    return { problems, detail: { code: res.code, stderr: res.err.slice(0, 300) } };
  } finally {
    await gateway?.close();
    owner?.kill('SIGKILL');
    rmRoot(c);
  }
}

function excerpt(text) {
  const lower = text.toLowerCase();
  for (const s of [TOKEN, PASSWORD].flatMap((x) => Object.values(forms(x)))) {
    const i = lower.indexOf(s.toLowerCase());
    if (i >= 0) return JSON.stringify(text.slice(Math.max(0, i - 60), i + s.length + 20));
  }
  return '';
}

export const describeSecrets = (s) => (s.probe === 'hostile-gateway' ? `hostile Gateway echoes the token (${s.form}) in its ${s.where} → ${COMMANDS[s.cmd].join(' ')}` : `${s.probe} → ${COMMANDS[s.cmd].join(' ')}`);
