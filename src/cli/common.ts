/** What every CLI command shares: the Command shape, JSON helpers, the session reference. */
import type { SessionState } from '../core/context/model';
import { isoTime } from '../core/store/time';
import { forecastSentence, usedWindowText } from '../core/context/viewModel';
import type { SessionFigures } from '../core/context/figures';
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

/** The composition as JSON (integers; sums to `used`). */
export const compositionJson = (f: SessionFigures) => f.composition.map((p) => ({ id: p.id, label: p.label, tokens: Math.round(p.tokens), count: p.count ?? null, detail: p.detail ?? null }));

const int = (n: number | undefined): number | null => (n === undefined ? null : Math.round(n));

/**
 * The figures that may be unknown, as JSON: with no figure at all (no fresh OpenClaw count, no transcript read)
 * used, percent, ratio and the distances are null, never 0; so is the compaction count of a remote session whose
 * row carries none and whose history is not held. Integers (ratio: two decimals).
 */
export function knownJson(f: SessionFigures) {
  return {
    used: f.known ? Math.round(f.used) : null,
    percent: f.known ? f.percent : null,
    ratio: f.known ? round2(f.ratio) : null,
    toCompaction: f.known ? Math.round(f.toCompaction) : null,
    toFlush: f.known ? Math.round(f.toFlush) : null,
    compactions: f.compactionsKnown ? f.compactions : null,
  };
}

export function gaugeJson(s: SessionState) {
  const f = s.figures;
  return {
    ...sessionRef(s),
    model: s.row.model ?? s.transcriptModel ?? null,
    provider: s.row.modelProvider ?? null,
    ...knownJson(f),
    estimated: f.estimated,
    basis: f.basis,
    pending: Math.round(f.pending),
    usedSource: f.usedSource,
    openclawReports: int(f.openclawReports),
    preflightEstimate: int(f.openclawEstimate),
    overhead: Math.round(f.overhead),
    window: Math.round(f.window),
    windowSource: f.windowSource,
    level: f.level,
    guard: f.guard,
    compactionAt: Math.round(f.compactionAt),
    flushAt: Math.round(f.flushAt),
    checkpointAt: Math.round(f.checkpointAt),
    composition: compositionJson(f),
    forecast: forecastJson(f),
    lastActivity: iso(s.lastActivity),
    lastActivityMs: s.lastActivity,
    openclaw: {
      totalTokens: int(s.row.totalTokens),
      totalTokensFresh: s.row.totalTokensFresh === true,
      contextTokens: int(s.row.contextTokens),
    },
  };
}

/** `9.7k/33k`, or `~9.7k/33k` for an estimate: the status bar's figure. */
export const usedText = (s: SessionState): string => usedWindowText(s.figures);

/** The forecast as the panel shows it: growth per turn lately and the turns left to each line (null: not forecast). */
export function forecastJson(f: SessionFigures) {
  const fc = f.forecast;
  return {
    status: fc.status,
    sentence: forecastSentence(fc),
    growthPerTurn: int(fc.growthPerTurn),
    basedOnTurns: fc.basedOnTurns,
    lines: fc.lines.map((l) => ({ id: l.id, at: Math.round(l.at), left: Math.round(l.left), turns: l.turns ?? null, done: l.done === true })),
  };
}
