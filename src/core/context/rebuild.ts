/**
 * Rebuilding the active context exactly as pi's `buildSessionContext` and OpenClaw 2026.9.6 do
 * (openclaw-formats.md §2.5, openclaw-2026.9.6.md §4.1), over the compact entry index.
 */
import type { EntryMeta, TranscriptDelta, TranscriptCursor } from '../store/types';
import { estOf } from '../store/entries';

/** A session's transcript index, updated incrementally from store deltas. */
export class TranscriptIndex {
  entries: EntryMeta[] = [];
  byId = new Map<string, EntryMeta>();
  headerVersion: number | undefined;
  cursor: TranscriptCursor | undefined;
  /** bumps on every change, so derived views can cache */
  revision = 0;

  apply(delta: TranscriptDelta): boolean {
    if (delta.reset) {
      this.entries = [];
      this.byId.clear();
      this.headerVersion = undefined;
    }
    this.cursor = delta.cursor;
    if (delta.headerVersion !== undefined) this.headerVersion = delta.headerVersion;
    if (!delta.entries.length && !delta.reset) return false;
    for (const e of delta.entries) {
      this.entries.push(e);
      if (e.kind !== 'header' && e.id) this.byId.set(e.id, e);
    }
    this.revision++;
    return true;
  }

  get size(): number {
    return this.entries.length;
  }
}

export interface ActiveContext {
  /** id of the entry the active path ends at */
  leafId: string | null;
  /** entries from the root (or the latest reset) to the leaf */
  path: EntryMeta[];
  /** entries in the order the model sees them; a compaction entry stands for its summary */
  items: EntryMeta[];
  /** index into `items` from which assistant usage is current (after the latest compaction) */
  usageFrom: number;
  /** the latest compaction on the path, if any */
  compaction?: EntryMeta;
  /** every compaction on the active path since the latest reset (oldest first) */
  compactions: EntryMeta[];
  /** the latest reset on the path */
  reset?: EntryMeta;
  /** id of a parent that was referenced but not found (the path stops there) */
  missingParent?: string;
  /** a `leaf` entry pointed at an id that does not exist */
  missingLeafTarget?: string;
}

/** Entries that become a model message (the rest — state changes, custom, hidden rows — do not). */
export const yieldsMessage = (e: EntryMeta): boolean =>
  e.modelVisible && (e.kind === 'message' || e.kind === 'custom_message' || e.kind === 'branch_summary');

/**
 * What the model sees of a path (steps 4–5 below): with a compaction, its summary, the entries from its
 * `firstKeptEntryId` up to it, then everything after it; otherwise every message-yielding entry.
 */
export function contextItemsOf(path: readonly EntryMeta[]): { items: EntryMeta[]; compaction?: EntryMeta; usageFrom: number } {
  let c = -1;
  for (let i = path.length - 1; i >= 0; i--) {
    if (path[i]!.kind === 'compaction') {
      c = i;
      break;
    }
  }
  if (c < 0) return { items: path.filter(yieldsMessage), usageFrom: 0 };
  const comp = path[c]!;
  const items: EntryMeta[] = [comp];
  let keeping = false;
  for (let i = 0; i < c; i++) {
    const e = path[i]!;
    if (!keeping && e.id === comp.firstKeptEntryId) keeping = true;
    if (keeping && yieldsMessage(e)) items.push(e);
  }
  const usageFrom = items.length;
  for (let i = c + 1; i < path.length; i++) if (yieldsMessage(path[i]!)) items.push(path[i]!);
  return { items, compaction: comp, usageFrom };
}

/**
 * 1. Leaf = the last entry; if it is a `leaf` entry, its `targetId`.
 * 2. Walk `parentId` back to the root.
 * 3. Drop everything before the latest `reset`.
 * 4. With a compaction on what remains: its summary, then the entries from `firstKeptEntryId` up to
 *    it, then everything after it (only the latest compaction counts).
 * 5. `message`, `custom_message` and `branch_summary` yield messages; `custom`, state changes,
 *    labels and OpenClaw-synthesised assistant rows do not.
 */
