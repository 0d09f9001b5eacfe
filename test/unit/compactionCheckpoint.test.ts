/**
 * Checkpoint compaction (issue 18 item 6; seed 001 §13): the summary is the extracted facts under OpenClaw's
 * required headings plus the checkpoint restore note. Planned like a full compaction (same cut, same entry, same
 * writer), it passes OpenClaw's audit, keeps every extracted fact that fits its budget as written, stays within
 * the budget, and is much smaller than the full summary.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { planCompaction } from '../../src/core/compaction/plan';
import { summaryKindLines } from '../../src/core/compaction/viewModel';
import { buildCheckpointSummary, CHECKPOINT_SECTION, CHECKPOINT_SUMMARY_TOKENS } from '../../src/core/compaction/summary/checkpoint';
import { checkpointOfPath } from '../../src/core/checkpoint/fromPath';
import { INJECTION_HEADER } from '../../src/core/checkpoint/render';
import { extractFacts, factLines } from '../../src/core/facts';
import { rebuildContext, TranscriptIndex } from '../../src/core/context/rebuild';
import { SqliteSessionStore } from '../../src/core/store/sqliteStore';
import { appendEvents } from '../../src/core/store/sqliteWriter';
import { estimateTokens } from '../../src/core/tokens/estimator';
import { jsonlSessionPath, materializeRealState, realDbPath, tmpDir } from './helpers';
import { figures } from './support/checkpoints';
import { assertSchema, cli, WORK } from './support/cli';
import { ContextModel } from '../../src/core/context/model';
import { processEnv, resolveStateDirs } from '../../src/core/store/config';

type Json = Record<string, unknown>;

const REQUIRED = ['## Decisions', '## Open TODOs', '## Constraints/Rules', '## Pending user asks', '## Exact identifiers'];
const FILLER = 'The weather in the essay is a metaphor for the project; the narrator keeps returning to the harbour. ';

/** A JSONL session: facts stated early, then unrelated turns; loaded as the extension loads it. */
function plantedSession(): ReturnType<typeof jsonlSessionPath> {
  const sdir = path.join(tmpDir('occtx-ckpt-'), 'agents', 'main', 'sessions');
  fs.mkdirSync(sdir, { recursive: true });
  const t0 = Date.parse('2026-06-01T08:00:00Z');
  const lines: Json[] = [{ type: 'session', version: 3, id: 'ck-s1', timestamp: new Date(t0).toISOString(), cwd: '/w' }];
  let parent: string | null = null;
  let n = 0;
  const push = (message: Json) => {
    const id = `e${n}`;
    lines.push({ type: 'message', id, parentId: parent, timestamp: new Date(t0 + n * 1000).toISOString(), message: { ...message, timestamp: t0 + n * 1000 } });
    parent = id;
    n++;
  };
  const user = (text: string) => push({ role: 'user', content: text });
  const agent = (text: string) => push({ role: 'assistant', content: [{ type: 'text', text }], provider: 'anthropic', model: 'claude-x', usage: { input: 100 * n, output: 50, cacheRead: 0, cacheWrite: 0, totalTokens: 100 * n + 50 }, stopReason: 'stop' });
  user('Decision: we use Postgres 16 for the orders service because the reporting team needs JSONB indexes.');
  agent(`Noted. ${'Here is how the storage layer would look with either option. '.repeat(12)}\nWhich queue should carry the order events: Kafka or SQS?`);
  user('Kafka');
  agent('Kafka it is.');
  user('TODO: rotate ORDERS_API_KEY before 2026-12-01 if the security audit passes.');
  agent('I will track that.');
  user('Always run the migrations with make migrate; never edit the schema by hand.');
  agent('Understood.');
  user('The order endpoint is POST /v1/orders on orders.internal:8443, tracked in ORD-4471.');
  agent('Recorded.');
  for (let i = 0; i < 14; i++) {
    user(`Essay paragraph ${i}: ${FILLER.repeat(8)}`);
    agent(`Thoughts on paragraph ${i}: ${FILLER.repeat(10)}`);
  }
  user('Now summarise the last paragraph in one sentence.');
  return jsonlSessionPath(sdir, 'agent:main:main', 'ck-s1', t0 + n * 1000, lines);
}

