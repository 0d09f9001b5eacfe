// Types of secondState.mjs for the TypeScript tests.
export interface SecondKeys {
  main: string;
  incident: string;
  firstFail: string;
  rewind: string;
  reset: string;
  opsMain: string;
  spiral: string;
  auto: string;
  newer: string;
  fork: string;
  windows: { main: number; ops: number };
}
export interface RecordedSession {
  key: string;
  status?: string;
  totalTokens?: number;
  totalTokensFresh?: boolean;
  contextTokens: number;
  agentId: string;
  [k: string]: unknown;
}
export interface OpenClawFigure {
  key: string;
  status?: string;
  known: boolean;
  used: number | null;
  window: number;
  percent: number | null;
}
export declare const SECOND_DIR: string;
export declare function secondKeys(): SecondKeys;
export declare function restoreSecondState(stateDir: string, o?: { gatewayPort?: number; token?: string; llmPort?: number; logFile?: string }): string;
export declare function rowCompactions(stateDir: string): Record<string, number>;
export declare function openclawFigure(t: RecordedSession): OpenClawFigure;
export declare function recordedSessions(): RecordedSession[];
export declare function recordedCells(): Record<string, string>;
export declare function endingCompaction(key: string): { tokensBefore: number; tokensAfter: number } | undefined;
export declare function descriptionProblems(t: RecordedSession, desc: string, compactions: number, o?: { cells?: Record<string, string> }): string[];
