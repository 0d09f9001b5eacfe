/**
 * Undo a compaction without deleting anything. JSONL era: append one `custom` entry (never sent to the
 * model) whose parent is the entry the compaction followed, so pi/OpenClaw's "leaf = last entry" makes
 * the pre-compaction path active again; the compaction and everything after it stay in the file, on a
 * side branch. SQLite era (OpenClaw 2026.9+): the active path there is OpenClaw's own projection, so
 * undo goes through the Gateway (`sessions.rewind` / `sessions.fork`); offline it is refused.
 */
import type { ActiveContext } from '../context/rebuild';
import type { EntryMeta } from '../store/types';
import type { CustomEntryInput } from '../store/writeEntries';

export const UNDO_CUSTOM_TYPE = 'openclaw-context.undo-compaction';

export interface UndoPlan {
  compaction: EntryMeta;
  /** the entry the branch starts from (the compaction's parent: the leaf before it) */
  branchFrom: string;
  /** entries after the compaction on the current path: they leave the active context (not the file) */
  leavingContext: EntryMeta[];
  entry: CustomEntryInput;
}

export type UndoResult = { ok: true; plan: UndoPlan } | { ok: false; reason: string };

/** Plan the undo of `compactionId` (default: the latest compaction on the active path). */
export function planUndo(ctx: ActiveContext, era: 'sqlite' | 'jsonl', compactionId?: string, now = Date.now()): UndoResult {
  if (era === 'sqlite') {
    return {
      ok: false,
      reason:
        'In OpenClaw 2026.9+ (SQLite sessions) the active path is kept by OpenClaw itself, so a compaction can only be undone through a running Gateway (sessions.rewind, or sessions.fork to keep both). Start the Gateway and use live mode; nothing was changed.',
    };
  }
  const comps = ctx.compactions;
  if (!comps.length) return { ok: false, reason: 'There is no compaction on the active path to undo.' };
  const compaction = compactionId ? comps.find((c) => c.id === compactionId) : comps[comps.length - 1];
  if (!compaction) return { ok: false, reason: `Compaction ${compactionId} is not on the active path.` };
  if (!compaction.parentId) return { ok: false, reason: `Compaction ${compaction.id} has no parent entry; there is no earlier state to return to.` };
  const at = ctx.path.findIndex((e) => e.id === compaction.id);
  const parentOnPath = ctx.path.some((e) => e.id === compaction.parentId);
  if (at < 0 || !parentOnPath) return { ok: false, reason: `The entry before compaction ${compaction.id} is not on the active path (after a reset?); nothing to return to.` };
  const leavingContext = ctx.path.slice(at + 1).filter((e) => e.kind === 'message' || e.kind === 'custom_message' || e.kind === 'branch_summary' || e.kind === 'compaction');
  return {
    ok: true,
    plan: {
      compaction,
      branchFrom: compaction.parentId,
      leavingContext,
      entry: { type: 'custom', customType: UNDO_CUSTOM_TYPE, data: { undoneCompactionId: compaction.id, restoredLeafId: compaction.parentId, at: new Date(now).toISOString() } },
    },
  };
}
