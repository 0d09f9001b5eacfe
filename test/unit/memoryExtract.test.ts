/**
 * extractMemorable (src/core/memory/extract.ts): the five flush categories on crafted entries (English,
 * 中文, secrets, caps, code fences) and on real transcripts — the OpenClaw 2026.9.6 agent DB (active paths
 * rebuilt the way the extension does) and pi's own sample sessions.
 *
 * Also exports the real-data loaders the flush and dreaming tests share.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { extractMemorable, factKeys, isTicketId, markdownBullets, normalizeFact, redactSecrets, sentencesOf, type Memorable, type MemoryCategory } from '../../src/core/memory/extract';
import { rebuildContext, TranscriptIndex } from '../../src/core/context/rebuild';
import { SqliteSessionStore } from '../../src/core/store/sqliteStore';
import type { SessionRow } from '../../src/core/store/types';
import { fixturePath, materializeRealState, realDbPath, realTranscriptDumps, tmpDir } from './helpers';
import { E } from './support/checkpoints';
import { loadRealSessions, piSample, type RealSession } from './support/realData';

type Json = Record<string, unknown>;

// ============================================================================================== shared real-data loaders

export const texts = (m: Memorable, cat: MemoryCategory): string[] => m.categories[cat].map((f) => f.text);

// ============================================================================================== crafted

function craftedSession(): Json[] {
  E.reset();
  const long = `Here are the options.\n${'Details about the storage layer. '.repeat(20)}\nWhich one do you want: SQLite or Postgres?`;
  return [
    E.header(),
    E.user('Please always answer in English. Never use emoji in code comments. 以后都用中文写提交说明。'),
    E.agent('Understood.'),
    E.user('Remember that the staging database is db-staging-2.'),
    E.agent(long),
    E.user('Postgres'),
    E.agent('We decided to use RS256 for JWT signing. Because it supports public-key verification across services.\n我们决定采用 PostgreSQL，因为它支持 JSONB。'),
    E.toolCall('read', { path: 'src/auth/verifyToken.ts' }, 'call_r'),
    E.toolResult('read', 'call_r', 'export function verifyToken() {}'),
    E.toolCall('write', { path: 'src/auth/generateToken.ts', content: 'x' }, 'call_w'),
    E.toolResult('write', 'call_w', 'Successfully wrote 1 bytes'),
    E.toolCall('exec', { command: 'npm test -- --grep TICKET-981' }, 'call_x'),
    E.toolResult('exec', 'call_x', 'ran 12 tests: 12 passed'),
    E.note('EXTERNAL NOTE: the rollback owner is Priya; ticket ORD-4471 ships Friday. Spec at https://example.com/spec/api.yaml'),
    E.agent('Progress:\n- [x] generateToken.ts\n- [ ] refreshToken.ts\nTODO: migrate the hardcoded secret in auth.js to env vars\n```\nnever do this: rm -rf /\n```'),
    E.user('Do you prefer tabs?'),
    E.runFailed(),
    E.user('Check the deploy window'),
    E.toolCall('exec', { command: 'cat deploy.txt' }, 'call_f'),
    E.toolResult('exec', 'call_f', 'cat: deploy.txt: No such file or directory', true),
    E.agent('The file is missing. Do you want me to create deploy.txt?'),
  ];
}

describe('memory extract: the five flush categories (crafted)', function () {
  const m = extractMemorable(craftedSession());

  it('preferences and constraints: imperative / preference cues in English and 中文; questions and code are not preferences', function () {
    const p = texts(m, 'preferences');
    assert.ok(p.includes('Please always answer in English.'), p.join(' | '));
    assert.ok(p.includes('Never use emoji in code comments.'));
    assert.ok(p.includes('以后都用中文写提交说明。'));
    assert.ok(!p.some((t) => t.includes('tabs')), 'a question is not a preference');
    assert.ok(!m.facts.some((f) => f.text.includes('rm -rf')), 'fenced code is not read for cues');
  });

  it('decisions: the checkpoint rule (short reply after a long response) and cue sentences with their reason', function () {
    const d = texts(m, 'decisions');
    assert.ok(d.some((t) => t.startsWith('Postgres — re: Which one do you want: SQLite or Postgres?')), d.join(' | '));
    assert.ok(d.includes('We decided to use RS256 for JWT signing. Because it supports public-key verification across services.'), 'the next sentence gives the reason');
    assert.ok(d.includes('我们决定采用 PostgreSQL，因为它支持 JSONB。'));
  });

  it('facts: remember asks, external notes, ticket ids, files read, paths, URLs, commands', function () {
    const f = texts(m, 'facts');
    assert.ok(f.includes('Remember: Remember that the staging database is db-staging-2.'), f.join(' | '));
    assert.ok(f.some((t) => t.startsWith('Note (vscode-ext): EXTERNAL NOTE: the rollback owner is Priya')));
    assert.ok(f.includes('ID: TICKET-981') && f.includes('ID: ORD-4471'));
    assert.ok(f.includes('File read: src/auth/verifyToken.ts'));
    assert.ok(f.includes('URL: https://example.com/spec/api.yaml'));
    assert.ok(f.includes('Command: `npm test -- --grep TICKET-981`'));
    assert.ok(f.includes('Command (failed): `cat deploy.txt`'));
    const id = m.categories.facts.find((x) => x.text === 'ID: TICKET-981');
    assert.equal(id?.value, 'TICKET-981', 'atomic facts carry their literal value');
  });

  it('task progress: current task, done, modified, remaining', function () {
    const p = texts(m, 'progress');
    assert.ok(p.includes('Current task: Check the deploy window'), p.join(' | '));
    assert.ok(p.includes('Done: generateToken.ts'));
    assert.ok(p.includes('Modified: src/auth/generateToken.ts'));
    assert.ok(p.includes('Remaining: refreshToken.ts'));
  });

  it('open items: TODO lines, the ask whose turn failed, the agent question left unanswered, the latest tool failure', function () {
    const o = texts(m, 'open');
    assert.ok(o.includes('TODO: migrate the hardcoded secret in auth.js to env vars'), o.join(' | '));
    assert.ok(o.includes('Unanswered (the turn failed): Do you prefer tabs?'));
    assert.ok(o.includes('Agent asked: Do you want me to create deploy.txt?'));
    assert.ok(o.some((t) => t.startsWith('Tool "exec" failed: cat: deploy.txt')));
  });

  it('is deterministic, one line per item, ≤ 200 characters, no fact twice', function () {
    assert.deepEqual(extractMemorable(craftedSession()), m);
    const keys = m.facts.map((f) => normalizeFact(f.text));
    assert.equal(new Set(keys).size, keys.length);
    for (const f of m.facts) {
      assert.ok(!/[\n\r]/.test(f.text) && [...f.text].length <= 200, f.text);
      assert.ok(m.categories[f.category].includes(f));
    }
  });

  it('an answered ask closes it; a user reply clears the agent question', function () {
    E.reset();
    const m2 = extractMemorable([E.user('What is 2+2?'), E.agent('Do you mean in base 10?'), E.user('yes'), E.agent('4')]);
    assert.deepEqual(texts(m2, 'open'), []);
    const m3 = extractMemorable([E.user('What is 2+2?'), E.agent('4'), E.user('Now deploy the build')]);
    assert.deepEqual(texts(m3, 'open'), ['Awaiting a reply: Now deploy the build'], 'the last ask has no reply yet');
  });
});

describe('memory extract: each fact once, so the caps go further', function () {
  it('a decision restated without its reason, a checklist line around a stated TODO, an id inside a route or a finding, a finding that repeats a decision: written once', function () {
    E.reset();
    const m = extractMemorable([
      E.user('決定：夜間バッチは 02:00 に移します。理由：バックアップと重なるからです。'),
      E.agent('承知しました。'),
      E.user('TODO: once the vendor signs, switch the invoices bucket to eu-west-3. Ping me after lunch.'),
      E.agent('Noted.'),
      E.user('The webhook is POST /hooks/carrier and the queue name is CARRIER_EVENTS_QUEUE.'),
      E.agent('Got it.'),
      E.toolCall('read', { path: 'docs/adr/0012-carrier.md' }, 'call_adr'),
      E.toolResult('read', 'call_adr', '# ADR 12\n\nWe decided to retry carrier webhooks for 36 hours because carriers batch their retries overnight.\n\nconst CARRIER_EVENTS_QUEUE_DEPTH_MAX = 5000;'),
      E.agent('We decided to retry carrier webhooks for 36 hours because carriers batch their retries overnight.'),
    ]);
    const all = m.facts.map((f) => f.text);
    const count = (needle: string) => all.filter((t) => t.includes(needle)).length;
    assert.equal(count('夜間バッチは 02:00 に移します'), 1, all.join('\n'));
    assert.equal(count('switch the invoices bucket to eu-west-3'), 1, all.join('\n'));
    assert.equal(count('retry carrier webhooks for 36 hours'), 1, all.join('\n'));
    assert.ok(all.includes('ID: POST /hooks/carrier'), all.join('\n'));
    assert.ok(!all.includes('Path: /hooks/carrier'), all.join('\n'));
    assert.ok(all.some((t) => t.includes('CARRIER_EVENTS_QUEUE_DEPTH_MAX = 5000')), all.join('\n'));
    assert.ok(!all.includes('ID: CARRIER_EVENTS_QUEUE_DEPTH_MAX'), all.join('\n'));
  });

  it('identifiers the user stated come before those a tool returned, so the cap keeps them', function () {
    E.reset();
    const tickets = Array.from({ length: 14 }, (_, i) => `- BLD-${700 + i} flaky on arm64`).join('\n');
    const m = extractMemorable([
      E.toolCall('exec', { command: 'ci flaky --list' }, 'call_ci'),
      E.toolResult('exec', 'call_ci', tickets),
      E.user('Track it under REL-2291; the artifact store is artifacts.corp.example:9443.'),
      E.agent('Will do.'),
    ]);
    const ids = m.categories.facts.filter((f) => f.kind === 'id').map((f) => f.text);
    assert.deepEqual(ids.slice(0, 2), ['ID: REL-2291', 'ID: artifacts.corp.example:9443'], ids.join('\n'));
  });
});

describe('memory extract: secrets are never written', function () {
  const secrets = {
    openai: 'sk-proj-AbCdEf0123456789GhIjKlMnOp',
    github: 'ghp_0123456789abcdefghijABCDEFGHIJ012345',
    aws: 'AKIAIOSFODNN7EXAMPLE',
    slack: 'xoxb-123456789012-abcdefghijkl',
    jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
    kv: 'hunter2hunter2',
    pw: 'correct-horse-battery',
    random: 'H36Cxm8atQ3vkyNyPsFfqn4X8NbEBK18j6vNStC3UVk',
  };

  it('redactSecrets: key shapes, key=value, URL credentials, Bearer, PEM, random runs — ids, paths and words stay', function () {
    const s = [
      `key ${secrets.openai} and ${secrets.github}, aws ${secrets.aws}, slack ${secrets.slack}`,
      `jwt ${secrets.jwt}`,
      `api_key=${secrets.kv} "token": "oc-real-test-token-123456" password: ${secrets.pw}`,
      'postgres://admin:s3cr3tP4ss@db:5432/bill',
      'Authorization: Bearer abcdefghijklmnop1234',
      '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----',
      `hash ${secrets.random}`,
      'keep: 5d9fb560-0481-49e5-95d2-ad18d16bb58a packages/coding-agent/docs/theme.md TICKET-981 estimateSessionTokensFromTranscript',
    ].join('\n');
    const r = redactSecrets(s);
    for (const v of Object.values(secrets)) assert.ok(!r.text.includes(v), `${v} leaked: ${r.text}`);
    assert.ok(!r.text.includes('oc-real-test-token-123456') && !r.text.includes('s3cr3tP4ss') && !r.text.includes('MIIEowIBAAKCAQEA') && !r.text.includes('abcdefghijklmnop1234'));
    assert.ok(r.text.includes('postgres://admin:[REDACTED]@db:5432/bill'), 'the user name and host stay readable');
    assert.ok(r.text.includes('api_key=[REDACTED]'), 'the key name stays');
    assert.ok(r.text.includes('keep: 5d9fb560-0481-49e5-95d2-ad18d16bb58a packages/coding-agent/docs/theme.md TICKET-981 estimateSessionTokensFromTranscript'), r.text);
    assert.ok(r.count >= 10, String(r.count));
    assert.deepEqual(redactSecrets('nothing to hide here'), { text: 'nothing to hide here', count: 0 });
  });

  it('extractMemorable redacts every category (a secret in a preference, a command, a URL, a note)', function () {
    E.reset();
    const m = extractMemorable([
      E.user(`Always use the key ${secrets.openai} for staging.`),
      E.toolCall('exec', { command: `curl -H "Authorization: Bearer ${secrets.github}" https://api.example.com/v1?token=${secrets.kv}` }, 'c1'),
      E.toolResult('exec', 'c1', 'ok'),
      E.note(`remember password: ${secrets.pw}`),
    ]);
    const all = JSON.stringify(m);
    for (const v of Object.values(secrets)) assert.ok(!all.includes(v), `${v} leaked`);
    assert.ok(m.redactions >= 3, String(m.redactions));
    assert.ok(texts(m, 'preferences')[0]!.includes('[REDACTED]'));
  });
});

describe('memory extract: bounds, shapes and helpers', function () {
  it('caps each category (defaults and options) and counts what was dropped', function () {
    E.reset();
    const ids = Array.from({ length: 40 }, (_, i) => `PROJ-${100 + i}`).join(' ');
    const prefs = Array.from({ length: 30 }, (_, i) => `Never do thing number ${i}.`).join(' ');
    const m = extractMemorable([E.user(`${ids}\n${prefs}`), E.agent('ok')]);
    assert.equal(m.categories.facts.filter((f) => f.kind === 'id').length, 10);
    assert.equal(m.categories.preferences.length, 10);
    assert.ok(m.dropped.preferences >= 20 && m.dropped.facts >= 30);
    const musts = Array.from({ length: 5 }, (_, i) => `Item ${i} must not be skipped at all costs.`).join(' ');
    const small = extractMemorable([E.user(musts)], { caps: { preferences: 2 }, maxItemChars: 20 });
    assert.deepEqual(texts(small, 'preferences'), ['Item 0 must not be…', 'Item 1 must not be…']);
    assert.equal(small.dropped.preferences, 3);
  });

  it('skips the extension’s own notes and compaction summaries; odd input never throws', function () {
    E.reset();
    const own = { ...E.note('Checkpoint restore: decided to use RS256'), customType: 'openclaw-context.checkpoint-restore' };
    assert.deepEqual(extractMemorable([own, null, 42, 'x', [], { type: 'message' }, { type: 'message', message: { role: 'user', content: 7 } }]).facts, []);
    const cmp = piSample('pi-mono__before-compaction.v1.line360-compaction-entry.jsonl');
    assert.equal(cmp[0]!.type, 'compaction');
    assert.ok(String(cmp[0]!.summary).includes('Key Decisions'));
    assert.deepEqual(extractMemorable(cmp).facts, [], 'a compaction summary restates history; it is not re-extracted');
  });

  it('isTicketId: work ids yes, standards and single-letter SKUs no; sentencesOf splits Western and CJK punctuation outside code', function () {
    for (const id of ['TICKET-981', 'ORD-4471', 'PELICAN-42', 'CVE-2024-1234', '#412']) assert.ok(isTicketId(id), id);
    for (const id of ['UTF-8', 'SHA-256', 'A-17', 'ISO-8601', '#1', 'ticket-9']) assert.ok(!isTicketId(id), id);
    assert.deepEqual(sentencesOf('One. Two? 三。四！\n```\nfive. six.\n```\n- seven'), ['One.', 'Two?', '三。', '四！', 'seven']);
  });

  it('normalizeFact / factKeys / markdownBullets: the shared comparison form', function () {
    assert.equal(normalizeFact('- **Preference:** answers in `English` and 中文。'), 'preference: answers in english and 中文');
    assert.deepEqual(factKeys('- [x] ID: TICKET-981.'), ['id: ticket-981', 'ticket-981']);
    assert.deepEqual(factKeys('   '), []);
    const b = markdownBullets('# 2026-11-21\n\n## 14:23 — x\n\n**Decisions:**\n- a\n1. b\n```\n- not a bullet\n```\n* c');
    assert.deepEqual(
      b.map((x) => [x.text, x.label, x.line]),
      [
        ['a', 'Decisions', 5],
        ['b', 'Decisions', 6],
        ['c', 'Decisions', 10],
      ],
    );
  });
});

describe('memory extract: real transcripts', function () {
  let sessions: Map<string, RealSession>;
  before(function () {
    sessions = loadRealSessions();
  });

  it('the real DB: every session extracts within the caps; the facts the sessions were built around are found', function () {
    assert.equal(sessions.size, 7);
    for (const s of sessions.values()) {
      const m = extractMemorable(s.entries);
      for (const f of m.facts) assert.ok(!/[\n\r]/.test(f.text) && [...f.text].length <= 200, f.text);
      assert.equal(m.redactions, 0, 'no secrets in these transcripts');
    }
    const ext = extractMemorable(sessions.get('agent:main:ext')!.entries);
    const f = texts(ext, 'facts');
    assert.ok(f.includes('ID: PELICAN-42'), f.join(' | '));
    assert.ok(f.includes('Remember: EXT session turn 1: remember the code word PELICAN-42.'));
    assert.ok(f.some((t) => t.includes('rollback owner is now Priya')), 'the live external note');
    assert.ok(f.includes('Command: `ls notes`'));
    const ext2 = extractMemorable(sessions.get('agent:main:ext2')!.entries);
    assert.ok(texts(ext2, 'facts').some((t) => t.includes('OSPREY-7 slipped to Wednesday')));
  });

  it('the real DB: 中文 and mixed-script sessions; the reset cuts the main session’s path; the rewound work session', function () {
    const dash = extractMemorable(sessions.get('agent:main:dashboard:0c9e5420-4b4c-4526-9df1-2be93bb83f2a')!.entries);
    assert.ok(texts(dash, 'facts').includes('File read: notes/plan.md'));
    assert.ok(texts(dash, 'facts').includes('Path: src/args.ts'), 'paths inside a tool result');
    assert.ok(texts(dash, 'facts').includes('Command: `echo \'ran 12 tests: 12 passed\' && date -u +%F`'));
    const main = extractMemorable(sessions.get('agent:main:main')!.entries);
    assert.deepEqual(texts(main, 'progress'), ['Current task: Hi again after the reset. What do you remember? #reply I start fresh after a reset.']);
    assert.ok(!texts(main, 'facts').includes('ID: TICKET-981'), 'TICKET-981 was before the reset: not on the active path');
    const work = extractMemorable(sessions.get('agent:main:work')!.entries);
    assert.ok(!JSON.stringify(work).includes('provider overflow'), 'the overflow turn was rewound away');
    // the whole dump (both generations) of the main session has the Chinese ask as a preference cue
    const dump = realTranscriptDumps().find((d) => d.file.startsWith('agent_main_main__'))!;
    const full = extractMemorable(dump.events);
    assert.ok(texts(full, 'preferences').includes('请用中文总结一下今天的进度，并给出更多示例。'), texts(full, 'preferences').join(' | '));
    assert.ok(texts(full, 'facts').includes('ID: TICKET-981') && texts(full, 'facts').includes('URL: postgres://db:5432/bill'));
    assert.ok(texts(full, 'progress').includes('Modified: notes/plan.md'));
  });

  it('pi samples: v1 entries without ids; thinking blocks are not read', function () {
    const big = extractMemorable(piSample('pi-mono__large-session.v1.first6lines.jsonl'));
    assert.ok(texts(big, 'facts').includes('File read: packages/coding-agent/docs/theme.md'), texts(big, 'facts').join(' | '));
    assert.ok(texts(big, 'facts').some((t) => t.startsWith('Command: `find packages/coding-agent/src -name')));
    assert.ok(texts(big, 'progress')[0]!.startsWith('Current task: read packages/coding-agent/docs/theme.md in full'));
    assert.ok(!JSON.stringify(big).includes('/mode'), 'slash commands are control, not facts');
    const msg = JSON.parse(fs.readFileSync(fixturePath('pi-samples', 'pi-mono__assistant-message-with-thinking-code.json'), 'utf8')) as Json;
    const one = extractMemorable([{ type: 'message', id: 'x', timestamp: '2025-12-01T00:00:00Z', message: msg }]);
    assert.ok(!JSON.stringify(one).includes('Option B'), 'the thinking block is not memory');
    assert.deepEqual(texts(one, 'open'), ['Agent asked: Does this address the wonkiness, or is there something else bothering you about it?']);
  });
});
