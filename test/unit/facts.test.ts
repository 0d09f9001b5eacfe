/**
 * The shared fact extraction (src/core/facts): planted decisions with reasons, TODOs with conditions and
 * deadlines, rules, identifiers (routes with their method), tool findings and the artifact trail, in English,
 * Chinese and Japanese; rendering by priority within a token budget. Expected strings are written by hand.
 */
import assert from 'node:assert/strict';
import { extractFacts, factChecks, renderFacts } from '../../src/core/facts';
import { extractRichIdentifiers } from '../../src/core/facts/identifiers';
import { assistant, call, cjkSession, englishSession, padding, type PlantedSession, result, user } from './factsFixtures';
import { toolResultFacts } from '../../src/core/facts/toolFacts';
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

describe('facts: the summary spends its room once per fact', () => {
  const section = (summary: string, heading: string) => (summary.split(`${heading}\n`)[1] ?? '').split('\n\n')[0]!.split('\n');

  it('a TODO stated once is listed once, whatever its label looks like (`TODO by …`, `TODO：…`)', () => {
    const r = buildMechanicalSummary({
      messages: [
        user('TODO before Monday: rotate the staging certificates. The vault path is secret/staging/tls.'),
        assistant('Noted.'),
        user('TODO：金曜日までに、古い監査ログを別のバケットへ移す。 よろしく。'),
        assistant('了解です。'),
        ...padding(3),
      ],
    });
    const todos = section(r.body, '## Open TODOs');
    assert.equal(todos.filter((l) => l.includes('rotate the staging certificates')).length, 1, todos.join('\n'));
    assert.equal(todos.filter((l) => l.includes('古い監査ログを別のバケットへ移す')).length, 1, todos.join('\n'));
  });

  it('identifiers the user stated lead; one only a tool returned comes after the findings and is not repeated when a finding quotes it', () => {
    const hosts = Array.from({ length: 12 }, (_, i) => `  - mirror-${i}.pkg.example.net:8${100 + i}`).join('\n');
    const r = buildMechanicalSummary({
      messages: [
        user('Which image syncs the mirrors?'),
        call('m', 'read', { path: 'etc/mirrors.yaml' }),
        result('m', 'read', `mirrors:\n${hosts}\nprimary_image: quay.io/pkgs/mirror-sync:4.2.0`),
        assistant('The mirror-sync image.'),
        user('The cutover ticket is PKG-3310 and the lock is at /var/lib/pkgsync/cutover.lock.'),
        assistant('Noted.'),
        ...padding(6), // OpenClaw's audit lists the identifiers of the last ten messages first, whatever they are
      ],
    });
    const ids = section(r.body, '## Exact identifiers');
    const at = (v: string) => ids.findIndex((l) => l === `- ${v}`);
    assert.ok(at('PKG-3310') >= 0 && at('/var/lib/pkgsync/cutover.lock') >= 0, ids.join('\n'));
    assert.ok(at('mirror-0.pkg.example.net:8100') < 0 || at('mirror-0.pkg.example.net:8100') > at('/var/lib/pkgsync/cutover.lock'), ids.join('\n'));
    const finding = section(r.body, '## Found by tools').find((l) => l.includes('primary_image: quay.io/pkgs/mirror-sync:4.2.0'));
    assert.ok(finding, r.body);
    assert.deepEqual(ids.filter((l) => finding.includes(l.slice(2))), [], ids.join('\n'));
  });
  const letters = (n: number): string => (n < 26 ? '' : letters(Math.floor(n / 26) - 1)) + String.fromCharCode(97 + (n % 26));
  it('a tool\'s column of like ids (a CSV\'s keys) is data: not listed one by one; one said or found alone is', () => {
    const csv = ['stop_id,customer,kg', ...Array.from({ length: 40 }, (_, i) => `S-${String(301 + i * 3).padStart(4, '0')},Co-op ${i},${200 + i}`)].join('\n');
    const f = extractFacts([user('Which stop is heaviest? Ticket ROUTE-1187.'), call('c1', 'read', { path: 'data/stops.csv' }), result('c1', 'read', csv), user('Keep S-0304 in mind, and the job J-88213.')]);
    const ids = f.identifiers.map((i) => i.value);
    assert.ok(ids.includes('ROUTE-1187') && ids.includes('J-88213') && ids.includes('S-0304'), ids.join(' '));
    assert.ok(!ids.includes('S-0301') && !ids.includes('S-0418'), ids.join(' '));
    // below the bulk size, a few like ids are each an identifier
    const few = extractFacts([call('c2', 'read', { path: 'a.txt' }), result('c2', 'read', 'rerun S-0001, S-0002 and S-0003')]);
    assert.deepEqual(few.identifiers.map((i) => i.value), ['S-0001', 'S-0002', 'S-0003']);
  });

  it('thousands of identifiers (tool results full of URLs and hosts) summarise without comparing every identifier with every other', () => {
    const messages = Array.from({ length: 200 }, (_, t) => [
      user(`Check service ${t}; ticket OPS-${1000 + t} and host svc-${t}.internal:8${String(t).padStart(3, '0')}.`),
      call(`c${t}`, 'read', { path: `logs/s${t}.log` }),
      // names of letters, so no two share a shape (a column of like ids, `node-1`, `node-2` …, is data and not listed)
      result(`c${t}`, 'read', Array.from({ length: 60 }, (_, i) => `2027-01-01T00:00:${String(i).padStart(2, '0')}Z INFO fetched https://cdn${letters(t)}.example.com/asset/${letters(i)}.js from node-${letters(t * 60 + i)}.internal:9${String(i).padStart(3, '0')}`).join('\n')),
      assistant('Done.'),
    ]).flat();
    // count the substring checks instead of timing them (no timed assertions in tests): a pairwise check of the
    // 20,000+ identifiers is 600 million of them (13 s and more); the summary needs a small part of that
    const includes = String.prototype.includes;
    let checks = 0;
    String.prototype.includes = function (this: string, ...args: Parameters<typeof includes>) {
      checks++;
      return includes.apply(this, args);
    };
    let r: ReturnType<typeof buildMechanicalSummary>;
    try {
      r = buildMechanicalSummary({ messages });
    } finally {
      String.prototype.includes = includes;
    }
    const n = r.facts.extracted.identifiers.length;
    assert.ok(n > 20_000);
    assert.ok(checks < (n * n) / 8, `${checks} substring checks for ${n} identifiers`); // 33 million here (each against the ~600 stated ones)
    assert.ok(section(r.body, '## Exact identifiers').includes('- OPS-1000'));
  });
});

