/**
 * Compact Session… / Undo Compaction / the compaction history actions. src/core/actions plans, routes and
 * writes (compactSession, undoCompaction); this controller shows the planning progress, the preview (a diff of
 * the context before and after, and the quality report: exactly the entry that is then written), asks through
 * the one Ui seam (the in-host tests answer it), and renders the outcome.
 */
import * as vscode from 'vscode';
import { say, sayWhy, type UiSeam, type Ui } from '../shared/ui';
import { Disposable } from '../shared/disposable';
import { PreviewDocuments } from '../shared/previewDocuments';
import type { DiagnosticsChannel } from '../shared/output';
import { liveAccess, refusedUntrusted, runAction, warnGroundRefusal } from '../shared/actions';
import type { LiveGateway } from '../gateway/gatewayShared';
import { CONNECT_BUTTON, connectButtons, LiveActions, remoteUnavailable, reportGatewayFailure, runGatewayButton } from '../gateway/liveActions';
import type { ContextService } from '../sessions/service';
import { EntryNode, sessionFromArg } from '../sessions/sessionsTree';
import { checkpointPlanOptions, compactSession, planUndoAction, SQLITE_UNDO_NEEDS_GATEWAY, undoCompaction, type ActionPreview, type CompactOutcome as CoreCompactOutcome, type CompactPreview, type GatewayCompaction, type GatewayUndo, type UndoActionPlan, type WriteOk } from '../../core/actions';
import { planCompaction, planCompactionWith, type CompactionPlan, type PlanInput, type SummaryKind } from '../../core/compaction/plan';
import type { BreakerState } from '../../core/compaction/breaker';
import { CompactionBreaker } from '../../core/compaction/breaker';
import { compactionQualityReport } from '../../core/compaction/quality';
import { compactionDrop, dropFiguresLine } from '../../core/compaction/dropped';
import { compactionInputFromEntries } from '../../core/compaction/summary/input';
import { buildRestoreList, renderRestoreInjection } from '../../core/compaction/restoreList';
import { compactionOrigin, compactPrompt, contextPair, contextPairText, gatewayOfferPrompt, previewLines, previewTitle, qualityMarkdown, quoteMessage as quote, smallestTailNote, summaryKindLines, undoPrompt, undoViaGatewayPrompt } from '../../core/compaction/viewModel';
import { compactionFigure } from '../../core/context/figures';
import { compactionFiguresLine } from '../../core/context/viewModel';
import { formatTokens } from '../../core/context/format';
import { estimateMessage } from '../../core/tokens/messageText';
import { isOwned } from '../../core/context/queries';
import { renderCompactionPreview, renderItemsDocument } from '../../core/context/document';
import type { SessionState } from '../../core/context/model';
import type { EntryMeta } from '../../core/store/types';
import { appendToSession } from '../../core/store/sessionWrite';
import type { WriteResult } from '../../core/store/writeResult';
import { estimateTokens, familyFor } from '../../core/tokens/estimator';
import { languageModelSummarizer, type LmChoice } from './lmSummarizer';
import { openTrimmedView } from './trimmedView';
import { chooseSession } from '../sessions/sessionPicker';
import { readSettings } from '../shared/settings';
import { showNoSession } from '../shared/emptyState';
import { showMarkdownPreview } from '../shared/reports';
import { closingPreviews } from '../shared/previewTabs';

export const COMPACTION_DOC_SCHEME = 'openclaw-compaction';
type Json = Record<string, unknown>;

/** One line saying who wrote the summary (and why a requested model did not). */
function summaryBy(plan: CompactionPlan, setting: 'mechanical' | 'languageModel', lm: LmChoice): string {
  if (plan.source === 'model') return `- Summary written by the language model ${lm.model ?? ''} and checked with OpenClaw's quality rules`;
  if (setting === 'languageModel') return `- Summary: mechanical (the language model was not used: ${plan.fallbackReason ?? 'unknown'}${plan.error ? ` — ${plan.error}` : ''})`;
  return '- Summary: mechanical (no LLM; `openclawContext.compaction.summarizer` can enable a VS Code language model)';
}

/** The checkpoint compaction of the same cut, for the full plan's preview (undefined when it cannot be planned). */
function checkpointAlternative(s: SessionState, input: PlanInput): CompactionPlan | undefined {
  const r = planCompaction({ ...input, checkpoint: checkpointPlanOptions(s) });
  return r.ok ? r.plan : undefined;
}

