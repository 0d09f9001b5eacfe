/**
 * What one compaction dropped, from the entries we know were dropped: the context right before it (rebuilt
 * from the path up to it) split at its `firstKeptEntryId`. Everything before the cut left the model's view
 * (an earlier compaction's summary included: the new summary replaces it); the rest was kept. No text diff:
 * linear in the path, so it stays instant on a session compacted many times.
 */
import type { EntryMeta } from '../store/types';
import { estOf } from '../store/entries';
import { contextItemsOf } from '../context/rebuild';
import { formatTokens } from '../context/format';

export interface CompactionDrop {
  compaction: EntryMeta;
  /** the context items the compaction removed, in the order the model saw them */
  dropped: EntryMeta[];
  /** the context items it kept (from `firstKeptEntryId` on) */
  kept: EntryMeta[];
  droppedTokens: number;
  keptTokens: number;
  /** the compaction names a first kept entry that is not on the path before it: everything was dropped */
  firstKeptMissing: boolean;
}

/** `path`: the active path; `at`: the index of the compaction entry in it. Undefined when it is not one. */
export function compactionDrop(path: readonly EntryMeta[], at: number): CompactionDrop | undefined {
  const c = path[at];
  if (!c || c.kind !== 'compaction') return undefined;
  const before = contextItemsOf(path.slice(0, at)).items;
  const pos = new Map<string, number>();
  for (let i = 0; i < at; i++) {
    const id = path[i]!.id;
    if (id) pos.set(id, i);
  }
  const cut = c.firstKeptEntryId !== undefined ? pos.get(c.firstKeptEntryId) : undefined;
  const dropped: EntryMeta[] = [];
  const kept: EntryMeta[] = [];
  for (const m of before) ((cut === undefined || (pos.get(m.id) ?? -1) < cut) ? dropped : kept).push(m);
  const sum = (xs: readonly EntryMeta[]) => xs.reduce((n, m) => n + estOf(m), 0);
  return { compaction: c, dropped, kept, droppedTokens: sum(dropped), keptTokens: sum(kept), firstKeptMissing: cut === undefined };
}

/** "12 entries dropped (~8.1k tokens), 4 entries kept (~1.2k tokens)" */
export function dropFiguresLine(d: CompactionDrop): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return `${plural(d.dropped.length, 'entry', 'entries')} dropped (~${formatTokens(d.droppedTokens)} tokens), ${plural(d.kept.length, 'entry', 'entries')} kept (~${formatTokens(d.keptTokens)} tokens)`;
}
