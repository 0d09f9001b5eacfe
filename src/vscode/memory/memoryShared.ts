/**
 * What the memory adapters share: the agent workspaces the model knows (one per agent, deduplicated),
 * the UI seam tests replace, and whether writes are allowed here (an untrusted workspace or a read-only
 * file system gets a preview of what would have been written instead).
 */
import * as fs from 'node:fs';
import { agentFamily } from '../../core/context/model';
import type { EstimatorFamily } from '../../core/tokens/weights';
import * as vscode from 'vscode';
import { memoryStateDir, writableWorkspace } from '../../core/memory/fsSafe';
import type { ContextService } from '../sessions/service';
import type { Ui } from '../shared/ui';
import { PreviewDocuments } from '../shared/previewDocuments';

export interface AgentWorkspace {
  /** the workspace folder (exists) */
  dir: string;
  stateDir: string;
  agentId: string;
  /** OpenClaw's parsed config of that state dir (caps, userTimezone) */
  config: unknown;
  /** where our own memory state lives (errors.md baselines, flush epochs) */
  ownStateDir: string;
  /** the estimator family of its files: the agent's model's (the context figures count the same) */
  family: EstimatorFamily;
  /** the config named another folder that does not exist here */
  configuredWorkspace?: string;
}

/** Every existing agent workspace, default agent first, each folder once. */
export function agentWorkspaces(service: ContextService): AgentWorkspace[] {
  const out: AgentWorkspace[] = [];
  const seen = new Set<string>();
  for (const d of service.model.stateDirs()) {
    if (!d.exists) continue;
    const agents = [...d.agents.filter((a) => a.agent.isDefault), ...d.agents.filter((a) => !a.agent.isDefault)];
    for (const a of agents) {
      const dir = a.agent.workspace;
      if (seen.has(dir) || !isDir(dir)) continue;
      seen.add(dir);
      out.push({ dir, stateDir: d.candidate.dir, agentId: a.agent.id, family: agentFamily(a.agent), config: d.config.value, ownStateDir: memoryStateDir(d.candidate.dir), configuredWorkspace: a.agent.configuredWorkspace });
    }
  }
  return out;
}

/**
 * The folder a memory write may go to for this workspace (core writableWorkspace: the configured workspace,
 * never the state dir's own in place of a missing one; no link leading out of the state dir), or why not.
 */
export function writableDirOf(ws: AgentWorkspace): { dir: string } | { error: string } {
  try {
    return { dir: writableWorkspace(ws.stateDir, { id: ws.agentId, workspace: ws.dir, ...(ws.configuredWorkspace !== undefined ? { configuredWorkspace: ws.configuredWorkspace } : {}) }) };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

/** The workspace of a session's agent. */
export function workspaceOfSession(service: ContextService, stateDir: string, agentId: string): AgentWorkspace | undefined {
  return agentWorkspaces(service).find((w) => w.stateDir === stateDir && w.agentId === agentId);
}

function isDir(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** Writes are previewed only (never made) in an untrusted VS Code workspace (../shared/trust). */
export { writesAllowed } from '../shared/trust';

/** A before ↔ after preview in the diff editor (virtual documents; nothing on disk changes). */
export async function showChangePreview(docs: { put(name: string, text: string): vscode.Uri }, name: string, before: string, after: string, title: string): Promise<void> {
  // before/<name> and after/<name>: the file name keeps its extension, so the diff is highlighted as markdown
  const a = docs.put(`before/${name}`, before);
  const b = docs.put(`after/${name}`, after);
  await vscode.commands.executeCommand('vscode.diff', a, b, title, { preview: true });
}

export const MEMORY_DOC_SCHEME = 'openclaw-memory';

/** Read-only virtual documents for memory previews (flush section, remember entry, dream changes). */
export function memoryPreviewDocs(): PreviewDocuments {
  return new PreviewDocuments(MEMORY_DOC_SCHEME, 60, (name) => name.replace(/[^a-zA-Z0-9._/-]/g, '_').slice(0, 120) || 'preview');
}

/** What every memory adapter gets. */
export interface MemoryDeps {
  service: ContextService;
  diag: import('../shared/output').DiagnosticsChannel;
  docs: PreviewDocuments;
  /** the UI seam (tests swap it through the extension API) */
  ui: () => Ui;
  settings: () => import('../shared/settings').Settings;
  /** live mode (issue 7): the Gateway connections; a remote session's flush is a turn sent through its Gateway */
  live?: () => import('../gateway/gatewayShared').LiveGateway;
}
