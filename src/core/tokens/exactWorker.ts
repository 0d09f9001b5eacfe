/**
 * The exact tokenizer's worker thread. scripts/build.mjs bundles this file once per encoding
 * (dist/tokenizer-o200k.js, dist/tokenizer-cl100k.js) with OC_EXACT_ENCODING defined, so each bundle
 * holds one vocabulary and dist/extension.js holds none. src/vscode/sessions/exactCount.ts starts it on the
 * first exact count.
 *
 * Protocol: { id, texts: string[] } → { id, count } (the sum over `texts`) or { id, error }.
 * The texts have passed the guard in exact.ts: no pathological runs reach BPE.
 */
import { parentPort } from 'node:worker_threads';

declare const OC_EXACT_ENCODING: 'o200k' | 'cl100k';

interface Encoding {
  countTokens(text: string, options?: { disallowedSpecial?: Set<string> }): number;
}

// A constant condition after `define`: esbuild bundles only the taken branch.
const encoding: Encoding = OC_EXACT_ENCODING === 'cl100k' ? require('gpt-tokenizer/cjs/encoding/cl100k_base') : require('gpt-tokenizer/cjs/encoding/o200k_base');

/** Special-token strings (`<|endoftext|>` …) in a transcript are plain text to count, not an error. */
const PLAIN = { disallowedSpecial: new Set<string>() };

parentPort?.on('message', (msg: { id: number; texts: string[] }) => {
  try {
    let count = 0;
    for (const t of msg.texts) count += encoding.countTokens(t, PLAIN);
    parentPort!.postMessage({ id: msg.id, count });
  } catch (err) {
    parentPort!.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) });
  }
});
