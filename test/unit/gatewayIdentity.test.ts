/**
 * Gateway device identity (src/core/gateway/identity.ts): the id derivation checked against real devices
 * recorded by the shared harness (shared/openclaw-real-fixtures/gateway/frames*.jsonl.gz), the exact v3
 * signing string, Ed25519 sign/verify with node:crypto, and the stores (file: mode 0600, temp + rename).
 */
import assert from 'node:assert/strict';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  buildDeviceAuthPayloadV3,
  deviceConnectBlock,
  deviceIdFromPublicKey,
  FileDeviceStore,
  generateDevice,
  isValidDevice,
  loadOrCreateDevice,
  MemoryDeviceStore,
  normalizeDeviceMetadata,
  normalizeGatewayUrl,
  publicKeyFromRaw,
  rawPublicKey,
  signPayload,
  verifyPayload,
} from '../../src/core/gateway/identity';
import { tmpDir } from './helpers';

describe('gateway device identity', function () {
  it('deviceId = sha256 hex of the raw public key, as in the real connect frames', function () {
    // frames.jsonl.gz / frames-rewind.jsonl.gz and frames-badtoken.jsonl.gz (the harness's two devices).
    assert.equal(deviceIdFromPublicKey('4RuO04tJ4TtZ-C0rYYj9xnkVJHtQjS1klhHspWA_-50'), '85fd0fcb273c9f0c26234ad6b58389cbb4e1e76935ce3966afa07017d03e7da7');
    assert.equal(deviceIdFromPublicKey('lJlhf3jTgCGJdx5MNHQ3eWVTwEri2ninMuUfSFDWdtM'), '7bcdbb68356916aaac5220499590dbb335b317c5aa460db11122ebfdc7b12c79');
  });

  it('generateDevice: a raw 32-byte key (43 base64url characters), its id, a PKCS#8 key that matches', function () {
    const d = generateDevice(1234);
    assert.equal(d.version, 1);
    assert.equal(d.createdAtMs, 1234);
    assert.match(d.publicKey, /^[A-Za-z0-9_-]{43}$/);
    assert.match(d.deviceId, /^[0-9a-f]{64}$/);
    assert.equal(d.deviceId, crypto.createHash('sha256').update(Buffer.from(d.publicKey, 'base64url')).digest('hex'));
    assert.match(d.privateKeyPem, /^-----BEGIN PRIVATE KEY-----/);
    assert.deepEqual(d.tokens, {});
    assert.ok(isValidDevice(d));
    const pub = crypto.createPublicKey(crypto.createPrivateKey(d.privateKeyPem));
    assert.equal(rawPublicKey(pub).toString('base64url'), d.publicKey);
    assert.equal(publicKeyFromRaw(d.publicKey).export({ format: 'der', type: 'spki' }).toString('hex'), pub.export({ format: 'der', type: 'spki' }).toString('hex'));
    assert.notEqual(generateDevice().deviceId, d.deviceId);
  });

  it('isValidDevice refuses a key pair that does not match its id or key', function () {
    const a = generateDevice();
    const b = generateDevice();
    assert.equal(isValidDevice({ ...a, privateKeyPem: b.privateKeyPem }), false);
    assert.equal(isValidDevice({ ...a, deviceId: b.deviceId }), false);
    assert.equal(isValidDevice({ ...a, version: 2 }), false);
    assert.equal(isValidDevice({ ...a, tokens: undefined }), false);
    assert.equal(isValidDevice({ ...a, privateKeyPem: 'garbage' }), false);
    assert.equal(isValidDevice(null), false);
  });

  it('the v3 signing string, field by field (platform and deviceFamily trimmed, ASCII-lowercased; empty when absent)', function () {
    const base = { deviceId: 'dev', clientId: 'gateway-client', clientMode: 'backend', role: 'operator', scopes: ['operator.read', 'operator.write', 'operator.admin'], signedAtMs: 1795276141438, nonce: '43b3696b-12d6-4d1f-9565-2cb8566404c2' };
    assert.equal(
      buildDeviceAuthPayloadV3({ ...base, token: 'T0K', platform: 'linux' }),
      'v3|dev|gateway-client|backend|operator|operator.read,operator.write,operator.admin|1795276141438|T0K|43b3696b-12d6-4d1f-9565-2cb8566404c2|linux|',
    );
    assert.equal(buildDeviceAuthPayloadV3({ ...base, scopes: [], token: null, platform: '  Linux ', deviceFamily: ' iPhone ' }), 'v3|dev|gateway-client|backend|operator||1795276141438||43b3696b-12d6-4d1f-9565-2cb8566404c2|linux|iphone');
    assert.equal(normalizeDeviceMetadata('ÉCOLE Mac'), 'École mac', 'only A–Z are lowered, as OpenClaw does');
    assert.equal(normalizeDeviceMetadata(undefined), '');
    assert.equal(normalizeDeviceMetadata('   '), '');
  });

  it('signs with Ed25519; the signature verifies over exactly that string', function () {
    const d = generateDevice();
    const payload = buildDeviceAuthPayloadV3({ deviceId: d.deviceId, clientId: 'cli', clientMode: 'cli', role: 'operator', scopes: ['operator.read'], signedAtMs: 1, token: 'tok', nonce: 'n', platform: 'linux' });
    const sig = signPayload(d.privateKeyPem, payload);
    assert.match(sig, /^[A-Za-z0-9_-]{86}$/);
    assert.ok(verifyPayload(d.publicKey, payload, sig));
    assert.ok(crypto.verify(null, Buffer.from(payload), publicKeyFromRaw(d.publicKey), Buffer.from(sig, 'base64url')));
    assert.equal(verifyPayload(d.publicKey, payload.replace('|tok|', '|tok2|'), sig), false);
    assert.equal(verifyPayload(generateDevice().publicKey, payload, sig), false);
    assert.equal(verifyPayload('short', payload, sig), false);

    const block = deviceConnectBlock(d, { clientId: 'cli', clientMode: 'cli', role: 'operator', scopes: ['operator.read'], signedAtMs: 1, token: 'tok', nonce: 'n', platform: 'linux' });
    assert.deepEqual(Object.keys(block).sort(), ['id', 'nonce', 'publicKey', 'signature', 'signedAt']);
    assert.equal(block.id, d.deviceId);
    assert.ok(verifyPayload(block.publicKey, payload, block.signature));
  });

  it('normalizeGatewayUrl keys device tokens by scheme, host and port', function () {
    assert.equal(normalizeGatewayUrl('ws://127.0.0.1:18789'), 'ws://127.0.0.1:18789');
    assert.equal(normalizeGatewayUrl('ws://127.0.0.1:18789/'), 'ws://127.0.0.1:18789');
    assert.equal(normalizeGatewayUrl('WS://LOCALHOST:18789'), 'ws://localhost:18789');
    assert.equal(normalizeGatewayUrl('wss://gw.example.com'), 'wss://gw.example.com:443');
    assert.equal(normalizeGatewayUrl('https://gw.example.com/openclaw/'), 'wss://gw.example.com:443/openclaw');
    assert.equal(normalizeGatewayUrl('ws://[::1]:18789'), 'ws://[::1]:18789');
  });

  describe('stores', function () {
    it('MemoryDeviceStore keeps a copy (callers cannot mutate what it holds)', async function () {
      const s = new MemoryDeviceStore();
      assert.equal(await s.load(), undefined);
      const d = generateDevice();
      await s.save(d);
      d.tokens.x = { deviceToken: 'changed later' };
      assert.deepEqual((await s.load())!.tokens, {});
      assert.equal(s.saves, 1);
    });

    it('FileDeviceStore writes JSON with mode 0600 through a temp file, creates the directory 0700, and reads it back', async function () {
      const dir = path.join(tmpDir('occtx-gwdev-'), 'nested', 'dir');
      const file = path.join(dir, 'device.json');
      const s = new FileDeviceStore(file);
      assert.equal(await s.load(), undefined);
      const d = generateDevice();
      d.tokens['ws://127.0.0.1:18789'] = { deviceToken: 'dt-1', role: 'operator', scopes: ['operator.read'], issuedAtMs: 5 };
      const oldMask = process.umask(0o022);
      try {
        await s.save(d);
      } finally {
        process.umask(oldMask);
      }
      if (process.platform !== 'win32') {
        assert.equal(fs.statSync(file).mode & 0o777, 0o600);
        assert.equal(fs.statSync(dir).mode & 0o777, 0o700);
      }
      assert.deepEqual(await s.load(), d);
      d.tokens['ws://127.0.0.1:18789']!.deviceToken = 'dt-2';
      await s.save(d);
      assert.equal((await s.load())!.tokens['ws://127.0.0.1:18789']!.deviceToken, 'dt-2');
      assert.deepEqual(fs.readdirSync(dir), ['device.json'], 'no temp file left behind');
    });

    it('FileDeviceStore refuses a corrupt file; loadOrCreateDevice then makes and saves a new identity', async function () {
      const file = path.join(tmpDir('occtx-gwdev-'), 'device.json');
      fs.writeFileSync(file, '{not json');
      const s = new FileDeviceStore(file);
      await assert.rejects(s.load(), /not valid JSON/);
      const other = generateDevice();
      fs.writeFileSync(file, JSON.stringify({ ...generateDevice(), publicKey: other.publicKey }));
      await assert.rejects(s.load(), /no valid device identity/);
      const why: string[] = [];
      const d = await loadOrCreateDevice(s, (w) => why.push(w));
      assert.equal(why.length, 1);
      assert.deepEqual(await s.load(), d);
      // and the next load keeps it
      assert.equal((await loadOrCreateDevice(s)).deviceId, d.deviceId);
    });
  });
});
