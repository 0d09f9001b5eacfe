/**
 * Sessions view: state dir → agent → session → (compactions, turns → messages).
 * Provider + nodes; every label comes from core/context/viewModel.ts.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { isRemoteStateDir, REMOTE_PREFIX } from '../../core/store/remote';
import { isLocalStateDir } from '../../core/context/queries';
import type { RefreshResult, SessionState } from '../../core/context/model';
import { groupTurns, type Turn } from '../../core/context/rebuild';
import { contextEngineLine, pluginCompacts } from '../../core/store/contextEngine';
import { agentProblemModel, compactionLabel, entryLabel, levelWords, sessionDescription, sessionIcon, sessionLabel, statusBarModel, turnLabel } from '../../core/context/viewModel';
import { NO_SESSIONS_YET, type AgentStore, type StateDirInfo } from '../../core/store/stateDir';
import type { EntryMeta } from '../../core/store/types';
import type { ContextService } from './service';
import type { GatewayController } from '../gateway/gateway';
import { Disposable } from '../shared/disposable';
import { groundNote, groundOf } from '../../core/actions';

export type Node = StateDirNode | AgentNode | SessionNode | GroupNode | TurnNode | EntryNode | InfoNode;

const home = process.env.HOME ?? '';
export const tildify = (p: string) => (home && p.startsWith(home + path.sep) ? `~${p.slice(home.length)}` : p);

export class StateDirNode {
  readonly type = 'stateDir';
  constructor(readonly info: StateDirInfo) {}
}
export class AgentNode {
  readonly type = 'agent';
  constructor(
    readonly dir: StateDirInfo,
    readonly agent: AgentStore,
  ) {}
}
export class SessionNode {
  readonly type = 'session';
  constructor(readonly uid: string) {}
}
export class GroupNode {
  readonly type = 'group';
  constructor(
    readonly uid: string,
    readonly kind: 'compactions',
    readonly entries: EntryMeta[],
  ) {}
}
export class TurnNode {
  readonly type = 'turn';
  constructor(
    readonly uid: string,
    readonly turn: Turn,
    readonly n: number,
  ) {}
}
export class EntryNode {
  readonly type = 'entry';
  constructor(
    readonly uid: string,
    readonly entry: EntryMeta,
    readonly compaction = false,
  ) {}
}
export class InfoNode {
  readonly type = 'info';
  constructor(
    readonly id: string,
    readonly label: string,
    readonly detail?: string,
    readonly icon = 'info',
    /** a command run on click (e.g. Show Gateway Connection) */
    readonly command?: string,
  ) {}
}

export class SessionsTreeProvider extends Disposable implements vscode.TreeDataProvider<Node> {
  private readonly emitter = this.register(new vscode.EventEmitter<Node | Node[] | undefined>());
  readonly onDidChangeTreeData = this.emitter.event;
  /** the session nodes handed to the view (a refresh of one session names the same instance) */
  private readonly sessionNodes = new Map<string, SessionNode>();
  /** what the last full render showed: each agent's sessions in order, and the pinned session */
  private shown = { order: '', pinned: undefined as string | undefined };
  /**
   * The children of each session the view expanded, read once from its transcript (not while rendering) and
   * kept until a refresh names the session (read again then) or renders the whole tree (read again when asked).
   */
  private readonly details = new Map<string, Node[]>();
  /** warn before compaction at most this many turns ahead (`openclawContext.compaction.warnTurns`; the container sets it) */
  warnTurns = 0;

  constructor(
    private readonly service: ContextService,
    /** live mode (issue 7): each state dir shows its Gateway connection line; refreshed when it changes */
    private readonly live: GatewayController,
    private showMessages: boolean,
  ) {
    super();
    this.register(service.onDidChange((r) => this.onModelChanged(r)));
    this.register(live.onDidChangeState(() => this.emitter.fire(undefined)));
  }

  private gateway(): GatewayController {
    return this.live;
  }

  applySettings(showMessages: boolean): void {
    this.showMessages = showMessages;
    this.details.clear();
  }

  private liveLine(dir: string): string | undefined {
    return this.gateway()?.summaryFor(dir).text;
  }

  refresh(): void {
    this.details.clear();
    this.emitter.fire(undefined);
  }

