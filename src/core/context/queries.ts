/**
 * Queries of the context model that the writing actions (core/actions), the CLI and the extension share:
 * one rule each, so the two front ends cannot disagree.
 * - `isOwned`: did the writer refuse because someone else owns the store right now?
 * - `isLocalStateDir`: does a state dir hold OpenClaw data here (core's rule: a config, or an agent with a
 *   session store — an existing empty folder, or an `agents/` folder with no store in it, does not)?
 * - `resolveSessionKey`: a user-typed key to one session (exact, else case-folded, else by `:<suffix>`).
 * The lookup of a session's agent is `ContextModel.agentOf` (and its state dir `ContextModel.stateDirOf`).
 */
import { discoverStateDir, hasOpenClawData } from '../store/stateDir';
import type { Env, StateDirCandidate } from '../store/config';
import type { WriteResult } from '../store/writeResult';
import type { SessionState } from './model';

/**
 * The write was refused because another process holds the store (OpenClaw's Gateway or an embedded run:
 * its ownership lock, the JSONL transcript lock, or a busy SQLite database): writing would fail that
 * owner's next turn, so the write goes to the owner (the Gateway) or waits. Any other refusal is not.
 */
export const isOwned = (r: WriteResult): boolean => !r.ok && (r.code === 'owned' || r.code === 'locked' || r.code === 'busy');

/** A state dir with OpenClaw data in it (see the module comment). */
export const isLocalStateDir = hasOpenClawData;

/** Does any of these candidates hold OpenClaw data (discovered here, no store opened)? */
export function anyLocalStateDir(candidates: readonly StateDirCandidate[], env: Env): boolean {
  return candidates.some((c) => {
    const d = discoverStateDir(c, env, () => undefined);
    try {
      return isLocalStateDir(d);
    } finally {
      for (const a of d.agents) a.store?.close();
    }
  });
}

export type KeyResolution = { ok: true; session: SessionState } | { ok: false; reason: 'none' } | { ok: false; reason: 'ambiguous'; hits: SessionState[] };

/**
 * A session by a key a user typed: the exact key, else case-insensitive (OpenClaw stores keys lower-cased:
 * `Agent:Main:Work` names agent:main:work), else the one key that ends with `:<key>` (`work` →
 * `agent:main:work`). More than one hit at the first level that has any is ambiguous, never a guess.
 */
export function resolveSessionKey(sessions: readonly SessionState[], key: string): KeyResolution {
  const lower = key.toLowerCase();
  const exact = sessions.filter((s) => s.row.key === key);
  const folded = exact.length ? exact : sessions.filter((s) => s.row.key.toLowerCase() === lower);
  const hits = folded.length ? folded : sessions.filter((s) => s.row.key.toLowerCase().endsWith(`:${lower}`));
  if (hits.length === 1) return { ok: true, session: hits[0]! };
  return hits.length ? { ok: false, reason: 'ambiguous', hits } : { ok: false, reason: 'none' };
}
