/** The CLI's global options and what a command opens: the state dirs to read and the model read from them. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ContextModel, SessionState } from '../core/context/model';
import { resolveStateDirs, type Env, type StateDirCandidate } from '../core/store/config';
import type { Diagnostic, StoreProblemKind } from '../core/store/types';
import type { GatewayClient } from '../core/gateway/client';
import type { CliIo } from './io';

export interface GlobalOptions {
  stateDirs: string[];
  agent?: string;
  json: boolean;
  /** --gateway <url> */
  gateway?: string;
  /** --token-env <VAR> */
  tokenEnv?: string;
}

export function cliEnv(io: CliIo): Env {
  return { vars: io.env, homedir: io.env.HOME || os.homedir(), exists: (p) => fs.existsSync(p) };
}

/** The state dirs to read: `--state-dir` (repeatable) > $OPENCLAW_STATE_DIR > ~/.openclaw > ~/.clawdbot. */
export function stateDirCandidates(g: GlobalOptions, io: CliIo): StateDirCandidate[] {
  const env = cliEnv(io);
  const list = g.stateDirs.map((d) => (io.cwd && !d.startsWith('~') && !d.startsWith('$') ? path.resolve(io.cwd, d) : d));
  return resolveStateDirs(list.length ? list : undefined, undefined, env);
}

export interface OpenModel {
  model: ContextModel;
  diagnostics: Diagnostic[];
  sessions: SessionState[];
  dispose(): void;
  /** the session with its transcript read (for a remote Gateway's session: once its chat.history arrived) */
  transcript(uid: string): Promise<SessionState | undefined>;
  /** --gateway with no local state dir: the sessions are that remote Gateway's, read through this connection */
  remote?: { url: string; client: GatewayClient; secrets: string[] };
  /** agents whose session store exists but cannot be read now (their sessions are not in `sessions`) */
  unavailable: UnavailableAgent[];
}

/** An agent whose store could not be read: shown with why and what to do, never silently left out. */
export interface UnavailableAgent {
  stateDir: string;
  agentId: string;
  /** the database file or the sessions dir */
  location: string;
  problem: string;
  hint: string | null;
  /** 'hot-journal': an unfinished write SQLite must roll back first */
  kind: StoreProblemKind | null;
}

