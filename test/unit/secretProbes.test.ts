/**
 * Secret probes (issue 15, finding 7): a hostile Gateway (the scripted one, test/support/fakeGateway.ts) that
 * echoes the token it was given — in its version string, in error messages, in a refusal and its close reason,
 * in session keys — in every form of test/support/secretForms.ts, with terminal escapes; and Gateway URLs with
 * `user:password@` and `?token=`. Each probe runs a real command (`doctor`, `status --gateway`,
 * `sessions --gateway`, the CLI's --gateway check) or the connection report builder of "Show Gateway Connection"
 * (core/gateway/viewModel.ts, fed by a real GatewayClient connection), and asserts that no form of a secret
 * reaches stdout, stderr, the JSON or the report, and that no terminal control character does.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { GatewayClient } from '../../src/core/gateway/client';
import { redactUrl } from '../../src/core/gateway/protocol';
import { connectionMarkdown, gatewaySummary, type ConnectionView } from '../../src/core/gateway/viewModel';
import type { FakeGateway } from '../support/fakeGateway';
import { HOSTILE_TOKEN, leaks, type SecretForm, secretFormsOf, TERMINAL_CONTROLS } from '../support/secretForms';
import { cli } from './support/cli';
import { tmpDir } from './helpers';

const TOKEN = HOSTILE_TOKEN;
/** a provider key in the state dir's config: known to the CLI only from there */
const API_KEY = 'sk-probe-provider-Key-7a6b5c4d3e2f1';
const FORMS = secretFormsOf(TOKEN);

/** The escapes a hostile Gateway may put in what it sends. */
const ESCAPES: Array<[string, string]> = [
  ['CSI clear screen', '\u001b[2J\u001b[H'],
  ['OSC window title', '\u001b]0;owned\u0007'],
  ['OSC 8 hyperlink', '\u001b]8;;https://evil.example\u001b\\here\u001b]8;;\u001b\\'],
  ['C1 CSI', '\u009b31m'],
  ['carriage return', '\rFAKE OK'],
  ['bidi override', '\u202etxt.exe'],
];

interface Output {
  out: string;
  err: string;
}

function assertClean(r: Output, what: string, secrets: Array<[string, SecretForm | undefined]>): void {
  for (const [stream, text] of [['stdout', r.out], ['stderr', r.err]] as const) {
    for (const [secret, form] of secrets) assert.deepEqual(leaks(text, secret, form), [], `${what}: ${stream} shows ${leaks(text, secret, form).join(', ')}:\n${text}`);
    assert.ok(!TERMINAL_CONTROLS.test(text), `${what}: a terminal control character in ${stream}: ${JSON.stringify(text.slice(0, 2000))}`);
  }
}

