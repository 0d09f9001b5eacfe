/**
 * Which context engine OpenClaw runs for a state dir (openclaw-formats.md §4.8; docs concepts/context-engine):
 * `plugins.slots.contextEngine` names it, default `"legacy"` (OpenClaw's own: pi compaction, the memory flush
 * before it). A plugin engine whose `info.ownsCompaction` is true takes compaction over: pi's auto-compaction is
 * switched off (`applyPiAutoCompactionGuard`) and the pre-compaction memory flush never runs, so OpenClaw's
 * flush and compaction lines no longer say anything, and a compaction entry of ours would bypass the plugin.
 *
 * `ownsCompaction` is the engine's runtime answer; a config cannot say it. We know it for the engines we can
 * name (`KNOWN_ENGINES`), and say `'unknown'` for the others. A disabled plugin (`plugins.enabled: false`, or
 * `plugins.entries.<id>.enabled: false`) is not loaded: OpenClaw falls back to legacy.
 */

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

export const LEGACY_ENGINE = 'legacy';

/** An id a config names, fit to show: control characters replaced, at most 64 characters. */
const shownId = (s: string): string => {
  const flat = s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '?');
  return flat.length > 64 ? `${flat.slice(0, 63)}…` : flat;
};

/** Engines whose `info.ownsCompaction` is known (their published source). */
export const KNOWN_ENGINES: Readonly<Record<string, { name: string; ownsCompaction: boolean }>> = {
  legacy: { name: 'OpenClaw (legacy)', ownsCompaction: false },
  'lossless-claw': { name: 'Lossless Claw', ownsCompaction: true },
};

export interface ContextEngineInfo {
  /** the engine OpenClaw runs: the slot's value, or "legacy" */
  id: string;
  /** true: the plugin compacts (OpenClaw's own flush and compaction do not run); 'unknown': a plugin we cannot name */
  ownsCompaction: boolean | 'unknown';
  /** the slot named a plugin that the config disables: OpenClaw falls back to legacy */
  disabled?: string;
}

/** The context engine a config selects. Never throws (a config is untrusted input). */
export function contextEngineOf(cfg: unknown): ContextEngineInfo {
  const plugins = isObj(cfg) && isObj(cfg.plugins) ? cfg.plugins : {};
  const slots = isObj(plugins.slots) ? plugins.slots : {};
  const slot = typeof slots.contextEngine === 'string' ? slots.contextEngine.trim() : '';
  if (!slot || slot === LEGACY_ENGINE) return { id: LEGACY_ENGINE, ownsCompaction: false };
  const entries = isObj(plugins.entries) ? plugins.entries : {};
  const entry = Object.prototype.hasOwnProperty.call(entries, slot) && isObj(entries[slot]) ? (entries[slot] as Json) : {};
  if (plugins.enabled === false || entry.enabled === false) return { id: LEGACY_ENGINE, ownsCompaction: false, disabled: slot };
  const known = Object.prototype.hasOwnProperty.call(KNOWN_ENGINES, slot) ? KNOWN_ENGINES[slot] : undefined;
  return { id: known ? slot : shownId(slot), ownsCompaction: known ? known.ownsCompaction : 'unknown' };
}

/** A plugin engine is in charge of compaction (or may be: an engine we cannot name). */
export const pluginCompacts = (e: ContextEngineInfo | undefined): boolean => !!e && e.id !== LEGACY_ENGINE && e.ownsCompaction !== false;

/** One line in plain words for a plugin engine that compacts; undefined for OpenClaw's own. */
export function contextEngineLine(e: ContextEngineInfo | undefined, what = 'this session'): string | undefined {
  if (!e || !pluginCompacts(e)) return undefined;
  return e.ownsCompaction === true
    ? `Compaction is done by the ${e.id} plugin: OpenClaw's own memory flush and compaction do not run for ${what}.`
    : `OpenClaw's context is handled by the ${e.id} plugin, which may compact on its own: OpenClaw's memory flush and compaction lines may not apply.`;
}
