/**
 * Session directories for checkpoints and state (seed 001 §5.2): a traversal corpus of session keys
 * all lands inside the root, and distinct keys never share a directory (also on case-insensitive file
 * systems).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkpointDir, checkpointsRoot, isWindowsDeviceName, MAX_PLAIN_NAME, sanitizeSessionKeyForPath, sessionDirIn, sessionDirName, stateDirFor, stateRoot } from '../../src/core/checkpoint/paths';
import { tmpDir } from './helpers';

const CORPUS: string[] = [
  '',
  '.',
  '..',
  '...',
  '../',
  '../../etc/passwd',
  '..\\..\\windows\\system32',
  '..\\',
  '/',
  '/etc/passwd',
  '/absolute/path',
  'C:\\Windows\\System32',
  'C:',
  '\\\\server\\share',
  'a/../../b',
  'a\u0000b',
  '\u0000',
  'CON',
  'con',
  'con.txt',
  'CON.tar.gz',
  'Con ',
  'PRN',
  'AUX',
  'NUL',
  'nul.json',
  'COM1',
  'com9.log',
  'LPT1',
  'lpt9',
  'COM0',
  'CONIN$',
  'CONOUT$',
  'x'.repeat(2000),
  'y'.repeat(2000),
  'x'.repeat(1999) + 'y',
  'agent:main:main',
  'agent_main_main',
  'Agent:Main:Main',
  'AGENT_MAIN_MAIN',
  'agent:main:telegram:direct:123',
  'agent:main:telegram_direct_123',
  'agent:main:subagent:7f0e…',
  'telegram:user123',
  'agent:main:main:thread:42',
  'hook:2f49-uuid',
  'cron:job',
  'global',
  'GLOBAL',
  'a.',
  'a..',
  '.hidden',
  '-leading-dash',
  ' space ',
  'tab\there',
  'new\nline',
  'ünïcödé',
  '中文会话',
  '😀',
  '😀😀',
  '\ud800',
  '\udc00',
  'e\u0301', // e + combining accent
  '\u00e9', // é precomposed
  'agent_main_main-0123456789abcdef',
  'a-0123456789abcdef',
  'A-0123456789ABCDEF',
  'cp_001.yaml',
  '_latest.json',
  '%2e%2e%2f',
  '~',
  '~/x',
  '$HOME',
  '${env:HOME}',
];

describe('checkpoint paths: session directory names', function () {
  it('sanitizeSessionKeyForPath is the seed function ([^a-zA-Z0-9._-] → _)', function () {
    assert.equal(sanitizeSessionKeyForPath('agent:main:telegram:direct:123'), 'agent_main_telegram_direct_123');
    assert.equal(sanitizeSessionKeyForPath('a/b\\c d.é-_'), 'a_b_c_d._-_');
    assert.equal(sanitizeSessionKeyForPath('..'), '..', 'the seed function alone lets `..` through: hence the guard');
  });

  it('every key of the traversal corpus maps to a direct child of the root: safe characters, ≤ 120, not ., .., a device name or hidden', function () {
    const root = path.resolve('/tmp/root-for-names');
    for (const key of CORPUS) {
      const name = sessionDirName(key);
      const label = JSON.stringify(key.slice(0, 40));
      assert.match(name, /^[A-Za-z0-9._-]+$/, label);
      assert.ok(name.length >= 1 && name.length <= MAX_PLAIN_NAME, `${label} → ${name.length} chars`);
      assert.notEqual(name, '.', label);
      assert.notEqual(name, '..', label);
      assert.ok(!name.startsWith('.'), `${label} → ${name}`);
      assert.ok(!name.endsWith('.'), `${label} → ${name}`);
      assert.equal(isWindowsDeviceName(name), false, `${label} → ${name}`);
      const dir = sessionDirIn(root, key);
      assert.equal(path.dirname(dir), root, label);
      assert.equal(path.relative(root, dir), name, label);
    }
  });

  it('distinct keys never share a directory, even compared case-insensitively', function () {
    const seen = new Map<string, string>();
    const keys = [...new Set(CORPUS)];
    for (let i = 0; i < 300; i++) keys.push(`agent:main:s${i}`, `agent_main_s${i}`, `AGENT:MAIN:S${i}`, `${'k'.repeat(150)}${i}`);
    for (const key of keys) {
      const name = sessionDirName(key).toLowerCase();
      const prev = seen.get(name);
      assert.equal(prev, undefined, `${JSON.stringify(key.slice(0, 60))} and ${JSON.stringify(prev?.slice(0, 60))} both → ${name}`);
      seen.set(name, key);
    }
  });

  it('plain lower-case keys keep their own name; everything else gets the sanitized name + a hash', function () {
    assert.equal(sessionDirName('global'), 'global');
    assert.equal(sessionDirName('my-session_1.a'), 'my-session_1.a');
    assert.match(sessionDirName('agent:main:main'), /^agent_main_main-[0-9a-f]{16}$/);
    assert.match(sessionDirName('GLOBAL'), /^GLOBAL-[0-9a-f]{16}$/);
    assert.match(sessionDirName('con.txt'), /^_con\.txt-[0-9a-f]{16}$/);
    assert.match(sessionDirName('..'), /^__-[0-9a-f]{16}$/);
    assert.match(sessionDirName(''), /^_-[0-9a-f]{16}$/);
    assert.match(sessionDirName('x'.repeat(2000)), /^x{100}-[0-9a-f]{16}$/);
    // a plain key that looks like a hashed name is hashed itself, so it cannot take another key's name
    const hashed = sessionDirName('agent:main:main');
    assert.notEqual(sessionDirName(hashed), hashed);
    assert.equal(sessionDirName('agent:main:main'), hashed, 'stable');
  });

  it('device names: any case, with or without extension', function () {
    for (const n of ['CON', 'con', 'Con.txt', 'nul.tar.gz', 'COM1', 'com9.x', 'LPT3', 'aux', 'PRN.']) assert.equal(isWindowsDeviceName(n), true, n);
    for (const n of ['console', 'com10', 'lpt', 'xcon', 'con_txt', '_con.txt']) assert.equal(isWindowsDeviceName(n), false, n);
  });

  it('checkpoint and state dirs sit under <stateDir>/context and can be created for every corpus key', function () {
    const state = tmpDir('occtx-cp-paths-');
    assert.equal(checkpointsRoot(state), path.join(state, 'context', 'checkpoints'));
    assert.equal(stateRoot(state), path.join(state, 'context', 'state'));
    const made = new Set<string>();
    for (const key of CORPUS) {
      const dir = checkpointDir(state, key);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'probe'), JSON.stringify(key));
      made.add(dir);
      assert.equal(path.dirname(stateDirFor(state, key)), stateRoot(state));
    }
    const listed = fs.readdirSync(checkpointsRoot(state));
    assert.equal(listed.length, new Set(CORPUS).size, 'one directory per distinct key, nothing elsewhere');
    assert.deepEqual(fs.readdirSync(path.join(state, 'context')), ['checkpoints']);
    for (const key of new Set(CORPUS)) assert.equal(JSON.parse(fs.readFileSync(path.join(checkpointDir(state, key), 'probe'), 'utf8')), key);
  });
});