export function rebuildContext(index: Pick<TranscriptIndex, 'entries' | 'byId'>): ActiveContext {
  const result: ActiveContext = { leafId: null, path: [], items: [], usageFrom: 0, compactions: [] };
  let last: EntryMeta | undefined;
  for (let i = index.entries.length - 1; i >= 0; i--) {
    const e = index.entries[i]!;
    if (e.kind !== 'header') {
      last = e;
      break;
    }
  }
  if (!last) return result;
  let leaf: EntryMeta | undefined = last;
  if (last.kind === 'leaf' && last.targetId) {
    const target = index.byId.get(last.targetId);
    if (target) leaf = target;
    else result.missingLeafTarget = last.targetId;
  }
  result.leafId = leaf.id;

  // Parent walk with a cycle guard (hostile or corrupt input must not hang us).
  const rev: EntryMeta[] = [];
  const seen = new Set<string>();
  let cur: EntryMeta | undefined = leaf;
  while (cur && !seen.has(cur.id)) {
    seen.add(cur.id);
    rev.push(cur);
    if (!cur.parentId) break;
    const parent = index.byId.get(cur.parentId);
    if (!parent) {
      result.missingParent = cur.parentId;
      break;
    }
    cur = parent;
  }
  rev.reverse();
  const full = rev;

  let start = 0;
  for (let i = full.length - 1; i >= 0; i--) {
    if (full[i]!.kind === 'reset') {
      result.reset = full[i];
      start = i + 1;
      break;
    }
  }
  const path = start ? full.slice(start) : full;
  result.path = path;
  for (const e of path) if (e.kind === 'compaction') result.compactions.push(e);

  const ctx = contextItemsOf(path);
  result.items = ctx.items;
  result.usageFrom = ctx.usageFrom;
  if (ctx.compaction) result.compaction = ctx.compaction;
  return result;
}

/**
 * The common live case in O(appended): new entries that continue the active path (each one's parent is
 * the previous leaf) and are plain messages or state entries. Returns undefined when a full
 * `rebuildContext` is needed (a compaction, reset or leaf entry, a branch, a duplicate id, or a
 * previous context that stopped at a missing entry). Same result as `rebuildContext` otherwise.
 */
export function extendContext(prev: ActiveContext, appended: readonly EntryMeta[], knownIds: ReadonlySet<string>): ActiveContext | undefined {
  if (prev.missingParent || prev.missingLeafTarget || prev.leafId === null || !appended.length) return undefined;
  let leaf: string = prev.leafId;
  const seen = new Set<string>();
  for (const e of appended) {
    if (e.kind === 'header' || e.kind === 'leaf' || e.kind === 'reset' || e.kind === 'compaction') return undefined;
    if (e.parentId !== leaf || knownIds.has(e.id) || seen.has(e.id)) return undefined;
    seen.add(e.id);
    leaf = e.id;
  }
  const items = prev.items.slice();
  for (const e of appended) if (yieldsMessage(e)) items.push(e);
  return { ...prev, leafId: leaf, path: prev.path.concat(appended), items };
}

export interface Turn {
  /** the entry that opened the turn (a user or custom message), or undefined for a leading run */
  opener?: EntryMeta;
  entries: EntryMeta[];
  /** calibrated-estimator tokens (unscaled) */
  tokens: number;
}

/** Group the context items into turns: each user/custom message opens one. */
export function groupTurns(items: readonly EntryMeta[]): Turn[] {
  const turns: Turn[] = [];
  let cur: Turn | undefined;
  for (const e of items) {
    const opens = e.kind === 'compaction' || e.kind === 'branch_summary' || e.kind === 'custom_message' || (e.kind === 'message' && (e.role === 'user' || e.role === 'bashExecution'));
    if (opens || !cur) {
      cur = { entries: [], tokens: 0 };
      if (opens) cur.opener = e;
      turns.push(cur);
    }
    cur.entries.push(e);
    cur.tokens += estOf(e);
  }
  return turns;
}
