/**
 * The planted-facts scorer of the compaction quality benchmark (bench/lib/qualityScore.ts, bench/quality.mjs): it
 * must fail — a fact whose string is removed from a summary is lost, by name, and the recall drops; a missing
 * reason lowers the reason recall; matching is case-sensitive and whitespace-normalised. Also on the benchmark's
 * own expected.json files.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { expectedFacts, normalizeText, scoreFacts, sumScores, type ExpectedFact } from '../../bench/lib/qualityScore';
import { execFileSync } from 'node:child_process';
import { fixturePath, repoPath, tmpDir } from './helpers';

/** The benchmark's sets, in bench/quality.mjs's order: four tuning sets, then the held-out set. */
const BENCH_SETS = ['tuning', 'held-out', 'held-out-2', 'held-out-3', 'held-out-4', 'held-out-5', 'held-out-6', 'held-out-7', 'held-out-8', 'held-out-9', 'held-out-10', 'held-out-11', 'held-out-12', 'held-out-13', 'held-out-14', 'held-out-15', 'held-out-16', 'held-out-17', 'held-out-18', 'held-out-19', 'held-out-20', 'held-out-21', 'held-out-22', 'held-out-23', 'held-out-24', 'held-out-25', 'held-out-26', 'held-out-27', 'held-out-28', 'held-out-29', 'held-out-30', 'held-out-31', 'held-out-32', 'held-out-33', 'held-out-34', 'held-out-35', 'held-out-36', 'held-out-37', 'held-out-38'];

const turns = [
  {
    text: 'Decision: move the dedupe step before the join, because the join explodes to 40M rows. The route is POST /api/v2/refunds. #reply OK.',
    position: 'early' as const,
    facts: [
      { category: 'decision' as const, strings: ['move the dedupe step before the join'], reasons: ['the join explodes to 40M rows'] },
      { category: 'identifier' as const, kind: 'route', strings: ['POST /api/v2/refunds'] },
    ],
  },
  { text: 'Unrelated chatter #pad 10', filler: true },
  { text: 'Read it. #read logs/worker.log', position: 'mid' as const, facts: [{ category: 'tool-finding' as const, source: 'tool' as const, strings: ['batch=RB-5521', 'returned 502'] }] },
  { text: 'TODO：在 12 月 15 日之前把密钥轮换掉。 #reply 好。', position: 'mid' as const, facts: [{ category: 'todo' as const, lang: 'zh' as const, strings: ['把密钥轮换掉', '12 月 15 日之前'] }] },
  { text: 'Save it. #write notes/new.md hello', position: 'mid' as const },
  { text: 'Update it. #write notes/old.md hello again', position: 'mid' as const },
];
const facts = expectedFacts({ id: 'unit' }, turns, new Set(['notes/old.md']));
const all = [
  '## Decisions',
  '- move the dedupe step before the join (because the join explodes to 40M rows)',
  '## Exact identifiers',
  '- POST /api/v2/refunds',
  '## Tool findings',
  '- logs/worker.log: batch=RB-5521 upstream returned 502',
  '## Open TODOs',
  '- 把密钥轮换掉（12 月 15 日之前）',
  '<read-files>',
  'logs/worker.log',
  '</read-files>',
  '<modified-files>',
  'notes/new.md',
  'notes/old.md',
  '</modified-files>',
].join('\n');