const safe = (s: string) => s.replace(/[^a-zA-Z0-9._-]/g, '_').slice(0, 60) || 'session';

import type { CompactOutcome, DroppedOutcome, UndoOutcome } from './outcomes';
export type { CompactOutcome, DroppedOutcome, UndoOutcome };

export class CompactionController extends Disposable {
  private readonly docs = this.register(new PreviewDocuments(COMPACTION_DOC_SCHEME, 60));
  /** Reset Session… (through the Gateway) */
  readonly liveActions: LiveActions;

  constructor(
    private readonly service: ContextService,
    private readonly diag: DiagnosticsChannel,
    /** live mode: the Gateway that owns a store (issue 7) */
    private readonly live: LiveGateway,
    /** the prompts (the one UI seam tests replace) */
    private readonly uiSeam: UiSeam,
  ) {
    super();
    this.liveActions = new LiveActions(service, diag, uiSeam, live);
    for (const d of this.commands()) this.register(d);
  }

  private get ui(): Ui {
    return this.uiSeam.current;
  }

  private commands(): vscode.Disposable[] {
    const reg = (id: string, fn: (...args: unknown[]) => unknown) => vscode.commands.registerCommand(`openclawContext.${id}`, fn);
    return [
      reg('compactSession', (arg) => this.compact(arg)),
      reg('compactSessionCheckpoint', (arg) => this.compact(arg, 'checkpoint')),
      reg('undoCompaction', (arg) => this.undo(arg)),
      reg('showCompactionSummary', (arg) => this.showSummary(arg)),
      reg('showCompactionDropped', (arg) => this.showDropped(arg)),
      reg('showCompactionQuality', (arg) => this.showQuality(arg)),
      reg('resetCompactionBreaker', (arg) => this.resetBreaker(arg)),
      reg('openTrimmedContext', (arg, which) => openTrimmedView(this.service, this.docs, this.ui, arg, which)),
      ...this.liveActions.register(),
    ];
  }

  /** The active path with its full entries. */
  private load(s: SessionState): { path: EntryMeta[]; full: Array<Json | undefined> } | undefined {
    const st = this.service.model.ensureTranscript(s.uid);
    if (!st?.context) return undefined;
    const path = st.context.path;
    return { path, full: this.service.model.loadEntries(s.uid, path) };
  }

