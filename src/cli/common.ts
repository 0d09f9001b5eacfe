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

export function gaugeJson(s: SessionState) {
  const g = s.gauge;
  return {
    ...sessionRef(s),
    model: s.row.model ?? s.transcriptModel ?? null,
    provider: s.row.modelProvider ?? null,
    used: g.used,
    estimated: g.estimated,
    pending: g.pending,
    usedSource: g.usedSource,
    window: g.window,
    windowSource: g.windowSource,
    percent: g.percent,
    ratio: round2(g.ratio),
    level: g.level,
    guard: g.guard,
    compactions: g.compactions,
    compactionAt: g.compactionAt,
    toCompaction: g.toCompaction,
    flushAt: g.flushAt,
    toFlush: g.toFlush,
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

export const usedText = (s: SessionState): string => `${s.gauge.estimated ? '~' : ''}${formatTokens(s.gauge.used)}/${formatTokens(s.gauge.window)}`;