describe('facts: more ways a user states a decision, a TODO or a rule', () => {
  const read = (text: string) => {
    const f = extractFacts([user(text)]);
    return { d: f.decisions.map((x) => [x.what, x.reason ?? '']), t: f.todos.map((x) => [x.what, x.condition ?? '', x.deadline ?? '']), r: f.rules.map((x) => x.kind) };
  };

  it('decisions: "we\'re moving …", "going forward we …", a reason after ", as …"', () => {
    assert.deepEqual(read('We are moving the nightly reports to the read replica.').d, [['We are moving the nightly reports to the read replica', '']]);
    assert.deepEqual(read('Going forward we deploy with blue-green, since rollbacks took 20 minutes.').d, [['Going forward we deploy with blue-green', 'rollbacks took 20 minutes']]);
    assert.deepEqual(read("Let's keep the vendored parser for now, as upstream still breaks on BOMs.").d, [["Let's keep the vendored parser for now", 'upstream still breaks on BOMs']]);
  });

  it('TODOs: a condition then an order (English, Chinese, Japanese); a polite "if you can" is no TODO', () => {
    assert.deepEqual(read('Once the vendor confirms, flip the billing flag.').t, [['Once the vendor confirms, flip the billing flag', 'Once the vendor confirms', '']]);
    assert.deepEqual(read('If the queue backs up past 10k, page the data team.').t, [['If the queue backs up past 10k, page the data team', 'If the queue backs up past 10k', '']]);
    assert.deepEqual(read('If you can, explain the retry policy.').t, []);
    assert.deepEqual(read('After lunch: what did we change? #note We read the plan, wrote a parser and ran tests.').t, []); // the condition is one clause
    assert.deepEqual(read('灰度发布结束之后，记得关掉旧的开关。').t, [['灰度发布结束之后,记得关掉旧的开关', '灰度发布结束之后', '']]);
    assert.deepEqual(read('審査が終わったら、本番のキーに切り替えます。').t, [['審査が終わったら、本番のキーに切り替えます', '審査が終わったら', '']]);
    assert.deepEqual(read('公開前に、利用規約のリンクを確認してください。').t.map((x) => x[2]), ['公開前に']);
  });

  it('more: "we agreed that", "the plan is to", "let\'s not", 最终方案是, a Japanese reason after the decision; "remember:", "use X for all …", 统一; 如果…，就…', () => {
    assert.deepEqual(read('We agreed that releases freeze on Thursdays.').d, [['We agreed that releases freeze on Thursdays', '']]);
    assert.deepEqual(read('The plan is to retire the FTP drop because partners moved to SFTP.').d, [['The plan is to retire the FTP drop', 'partners moved to SFTP']]);
    assert.deepEqual(read("Let's not shard the users table yet.").d, [["Let's not shard the users table yet", '']]);
    assert.equal(read('评审后最终方案是用 MinIO 存附件。').d.length, 1);
    assert.deepEqual(read('通知はメールではなく Slack に送ることにした、夜間の見落としを減らすため。').d, [['通知はメールではなく Slack に送ることにした', '夜間の見落としを減らすため']]);
    assert.deepEqual(read('Remember: the staging admin user is ops-bot.').r, ['constraint']);
    assert.deepEqual(extractFacts([assistant('Remember: stretch before you run.')]).rules, []); // the assistant's reminder to the user is no rule
    assert.deepEqual(read('Use structured logging for every new handler.').r, ['always']);
    assert.deepEqual(read('前端以后统一使用 pnpm。').r, ['always']);
    assert.deepEqual(read('如果磁盘使用率超过 85%，就先清理旧快照。').t.map((x) => x[1]), ['如果磁盘使用率超过 85%']);
  });

  it('a document\'s "## Decision" section is a decision (an ADR read by a tool), with its reason', () => {
    const adr = '# ADR 14: Image storage\n\n## Context\n\nThumbnails are regenerated on every deploy.\n\n## Decision\n\nWe store thumbnails in object storage, because regenerating them takes 40 minutes per deploy.\n\n## Consequences\n\nA bucket to manage.';
    const f = extractFacts([user('What did the ADR decide?'), call('a', 'read', { path: 'docs/adr/0014-images.md' }), result('a', 'read', adr)]);
    assert.deepEqual(f.decisions.map((d) => [d.what, d.reason]), [['We store thumbnails in object storage', 'regenerating them takes 40 minutes per deploy']]);
    // the same sentence is a finding of the read too: listed once, as the decision
    const adrLog = 'Decision: we keep one writer per shard, because two writers corrupted the index in March.';
    const read = [user('Read the ADR.'), call('b', 'read', { path: 'docs/adr/0015-writers.md' }), result('b', 'read', adrLog)];
    const g = extractFacts(read);
    assert.deepEqual([g.decisions.length, g.toolFacts.some((t) => t.text === adrLog)], [1, true]);
    const times = (text: string) => text.split(adrLog).length - 1;
    assert.equal(times(renderFacts(g, 2000)), 1);
    assert.equal(times(buildMechanicalSummary({ messages: [...read, ...padding(6)] }).body), 1);
  });

  it('rules: "every X needs", "keep X under N", "no … ever", a labelled convention, "都要"; "不要在周五…" is a rule, not a TODO', () => {
    assert.deepEqual(read('Every migration needs a rollback script.').r, ['must']);
    assert.deepEqual(read('Keep request handlers under 200 lines.').r, ['must']);
    assert.deepEqual(read('No manual edits to the generated client, ever.').r, ['never']);
    assert.deepEqual(read('Team convention: kebab-case for file names.').r, ['constraint']);
    assert.deepEqual(read('所有定时任务都要写幂等。').r, ['must']);
    const friday = read('不要在周五合并大改动。');
    assert.deepEqual([friday.r, friday.t], [['never'], []]);
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

  it('a release tag and a package pin keep their name, an image keeps its registry and tag, a path keeps its version segment', () => {
    const ids = extractRichIdentifiers('Ship billing-v3.0.1 with stripe@14.2.0 from ghcr.io/shop/billing:3.0.1-alpine; the notes are in docs/v2/billing.md, not in tool-2.1.0.zip.');
    assert.deepEqual(ids, [
      { value: 'billing-v3.0.1', kind: 'version' },
      { value: 'stripe@14.2.0', kind: 'version' },
      { value: 'ghcr.io/shop/billing:3.0.1-alpine', kind: 'id' },
      { value: 'docs/v2/billing.md', kind: 'path' },
    ]);
  });

  it('an opaque code of capitals and digits mixed is an identifier; a name with a number is not', () => {
    assert.deepEqual(extractRichIdentifiers('Incident 7KQ2M9X4TB hit device SN4F8K2Q9Z; the cipher is AES256GCM over HTTP2.'), [
      { value: '7KQ2M9X4TB', kind: 'id' },
      { value: 'SN4F8K2Q9Z', kind: 'id' },
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

describe('facts: tool findings and the artifact trail', () => {
  it('a tool result gives its error, its named constant and the JSON line with its parent key, not routine lines', () => {
    const log = ['2026-11-20T03:00:00Z INFO worker started', '2026-11-20T03:01:00Z DEBUG poll ok', '2026-11-20T03:14:07Z ERROR worker batch=RB-5521 upstream 10.4.7.21:8443 returned 502', '2026-11-20T03:15:00Z INFO worker idle'].join('\n');
    assert.deepEqual(toolResultFacts(log, 'Find the error in the worker log'), ['2026-11-20T03:14:07Z ERROR worker batch=RB-5521 upstream 10.4.7.21:8443 returned 502']);
    const code = ['import x from "y";', 'export const BATCH = 1;', 'const WEBHOOK_TIMEOUT_MS = 4500; // the provider gives up at 5000', 'function go() {', '  return 1;', '}'].join('\n');
    assert.deepEqual(toolResultFacts(code, 'Show me the timeouts'), ['const WEBHOOK_TIMEOUT_MS = 4500; // the provider gives up at 5000']);
    const json = JSON.stringify({ flags: { 'a.b': { enabled: true }, 'refunds.partialCapture': { enabled: false, reason: 'INC-2207 double refunds' } } }, null, 2);
    assert.deepEqual(toolResultFacts(json, 'Is partial capture on?'), ['"refunds.partialCapture" › "enabled": false', '"refunds.partialCapture" › "reason": "INC-2207 double refunds"']);
  });

  it('the trail names each file with what was done and by which tool; a failed call touches nothing', () => {
    const facts = extractFacts([
      call('a', 'read', { path: 'src/a.ts' }),
      result('a', 'read', 'x'),
      call('b', 'edit', { path: 'src/a.ts', oldText: 'x', newText: 'y' }),
      result('b', 'edit', 'ok'),
      call('c', 'write', { path: 'docs/new.md', content: '#' }),
      result('c', 'write', 'ok'),
      call('d', 'exec', { command: 'cat config/app.json && echo hi > out/log.txt' }),
      result('d', 'exec', 'ok'),
      call('e', 'read', { path: 'missing.ts' }),
      result('e', 'read', 'ENOENT', true),
      call('f', 'apply_patch', { input: '*** Begin Patch\n*** Add File: src/new.ts\n+x\n*** Update File: src/a.ts\n@@\n-x\n+y\n*** End Patch' }),
      result('f', 'apply_patch', 'ok'),
    ]);
    assert.deepEqual(
      facts.artifacts.map((a) => [a.path, a.action, a.actions.join('+'), a.tools.join('+')]),
      [
        ['src/a.ts', 'modified', 'read+modified', 'read+edit+apply_patch'],
        ['docs/new.md', 'created', 'created', 'write'],
        ['config/app.json', 'read', 'read', 'exec'],
        ['out/log.txt', 'created', 'created', 'exec'],
        ['src/new.ts', 'created', 'created', 'apply_patch'],
      ],
    );
  });

  it('decisions with the reason in the next sentence, documents a tool read, and Japanese TODOs with their condition', () => {
    const f = extractFacts([
      user('We decided to keep the cache cold. The reason is that warm-up hides the real latency.'),
      call('r', 'read', { path: 'docs/design.md' }),
      result('r', 'read', '# Design\n\nAfter two incidents we decided to hold late events for 72 hours, because replays arrive within two days.'),
      user('TODO：審査が通ったら、文言を差し替える。'),
      assistant('We will use a bigger machine.'), // the assistant's prose is not a decision
    ]);
    assert.deepEqual(f.decisions.map((d) => [d.what, d.reason, d.source.role]), [
      ['We decided to keep the cache cold', 'warm-up hides the real latency', 'user'],
      ['After two incidents we decided to hold late events for 72 hours', 'replays arrive within two days', 'toolResult'],
    ]);
    assert.equal(f.todos.length, 1);
    assert.equal(f.todos[0]!.condition, '審査が通ったら');
  });
});