  /**
   * Compact Session…: core/actions plans, routes and writes (compactSession); this shows the planning progress,
   * the preview and the confirmation, then the outcome.
   */
  async compact(arg: unknown, kind: SummaryKind = 'full'): Promise<CompactOutcome> {
    const { session: s, cancelled } = await chooseSession(this.service, this.ui, arg, kind === 'checkpoint' ? 'Compact with a checkpoint summary' : 'Compact');
    if (!s) {
      if (!cancelled) showNoSession(this.service, 'compact', this.ui);
      return { status: cancelled ? 'cancelled' : 'nothing', reason: cancelled ? 'no session picked' : 'no session' };
    }
    const key = s.row.key;
    const cfg = readSettings().compaction;
    const lm: LmChoice = {};
    const docs: Pick<CompactOutcome, 'before' | 'after' | 'report'> = {};
    const withModel = cfg.summarizer === 'languageModel' && kind === 'full';
    let planned: PlanInput | undefined;
    const planner = (input: PlanInput) =>
      vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Planning the ${kind === 'checkpoint' ? 'checkpoint compaction' : 'compaction'} of ${key}${withModel ? ' (asking the language model)' : ''}…`, cancellable: withModel }, async (_p, token) => {
        planned = input;
        if (!withModel) return planCompaction(input);
        const ctl = new AbortController();
        token.onCancellationRequested(() => ctl.abort());
        return planCompactionWith(input, { summarizer: languageModelSummarizer(cfg.languageModelFamily, lm), timeoutMs: cfg.modelTimeoutMs, signal: ctl.signal, contextWindow: s.figures.window });
      });
    const onBreakerOpen = async (st: BreakerState) => {
      const last = st.failures[st.failures.length - 1]?.reason ?? 'unknown';
      const c = await this.ui.warn(`OpenClaw Context: compaction of ${key} is paused after ${st.consecutiveFailures} failures in a row (last: ${last}). Until you reset it, only the trimmed views are available.`, 'Reset and Compact');
      return c === 'Reset and Compact';
    };
    const confirm = async (pv: CompactPreview): Promise<boolean> => {
      if (!pv.plan) {
        // our planner would not compact, but OpenClaw owns the session: what OpenClaw will do, then the choice
        const g = gatewayOfferPrompt(key, pv.offer!);
        return (await this.ui.confirm(g.message, g.detail, ...g.buttons)) === g.accept;
      }
      const via = pv.route === 'gateway' ? 'gateway' : 'local';
      if (!pv.again) Object.assign(docs, await this.showPreview(s, pv.plan, via, cfg.summarizer, lm, planned));
      const p = compactPrompt(key, s.era, pv.plan, via, pv.why);
      return (await this.ui.confirm(p.message, p.detail, ...p.buttons)) === p.accept;
    };
    const o = await runAction(this.service.model, this.live, confirm, (ctx) => compactSession(ctx, s, { planner: async (input) => planner(input), onBreakerOpen, summary: kind }), { planningShown: true });
    if (o.breaker?.opened) this.diag.report({ severity: 'error', source: `compact ${key}`, message: `circuit breaker opened after ${o.breaker.state.consecutiveFailures} failures${o.breaker.errorsLog?.status === 'appended' ? ` (logged to ${o.breaker.errorsLog.file})` : ''}` });
    return this.compactOutcome(s, o, docs);
  }

  /** The preview of a plan: before ↔ after, and the quality report (with the Gateway note when OpenClaw compacts). */
  private async showPreview(s: SessionState, plan: CompactionPlan, via: 'local' | 'gateway', summarizer: 'mechanical' | 'languageModel', lm: LmChoice, input?: PlanInput): Promise<Pick<CompactOutcome, 'before' | 'after' | 'report'>> {
    const key = s.row.key;
    const viaGateway = via === 'gateway';
    const data = this.load(s);
    const fullOf = new Map(data ? data.path.map((m, i) => [m.id, data.full[i]]) : []);
    const gatewayNote = `- **Preview only: OpenClaw owns this store, so the compaction goes through the Gateway** (\`sessions.compact\`). OpenClaw compacts with its own summary and settings (its cut, its keepRecentTokens); this plan shows what our planner would do, for comparison.`;
    const intro = [`Session \`${key}\` · ${s.era === 'sqlite' ? 'SQLite' : 'JSONL'} store`];
    const keptIds = new Set(plan.after.slice(1).map((m) => m.id));
    const droppedItems = plan.before.filter((m) => !keptIds.has(m.id));
    const pair = renderCompactionPreview(key, intro, { items: droppedItems, full: droppedItems.map((m) => fullOf.get(m.id)) }, { meta: plan.after[0]!, text: plan.summary }, { items: plan.after.slice(1), full: plan.keptFull });
    const before = this.docs.put(`${safe(key)}/before.md`, pair.before);
    const after = this.docs.put(`${safe(key)}/after.md`, pair.after);
    const report = this.docs.put(
      `${safe(key)}/quality.md`,
      qualityMarkdown(previewTitle(key, plan), plan.quality, plan.audit, [...previewLines(s.era, plan, via), ...(viaGateway ? [gatewayNote] : []), summaryBy(plan, summarizer, lm), ...summaryKindLines(plan, plan.kind === 'full' && input ? checkpointAlternative(s, input) : undefined), `- Cut: the kept tail starts at \`${plan.entry.firstKeptEntryId}\`${plan.cut.isSplitTurn ? ' (inside a turn: its start is summarised separately)' : ''}${smallestTailNote(plan)}`, `- Entry written: tokensBefore ${plan.entry.tokensBefore}, tokensAfter ${plan.entry.tokensAfter} (OpenClaw's chars/4)`]),
    );
    await vscode.commands.executeCommand('vscode.diff', before, after, `Compaction preview: ${key} (before ↔ after${viaGateway ? '; OpenClaw will compact with its own summary' : ''})`, { preview: true });
    await showMarkdownPreview(report, true);
    return { before, after, report };
  }

  /** What core's outcome means for the user: the messages, the documents, the L3 offer. */
  private async compactOutcome(s: SessionState, o: CoreCompactOutcome, docs: Pick<CompactOutcome, 'before' | 'after' | 'report'>): Promise<CompactOutcome> {
    const key = s.row.key;
    const base = { plan: 'plan' in o ? o.plan : undefined, ...docs };
    switch (o.status) {
      case 'nothing':
        void this.ui.info(`OpenClaw Context: nothing to compact in ${key}: ${o.reason}.`);
        return { status: 'nothing', reason: o.reason };
      case 'planned':
      case 'cancelled':
        return { ...base, status: 'cancelled', reason: o.noPlanReason };
      case 'written':
        return o.via === 'gateway' ? this.gatewayCompacted(s, o.gateway, base) : this.compacted(s, o.plan!, o.result, base);
    }
    if (o.code === 'breaker-open') return { status: 'refused', reason: 'circuit breaker open' };
    if (warnGroundRefusal(this.ui, o)) return { status: 'refused', reason: o.message };
    if (o.code === 'context-engine') {
      void this.ui.warn(`OpenClaw Context: ${o.message}`);
      return { status: 'refused', reason: o.message };
    }
    if (o.code === 'remote-unavailable') {
      const msg = remoteUnavailable(s, 'be compacted')!;
      void Promise.resolve(this.ui.warn(msg, CONNECT_BUTTON)).then(runGatewayButton);
      return { status: 'refused', reason: msg };
    }
    if (o.code === 'needs-gateway') {
      // our planner would not compact a store OpenClaw owns, and live mode has no connection to its Gateway
      const msg = `OpenClaw Context did not compact ${key}: our planner would not (${o.noPlanReason ?? 'no plan'}), and only OpenClaw can compact it now (${o.message.replace(/\.$/, '')}). Connect live mode to its Gateway, or run \`openclaw sessions compact ${key}\`.`;
      void say(this.ui, 'warn', `OpenClaw Context did not compact ${key}: only OpenClaw can compact it now.`, [msg], ...connectButtons(undefined)).then(runGatewayButton);
      return { ...base, status: 'refused', reason: msg };
    }
    if (o.status === 'failed' && o.code === 'gateway') {
      const f = reportGatewayFailure(this.ui, this.diag, `compact ${key}`, o.error, `compact ${key}`);
      return { ...base, status: f.info.kind === 'missing-scope' || f.info.kind === 'unauthorized' ? 'refused' : 'failed', reason: f.message, gateway: { error: f.message, ...(f.info.missingScope ? { missingScope: f.info.missingScope } : {}) } };
    }
    const result = o.result;
    const owned = !!result && isOwned(result);
    this.diag.report({ severity: 'warning', source: `compact ${key}`, message: `${o.code}: ${o.message}` });
    if (owned) {
      const buttons = result.ok || result.code !== 'owned' ? [] : connectButtons(result.ownership);
      const msg = `${o.message} Writing now would fail the session's next turn. Let OpenClaw do it instead: \`openclaw sessions compact ${key}\` (or /compact in the chat)${buttons.length ? ', or connect to the Gateway: live mode compacts through it' : ''}.`;
      void say(this.ui, 'warn', `OpenClaw Context did not compact ${key}: OpenClaw is using the session.`, [msg], ...buttons).then(runGatewayButton);
    } else void sayWhy(this.ui, 'error', `OpenClaw Context could not compact ${key}`, o.message);
    return { ...base, status: owned ? 'refused' : 'failed', result, reason: o.message };
  }

  /** Our writer compacted: the figures, and the L3 offer (MEMORY.md, memories/context.md, key files to re-read). */
  private compacted(s: SessionState, plan: CompactionPlan, result: WriteOk, base: Pick<CompactOutcome, 'before' | 'after' | 'report'>): CompactOutcome {
    const key = s.row.key;
    this.diag.info(`compacted ${key}: entry ${result.written[0]?.id} after ${result.previousLeafId} (context ${contextPairText(contextPair(plan))})`);
    for (const n of result.notes) this.diag.info(`  ${n}`);
    this.service.refreshNow();
    const ws = this.service.model.agentOf(s)?.agent.workspace;
    const family = familyFor(s.row.modelProvider, s.row.model ?? s.transcriptModel);
    const list = ws ? buildRestoreList(ws, plan.details, (t) => estimateTokens(t, family)) : undefined;
    const offer = list && list.entries.length ? 'Restore Key Files…' : undefined;
    const outcome: CompactOutcome = { ...base, status: 'compacted', plan, result };
    const chosen = say(this.ui, 'info', `OpenClaw Context: compacted ${key} (context ${contextPairText(contextPair(plan))}).`, result.notes, ...(offer ? [offer] : []));
    outcome.restoreOffer = Promise.resolve(chosen).then(async (c) => (c === offer && list ? this.restoreKeyFiles(s, list) : 'declined'));
    return outcome;
  }

  /** OpenClaw compacted through the Gateway: its summary (a document) and its tokens before → after. */
  private async gatewayCompacted(s: SessionState, r: GatewayCompaction, base: Pick<CompactOutcome, 'plan' | 'before' | 'after' | 'report'>): Promise<CompactOutcome> {
    const key = s.row.key;
    this.service.refreshNow();
    if (!r.compacted) {
      const why = r.reason ?? 'nothing to compact';
      void this.ui.info(`OpenClaw Context: the Gateway did not compact ${key}: ${why}.`);
      return { ...base, status: 'nothing', reason: why, gateway: {} };
    }
    const figures = `${r.tokensBefore !== undefined ? formatTokens(r.tokensBefore) : '?'} → ${r.tokensAfter !== undefined ? formatTokens(r.tokensAfter) : '?'} tokens`;
    this.diag.info(`compacted ${key} through the Gateway: ${figures}; first kept entry ${r.firstKeptEntryId ?? '?'}`);
    const text = `# Compaction by OpenClaw — ${key}\n\n- Compacted through the Gateway (sessions.compact), with OpenClaw's own summary and settings\n- Tokens: ${figures}\n- First kept entry: \`${r.firstKeptEntryId ?? '?'}\`\n\n---\n\n${r.summary}\n`;
    const summaryDoc = this.docs.put(`${safe(key)}/gateway-summary.md`, text);
    const doc = await vscode.workspace.openTextDocument(summaryDoc);
    await vscode.window.showTextDocument(await vscode.languages.setTextDocumentLanguage(doc, 'markdown'), { preview: true });
    void this.ui.info(`OpenClaw Context: OpenClaw compacted ${key} through the Gateway (${figures}); its summary is open.`);
    return { ...base, status: 'compacted', gateway: { summary: r.summary, tokensBefore: r.tokensBefore, tokensAfter: r.tokensAfter, firstKeptEntryId: r.firstKeptEntryId, summaryDoc } };
  }


  /** L3: append the restore list as one custom_message (preview + confirmation first; the preview closes after). */
  private restoreKeyFiles(s: SessionState, list: ReturnType<typeof buildRestoreList>): Promise<'restored' | 'cancelled' | 'refused'> {
    return closingPreviews(() => this.restoreKeyFilesFlow(s, list));
  }

  private async restoreKeyFilesFlow(s: SessionState, list: ReturnType<typeof buildRestoreList>): Promise<'restored' | 'cancelled' | 'refused'> {
    const text = renderRestoreInjection(list);
    const uri = this.docs.put(`${safe(s.row.key)}/restore-files.md`, text);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(await vscode.languages.setTextDocumentLanguage(doc, 'markdown'), { preview: true, viewColumn: vscode.ViewColumn.Beside, preserveFocus: true });
    const c = await this.ui.confirm(
      `Restore ${list.entries.length} file${list.entries.length === 1 ? '' : 's'} into ${s.row.key}?`,
      `${list.entries.map((e) => `${e.path} (~${e.tokens} tokens${e.truncated ? ', cut' : ''})`).join(', ')}: ~${list.totalTokens} tokens in one note the model sees on the next turn.`,
      'Restore',
    );
    if (c !== 'Restore') return 'cancelled';
    const target = this.service.model.writeTarget(s.uid);
    if (!target) return 'refused';
    const r = await appendToSession(target, [{ type: 'custom_message', customType: 'openclaw-context.restore-files', content: text, display: true, details: { files: list.entries.map((e) => e.path) } }]);
    if (!r.ok) {
      void this.ui.warn(`OpenClaw Context did not restore the files: ${r.message}`);
      return 'refused';
    }
    this.service.refreshNow();
    return 'restored';
  }

  resetBreaker(arg: unknown): boolean {
    const s = sessionFromArg(this.service, arg);
    if (!s || s.remote) return false;
    if (refusedUntrusted(this.ui, 'breaker')) return false;
    new CompactionBreaker(s.stateDir).reset(s.row.key);
    void this.ui.info(`OpenClaw Context: compaction of ${s.row.key} is enabled again.`);
    return true;
  }

  /** A compaction entry node of the Sessions view, or a session (its latest compaction). */
  private compactionOf(arg: unknown): { s: SessionState; c: EntryMeta } | undefined {
    if (arg instanceof EntryNode || (arg && typeof arg === 'object' && 'entry' in arg && 'uid' in arg)) {
      const n = arg as { uid: string; entry: EntryMeta };
      const s = this.service.model.get(n.uid);
      if (s && n.entry.kind === 'compaction') return { s, c: n.entry };
    }
    const s = sessionFromArg(this.service, arg);
    const c = s?.context?.compactions[s.context.compactions.length - 1];
    return s && c ? { s, c } : undefined;
  }


  /**
   * Undo Compaction: core/actions routes it (undoCompaction). JSONL: one branch marker (our writer). SQLite:
   * OpenClaw keeps the active path itself, so only its Gateway can; with a connection the user picks Rewind or Fork.
   */
  async undo(arg: unknown): Promise<UndoOutcome> {
    const x = this.compactionOf(arg);
    if (!x?.s.context) {
      void this.ui.info('OpenClaw Context: no compaction to undo.');
      return { status: 'refused', reason: 'no compaction' };
    }
    const { s, c } = x;
    let via: 'rewind' | 'fork' | undefined;
    if (s.era === 'sqlite' && liveAccess(this.live).current(s)) {
      const p = planUndoAction(s, { compactionId: c.id });
      if (!p.ok) {
        void this.ui.info(`OpenClaw Context: ${p.reason}.`);
        return { status: 'refused', reason: p.reason };
      }
      if (p.plan.kind !== 'gateway') return { status: 'refused', reason: SQLITE_UNDO_NEEDS_GATEWAY };
      via = await this.pickUndo(s, c, p.plan.user);
      if (!via) return { status: 'cancelled' };
      // preview: the context right before the compaction (what comes back) ↔ right after it
      await this.showDropped({ uid: s.uid, entry: c }).catch(() => undefined);
    }
    const confirm = async (pv: ActionPreview<UndoActionPlan>): Promise<boolean> => {
      if (pv.plan.kind === 'marker') {
        const p = undoPrompt(s.row.key, pv.plan.plan);
        return (await this.ui.confirm(p.message, p.detail, 'Undo Compaction')) === 'Undo Compaction';
      }
      const p = undoViaGatewayPrompt(s.row.key, c, pv.plan.user, pv.plan.via);
      return (await this.ui.confirm(p.message, p.detail, p.button)) === p.button;
    };
    const o = await runAction(this.service.model, this.live, confirm, (ctx) => undoCompaction(ctx, s, { compactionId: c.id, ...(via ? { via } : {}) }));
    const entryId = 'plan' in o && o.plan?.kind === 'gateway' ? o.plan.user.id : undefined;
    const gw = via ? { via, entryId } : {};
    if (o.status === 'cancelled' || o.status === 'planned') return { status: 'cancelled', ...gw };
    if (o.status === 'written' && o.via === 'gateway') return this.undoneViaGateway(s, c, via ?? 'rewind', entryId!, o.gateway);
    if (o.status === 'written') {
      this.service.refreshNow();
      void this.ui.info(`OpenClaw Context: the context of ${s.row.key} before that compaction is active again.`);
      return { status: 'undone', result: o.result };
    }
    if (o.status === 'nothing') return { status: 'refused', reason: o.reason };
    if (o.status === 'failed' && o.code === 'gateway') {
      const f = reportGatewayFailure(this.ui, this.diag, `undo compaction ${s.row.key}`, o.error, `${via} ${s.row.key}`);
      return { status: f.info.kind === 'missing-scope' || f.info.kind === 'unauthorized' ? 'refused' : 'failed', ...gw, reason: f.message };
    }
    if (warnGroundRefusal(this.ui, o)) return { status: 'refused', reason: o.message };
    if (s.era === 'sqlite' || !o.result) {
      void Promise.resolve(this.ui.info(`OpenClaw Context: ${o.message}`, ...(s.era === 'sqlite' ? connectButtons(undefined) : []))).then(runGatewayButton);
      return { status: 'refused', reason: o.message };
    }
    void this.ui.warn(`OpenClaw Context did not undo the compaction: ${o.message}`);
    return { status: isOwned(o.result) ? 'refused' : 'failed', result: o.result, reason: o.message };
  }

  /** Rewind (sessions.rewind: a new transcript generation from before the user message) or Fork (a new session). */
  private async pickUndo(s: SessionState, c: EntryMeta, user: EntryMeta): Promise<'rewind' | 'fork' | undefined> {
    const quoted = quote(user);
    const picked = await this.ui.pick(
      [
        { label: 'Rewind', description: 'sessions.rewind', detail: `${s.row.key} goes on from before ${quoted}, with the history before the compaction (OpenClaw starts a new transcript generation)`, via: 'rewind' as const },
        { label: 'Fork', description: 'sessions.fork', detail: `Keep both: a new session starts from before ${quoted}; ${s.row.key} keeps its compaction`, via: 'fork' as const },
      ],
      { title: `Undo compaction ${c.id.slice(0, 8)} of ${s.row.key} through the Gateway`, placeHolder: 'Rewind this session, or fork a new one from before the compaction' },
    );
    return picked?.via;
  }

  /** The Gateway undid it: the message it handed back (a document beside) and the copy buttons. */
  private async undoneViaGateway(s: SessionState, c: EntryMeta, via: 'rewind' | 'fork', entryId: string, r: GatewayUndo): Promise<UndoOutcome> {
    const { editorText, sessionKey } = r;
    this.diag.info(`${via} of ${s.row.key} through the Gateway at ${entryId} (before compaction ${c.id})${sessionKey ? `: new session ${sessionKey}` : ''}`);
    this.service.refreshNow();
    if (editorText) {
      const uri = this.docs.put(`${safe(s.row.key)}/${via}-message.md`, editorText);
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(doc, { preview: true, viewColumn: vscode.ViewColumn.Beside, preserveFocus: true });
    }
    const msg =
      via === 'rewind'
        ? `OpenClaw Context: ${s.row.key} is back before compaction ${c.id.slice(0, 8)} (rewound through the Gateway). The rewound message is open beside; send it again if you want.`
        : `OpenClaw Context: forked ${s.row.key} into ${sessionKey ?? 'a new session'} from before compaction ${c.id.slice(0, 8)}. The message at the fork point is open beside.`;
    const buttons = [...(editorText ? ['Copy Message'] : []), ...(sessionKey ? ['Copy Session Key'] : [])];
    void Promise.resolve(this.ui.info(msg, ...buttons)).then(async (b) => {
      if (b === 'Copy Message' && editorText) await vscode.env.clipboard.writeText(editorText);
      if (b === 'Copy Session Key' && sessionKey) await vscode.env.clipboard.writeText(sessionKey);
    });
    return { status: 'undone', via, entryId, editorText, sessionKey };
  }


  /** The compaction's JSON and what it replaced: the entries from the previous boundary up to its first kept entry. */
  private history(x: { s: SessionState; c: EntryMeta }): { entry?: Json; path: EntryMeta[]; full: Array<Json | undefined>; at: number } | undefined {
    const data = this.load(x.s);
    if (!data) return undefined;
    const at = data.path.findIndex((e) => e.id === x.c.id);
    if (at < 0) return undefined;
    return { entry: data.full[at], path: data.path, full: data.full, at };
  }

  async showSummary(arg: unknown): Promise<vscode.Uri | undefined> {
    const x = this.compactionOf(arg);
    const h = x && this.history(x);
    if (!x || !h?.entry) return undefined;
    const text = `# Compaction summary — ${x.s.row.key}\n\n- ${compactionOrigin(h.entry)} · ${x.c.timestamp ? new Date(x.c.timestamp).toISOString() : ''}\n- ${compactionFiguresLine(compactionFigure(x.c))}\n\n---\n\n${String(h.entry.summary ?? '')}\n`;
    const uri = this.docs.put(`${safe(x.s.row.key)}/summary-${x.c.id.slice(0, 8)}.md`, text);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(await vscode.languages.setTextDocumentLanguage(doc, 'markdown'), { preview: true });
    return uri;
  }

  /**
   * Show What the Compaction Dropped: the entries the compaction removed from the context (core compactionDrop:
   * the context right before it, cut at its first kept entry) and the summary that replaced them, in one
   * document. From the palette: the gauge's session, and a pick among its compactions when it has several.
   */
  async showDropped(arg: unknown): Promise<DroppedOutcome | undefined> {
    const x = arg === undefined ? await this.pickCompaction() : this.compactionOf(arg);
    if (!x) return undefined;
    const t0 = performance.now();
    const st = this.service.model.ensureTranscript(x.s.uid);
    const path = st?.context?.path ?? [];
    const d = compactionDrop(path, path.findIndex((e) => e.id === x.c.id));
    if (!d) {
      void this.ui.info(`OpenClaw Context: compaction ${x.c.id.slice(0, 8)} is no longer on the active path of ${x.s.row.key}.`);
      return undefined;
    }
    const full = this.service.model.loadEntries(x.s.uid, [...d.dropped, d.compaction]);
    const entry = full[full.length - 1];
    const figures = dropFiguresLine(d);
    const intro = [`- ${entry ? compactionOrigin(entry) : 'compaction'} · ${x.c.timestamp ? new Date(x.c.timestamp).toISOString() : ''}`, `- ${figures}${d.firstKeptMissing ? ' — its first kept entry is not on the path, so nothing before it was kept' : ''}`, '', '## Dropped'];
    const text = `${renderItemsDocument(`What compaction ${x.c.id.slice(0, 8)} dropped — ${x.s.row.key}`, intro, d.dropped, full.slice(0, -1))}\n\n## Replaced by this summary\n\n${String(entry?.summary ?? '_(no summary text)_')}\n`;
    const uri = this.docs.put(`${safe(x.s.row.key)}/dropped-${x.c.id.slice(0, 8)}.md`, text);
    const computeMs = performance.now() - t0;
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(await vscode.languages.setTextDocumentLanguage(doc, 'markdown'), { preview: true });
    const ms = performance.now() - t0;
    this.diag.info(`what compaction ${x.c.id.slice(0, 8)} of ${x.s.row.key} dropped: ${figures} in ${Math.round(computeMs)} ms (shown after ${Math.round(ms)} ms)`);
    return { uri, dropped: d.dropped.length, kept: d.kept.length, ms, computeMs };
  }

  /** The palette's compaction: the gauge's session's, picked when it has several (newest first). */
  private async pickCompaction(): Promise<{ s: SessionState; c: EntryMeta } | undefined> {
    const active = this.service.active();
    const s = active && this.service.model.ensureTranscript(active.uid);
    if (!s) {
      showNoSession(this.service, 'show a compaction of', this.ui);
      return undefined;
    }
    const cs = s.context?.compactions ?? [];
    if (!cs.length) {
      void this.ui.info(`OpenClaw Context: ${s.row.key} has not been compacted yet. Choose a compaction under a compacted session in the Sessions view, or compact this one with Compact Session….`);
      return undefined;
    }
    if (cs.length === 1) return { s, c: cs[0]! };
    const items = [...cs].reverse().map((c, i) => ({ label: `Compaction ${cs.length - i} of ${cs.length}`, description: c.timestamp ? new Date(c.timestamp).toISOString().replace('T', ' ').slice(0, 16) : '', detail: compactionFiguresLine(compactionFigure(c)), c }));
    const chosen = await this.ui.pick(items, { title: `What a compaction of ${s.row.key} dropped`, placeHolder: 'Which compaction? (newest first)' });
    return chosen ? { s, c: chosen.c } : undefined;
  }

  async showQuality(arg: unknown): Promise<vscode.Uri | undefined> {
    const x = this.compactionOf(arg);
    const h = x && this.history(x);
    if (!x || !h?.entry) return undefined;
    const kept = typeof h.entry.firstKeptEntryId === 'string' ? h.entry.firstKeptEntryId : '';
    const upTo = h.full.slice(0, h.at).filter((j): j is Json => !!j);
    const ci = kept ? compactionInputFromEntries(upTo, kept) : undefined;
    if (!ci) {
      void this.ui.info('OpenClaw Context: the entries this compaction summarised are not on the active path.');
      return undefined;
    }
    // the calibrated estimator, as every other surface counts an entry (the summary's size is the tree's)
    const family = familyFor(x.s.row.modelProvider, x.s.row.model ?? x.s.transcriptModel);
    const q = compactionQualityReport({ dropped: [...ci.messages, ...(ci.turnPrefixMessages ?? [])], summary: String(h.entry.summary ?? ''), kept: ci.keptMessages, ...(ci.previousSummary ? { previousSummary: ci.previousSummary } : {}), estimate: (m) => estimateMessage(m as Record<string, unknown>, family) });
    const uri = this.docs.put(`${safe(x.s.row.key)}/quality-${x.c.id.slice(0, 8)}.md`, qualityMarkdown(`Compaction quality — ${x.s.row.key}`, q, undefined, [`- ${compactionOrigin(h.entry)} · ${compactionFiguresLine(compactionFigure(x.c))}`]));
    return showMarkdownPreview(uri);
  }
}
