/**
 * Checkpoints in the editor: runs the core CheckpointCoordinator after each refresh (automatic
 * checkpoints), turns its events into notifications, and implements the Checkpoints view's commands
 * (create, open, compare, compare with live, restore, copy restore text, delete).
 * Prompts go through `ui` so the in-host tests can answer them.
 */
import * as vscode from 'vscode';
import { CheckpointCoordinator, type CheckpointEvent } from '../../core/checkpoint/coordinator';
import { CheckpointsWatcher } from './checkpointsWatcher';
import type { RestorePlan } from '../../core/checkpoint/restore';
import { gatewayRestorePrompt } from '../../core/checkpoint/viewModel';
import { planRestoreInto, restoreCheckpoint, type ActionPreview, type RestoreOutcome as CoreRestoreOutcome } from '../../core/actions';
import { isOwned } from '../../core/context/queries';
import { runAction, warnGroundRefusal } from '../shared/actions';
import type { Checkpoint } from '../../core/checkpoint/schema';
import { deleteCheckpoints, listCheckpoints, readLatestCheckpoint, type CheckpointListEntry } from '../../core/checkpoint/store';
import { checkpointRow, diffTitle, restorePrompt, resumeMessage, spiralMessage, writtenMessage } from '../../core/checkpoint/viewModel';
import { serializeCheckpoint } from '../../core/checkpoint/yamlCodec';
import type { SessionState } from '../../core/context/model';
import type { WriteResult as StoreWriteResult } from '../../core/store/writeResult';
import { CheckpointNode, checkpointSessionsForView, CpSessionNode, type CheckpointsTreeProvider } from './checkpointsTree';
import type { DiagnosticsChannel } from '../shared/output';
import type { LiveGateway } from '../gateway/gatewayShared';
import { say, type Ui, type UiSeam } from '../shared/ui';
import { Disposable } from '../shared/disposable';
import { PreviewDocuments } from '../shared/previewDocuments';
import { CONNECT_BUTTON, remoteUnavailable, reportGatewayFailure, runGatewayButton } from '../gateway/liveActions';
import type { ContextService } from '../sessions/service';
import { sessionFromArg } from '../sessions/sessionsTree';
import { chooseSession } from '../sessions/sessionPicker';
import type { Settings } from '../shared/settings';
import { showNoSession } from '../shared/emptyState';
import { checkpointGround } from '../../core/actions';
import { onDidGrantTrust, writesAllowed } from '../shared/trust';

export const CHECKPOINT_DOC_SCHEME = 'openclaw-checkpoint';

const safeName = (s: string) => s.replace(/[^a-zA-Z0-9._-]/g, '_').slice(0, 80) || 'session';

export interface RestoreOutcome {
  status: 'restored' | 'cancelled' | 'copied' | 'refused' | 'failed';
  result?: StoreWriteResult;
  plan?: RestorePlan;
  /** live mode: sent through the Gateway (chat.send) instead of written */
  gateway?: { method: 'chat.send'; runId?: string; error?: string };
}

export class CheckpointsController extends Disposable {
  readonly coordinator: CheckpointCoordinator;
  /** the last events (newest last), for diagnostics and tests */
  readonly events: CheckpointEvent[] = [];
  /** read-only documents for the live state and restore previews */
  private readonly docs = this.register(new PreviewDocuments(CHECKPOINT_DOC_SCHEME, 50));
  private readonly watcher = this.register(new CheckpointsWatcher(() => this.scheduleTreeRefresh()));
  private refreshTimer: NodeJS.Timeout | undefined;
  private warnedErrors = new Set<string>();

