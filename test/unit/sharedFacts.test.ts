/**
 * Checkpoints (decisions, open items, learnings) and Flush Session to Memory take the same facts as the
 * compaction summary (issue 18 item 7): every decision, TODO and rule the shared extraction (core/facts) finds
 * in a session is in the checkpoint and in the flush, as stated (reasons, conditions and deadlines included).
 */
import assert from 'node:assert/strict';
import { CheckpointEngine } from '../../src/core/checkpoint/engine';
import { checkpointOfPath } from '../../src/core/checkpoint/fromPath';
import { extractFactsFromEntries } from '../../src/core/facts';
import { extractMemorable } from '../../src/core/memory/extract';
import { tmpDir } from './helpers';
import { E, figures } from './support/checkpoints';

type Json = Record<string, unknown>;

function planted(): Json[] {
  E.reset();
  return [
    E.header(),
    E.user('Decision: we use Postgres 16 for the orders service because the reporting team needs JSONB indexes.'),
    E.agent('Noted. I will also keep the read replica, since the dashboards query it every minute.'),
    E.user('TODO: rotate ORDERS_API_KEY before 2026-12-01 if the security audit passes.'),
    E.agent('Tracked.'),
    E.user('Always run the migrations with make migrate; never edit the schema by hand.'),
    E.toolCall('read', { path: 'src/orders/service.ts' }, 'call_r'),
    E.toolResult('read', 'call_r', 'export const PORT = 8443; // listens on orders.internal:8443'),
    E.agent('The service listens on orders.internal:8443.'),
    E.user('我们决定使用 Kafka，因为它支持分区重放。'),
    E.agent('好的。'),
  ];
}

describe('checkpoints and flush use the shared fact extraction (issue 18 item 7)', function () {
  const entries = planted();
  const facts = extractFactsFromEntries(entries);

  it('the planted session has facts of each kind the checkpoint takes', function () {
    assert.ok(facts.decisions.length >= 2, facts.decisions.map((d) => d.text).join(' | '));
    assert.ok(facts.todos.length >= 1 && facts.rules.length >= 1, JSON.stringify({ todos: facts.todos.length, rules: facts.rules.length }));
  });

  it('a checkpoint holds every decision, TODO and rule as stated (the seed’s structural rule alone finds none of them)', function () {
    const cp = checkpointOfPath(entries, figures());
    const whats = cp.decisions.map((d) => d.what);
    for (const d of facts.decisions) assert.ok(whats.includes(d.text), `decision: ${d.text} in ${whats.join(' | ')}`);
    for (const t of facts.todos) assert.ok(cp.open_items.includes(t.text), `open item: ${t.text} in ${cp.open_items.join(' | ')}`);
    for (const r of facts.rules) assert.ok(cp.learnings.includes(r.text), `learning: ${r.text} in ${cp.learnings.join(' | ')}`);
    assert.equal(new Set(cp.open_items).size, cp.open_items.length, 'a TODO line and its sentence are one open item');
    assert.ok(whats.includes('Decision: we use Postgres 16 for the orders service because the reporting team needs JSONB indexes.'), 'the decision with its reason, whole');
    assert.ok(cp.open_items.some((o) => o.includes('before 2026-12-01') && o.includes('if the security audit passes')), 'the TODO with its deadline and condition');
  });

  it('the engine (what the extension and the CLI run) writes the same facts into the checkpoint file', function () {
    const engine = new CheckpointEngine(tmpDir('occtx-sf-'), { now: () => Date.parse('2026-03-01T11:00:00Z') });
    engine.ingest(figures(), entries);
    const r = engine.checkpoint(figures(), 'manual');
    assert.equal(r.status, 'written');
    const cp = engine.latest(figures().sessionKey)!;
    for (const d of facts.decisions) assert.ok(cp.decisions.some((x) => x.what === d.text), d.text);
    for (const r2 of facts.rules) assert.ok(cp.learnings.includes(r2.text), r2.text);
  });

  it('Flush Session to Memory writes every decision (with its reason), TODO (with its condition) and rule whole', function () {
    const m = extractMemorable(entries);
    const texts = (k: 'decisions' | 'open' | 'preferences') => m.categories[k].map((f) => f.text);
    for (const d of facts.decisions) assert.ok(texts('decisions').includes(d.text), `decision: ${d.text} in ${texts('decisions').join(' | ')}`);
    for (const t of facts.todos) assert.ok(texts('open').includes(t.text), `todo: ${t.text} in ${texts('open').join(' | ')}`);
    for (const r of facts.rules) assert.ok(texts('preferences').includes(r.text), `rule: ${r.text} in ${texts('preferences').join(' | ')}`);
  });
});
