/**
 * src/core/gateway/redact.ts, table-driven: every encoding of a known secret, URL credentials and sensitive
 * query parameters, the minimum length (short values never shred ordinary words), control characters and
 * the length bound of Gateway-sent strings, the credentials of a config, and the CLI's guarded output.
 * The encodings are computed here independently of the module (Buffer / encodeURIComponent / JSON).
 */
import assert from 'node:assert/strict';
import { bound, configSecrets, MIN_SECRET_LENGTH, REDACTED, redact, redactUrl, remoteText, SecretSet, stripControls, terminalSafe } from '../../src/core/gateway/redact';
import { guardedIo } from '../../src/cli/io';
import { HOSTILE_TOKEN, leaks, secretFormsOf } from '../support/secretForms';

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const hex = (s: string) => Buffer.from(s, 'utf8').toString('hex');

describe('redaction (core/gateway/redact.ts)', function () {
  describe('every form of a known secret is redacted', function () {
    for (const form of secretFormsOf(HOSTILE_TOKEN)) {
      it(form.name, function () {
        const out = remoteText(`the Gateway said: ${form.text} (end)`, [HOSTILE_TOKEN], 10_000);
        assert.deepEqual(leaks(out, HOSTILE_TOKEN, form), [], out);
        assert.ok(out.includes(REDACTED), out);
        assert.ok(out.startsWith('the Gateway said: ') && out.endsWith(' (end)'), `the text around it is kept: ${out}`);
      });
    }
  });

  describe('a secret given with its auth scheme is redacted without it too', function () {
    for (const [given, printed] of [
      ['Bearer tok-abcdef123456', 'tok-abcdef123456'],
      ['Token tok-abcdef123456', b64('tok-abcdef123456')],
    ] as const) {
      it(`${given} → ${printed}`, function () {
        assert.equal(redact(`x ${printed} y`, [given]), `x ${REDACTED} y`);
      });
    }
  });

  describe('URL credentials and sensitive query parameters, without knowing them', function () {
    const cases: Array<[string, string, string[]]> = [
      ['userinfo', 'connect to ws://admin:hunter2-Pw-77@gw.example:18789/ failed', ['hunter2-Pw-77']],
      ['userinfo, wss with a path', 'see wss://u%40x:p%3Ass@host/a/b?x=1', ['p%3Ass']],
      ['user only', 'https://ghp_abcdefghijklmnop@github.com/x', ['ghp_abcdefghijklmnop']],
      ['?token=', 'ws://127.0.0.1:1/?token=q-Secret-Value-1', ['q-Secret-Value-1']],
      ['&access_token=', 'https://h/cb?state=ok&access_token=AT-99887766', ['AT-99887766']],
      ['?auth=', 'ws://h/?auth=AUTHV-123456', ['AUTHV-123456']],
      ['?password=', 'ws://h/?password=PW-00112233', ['PW-00112233']],
      ['?key=', 'https://maps/x?key=AIzaFakeKey0000', ['AIzaFakeKey0000']],
      ['?secret=', 'https://h/y?secret=S3cr3t-value', ['S3cr3t-value']],
      ['?TOKEN= (case)', 'WS://H/?TOKEN=UPPER-TOKEN-1', ['UPPER-TOKEN-1']],
      ['?api_key=', 'https://h/?api_key=ak-123456789', ['ak-123456789']],
      ['?client_secret=', 'https://h/?a=1&client_secret=cs-123456789', ['cs-123456789']],
      ['Bearer without a known secret', 'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln', ['eyJhbGciOiJIUzI1NiJ9']],
      ['Basic without a known secret', 'Authorization: Basic dXNlcjpwYXNzd29yZA==', ['dXNlcjpwYXNzd29yZA']],
    ];
    for (const [name, text, hidden] of cases) {
      it(name, function () {
        const out = redact(text, []);
        for (const h of hidden) assert.ok(!out.includes(h), `${h} in ${out}`);
        assert.ok(out.includes(REDACTED), out);
      });
    }
    it('vendor-shaped keys and PEM private keys (the memory redactor\'s shapes) in text a transcript holds', function () {
      const shaped: Array<[string, string]> = [
        ['Anthropic', 'sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789'],
        ['OpenAI', 'sk-proj-Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0'],
        ['GitHub', 'ghp_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ab'],
        ['AWS', 'AKIAIOSFODNN7EXAMPLE'],
        ['JWT', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'],
      ];
      for (const [name, key] of shaped) {
        const out = redact(`the user said: use ${key} for deploys`, []);
        assert.equal(out, `the user said: use ${REDACTED} for deploys`, name);
      }
      const pem = '-----BEGIN RSA PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\n-----END RSA PRIVATE KEY-----';
      assert.equal(redact(`key:\n${pem}\nrotate it.`, []), `key:\n${REDACTED}\nrotate it.`);
      // in --json output, a key (whole, or cut by a gist) is redacted and the document still parses
      for (const text of [pem, pem.slice(0, 60) + '…', pem.slice(0, 60) + '" and a quote', pem.slice(0, 60) + '\\" escaped']) {
        const doc = JSON.stringify({ text, next: 'kept' });
        const out = redact(doc, []);
        assert.ok(!out.includes('MIIEvQIBADANBgkqhkiG9w0'), out);
        assert.deepEqual(JSON.parse(out).next, 'kept', out);
      }
    });
    it('harmless query parameters, URLs and prose stay as they are', function () {
      for (const text of [
        'ws://127.0.0.1:18789/?v=4&mode=cli',
        'https://docs.openclaw.ai/gateway#auth',
        'git clone ssh://git@github.com/openclaw/openclaw.git',
        'a=1&b=2',
        'agent:main:work?x=1',
        'Basic understanding of Bearer tokens; Token calculations; the auth mode is token',
      ])
        assert.equal(redact(text, []), text);
    });
    it('redactUrl: no credentials, no query, no fragment; an invalid URL is not echoed', function () {
      assert.equal(redactUrl('ws://user:pw@127.0.0.1:18789/?token=abc#x'), 'ws://127.0.0.1:18789');
      assert.equal(redactUrl('wss://x:y@gw.example/path?key=1'), 'wss://gw.example/path');
      assert.equal(redactUrl('not a url tok-abcdef123456'), '(invalid URL)');
    });
  });

  describe(`minimum length (${MIN_SECRET_LENGTH}): short values never shred ordinary text`, function () {
    const text = 'agent:main:work status ok — the session main has 3 tools; domain maintained; token budget 8000';
    for (const short of ['main', 'ok', 'the', 'work', 'token', 'session', '8000', 'tools;', 'a', '']) {
      it(`"${short}" (${short.length} chars) leaves the text untouched`, function () {
        assert.equal(redact(text, [short]), text);
        assert.equal(new SecretSet().add(short).size, 0);
      });
    }
    it('8 characters are enough', function () {
      assert.equal(redact('key abcd1234 here, ABCD1234 too', ['abcd1234']), `key ${REDACTED} here, ${REDACTED} too`);
    });
    it('a long secret does not touch text that merely shares a prefix with it', function () {
      assert.equal(redact('oc+Probe/Tok and 9f2d', [HOSTILE_TOKEN]), 'oc+Probe/Tok and 9f2d');
    });
  });

  describe('Gateway-sent text: control characters removed, bounded', function () {
    const cases: Array<[string, string]> = [
      ['CSI clear screen', '2026.9.6\u001b[2J\u001b[H'],
      ['OSC title + BEL', '\u001b]0;pwned\u0007v1'],
      ['OSC 8 hyperlink', '\u001b]8;;https://evil\u001b\\click\u001b]8;;\u001b\\'],
      ['C1 CSI', 'v\u009b31m red'],
      ['carriage return overwrite', 'ok\rFAKE'],
      ['bidi override', 'v\u202etxt.exe'],
      ['NUL and DEL', 'a\u0000b\u007fc'],
    ];
    for (const [name, text] of cases) {
      it(name, function () {
        const out = remoteText(text);
        // eslint-disable-next-line no-control-regex
        assert.ok(!/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(out), JSON.stringify(out));
      });
    }
    it('bounded, never splitting a surrogate pair', function () {
      assert.equal(remoteText('x'.repeat(1000)).length, 300);
      assert.equal(bound('ab😀cd', 4), 'ab…');
      assert.equal(remoteText({ a: 1 }), '{"a":1}');
      assert.equal(remoteText(undefined), '');
    });
    it('stripControls keeps line breaks unless oneLine', function () {
      assert.equal(stripControls('a\nb\u001b'), 'a\nb');
      assert.equal(stripControls('a\nb', { oneLine: true }), 'a b');
    });
    it('terminalSafe keeps our own colours and neutralises everything else', function () {
      assert.equal(terminalSafe('\u001b[31mFAIL\u001b[0m \u001b[2J\u001b]0;x\u0007'), '\u001b[31mFAIL\u001b[0m \ufffd[2J\ufffd]0;x\ufffd');
    });
  });

  describe('known secrets', function () {
    it('configSecrets: gateway.auth.token/password, gateway.remote.token, provider apiKeys, channel tokens — not ordinary values', function () {
      const cfg = {
        gateway: { mode: 'local', port: 18789, auth: { mode: 'token', token: 'gw-token-0123456789', password: 'gw-password-xyz' }, remote: { url: 'wss://x', token: 'remote-token-abcdef' } },
        models: { providers: { openai: { baseUrl: 'https://api.openai.com', apiKey: 'sk-provider-key-0000' }, local: { apiKey: '${LOCAL_KEY}' } } },
        channels: { telegram: { botToken: 'tg-bot-token-1234' } },
        agents: { defaults: { contextTokens: 200000, model: 'openai/gpt-5', workspace: '/home/x/workspace' } },
        short: { token: 'abc' },
      };
      assert.deepEqual(configSecrets(cfg).sort(), ['gw-password-xyz', 'gw-token-0123456789', 'remote-token-abcdef', 'sk-provider-key-0000', 'tg-bot-token-1234']);
      assert.deepEqual(configSecrets('x'), []);
      // a hostile config cannot make the walk blow up
      let deep: Record<string, unknown> = { token: 'deep-token-000000' };
      for (let i = 0; i < 10_000; i++) deep = { a: deep };
      assert.deepEqual(configSecrets(deep), []);
    });
    it('SecretSet: env credentials, --token-env, config; redacts what it learnt', function () {
      const s = new SecretSet().addEnv({ OPENCLAW_GATEWAY_TOKEN: 'env-token-12345678', OPENCLAW_GATEWAY_PASSWORD: 'env-pass-12345678', MY_T: 'my-token-var-0001', HOME: '/home/someone' }, 'MY_T');
      s.addConfig({ gateway: { auth: { token: 'cfg-token-87654321' } } });
      assert.equal(s.size, 4);
      assert.equal(s.redact('env-token-12345678 env-pass-12345678 my-token-var-0001 cfg-token-87654321 /home/someone'), `${REDACTED} ${REDACTED} ${REDACTED} ${REDACTED} /home/someone`);
    });
    it('guardedIo: every channel of the CLI redacts what is known when it writes and neutralises escapes', async function () {
      const seen: string[] = [];
      const io = guardedIo({ stdout: (t) => void seen.push(t), stderr: (t) => void seen.push(t), env: {}, progress: (m) => void seen.push(m), prompt: async (q) => (seen.push(q), 'y') });
      io.stdout(`a ${HOSTILE_TOKEN}\n`);
      io.secrets.add(HOSTILE_TOKEN);
      io.stdout(`b ${HOSTILE_TOKEN}\n`);
      io.stderr(`c ${b64(HOSTILE_TOKEN)} \u001b]0;t\u0007\n`);
      io.progress!(`d ${hex(HOSTILE_TOKEN)}`);
      await io.prompt!(`e ${encodeURIComponent(HOSTILE_TOKEN)}? `);
      assert.ok(seen[0]!.includes(HOSTILE_TOKEN), 'not known yet: printed (the CLI adds the env and config secrets before any output)');
      for (const t of seen.slice(1)) assert.ok(t.includes(REDACTED) && !t.includes('\u001b') && !t.includes('\u0007'), JSON.stringify(t));
    });
  });
});
