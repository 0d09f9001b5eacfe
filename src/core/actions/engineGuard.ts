/**
 * A context-engine plugin in charge of compaction (core/store/contextEngine.ts): which of our actions would
 * fight it, and why. Every front end asks here before it acts, so the CLI and the extension refuse or warn
 * alike:
 *
 * | action         | plugin owns compaction (or may: an engine we cannot name)                              |
 * |----------------|-----------------------------------------------------------------------------------------|
 * | compact        | refused 'context-engine': our compaction entry would bypass the plugin; OpenClaw's own `/compact` goes through it |
 * | flush          | warned: OpenClaw runs no memory flush of its own then; ours only appends to the day log  |
 * | trimmed view   | warned: what OpenClaw sends is the plugin's assembly, not the rebuild the view trims     |
 */
import type { ContextModel, SessionState } from '../context/model';
import type { ContextEngineInfo } from '../store/contextEngine';
import { pluginCompacts } from '../store/contextEngine';

export type EngineGuardedAction = 'compact' | 'flush' | 'trimmed-view';

export interface EngineGuard {
  /** true: do not do it (the outcome is refused with `code` and `message`); false: do it after saying `message` */
  refuse: boolean;
  code: 'context-engine';
  message: string;
  engine: ContextEngineInfo;
}

/** The context engine of a session's state dir (none for a remote Gateway's session: its config is not ours to read). */
export function engineOf(model: Pick<ContextModel, 'stateDirOf'>, s: SessionState): ContextEngineInfo | undefined {
  return s.remote ? undefined : model.stateDirOf(s)?.contextEngine;
}

export function engineGuard(model: Pick<ContextModel, 'stateDirOf'>, s: SessionState, action: EngineGuardedAction): EngineGuard | undefined {
  const engine = engineOf(model, s);
  if (!engine || !pluginCompacts(engine)) return undefined;
  const who = engine.ownsCompaction === true ? `the ${engine.id} plugin compacts this session` : `OpenClaw's context engine is the ${engine.id} plugin, which may compact on its own`;
  const base = { code: 'context-engine' as const, engine };
  switch (action) {
    case 'compact':
      return { ...base, refuse: true, message: `${s.row.key} was not compacted: ${who} (plugins.slots.contextEngine in OpenClaw's config), and a compaction written by this extension would bypass it. Use OpenClaw's own /compact, which goes through the plugin. Nothing was changed.` };
    case 'flush':
      return { ...base, refuse: false, message: `${who[0]!.toUpperCase()}${who.slice(1)}, so OpenClaw does not flush memory before compacting; this flush only appends to the day log in the workspace.` };
    case 'trimmed-view':
      return { ...base, refuse: false, message: `${who[0]!.toUpperCase()}${who.slice(1)}: what OpenClaw sends the model is the plugin's own assembly, so this view of OpenClaw's rebuilt context may not be what the model sees.` };
  }
}