  constructor(
    private readonly service: ContextService,
    private readonly diag: DiagnosticsChannel,
    private settings: Settings,
    private readonly tree: CheckpointsTreeProvider,
    /** live mode: the Gateway that owns a store (issue 7) */
    private readonly live: LiveGateway,
    private readonly uiSeam: UiSeam,
  ) {
    super();
    this.coordinator = new CheckpointCoordinator(service.model, this.coordinatorOptions(settings));
    for (const d of [
      service.onDidChange((r) => {
        this.handle(this.coordinator.onRefresh(r));
        if (r.structureChanged) this.syncWatcher();
      }),
      ...this.commands(),
      // trusted now: automatic checkpoints may start
      onDidGrantTrust(() => this.coordinator.setOptions(this.coordinatorOptions(this.settings))),
    ])
      this.register(d);
  }

  /** the prompts (the one UI seam tests replace) */
  private get ui(): Ui {
    return this.uiSeam.current;
  }

  private coordinatorOptions(s: Settings) {
    // an untrusted workspace reads only: no automatic checkpoints
    return { auto: s.checkpoints.auto && writesAllowed(), thresholdPercent: s.thresholds.checkpoint, keep: s.checkpoints.keep, saveIntervalMs: 2000 };
  }

  applySettings(s: Settings, stateDirsChanged: boolean): void {
    this.settings = s;
    if (stateDirsChanged) this.coordinator.reset();
    this.coordinator.setOptions(this.coordinatorOptions(s));
    this.tree.refresh();
  }

  private hasCheckpoints: boolean | undefined;
  /** `openclawContext.hasCheckpoints` (welcome view, command palette) */
  updateContextKey(): void {
    const has = this.tree.countAll() > 0;
    if (has === this.hasCheckpoints) return;
    this.hasCheckpoints = has;
    void vscode.commands.executeCommand('setContext', 'openclawContext.hasCheckpoints', has);
  }

  /** Watch each state dir's `context/checkpoints` so files written elsewhere (CLI, another window) show up. */
  syncWatcher(): void {
    this.updateContextKey();
    this.watcher.sync(this.service.model.stateDirs().filter((d) => d.exists).map((d) => d.candidate.dir));
  }

