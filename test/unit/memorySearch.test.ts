/**
 * Memory search (src/core/memory/search/): tokenizer, passages, ranking, snippets and workspace safety.
 *
 * Real data: the real OpenClaw 2026.9.6 fixture workspace and every transcript of its agent DB (read with
 * SqliteSessionStore, as the extension does), the first demo workspace (test/fixtures/demo-v1), and pi-mono's own JSONL
 * transcript excerpts (test/fixtures/pi-samples). Crafted workspaces (temp dirs) pin down single rules:
 * idf, exact-identifier tiering, the memory boost, symlinks, size limits. No timing is asserted.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tokenizeForSearch } from '../../src/core/memory/search/tokenize';
import { MAX_PASSAGE_CHARS, splitMarkdownPassages } from '../../src/core/memory/search/passages';
import { buildMemoryIndex, MEMORY_BOOST, type MemoryIndex, type MemoryIndexSession } from '../../src/core/memory/search/memoryIndex';
import { type MemorySearchResult, SNIPPET_CHARS, searchMemory, type TranscriptResult } from '../../src/core/memory/search/query';
import { SqliteSessionStore } from '../../src/core/store/sqliteStore';
import { fixturePath, realDbSessions as realDbSessionsOf, tmpDir } from './helpers';

type Json = Record<string, unknown>;

const REAL_WS = fixturePath('openclaw-real', 'state', 'workspace');
const DEMO_WS = fixturePath('demo-v1', 'openclaw-state', 'workspace');
const REAL_MEMORY_FILES = ['AGENTS.md', 'IDENTITY.md', 'MEMORY.md', 'SOUL.md', 'USER.md', 'memory/2026-11-21.md'];

/**
 * Every transcript in the real agent DB, read the way the extension reads it (SqliteSessionStore:
 * readRows → readTranscript → loadEntries). Older generations of a key (no session row any more) get the
 * key from OpenClaw's dump file name.
 */
function realDbSessions(): MemoryIndexSession[] {
  const list = realDbSessionsOf((file) => file.slice(0, file.indexOf('__')).replace(/^agent_main_/, 'agent:main:'));
  assert.ok(list.length >= 7, 'the real DB lists its sessions');
  for (const x of list) assert.equal(x.entries.length, x.dumpEvents, `all entries of ${x.key}`);
  return list.map(({ key, sessionId, entries }) => ({ key, sessionId, entries }));
}

function jsonl(file: string): Json[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Json);
}

