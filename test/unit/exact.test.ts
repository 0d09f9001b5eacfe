/**
 * Exact token counts: the guard (pathological runs never reach BPE), the splitting (the sum of the
 * pieces' counts equals gpt-tokenizer's count of the whole), the session text extraction, the
 * messages, and the real worker bundles from dist/ run in a worker thread.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import * as cl100k from 'gpt-tokenizer/cjs/encoding/cl100k_base';
import * as o200k from 'gpt-tokenizer/cjs/encoding/o200k_base';
import { CL100K_TOKEN_SPLIT_REGEX, O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/cjs/encodingParams/constants';
import { estimateTokens } from '../../src/core/tokens/estimator';
import {
  CLAUDE_NOTE,
  countExactly,
  DEFAULT_EXACT_LIMITS,
  exactFamilyFor,
  formatExactResult,
  formatSessionResult,
  modelTexts,
  percentOff,
  safeSplit,
  splitForExact,
  type ExactCountResult,
  type ExactFamily,
  type Piece,
} from '../../src/core/tokens/exact';
import { repoPath } from './helpers';

const PLAIN = { disallowedSpecial: new Set<string>() };
const enc = { o200k, cl100k } as const;
const direct = (family: ExactFamily) => async (batch: string[]) => batch.reduce((n, t) => n + enc[family].countTokens(t, PLAIN), 0);

/** Deterministic pseudo-random numbers (LCG). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

function randomCjk(n: number, seed = 1): string {
  const r = rng(seed);
  let s = '';
  for (let i = 0; i < n; i++) s += String.fromCharCode(0x4e00 + Math.floor(r() * 20000));
  return s;
}

function randomBase64(n: number, seed = 2): string {
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const r = rng(seed);
  let s = '';
  for (let i = 0; i < n; i++) s += abc[Math.floor(r() * 64)];
  return s;
}

const utf8 = (s: string) => Buffer.byteLength(s, 'utf8');

/** Longest pre-token (UTF-8 bytes) the real pre-tokenizer makes of `s`. */
function longestPreToken(s: string, family: ExactFamily): number {
  let max = 0;
  for (const [m] of s.matchAll(family === 'o200k' ? O200K_TOKEN_SPLIT_REGEX : CL100K_TOKEN_SPLIT_REGEX)) max = Math.max(max, utf8(m));
  return max;
}

function pieces(text: string, limits = {}): Piece[] {
  return [...splitForExact(text, limits)];
}

/** Normal text of every kind the extension meets: prose, code, compact JSON, CJK, emoji, logs. */
function corpus(): Array<[string, string]> {
  const read = (...p: string[]) => fs.readFileSync(repoPath(...p), 'utf8');
  const src = ['src/core/tokens/estimator.ts', 'src/core/context/rebuild.ts', 'src/vscode/sessions/commands.ts'].map((p) => read(p)).join('\n\n');
  const lock = JSON.stringify(JSON.parse(read('package-lock.json'))); // no whitespace at all
  const zh = '上下文窗口快满了，请先把重要的决定写进检查点文件。然后再继续执行任务：读取配置、运行测试、提交结果！'.repeat(60);
  const ja = 'コンテキストウィンドウがいっぱいになる前に、チェックポイントを書いてください。'.repeat(50);
  const mixed = Array.from({ length: 400 }, (_, i) => `[${i}] 🚀 deploy step ${i}: ok ✅ — naïve café Ünïcödé, ${(i * 7919) % 1000} ms; path=/var/log/app-${i}.log\n`).join('');
  const transcripts = fs
    .readdirSync(repoPath('test/fixtures/openclaw-real/transcripts'))
    .filter((f) => f.endsWith('.jsonl'))
    .slice(0, 3)
    .map((f) => read('test/fixtures/openclaw-real/transcripts', f))
    .join('\n');
  return [
    ['README (Markdown prose)', read('README.md')],
    ['TypeScript source', src],
    ['package-lock.json as compact JSON (no whitespace)', lock],
    ['Chinese with punctuation', zh],
    ['Japanese with punctuation', ja],
    ['emoji, accents, numbers, paths', mixed],
    ['real OpenClaw transcripts (JSONL)', transcripts],
    ['special-token text counts as plain text', 'before <|endoftext|> after <|im_start|>user'],
  ];
}

