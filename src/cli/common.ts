/** What every CLI command shares: the Command shape, JSON helpers, the session reference. */
import type { SessionState } from '../core/context/model';
import { isoTime } from '../core/store/time';
import { formatTokens } from '../core/context/format';
import type { OptionSpec, Parsed } from './args';
import type { CliIo } from './io';
import type { GlobalOptions } from './options';

export const CLI_NAME = 'openclaw-context';
export const JSON_VERSION = 1;

export interface CommandResult {
  exitCode: number;
  json: Record<string, unknown>;
  text: string;
  /** extra lines for stderr (warnings), printed in both modes */
  warnings?: string[];
}

export interface Command {
  name: string;
  usage: string;
  purpose: string;
  options: OptionSpec[];
  example: string;
  jsonShape: string;
  exitCodes?: string;
  run(p: Parsed, g: GlobalOptions, io: CliIo): Promise<CommandResult>;
}

export const iso = (ms: number): string | null => isoTime(ms) ?? null;
export const round2 = (n: number): number => Math.round(n * 100) / 100;
/** JSON has no Infinity/NaN: null instead. */
export const finite = (n: number): number | null => (Number.isFinite(n) ? n : null);

export function levelColor(level: string): 'green' | 'yellow' | 'magenta' | 'red' {
  return level === 'danger' ? 'red' : level === 'checkpoint' ? 'magenta' : level === 'warn' ? 'yellow' : 'green';
}

export function sessionRef(s: SessionState) {
  return { key: s.row.key, agentId: s.agentId, stateDir: s.stateDir, sessionId: s.row.sessionId, era: s.era };
}

/**
 * The figures of a session that may be unknown: with no fresh OpenClaw figure and no transcript read (a remote
 * Gateway's history that did not arrive: usedSource 'none') used, percent and ratio are unknown (null), never 0;
 * so is the compaction count of a remote session whose row carries none and whose history is not held. Integers
 * (ratio: two decimals).
 */
export function shownFigures(s: SessionState) {
  const g = s.gauge;
  const known = g.usedSource !== 'none';
  return {
    used: known ? Math.round(g.used) : null,
    percent: known ? g.percent : null,
    ratio: known ? round2(g.ratio) : null,
    compactions: s.remote !== undefined && s.row.compactionCount === undefined && !s.context ? null : g.compactions,
  };
}

/** The used figure as text: "12.3k", "~9.6k" (estimated) or "unknown"; `fmt`: the surface's number formatter. */
export function usedFigure(s: SessionState, fmt: (n: number) => string = formatTokens): string {
  const used = shownFigures(s).used;
  return used === null ? 'unknown' : `${s.gauge.estimated ? '~' : ''}${fmt(used)}`;
}

export function gaugeJson(s: SessionState) {
  const g = s.gauge;
  const f = shownFigures(s);
  return {
    ...sessionRef(s),
    model: s.row.model ?? s.transcriptModel ?? null,
    provider: s.row.modelProvider ?? null,
    used: f.used,
    estimated: g.estimated,
    pending: Math.round(g.pending),
    usedSource: g.usedSource,
    window: g.window,
    windowSource: g.windowSource,
    percent: f.percent,
    ratio: f.ratio,
    level: g.level,
    guard: g.guard,
    compactions: f.compactions,
    compactionAt: Math.round(g.compactionAt),
    toCompaction: f.used === null ? null : Math.round(g.toCompaction),
    flushAt: Math.round(g.flushAt),
    toFlush: f.used === null ? null : Math.round(g.toFlush),
    checkpointAt: g.checkpointAt,
    lastActivity: iso(s.lastActivity),
    lastActivityMs: s.lastActivity,
    openclaw: {
      totalTokens: s.row.totalTokens ?? null,
      totalTokensFresh: s.row.totalTokensFresh === true,
      contextTokens: s.row.contextTokens ?? null,
    },
  };
}

export const usedText = (s: SessionState): string => `${usedFigure(s)}/${formatTokens(s.gauge.window)}`;

