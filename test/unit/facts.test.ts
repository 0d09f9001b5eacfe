/**
 * The shared fact extraction (src/core/facts): planted decisions with reasons, TODOs with conditions and
 * deadlines, rules, identifiers (routes with their method), tool findings and the artifact trail, in English,
 * Chinese and Japanese; rendering by priority within a token budget. Expected strings are written by hand.
 */
import assert from 'node:assert/strict';
import { extractFacts, factChecks, renderFacts } from '../../src/core/facts';
import { extractRichIdentifiers } from '../../src/core/facts/identifiers';
import { cjkSession, englishSession, type PlantedSession, user } from './factsFixtures';
import { auditMechanicalSummary, buildMechanicalSummary } from '../../src/core/compaction/summary/mechanical';
import { hasRequiredSummarySections } from '../../src/core/compaction/summary/audit';
import { compactionQualityReport } from '../../src/core/compaction/quality';
import { qualityMarkdown } from '../../src/core/compaction/viewModel';
import { openclawEstimateTokens } from '../../src/core/compaction/openclaw/estimate';

const norm = (s: string) => s.normalize('NFKC').replace(/[*_`]+/g, '').replace(/\s+/g, ' ').toLowerCase();

function missing(session: PlantedSession, text: string): string[] {
  const t = norm(text);
  return session.facts.filter((f) => !f.strings.every((s) => t.includes(norm(s)))).map((f) => `${f.category}: ${f.strings.join(' | ')}`);
}

describe('facts: extraction', () => {
  for (const make of [englishSession, cjkSession]) {
    it(`finds every planted fact of the ${make().name} session`, () => {
      const s = make();
      const facts = extractFacts(s.messages);
      const all = JSON.stringify(factChecks(facts));
      assert.deepEqual(missing(s, all), []);
    });
  }
});

describe('facts: the compaction summary keeps them, the quality report says what is lost', () => {
  for (const make of [englishSession, cjkSession]) {
    it(`the mechanical summary of the ${make().name} session keeps every planted fact within 2,000 tokens, and passes the audit`, () => {
      const s = make();
      const r = buildMechanicalSummary({ messages: s.messages });
      assert.deepEqual(missing(s, r.summary), []);
      assert.ok(openclawEstimateTokens({ role: 'compactionSummary', summary: r.summary }) <= 2000);
      assert.equal(auditMechanicalSummary(r).ok, true, auditMechanicalSummary(r).reasons.join(', '));
      assert.equal(hasRequiredSummarySections(r.summary), true);
      // every fact line is whole: none of them ends in a cut
      for (const l of r.body.split('\n')) if (/^- (?!\.\.\.and)/.test(l)) assert.ok(!l.endsWith('…'), l);
    });
  }

  it('the report counts a fact kept only when its exact strings are there, and names what was removed', () => {
    const s = englishSession();
    const r = buildMechanicalSummary({ messages: s.messages });
    const full = compactionQualityReport({ dropped: s.messages, summary: r.summary, kept: [] });
    assert.equal(full.factsKept, full.factsFound);
    assert.ok(full.factsFound >= s.facts.length);
    // remove one decision's reason, one rule, one route and one file from the summary
    const removed = ['we need serializable transactions across accounts', 'Never log card numbers, not even masked ones', 'POST /v1/invoices/{id}/refunds', 'docs/adr/0007-ledger-store.md'];
    let cut = r.summary;
    for (const x of removed) cut = cut.split(x).join('[removed]');
    const q = compactionQualityReport({ dropped: s.messages, summary: cut, kept: [] });
    assert.equal(q.reasons.kept, q.reasons.found - 1);
    assert.equal(q.decisions.kept, q.decisions.found); // the decision itself is still there
    assert.equal(q.rules.kept, q.rules.found - 1);
    assert.deepEqual(q.identifiers.lost, ['POST /v1/invoices/{id}/refunds', 'docs/adr/0007-ledger-store.md']); // the file's path is an identifier too
    assert.equal(q.artifacts.kept, q.artifacts.found - 1);
    const missingStrings = q.lost.flatMap((l) => l.missing);
    for (const x of removed) assert.ok(missingStrings.some((m) => m.includes(x) || x.includes(m)), x);
    // a string found in the kept tail counts as kept
    const tail = compactionQualityReport({ dropped: s.messages, summary: cut, kept: [user('reminder: POST /v1/invoices/{id}/refunds')] });
    assert.deepEqual(tail.identifiers.lost, ['docs/adr/0007-ledger-store.md']);
    // the Markdown names them under "Lost", in a labelled table
    const md = qualityMarkdown('Q', q);
    assert.match(md, /\n## Lost\n\n\| Kind \| What was lost \| Missing text \|\n/);
    assert.match(md, /\| Reason \| we will use PostgreSQL 16 for the ledger — because we need serializable transactions across accounts \| `we need serializable transactions across accounts` \|/);
    assert.match(md, /\| Identifier \| POST \/v1\/invoices\/\{id\}\/refunds \|/);
    assert.match(md, /\| File \| docs\/adr\/0007-ledger-store\.md — created \(write\) \|/);
    assert.match(md, new RegExp(`Facts kept \\(every exact string in the summary or the kept tail\\): \\*\\*${q.factsKept} of ${q.factsFound}\\*\\* — \\*\\*${q.factsFound - q.factsKept} lost\\*\\*`));
  });
});

describe('facts: identifiers and rendering', () => {
  it('routes keep their method, paths stay apart from routes and /dev/null, hosts, env vars and versions have their kind', () => {
    const ids = extractRichIdentifiers('Call POST /v1/orders and GET /health, read src/app.ts, not /dev/null; API_TOKEN and $HOME; redis at cache-1.internal:6379 and localhost:8080; v2.4.1 and 1.20.3-rc.1; see https://ex.com/a; deploy at 14:00.');
    assert.deepEqual(ids, [
      { value: 'POST /v1/orders', kind: 'route' },
      { value: 'GET /health', kind: 'route' },
      { value: 'src/app.ts', kind: 'path' },
      { value: 'API_TOKEN', kind: 'env' },
      { value: '$HOME', kind: 'env' },
      { value: 'cache-1.internal:6379', kind: 'hostPort' },
      { value: 'localhost:8080', kind: 'hostPort' },
      { value: 'v2.4.1', kind: 'version' },
      { value: '1.20.3-rc.1', kind: 'version' },
      { value: 'https://ex.com/a', kind: 'url' },
    ]);
  });

  it('renderFacts spends the budget by priority, whole lines only', () => {
    const facts = extractFacts(englishSession().messages);
    const all = renderFacts(facts, 100_000);
    for (const h of ['## Decisions', '## Constraints/Rules', '## Open TODOs', '## Found by tools', '## Artifact trail']) assert.ok(all.includes(h), h);
    const small = renderFacts(facts, 120);
    assert.ok(small.startsWith('## Decisions\n- Decision: we will use PostgreSQL 16 for the ledger because we need serializable transactions across accounts.'));
    assert.match(small, /- …and \d+ more/);
    const lines = new Set(all.split('\n'));
    for (const l of small.split('\n')) if (l.startsWith('- ') && !l.startsWith('- …and')) assert.ok(lines.has(l), l);
  });
});