async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe('secret probes: a hostile Gateway and URLs with credentials', function () {
  this.timeout(120_000);
  let gw: FakeGateway;
  let home: string;
  let stateDir: string;
  let nowhere: string;
  /** what the hostile Gateway does in the current probe */
  let version = '2026.9.6';
  let listError: string | undefined;
  let refusal: string | undefined;
  let keys: string[] = ['agent:main:main'];
  const env = () => ({ HOME: home, OC_PROBE_TOKEN: TOKEN });
  const remote = (argv: string[], url = gw.url) => cli([...argv, '--state-dir', nowhere, '--gateway', url, '--token-env', 'OC_PROBE_TOKEN'], { env: env() });
  const doctor = (argv: string[] = [], isTTY = false) => cli(['doctor', ...argv, '--state-dir', stateDir, '--gateway', gw.url], { env: { HOME: home }, isTTY });
  const reset = () => {
    version = '2026.9.6';
    listError = undefined;
    refusal = undefined;
    keys = ['agent:main:main'];
    gw.opts.version = version;
  };

  before(async function () {
    const { FakeGateway, FakeReplyError, fakeSessionRow } = await import('../support/fakeGateway');
    gw = await new FakeGateway({ token: TOKEN }).start();
    gw.handle('sessions.list', () => {
      if (listError !== undefined) throw new FakeReplyError({ code: 'FORBIDDEN', message: listError });
      return { ts: Date.now(), path: '(multiple)', count: keys.length, defaults: { modelProvider: 'openai', model: 'gpt-5', contextTokens: 32768 }, sessions: keys.map((k) => fakeSessionRow(k)) };
    });
    gw.connectHook = () => (refusal === undefined ? undefined : { error: { code: 'INVALID_REQUEST', message: `unauthorized: ${refusal}`, details: { code: 'AUTH_TOKEN_MISMATCH' } }, closeCode: 1008, closeReason: refusal.slice(0, 100) });
    home = tmpDir('occtx-probe-home-');
    nowhere = path.join(tmpDir('occtx-probe-'), 'no-state-here');
    // a state dir whose config holds the token and a provider key (doctor reads the token from there)
    stateDir = tmpDir('occtx-probe-state-');
    fs.writeFileSync(path.join(stateDir, 'openclaw.json'), JSON.stringify({ gateway: { auth: { mode: 'token', token: TOKEN } }, models: { providers: { openai: { apiKey: API_KEY } } } }));
  });
  beforeEach(() => gw && reset());
  after(async function () {
    await gw?.close();
  });

  describe('the token echoed by the Gateway, in every form', function () {
    for (const form of FORMS) {
      describe(form.name, function () {
        const known: Array<[string, SecretForm | undefined]> = [[TOKEN, form]];

        it('doctor: in the hello version', async function () {
          gw.opts.version = `2026.9.6 build ${form.text}`;
          const r = await doctor();
          assert.match(r.out, /Gateway .* reachable/, r.out);
          assertClean(r, 'doctor', known);
        });

        it('doctor --json: in the hello version and in the provider key', async function () {
          gw.opts.version = `${form.text} ${API_KEY}`;
          const r = await doctor(['--json']);
          const doc = r.json();
          assert.ok(Array.isArray(doc.checks));
          assertClean(r, 'doctor --json', [...known, [API_KEY, undefined]]);
        });

        it('sessions --gateway: in a sessions.list error', async function () {
          listError = `not allowed for token ${form.text} (see ws://root:${form.text}@gw/?token=${encodeURIComponent(TOKEN)})`;
          const r = await remote(['sessions']);
          assert.equal(r.code, 3, r.err);
          assert.match(r.err, /did not list its sessions/);
          assertClean(r, 'sessions --gateway', known);
        });

        it('status --gateway --json: in a connect refusal and its close reason', async function () {
          refusal = `token ${form.text} rejected`;
          const r = await remote(['status', '--json']);
          assert.equal(r.code, 3, r.err);
          assert.match(r.err, /refused/);
          assertClean(r, 'status --gateway', known);
        });

        it('sessions --gateway --json: in session keys', async function () {
          keys = ['agent:main:main', `agent:main:${form.text}`];
          const r = await remote(['sessions', '--json']);
          assert.equal(r.code, 0, r.err);
          // a key with control characters is not OpenClaw's: that row is not used
          assert.equal((r.json().sessions as unknown[]).length, /[\u0000-\u001f\u200b]/.test(form.text) ? 1 : 2);
          assertClean(r, 'sessions --gateway --json', known);
        });

        it('the connection report (Show Gateway Connection): version and error from a real client', async function () {
          gw.opts.version = `2026.9.6 ${form.text}`;
          listError = `denied: ${form.text}`;
          const client = new GatewayClient({ url: gw.url, token: TOKEN, device: false, clientId: 'cli', clientMode: 'cli', reconnect: false });
          try {
            const c = await client.connect();
            const err = await client.sessionsList({}).then(
              () => assert.fail('sessions.list should fail'),
              (e: Error & { kind: string }) => e,
            );
            const view: ConnectionView = { url: redactUrl(gw.url), urlSource: 'setting', stateDirs: [], state: 'live', tokenSource: 'secret', events: 0, serverVersion: c.server.version, protocol: c.protocol, scopes: c.scopes, clientId: c.clientId, clientMode: c.clientMode, error: { kind: err.kind, message: err.message } };
            const md = connectionMarkdown([view], { mode: 'auto', secrets: [TOKEN] });
            const sum = gatewaySummary([view, { ...view, url: 'ws://127.0.0.1:1' }], 'auto', [TOKEN]);
            assertClean({ out: md, err: `${sum.text}\n${sum.detail ?? ''}` }, 'connection report', known);
          } finally {
            await client.close();
          }
        });
      });
    }
  });

  describe('terminal escapes sent by the Gateway are neutralised', function () {
    for (const [name, esc] of ESCAPES) {
      it(`${name}: doctor (plain and on a colour terminal), sessions --gateway`, async function () {
        gw.opts.version = `2026.9.6${esc}`;
        for (const tty of [false, true]) {
          const r = await doctor([], tty);
          if (tty) {
            // only our own colour codes are left
            const stripped = r.out.replace(/\u001b\[(?:0|1|2|31|32|33|35)m/g, '');
            assertClean({ out: stripped, err: r.err }, 'doctor (colour)', [[TOKEN, undefined]]);
          } else assertClean(r, 'doctor', [[TOKEN, undefined]]);
        }
        listError = `bad${esc}request`;
        assertClean(await remote(['sessions']), 'sessions --gateway', [[TOKEN, undefined]]);
      });
    }
  });

  it("doctor: a Gateway token under 8 characters (too short to redact) is a warning with a fix", async function () {
    const dir = tmpDir('occtx-probe-short-');
    fs.writeFileSync(path.join(dir, 'openclaw.json'), JSON.stringify({ gateway: { auth: { token: 'abc123' } } }));
    const r = await cli(['doctor', '--json', '--state-dir', dir, '--gateway', 'ws://127.0.0.1:1'], { env: { HOME: home } });
    const check = (r.json().checks as Array<{ id: string; ok: boolean; severity: string; fix: string | null }>).find((x) => x.id === 'gateway-token');
    assert.equal(check?.ok, false);
    assert.equal(check?.severity, 'warning');
    assert.match(String(check?.fix), /long random value/);
    const long = await cli(['doctor', '--json', '--state-dir', stateDir, '--gateway', 'ws://127.0.0.1:1'], { env: { HOME: home } });
    assert.equal((long.json().checks as Array<{ id: string }>).some((x) => x.id === 'gateway-token'), false, 'a long token is fine');
  });

  describe('URLs with credentials are never printed with them', function () {
    const PW = 'hunter2-Pass-9911';
    const cases: Array<{ name: string; argv: string[]; url: (port: number) => string; live: boolean }> = [
      { name: 'status --gateway: userinfo with the token, nothing listening', argv: ['status'], url: (p) => `ws://probe:${encodeURIComponent(TOKEN)}@127.0.0.1:${p}/`, live: false },
      { name: 'sessions --gateway --json: ?token= with the token, nothing listening', argv: ['sessions', '--json'], url: (p) => `ws://127.0.0.1:${p}/?token=${encodeURIComponent(TOKEN)}`, live: false },
      { name: 'sessions --gateway: an unknown password in the userinfo, nothing listening', argv: ['sessions'], url: (p) => `ws://admin:${PW}@127.0.0.1:${p}/`, live: false },
      { name: 'sessions --gateway: ?access_token= and ?auth= (unknown values), nothing listening', argv: ['sessions'], url: (p) => `ws://127.0.0.1:${p}/?access_token=${PW}&auth=${PW}`, live: false },
      { name: 'sessions --gateway: userinfo and ?TOKEN=, Gateway live and refusing', argv: ['sessions'], url: (p) => `ws://u:${PW}@127.0.0.1:${p}/?TOKEN=${PW}`, live: true },
      { name: 'status --gateway: ?key= and ?secret=, Gateway live and failing', argv: ['status'], url: (p) => `ws://127.0.0.1:${p}/?key=${PW}&secret=${PW}`, live: true },
      { name: 'the --gateway check: an http:// URL with credentials', argv: ['status'], url: (p) => `http://u:${PW}@127.0.0.1:${p}/?token=${PW}`, live: false },
    ];
    for (const c of cases) {
      it(c.name, async function () {
        const port = c.live ? gw.port : await closedPort();
        if (c.live) {
          refusal = 'no';
          listError = 'nope';
        }
        const r = await remote(c.argv, c.url(port));
        assert.notEqual(r.code, 0, r.out);
        assertClean(r, c.name, [[TOKEN, FORMS[11]], [PW, undefined]]);
        assert.match(r.err, new RegExp(`127\\.0\\.0\\.1:${port}|--gateway`), 'the URL is still shown, without credentials');
      });
    }
    it('doctor: a --gateway URL with userinfo and ?token= shows the host only', async function () {
      const r = await cli(['doctor', '--json', '--state-dir', stateDir, '--gateway', `ws://probe:${PW}@127.0.0.1:${gw.port}/?token=${PW}`], { env: { HOME: home } });
      assertClean(r, 'doctor', [[TOKEN, undefined], [PW, undefined]]);
      const check = (r.json().checks as Array<{ id: string; subject: string }>).find((x) => x.id === 'gateway');
      assert.equal(check?.subject, `ws://127.0.0.1:${gw.port}`);
    });
  });
});