describe('quality bench scorer (planted facts)', () => {
  it('derives the planted facts and the artifacts (read, created, modified) of a session', () => {
    assert.deepEqual(
      facts.map((f) => `${f.id} ${f.category}${f.kind ? `/${f.kind}` : ''} ${f.position} ${f.source} ${f.lang}`),
      ['f01 decision early user en', 'f02 identifier/route early user en', 'f03 tool-finding mid tool en', 'f04 artifact/read mid tool en', 'f05 todo mid user zh', 'f06 artifact/created mid tool en', 'f07 artifact/modified mid tool en'],
    );
    assert.deepEqual(facts.find((f) => f.kind === 'read')?.strings, ['logs/worker.log']);
    assert.equal(facts.find((f) => f.kind === 'created')?.tool, 'write');
  });

  it('keeps every fact when all strings are there', () => {
    const s = scoreFacts(facts, { summary: all });
    assert.deepEqual(s.all, { kept: 7, total: 7 });
    assert.deepEqual(s.reasons, { kept: 1, total: 1 });
    assert.deepEqual(s.artifactsWithTool, { kept: 3, total: 3 });
    assert.deepEqual(s.lost, []);
  });

  it('loses, by name, a fact whose string is removed from the summary, and the recall drops', () => {
    const s = scoreFacts(facts, { summary: all.replace('POST /api/v2/refunds', '/api/v2/refunds') });
    assert.deepEqual(s.all, { kept: 6, total: 7 });
    assert.deepEqual(s.byCategory.identifier, { kept: 0, total: 1 });
    assert.deepEqual(s.lost, ['f02 identifier/route: "POST /api/v2/refunds"']);
    // one of two strings is not enough: the deadline of the TODO is gone
    const t = scoreFacts(facts, { summary: all.replace('（12 月 15 日之前）', '') });
    assert.deepEqual(t.byCategory.todo, { kept: 0, total: 1 });
    assert.deepEqual(t.facts.find((f) => f.id === 'f05')?.missing, ['12 月 15 日之前']);
  });

  it('scores a decision reason apart: the decision kept, its reason lost', () => {
    const s = scoreFacts(facts, { summary: all.replace(' (because the join explodes to 40M rows)', '') });
    assert.deepEqual(s.byCategory.decision, { kept: 1, total: 1 });
    assert.deepEqual(s.reasons, { kept: 0, total: 1 });
    assert.deepEqual(s.lost, ['f01 reason: "the join explodes to 40M rows"']);
  });

  it('matches case-sensitively, whitespace-normalised, in the summary or the kept tail', () => {
    assert.equal(scoreFacts(facts, { summary: all.replace('POST /api/v2/refunds', 'post /api/v2/refunds') }).all.kept, 6);
    assert.equal(scoreFacts(facts, { summary: all.replace('POST /api/v2/refunds', 'POST\n   /api/v2/refunds') }).all.kept, 7);
    const tail = scoreFacts(facts, { summary: all.replace('POST /api/v2/refunds', ''), keptTail: '[user] the route is POST /api/v2/refunds' });
    assert.equal(tail.all.kept, 7);
    assert.equal(normalizeText(' a \n\t b '), 'a b');
  });

  it('counts the tool of an artifact only when it is named with the path', () => {
    const s = scoreFacts(facts, { summary: all.replace('<read-files>', '<files>').replace('</read-files>', '</files>') });
    assert.deepEqual(s.byCategory.artifact, { kept: 3, total: 3 });
    assert.deepEqual(s.artifactsWithTool, { kept: 2, total: 3 });
    const inline = scoreFacts(facts, { summary: '- read logs/worker.log (read)\n- created notes/new.md with write\n- notes/old.md' });
    assert.deepEqual(inline.artifactsWithTool, { kept: 2, total: 3 });
  });

  it("on the benchmark's own sessions: all strings of a set keep 100 %, dropping one fact's string loses exactly that fact", () => {
    const sessions = BENCH_SETS.flatMap((set) => {
      const dir = fixturePath('quality-bench', set, 'sessions');
      const own = fs.readdirSync(dir).map((id) => JSON.parse(fs.readFileSync(path.join(dir, id, 'expected.json'), 'utf8')) as { id: string; facts: ExpectedFact[] });
      assert.ok(own.length >= 3, `three ${set} sessions`);
      return own;
    });
    const scores = sessions.map((x) => {
      const text = x.facts.flatMap((f) => [...f.strings, ...(f.reasons ?? [])]).join('\n');
      const full = scoreFacts(x.facts, { summary: text });
      assert.deepEqual(full.lost, [], x.id);
      const victim = x.facts.find((f) => f.category === 'decision')!;
      const cut = scoreFacts(x.facts, { summary: text.split('\n').filter((l) => l !== victim.strings[0]).join('\n') });
      assert.equal(cut.all.kept, x.facts.length - 1, x.id);
      assert.deepEqual(cut.lost, [`${victim.id} decision: ${JSON.stringify(victim.strings[0])}`], x.id);
      return cut;
    });
    const sum = sumScores(scores);
    assert.equal(sum.all.total - sum.all.kept, sessions.length);
  });

  it('bench/quality.mjs: exit 1 exactly when a held-out target is missed, and no planted fact sits in the kept tail', function () {
    this.timeout(120_000);
    const out = path.join(tmpDir('occtx-quality-'), 'quality.json');
    let code = 0;
    let text = '';
    try {
      text = execFileSync(process.execPath, [repoPath('bench', 'quality.mjs'), '--json', out], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (err) {
      const e = err as { status: number; stdout: string };
      code = e.status;
      text = e.stdout;
    }
    type Recall = { kept: number; total: number };
    type Method = { facts: Recall; reasons: Recall; summaryTokens: number; budget: number };
    const r = JSON.parse(fs.readFileSync(out, 'utf8')) as { heldOutSet: string; targets: { facts: number; reasons: number }; heldOutTargetsMet: boolean; sets: Array<{ set: string; sessions: Array<{ id: string; methods: Record<string, Method> }>; methods: Record<string, { facts: Recall; reasons: Recall }> }> };
    assert.deepEqual(r.sets.map((x) => x.set), BENCH_SETS);
    assert.equal(r.heldOutSet, 'held-out-38');
    const held = r.sets.find((x) => x.set === r.heldOutSet)!;
    const ours = held.methods.ours!;
    const met = ours.facts.kept / ours.facts.total >= r.targets.facts && ours.reasons.kept / ours.reasons.total >= r.targets.reasons && held.sessions.every((x) => x.methods.ours!.summaryTokens <= x.methods.ours!.budget);
    assert.equal(r.heldOutTargetsMet, met);
    assert.equal(code, met ? 0 : 1, text);
    assert.match(text, /tuning-2 \(seen; was held-out until 2026-11-27\): 3 sessions/);
    assert.match(text, /tuning-3 \(seen; was held-out 2026-11-27\): 3 sessions/);
    assert.match(text, /tuning-4 \(seen; was held-out 2026-11-27\): 3 sessions/);
    assert.match(text, /held-out-38 \(THE held-out set: targets checked here\): 3 sessions/);
    assert.match(text, /held-out targets \(held-out-38, [\s\S]*(PASS|FAIL) {2}facts kept [\d.]+% \(\d+\/\d+\) {2}target ≥ 95%/);
    for (const set of r.sets) {
      assert.ok(set.sessions.length >= 3, set.set);
      assert.equal(set.methods['tail only']!.facts.kept, 0, `${set.set}: a planted fact is in the kept tail, so it is not in the dropped part`);
    }
    assert.ok(held.methods.ours!.facts.total >= 66, 'at least 66 held-out facts');
  });
});
