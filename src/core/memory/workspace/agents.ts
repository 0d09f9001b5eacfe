/**
 * Which workspaces the memory checks (`memory lint`, `doctor`) look at: every agent's, each once, named by the
 * agents that use it. An agent's workspace is never replaced by another agent's. When the workspace the config
 * names is not on this machine (a state dir copied from elsewhere), the agent's own folder in the state dir is
 * checked, as the views read it (core/store/config.ts), and the missing one is always reported with it.
 */
import * as fs from 'node:fs';
import type { AgentInfo } from '../../store/config';

export interface WorkspaceTarget {
  /** the folder checked (or, when `missing`, the one that is not there) */
  dir: string;
  /** the agents whose workspace this is */
  agentIds: string[];
  /** the workspace the config names, not on this machine (`dir` is the agent's own folder in the state dir) */
  configuredMissing?: string;
  /** nothing to check: the folder is not there */
  missing?: boolean;
}

function isDir(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

export function agentWorkspaceTargets(agents: readonly Pick<AgentInfo, 'id' | 'workspace' | 'configuredWorkspace'>[]): WorkspaceTarget[] {
  const byDir = new Map<string, WorkspaceTarget>();
  for (const a of agents) {
    const t = byDir.get(a.workspace);
    if (t) t.agentIds.push(a.id);
    else byDir.set(a.workspace, { dir: a.workspace, agentIds: [a.id], ...(a.configuredWorkspace !== undefined ? { configuredMissing: a.configuredWorkspace } : {}), ...(isDir(a.workspace) ? {} : { missing: true }) });
  }
  return [...byDir.values()];
}

/** "agent main" / "agents main, ops" */
export const agentsLabel = (t: Pick<WorkspaceTarget, 'agentIds'>): string => `agent${t.agentIds.length > 1 ? 's' : ''} ${t.agentIds.join(', ')}`;

/** The sentence that reports a target's workspace problem, or undefined when there is none. */
export function workspaceNote(t: WorkspaceTarget): string | undefined {
  if (t.missing) return `${agentsLabel(t)}: workspace not found (${t.configuredMissing ?? t.dir})`;
  if (t.configuredMissing) return `${agentsLabel(t)}: the workspace the config names (${t.configuredMissing}) is not on this machine; checked the state dir's own folder ${t.dir}`;
  return undefined;
}
