/**
 * Writing a dream plan, an accept or a reject: every file through fsSafe with the previewed text as
 * `expectedBefore`, refused when the text changed since the preview.
 */
import { appendInside, changedError, MemoryWriteError, readTextIfExists, resolveInside, withLocksInside, writeInside, type MemoryWriteErrorCode } from '../fsSafe';
import { type DreamPlan } from './plan';
import { type AcceptPlan, type FileChange, type RejectPlan } from './decide';

export type ApplyDreamResult = { status: 'written'; files: string[] } | { status: 'refused'; code: MemoryWriteErrorCode | 'not-ok'; message: string };

/**
 * Write a plan (dreaming, accept or reject). Every file it changes must still read exactly as its `before`
 * — all are checked before the first write, so a change under us writes nothing. MEMORY.md is appended to
 * (appendInside), DREAMS.md replaced (writeInside), both with `expectedBefore`. Read-only: nothing written.
 */
export function applyDreamPlan(plan: DreamPlan | AcceptPlan | RejectPlan, workspaceDir: string, opts: { readOnly?: boolean } = {}): ApplyDreamResult {
  if (plan.status !== 'ok') return { status: 'refused', code: 'not-ok', message: 'message' in plan ? plan.message : 'Nothing to apply.' };
  const changes: Array<FileChange & { append?: string }> = [];
  if (plan.kind === 'dream') changes.push({ targetRel: plan.targetRel, before: plan.before, after: plan.after });
  else {
    if (plan.kind === 'accept' && plan.memory && plan.memory.after !== plan.memory.before) {
      const m = plan.memory;
      const sep = m.before === '' || m.before.endsWith('\n') ? '' : '\n';
      changes.push({ targetRel: m.targetRel, before: m.before, after: m.after, append: m.after.slice(m.before.length + sep.length) });
    }
    if (plan.dreams) changes.push(plan.dreams);
  }
  const names = changes.map((c) => c.targetRel).join(', ');
  if (opts.readOnly) return { status: 'refused', code: 'readonly', message: `The workspace is read-only here; nothing was written to ${names}.` };
  try {
    // every file locked first, then all checked, then all written: a change under us writes nothing
    const files = withLocksInside(workspaceDir, changes.map((c) => c.targetRel), () => {
      for (const c of changes) {
        if ((readTextIfExists(resolveInside(workspaceDir, c.targetRel)) ?? '') !== c.before) throw changedError(c.targetRel);
      }
      return changes.map((c) => (c.append !== undefined ? appendInside(workspaceDir, c.targetRel, c.append, { expectedBefore: c.before }).file : writeInside(workspaceDir, c.targetRel, c.after, { expectedBefore: c.before })));
    });
    return { status: 'written', files };
  } catch (err) {
    if (err instanceof MemoryWriteError) return { status: 'refused', code: err.code, message: err.message };
    throw err;
  }
}
