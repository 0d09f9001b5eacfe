/**
 * A session's state and its state dir's context engine, both carried by its figures (core/context/figures.ts),
 * for `status` and `sessions`: the `state` / `states` / `stateLines` / `compactionBy` JSON fields and the words
 * the text shows.
 */
import type { SessionState } from '../core/context/model';
import { healthWords, type HealthState } from '../core/context/health';
import { pluginCompacts } from '../core/store/contextEngine';

export interface StateJson {
  /** the primary state: overflow | failed | spiral | stale | ok */
  state: HealthState;
  /** every state that holds, most serious first */
  states: HealthState[];
  /** one line in plain words per state */
  stateLines: string[];
  /** the context-engine plugin that compacts this session (OpenClaw's own flush and compaction do not run), or null */
  compactionBy: string | null;
}

/** The JSON fields, and the words the text output adds (none when the session is fine and OpenClaw compacts it). */
export function sessionState(s: SessionState): { json: StateJson; words: string[] } {
  const { health: h, engine } = s.figures;
  const compactionBy = pluginCompacts(engine) ? engine!.id : null;
  return {
    json: { state: h.primary, states: h.states, stateLines: h.flags.map((f) => f.line), compactionBy },
    words: [...healthWords(h), ...(compactionBy ? [`compaction by ${compactionBy}`] : [])],
  };
}