describe('exact counts: the guard keeps pathological runs from BPE', function () {
  const cases: Array<[string, string]> = [
    ["100k 'a'", 'a'.repeat(100_000)],
    ["100k '='", '='.repeat(100_000)],
    ['100k spaces', ' '.repeat(100_000)],
    ['100k newlines', '\n'.repeat(100_000)],
    ["base64 of zero bytes ('AAAA…')", 'A'.repeat(100_000)],
    ['random base64, 100k', randomBase64(100_000)],
    ['random CJK without punctuation, 100k', randomCjk(100_000)],
    ['emoji run, 20k', '😀'.repeat(20_000)],
  ];
  for (const [name, text] of cases) {
    it(`${name}: estimated, not sent to BPE`, async function () {
      const ps = pieces(text);
      assert.equal(ps.map((p) => p.text).join(''), text, 'pieces concatenate to the input');
      const bpe = ps.filter((p) => p.exact).reduce((n, p) => n + p.text.length, 0);
      assert.ok(bpe <= 1000, `${bpe} chars went to BPE`);
      for (const p of ps) assert.ok(p.text.length <= DEFAULT_EXACT_LIMITS.chunkChars);
      const t0 = performance.now();
      const r = await countExactly([text], 'o200k', direct('o200k'));
      const ms = performance.now() - t0;
      assert.ok(r.estimatedChars >= text.length - 1000, `${r.estimatedChars} chars estimated`);
      assert.equal(r.total, r.exact + r.estimated);
      assert.ok(ms < 1000, `took ${ms.toFixed(0)} ms`);
    });
  }

  it('a pathological run inside prose: only the run is estimated', async function () {
    const prose = 'The gauge shows how full the context window is. ';
    const text = `${prose.repeat(20)}${'='.repeat(5000)} ${prose.repeat(20)}`;
    const r = await countExactly([text], 'o200k', direct('o200k'));
    assert.equal(r.estimatedChars, 5000);
    assert.equal(r.estimated, Math.round(estimateTokens('='.repeat(5000), 'o200k')));
    const expect = o200k.countTokens(prose.repeat(20), PLAIN) + o200k.countTokens(` ${prose.repeat(20)}`, PLAIN);
    assert.ok(Math.abs(r.exact - expect) <= 2, `${r.exact} vs ${expect}`);
    assert.match(formatExactResult(r), / · 5,000 chars of pathological runs estimated \([\d,]+ tokens\)$/);
  });

  it('no exact piece holds a pre-token over ~2 × maxRunBytes, on any input (checked with the real pre-tokenizers)', function () {
    const text = [
      'x'.repeat(999),
      '.',
      'y'.repeat(5000),
      ' ',
      '-'.repeat(999),
      'a',
      '—'.repeat(3000),
      '\t'.repeat(999),
      '\n',
      randomCjk(300),
      '。',
      randomCjk(5000, 7),
      'é'.repeat(2000),
      'ok',
      '\u0301'.repeat(3000), // combining marks
      ' end',
    ].join('');
    const ps = pieces(text);
    assert.equal(ps.map((p) => p.text).join(''), text);
    for (const family of ['o200k', 'cl100k'] as const) {
      for (const p of ps.filter((q) => q.exact)) {
        const longest = longestPreToken(p.text, family);
        assert.ok(longest <= 2 * DEFAULT_EXACT_LIMITS.maxRunBytes + 4, `${family}: a pre-token of ${longest} bytes reached BPE`);
      }
    }
  });

  it('runs just under the limit go to BPE (exactly counted)', async function () {
    const text = `start ${'a'.repeat(900)} ${'='.repeat(900)} ${randomCjk(300)} end`;
    const r = await countExactly([text], 'o200k', direct('o200k'));
    assert.equal(r.estimatedChars, 0);
    assert.equal(r.exact, o200k.countTokens(text, PLAIN));
  });

  it('the scan is linear: 5 MB of mixed text splits in well under a second', function () {
    const text = corpus()
      .map(([, t]) => t)
      .join('\n')
      .repeat(3)
      .slice(0, 5_000_000);
    const t0 = performance.now();
    let n = 0;
    for (const p of splitForExact(text)) n += p.text.length;
    const ms = performance.now() - t0;
    assert.equal(n, text.length);
    assert.ok(ms < 1500, `${ms.toFixed(0)} ms`);
  });
});

