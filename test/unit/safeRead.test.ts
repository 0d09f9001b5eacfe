/**
 * Reading untrusted input (issue 15, findings 4, 5, 8): only regular files, never past a bound, decided on
 * the open descriptor; parse errors that never quote the input; nesting bounded; every date validated;
 * zstd rows never inflated past their declared size.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { openRegularFile, readRegularText, readRegularTextIfExists, SafeReadError } from '../../src/core/fs/safeRead';
import JSON5 from 'json5';
import { MAX_JSON_DEPTH, nestedDeeperThan, parseErrorReason, parseJson5Safe, parseJsonSafe, textNestedDeeperThan } from '../../src/core/fs/safeJson';
import { entryTime, isoTime, MAX_TIME_MS, timeMs } from '../../src/core/store/time';
import { MAX_ROW_BYTES, zstdDecompress, zstdDecompressWith } from '../../src/core/store/sqliteEngine';
import { HOSTILE, makeHostile, zstdBomb } from './hostileSupport';
import { tmpDir } from './helpers';

describe('safeRead: only regular files, bounded', function () {
  this.timeout(20_000);
  let dir: string;
  before(function () {
    dir = tmpDir('occtx-saferead-');
  });

  it('reads a regular file (and through a link to one, unless follow is false)', function () {
    const f = path.join(dir, 'ok.json');
    fs.writeFileSync(f, '{"a":1}');
    assert.equal(readRegularText(f, { maxBytes: 100 }), '{"a":1}');
    const link = path.join(dir, 'link.json');
    fs.symlinkSync(f, link);
    assert.equal(readRegularText(link, { maxBytes: 100 }), '{"a":1}');
    assert.throws(() => readRegularText(link, { maxBytes: 100, follow: false }), (e: unknown) => e instanceof SafeReadError && e.reason === 'not-a-file' && /symbolic link/.test(e.message));
  });

  for (const how of HOSTILE) {
    it(`refuses a ${how} in place of a file at once, naming it and the reason`, function () {
      const f = path.join(dir, `x-${how}.json`);
      makeHostile(f, how, 10 * 1024 * 1024);
      const t0 = Date.now();
      assert.throws(
        () => readRegularText(f, { maxBytes: 1024 * 1024 }),
        (e: unknown) => {
          assert.ok(e instanceof SafeReadError, String(e));
          assert.equal(e.reason, how === 'big' ? 'too-large' : 'not-a-file');
          assert.ok(e.message.includes(how === 'devzero' ? f : f), e.message);
          assert.match(e.message, how === 'fifo' ? /named pipe \(FIFO\)/ : how === 'devzero' ? /character device/ : how === 'dir' ? /a directory/ : /is 10 MB, more than the 1 MB limit; not read/);
          return true;
        },
      );
      assert.ok(Date.now() - t0 < 2000, 'no wait');
    });
  }

  it('a missing file: reason "missing" with code ENOENT; readRegularTextIfExists gives undefined', function () {
    const f = path.join(dir, 'none.json');
    assert.throws(() => readRegularText(f, { maxBytes: 10 }), (e: unknown) => e instanceof SafeReadError && e.reason === 'missing' && e.code === 'ENOENT');
    assert.equal(readRegularTextIfExists(f, { maxBytes: 10 }), undefined);
  });

  it('decides on the descriptor: the bound holds for what is read, not what stat said', function () {
    const f = path.join(dir, 'grow.txt');
    fs.writeFileSync(f, 'x'.repeat(100));
    const { fd, stat } = openRegularFile(f, { maxBytes: 150 });
    try {
      assert.ok(stat.isFile());
      fs.appendFileSync(f, 'y'.repeat(100)); // grows past the bound after the check
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { readOpenFile } = require('../../src/core/fs/safeRead') as typeof import('../../src/core/fs/safeRead');
      assert.throws(() => readOpenFile(fd, f, stat.size, 150), (e: unknown) => e instanceof SafeReadError && e.reason === 'too-large');
    } finally {
      fs.closeSync(fd);
    }
  });
});

describe('safeJson: messages that quote nothing, bounded nesting', function () {
  it('a parse failure names where, never what (a link to /etc/passwd prints none of it)', function () {
    for (const text of ['root:x:0:0:root:/root:/bin/bash\n', '{"secret":"hunter2",}', '{"a": "unterminated']) {
      const r = parseJsonSafe(text);
      assert.equal(r.ok, false);
      const msg = r.ok ? '' : r.error;
      assert.match(msg, /^not valid JSON \((invalid syntax|the text ends too early)/);
      for (const bit of ['root', 'bash', 'hunter2', 'secret', 'unterminated', "'r'", '"']) assert.ok(!msg.includes(bit), `${JSON.stringify(bit)} quoted in ${msg}`);
    }
    assert.match(parseErrorReason(new SyntaxError('Expected double-quoted property name in JSON at position 7 (line 1 column 8)')), /invalid syntax at line 1, column 8/);
    assert.match(parseErrorReason(new SyntaxError("JSON5: invalid character 'r' at 3:5")), /invalid syntax at line 3, column 5/);
  });

  it('nesting deeper than the bound is refused (iteratively: 100,000 levels do not overflow the stack)', function () {
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)) as unknown;
    assert.equal(nestedDeeperThan(deep), true);
    assert.equal(nestedDeeperThan(JSON.parse('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))), false);
    assert.equal(nestedDeeperThan({ a: { b: [1, { c: null }] } }, 3), true);
    assert.equal(nestedDeeperThan({ a: { b: [1, { c: null }] } }, 4), false);
    const r = parseJsonSafe('{"a":' + '['.repeat(5000) + ']'.repeat(5000) + '}');
    assert.deepEqual(r, { ok: false, error: `nested deeper than ${MAX_JSON_DEPTH} levels` });
  });

  it('JSON5 text: its nesting is counted before parsing (strings and comments do not count), the same verdict as after', function () {
    const nest = (n: number, obj: boolean) => (obj ? '{a:'.repeat(n) + '1' + '}'.repeat(n) : '['.repeat(n) + ']'.repeat(n));
    const cases: Array<[string, string]> = [
      ['arrays at the bound', nest(MAX_JSON_DEPTH, false)],
      ['arrays one over', nest(MAX_JSON_DEPTH + 1, false)],
      ['objects at the bound', nest(MAX_JSON_DEPTH, true)],
      ['objects one over', nest(MAX_JSON_DEPTH + 1, true)],
      ['brackets in strings', `{a: "${'['.repeat(500)}", b: '${'{'.repeat(500)}', c: "\\\\", d: '\\\\'}`],
      ['escaped quotes in strings', `{a: "\\"${'['.repeat(500)}"}`],
      ['brackets in comments', `// ${'['.repeat(500)}\n{ /* ${'{'.repeat(500)} */ a: [1] }`],
      ['a config with comments and trailing commas', '{\n  // the gateway\n  gateway: { port: 18789, },\n  agents: { list: [{ id: "main", }], },\n}'],
    ];
    for (const [name, text] of cases) {
      const after = nestedDeeperThan(JSON5.parse(text) as unknown);
      assert.equal(textNestedDeeperThan(text), after, name);
      assert.equal(parseJson5Safe(text).ok, !after, name);
    }
  });

  it('a JSON5 text nested a million deep is refused without being parsed (JSON5.parse took 3 s and 800 MB on it)', function () {
    const text = '{"a":'.repeat(1_000_000) + '1' + '}'.repeat(1_000_000);
    assert.deepEqual(parseJson5Safe(text), { ok: false, error: `nested deeper than ${MAX_JSON_DEPTH} levels` });
    assert.deepEqual(parseJson5Safe('{a: [1, 2,], // x\n}'), { ok: true, value: { a: [1, 2] } });
    assert.match((parseJson5Safe('{a: ') as { error: string }).error, /^not valid JSON5 \(the text ends too early/);
  });
});

describe('time: every date validated where it is read', function () {
  it('out of range, NaN, Infinity, zero, negative, garbage → 0 (unknown); valid → ms', function () {
    for (const v of [1e20, MAX_TIME_MS + 1, -5, 0, NaN, Infinity, -Infinity, 'garbage', '', '+275760-09-14T00:00:00.001Z', null, undefined, {}, [1]]) assert.equal(timeMs(v), 0, String(v));
    assert.equal(timeMs(1795275780195), 1795275780195);
    assert.equal(timeMs('2026-11-21T15:43:00.164Z'), 1795275780164);
    assert.equal(timeMs(MAX_TIME_MS), MAX_TIME_MS);
  });
  it('entryTime falls back to the message timestamp; isoTime never throws', function () {
    assert.equal(entryTime({ timestamp: 1e20, message: { timestamp: 1000 } }), 1000);
    assert.equal(entryTime({ timestamp: 'nope', message: { timestamp: 1e300 } }), 0);
    assert.equal(isoTime(1e20), undefined);
    assert.equal(isoTime(NaN), undefined);
    assert.equal(isoTime(0), undefined);
    assert.equal(isoTime(1000), '1970-01-01T00:00:01.000Z');
  });
});

describe('zstd rows: bounded by the declared size and a hard cap', function () {
  this.timeout(30_000);
  const head = '{"type":"message","id":"b1","message":{"role":"user","content":"';
  const tail = '"}}';

  it('a 35 KB row that would inflate to 1.1 GiB, declared 200 bytes: stops at once with a clear error', function () {
    const bomb = zstdBomb(head, 65, 1100 * 1024 * 1024, tail);
    assert.ok(bomb.length < 40_000);
    const rss0 = process.memoryUsage().rss;
    const t0 = Date.now();
    assert.throws(() => zstdDecompress(bomb, 200), /inflates past its declared size of 200 bytes/);
    assert.ok(Date.now() - t0 < 2000, `took ${Date.now() - t0} ms`);
    assert.ok(process.memoryUsage().rss - rss0 < 200 * 1024 * 1024, 'no large allocation');
  });

  it('without a declared size, the hard cap (64 MB) stops it; a declared size over the cap is refused unread', function () {
    const bomb = zstdBomb(head, 65, MAX_ROW_BYTES + 1024 * 1024, tail);
    assert.throws(() => zstdDecompress(bomb), /inflates past the 64 MB limit/);
    assert.throws(() => zstdDecompress(bomb, MAX_ROW_BYTES + 1), /declares 67108865 bytes, over the 64 MB limit/);
    assert.throws(() => zstdDecompress(bomb, -1), /not a byte count/);
  });

  it('an honest row decompresses whole, with either backend (node:zlib and fzstd)', function () {
    const text = JSON.stringify({ type: 'message', id: 'ok', message: { role: 'user', content: 'é'.repeat(5000) } });
    const z = zstdBomb(text, 0, 0, '');
    assert.equal(zstdDecompress(z, Buffer.byteLength(text)), text);
    const native = (zlib as unknown as { zstdCompressSync?: (b: Buffer) => Buffer }).zstdCompressSync;
    if (native) assert.equal(zstdDecompress(native(Buffer.from(text)), Buffer.byteLength(text)), text);
    // the pure-JS fallback (Node < 22.15): the same bound, block by block
    assert.equal(zstdDecompressWith(undefined, z, Buffer.byteLength(text)), text);
    assert.throws(() => zstdDecompressWith(undefined, zstdBomb(head, 65, 1100 * 1024 * 1024, tail), 200), /inflates past its declared size/);
    assert.throws(() => zstdDecompressWith(undefined, zstdBomb(head, 65, MAX_ROW_BYTES + 1024 * 1024, tail)), /inflates past the 64 MB limit/);
  });
});
