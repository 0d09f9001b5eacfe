/** Transcript dumps as the tests walk them. */

type Json = Record<string, unknown>;

/** The active path of a transcript dump: parent walk from the last entry (a `leaf` entry: its target). */
export function activePath(events: readonly Json[]): Json[] {
  const byId = new Map<string, Json>();
  for (const e of events) if (typeof e.id === 'string' && e.type !== 'session') byId.set(e.id, e);
  let last = [...events].reverse().find((e) => e.type !== 'session');
  if (!last) return [];
  if (last.type === 'leaf') last = byId.get(String(last.targetId));
  const out: Json[] = [];
  for (let e = last; e; e = typeof e.parentId === 'string' ? byId.get(e.parentId) : undefined) out.push(e);
  return out.reverse();
}