  /**
   * Only the sessions the model says changed are rendered again, while nothing around them moved (the same
   * sessions in the same order, the same pin); anything else renders the whole tree.
   */
  private onModelChanged(r: RefreshResult): void {
    const order = this.sessionOrder();
    const pinned = this.service.pinnedUid;
    const nodes = r.changed.map((uid) => this.sessionNodes.get(uid));
    const targeted = !r.structureChanged && order === this.shown.order && pinned === this.shown.pinned && nodes.length > 0 && nodes.every((n) => n !== undefined);
    this.shown = { order, pinned };
    if (targeted) {
      for (const uid of r.changed) if (this.details.has(uid)) this.details.set(uid, this.readDetails(uid));
      this.emitter.fire(nodes as SessionNode[]);
    } else {
      this.sessionNodes.clear();
      this.details.clear();
      this.emitter.fire(undefined);
    }
  }

  /** A session's children: its compactions and turns, from its transcript (read here, once per change). */
  private readDetails(uid: string): Node[] {
    const s = this.service.model.ensureTranscript(uid);
    if (!s) return [];
    if (!s.context) return [new InfoNode(`${s.uid}#notranscript`, 'Transcript not readable', 'See “OpenClaw Context: Show Diagnostics”.', 'warning')];
    const out: Node[] = [];
    if (s.context.compactions.length) out.push(new GroupNode(s.uid, 'compactions', s.context.compactions));
    if (this.showMessages) groupTurns(s.context.items).forEach((t, i) => out.push(new TurnNode(s.uid, t, i + 1)));
    if (!s.context.items.length) out.push(new InfoNode(`${s.uid}#emptyctx`, 'The active context is empty', undefined, 'circle-slash'));
    return out;
  }

  private detailsOf(uid: string): Node[] {
    let d = this.details.get(uid);
    if (!d) this.details.set(uid, (d = this.readDetails(uid)));
    return d;
  }

