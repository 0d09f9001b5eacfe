/**
 * Tool findings (src/core/facts/toolFacts.ts) on synthetic tool results of every shape — source code, logs,
 * JSON, YAML, prose documents, test output, stack traces — each hiding one or two lines that state a fact among
 * filler that shares the ask's words. The content is made up here (not the quality benchmark's); the expected
 * lines are written by hand.
 */
import assert from 'node:assert/strict';
import { extractFacts } from '../../src/core/facts';
import { toolResultFacts } from '../../src/core/facts/toolFacts';
import { call, result, user } from './factsFixtures';

const words = ['segment', 'encoder', 'bitrate', 'manifest', 'playlist', 'codec', 'frame', 'buffer'];
const pick = (i: number, k: number) => words[(i * 7 + k * 3) % words.length]!;
/** Deterministic filler lines that reuse the domain's (and the ask's) words. */
const filler = (n: number, make: (i: number) => string) => Array.from({ length: n }, (_, i) => make(i));
const insert = (lines: string[], at: number, ...extra: string[]) => [...lines.slice(0, at), ...extra, ...lines.slice(at)].join('\n');
const has = (found: string[], needle: string) => found.some((l) => l.includes(needle));

describe('facts: tool findings on unseen shapes', () => {
  it('source code: a lower-case limit with a unit in its comment, among many lines sharing the ask words', () => {
    const code = insert(
      filler(80, (i) => `    ${pick(i, 1)}${i} := s.${pick(i, 2)}.Get("${pick(i, 3)}", ${i}) // ${pick(i, 4)} ${pick(i, 5)}`),
      41,
      'const maxSegmentBytes = 8 << 20 // segments above 8 MiB stall the packager',
    );
    const found = toolResultFacts(code, 'Why do long segments stall? Check the segment code.');
    assert.ok(has(found, 'maxSegmentBytes = 8 << 20'), found.join('\n'));
  });

  it('a log: a warning with a threshold and a distinct error, not the same transient error repeated', () => {
    const log = insert(
      filler(90, (i) => `2027-03-0${1 + (i % 9)}T0${i % 10}:1${i % 6}:00Z ${i % 3 ? 'INFO ' : 'DEBUG'} resolver query=${100 + i} ${pick(i, 1)} ok in ${i % 50}ms`),
      30,
      ...filler(6, (i) => `2027-03-02T04:0${i}:00Z ERROR resolver connection reset by peer, retrying (attempt ${i + 1})`),
      '2027-03-02T04:20:00Z WARN  resolver upstream 9.9.9.9 p99 latency 1240ms exceeds the 800ms threshold',
    );
    const found = toolResultFacts(log, 'What is wrong with the resolver?');
    assert.ok(has(found, 'p99 latency 1240ms exceeds the 800ms threshold'), found.join('\n'));
    assert.ok(found.filter((l) => l.includes('connection reset')).length <= 1, found.join('\n'));
  });

  it('JSON: meaningful keys (a cap, an owner) over generic ones, with their parent key', () => {
    const doc: Record<string, unknown> = {};
    for (let i = 0; i < 25; i++) doc[`service${i}`] = { id: i, name: `svc-${i}`, enabled: i % 2 === 0, region: 'eu' };
    doc.uploads = { id: 99, enabled: true, maxUploadMb: 25, owner: 'team-media' };
    const found = toolResultFacts(JSON.stringify(doc, null, 2), 'Who owns uploads and what is the upload cap?');
    assert.ok(has(found, '"uploads" › "maxUploadMb": 25'), found.join('\n'));
    assert.ok(has(found, '"uploads" › "owner": "team-media"'), found.join('\n'));
  });

  it('YAML: a limit under its parent key', () => {
    const yaml = [
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata:',
      '  name: thumbnailer',
      'spec:',
      '  replicas: 2',
      '  template:',
      '    spec:',
      '      containers:',
      '        - name: thumbnailer',
      '          image: registry.local/thumbnailer:2.4.1',
      '          resources:',
      '            limits:',
      '              memory: 512Mi',
      '              cpu: 500m',
      '            requests:',
      '              memory: 128Mi',
    ].join('\n');
    const found = toolResultFacts(yaml, 'What memory limit does the thumbnailer have?');
    assert.ok(has(found, 'limits › memory: 512Mi'), found.join('\n'));
  });

  it('a prose document: the sentence with the fact inside a long paragraph, not the heading or the filler', () => {
    const para = (i: number) => `Section ${i} reflects on exports in general: they grow, they slow down, and people learn to live with them until something breaks and everyone remembers how much depends on them. Nobody planned the export around the calendar, and nobody wrote the calendar down.`;
    const doc = [
      '# Nightly exports',
      '',
      para(1),
      '',
      para(2),
      '',
      `Exports have a long history here and the team changed several times. The nightly invoice export must finish before 06:00 UTC because invoices are generated at 06:15 UTC. The rest of this note is background that most readers can skip without losing anything important.`,
      '',
      para(3),
      '',
      para(4),
    ].join('\n');
    const found = toolResultFacts(doc, 'When does the nightly export need to finish?');
    assert.ok(has(found, 'The nightly invoice export must finish before 06:00 UTC because invoices are generated at 06:15 UTC.'), found.join('\n'));
    assert.ok(!found.some((l) => l.startsWith('# ')), found.join('\n'));
  });

  it('test output and a stack trace: the failing assertion and the exception line', () => {
    const tests = insert(
      filler(30, (i) => `  ✓ rounds ${pick(i, 1)} case ${i} (${i % 7}ms)`),
      12,
      '  ✗ FAIL rounding › half-even: expected 2 but received 3',
    );
    assert.ok(has(toolResultFacts(tests, 'Run the rounding tests'), 'expected 2 but received 3'));
    const trace = [
      'Traceback (most recent call last):',
      ...filler(12, (i) => `  File "/srv/app/billing/${pick(i, 1)}.py", line ${10 + i}, in handle_${pick(i, 2)}`),
      "KeyError: 'tenant_id'",
    ].join('\n');
    assert.ok(has(toolResultFacts(trace, 'Why does billing crash?'), "KeyError: 'tenant_id'"));
    const long = `2027-03-02T04:00:00Z ERROR exporter upload to s3://reports-archive/2027/03/ rejected: ${'x-amz-request-id=ABCDEF0123456789 '.repeat(6)}AccessDenied for role reports-writer`;
    assert.ok(long.length > 300 && long.length <= 500);
    assert.deepEqual(toolResultFacts([...filler(10, (i) => `2027-03-02T03:5${i}:00Z INFO exporter tick ${i}`), long].join('\n'), 'Why did the export fail?'), [long]);
  });

  it('a write tool\'s acknowledgement is not a finding; the grep pattern of the call counts as the ask', () => {
    const facts = extractFacts([
      user('Write the runbook, then look at the pool settings.'),
      call('w', 'write', { path: 'docs/runbook.md', content: '# Runbook' }),
      result('w', 'write', 'Successfully wrote 2048 bytes to docs/runbook.md'),
      call('g', 'exec', { command: 'grep -rn idle_timeout config/' }),
      result('g', 'exec', ['config/a.ini:3:pool_size = 10', 'config/b.ini:9:idle_timeout = 300s', 'config/c.ini:1:name = primary'].join('\n')),
    ]);
    const texts = facts.toolFacts.map((f) => f.text);
    assert.ok(!texts.some((t) => t.includes('Successfully wrote')), texts.join('\n'));
    assert.ok(texts.some((t) => t.includes('idle_timeout = 300s')), texts.join('\n'));
  });

  it('Markdown bullets, a Chinese note, a one-line API error, a git log and a table: the one line that states something', () => {
    const md = ['# Data retention', '', ...filler(12, (i) => `- Topic ${i}: retention is discussed with the team every quarter and reviewed by whoever is around.`), '- Audit logs: kept for 400 days, a legal requirement of the 2025 banking licence', '- Misc: see the wiki'].join('\n');
    assert.deepEqual(toolResultFacts(md, 'How long do we keep audit logs?'), ['Audit logs: kept for 400 days, a legal requirement of the 2025 banking licence']);
    const zh = ['# 缓存事故复盘', '', '本周我们讨论了很多关于缓存的问题，大家都提出了自己的看法，会议持续了很久，最后大家都同意需要继续观察。'.repeat(2), '', '结论：缓存命中率下降是因为 TTL 被改成了 60 秒。', '', '其他的问题下次再讨论，缓存相关的文档也需要更新，大家有空的时候可以看一下缓存的设计。'].join('\n');
    assert.deepEqual(toolResultFacts(zh, '缓存命中率为什么下降？'), ['结论：缓存命中率下降是因为 TTL 被改成了 60 秒。']);
    const api = JSON.stringify({ status: 'degraded', error: { code: 'RATE_LIMITED', message: 'quota of 1000 requests per hour exceeded' } });
    assert.deepEqual(toolResultFacts(api, 'Call the status endpoint'), [api]);
    const git = filler(20, (i) => `${(1000003 * (i + 7)).toString(16)}a chore: bump deps and tidy ${['lint', 'docs', 'ci', 'tests'][i % 4]} config (#${1200 + i})`);
    git.splice(9, 0, '9c1e44a2 Revert "enable HTTP/2 push" because it broke Safari 16 clients (#1188)');
    assert.deepEqual(toolResultFacts(git.join('\n'), 'What changed recently around HTTP/2?'), ['9c1e44a2 Revert "enable HTTP/2 push" because it broke Safari 16 clients (#1188)']);
    const table = ['id\tname\tstatus\tretries', ...filler(20, (i) => `${i}\tjob-${i}\tok\t0`), '21\tjob-invoices\tstuck\t14'].join('\n');
    assert.deepEqual(toolResultFacts(table, 'Which job is stuck?'), ['21 job-invoices stuck 14']);
  });

  it('a process the system killed is a failure even without an error level', () => {
    const log = insert(
      filler(40, (i) => `Mar 02 04:${String(10 + (i % 50)).padStart(2, '0')}:0${i % 10} db-7 ${pick(i, 1)}d[${900 + i}]: INFO ${pick(i, 2)} flushed ${i} pages`),
      25,
      'Mar 02 04:35:12 db-7 kernel: Out of memory: Killed process 4411 (postgres) total-vm:8123456kB',
    );
    assert.ok(has(toolResultFacts(log, 'Why did the database restart at 04:35?'), 'Killed process 4411 (postgres)'));
    const ja = ['2027-01-05 10:00:00 INFO レンダラー 起動', '2027-01-05 10:00:05 INFO レンダラー 準備完了', '2027-01-05 10:02:41 レンダラーがクラッシュしました (signal 11)', '2027-01-05 10:02:42 INFO 再起動を待機'].join('\n');
    assert.ok(has(toolResultFacts(ja, '何が起きた？'), 'クラッシュしました'));
  });

  it('a pod stuck in CrashLoopBackOff and a schema change in a migration are findings', () => {
    const pods = ['NAME                         READY   STATUS             RESTARTS   AGE', ...filler(10, (i) => `${pick(i, 1)}-6f7c${i}d-z${i}k      1/1     Running            0          5d`), 'ledger-api-7b9c4-m2x8q        0/1     CrashLoopBackOff   22         5d'].join('\n');
    assert.ok(has(toolResultFacts(pods, 'Why is the ledger API down?'), 'ledger-api-7b9c4-m2x8q 0/1 CrashLoopBackOff'));
    const sql = ['-- 0107_widen_amounts.sql', 'BEGIN;', ...filler(8, (i) => `CREATE INDEX IF NOT EXISTS idx_${pick(i, 1)}_${i} ON ${pick(i, 2)} (created_at);`), 'ALTER TABLE payouts ALTER COLUMN amount_minor TYPE bigint;', 'COMMIT;'].join('\n');
    assert.ok(has(toolResultFacts(sql, 'What does this migration do?'), 'ALTER TABLE payouts ALTER COLUMN amount_minor TYPE bigint;'));
  });

  it('a setting whose name carries its unit is a quantity (`shutdown_grace_seconds: 45`)', () => {
    const doc: Record<string, unknown> = {};
    for (let i = 0; i < 20; i++) doc[`${pick(i, 1)}_${pick(i, 2)}_${i}`] = i % 2 === 0;
    doc.shutdown_grace_seconds = 45;
    const found = toolResultFacts(JSON.stringify(doc, null, 2), 'How long is the grace period?');
    assert.ok(has(found, '"shutdown_grace_seconds": 45'), found.join('\n'));
  });

  it('a record in a list is named by its first member, as written; the line that holds two of the ask\'s words (a short one too) answers it', () => {
    const printers = ['north-mono', 'south-mono', 'annex-mono', 'lab-mono', 'east-mono', 'west-mono', 'lobby-color', 'dock-mono'].map((name, i) => ({
      name,
      driver: i === 6 ? 'ps-level3-cmyk' : `pcl${5 + (i % 2)}-generic`,
      tray_count: 2,
    }));
    const found = toolResultFacts(JSON.stringify({ printers }, null, 2), 'Which driver does the lobby printer use?');
    assert.ok(has(found, '"printers" › "name": "lobby-color" › "driver": "ps-level3-cmyk"'), found.join('\n'));
    const yaml = ['pools:', ...['frontend', 'batch', 'cache', 'search', 'queue', 'audit', 'reports', 'training', 'mailer', 'billing'].flatMap((name) => [`  - name: ${name}`, `    machine: ${name === 'training' ? 'a2-highgpu-1g' : 'n2-standard-4'}`, `    gpu: ${name === 'training' ? 'nvidia-a100' : 'none'}`])].join('\n');
    const y = toolResultFacts(yaml, 'Which GPU does the training pool get?');
    assert.ok(has(y, 'name: training › gpu: nvidia-a100'), y.join('\n'));
  });

  it('findings are listed best first across results: every result\'s best line before any second one', () => {
    const facts = extractFacts([
      user('Check both services.'),
      call('a', 'read', { path: 'a.log' }),
      result('a', 'read', ['2027-01-01T00:00:00Z ERROR a: disk full on /var', '2027-01-01T00:00:01Z WARN a: queue depth 900 exceeds 500'].join('\n')),
      call('b', 'read', { path: 'b.log' }),
      result('b', 'read', '2027-01-01T00:00:02Z ERROR b: certificate expired on 2026-12-31'),
    ]);
    // result a has two findings, b one: a's best, b's best, then a's second
    assert.deepEqual(
      facts.toolFacts.map((f) => [f.source.index, f.rank]),
      [
        [2, 0],
        [4, 0],
        [2, 1],
      ],
    );
    assert.equal(facts.toolFacts.length, 3);
  });
});
