/**
 * Class "secrets": no form of a secret reaches the output. Probes:
 * - Gateway URLs carrying credentials (`ws://user:password@host`, `?token=`) to a closed port, for the
 *   commands that print the Gateway (doctor, remote status/sessions, a write refused for want of a Gateway);
 * - a hostile Gateway (the scripted fake of test/support, compiled in out/test/support) that accepts the
 *   token and then echoes it — in its version string, in the connect refusal, in a method's error — as
 *   plain text, upper-case, base64, base64url and hex.
 * - keys a transcript holds (an Anthropic and a GitHub key, a JWT, a PEM private key, planted in a JSONL session's
 *   user, assistant and tool-result text): `show`, `memory search` and `checkpoint create` / `show` must neither
 *   print them nor copy them into a file we write (`<state>/context/…`: checkpoints, the tracker's state files).
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

/** Keys planted in a transcript (shape-redacted: not known to us, so only their plain form is looked for). */
const PLANTED = {
  anthropic: 'sk-ant-api03-AtTaCkKeY0123456789abcdefGHIJKLmnop',
  github: 'ghp_AtTaCkGiThUb0123456789abcdefGHIJKL',
  jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhdHRhY2sifQ.AtTaCkSiGnAtUrE0123456789abcdef',
  pem: 'MIIEvAtTaCkPeMbOdY0123456789abcdefGHIJKLmnopQRSTuvwx',
};
const TRANSCRIPT_KEY = 'agent:legacy:main';
const TRANSCRIPT_COMMANDS = {
  show: ['show', TRANSCRIPT_KEY],
  showJson: ['show', TRANSCRIPT_KEY, '--json', '--breakdown'],
  search: ['memory', 'search', 'production deploy key', '--agent', 'legacy', '--json'],
  checkpointCreate: ['checkpoint', 'create', TRANSCRIPT_KEY],
  checkpointShowJson: ['checkpoint', 'show', TRANSCRIPT_KEY, '--json'],
};

/** Append a turn holding every planted key to the JSONL session (chained to its last entry). */
function plantKeys(state) {
  const dir = path.join(state, 'agents', 'legacy', 'sessions');
  const rows = JSON.parse(fs.readFileSync(path.join(dir, 'sessions.json'), 'utf8'));
  const file = path.join(dir, rows[TRANSCRIPT_KEY].sessionFile);
  const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
  let parentId = JSON.parse(lines[lines.length - 1]).id;
  const t0 = Date.parse(JSON.parse(lines[lines.length - 1]).timestamp) + 1000;
  const entries = [
    { role: 'user', content: `We decided: the production deploy key is ${PLANTED.anthropic}; rotate ${PLANTED.github} next week. TODO: rotate ${PLANTED.github}` },
    { role: 'assistant', content: [{ type: 'text', text: `Decision noted: deploy key ${PLANTED.anthropic}, Authorization: Bearer ${PLANTED.jwt}` }, { type: 'toolCall', id: 'call_plant', name: 'read', arguments: { path: '.env', token: PLANTED.github } }], stopReason: 'toolUse', provider: 'fake', model: 'scripted-1' },
    { role: 'toolResult', toolCallId: 'call_plant', toolName: 'read', isError: true, content: [{ type: 'text', text: `KEY=${PLANTED.anthropic}\n-----BEGIN RSA PRIVATE KEY-----\n${PLANTED.pem}\n-----END RSA PRIVATE KEY-----` }] },
    { role: 'assistant', content: [{ type: 'text', text: `Next step: rotate the deploy key ${PLANTED.anthropic}.` }], stopReason: 'stop', provider: 'fake', model: 'scripted-1' },
  ];
  const out = entries.map((message, i) => {
    const id = `plant-${i}`;
    const e = { type: 'message', id, parentId, timestamp: new Date(t0 + i * 1000).toISOString(), message: { ...message, timestamp: t0 + i * 1000 } };
    parentId = id;
    return JSON.stringify(e) + '\n';
  });
  fs.appendFileSync(file, out.join(''));
  fs.mkdirSync(path.join(state, 'workspace-legacy'), { recursive: true }); // so `memory search --agent legacy` has a workspace
}

const plantedIn = (text) => Object.entries(PLANTED).filter(([, v]) => text.includes(v)).map(([k]) => k);

async function runTranscriptSecrets(spec) {
  const c = caseRoot('demo', 'secret');
  try {
    plantKeys(c.state);
    if (spec.cmd === 'checkpointShowJson') await runCli([...TRANSCRIPT_COMMANDS.checkpointCreate, '--state-dir', c.state], c, { timeoutMs: 20_000 });
    const argv = [...TRANSCRIPT_COMMANDS[spec.cmd], '--state-dir', c.state];
    const res = await runCli(argv, c, { timeoutMs: 20_000 });
    const problems = judgeRun(res, { json: argv.includes('--json') }).filter((p) => p.kind !== 'unclear');
    const printed = plantedIn(res.out + '\n' + res.err);
    if (printed.length) problems.push({ kind: 'secret', msg: `printed the planted ${printed.join(', ')}` });
    const ours = path.join(c.state, 'context');
    for (const rel of fs.existsSync(ours) ? fs.readdirSync(ours, { recursive: true }) : []) {
      const f = path.join(ours, rel);
      if (!fs.lstatSync(f).isFile()) continue;
      const copied = plantedIn(fs.readFileSync(f, 'utf8'));
      if (copied.length) problems.push({ kind: 'secret', msg: `copied the planted ${copied.join(', ')} into ${path.join('context', rel)}` });
    }
    return { problems, detail: { code: res.code, stderr: res.err.slice(0, 300) } };
  } finally {
    rmRoot(c);
  }
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
  for (const cmd of Object.keys(TRANSCRIPT_COMMANDS)) add({ probe: 'transcript-keys', cmd });
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
  if (spec.probe === 'transcript-keys') return runTranscriptSecrets(spec);
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

export const describeSecrets = (s) =>
  s.probe === 'hostile-gateway'
    ? `hostile Gateway echoes the token (${s.form}) in its ${s.where} → ${COMMANDS[s.cmd].join(' ')}`
    : s.probe === 'transcript-keys'
      ? `keys in a transcript → ${TRANSCRIPT_COMMANDS[s.cmd].join(' ')} (output and our files)`
      : `${s.probe} → ${COMMANDS[s.cmd].join(' ')}`;