/** A temp workspace from `{relPath: text}`. */
function workspace(files: Record<string, string>): string {
  const dir = tmpDir('occtx-memsearch-');
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

let seq = 0;
/** A minimal transcript of user messages (pi shape: entry ISO timestamp, message ms timestamp). */
function userSession(key: string, texts: string[]): MemoryIndexSession {
  const t0 = Date.UTC(2026, 10, 21, 12, 0, 0);
  return {
    key,
    sessionId: `sid-${key}`,
    entries: [
      { type: 'session', version: 3, id: `sid-${key}`, timestamp: new Date(t0).toISOString() },
      ...texts.map((text, i) => ({
        type: 'message',
        id: `e${String(++seq).padStart(7, '0')}`,
        parentId: null,
        timestamp: new Date(t0 + i * 1000).toISOString(),
        message: { role: 'user', content: text, timestamp: t0 + i * 1000 },
      })),
    ],
  };
}

function assertSnippetShape(r: MemorySearchResult): void {
  assert.ok(r.snippet.length <= SNIPPET_CHARS, `snippet ≤ ${SNIPPET_CHARS}: ${r.snippet.length}`);
  assert.ok(!/[\n\r\t\u2028\u2029]/.test(r.snippet), `one line: ${JSON.stringify(r.snippet)}`);
  assert.ok(r.snippet.length > 0);
}

describe('memory search', function () {
  describe('tokenizeForSearch', function () {
    it('keeps a whole identifier and its parts (TICKET-981, ORD-4471)', function () {
      assert.deepEqual(tokenizeForSearch('TICKET-981'), ['ticket-981', 'ticket', '981']);
      assert.deepEqual(tokenizeForSearch('ship ORD-4471.'), ['ship', 'ord-4471', 'ord', '4471']);
    });

    it('splits camelCase, PascalCase acronyms and snake_case, keeping the whole identifier', function () {
      assert.deepEqual(tokenizeForSearch('readTextIfExists'), ['readtextifexists', 'read', 'text', 'if', 'exists']);
      assert.deepEqual(tokenizeForSearch('XMLHttpRequest'), ['xmlhttprequest', 'xml', 'http', 'request']);
      assert.deepEqual(tokenizeForSearch('MAX_MEMORY_FILE_BYTES'), ['max_memory_file_bytes', 'max', 'memory', 'file', 'bytes']);
    });

    it('keeps a file path whole, each path segment whole, and the parts', function () {
      assert.deepEqual(tokenizeForSearch('src/core/memory/search.ts'), ['src/core/memory/search.ts', 'src', 'core', 'memory', 'search.ts', 'search', 'ts']);
    });

    it('indexes CJK as unigrams + bigrams (Han and kana), next to Latin words', function () {
      assert.deepEqual(tokenizeForSearch('中文'), ['中', '中文', '文']);
      assert.deepEqual(tokenizeForSearch('写一个 Python 函数'), ['写', '写一', '一', '一个', '个', 'python', '函', '函数', '数']);
      assert.deepEqual(tokenizeForSearch('テスト'), ['テ', 'テス', 'ス', 'スト', 'ト']);
      assert.deepEqual(tokenizeForSearch('データ'), ['デ', 'デー', 'ー', 'ータ', 'タ']); // ー is Common script
    });

    it('folds diacritics as an extra term, NFKC-normalises, drops one-letter words, keeps digits', function () {
      assert.deepEqual(tokenizeForSearch('Café'), ['café', 'cafe']);
      assert.deepEqual(tokenizeForSearch('ＡＢＣ１２'), ['abc12', 'abc', '12']); // full-width → ASCII
      assert.deepEqual(tokenizeForSearch('a 1 b22'), ['1', 'b22', '22']);
    });

    it('never throws on odd input', function () {
      for (const s of ['', '   ', '\ud800', 'a\u0000b', '.*+?^${}()|[]\\', 'x'.repeat(100_000), '🙂🙂 emoji']) {
        assert.ok(Array.isArray(tokenizeForSearch(s)));
      }
      assert.deepEqual(tokenizeForSearch(''), []);
      assert.ok(tokenizeForSearch('x'.repeat(100_000)).every((t) => t.length <= 64), 'no giant terms');
    });
  });

  describe('splitMarkdownPassages', function () {
    it('splits at headings and blank lines, keeps fenced code whole, and records 1-based start lines', function () {
      const md = [
        '# Title', // 1
        '', // 2
        'First paragraph', // 3
        'continues here.', // 4
        '', // 5
        '## Section', // 6
        'Under the section.', // 7
        '', // 8
        '```ts', // 9
        'const a = 1;', // 10
        '', // 11
        'const b = 2;', // 12
        '```', // 13
        '', // 14
        'Last words.', // 15
      ].join('\n');
      const ps = splitMarkdownPassages(md);
      assert.deepEqual(
        ps.map((p) => [p.line, p.heading, p.text]),
        [
          [1, 'Title', '# Title\n\nFirst paragraph\ncontinues here.'],
          [6, 'Section', '## Section\nUnder the section.'],
          [9, 'Section', '```ts\nconst a = 1;\n\nconst b = 2;\n```'],
          [15, 'Section', 'Last words.'],
        ],
      );
    });

    it('cuts a passage longer than MAX_PASSAGE_CHARS at a line end, with the right start lines', function () {
      const line = 'word '.repeat(40).trim(); // 199 chars
      const md = Array.from({ length: 20 }, () => line).join('\n');
      const ps = splitMarkdownPassages(md);
      assert.ok(ps.length >= 2, `${ps.length} passages`);
      const perPassage = Math.ceil(MAX_PASSAGE_CHARS / (line.length + 1));
      assert.equal(ps[1]!.line, perPassage + 1);
      assert.equal(ps.reduce((n, p) => n + p.text.split('\n').length, 0), 20, 'no line lost or doubled');
    });

    it('handles CRLF and a BOM', function () {
      assert.deepEqual(
        splitMarkdownPassages('\ufeff# H\r\n\r\ntext\r\n\r\nmore').map((p) => [p.line, p.text]),
        [
          [1, '# H\n\ntext'],
          [5, 'more'],
        ],
      );
    });
  });

  describe('the real fixture workspace and every transcript of the real agent DB', function () {
    let sessions: MemoryIndexSession[];
    let idx: MemoryIndex;
    before(function () {
      sessions = realDbSessions();
      idx = buildMemoryIndex({ workspaceDir: REAL_WS, sessions });
    });

    it('indexes the root *.md files and memory/, not notes/, and the transcript messages', function () {
      assert.deepEqual(idx.files, REAL_MEMORY_FILES);
      assert.deepEqual(idx.skipped, []);
      assert.ok(idx.passages >= 20, `${idx.passages} passages`);
      assert.ok(idx.transcriptEntries >= 60, `${idx.transcriptEntries} transcript entries`);
    });

    it('an exact identifier ranks the memory passage holding it first, with the line of the match', function () {
      const r = searchMemory(idx, 'TICKET-981', { limit: 10 });
      assert.ok(r.length >= 3);
      const top = r[0]!;
      assert.equal(top.kind, 'memory');
      assert.ok(top.kind === 'memory');
      assert.equal(top.file, 'MEMORY.md');
      assert.equal(top.line, 4); // "- Project codename: BLUE-HERON. Ticket: TICKET-981."
      assert.equal(top.startLine, 1);
      assert.match(top.snippet, /TICKET-981/);
      // every result holding the whole identifier comes before any that only holds a part of it
      const whole = r.map((x) => x.matchedTerms.includes('ticket-981'));
      const firstPartial = whole.indexOf(false);
      if (firstPartial >= 0) assert.ok(whole.slice(firstPartial).every((w) => !w), JSON.stringify(whole));
    });

    it('an identifier only said in one session finds that session’s entry first (PELICAN-42)', function () {
      const r = searchMemory(idx, 'PELICAN-42', { limit: 5 });
      const top = r[0]!;
      assert.equal(top.kind, 'transcript');
      assert.ok(top.kind === 'transcript');
      assert.equal(top.sessionKey, 'agent:main:ext');
      assert.equal(top.sessionId, '2f498c1d-1d8a-49e0-8ac5-03fb373bfbec');
      assert.equal(top.entryId, 'ae791d22-424f-45f9-bf78-d2fc5770377d');
      assert.equal(top.role, 'user');
      assert.equal(top.timestamp, Date.parse('2026-11-21T15:43:39.702Z'));
      assert.match(top.snippet, /PELICAN-42/);
      assert.deepEqual(searchMemory(idx, 'PELICAN-42', { kinds: ['memory'] }), []);
    });

    it('a CJK query finds the 中文 line of the daily log, and a Chinese request in the transcripts', function () {
      const mem = searchMemory(idx, '中文', { kinds: ['memory'] });
      assert.ok(mem.length >= 1);
      const top = mem[0]!;
      assert.ok(top.kind === 'memory');
      assert.equal(top.file, 'memory/2026-11-21.md');
      assert.equal(top.line, 4); // "- Preference: answers in English and 中文."
      assert.match(top.snippet, /中文/);

      const tr = searchMemory(idx, '解析 JSON 日志', { kinds: ['transcript'] });
      const t = tr[0]!;
      assert.ok(t.kind === 'transcript');
      assert.equal(t.entryId, '334b7bd2-f464-4b7a-b68e-c9e5a688e6ff');
      assert.equal(t.role, 'user');
      assert.match(t.snippet, /解析 JSON 日志/);
    });

    it('a rarer term outranks a common one (idf): "session passport" in the transcripts', function () {
      const opts = { limit: 1000, kinds: ['transcript' as const] };
      const docsWith = (term: string) => searchMemory(idx, term, opts).filter((x) => x.matchedTerms.includes(term)).length;
      assert.ok(docsWith('session') > 5 * docsWith('passport'), 'session is common, passport rare');
      const r = searchMemory(idx, 'session passport', { limit: 5, kinds: ['transcript'] });
      assert.ok(r[0]!.matchedTerms.includes('passport'), `top: ${r[0]!.snippet}`);
      assert.match(r[0]!.snippet, /passport/);
    });

    it('reads tool calls (name + arguments) and tool results', function () {
      const call = searchMemory(idx, 'df -h', { kinds: ['transcript'] }).find((x) => x.kind === 'transcript' && x.role === 'assistant') as TranscriptResult | undefined;
      assert.ok(call, 'the exec call with `df -h / | tail -1`');
      assert.equal(call.toolName, 'exec');
      assert.equal(call.sessionKey, 'agent:main:rpc');
      const result = searchMemory(idx, '/dev/vda', { kinds: ['transcript'] })[0] as TranscriptResult;
      assert.equal(result.role, 'toolResult');
      assert.equal(result.toolName, 'exec');
      assert.equal(result.isError, false);
      assert.match(result.snippet, /\/dev\/vda/);
    });

    it('indexes an entry copied into several transcripts once, naming the other sessions', function () {
      // the work session's history was copied into its next generation and into the dashboard session
      const r = searchMemory(idx, 'ran 12 tests', { kinds: ['transcript'], limit: 50 }) as TranscriptResult[];
      const hit = r.filter((x) => x.entryId === '08cf8fdd-a892-4b62-b466-2d415c26a856');
      assert.equal(hit.length, 1);
      assert.ok(hit[0]!.alsoInSessions.length >= 1, JSON.stringify(hit[0]));
      const ids = r.map((x) => x.entryId);
      assert.equal(new Set(ids).size, ids.length, 'no entry twice');
    });

    it('collapses entries with the same role and text into one result with a count', function () {
      // the main session holds the same 80-line padding answer several times
      const r = searchMemory(idx, 'ORD-4471', { kinds: ['transcript'], limit: 50 }) as TranscriptResult[];
      const collapsed = r.filter((x) => x.duplicates > 0);
      assert.ok(collapsed.length >= 1);
      const keys = r.map((x) => `${x.role}|${x.snippet}|${x.sessionKey}`);
      assert.equal(new Set(keys).size, keys.length, 'no two identical results');
    });

    it('a query with no hits returns []', function () {
      assert.deepEqual(searchMemory(idx, 'zzqxjvk'), []);
      assert.deepEqual(searchMemory(idx, 'qwxzv blorptang'), []);
    });

    it('filters by kind and respects the limit', function () {
      const all = searchMemory(idx, 'BLUE-HERON', { limit: 50 });
      assert.ok(all.some((x) => x.kind === 'memory') && all.some((x) => x.kind === 'transcript'));
      assert.ok(searchMemory(idx, 'BLUE-HERON', { kinds: ['memory'], limit: 50 }).every((x) => x.kind === 'memory'));
      assert.ok(searchMemory(idx, 'BLUE-HERON', { kinds: ['transcript'], limit: 50 }).every((x) => x.kind === 'transcript'));
      assert.equal(searchMemory(idx, 'BLUE-HERON', { limit: 2 }).length, 2);
      assert.deepEqual(searchMemory(idx, 'BLUE-HERON', { limit: 0 }), []);
    });

    it('snippets are one line of at most 200 characters and show the match', function () {
      for (const q of ['TICKET-981', 'ORD-4471', 'quick brown fox', '中文', 'workspace memory', 'compaction summary', 'notes/plan.md']) {
        const r = searchMemory(idx, q, { limit: 20 });
        assert.ok(r.length > 0, q);
        for (const x of r) assertSnippetShape(x);
        const lowerTerms = tokenizeForSearch(q);
        assert.ok(
          lowerTerms.some((t) => r[0]!.snippet.toLowerCase().includes(t)),
          `${q}: ${r[0]!.snippet}`,
        );
      }
    });

    it('hostile queries do not throw: regex metacharacters, 10k characters, empty, controls, lone surrogates', function () {
      const hostile = ['.*+?^${}()|[]\\', '(a+)+$', '[', '\\', '', '   ', '\u0000\u0001', '\ud800', 'a'.repeat(10_000), 'word '.repeat(2_000), '中'.repeat(10_000), '🙂'.repeat(5_000)];
      for (const q of hostile) {
        const r = searchMemory(idx, q);
        assert.ok(Array.isArray(r), JSON.stringify(q.slice(0, 20)));
        for (const x of r) assertSnippetShape(x);
      }
      assert.deepEqual(searchMemory(idx, ''), []);
      assert.deepEqual(searchMemory(idx, '   \n\t'), []);
      // a 10k-character query is cut, but its start still counts
      const long = 'TICKET-981 ' + 'x'.repeat(10_000);
      assert.equal((searchMemory(idx, long)[0] as { file?: string }).file, 'MEMORY.md');
      assert.deepEqual(searchMemory(idx, 42 as unknown as string), []);
    });
  });

  describe('ranking rules (crafted)', function () {
    it('BM25 idf: a term in one document outranks a term in every document', function () {
      const files: Record<string, string> = {};
      for (let i = 0; i < 8; i++) files[`memory/2026-01-0${i + 1}.md`] = `# Day ${i + 1}\n\nalpha notes for the day, alpha again.`;
      files['memory/2026-01-09.md'] = '# Day 9\n\nzeta notes for the day.';
      const idx = buildMemoryIndex({ workspaceDir: workspace(files) });
      const r = searchMemory(idx, 'alpha zeta', { limit: 20 });
      assert.equal(r.length, 9);
      assert.ok(r[0]!.kind === 'memory' && r[0]!.file === 'memory/2026-01-09.md', JSON.stringify(r[0]));
      assert.ok(r[0]!.score > r[1]!.score);
    });

    it('an exact identifier outranks documents that only share its parts, even when they score higher', function () {
      const filler = 'The release train notes mention many unrelated things about the schedule. '.repeat(12);
      const ws = workspace({ 'MEMORY.md': `# Tickets\n\n${filler} The one to watch is TICKET-981. ${filler}` });
      const partial = userSession('agent:main:partial', [
        'deployment checklist: deployment checklist for ticket 981',
        'lunch plans for friday',
        'the weather is fine',
        'a quick note about the office',
      ]);
      const idx = buildMemoryIndex({ workspaceDir: ws, sessions: [partial] });
      const r = searchMemory(idx, 'TICKET-981 deployment checklist');
      assert.equal(r.length, 2);
      assert.equal(r[0]!.kind, 'memory');
      assert.ok(r[0]!.matchedTerms.includes('ticket-981'));
      assert.equal(r[1]!.kind, 'transcript');
      assert.ok(r[1]!.score > r[0]!.score, `the partial match scores higher (${r[1]!.score} > ${r[0]!.score}) and still ranks second`);
    });

    it('identifiers are matched exactly (ORD-4471 never finds ORD-4472), words fuzzily and by prefix, exact first', function () {
      const ws = workspace({
        'memory/a.md': 'Order ORD-4472 shipped.',
        'memory/b.md': 'Order ORD-4471 shipped.',
        'memory/c.md': 'We saw a kestrel over the field.',
        'memory/d.md': 'A kestral, kestral, kestral: spelled wrong on purpose.',
        'memory/e.md': 'Kestrels nest here.',
      });
      const idx = buildMemoryIndex({ workspaceDir: ws });
      const ord = searchMemory(idx, 'ORD-4471');
      assert.ok(ord[0]!.kind === 'memory' && ord[0]!.file === 'memory/b.md');
      const a = ord.find((x) => x.kind === 'memory' && x.file === 'memory/a.md');
      assert.ok(a, 'a.md still matches the part "ord"');
      assert.ok(!a.matchedTerms.includes('ord-4472') && !a.matchedTerms.includes('4472'), JSON.stringify(a.matchedTerms));

      const k = searchMemory(idx, 'kestrel');
      assert.deepEqual(
        k.map((x) => (x.kind === 'memory' ? x.file : '')),
        ['memory/c.md', 'memory/e.md', 'memory/d.md'],
        'exact, then prefix (kestrels), then fuzzy (kestral ×3)',
      );
      assert.ok(k[2]!.matchedTerms.includes('kestral'));
      // short words are never fuzzy: "cat" must not find "car"
      const idx2 = buildMemoryIndex({ workspaceDir: workspace({ 'MEMORY.md': 'my car is red' }) });
      assert.deepEqual(searchMemory(idx2, 'cat'), []);
    });

    it('memory files get the documented boost over the same text in a transcript', function () {
      const text = 'The osprey migration starts in March.';
      const ws = workspace({ 'MEMORY.md': text });
      const idx = buildMemoryIndex({ workspaceDir: ws, sessions: [userSession('agent:main:boost', [text])] });
      const r = searchMemory(idx, 'osprey migration');
      assert.equal(r.length, 2);
      assert.equal(r[0]!.kind, 'memory');
      assert.equal(r[1]!.kind, 'transcript');
      assert.ok(Math.abs(r[0]!.score / r[1]!.score - MEMORY_BOOST) < 1e-9, `${r[0]!.score / r[1]!.score}`);
    });
  });

  describe('workspace safety', function () {
    it('does not follow symlinks out of the workspace; follows one inside once; skips node_modules/.git', function () {
      const outside = workspace({ 'secret.md': 'OUTSIDE-SECRET-1 lives here', 'dir/leak.md': 'OUTSIDE-SECRET-2 lives here' });
      const ws = workspace({
        'MEMORY.md': 'inside memory',
        'memory/2026-11-21.md': 'daily INSIDE-LOG-7',
        'memory/node_modules/pkg/README.md': 'NODEMODULESMARKER',
        'memory/.git/notes.md': 'GITMARKER',
        'notes/plan.md': 'NOTESMARKER',
      });
      fs.symlinkSync(path.join(outside, 'secret.md'), path.join(ws, 'LINKED.md'));
      fs.symlinkSync(path.join(outside, 'dir'), path.join(ws, 'memory', 'linked-dir'));
      fs.symlinkSync(path.join(ws, 'memory', '2026-11-21.md'), path.join(ws, 'memory', 'alias.md'));
      const idx = buildMemoryIndex({ workspaceDir: ws });
      assert.deepEqual(idx.files, ['MEMORY.md', 'memory/2026-11-21.md']);
      for (const q of ['OUTSIDE-SECRET-1', 'OUTSIDE-SECRET-2', 'secret', 'NODEMODULESMARKER', 'GITMARKER', 'NOTESMARKER']) assert.deepEqual(searchMemory(idx, q), [], q);
      assert.deepEqual(
        idx.skipped.filter((s) => s.reason === 'outside').map((s) => s.file).sort(),
        ['LINKED.md', 'memory/linked-dir'],
      );
      const inside = searchMemory(idx, 'INSIDE-LOG-7').filter((x) => x.matchedTerms.includes('inside-log-7'));
      assert.equal(inside.length, 1, 'the inside link is not indexed twice');
    });

    it('skips files above 16 MiB and binary files, and a missing workspace gives an empty index', function () {
      const ws = workspace({ 'MEMORY.md': 'small SMALLMARKER1', 'memory/bin.md': 'BINARYMARKER2\u0000\u0001' });
      const big = path.join(ws, 'memory', 'huge.md');
      fs.writeFileSync(big, 'HUGEMARKER3\n');
      fs.truncateSync(big, 16 * 1024 * 1024 + 1); // sparse: the size is what counts
      const idx = buildMemoryIndex({ workspaceDir: ws });
      assert.deepEqual(idx.files, ['MEMORY.md']);
      assert.deepEqual(
        idx.skipped.map((s) => [s.file, s.reason]).sort(),
        [
          ['memory/bin.md', 'binary'],
          ['memory/huge.md', 'too-large'],
        ],
      );
      assert.deepEqual(searchMemory(idx, 'HUGEMARKER3'), []);
      assert.deepEqual(searchMemory(idx, 'BINARYMARKER2'), []);
      assert.equal(searchMemory(idx, 'SMALLMARKER1').length, 1);

      const none = buildMemoryIndex({ workspaceDir: path.join(ws, 'does-not-exist') });
      assert.equal(none.documentCount, 0);
      assert.deepEqual(searchMemory(none, 'anything'), []);
    });

    it('indexes DREAMS.md and memories/ next to memory/', function () {
      const idx = buildMemoryIndex({ workspaceDir: workspace({ 'DREAMS.md': 'dream of DREAM-1', 'memories/people/ana.md': 'Ana likes ANA-TEA', 'memory/x/y/z/deep.md': 'DEEP-3' }) });
      assert.deepEqual(idx.files, ['DREAMS.md', 'memories/people/ana.md', 'memory/x/y/z/deep.md']);
      assert.equal((searchMemory(idx, 'ANA-TEA')[0] as { file: string }).file, 'memories/people/ana.md');
    });
  });

  describe('the demo workspace', function () {
    it('indexes the same memory files and finds the project codename in MEMORY.md', function () {
      const idx = buildMemoryIndex({ workspaceDir: DEMO_WS });
      assert.deepEqual(idx.files, REAL_MEMORY_FILES);
      const top = searchMemory(idx, 'BLUE-HERON')[0]!;
      assert.ok(top.kind === 'memory');
      assert.equal(top.file, 'MEMORY.md');
      assert.equal(top.line, 4);
      assert.equal(top.title, 'MEMORY.md › MEMORY.md');
    });
  });

  describe('pi-mono JSONL transcripts (v1: entries without ids)', function () {
    let idx: MemoryIndex;
    before(function () {
      const large = jsonl(fixturePath('pi-samples', 'pi-mono__large-session.v1.first6lines.jsonl'));
      const compaction = jsonl(fixturePath('pi-samples', 'pi-mono__before-compaction.v1.line360-compaction-entry.jsonl'));
      const thinking = JSON.parse(fs.readFileSync(fixturePath('pi-samples', 'pi-mono__assistant-message-with-thinking-code.json'), 'utf8')) as Json;
      idx = buildMemoryIndex({
        workspaceDir: tmpDir('occtx-memsearch-empty-'),
        sessions: [
          { key: 'pi:large', entries: large },
          { key: 'pi:compaction', entries: compaction },
          { key: 'pi:thinking', entries: [{ type: 'message', timestamp: '2026-01-01T00:00:00.000Z', message: thinking }] },
        ],
      });
    });

    it('finds a user request by an identifier, naming the entry by its index', function () {
      const r = searchMemory(idx, 'oauth-selector');
      const top = r[0]!;
      assert.ok(top.kind === 'transcript');
      assert.equal(top.sessionKey, 'pi:large');
      assert.equal(top.entryId, '@4');
      assert.equal(top.role, 'user');
      assert.equal(top.timestamp, Date.parse('2025-11-20T23:33:50.804Z'));
    });

    it('finds tool-call arguments (a path segment) in the assistant entry', function () {
      const r = searchMemory(idx, 'theme.md', { kinds: ['transcript'] });
      const call = r.find((x) => x.kind === 'transcript' && x.entryId === '@5') as TranscriptResult | undefined;
      assert.ok(call);
      assert.equal(call.toolName, 'read, bash');
      assert.match(call.snippet, /theme\.md/);
    });

    it('finds a compaction summary, and assistant text but not thinking', function () {
      const c = searchMemory(idx, 'Context Checkpoint')[0]!;
      assert.ok(c.kind === 'transcript');
      assert.equal(c.role, 'compactionSummary');
      assert.equal(c.sessionKey, 'pi:compaction');
      // thinking blocks are not indexed: "straightforward" and "rethink" are only in the thinking block
      assert.equal((searchMemory(idx, 'findInitialModelForSession')[0] as TranscriptResult).sessionKey, 'pi:thinking');
      assert.deepEqual(searchMemory(idx, 'straightforward rethink'), []);
    });
  });

  describe('a synthetic 5,000-message transcript', function () {
    it('indexes it and finds a needle identifier first', function () {
      const t0 = Date.UTC(2026, 0, 1);
      const entries: Json[] = [{ type: 'session', version: 3, id: 'syn', timestamp: new Date(t0).toISOString() }];
      const words = 'alpha beta gamma delta deploy rollback parser config window token session memory compaction summary'.split(' ');
      for (let i = 0; i < 5000; i++) {
        const text = Array.from({ length: 60 }, (_, k) => words[(i * 7 + k * 13) % words.length]).join(' ');
        const role = i % 3 === 0 ? 'user' : i % 3 === 1 ? 'assistant' : 'toolResult';
        const content = role === 'user' ? `${text} ticket ORD-${10000 + i}` : [{ type: 'text', text: role === 'toolResult' ? `${text}\n`.repeat(20) : text }];
        entries.push({
          type: 'message',
          id: i.toString(16).padStart(8, '0'),
          parentId: i ? (i - 1).toString(16).padStart(8, '0') : null,
          timestamp: new Date(t0 + i * 1000).toISOString(),
          message: role === 'toolResult' ? { role, toolCallId: `c${i}`, toolName: 'exec', content, isError: false, timestamp: t0 + i * 1000 } : { role, content, timestamp: t0 + i * 1000 },
        });
      }
      const idx = buildMemoryIndex({ workspaceDir: REAL_WS, sessions: [{ key: 'agent:main:synthetic', entries }] });
      assert.equal(idx.transcriptEntries, 5000);
      const r = searchMemory(idx, 'ORD-13000');
      const top = r[0]!;
      assert.ok(top.kind === 'transcript');
      assert.equal(top.entryId, (3000).toString(16).padStart(8, '0'));
      assert.match(top.snippet, /ORD-13000/);
    });
  });
});
