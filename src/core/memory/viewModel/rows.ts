/**
 * The rows of the Memories view as plain data (label, description, markdown tooltip, codicon + theme colour ids,
 * context value, what a click opens), the view's inputs and options, and the number formats its rows share. No
 * I/O and no vscode here: the tree in src/vscode/memory/memoriesTree.ts only renders these rows and runs the commands.
 */
import { formatTokens } from '../../context/format';
import { type ParsedCandidate, type ParsedDreams } from '../dream/candidates';
import { type WorkspaceScan } from '../workspace/scan';

export type MemoryRowKind = 'workspace' | 'section' | 'bootstrap' | 'memories' | 'dailyLog' | 'candidate' | 'info';
export type MemorySection = 'bootstrap' | 'memories' | 'daily' | 'dreams';

/** The numbers behind a file row's description (tests and screen readers use them). */
export interface MemoryFigures {
  rawChars?: number;
  rawTokens?: number;
  injectedChars?: number;
  injectedTokens?: number;
  cutChars?: number;
  bytes?: number;
}

export interface MemoryRow {
  /** unique in the view and stable across refreshes (TreeItem.id) */
  id: string;
  kind: MemoryRowKind;
  section?: MemorySection;
  label: string;
  description: string;
  /** markdown */
  tooltip: string;
  /** codicon id */
  icon: string;
  /** theme colour id for the icon */
  color?: string;
  /** `memoryFile.*` (an existing file: open), `memoryAbsent.*`, `dreamCandidate.<status>`, `memorySection.*`, `memoryWorkspace`, `memoryInfo` */
  contextValue: string;
  /** for screen readers */
  aria: string;
  /** the agent workspace the row belongs to */
  workspaceDir: string;
  /** absolute path of the file the row stands for (whether it exists or not) */
  path?: string;
  /** workspace-relative path */
  rel?: string;
  exists?: boolean;
  /** 0-based line to reveal when opening (a candidate's heading in DREAMS.md) */
  line?: number;
  candidateId?: string;
  candidateStatus?: ParsedCandidate['status'];
  figures?: MemoryFigures;
  /** a command the row runs on click / Enter, when it is not "open the file" */
  command?: { command: string; title: string };
  collapsible: 'none' | 'collapsed' | 'expanded';
  children: MemoryRow[];
}

/** DREAMS.md as the view reads it. */
export interface DreamsState {
  /** `DREAMS.md`, or `dreams.md` when only that exists */
  rel: string;
  path: string;
  exists: boolean;
  parsed?: ParsedDreams;
  error?: string;
}

export interface MemoryWorkspaceInput {
  scan: WorkspaceScan;
  dreams: DreamsState;
  agentId: string;
  stateDir: string;
  /** the folder as the view shows it (`~/…`) */
  displayDir: string;
  /** the config named this folder, which does not exist here (the state dir's own workspace is shown) */
  configuredWorkspace?: string;
  /** the workspace is on read-only ground (core/actions/ground.ts groundNote): the sentence to show */
  readOnly?: string;
}

export interface MemoryViewOptions {
  now: Date;
  /** Dream's window (the `openclawContext.memory.dreamDays` setting), for the daily-log tooltips */
  dreamDays?: number;
  /** daily logs listed per workspace (older ones are summarised in one row) */
  maxDailyLogs?: number;
}

export const OPEN_COMMAND = 'openclawContext.memory.open';
export const DREAM_COMMAND = 'openclawContext.memory.dream';
export const DEFAULT_MAX_DAILY_LOGS = 200;
export const HEAD_PCT = 70;
export const TAIL_PCT = 20;

export const WARN = 'problemsWarningIcon.foreground';
export const ERROR = 'problemsErrorIcon.foreground';
export const MUTED = 'disabledForeground';

/** `6,306` */
export function formatChars(n: number): string {
  return Math.max(0, Math.round(n)).toLocaleString('en-US');
}

/** `1.2k tok` (OpenClaw's compact token figure) */
export function formatTok(n: number, approximate = false): string {
  return `${approximate ? '~' : ''}${formatTokens(n)} tok`;
}

/** `278 B`, `1.4 KB`, `2.1 MB` */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
export const joinPath = (dir: string, rel: string) => `${dir.replace(/[\\/]+$/, '')}/${rel}`;

/** Lines joined as markdown paragraphs / hard breaks ('' starts a new paragraph). */
/** A markdown table (one element of `md`'s lines: its rows must not get hard breaks). */
export const table = (rows: string[]) => rows.join('\n');
export const md = (lines: string[]) => lines.join('  \n').replace(/ {2}\n {2}\n/g, '\n\n').replace(/(?: {2}\n)+$/, '');

export function infoRow(workspaceDir: string, key: string, label: string, tooltip: string, extra: Partial<MemoryRow> = {}): MemoryRow {
  return {
    id: `mem:${workspaceDir}|info|${key}`,
    kind: 'info',
    label,
    description: '',
    tooltip,
    icon: 'info',
    contextValue: 'memoryInfo',
    aria: label,
    workspaceDir,
    collapsible: 'none',
    children: [],
    ...extra,
  };
}
