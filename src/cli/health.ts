/**
 * A session's state (core/context/health.ts) and its state dir's context engine (core/store/contextEngine.ts)
 * for `status` and `sessions`: the `state` / `states` / `stateLines` / `compactionBy` JSON fields and the words
 * the text shows.
 */
import type { ContextModel, SessionState } from '../core/context/model';
import { healthWords, sessionHealth, type HealthState } from '../core/context/health';
import { engineOf } from '../core/actions';
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

/** Read the transcript of a local session (the failed-turn and compaction checks need it); a remote one is left as the Gateway gave it. */
export function withTranscript(model: ContextModel, s: SessionState): SessionState {
  return s.remote ? s : (model.ensureTranscript(s.uid) ?? s);
}

/** The JSON fields, and the words the text output adds (none when the session is fine and OpenClaw compacts it). */
export function sessionState(model: ContextModel, s: SessionState): { json: StateJson; words: string[] } {
  const h = sessionHealth(s);
  const engine = engineOf(model, s);
  const compactionBy = pluginCompacts(engine) ? engine!.id : null;
  return {
    json: { state: h.primary, states: h.states, stateLines: h.flags.map((f) => f.line), compactionBy },
    words: [...healthWords(h), ...(compactionBy ? [`compaction by ${compactionBy}`] : [])],
  };
}
