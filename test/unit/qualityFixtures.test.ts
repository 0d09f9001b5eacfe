/**
 * The planted-facts benchmark's fixtures (test/fixtures/quality-bench/<set>/, made with the real OpenClaw by
 * scripts/make-quality-sessions.mjs) are complete and honest, read from the fixture alone (its agent DB and
 * expected.json, raw; none of our compaction runs here): every session has its expected facts and OpenClaw's own
 * compaction; every planted string is in that session's transcript, and in the part OpenClaw's compaction dropped
 * (before its first kept entry), so a compaction can only keep it by summarising it.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { normalizeText, type ExpectedFact } from '../../bench/lib/qualityScore';
import { fixturePath, sqlite, tmpDir } from './helpers';

const BENCH = fixturePath('quality-bench');
const SETS = ['tuning', 'held-out', 'held-out-2', 'held-out-3', 'held-out-4', 'held-out-5', 'held-out-6', 'held-out-7', 'held-out-8', 'held-out-9', 'held-out-10', 'held-out-11', 'held-out-12', 'held-out-13', 'held-out-14', 'held-out-15', 'held-out-16', 'held-out-17', 'held-out-18', 'held-out-19', 'held-out-20', 'held-out-21', 'held-out-22', 'held-out-23', 'held-out-24', 'held-out-25', 'held-out-26', 'held-out-27', 'held-out-28', 'held-out-29', 'held-out-30', 'held-out-31', 'held-out-32', 'held-out-33', 'held-out-34', 'held-out-35', 'held-out-36', 'held-out-37', 'held-out-38'];
/** THE held-out set (bench/quality.mjs's HELD_OUT): its size and mix are checked below. */
const HELD_OUT = 'held-out-38';
const DB_REL = path.join('state', 'agents', 'main', 'agent', 'openclaw-agent.sqlite.gz');

interface Expected {
  id: string;
  set: string;
  key: string;
  facts: ExpectedFact[];
}

/** Every string inside a value (message text, tool-call arguments, tool results). */
function stringsOf(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) stringsOf(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) stringsOf(x, out);
  return out;
}

/** The transcript events of each session key of a set's agent DB (gunzipped into a temp file), in order. */
function transcripts(set: string): Map<string, Array<Record<string, unknown>>> {
  const db = path.join(tmpDir(`occtx-quality-fixture-${set}-`), 'agent.sqlite');
  fs.writeFileSync(db, zlib.gunzipSync(fs.readFileSync(path.join(BENCH, set, DB_REL))));
  const d = new (sqlite().DatabaseSync)(db, { readOnly: true });
  try {
    const out = new Map<string, Array<Record<string, unknown>>>();
    const events = d.prepare('SELECT event_json, event_zstd FROM transcript_events WHERE session_id = ? ORDER BY seq');
    for (const n of d.prepare('SELECT session_key, current_session_id FROM session_nodes').all() as Array<{ session_key: string; current_session_id: string }>) {
      const rows = events.all(n.current_session_id) as Array<{ event_json: string | null; event_zstd: Uint8Array | null }>;
      out.set(
        n.session_key,
        rows.map((r) => JSON.parse(r.event_json ?? zlib.zstdDecompressSync(r.event_zstd!).toString('utf8')) as Record<string, unknown>),
      );
    }
    return out;
  } finally {
    d.close();
  }
}

describe('quality-bench fixtures (read raw: no compaction runs)', () => {
  for (const set of SETS) {
    it(`${set}: complete, and every planted string is in the part OpenClaw's compaction dropped`, () => {
      assert.ok(fs.existsSync(path.join(BENCH, set, 'state', 'openclaw.json')), `${set}: state/openclaw.json`);
      assert.ok(fs.existsSync(path.join(BENCH, set, DB_REL)), `${set}: the agent DB`);
      const dirs = fs.readdirSync(path.join(BENCH, set, 'sessions')).sort();
      assert.ok(dirs.length >= 3, `${set}: at least three sessions`);
      const byKey = transcripts(set);
      for (const id of dirs) {
        const dir = path.join(BENCH, set, 'sessions', id);
        const exp = JSON.parse(fs.readFileSync(path.join(dir, 'expected.json'), 'utf8')) as Expected;
        const oc = JSON.parse(fs.readFileSync(path.join(dir, 'openclaw-compaction.json'), 'utf8')) as { compacted: boolean; firstKeptEntryId: string | null; summary: string | null };
        assert.equal(exp.id, id);
        assert.equal(exp.set, set);
        assert.ok(exp.facts.length >= 15, `${set}/${id}: facts`);
        assert.equal(new Set(exp.facts.map((f) => f.id)).size, exp.facts.length, `${set}/${id}: fact ids unique`);
        assert.ok(oc.compacted && oc.firstKeptEntryId && oc.summary, `${set}/${id}: OpenClaw's own compaction is recorded`);
        const events = byKey.get(exp.key);
        assert.ok(events?.length, `${set}/${id}: no transcript for ${exp.key}`);
        const cut = events.findIndex((e) => e.id === oc.firstKeptEntryId);
        assert.ok(cut > 0, `${set}/${id}: OpenClaw's first kept entry ${oc.firstKeptEntryId} is in the transcript`);
        const text = (es: Array<Record<string, unknown>>) => normalizeText(stringsOf(es.filter((e) => e.type === 'message').map((e) => e.message)).join('\n'));
        const dropped = text(events.slice(0, cut));
        const kept = text(events.slice(cut));
        for (const f of exp.facts)
          for (const s of [...f.strings, ...(f.reasons ?? [])]) {
            assert.ok(dropped.includes(normalizeText(s)), `${set}/${id} ${f.id}: "${s}" is not in the dropped part of the transcript`);
            assert.ok(!kept.includes(normalizeText(s)), `${set}/${id} ${f.id}: "${s}" is also in the kept part`);
          }
      }
    });
  }

  it(`${HELD_OUT}: the size and mix the held-out set promises (≥ 66 facts, ≥ 10 reasons, ≥ 20 % stated in Chinese or Japanese, every category and identifier kind, files read, created and modified, early and mid)`, () => {
    const facts = fs
      .readdirSync(path.join(BENCH, HELD_OUT, 'sessions'))
      .flatMap((id) => (JSON.parse(fs.readFileSync(path.join(BENCH, HELD_OUT, 'sessions', id, 'expected.json'), 'utf8')) as Expected).facts);
    assert.ok(facts.length >= 66, `${facts.length} facts`);
    assert.ok(facts.filter((f) => f.reasons?.length).length >= 10, 'reasons');
    assert.ok(facts.filter((f) => f.lang !== 'en').length >= 0.2 * facts.length, 'CJK share');
    for (const c of ['decision', 'todo', 'rule', 'identifier', 'tool-finding', 'artifact']) assert.ok(facts.some((f) => f.category === c), c);
    assert.ok(facts.some((f) => f.position === 'early') && facts.some((f) => f.position === 'mid'), 'early and mid');
    for (const k of ['route', 'env', 'host:port', 'url', 'hash', 'uuid', 'ticket', 'version', 'path']) assert.ok(facts.some((f) => f.category === 'identifier' && f.kind === k), `identifier ${k}`);
    for (const k of ['read', 'created', 'modified']) assert.ok(facts.some((f) => f.category === 'artifact' && f.kind === k), `artifact ${k}`);
  });
});
