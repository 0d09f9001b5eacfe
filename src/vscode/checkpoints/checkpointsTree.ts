/**
 * Checkpoints view: state dir → session → checkpoints (newest first). Provider + nodes; labels come
 * from core/checkpoint/viewModel.ts. Nothing is read while rendering: the sessions with checkpoints are read on
 * each refresh (the controller refreshes after every change it makes), a session's checkpoint files (a few KB
 * each) once when it is first expanded after a refresh.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { shortKey } from '../../core/context/viewModel';
import { listCheckpoints, listCheckpointSessions, type CheckpointListEntry, type CheckpointSessionInfo } from '../../core/checkpoint/store';
import { checkpointRow, checkpointSessionRow } from '../../core/checkpoint/viewModel';
import type { ContextService } from '../sessions/service';
import { Disposable } from '../shared/disposable';

/**
 * The checkpoint sessions of a state dir for a view: none when its checkpoints folder is refused (a link
 * leading out of the state dir, core/fs/safePath) — the checkpoint controller reports that refusal once.
 */
export function checkpointSessionsForView(stateDir: string): CheckpointSessionInfo[] {
  try {
    return listCheckpointSessions(stateDir);
  } catch {
    return [];
  }
}
import { tildify } from '../sessions/sessionsTree';


export class CpDirNode {
  readonly type = 'cpDir';
  constructor(readonly stateDir: string) {}
}
export class CpSessionNode {
  readonly type = 'cpSession';
  constructor(
    readonly stateDir: string,
    readonly info: CheckpointSessionInfo,
  ) {}
  get sessionKey(): string {
    return this.info.sessionKey;
  }
}
export class CheckpointNode {
  readonly type = 'checkpoint';
  constructor(
    readonly stateDir: string,
    readonly sessionKey: string,
    readonly entry: CheckpointListEntry,
  ) {}
}
export class CpInfoNode {
  readonly type = 'cpInfo';
  constructor(
    readonly id: string,
    readonly label: string,
    readonly detail?: string,
  ) {}
}

export type CpNode = CpDirNode | CpSessionNode | CheckpointNode | CpInfoNode;

const agentOfKey = (key: string) => /^agent:([^:]+):/.exec(key)?.[1] ?? '';

export class CheckpointsTreeProvider extends Disposable implements vscode.TreeDataProvider<CpNode> {
  private readonly emitter = this.register(new vscode.EventEmitter<CpNode | undefined>());
  readonly onDidChangeTreeData = this.emitter.event;
  /** sessions with checkpoints, per state dir: read by refresh() (undefined: not read since the last refresh) */
  private sessionsCache: Map<string, CheckpointSessionInfo[]> | undefined;
  /** each expanded session's checkpoints, read once after a refresh */
  private readonly listsCache = new Map<string, CheckpointListEntry[]>();

  constructor(private readonly service: ContextService) {
    super();
    // a session appearing or going changes the "session gone" marks
    this.register(
      service.onDidChange((r) => {
        if (r.structureChanged) this.refresh();
      }),
    );
  }

  /** Read the checkpoint sessions again and render the tree. */
  refresh(): void {
    this.sessionsCache = undefined;
    this.listsCache.clear();
    this.load();
    this.emitter.fire(undefined);
  }

  /** State dirs that exist (checkpoints live inside them). */
  private dirs(): string[] {
    return this.service.model
      .stateDirs()
      .filter((d) => d.exists)
      .map((d) => d.candidate.dir);
  }