describe('exact counts: splitting never changes the count', function () {
  for (const [name, text] of corpus()) {
    for (const family of ['o200k', 'cl100k'] as const) {
      it(`${name} (${family}): the sum over pieces equals countTokens of the whole`, async function () {
        const whole = enc[family].countTokens(text, PLAIN);
        for (const chunkChars of [DEFAULT_EXACT_LIMITS.chunkChars, 2000, 300]) {
          const r = await countExactly([text], family, direct(family), { limits: { chunkChars } });
          assert.equal(r.estimatedChars, 0, 'normal text is not estimated');
          assert.equal(r.hardCuts, 0, 'every cut is at a pre-token boundary');
          assert.equal(r.exact, whole, `chunkChars ${chunkChars}`);
          assert.equal(r.total, whole);
          if (text.length > chunkChars * 2) assert.ok(r.batches > 1);
        }
      });
    }
  }

  it('safeSplit picks pre-token boundaries and refuses where there is none', function () {
    assert.equal(safeSplit('abc def', 0, 6), 3); // letter → space
    assert.equal(safeSplit('.. \n\n', 0, 5), -1); // punctuation absorbs newlines: no boundary here
    assert.equal(safeSplit('x=12345', 0, 6), 2); // digit after punctuation
    assert.equal(safeSplit("don't", 0, 4), -1); // contraction stays with its word
    assert.equal(safeSplit('foo.bar', 0, 6), 3); // letter → punctuation
  });

  it('several texts are counted each on its own and summed; empty ones are skipped', async function () {
    const texts = ['hello world', '', 'second text\n', '上下文。'];
    const r = await countExactly(texts, 'o200k', direct('o200k'));
    assert.equal(r.exact, texts.reduce((n, t) => n + o200k.countTokens(t, PLAIN), 0));
    assert.equal(r.batches, 1);
    assert.equal(r.chars, texts.join('').length);
  });

  it('progress is reported and cancellation stops between batches', async function () {
    const text = fs.readFileSync(repoPath('README.md'), 'utf8').repeat(20);
    const seen: number[] = [];
    const full = await countExactly([text], 'o200k', direct('o200k'), { onProgress: (d) => seen.push(d) });
    assert.equal(full.cancelled, false);
    assert.equal(seen[seen.length - 1], text.length);
    assert.ok(seen.length > 3);
    let calls = 0;
    const r = await countExactly([text], 'o200k', (b) => (calls++, direct('o200k')(b)), { isCancelled: () => calls >= 2 });
    assert.equal(r.cancelled, true);
    assert.equal(calls, 2);
    assert.ok(r.exact < full.exact);
  });
});

describe('exact counts: families, session texts, messages', function () {
  it('Claude is counted with o200k and says so', function () {
    assert.deepEqual(exactFamilyFor('claude'), { family: 'o200k', note: CLAUDE_NOTE });
    assert.deepEqual(exactFamilyFor('cl100k'), { family: 'cl100k' });
    assert.deepEqual(exactFamilyFor('o200k'), { family: 'o200k' });
  });

  it('modelTexts: what the model sees of each entry kind', function () {
    const msg = (message: Record<string, unknown>) => ({ type: 'message', id: 'x', message });
    assert.deepEqual(modelTexts(msg({ role: 'user', content: 'hi there' })), ['hi there']);
    assert.deepEqual(modelTexts(msg({ role: 'user', content: [{ type: 'text', text: 'a' }, { type: 'image', data: 'AAAA' }, { type: 'text', text: 'b' }] })), ['a', 'b']);
    assert.deepEqual(
      modelTexts(
        msg({
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'hmm' },
            { type: 'text', text: 'Reading it.' },
            { type: 'toolCall', id: 'c1', name: 'read', arguments: { path: 'a.ts' } },
          ],
          errorMessage: 'not sent to the model',
        }),
      ),
      ['hmm', 'Reading it.', 'read', '{"path":"a.ts"}'],
    );
    assert.deepEqual(modelTexts(msg({ role: 'toolResult', toolName: 'read', content: [{ type: 'text', text: 'file body' }] })), ['file body']);
    assert.deepEqual(modelTexts(msg({ role: 'bashExecution', command: 'ls', output: 'a b' })), ['ls', 'a b']);
    assert.deepEqual(modelTexts({ type: 'custom_message', id: 'x', customType: 'note', content: 'injected' }), ['injected']);
    assert.deepEqual(modelTexts({ type: 'compaction', id: 'x', summary: '## Goal\nship it' }), ['## Goal\nship it']);
    assert.deepEqual(modelTexts({ type: 'branch_summary', id: 'x', summary: 'tried B' }), ['tried B']);
    assert.deepEqual(modelTexts({ type: 'model_change', id: 'x' }), []);
    assert.deepEqual(modelTexts(undefined), []);
  });

  const result = (o: Partial<ExactCountResult>): ExactCountResult => ({
    family: 'o200k',
    modelFamily: 'o200k',
    exact: 1234,
    estimated: 0,
    estimatedChars: 0,
    total: 1234,
    chars: 5000,
    estimate: 1198,
    ms: 12,
    batches: 1,
    hardCuts: 0,
    cancelled: false,
    ...o,
  });

  it('formats the editor result', function () {
    assert.equal(formatExactResult(result({})), '1,234 tokens (o200k, exact) · estimate was 1,198 (−2.9%)');
    assert.equal(
      formatExactResult(result({ exact: 1000, estimated: 234, estimatedChars: 3000, total: 1234, estimate: 1300 })),
      '1,234 tokens (o200k, exact) · estimate was 1,300 (+5.3%) · 3,000 chars of pathological runs estimated (234 tokens)',
    );
    assert.equal(formatExactResult(result({ modelFamily: 'claude', note: CLAUDE_NOTE })), `1,234 tokens (o200k, exact) · estimate was 1,198 (−2.9%) · ${CLAUDE_NOTE}`);
  });

  it('formats the session result', function () {
    assert.equal(
      formatSessionResult('agent:main:work', result({ exact: 9120, total: 9120, estimate: 9010 }), 7800),
      'session agent:main:work: 9,120 tokens exact (o200k) for messages · estimate 9,010 · pi chars/4 7,800',
    );
  });

  it('percentOff', function () {
    assert.equal(percentOff(1198, 1234), '−2.9%');
    assert.equal(percentOff(110, 100), '+10.0%');
    assert.equal(percentOff(100, 100), '±0%');
    assert.equal(percentOff(0, 0), '±0%');
  });
});