  /** Every session in the order the view lists them (per state dir and agent, most recent first). */
  private sessionOrder(): string {
    return this.service.model
      .sessions()
      .map((s) => ({ k: `${s.stateDir}|${s.agentId}`, uid: s.uid, t: s.lastActivity }))
      .sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : b.t - a.t))
      .map((x) => x.uid)
      .join('\n');
  }

  private sessionNode(uid: string): SessionNode {
    let n = this.sessionNodes.get(uid);
    if (!n) this.sessionNodes.set(uid, (n = new SessionNode(uid)));
    return n;
  }

  getChildren(node?: Node): Node[] {
    const model = this.service.model;
    if (!node) {
      if (!this.service.ready) return [];
      const remote = model.remoteDirs();
      // a remote Gateway (URL setting, no local state dir) that is not live yet: why, and where to fix it
      const gateway = this.gateway();
      const pending = (gateway?.views() ?? []).filter((v) => !v.stateDirs.length && v.state !== 'live');
      const gwNodes = pending.map((v) => new InfoNode(`gateway:${v.url}`, `Remote Gateway ${v.url}`, gateway?.summaryForUrl(v.url) ?? v.state, v.state === 'failed' ? 'error' : 'cloud', 'openclawContext.gateway.showStatus'));
      // with a remote Gateway, a local state dir without OpenClaw data (missing, or an empty folder) is not worth a node
      const dirs = [...model.stateDirs().filter((d) => (remote.length || gwNodes.length ? isLocalStateDir(d) : true)), ...remote];
      if (!gwNodes.length && !model.sessions().length && dirs.every((d) => d.agents.every((a) => !a.problem || a.problem === NO_SESSIONS_YET))) return []; // welcome view
      return [...gwNodes, ...dirs.map((d) => new StateDirNode(d))];
    }
    switch (node.type) {
      case 'stateDir': {
        const d = node.info;
        if (!d.exists) return [new InfoNode(`${d.candidate.dir}#missing`, 'State directory not found', d.candidate.dir, 'warning')];
        const out: Node[] = [];
        if (d.config.error) out.push(new InfoNode(`${d.candidate.dir}#config`, 'Config not readable', d.config.error, 'warning'));
        out.push(...d.agents.map((a) => new AgentNode(d, a)));
        return out;
      }
      case 'agent': {
        const { dir, agent } = node;
        const sessions = model
          .sessions()
          .filter((s) => s.stateDir === dir.candidate.dir && s.agentId === agent.agent.id)
          .sort((a, b) => b.lastActivity - a.lastActivity);
        const out: Node[] = [];
        if (agent.problem && agent.store) {
          const p = agentProblemModel(agent);
          out.push(new InfoNode(`${dir.candidate.dir}|${agent.agent.id}#problem`, p.label, p.detail, 'error'));
        }
        if (!agent.store) out.push(new InfoNode(`${dir.candidate.dir}|${agent.agent.id}#empty`, 'No sessions yet', 'This agent has no session store on disk yet.', 'circle-slash'));
        out.push(...sessions.map((s) => this.sessionNode(s.uid)));
        return out;
      }
      case 'session':
        return this.detailsOf(node.uid);
      case 'group':
        return node.entries.map((e) => new EntryNode(node.uid, e, true));
      case 'turn':
        return node.turn.entries.map((e) => new EntryNode(node.uid, e));
      default:
        return [];
    }
  }

  getTreeItem(node: Node): vscode.TreeItem {
    switch (node.type) {
      case 'stateDir': {
        const d = node.info;
        const n = this.service.model.sessions().filter((s) => s.stateDir === d.candidate.dir).length;
        const live = this.liveLine(d.candidate.dir);
        if (isRemoteStateDir(d.candidate.dir)) {
          const url = d.candidate.dir.slice(REMOTE_PREFIX.length);
          const item = new vscode.TreeItem(url, vscode.TreeItemCollapsibleState.Expanded);
          item.id = `dir:${d.candidate.dir}`;
          item.description = `remote Gateway · ${n} session${n === 1 ? '' : 's'}${live ? ` · ${live}` : ''}`;
          item.tooltip = `Remote OpenClaw Gateway: ${url}\nNo local files: the sessions come from sessions.list and sessions.changed, the transcripts from chat.history (OpenClaw's display history). Actions go through this Gateway.${live ? `\nGateway: ${live}` : ''}`;
          item.iconPath = new vscode.ThemeIcon('cloud');
          item.contextValue = 'stateDir.remote';
          return item;
        }
        const item = new vscode.TreeItem(tildify(d.candidate.dir), vscode.TreeItemCollapsibleState.Expanded);
        item.id = `dir:${d.candidate.dir}`;
        const engine = pluginCompacts(d.contextEngine) ? d.contextEngine : undefined;
        const ro = d.exists ? groundNote(groundOf(d.candidate.dir)) : undefined;
        item.description = d.exists ? `${n} session${n === 1 ? '' : 's'}${ro ? ` · ${ro.description}` : ''}${engine ? ` · compaction by ${engine.id}` : ''}${live ? ` · ${live}` : ''}` : 'not found';
        item.tooltip = `State dir: ${d.candidate.dir} (${d.candidate.source})\nConfig: ${d.config.path}${d.config.exists ? '' : ' (none)'}${ro ? `\n${ro.tooltip}` : ''}${engine ? `\n${contextEngineLine(engine, "this state dir's sessions")}` : ''}${live ? `\nGateway: ${live}` : ''}`;
        item.iconPath = new vscode.ThemeIcon('database');
        item.contextValue = 'stateDir';
        return item;
      }
      case 'agent': {
        const a = node.agent;
        const n = this.service.model.sessions().filter((s) => s.stateDir === node.dir.candidate.dir && s.agentId === a.agent.id).length;
        const item = new vscode.TreeItem(a.agent.name ? `${a.agent.id} (${a.agent.name})` : a.agent.id, vscode.TreeItemCollapsibleState.Expanded);
        item.id = `agent:${node.dir.candidate.dir}|${a.agent.id}`;
        const era = a.store ? (a.store.remote ? 'remote' : a.store.era === 'sqlite' ? 'SQLite' : 'JSONL') : 'no store';
        item.description = `${era} · ${n} session${n === 1 ? '' : 's'}${a.agent.isDefault ? ' · default' : ''}`;
        item.tooltip = a.store?.remote ? `Agent ${a.agent.id} on the remote Gateway ${a.store.remote}\nWorkspace: on the Gateway's machine` : `Agent ${a.agent.id}${a.agent.inConfig ? '' : ' (found on disk, not in config)'}\nWorkspace: ${a.agent.workspace}${a.agent.model ? `\nModel: ${a.agent.model}` : ''}${a.store ? `\nStore: ${a.store.location}` : ''}`;
        item.iconPath = new vscode.ThemeIcon(a.problem && a.store ? 'warning' : 'robot');
        item.contextValue = 'agent';
        return item;
      }
      case 'session': {
        const s = this.service.model.get(node.uid);
        if (!s) return new vscode.TreeItem('(gone)');
        const pinned = this.service.pinnedUid === s.uid;
        const item = new vscode.TreeItem(sessionLabel(s), vscode.TreeItemCollapsibleState.Collapsed);
        item.id = `session:${s.uid}`;
        item.description = sessionDescription(s, pinned, this.warnTurns);
        const md = new vscode.MarkdownString(statusBarModel(s, { pinned, now: Date.now(), click: 'open', warnTurns: this.warnTurns }).tooltip, true);
        item.tooltip = md;
        const icon = sessionIcon(s);
        item.iconPath = new vscode.ThemeIcon(icon.icon, new vscode.ThemeColor(icon.color));
        item.contextValue = pinned ? 'session.pinned' : 'session';
        // click / Enter opens the session's context; the twistie (or →) expands it
        item.command = { command: 'openclawContext.openContext', title: 'Open Active Context', arguments: [node] };
        item.accessibilityInformation = { label: `${s.row.key}, ${sessionDescription(s, pinned, this.warnTurns)}, ${levelWords(s.figures.level)}` };
        return item;
      }
      case 'group': {
        const item = new vscode.TreeItem(`Compactions (${node.entries.length})`, vscode.TreeItemCollapsibleState.Collapsed);
        item.id = `compactions:${node.uid}`;
        item.iconPath = new vscode.ThemeIcon('fold');
        item.tooltip = 'Compactions on the active path, oldest first: tokens before → after.';
        return item;
      }
      case 'turn': {
        const { label, description } = turnLabel(node.turn, node.n);
        const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.Collapsed);
        item.id = `turn:${node.uid}#${node.turn.entries[0]?.id ?? node.n}`;
        item.description = description;
        item.iconPath = new vscode.ThemeIcon(node.turn.opener?.kind === 'compaction' ? 'fold' : 'comment-discussion');
        return item;
      }
      case 'entry': {
        const e = node.entry;
        const lbl: { label: string; description: string; icon?: string; tooltip?: string } = node.compaction ? compactionLabel(e) : entryLabel(e);
        const item = new vscode.TreeItem(lbl.label, vscode.TreeItemCollapsibleState.None);
        item.id = `${node.compaction ? 'c' : 'e'}:${node.uid}#${e.id}`;
        item.description = lbl.description;
        item.iconPath = new vscode.ThemeIcon(lbl.icon ?? 'fold');
        item.tooltip =
          lbl.tooltip ??
          `${e.role ?? e.type} · ${e.id}${e.timestamp ? ` · ${new Date(e.timestamp).toLocaleString()}` : ''}\n\n${e.preview}`;
        item.command = { command: 'openclawContext.openContext', title: 'Open in Active Context', arguments: [new SessionNode(node.uid), e.id] };
        if (node.compaction) item.contextValue = 'compaction';
        return item;
      }
      case 'info': {
        const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.None);
        item.id = `info:${node.id}`;
        if (node.detail) {
          item.tooltip = node.detail;
          item.description = node.detail.length < 60 ? node.detail : undefined;
        }
        item.iconPath = new vscode.ThemeIcon(node.icon);
        if (node.command) item.command = { command: node.command, title: node.label };
        return item;
      }
    }
  }

  getParent(): undefined {
    return undefined;
  }
}

/** Which session a command was invoked on: a tree node, a uid string, or the gauge's session. */
export function sessionFromArg(service: ContextService, arg: unknown): SessionState | undefined {
  if (arg instanceof SessionNode) return service.model.get(arg.uid);
  if (arg && typeof arg === 'object' && 'uid' in arg && typeof (arg as { uid: unknown }).uid === 'string') return service.model.get((arg as { uid: string }).uid);
  if (typeof arg === 'string') return service.model.get(arg) ?? service.model.findByKey(arg);
  return service.active();
}
