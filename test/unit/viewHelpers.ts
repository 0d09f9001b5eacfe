/**
 * Real-data helpers shared by the view tests (compactionTrim, compactionPruning): the real OpenClaw
 * transcripts as pi messages, and the invariants every view must keep. Not a test file.
 */
import assert from 'node:assert/strict';
import { rebuildContext, TranscriptIndex } from '../../src/core/context/rebuild';
import { entryMeta } from '../../src/core/store/entries';
import { realTranscriptDumps } from './helpers';

type Json = Record<string, unknown>;

/** The active context of every real transcript, as pi messages (compaction → compactionSummary, …). */
export function realContexts(): Array<{ file: string; messages: Json[] }> {
  return realTranscriptDumps().map((d) => {
    const lines = d.events.map((e) => JSON.stringify(e));
    const metas = d.events.map((e, i) => entryMeta(e as Json, i, lines[i]!.length)).filter((m) => !!m);
    const idx = new TranscriptIndex();
    idx.apply({ reset: true, entries: metas, cursor: { kind: 'sqlite', sessionId: d.sessionId, lastSeq: metas.length } });
    const ctx = rebuildContext(idx);
    const messages: Json[] = [];
    for (const it of ctx.items) {
      const e = d.events[it.pos] as Json;
      if (e.type === 'message' && e.message && typeof e.message === 'object') messages.push(e.message as Json);
      else if (e.type === 'compaction') messages.push({ role: 'compactionSummary', summary: e.summary, tokensBefore: e.tokensBefore });
      else if (e.type === 'custom_message') messages.push({ role: 'custom', customType: e.customType, content: e.content, display: e.display });
      else if (e.type === 'branch_summary') messages.push({ role: 'branchSummary', summary: e.summary, fromId: e.fromId });
    }
    return { file: d.file, messages };
  });
}

/** Every message row of every real transcript in file order (all branches, before and after compactions). */
export function realMessageRows(): Array<{ file: string; messages: Json[] }> {
  return realTranscriptDumps().map((d) => ({
    file: `${d.file} (all rows)`,
    messages: d.events.filter((e) => e.type === 'message' && e.message && typeof e.message === 'object').map((e) => e.message as Json),
  }));
}

/** Invariants every view must keep on real data. */
export function assertViewInvariants(input: readonly Json[], output: readonly Json[], allowed: (before: Json, after: Json) => string | undefined): void {
  assert.equal(output.length, input.length);
  const callIds = new Set<string>();
  for (let i = 0; i < input.length; i++) {
    const a = input[i]!;
    const b = output[i]!;
    if (a.role === 'assistant') for (const blk of (a.content as Json[]) ?? []) if (blk && blk.type === 'toolCall') callIds.add(blk.id as string);
    if (a.role !== 'toolResult' && a.role !== 'tool' && a.role !== 'bashExecution') {
      assert.equal(b, a, `message ${i} (${String(a.role)}) must be the input object`);
      continue;
    }
    if (b === a) continue;
    // pairing and identity fields are kept
    for (const k of ['role', 'toolCallId', 'toolName', 'isError', 'timestamp', 'command']) assert.deepEqual(b[k], a[k], `${k} of message ${i}`);
    const why = allowed(a, b);
    assert.equal(why, undefined, `message ${i}: ${why}`);
  }
  // every tool call still has its result at the same place
  for (let i = 0; i < output.length; i++) {
    const m = output[i]!;
    if (m.role === 'toolResult' && typeof m.toolCallId === 'string' && callIds.has(m.toolCallId)) assert.equal(input[i]!.toolCallId, m.toolCallId);
  }
}


/** The text blocks of a message, joined (string content as is). */
export const textOf = (m: unknown): string => {
  const c = (m as Json).content;
  if (typeof c === 'string') return c;
  return (c as Json[]).filter((b) => b.type === 'text').map((b) => b.text as string).join('\n');
};

/** Recursively frozen: any write by the code under test throws (compiled TS is strict mode). */
export function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const k of Object.keys(v)) deepFreeze((v as Json)[k]);
  }
  return v;
}