describe('exact counts: the worker bundles from dist/', function () {
  this.timeout(60_000);
  const dist = repoPath('dist');

  function startWorker(family: ExactFamily) {
    const file = path.join(dist, `tokenizer-${family}.js`);
    assert.ok(fs.existsSync(file), `${file} is built (node scripts/build.mjs)`);
    const w = new Worker(file);
    let id = 0;
    const waiting = new Map<number, (n: number) => void>();
    w.on('message', (m: { id: number; count: number }) => waiting.get(m.id)?.(m.count));
    const count = (texts: string[]) =>
      new Promise<number>((resolve) => {
        waiting.set(++id, resolve);
        w.postMessage({ id, texts });
      });
    return { w, count };
  }

  it('dist/extension.js holds no vocabulary; each worker bundle holds exactly one', function () {
    const ext = fs.readFileSync(path.join(dist, 'extension.js'), 'utf8');
    // the engine (checkpoints, compaction, fact extraction; the estimator's hashes of o200k's CJK tokens, ~25 KB) is
    // under a megabyte; a vocabulary would add megabytes
    assert.ok(ext.length < 1_200_000, `extension.js is ${ext.length} bytes`);
    assert.ok(!ext.includes('"ab","ate","ir"'), 'o200k ranks are not in extension.js');
    assert.ok(!ext.includes('"ing","es"," w","ion"'), 'cl100k ranks are not in extension.js');
    const o = fs.readFileSync(path.join(dist, 'tokenizer-o200k.js'), 'utf8');
    const c = fs.readFileSync(path.join(dist, 'tokenizer-cl100k.js'), 'utf8');
    assert.ok(o.includes('"ab","ate","ir"') && !o.includes('"ing","es"," w","ion"'), 'the o200k bundle holds o200k only');
    assert.ok(c.includes('"ing","es"," w","ion"') && !c.includes('"ab","ate","ir"'), 'the cl100k bundle holds cl100k only');
  });

  for (const family of ['o200k', 'cl100k'] as const) {
    it(`tokenizer-${family}.js counts like gpt-tokenizer, through countExactly`, async function () {
      const t0 = performance.now();
      const { w, count } = startWorker(family);
      try {
        const first = await count(['Hello world <|endoftext|>']);
        const startMs = performance.now() - t0;
        assert.equal(first, enc[family].countTokens('Hello world <|endoftext|>', PLAIN));
        const text = corpus()
          .map(([, t]) => t)
          .join('\n');
        const mb = text.repeat(Math.ceil(1_000_000 / text.length)).slice(0, 1_000_000);
        const r = await countExactly([mb], family, count);
        assert.equal(r.estimatedChars, 0);
        assert.equal(r.exact, enc[family].countTokens(mb, PLAIN));
        console.log(`      ${family}: worker start + first count ${startMs.toFixed(0)} ms; 1 MB of mixed text in ${r.ms.toFixed(0)} ms (${r.batches} messages)`);
      } finally {
        await w.terminate();
      }
    });
  }
});