const section = (summary: string, heading: string) => summary.split(`${heading}\n`)[1]?.split(/\n\n## /)[0] ?? '';

describe('checkpoint compaction (issue 18 item 6)', function () {
  this.timeout(60_000);

  it('on a planted session: OpenClaw’s headings in order, the audit passes, every extracted fact verbatim, the restore note, ≤ 2,000 tokens', function () {
    const s = plantedSession();
    const input = { path: s.path, full: s.full, tokensBefore: 9_000, keepRecentTokens: 600 };
    const r = planCompaction({ ...input, checkpoint: { figures: figures({ sessionKey: 'agent:main:main', inputTokens: 9_000 }) } });
    assert.ok(r.ok, r.ok ? '' : r.reason);
    const p = r.plan;
    assert.equal(p.kind, 'checkpoint');
    assert.equal(p.source, 'mechanical');
    assert.equal(p.audit.ok, true, p.audit.reasons.join(', '));
    assert.equal(p.entry.summary, p.summary, 'the entry written is the summary previewed');
    // the required headings, each once, in OpenClaw's order, before the note
    const at = REQUIRED.map((h) => p.summary.indexOf(`${h}\n`));
    assert.ok(at.every((i, k) => i >= 0 && (k === 0 || i > at[k - 1]!)), at.join(','));
    for (const h of REQUIRED) assert.equal(p.summary.split(`${h}\n`).length, 2, `${h} once`);
    assert.ok(p.summary.indexOf(CHECKPOINT_SECTION) > at[4]!, 'the note follows the required sections');
    assert.ok(p.summary.includes(INJECTION_HEADER));
    // the note is the session's checkpoint: what it is working on (the last ask, on the kept side) and the seed's
    // decision rule (a short reply after a long answer)
    assert.match(p.summary, /Working on: Now summarise the last paragraph/);
    assert.ok(p.note && p.note.tokens <= 700, `${p.note?.tokens}`);
    assert.match(p.summary, /Kafka/);
    // every extracted fact of the summarised part, as the shared extraction wrote it
    const dropped = [...p.input.messages, ...(p.input.turnPrefixMessages ?? [])];
    const lines = factLines(extractFacts(dropped));
    const all = [...lines.decisions, ...lines.todos, ...lines.rules, ...lines.identifiers, ...lines.toolFacts, ...lines.artifacts];
    assert.ok(all.length >= 5, `facts extracted from the planted part: ${all.length}`);
    for (const l of all) assert.ok(p.summary.includes(l.trim()), `kept verbatim: ${l}`);
    assert.ok(section(p.summary, '## Decisions').includes('Postgres 16'), section(p.summary, '## Decisions'));
    assert.ok(section(p.summary, '## Open TODOs').includes('ORDERS_API_KEY'), section(p.summary, '## Open TODOs'));
    assert.ok(section(p.summary, '## Constraints/Rules').includes('make migrate'), section(p.summary, '## Constraints/Rules'));
    assert.ok(p.summary.includes('POST /v1/orders'));
    assert.ok(estimateTokens(p.summary) <= CHECKPOINT_SUMMARY_TOKENS, `${estimateTokens(p.summary)} tokens`);
    // beside the full summary of the same cut: same cut, a smaller summary
    const full = planCompaction(input);
    assert.ok(full.ok);
    assert.equal(full.plan.kind, 'full');
    assert.equal(full.plan.entry.firstKeptEntryId, p.entry.firstKeptEntryId);
    assert.ok(p.summary.length < full.plan.summary.length, `${p.summary.length} < ${full.plan.summary.length}`);
    // the preview's line: the full plan offers the checkpoint one with its figures; the checkpoint plan says what it is
    const offer = summaryKindLines(full.plan, p);
    assert.equal(offer.length, 1);
    assert.match(offer[0]!, new RegExp(`Checkpoint compaction instead .*: a ~\\S+-token summary instead of ~\\S+ .*it keeps ${p.quality.factsKept}/${p.quality.factsFound} facts`));
    assert.match(summaryKindLines(p)[0]!, /^- Checkpoint compaction: the summary is the extracted facts and the checkpoint restore note/);
    assert.deepEqual(summaryKindLines(full.plan), [], 'no alternative planned: no line');
  });

  it('a small budget: whole lines only, the audit’s lines always kept, what did not fit is counted', function () {
    const s = plantedSession();
    const cut = planCompaction({ path: s.path, full: s.full, tokensBefore: 9_000, keepRecentTokens: 600 });
    assert.ok(cut.ok);
    const ci = cut.plan.input;
    const cp = checkpointOfPath(s.full, figures());
    const roomy = buildCheckpointSummary(ci, { checkpoint: cp });
    const facts = Object.values(factLines(roomy.facts)).flat();
    assert.ok(facts.length >= 5, `${facts.length}`);
    assert.deepEqual(roomy.omitted, {}, 'with the default budget every fact fits');
    const max = Math.floor(roomy.tokens) - 30; // room for the note and the headings, not for every fact
    const tight = buildCheckpointSummary(ci, { checkpoint: cp, maxTokens: max });
    assert.ok(tight.tokens <= max, `${tight.tokens} ≤ ${max}`);
    const left = Object.values(tight.omitted).reduce((a, b) => a + b, 0);
    assert.ok(left > 0, 'some facts did not fit');
    assert.match(tight.summary, /^- \.\.\.and \d+ more$/m);
    for (const l of facts) if (tight.summary.includes(l.slice(0, 20))) assert.ok(tight.summary.includes(l), `never a cut line: ${l}`);
    // the audit still passes: headings, identifiers and the latest ask are not optional
    const p = planCompaction({ path: s.path, full: s.full, tokensBefore: 9_000, keepRecentTokens: 600, checkpoint: { figures: figures(), maxTokens: max } });
    assert.ok(p.ok && p.plan.audit.ok, p.ok ? p.plan.audit.reasons.join(', ') : '');
  });

  it('on the real OpenClaw sessions: written with the real writer, the context is the preview; the audit passes', async function () {
    const dir = materializeRealState();
    const db = realDbPath(dir);
    const store = new SqliteSessionStore('main', db, () => undefined);
    let planned = 0;
    for (const row of store.readRows(true).rows) {
      const index = new TranscriptIndex();
      index.apply(store.readTranscript(row, undefined, { full: true }));
      const ctx = rebuildContext(index);
      const full = store.loadEntries(row, ctx.path);
      const r = planCompaction({ path: ctx.path, full, tokensBefore: 12_345, keepRecentTokens: 300, checkpoint: { figures: figures({ sessionKey: row.key }) } });
      if (!r.ok) continue;
      planned++;
      const p = r.plan;
      assert.equal(p.audit.ok, true, `${row.key}: ${p.audit.reasons.join(', ')}`);
      assert.ok(estimateTokens(p.summary) <= CHECKPOINT_SUMMARY_TOKENS, `${row.key}: ${estimateTokens(p.summary)}`);
      const w = await appendEvents(db, row.key, [p.entry], { ownership: { tmpDir: tmpDir('occtx-systmp-'), probePort: false } });
      assert.ok(w.ok, JSON.stringify(w));
      const index2 = new TranscriptIndex();
      const row2 = new SqliteSessionStore('main', db, () => undefined).readRows(true).rows.find((x) => x.key === row.key)!;
      index2.apply(new SqliteSessionStore('main', db, () => undefined).readTranscript(row2, undefined, { full: true }));
      const after = rebuildContext(index2);
      assert.deepEqual(after.items.map((e) => e.id), [w.written[0]!.id, ...p.after.slice(1).map((e) => e.id)], `${row.key}: after = preview`);
    }
    assert.ok(planned >= 2, `sessions planned: ${planned}`);
  });

  it('CLI compact --checkpoint: the dry run shows the checkpoint summary; --yes writes exactly it through the actions path', async function () {
    const state = materializeRealState();
    const dry = await cli(['compact', WORK, '--checkpoint', '--dry-run', '--keep-recent-tokens', '300', '--state-dir', state, '--json']);
    assert.equal(dry.code, 0, dry.err);
    assertSchema('compact', dry.json());
    const planned = dry.json().plan as Json & { summary: string; summaryKind: string; checkpointNote: { tokens: number } | null; audit: { ok: boolean } };
    assert.equal(planned.summaryKind, 'checkpoint');
    assert.ok(planned.checkpointNote && planned.checkpointNote.tokens > 0 && planned.checkpointNote.tokens <= 700);
    assert.ok(planned.summary.includes(CHECKPOINT_SECTION));
    assert.equal(planned.audit.ok, true);
    const human = await cli(['compact', WORK, '--checkpoint', '--dry-run', '--keep-recent-tokens', '300', '--state-dir', state]);
    assert.match(human.out, /checkpoint summary: the extracted facts and the checkpoint restore note/);
    const fullDry = await cli(['compact', WORK, '--dry-run', '--keep-recent-tokens', '300', '--state-dir', state, '--json']);
    assert.equal((fullDry.json().plan as Json).summaryKind, 'full');
    assert.equal((fullDry.json().plan as Json).checkpointNote, null);
    const r = await cli(['compact', WORK, '--checkpoint', '--yes', '--even-if-larger', '--keep-recent-tokens', '300', '--state-dir', state, '--json']);
    assert.equal(r.code, 0, r.err);
    assertSchema('compact', r.json());
    assert.equal(r.json().status, 'compacted');
    const env = processEnv();
    const m = new ContextModel({ stateDirs: resolveStateDirs(state, undefined, env), env });
    try {
      m.refresh(true);
      const s = m.sessions().find((x) => x.row.key === WORK)!;
      const ctx = m.ensureTranscript(s.uid)!.context!;
      assert.equal(ctx.items[0]!.kind, 'compaction');
      assert.equal(m.loadEntries(s.uid, [ctx.items[0]!])[0]!.summary, planned.summary, 'the summary of the dry run is what was written');
    } finally {
      m.dispose();
    }
  });
});