  /** The sessions with checkpoints of every state dir, read once per refresh (not before the model is ready). */
  private load(): Map<string, CheckpointSessionInfo[]> {
    if (this.sessionsCache) return this.sessionsCache;
    const m = new Map<string, CheckpointSessionInfo[]>();
    for (const dir of this.dirs()) {
      const list = checkpointSessionsForView(dir)
        .filter((s) => s.count > 0)
        .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? '') || a.sessionKey.localeCompare(b.sessionKey));
      if (list.length) m.set(dir, list);
    }
    if (this.service.ready) this.sessionsCache = m;
    return m;
  }

  private checkpointsOf(node: CpSessionNode): CheckpointListEntry[] {
    const key = `${node.stateDir}\n${node.info.sessionKey}`;
    let list = this.listsCache.get(key);
    if (!list) this.listsCache.set(key, (list = listCheckpoints(node.stateDir, node.info.sessionKey)));
    return list;
  }

  /** Total checkpoints on disk (for the welcome view's context key), as of the last refresh. */
  countAll(): number {
    let n = 0;
    for (const list of this.load().values()) for (const s of list) n += s.count;
    return n;
  }

  getChildren(node?: CpNode): CpNode[] {
    if (!node) {
      if (!this.service.ready) return [];
      return [...this.load().keys()].map((d) => new CpDirNode(d));
    }
    switch (node.type) {
      case 'cpDir':
        return (this.load().get(node.stateDir) ?? []).map((s) => new CpSessionNode(node.stateDir, s));
      case 'cpSession': {
        const list = this.checkpointsOf(node);
        if (!list.length) return [new CpInfoNode(`${node.info.dir}#empty`, 'No checkpoints left')];
        return list.map((e) => new CheckpointNode(node.stateDir, node.info.sessionKey, e));
      }
      default:
        return [];
    }
  }

  getTreeItem(node: CpNode): vscode.TreeItem {
    const now = Date.now();
    switch (node.type) {
      case 'cpDir': {
        const n = this.load().get(node.stateDir)?.length ?? 0;
        const item = new vscode.TreeItem(tildify(node.stateDir), vscode.TreeItemCollapsibleState.Expanded);
        item.id = `cpdir:${node.stateDir}`;
        item.description = `${n} session${n === 1 ? '' : 's'}`;
        item.tooltip = `Checkpoints under ${path.join(node.stateDir, 'context', 'checkpoints')}`;
        item.iconPath = new vscode.ThemeIcon('database');
        item.contextValue = 'checkpointDir';
        return item;
      }
      case 'cpSession': {
        const key = node.info.sessionKey;
        const live = this.service.model.sessions().some((s) => s.stateDir === node.stateDir && s.row.key === key);
        const m = checkpointSessionRow(node.info, { shortKey: shortKey(key, agentOfKey(key)), live, now });
        const item = new vscode.TreeItem(m.label, vscode.TreeItemCollapsibleState.Collapsed);
        item.id = `cpsession:${node.stateDir}|${key}`;
        item.description = m.description;
        item.tooltip = m.tooltip;
        item.iconPath = new vscode.ThemeIcon(live ? 'comment-discussion' : 'circle-slash');
        item.contextValue = live ? 'checkpointSession.live' : 'checkpointSession';
        item.accessibilityInformation = { label: `${key}, ${m.description}` };
        return item;
      }
      case 'checkpoint': {
        const m = checkpointRow(node.entry, now);
        const item = new vscode.TreeItem(m.label, vscode.TreeItemCollapsibleState.None);
        item.id = `cp:${node.stateDir}|${node.sessionKey}|${node.entry.id}`;
        item.description = m.description;
        const md = new vscode.MarkdownString(m.tooltip);
        md.supportThemeIcons = false;
        item.tooltip = md;
        item.iconPath = m.error ? new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground')) : new vscode.ThemeIcon(m.icon);
        item.contextValue = m.error ? 'checkpoint.invalid' : 'checkpoint';
        item.accessibilityInformation = { label: m.aria };
        item.command = { command: 'openclawContext.openCheckpoint', title: 'Open Checkpoint', arguments: [node] };
        return item;
      }
      case 'cpInfo': {
        const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.None);
        item.id = `cpinfo:${node.id}`;
        item.tooltip = node.detail;
        item.iconPath = new vscode.ThemeIcon('info');
        return item;
      }
    }
  }

  getParent(): undefined {
    return undefined;
  }
}