  private scheduleTreeRefresh(): void {
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = undefined;
      this.updateContextKey();
      this.tree.refresh();
    }, 200);
  }

  private handle(events: CheckpointEvent[]): void {
    if (!events.length) return;
    this.events.push(...events);
    if (this.events.length > 200) this.events.splice(0, this.events.length - 200);
    let changed = false;
    for (const e of events) {
      switch (e.kind) {
        case 'written':
          changed = true;
          this.diag.info(`checkpoint ${e.id} (${e.trigger}) written for ${e.key}: ${e.file}`);
          vscode.window.setStatusBarMessage(`$(save) ${writtenMessage(e.key, e.id, e.trigger).replace(/^OpenClaw Context: /, '')}`, 6000);
          break;
        case 'skipped':
          this.diag.info(`checkpoint (${e.trigger}) for ${e.key} skipped: ${e.reason}`);
          break;
        case 'spiral':
          if (this.settings.checkpoints.warnCompactionSpiral) {
            void this.ui.warn(spiralMessage(e.key, e.compactionCount), 'Show Checkpoints', 'Create Checkpoint').then((c) => {
              if (c === 'Show Checkpoints') void vscode.commands.executeCommand('openclawContext.checkpoints.focus');
              if (c === 'Create Checkpoint') void vscode.commands.executeCommand('openclawContext.createCheckpoint', e.uid);
            });
          }
          break;
        case 'resume':
          if (this.settings.checkpoints.offerResume) {
            const cp = readLatestCheckpoint(e.stateDir, e.key).checkpoint;
            if (cp) {
              void this.ui.info(resumeMessage(e.key, cp.meta.checkpoint_id, cp.meta.created_at, Date.now()), 'Preview & Restore…', 'Not Now').then((c) => {
                if (c === 'Preview & Restore…') void this.restore({ stateDir: e.stateDir, sessionKey: e.key, checkpoint: cp });
              });
            }
          }
          break;
        case 'error': {
          this.diag.report({ severity: 'error', source: `checkpoints ${e.stateDir}${e.key ? ` [${e.key}]` : ''}`, message: e.message });
          const k = `${e.stateDir}:${e.message}`;
          if (!this.warnedErrors.has(k)) {
            this.warnedErrors.add(k);
            void this.ui.warn(`OpenClaw Context could not write a checkpoint${e.key ? ` for ${e.key}` : ''}: ${e.message}`, 'Show Diagnostics').then((c) => {
              if (c) this.diag.show();
            });
          }
          break;
        }
      }
    }
    if (changed) {
      this.updateContextKey();
      this.tree.refresh();
    }
  }

  // ------------------------------------------------------------------ resolving arguments

  private sessionOf(arg: unknown): SessionState | undefined {
    if (arg instanceof CpSessionNode) return this.liveSession(arg.stateDir, arg.sessionKey);
    return sessionFromArg(this.service, arg);
  }

  private liveSession(stateDir: string, key: string): SessionState | undefined {
    return this.service.model.sessions().find((s) => s.stateDir === stateDir && s.row.key === key);
  }

  /** A checkpoint from a tree node or `{stateDir, sessionKey, id}`; reads and validates the file. */
  private checkpointOf(arg: unknown): { stateDir: string; sessionKey: string; checkpoint: Checkpoint; file: string } | undefined {
    if (arg instanceof CheckpointNode) {
      if (!arg.entry.checkpoint) {
        void this.ui.error(`${arg.entry.id} cannot be read: ${arg.entry.error ?? 'unknown error'}`);
        return undefined;
      }
      return { stateDir: arg.stateDir, sessionKey: arg.sessionKey, checkpoint: arg.entry.checkpoint, file: arg.entry.file };
    }
    if (arg && typeof arg === 'object' && 'stateDir' in arg && 'sessionKey' in arg) {
      const a = arg as { stateDir: string; sessionKey: string; id?: string };
      const list = listCheckpoints(a.stateDir, a.sessionKey);
      const e = a.id ? list.find((x) => x.id === a.id) : list.find((x) => x.checkpoint);
      if (e?.checkpoint) return { stateDir: a.stateDir, sessionKey: a.sessionKey, checkpoint: e.checkpoint, file: e.file };
    }
    return undefined;
  }

  /** A checkpoint from the argument, or (command palette, no argument) picked from every session's. */
  private async resolve(arg: unknown, title: string): Promise<ReturnType<CheckpointsController['checkpointOf']>> {
    if (arg !== undefined) return this.checkpointOf(arg);
    type Item = vscode.QuickPickItem & { ref?: { stateDir: string; sessionKey: string; id: string } };
    const items: Item[] = [];
    const now = Date.now();
    for (const d of this.service.model.stateDirs().filter((x) => x.exists)) {
      const sessions = checkpointSessionsForView(d.candidate.dir)
        .filter((x) => x.count > 0)
        .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
      for (const ss of sessions) {
        const list = listCheckpoints(d.candidate.dir, ss.sessionKey).filter((e) => e.checkpoint);
        if (!list.length) continue;
        items.push({ label: ss.sessionKey, kind: vscode.QuickPickItemKind.Separator });
        for (const e of list) {
          const row = checkpointRow(e, now);
          items.push({ label: `$(${row.icon}) ${e.id}`, description: row.description, detail: e.checkpoint!.working.topic || undefined, ref: { stateDir: d.candidate.dir, sessionKey: ss.sessionKey, id: e.id } });
        }
      }
    }
    if (!items.length) {
      void this.ui.info('OpenClaw Context: there are no checkpoints yet. Create one from the Checkpoints view or with “Create Checkpoint”.');
      return undefined;
    }
    const picked = await this.ui.pick(items, { title, placeHolder: 'Checkpoints, newest first per session', matchOnDescription: true, matchOnDetail: true });
    return picked?.ref ? this.checkpointOf(picked.ref) : undefined;
  }

  // ------------------------------------------------------------------ commands

  private commands(): vscode.Disposable[] {
    const reg = (id: string, fn: (...args: unknown[]) => unknown) => vscode.commands.registerCommand(`openclawContext.${id}`, fn);
    return [
      reg('createCheckpoint', (arg) => this.create(arg)),
      reg('openCheckpoint', (arg) => this.open(arg)),
      reg('compareCheckpoints', (arg, selected) => this.compare(arg, selected)),
      reg('compareCheckpointWithLive', (arg) => this.compareWithLive(arg)),
      reg('restoreCheckpoint', (arg) => this.restore(arg)),
      reg('copyRestoreText', (arg) => this.copyRestoreText(arg)),
      reg('deleteCheckpoint', (arg, selected) => this.delete(arg, selected)),
      reg('deleteOlderCheckpoints', (arg) => this.deleteOlder(arg)),
      reg('refreshCheckpoints', () => this.tree.refresh()),
    ];
  }

  async create(arg?: unknown): Promise<CheckpointEvent | undefined> {
    const { session: s, cancelled } = arg instanceof CpSessionNode ? { session: this.sessionOf(arg) } : await chooseSession(this.service, this.ui, arg, 'Create a checkpoint of');
    if (!s) {
      if (!cancelled) showNoSession(this.service, 'checkpoint', this.ui);
      return undefined;
    }
    const ro = checkpointGround(s.stateDir, { untrusted: !writesAllowed() });
    if (ro) {
      void this.ui.warn(`OpenClaw Context: ${ro.message}`);
      return { kind: 'skipped', uid: s.uid, key: s.row.key, stateDir: s.stateDir, trigger: 'manual', reason: ro.message };
    }
    const ev = await vscode.window.withProgress({ location: { viewId: 'openclawContext.checkpoints' }, title: 'Writing checkpoint…' }, async () => this.coordinator.createManual(s.uid));
    this.handle([ev]);
    if (ev.kind === 'written') {
      void this.ui.info(writtenMessage(ev.key, ev.id, 'manual'), 'Open').then((c) => {
        if (c === 'Open') void this.open({ stateDir: ev.stateDir, sessionKey: ev.key, id: ev.id });
      });
    } else if (ev.kind === 'skipped') void this.ui.info(`OpenClaw Context: no checkpoint written for ${ev.key}: ${ev.reason}`);
    return ev;
  }

  async open(arg: unknown): Promise<vscode.TextEditor | undefined> {
    let file: string | undefined;
    if (arg instanceof CheckpointNode) file = arg.entry.file;
    else file = (await this.resolve(arg, 'Open checkpoint'))?.file;
    if (!file) return undefined;
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
    const editor = await vscode.window.showTextDocument(doc, { preview: true });
    // checkpoint files are immutable: open them read-only
    await vscode.commands.executeCommand('workbench.action.files.setActiveEditorReadonlyInSession');
    return editor;
  }

  async compare(arg: unknown, selected?: unknown): Promise<boolean> {
    const picked = Array.isArray(selected) ? selected.filter((x): x is CheckpointNode => x instanceof CheckpointNode && !!x.entry.checkpoint) : [];
    let a: CheckpointNode | undefined;
    let b: CheckpointNode | undefined;
    if (picked.length === 2) [a, b] = picked;
    else if (arg instanceof CheckpointNode) {
      a = arg;
      const others: Array<vscode.QuickPickItem & { node: CheckpointNode }> = listCheckpoints(arg.stateDir, arg.sessionKey)
        .filter((e) => e.id !== arg.entry.id && e.checkpoint)
        .map((e) => ({ label: e.id, description: `${e.checkpoint!.meta.trigger} · ${Math.round(e.checkpoint!.meta.token_usage.utilization * 100)}% · ${e.checkpoint!.meta.created_at}`, node: new CheckpointNode(arg.stateDir, arg.sessionKey, e) }));
      if (!others.length) {
        void this.ui.info(`OpenClaw Context: ${arg.sessionKey} has no other checkpoint to compare ${arg.entry.id} with. Try “Compare with Live State”.`);
        return false;
      }
      b = (await this.ui.pick(others, { title: `Compare ${arg.entry.id} with…`, placeHolder: 'Another checkpoint of this session' }))?.node;
    }
    if (!a || !b) return false;
    const [older, newer] = a.entry.number < b.entry.number || a.sessionKey !== b.sessionKey ? [a, b] : [b, a];
    await vscode.commands.executeCommand('vscode.diff', vscode.Uri.file(older.entry.file), vscode.Uri.file(newer.entry.file), diffTitle(older.entry.checkpoint!, newer.entry.checkpoint!));
    return true;
  }

  async compareWithLive(arg: unknown): Promise<boolean> {
    const c = await this.resolve(arg, 'Compare a checkpoint with the live state');
    if (!c) return false;
    const s = this.liveSession(c.stateDir, c.sessionKey);
    if (!s) {
      void this.ui.info(`OpenClaw Context: ${c.sessionKey} is no longer in the store, so there is no live state to compare with.`);
      return false;
    }
    const live = this.coordinator.liveCheckpoint(s.uid);
    if (!live) return false;
    const uri = this.docs.put(`${safeName(c.sessionKey)}/live.yaml`, serializeCheckpoint(live));
    await vscode.commands.executeCommand('vscode.diff', vscode.Uri.file(c.file), uri, diffTitle(c.checkpoint, 'live'));
    return true;
  }

  private plan(cp: Checkpoint, target: SessionState | undefined): RestorePlan {
    return planRestoreInto(cp, target, this.settings.checkpoints.restoreTokens);
  }

  async copyRestoreText(arg: unknown): Promise<string | undefined> {
    const c = await this.resolve(arg, 'Copy the restore text of a checkpoint');
    if (!c) return undefined;
    const p = this.plan(c.checkpoint, this.liveSession(c.stateDir, c.sessionKey));
    await vscode.env.clipboard.writeText(p.render.text);
    vscode.window.setStatusBarMessage(`$(copy) Copied the restore text of ${c.checkpoint.meta.checkpoint_id} (${Math.ceil(p.render.tokens)} tokens)`, 4000);
    return p.render.text;
  }

  /**
   * Preview the block, confirm, then append it to the session (same ownership rules as every write).
   * When OpenClaw owns the store the write is refused and the text can be copied instead.
   */
  async restore(arg: unknown): Promise<RestoreOutcome> {
    const c = arg && typeof arg === 'object' && 'checkpoint' in arg && 'stateDir' in arg ? (arg as { stateDir: string; sessionKey: string; checkpoint: Checkpoint }) : await this.resolve(arg, 'Restore a checkpoint into its session');
    if (!c) return { status: 'failed' };
    let target = this.liveSession(c.stateDir, c.sessionKey);
    if (!target) {
      const items = this.service.model
        .sessions()
        .filter((s) => s.stateDir === c.stateDir)
        .sort((a, b) => b.lastActivity - a.lastActivity)
        .map((s) => ({ label: s.row.key, description: s.row.displayName ?? '', uid: s.uid }));
      if (!items.length) {
        void this.ui.info(`OpenClaw Context: ${c.sessionKey} is gone and this state dir has no other session to restore into.`);
        return { status: 'cancelled' };
      }
      const p = await this.ui.pick(items, { title: `Restore ${c.checkpoint.meta.checkpoint_id} into…`, placeHolder: `${c.sessionKey} is no longer in the store; pick the session to restore into` });
      target = p ? this.service.model.get(p.uid) : undefined;
      if (!target) return { status: 'cancelled' };
    }
    const id = c.checkpoint.meta.checkpoint_id;
    const into = target;
    let copied = false;
    const copy = async (plan: RestorePlan, status: boolean) => {
      copied = true;
      await vscode.env.clipboard.writeText(plan.render.text);
      if (status) vscode.window.setStatusBarMessage(`$(copy) Copied the restore text of ${id}`, 4000);
    };
    const confirm = async (pv: ActionPreview<RestorePlan>): Promise<boolean> => {
      if (!pv.again) {
        const preview = this.docs.put(`${safeName(into.row.key)}/restore-${id}.md`, pv.plan.render.text);
        const doc = await vscode.workspace.openTextDocument(preview);
        await vscode.window.showTextDocument(doc, { preview: true, viewColumn: vscode.ViewColumn.Beside, preserveFocus: true });
      }
      const prompt = pv.route === 'gateway' ? gatewayRestorePrompt(id, into.row.key, pv.plan, pv.why ?? '') : restorePrompt(c.checkpoint, pv.plan.render, { key: into.row.key, era: into.era });
      const choice = await this.ui.confirm(prompt.message, prompt.detail, 'Restore', 'Copy Restore Text');
      if (choice === 'Copy Restore Text') await copy(pv.plan, !pv.again);
      return choice === 'Restore';
    };
    const o = await runAction(this.service.model, this.live, confirm, (ctx) => restoreCheckpoint(ctx, into, c.checkpoint, { maxTokens: this.settings.checkpoints.restoreTokens }));
    return this.restoreOutcome(id, into, o, copied);
  }

  /** What core's outcome means for the user: the messages, and the restore text to copy when nothing was written. */
  private async restoreOutcome(id: string, target: SessionState, o: CoreRestoreOutcome, copied: boolean): Promise<RestoreOutcome> {
    const key = target.row.key;
    const plan = 'plan' in o ? o.plan : undefined;
    const result = 'result' in o && o.result && !o.result.ok ? o.result : undefined;
    if (o.status === 'cancelled' || o.status === 'planned' || o.status === 'nothing') return { status: copied ? 'copied' : 'cancelled', plan, ...(result ? { result } : {}) };
    if (o.status === 'written' && o.via === 'gateway') {
      this.diag.info(`restored ${id} into ${key} through the Gateway (chat.send, run ${o.gateway.runId})`);
      this.service.refreshNow();
      void this.ui.info(`OpenClaw Context: sent ${id} to ${key} through the Gateway (${Math.ceil(o.plan.render.tokens)} tokens); the model is answering it now.`);
      return { status: 'restored', plan, gateway: o.gateway };
    }
    if (o.status === 'written') {
      const r = o.result;
      this.diag.info(`restored ${id} into ${key}: entry ${r.written[0]?.id} after ${r.previousLeafId} in ${r.location}`);
      for (const n of r.notes) this.diag.info(`  ${n}`);
      this.service.refreshNow();
      void say(this.ui, 'info', `OpenClaw Context: restored ${id} into ${key} (${Math.ceil(o.plan.render.tokens)} tokens); the model sees it on the next turn.`, r.notes);
      return { status: 'restored', result: r, plan };
    }
    const text = plan?.render.text ?? '';
    if (o.status === 'failed' && o.code === 'gateway') {
      const f = reportGatewayFailure(this.ui, this.diag, `restore ${key}`, o.error, `restore ${id}`, ['Copy Restore Text']);
      void f.choice.then(async (c) => {
        if (c === 'Copy Restore Text') await vscode.env.clipboard.writeText(text);
      });
      return { status: f.info.kind === 'missing-scope' || f.info.kind === 'unauthorized' ? 'refused' : 'failed', plan, gateway: { method: 'chat.send', error: f.message } };
    }
    if (warnGroundRefusal(this.ui, o)) return { status: 'refused', plan };
    if (o.code === 'remote-unavailable') {
      void Promise.resolve(this.ui.warn(remoteUnavailable(target, 'receive the restore note')!, CONNECT_BUTTON)).then(runGatewayButton);
      return { status: 'refused', plan };
    }
    if (!result) {
      void this.ui.error(`OpenClaw Context: the store of ${key} is not available.`);
      return { status: 'failed', plan };
    }
    this.diag.report({ severity: 'warning', source: `restore ${key}`, message: `${result.code}: ${result.message}` });
    const owned = isOwned(result);
    const msg = owned
      ? `OpenClaw Context did not restore ${id}: ${result.message} Writing now would fail the session's next turn. Copy the restore text and send it in the chat, or stop OpenClaw and try again.`
      : `OpenClaw Context could not restore ${id}: ${result.message}`;
    const next = await (owned ? this.ui.warn(msg, 'Copy Restore Text') : this.ui.error(msg, 'Copy Restore Text', 'Show Diagnostics'));
    if (next === 'Copy Restore Text') await vscode.env.clipboard.writeText(text);
    if (next === 'Show Diagnostics') this.diag.show();
    return { status: owned ? 'refused' : 'failed', result, plan };
  }

  async delete(arg: unknown, selected?: unknown): Promise<string[]> {
    const nodes = (Array.isArray(selected) && selected.length ? selected : [arg]).filter((x): x is CheckpointNode => x instanceof CheckpointNode);
    if (!nodes.length) return [];
    const bySession = new Map<string, CheckpointNode[]>();
    for (const n of nodes) {
      const k = `${n.stateDir}\u0000${n.sessionKey}`;
      bySession.set(k, [...(bySession.get(k) ?? []), n]);
    }
    const ids = nodes.map((n) => n.entry.id);
    const sessions = [...new Set(nodes.map((n) => n.sessionKey))];
    const what = nodes.length === 1 ? `checkpoint ${ids[0]}` : `${nodes.length} checkpoints (${ids.join(', ')})`;
    if (this.refusedDelete(nodes.map((n) => n.stateDir))) return [];
    const choice = await this.ui.confirm(`Delete ${what} of ${sessions.join(', ')}?`, 'The checkpoint files are removed from disk. This cannot be undone. Transcripts are not touched.', 'Delete');
    if (choice !== 'Delete') return [];
    const deleted: string[] = [];
    for (const group of bySession.values()) {
      try {
        deleted.push(...deleteCheckpoints(group[0]!.stateDir, group[0]!.sessionKey, group.map((n) => n.entry.id)).deleted);
      } catch (err) {
        void this.ui.error(`OpenClaw Context could not delete: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    this.updateContextKey();
    this.tree.refresh();
    return deleted;
  }

  /** An untrusted workspace or read-only ground: said in one line before the question; true when refused. */
  private refusedDelete(stateDirs: string[]): boolean {
    for (const dir of new Set(stateDirs)) {
      const ro = checkpointGround(dir, { untrusted: !writesAllowed(), action: 'delete-checkpoint' });
      if (!ro) continue;
      void this.ui.warn(`OpenClaw Context: ${ro.message}`);
      return true;
    }
    return false;
  }

  async deleteOlder(arg: unknown): Promise<string[]> {
    if (!(arg instanceof CpSessionNode)) return [];
    const list = listCheckpoints(arg.stateDir, arg.sessionKey);
    const older: CheckpointListEntry[] = list.slice(1);
    if (!older.length) {
      void this.ui.info(`OpenClaw Context: ${arg.sessionKey} has only one checkpoint.`);
      return [];
    }
    if (this.refusedDelete([arg.stateDir])) return [];
    const choice = await this.ui.confirm(
      `Delete ${older.length} older checkpoint${older.length === 1 ? '' : 's'} of ${arg.sessionKey}?`,
      `Keeps ${list[0]!.id}; removes ${older.map((e) => e.id).join(', ')} from disk. This cannot be undone.`,
      'Delete',
    );
    if (choice !== 'Delete') return [];
    const r = deleteCheckpoints(arg.stateDir, arg.sessionKey, older.map((e) => e.id));
    this.updateContextKey();
    this.tree.refresh();
    return r.deleted;
  }

  override dispose(): void {
    if (this.isDisposed) return;
    for (const e of this.coordinator.flush()) this.diag.report({ severity: 'error', source: `checkpoints ${e.stateDir}`, message: e.kind === 'error' ? e.message : '' });
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    super.dispose();
  }
}


