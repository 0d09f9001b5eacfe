/**
 * One OpenClaw state dir: its config, its agents and each agent's session store.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { type AgentInfo, type Env, type LoadedConfig, type StateDirCandidate, compactionSettings, listDiskAgents, loadConfig, resolveAgents, type CompactionSettings } from './config';
import { JsonlSessionStore } from './jsonlStore';
import { SqliteSessionStore } from './sqliteStore';
import type { DiagnosticSink, SessionStore, StoreProblemKind } from './types';
import { contextEngineOf, type ContextEngineInfo } from './contextEngine';

/** An agent that has not run a turn yet: no store, and nothing wrong. */
export const NO_SESSIONS_YET = 'no sessions yet';

export const AGENT_DB_NAME = 'openclaw-agent.sqlite';

export interface AgentStore {
  agent: AgentInfo;
  store: SessionStore | undefined;
  /** why there is no store, or why it failed last time */
  problem?: string;
  /** a hint for fixing the problem */
  hint?: string;
  /** set for a problem a view explains on its own (an unfinished write: 'hot-journal') */
  problemKind?: StoreProblemKind;
}

export interface StateDirInfo {
  candidate: StateDirCandidate;
  exists: boolean;
  config: LoadedConfig;
  compaction: CompactionSettings;
  /** the context engine the config selects (absent for a remote Gateway's sessions: its config is not ours to read) */
  contextEngine?: ContextEngineInfo;
  agents: AgentStore[];
}

/** Which store an agent has: the SQLite DB when present (2026.9+), else a JSONL sessions dir. */
export function storeFor(stateDir: string, agent: AgentInfo, diag: DiagnosticSink): SessionStore | undefined {
  const db = path.join(agent.agentDir, AGENT_DB_NAME);
  if (fs.existsSync(db)) return new SqliteSessionStore(agent.id, db, diag, stateDir);
  const sessionsDir = path.join(stateDir, 'agents', agent.id, 'sessions');
  if (fs.existsSync(path.join(sessionsDir, 'sessions.json'))) return new JsonlSessionStore(agent.id, sessionsDir, diag);
  return undefined;
}

export function discoverStateDir(candidate: StateDirCandidate, env: Env, diag: DiagnosticSink): StateDirInfo {
  const exists = fs.existsSync(candidate.dir) && fs.statSync(candidate.dir).isDirectory();
  const config = loadConfig(candidate.configPath, env, diag);
  const agents = exists ? resolveAgents(candidate.dir, config.value, env, listDiskAgents(candidate.dir)) : [];
  return {
    candidate,
    exists,
    config,
    compaction: compactionSettings(config.value),
    contextEngine: contextEngineOf(config.value),
    agents: agents.map((agent) => {
      const store = storeFor(candidate.dir, agent, diag);
      return store ? { agent, store } : { agent, store, problem: NO_SESSIONS_YET };
    }),
  };
}

/**
 * Does the state dir hold OpenClaw data (a config or an agent's session store)? An existing empty folder does not:
 * with a Gateway URL set, live mode then treats the machine as having no local state dir (remote mode).
 */
export function hasOpenClawData(d: StateDirInfo): boolean {
  return d.exists && (d.config.exists || d.agents.some((a) => a.store !== undefined));
}
