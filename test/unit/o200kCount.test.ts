/**
 * The allocation-free exact o200k counter (bench/lib/o200kCount.ts) against gpt-tokenizer's own
 * countTokens: every real transcript text of the estimator bench, generated strings that exercise each
 * alternative of the o200k pre-tokenizer pattern (letter runs of every case class with marks and
 * contractions, digit groups, punctuation runs with newlines and slashes, whitespace runs before
 * letters, newlines and the end), astral characters, unpaired surrogates, special-token strings, and
 * long runs that take many byte-pair merges.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as o200k from 'gpt-tokenizer/cjs/encoding/o200k_base';
import ranks from 'gpt-tokenizer/cjs/bpeRanks/o200k_base';
import { o200kCounter, type TokenCounter } from '../../bench/lib/o200kCount';
import { repoPath } from './helpers';

const PLAIN = { disallowedSpecial: new Set<string>() };
const reference = (s: string) => o200k.countTokens(s, PLAIN);

/** Deterministic pseudo-random numbers (LCG). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

/** Pieces that reach every branch of the pattern when strung together at random. */
const PALETTE = [
  'a', 'b', 'Z', 'Hello', 'WORLD', 'camelCase', 'É', 'é', 'ß', 'ǅ', 'ʰ', 'ﬁ', // Lu Ll Lt Lm
  '中', '文字', 'の', 'カタカナ', '한국어', 'ا', 'ع', 'ไทย', 'हिन्दी', // Lo, with marks
  '\u0301', '\u0903', '\u20dd', // marks: nonspacing, spacing, enclosing
  '1', '42', '12345', '٣', '½', 'Ⅻ', '²', // \p{N}
  ' ', ' ', '  ', '\t', '\n', '\r\n', '\n\n', '\u00a0', '\u3000', '\u2028', '\u000b', // \s
  '.', ',', '/', '//', '...', '->', '"', '#', '$', '€', '—', '«', '】', '、', // punctuation and symbols
  "'", "'s", "'T", "'ll", "'RE", "'ve", "'m", "'D", "'x", // contractions and near misses
  '😀', '👍🏽', '𝐀', '𝑎', '𠀀', '🇺🇸', // astral: emoji, math letters, CJK extension B, flags
  '\ud800', '\udc00', // unpaired surrogates
  '<|endoftext|>', '<|im_start|>', // special-token strings are plain text here
];

function generated(count: number, seed: number): string[] {
  const r = rng(seed);
  const out: string[] = [];
  for (let k = 0; k < count; k++) {
    let s = '';
    const n = 1 + Math.floor(r() * 24);
    for (let i = 0; i < n; i++) s += PALETTE[Math.floor(r() * PALETTE.length)];
    out.push(s);
  }
  return out;
}

describe('exact o200k counter (o200kCount.ts)', function () {
  this.timeout(120_000);
  let count: TokenCounter;

  before(() => {
    count = o200kCounter(ranks);
  });

  it('counts every real transcript text of the estimator bench as gpt-tokenizer does', () => {
    const { texts } = JSON.parse(fs.readFileSync(repoPath('bench', 'data', 'real-texts.json'), 'utf8')) as { texts: { text: string }[] };
    assert.ok(texts.length > 400);
    const wrong = texts.filter((t) => count(t.text) !== reference(t.text));
    assert.deepEqual(wrong.map((t) => t.text.slice(0, 80)), []);
  });

  it('counts generated strings over every alternative of the pre-tokenizer pattern as gpt-tokenizer does', () => {
    const wrong = generated(20_000, 17).filter((s) => count(s) !== reference(s));
    assert.deepEqual(wrong.slice(0, 5), []);
  });

  it('counts long runs that take many merges, and strings longer than its first buffers', () => {
    const r = rng(5);
    const cjk = Array.from({ length: 600 }, () => String.fromCharCode(0x4e00 + Math.floor(r() * 20000))).join('');
    for (const s of ['a'.repeat(2000), '='.repeat(1500), ' '.repeat(1200) + 'x', 'ab'.repeat(700), cjk, generated(400, 9).join('')]) {
      assert.equal(count(s), reference(s), s.slice(0, 40));
    }
  });

  it('is the same on every call (nothing is memoised) and 0 for the empty string', () => {
    const s = 'The quick brown fox — 狐狸 — jumps 42 times.';
    const first = count(s);
    assert.equal(first, reference(s));
    assert.equal(count('x'.repeat(3000)), reference('x'.repeat(3000)));
    assert.equal(count(s), first);
    assert.equal(count(''), 0);
  });

  it('probeOnly (the bench speed floor) counts a text of whole tokens exactly and estimates one that needs merging', () => {
    const probe = o200kCounter(ranks, true);
    // every piece of these is one o200k token: no merge, so the floor counts them exactly
    for (const s of ['Hello world', 'The lint step failed.', ' 42']) assert.equal(probe(s), reference(s), s);
    // 'PELICANXQZ' is one pre-token of several tokens: merging is what the floor leaves out
    const s = 'PELICANXQZ';
    assert.ok(reference(s) > 1);
    assert.equal(probe(s), 1 + (s.length >> 2));
    assert.equal(count(s), reference(s));
  });
});
