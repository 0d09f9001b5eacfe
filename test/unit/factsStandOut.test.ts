/**
 * Causes found on held-out-3 (issue 18), written here in other words and domains: a record that stands out of a
 * JSON list (kept with its name, several values of one record together), a labelled finding of a report with a
 * wrong state in it, a TODO whose deadline comes first ("Before …, do …"), a reason introduced by "The problem was",
 * and a lower-case package name with a space before its version.
 */
import assert from 'node:assert/strict';
import { extractFacts } from '../../src/core/facts';
import { extractRichIdentifiers } from '../../src/core/facts/identifiers';
import { numberOf, outlierRecords, standsOut } from '../../src/core/facts/records';
import { scoreToolResultLines, toolResultFacts } from '../../src/core/facts/toolFacts';
import { user } from './factsFixtures';

const runners = (depths: number[]) =>
  JSON.stringify({ pool: 'ci-linux', runners: depths.map((d, i) => ({ host: `runner-0${i + 1}`, queue_depth: d, arch: 'x86_64', labels: 'docker' })) }, null, 2);

describe('facts: a record that stands out of a JSON list', () => {
  it('keeps the record its name and its standing-out value on one line, each as JSON writes it', () => {
    const found = toolResultFacts(runners([14, 9, 21, 17, 940, 12]), 'Which runner is the most backed up?');
    const line = found.find((l) => l.includes('"host": "runner-05"'));
    assert.ok(line?.includes('"queue_depth": 940'), found.join('\n'));
    assert.ok(!found.some((l) => l.includes('runner-03')), found.join('\n'));
  });

  it('an ask for the one that stands out ranks the record higher, even with none of its key words', () => {
    const text = JSON.stringify({ retry_limit_ms: 250, fleet: [{ truck: 'TR-11', km_today: 212 }, { truck: 'TR-12', km_today: 198 }, { truck: 'TR-13', km_today: 1460 }, { truck: 'TR-14', km_today: 205 }] }, null, 2);
    const score = (ask: string) => scoreToolResultLines(text, ask).find((x) => x.line === '"fleet" › "truck": "TR-13", "km_today": 1460')?.s ?? -1;
    assert.ok(score('Which truck covered the greatest distance?') > score('Which trucks went out?'), `${score('Which truck covered the greatest distance?')}`);
    assert.ok(score('Which trucks went out?') >= 4);
  });

  it('two standing-out values of one record stay together; a ratio and a money amount are numbers', () => {
    const text = JSON.stringify([
      { shelf: 'S-1', fill: '3:4', stock_value: 'EUR 4,100.00' },
      { shelf: 'S-2', fill: '2:3', stock_value: 'EUR 3,870.50' },
      { shelf: 'S-3', fill: '7:10', stock_value: 'EUR 4,420.00' },
      { shelf: 'S-9', fill: '1:20', stock_value: 'EUR 96,300.25' },
    ], null, 2);
    assert.deepEqual(outlierRecords(text).map((o) => o.line), ['"shelf": "S-9", "fill": "1:20", "stock_value": "EUR 96,300.25"']);
    assert.equal(numberOf('EUR 96,300.25'), 96300.25);
    assert.equal(numberOf('1:20'), 0.05);
  });

  it('no record stands out of evenly spread values, nor of text that is no JSON', () => {
    assert.deepEqual(standsOut([10, 20, 30, 40, 50]), []);
    assert.deepEqual(outlierRecords(runners([10, 20, 30, 40, 50])), []);
    assert.deepEqual(outlierRecords('host runner-05 queue_depth 940'), []);
  });
});

describe('facts: held-out-3 phrasings in other words', () => {
  it('a labelled finding of a report, with a wrong state, among plain paragraphs', () => {
    const para = (n: number) => `Paragraph ${n}: the review team read the payroll runbook, interviewed two operators and walked through the month-end close, noting how the steps are ordered and who signs them off.`;
    const doc = ['# Payroll review, spring 2027', '', para(1), '', para(2), '', 'Finding 2: the export job sent 37 payslips with the wrong tax code in March, all of them for part-time staff.', '', para(3), '', para(4)].join('\n');
    const found = toolResultFacts(doc, 'The payroll review is out; what does it say about the team?');
    assert.ok(found.some((l) => l.includes('37 payslips with the wrong tax code in March')), found.join('\n'));
  });

  it('a TODO whose deadline comes first: "Before …, do …"', () => {
    const f = extractFacts([user('Before the spring sale goes live on March 3, move the coupon service onto the new cache cluster.')]);
    assert.deepEqual(f.todos.map((t) => t.deadline), ['Before the spring sale goes live on March 3']);
    assert.equal(extractFacts([user('Before the migration, the old cluster handled the load fine.')]).todos.length, 0);
  });

  it('a reason introduced by "The problem was …" in the next sentence', () => {
    const f = extractFacts([user("We're moving photo uploads to signed bucket URLs. The problem was that the API pods ran out of memory on large uploads.")]);
    assert.deepEqual(f.decisions.map((d) => d.reason), ['the API pods ran out of memory on large uploads']);
  });

  it('a lower-case package name with a hyphen, a space and its full version', () => {
    const ids = extractRichIdentifiers('Staging runs thumb-worker 3.7.1 now; the old one is 3.6.0.').filter((x) => x.kind === 'version').map((x) => x.value);
    assert.ok(ids.includes('thumb-worker 3.7.1'), ids.join(', '));
    assert.ok(!ids.some((v) => v.startsWith('is ')), ids.join(', '));
  });
});
