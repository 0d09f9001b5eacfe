/**
 * A session's flushes and checkpoints as marks on its fill over time (context/timeline.ts): they are not in the
 * transcript. Our last flush of the session (flush-state.json keeps the last one) and every checkpoint file of it,
 * read tolerantly: what cannot be read is left out, never thrown.
 */
import type { TimelineMark } from '../context/timeline';
import { listCheckpoints } from '../checkpoint/store';
import { FlushStateStore } from './flushState';

export function timelineMarks(stateDir: string, sessionKey: string): TimelineMark[] {
  const marks: TimelineMark[] = [];
  try {
    const rec = FlushStateStore.forStateDir(stateDir).get(sessionKey);
    if (rec?.targetRel) marks.push({ kind: 'flush', t: Date.parse(rec.flushedAt), label: `flushed to ${rec.targetRel}` });
  } catch {
    /* no flush state: no mark */
  }
  try {
    for (const c of listCheckpoints(stateDir, sessionKey)) {
      const meta = c.checkpoint?.meta;
      if (!meta) continue;
      const t = Date.parse(meta.created_at);
      if (Number.isFinite(t)) marks.push({ kind: 'checkpoint', t, label: `${c.id} (${meta.trigger})` });
    }
  } catch {
    /* no checkpoints dir, or one we may not read: no marks */
  }
  return marks.sort((a, b) => a.t - b.t);
}
