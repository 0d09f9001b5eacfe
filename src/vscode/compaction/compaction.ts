/**
 * Compact Session… / Undo Compaction / the compaction history actions. The plan is built in memory from
 * one read of the active path (core/compaction/plan.ts); the preview (a diff of the context before and
 * after, and the quality report) shows exactly the entry that is then written. Prompts go through `ui`
 * (shared with the checkpoints controller's shape) so the in-host tests can answer them.
 */
import { writableWorkspaceOrNone } from '../../core/memory/fsSafe';
import type { AgentInfo } from '../../core/store/config';
import * as vscode from 'vscode';
import type { Ui, UiSeam } from '../shared/ui';
import { Disposable } from '../shared/disposable';
import { PreviewDocuments } from '../shared/previewDocuments';
import type { DiagnosticsChannel } from '../shared/output';
import type { LiveGateway } from '../gateway/gatewayShared';
import { clientAfterRefusal, CONNECT_BUTTON, connectButtons, LiveActions, remoteUnavailable, reportGatewayFailure, routeFor, runGatewayButton } from '../gateway/liveActions';
import type { ContextService } from '../sessions/service';
import { EntryNode, sessionFromArg } from '../sessions/sessionsTree';
import { planCompaction, planCompactionWith, type CompactionPlan } from '../../core/compaction/plan';
import { compactionQualityReport } from '../../core/compaction/quality';
import { compactionInputFromEntries } from '../../core/compaction/summary/input';
import { planUndo } from '../../core/compaction/undo';
import { CompactionBreaker } from '../../core/compaction/breaker';
import { resolveContextPruningSettings } from '../../core/compaction/pruningSettings';
import { openClawContextView } from '../../core/compaction/pruning';
import { softTrimView } from '../../core/compaction/softTrim';
import { emergencyTrim } from '../../core/compaction/emergency';
import { estimateMessage } from '../../core/tokens/messageText';
import type { RuleSummary } from '../../core/compaction/messages';
import { projectEntryMessage } from '../../core/compaction/summary/input';
import { formatTokens } from '../../core/context/format';
import { buildRestoreList, renderRestoreInjection } from '../../core/compaction/restoreList';
import { estimateTokens, familyFor } from '../../core/tokens/estimator';
import { compactionOrigin, compactPrompt, qualityMarkdown, undoPrompt } from '../../core/compaction/viewModel';
import { renderItemsDocument } from '../../core/context/document';
import { contextItemsOf } from '../../core/context/rebuild';
import { planBasisOf, type SessionState } from '../../core/context/model';
import type { EntryMeta } from '../../core/store/types';
import { appendToSession } from '../../core/store/sessionWrite';
import type { PlanBasis, WriteResult } from '../../core/store/writeResult';
import type { GatewayClient } from '../../core/gateway/client';
import { languageModelSummarizer, type LmChoice } from './lmSummarizer';
import { readSettings } from '../shared/settings';

export const COMPACTION_DOC_SCHEME = 'openclaw-compaction';
type Json = Record<string, unknown>;

/** One line saying who wrote the summary (and why a requested model did not). */
function summaryBy(plan: CompactionPlan, setting: 'mechanical' | 'languageModel', lm: LmChoice): string {
  if (plan.source === 'model') return `- Summary written by the language model ${lm.model ?? ''} and checked with OpenClaw's quality rules`;
  if (setting === 'languageModel') return `- Summary: mechanical (the language model was not used: ${plan.fallbackReason ?? 'unknown'}${plan.error ? ` — ${plan.error}` : ''})`;
  return '- Summary: mechanical (no LLM; `openclawContext.compaction.summarizer` can enable a VS Code language model)';
}

const safe = (s: string) => s.replace(/[^a-zA-Z0-9._-]/g, '_').slice(0, 60) || 'session';

export interface CompactOutcome {
  status: 'compacted' | 'cancelled' | 'refused' | 'failed' | 'nothing';
  reason?: string;
  plan?: CompactionPlan;
  result?: WriteResult;
  before?: vscode.Uri;
  after?: vscode.Uri;
  report?: vscode.Uri;
  /** after a compaction: the L3 restore offer (resolves when the user answered it) */
  restoreOffer?: Promise<'restored' | 'cancelled' | 'refused' | 'declined'>;
  /** live mode: OpenClaw compacted through the Gateway (its own summary and figures, not our plan) */
  gateway?: { summary?: string; tokensBefore?: number; tokensAfter?: number; firstKeptEntryId?: string; summaryDoc?: vscode.Uri; error?: string; missingScope?: string };
}

export interface UndoOutcome {
  status: 'undone' | 'cancelled' | 'refused' | 'failed';
  reason?: string;
  result?: WriteResult;
  /** SQLite sessions, live: how the Gateway undid it */
  via?: 'rewind' | 'fork';
  /** the user message rewound to (sessions.rewind / sessions.fork entryId) */
  entryId?: string;
  /** the rewound message, returned to the editor by the Gateway */
  editorText?: string;
  /** fork: the new session's key */
  sessionKey?: string;
}

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
      reg('undoCompaction', (arg) => this.undo(arg)),
      reg('showCompactionSummary', (arg) => this.showSummary(arg)),
      reg('showCompactionDropped', (arg) => this.showDropped(arg)),
      reg('showCompactionQuality', (arg) => this.showQuality(arg)),
      reg('resetCompactionBreaker', (arg) => this.resetBreaker(arg)),
      reg('openTrimmedContext', (arg, which) => this.openTrimmedView(arg, which)),
      ...this.liveActions.register(),
    ];
  }

  /** One read of the active path's full entries (the preview and the write share it). */
  /** The active path with its full entries, and what a plan from it is made against (the write re-checks it). */
  private load(s: SessionState): { path: EntryMeta[]; full: Array<Json | undefined>; basis: PlanBasis | undefined } | undefined {
    const st = this.service.model.ensureTranscript(s.uid);
    if (!st?.context) return undefined;
    const path = st.context.path;
    return { path, full: this.service.model.loadEntries(s.uid, path), basis: planBasisOf(st) };
  }

  private keepRecentTokens(s: SessionState): number | undefined {
    const dir = this.service.model.stateDirs().find((d) => d.candidate.dir === s.stateDir);
    const c = (dir?.config.value as { agents?: { defaults?: { compaction?: { keepRecentTokens?: unknown } } } } | undefined)?.agents?.defaults?.compaction?.keepRecentTokens;
    return typeof c === 'number' && c > 0 ? c : undefined;
  }

  async compact(arg: unknown): Promise<CompactOutcome> {
    const s = sessionFromArg(this.service, arg);
    if (!s) {
      void this.ui.info('OpenClaw Context: no session to compact. Pick one in the Sessions view.');
      return { status: 'nothing', reason: 'no session' };
    }
    // a remote Gateway's session: only that Gateway can compact it (no local files, no breaker of ours)
    const remoteClient = s.remote ? this.live.clientFor(s.stateDir) : undefined;
    if (s.remote && !remoteClient) {
      const msg = remoteUnavailable(s, 'be compacted')!;
      void Promise.resolve(this.ui.warn(msg, CONNECT_BUTTON)).then(runGatewayButton);
      return { status: 'refused', reason: msg };
    }
    const breaker = s.remote ? undefined : new CompactionBreaker(s.stateDir);
    if (breaker?.isOpen(s.row.key)) {
      const st = breaker.status(s.row.key);
      const last = st.failures[st.failures.length - 1]?.reason ?? 'unknown';
      const c = await this.ui.warn(
        `OpenClaw Context: compaction of ${s.row.key} is paused after ${st.consecutiveFailures} failures in a row (last: ${last}). Only L1 trimming (views) is used until you reset it.`,
        'Reset and Compact',
      );
      if (c !== 'Reset and Compact') return { status: 'refused', reason: 'circuit breaker open' };
      breaker.reset(s.row.key);
    }
    const cfg = readSettings().compaction;
    const lm: LmChoice = {};
    const planned = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Planning the compaction of ${s.row.key}${cfg.summarizer === 'languageModel' ? ' (asking the language model)' : ''}…`, cancellable: cfg.summarizer === 'languageModel' }, async (_p, token) => {
      const data = this.load(s);
      if (!data) return { ok: false as const, reason: 'the transcript could not be read (see Show Diagnostics)' };
      const input = { path: data.path, full: data.full, tokensBefore: s.gauge.used, keepRecentTokens: this.keepRecentTokens(s) };
      let r;
      if (cfg.summarizer === 'languageModel') {
        const ctl = new AbortController();
        token.onCancellationRequested(() => ctl.abort());
        r = await planCompactionWith(input, { summarizer: languageModelSummarizer(cfg.languageModelFamily, lm), timeoutMs: cfg.modelTimeoutMs, signal: ctl.signal, contextWindow: s.gauge.window });
      } else r = planCompaction(input);
      return r.ok ? { ok: true as const, plan: r.plan, data } : r;
    });
    if (!planned.ok && remoteClient) {
      // the display history the Gateway sends may be too short for our planner; OpenClaw decides for itself
      const choice = await this.ui.confirm(
        `Compact ${s.row.key} through the Gateway?`,
        `The session is on the remote OpenClaw Gateway ${s.remote}: it compacts the session (sessions.compact) with OpenClaw's own summary and settings. Our planner has no preview to show (${planned.reason}).`,
        'Compact',
      );
      if (choice !== 'Compact') return { status: 'cancelled', reason: planned.reason };
      return this.compactViaGateway(s, remoteClient, { status: 'compacted' });
    }
    if (!planned.ok) {
      void this.ui.info(`OpenClaw Context: nothing to compact in ${s.row.key}: ${planned.reason}.`);
      return { status: 'nothing', reason: planned.reason };
    }
    const { plan, data } = planned;
    // live mode: when OpenClaw's Gateway owns the store (checked before anything is written), it compacts
    const route = await routeFor(this.live, s.stateDir);
    const gatewayNote = [
      `- **Preview only: OpenClaw owns this store, so the compaction goes through the Gateway** (\`sessions.compact\`). OpenClaw compacts with its own summary and settings (its cut, its keepRecentTokens); this plan shows what our planner would do, for comparison.`,
    ];
    // preview: before ↔ after, and the quality report
    const fullOf = new Map(data.path.map((m, i) => [m.id, data.full[i]]));
    const beforeFull = plan.before.map((m) => fullOf.get(m.id));
    const afterFull = [{ summary: plan.summary } as Json, ...plan.keptFull];
    const intro = [`Session \`${s.row.key}\` · ${s.era === 'sqlite' ? 'SQLite' : 'JSONL'} store`];
    const before = this.docs.put(`${safe(s.row.key)}/before.md`, renderItemsDocument(`Context before — ${s.row.key}`, intro, plan.before, beforeFull));
    const after = this.docs.put(`${safe(s.row.key)}/after.md`, renderItemsDocument(`Context after compaction — ${s.row.key}`, intro, plan.after, afterFull));
    const report = this.docs.put(
      `${safe(s.row.key)}/quality.md`,
      qualityMarkdown(`Compaction preview — ${s.row.key}`, plan.quality, plan.audit, [...(route ? gatewayNote : []), summaryBy(plan, cfg.summarizer, lm), `- Cut: the kept tail starts at \`${plan.entry.firstKeptEntryId}\`${plan.cut.isSplitTurn ? ' (inside a turn: its start is summarised separately)' : ''}`, `- Entry written: tokensBefore ${plan.entry.tokensBefore}, tokensAfter ${plan.entry.tokensAfter} (OpenClaw's chars/4)`]),
    );
    await vscode.commands.executeCommand('vscode.diff', before, after, `Compaction preview: ${s.row.key} (before ↔ after${route ? '; OpenClaw will compact with its own summary' : ''})`, { preview: true });
    const reportDoc = await vscode.workspace.openTextDocument(report);
    await vscode.window.showTextDocument(await vscode.languages.setTextDocumentLanguage(reportDoc, 'markdown'), { viewColumn: vscode.ViewColumn.Beside, preview: true, preserveFocus: true });
    if (route) {
      if (!(await this.confirmGatewayCompact(s, plan, route.ownership.reason))) return { status: 'cancelled', plan, before, after, report };
      return this.compactViaGateway(s, route.client, { status: 'compacted', plan, before, after, report });
    }
    const p = compactPrompt(s.row.key, s.era, plan);
    const choice = await this.ui.confirm(p.message, p.detail, 'Compact');
    if (choice !== 'Compact') return { status: 'cancelled', plan, before, after, report };
    const target = this.service.model.writeTarget(s.uid);
    if (!target) return { status: 'failed', reason: 'the store is not available', plan };
    const result = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Compacting ${s.row.key}…` }, () => appendToSession(target, [plan.entry], { expect: data.basis }));
    if (result.ok) {
      breaker?.recordSuccess(s.row.key);
      this.diag.info(`compacted ${s.row.key}: entry ${result.written[0]?.id} after ${result.previousLeafId} (${plan.quality.tokensBefore} → ${plan.quality.tokensAfter} est.)`);
      for (const n of result.notes) this.diag.info(`  ${n}`);
      this.service.refreshNow();
      // L3: offer the files to re-read after a compaction (MEMORY.md, memories/context.md, key files)
      const ws = this.workspaceOf(s);
      const family = familyFor(s.row.modelProvider, s.row.model ?? s.transcriptModel);
      const list = ws ? buildRestoreList(ws, plan.details, (t) => estimateTokens(t, family)) : undefined;
      const offer = list && list.entries.length ? 'Restore Key Files…' : undefined;
      const msg = `OpenClaw Context: compacted ${s.row.key} (~${plan.quality.tokensBefore.toLocaleString('en')} → ~${plan.quality.tokensAfter.toLocaleString('en')} tokens).${result.notes.length ? ` ${result.notes.join(' ')}` : ''}`;
      const outcome: CompactOutcome = { status: 'compacted', plan, result, before, after, report };
      const chosen = offer ? this.ui.info(msg, offer) : this.ui.info(msg);
      outcome.restoreOffer = Promise.resolve(chosen).then(async (c) => (c === offer && list ? this.restoreKeyFiles(s, list) : 'declined'));
      return outcome;
    }
    const owned = result.code === 'owned' || result.code === 'locked' || result.code === 'busy';
    // the Gateway took the store over between the check and the write: ask again, this time for the Gateway
    const late = clientAfterRefusal(this.live, s.stateDir, result);
    if (late) {
      if (!(await this.confirmGatewayCompact(s, plan, result.message))) return { status: 'cancelled', plan, result, before, after, report };
      return this.compactViaGateway(s, late, { status: 'compacted', plan, before, after, report });
    }
    if (!owned && result.code !== 'changed') {
      // errors.md only in a workspace the memory writers may write (never one standing in for a missing configured one)
      const f = breaker?.recordFailure(s.row.key, `${result.code}: ${result.message}`, { workspaceDir: writableWorkspaceOrNone(s.stateDir, this.agentOf(s)) });
      if (f?.opened) this.diag.report({ severity: 'error', source: `compact ${s.row.key}`, message: `circuit breaker opened after ${f.state.consecutiveFailures} failures${f.errorsLog?.status === 'appended' ? ` (logged to ${f.errorsLog.file})` : ''}` });
    }
    this.diag.report({ severity: 'warning', source: `compact ${s.row.key}`, message: `${result.code}: ${result.message}` });
    if (owned) {
      const buttons = result.code === 'owned' ? connectButtons(result.ownership) : [];
      const msg = `OpenClaw Context did not compact ${s.row.key}: ${result.message} Writing now would fail the session's next turn. Let OpenClaw do it instead: \`openclaw sessions compact ${s.row.key}\` (or /compact in the chat)${buttons.length ? ', or connect to the Gateway: live mode compacts through it' : ''}.`;
      void Promise.resolve(this.ui.warn(msg, ...buttons)).then(runGatewayButton);
    } else void this.ui.error(`OpenClaw Context could not compact ${s.row.key}: ${result.message}`);
    return { status: owned ? 'refused' : 'failed', plan, result, reason: result.message };
  }

  /** The modal confirmation of a compaction through the Gateway (same preview, its own wording). */
  private async confirmGatewayCompact(s: SessionState, plan: CompactionPlan, why: string): Promise<boolean> {
    const p = compactPrompt(s.row.key, s.era, plan);
    const choice = await this.ui.confirm(
      `Compact ${s.row.key} through the Gateway?`,
      `OpenClaw owns the store (${why.replace(/\.$/, '')}), so this extension does not write it: the OpenClaw Gateway compacts the session (sessions.compact) with OpenClaw's own summary and settings. ` +
        `The preview shows our plan for comparison; OpenClaw's cut and summary will differ.\n\nOur plan: ${p.detail.split('\n\n')[0]}`,
      'Compact',
    );
    return choice === 'Compact';
  }

  /** sessions.compact, then OpenClaw's summary (a document) and its tokens before → after. */
  private async compactViaGateway(s: SessionState, client: GatewayClient, base: CompactOutcome): Promise<CompactOutcome> {
    const key = s.row.key;
    let r;
    try {
      r = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Compacting ${key} through the Gateway (OpenClaw writes the summary)…` }, () => client.sessionsCompact({ key, agentId: s.agentId }));
    } catch (err) {
      const f = reportGatewayFailure(this.ui, this.diag, `compact ${key}`, err, `compact ${key}`);
      return { ...base, status: f.info.kind === 'missing-scope' || f.info.kind === 'unauthorized' ? 'refused' : 'failed', reason: f.message, gateway: { error: f.message, ...(f.info.missingScope ? { missingScope: f.info.missingScope } : {}) } };
    }
    this.service.refreshNow();
    if (!r.compacted || !r.result) {
      const why = r.reason ?? (r.kept !== undefined ? `it kept all ${r.kept} lines` : 'nothing to compact');
      void this.ui.info(`OpenClaw Context: the Gateway did not compact ${key}: ${why}.`);
      return { ...base, status: 'nothing', reason: why, gateway: {} };
    }
    const res = r.result;
    // the RPC answer has no tokensAfter (test/interop/README.md, sessions.compact): read it from OpenClaw's entry
    let tokensAfter = res.tokensAfter;
    if (tokensAfter === undefined) {
      const data = this.load(s);
      const i = data ? data.path.map((m) => m.kind).lastIndexOf('compaction') : -1;
      if (data && i >= 0 && data.full[i]?.summary === res.summary) tokensAfter = data.path[i]!.tokensAfter;
    }
    if (!s.remote) new CompactionBreaker(s.stateDir).recordSuccess(key);
    const figures = `${res.tokensBefore !== undefined ? res.tokensBefore.toLocaleString('en') : '?'} → ${tokensAfter !== undefined ? tokensAfter.toLocaleString('en') : '?'} tokens`;
    this.diag.info(`compacted ${key} through the Gateway: ${figures}; first kept entry ${res.firstKeptEntryId ?? '?'}`);
    const text = `# Compaction by OpenClaw — ${key}\n\n- Compacted through the Gateway (sessions.compact), with OpenClaw's own summary and settings\n- Tokens: ${figures}\n- First kept entry: \`${res.firstKeptEntryId ?? '?'}\`\n\n---\n\n${res.summary}\n`;
    const summaryDoc = this.docs.put(`${safe(key)}/gateway-summary.md`, text);
    const doc = await vscode.workspace.openTextDocument(summaryDoc);
    await vscode.window.showTextDocument(await vscode.languages.setTextDocumentLanguage(doc, 'markdown'), { preview: true });
    void this.ui.info(`OpenClaw Context: OpenClaw compacted ${key} through the Gateway (${figures}). Its summary is open; our plan was the preview.`);
    return { ...base, status: 'compacted', gateway: { summary: res.summary, tokensBefore: res.tokensBefore, tokensAfter, firstKeptEntryId: res.firstKeptEntryId, summaryDoc } };
  }

  private agentOf(s: SessionState): AgentInfo | undefined {
    return this.service.model
      .stateDirs()
      .find((d) => d.candidate.dir === s.stateDir)
      ?.agents.find((a) => a.agent.id === s.agentId)?.agent;
  }

  private workspaceOf(s: SessionState): string | undefined {
    return this.agentOf(s)?.workspace;
  }

  /** L3: append the restore list as one custom_message (preview + confirmation first). */
  private async restoreKeyFiles(s: SessionState, list: ReturnType<typeof buildRestoreList>): Promise<'restored' | 'cancelled' | 'refused'> {
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

  /**
   * The active context through an in-memory view, as a diff against the context as stored: what OpenClaw
   * sends (cache-TTL pruning when configured, then the tool-result guard) or seed 000's L1 soft trim.
   * Nothing is written.
   */
  async openTrimmedView(arg: unknown, which?: unknown): Promise<{ kind: 'openclaw' | 'l1' | 'l5'; original: vscode.Uri; view: vscode.Uri; rules: RuleSummary[] } | undefined> {
    const s = sessionFromArg(this.service, arg);
    const st = s && this.service.model.ensureTranscript(s.uid);
    if (!s || !st?.context) {
      void this.ui.info('OpenClaw Context: no session to show.');
      return undefined;
    }
    let kind: 'openclaw' | 'l1' | 'l5' | undefined = which === 'openclaw' || which === 'l1' || which === 'l5' ? which : undefined;
    if (!kind) {
      const p = await this.ui.pick(
        [
          { label: 'What OpenClaw sends', description: 'context pruning (when configured) + tool-result guard', kind2: 'openclaw' as const },
          { label: 'L1 soft trim (seed 000)', description: 'long tool outputs and file reads trimmed, older tool records one line each', kind2: 'l1' as const },
          { label: 'L5 emergency trim (seed 000)', description: 'the oldest turns dropped, 2 at a time, until the context is under the compaction line', kind2: 'l5' as const },
        ],
        { title: 'Trimmed view of the active context (nothing is written)' },
      );
      kind = p?.kind2;
    }
    if (!kind) return undefined;
    const items = st.context.items;
    const full = this.service.model.loadEntries(s.uid, items);
    const msgs = items.map((m, i) => (m.kind === 'compaction' ? { role: 'compactionSummary', summary: String(full[i]?.summary ?? ''), timestamp: m.timestamp } : (projectEntryMessage(full[i]) ?? { role: 'unknown', content: '' })));
    const family = familyFor(s.row.modelProvider, s.row.model ?? s.transcriptModel);
    let viewMsgs: Json[];
    let rules: RuleSummary[];
    let head: string[];
    if (kind === 'openclaw') {
      const dir = this.service.model.stateDirs().find((d) => d.candidate.dir === s.stateDir);
      const raw = (dir?.config.value as { agents?: { defaults?: { contextPruning?: unknown } } } | undefined)?.agents?.defaults?.contextPruning;
      const settings = resolveContextPruningSettings(raw) ?? null;
      const v = openClawContextView(msgs, { contextWindowTokens: s.gauge.window, settings, family });
      viewMsgs = v.messages;
      rules = [...v.pruning.rules, ...v.guard.rules];
      head = [
        `- Context pruning: ${settings ? `cache-ttl (${v.pruning.skipped ? `skipped: ${v.pruning.skipped}` : 'applied as if the cache had expired'})` : 'off in this config (`agents.defaults.contextPruning.mode` is not `cache-ttl`)'}`,
        `- Tool-result guard: window ${formatTokens(s.gauge.window)}${v.guard.overflow ? ' — **the context would still overflow**' : ''}`,
      ];
    } else if (kind === 'l5') {
      const messageTokens = msgs.reduce((n, m) => n + estimateMessage(m as Json, family), 0);
      const overheadTokens = Math.max(0, Math.round(s.gauge.used - messageTokens));
      const v = emergencyTrim(msgs, { budget: s.gauge.compactionAt, overheadTokens, family });
      const kept = new Set(v.messages);
      viewMsgs = msgs;
      const keptIdx = msgs.map((m, i) => (kept.has(m) ? i : -1)).filter((i) => i >= 0);
      const dropped = msgs.map((_, i) => i).filter((i) => !kept.has(msgs[i]!));
      rules = dropped.length ? [{ rule: 'l5.dropTurns', indices: dropped, chars: { before: 0, after: 0 }, tokens: { before: v.tokensBefore, after: v.tokensAfter } }] : [];
      head = [
        `- Budget: the compaction line, ${formatTokens(s.gauge.compactionAt)} tokens (with ~${formatTokens(overheadTokens)} of system prompt, files and tools on top of the messages)`,
        `- ${v.steps} step${v.steps === 1 ? '' : 's'}: ${v.droppedMessages} message${v.droppedMessages === 1 ? '' : 's'} in ${v.dropped.length} turn${v.dropped.length === 1 ? '' : 's'} dropped; ~${formatTokens(v.tokensBefore)} → ~${formatTokens(v.tokensAfter)} tokens; ${v.fits ? 'fits' : '**still does not fit**'}`,
        '- In an emergency the engine first writes the last assistant conclusion to `memories/context.md`; this view writes nothing.',
      ];
      const original = this.docs.put(`${safe(s.row.key)}/stored.md`, renderItemsDocument(`Active context as stored — ${s.row.key}`, [], items, full));
      const view = this.docs.put(`${safe(s.row.key)}/l5.md`, renderItemsDocument(`L5 emergency trim — ${s.row.key}`, head, keptIdx.map((i) => items[i]!), keptIdx.map((i) => full[i])));
      await vscode.commands.executeCommand('vscode.diff', original, view, `L5 emergency trim: ${s.row.key} (stored ↔ view; nothing is written)`);
      return { kind, original, view, rules };
    } else {
      const v = softTrimView(msgs, { family });
      viewMsgs = v.messages;
      rules = v.report.rules;
      head = [`- ${v.report.records.length} tool records; the newest ${v.report.recent.length} stay records, older ones become one line`];
    }
    const lines = [...head, ...rules.map((r) => `- \`${r.rule}\`: ${r.indices.length} message${r.indices.length === 1 ? '' : 's'}, ~${formatTokens(r.tokens.before)} → ~${formatTokens(r.tokens.after)} tokens`)];
    if (!rules.length) lines.push('- Nothing to trim in this context.');
    const viewFull = items.map((m, i) => (m.kind === 'message' && full[i] ? { ...full[i]!, message: viewMsgs[i] } : m.kind === 'compaction' ? { ...(full[i] ?? {}), summary: String((viewMsgs[i] as { summary?: unknown }).summary ?? full[i]?.summary ?? '') } : full[i]));
    const title = kind === 'openclaw' ? 'What OpenClaw sends' : 'L1 soft trim';
    const original = this.docs.put(`${safe(s.row.key)}/stored.md`, renderItemsDocument(`Active context as stored — ${s.row.key}`, [], items, full));
    const view = this.docs.put(`${safe(s.row.key)}/${kind}.md`, renderItemsDocument(`${title} — ${s.row.key}`, lines, items, viewFull));
    await vscode.commands.executeCommand('vscode.diff', original, view, `${title}: ${s.row.key} (stored ↔ view; nothing is written)`);
    return { kind, original, view, rules };
  }

  resetBreaker(arg: unknown): boolean {
    const s = sessionFromArg(this.service, arg);
    if (!s || s.remote) return false;
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

  async undo(arg: unknown): Promise<UndoOutcome> {
    const x = this.compactionOf(arg);
    if (!x?.s.context) {
      void this.ui.info('OpenClaw Context: no compaction to undo.');
      return { status: 'refused', reason: 'no compaction' };
    }
    if (x.s.era === 'sqlite') {
      // OpenClaw keeps the active path of SQLite sessions itself: only its Gateway can undo a compaction
      let client: GatewayClient | undefined;
      try {
        client = this.live.clientFor(x.s.stateDir);
      } catch {
        client = undefined;
      }
      if (client) return this.undoViaGateway(x.s, x.c, client);
      const r = planUndo(x.s.context, x.s.era, x.c.id);
      const reason = r.ok ? 'only the Gateway can undo a compaction of an SQLite session' : r.reason;
      void Promise.resolve(this.ui.info(`OpenClaw Context: ${reason}`, ...connectButtons(undefined))).then(runGatewayButton);
      return { status: 'refused', reason };
    }
    const basis = planBasisOf(x.s);
    const r = planUndo(x.s.context, x.s.era, x.c.id);
    if (!r.ok) {
      void this.ui.info(`OpenClaw Context: ${r.reason}`);
      return { status: 'refused', reason: r.reason };
    }
    const p = undoPrompt(x.s.row.key, r.plan);
    if ((await this.ui.confirm(p.message, p.detail, 'Undo Compaction')) !== 'Undo Compaction') return { status: 'cancelled' };
    const target = this.service.model.writeTarget(x.s.uid);
    if (!target) return { status: 'failed', reason: 'the store is not available' };
    const result = await appendToSession(target, [r.plan.entry], { branchFrom: r.plan.branchFrom, expect: basis });
    if (result.ok) {
      this.service.refreshNow();
      void this.ui.info(`OpenClaw Context: the context of ${x.s.row.key} before that compaction is active again.`);
      return { status: 'undone', result };
    }
    void this.ui.warn(`OpenClaw Context did not undo the compaction: ${result.message}`);
    return { status: result.code === 'owned' || result.code === 'locked' ? 'refused' : 'failed', result, reason: result.message };
  }

  /**
   * Undo a compaction of an SQLite session through the Gateway: Rewind (sessions.rewind: the session goes
   * on from before the last user message ahead of the compaction, a new transcript generation; the real
   * Gateway then sends the full pre-compaction history, test/interop/README.md) or Fork (sessions.fork: a new
   * session from that point; this one keeps its compaction). Either way that user message comes back as
   * editor text, not re-sent. The fork point must be on the active path: the message is taken from it.
   */
  private async undoViaGateway(s: SessionState, c: EntryMeta, client: GatewayClient): Promise<UndoOutcome> {
    const path = s.context?.path ?? [];
    const at = path.findIndex((e) => e.id === c.id);
    const user = at > 0 ? path.slice(0, at).filter((e) => e.kind === 'message' && e.role === 'user').pop() : undefined;
    if (!user) {
      const reason = at < 0 ? `compaction ${c.id} is not on the active path of ${s.row.key}` : `there is no user message before compaction ${c.id} to go back to`;
      void this.ui.info(`OpenClaw Context: ${reason}.`);
      return { status: 'refused', reason };
    }
    const quoted = `“${user.preview.replace(/\s+/g, ' ').trim().slice(0, 80)}${user.preview.length > 80 ? '…' : ''}”`;
    const picked = await this.ui.pick(
      [
        { label: 'Rewind', description: 'sessions.rewind', detail: `${s.row.key} goes on from before ${quoted}, with the history before the compaction (OpenClaw starts a new transcript generation)`, via: 'rewind' as const },
        { label: 'Fork', description: 'sessions.fork', detail: `Keep both: a new session starts from before ${quoted}; ${s.row.key} keeps its compaction`, via: 'fork' as const },
      ],
      { title: `Undo compaction ${c.id.slice(0, 8)} of ${s.row.key} through the Gateway`, placeHolder: 'Rewind this session, or fork a new one from before the compaction' },
    );
    if (!picked) return { status: 'cancelled' };
    const via = picked.via;
    // preview: the context right before the compaction (what comes back) ↔ right after it
    await this.showDropped({ uid: s.uid, entry: c }).catch(() => undefined);
    const tokens = c.tokensBefore !== undefined ? ` (~${formatTokens(c.tokensBefore)} tokens before it)` : '';
    const common = `The user message ${user.id} ${quoted} is not re-sent: the Gateway hands it back as editor text, to copy and send again if you want. Nothing is deleted.`;
    const ok = await this.ui.confirm(
      via === 'rewind' ? `Rewind ${s.row.key} to before compaction ${c.id.slice(0, 8)} through the Gateway?` : `Fork ${s.row.key} from before compaction ${c.id.slice(0, 8)} through the Gateway?`,
      via === 'rewind'
        ? `OpenClaw's sessions.rewind makes the context before the compaction${tokens} active again: the session continues from the entry before ${user.id}, in a new transcript generation (new session id; the old one stays in the store). ${common}`
        : `OpenClaw's sessions.fork creates a new session with the history before ${user.id}, i.e. the context before the compaction${tokens}. ${s.row.key} is not changed. ${common}`,
      via === 'rewind' ? 'Rewind' : 'Fork',
    );
    if (ok !== (via === 'rewind' ? 'Rewind' : 'Fork')) return { status: 'cancelled', via, entryId: user.id };
    try {
      const params = { sessionKey: s.row.key, entryId: user.id, agentId: s.agentId };
      const r = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `${via === 'rewind' ? 'Rewinding' : 'Forking'} ${s.row.key} through the Gateway…` }, () =>
        via === 'rewind' ? client.sessionsRewind(params) : client.sessionsFork(params),
      );
      const editorText = r.editorText;
      const sessionKey = via === 'fork' ? (r as { sessionKey?: string }).sessionKey : undefined;
      this.diag.info(`${via} of ${s.row.key} through the Gateway at ${user.id} (before compaction ${c.id})${sessionKey ? `: new session ${sessionKey}` : ''}`);
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
      return { status: 'undone', via, entryId: user.id, editorText, sessionKey };
    } catch (err) {
      const f = reportGatewayFailure(this.ui, this.diag, `undo compaction ${s.row.key}`, err, `${via} ${s.row.key}`);
      return { status: f.info.kind === 'missing-scope' || f.info.kind === 'unauthorized' ? 'refused' : 'failed', via, entryId: user.id, reason: f.message };
    }
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
    const text = `# Compaction summary — ${x.s.row.key}\n\n- ${compactionOrigin(h.entry)} · ${x.c.timestamp ? new Date(x.c.timestamp).toISOString() : ''}\n- tokens before ${x.c.tokensBefore ?? '?'} → after ${x.c.tokensAfter ?? '?'}\n\n---\n\n${String(h.entry.summary ?? '')}\n`;
    const uri = this.docs.put(`${safe(x.s.row.key)}/summary-${x.c.id.slice(0, 8)}.md`, text);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(await vscode.languages.setTextDocumentLanguage(doc, 'markdown'), { preview: true });
    return uri;
  }

  /** The context right before the compaction ↔ right after it (what it dropped and what replaced it). */
  async showDropped(arg: unknown): Promise<{ before: vscode.Uri; after: vscode.Uri } | undefined> {
    const x = this.compactionOf(arg);
    const h = x && this.history(x);
    if (!x || !h?.entry) return undefined;
    const upTo = h.path.slice(0, h.at); // the path as it was when the compaction was written
    const before = contextItemsOf(upTo).items;
    const after = contextItemsOf(h.path.slice(0, h.at + 1)).items;
    const fullOf = new Map(h.path.map((m, i) => [m.id, h.full[i]]));
    const intro = [`Compaction \`${x.c.id}\` of \`${x.s.row.key}\` · ${compactionOrigin(h.entry)}`];
    const b = this.docs.put(`${safe(x.s.row.key)}/before-${x.c.id.slice(0, 8)}.md`, renderItemsDocument('Context right before the compaction', intro, before, before.map((m) => fullOf.get(m.id))));
    const a = this.docs.put(`${safe(x.s.row.key)}/after-${x.c.id.slice(0, 8)}.md`, renderItemsDocument('Context right after the compaction', intro, after, after.map((m) => fullOf.get(m.id))));
    await vscode.commands.executeCommand('vscode.diff', b, a, `What compaction ${x.c.id.slice(0, 8)} dropped (${x.s.row.key})`);
    return { before: b, after: a };
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
    const q = compactionQualityReport({ dropped: [...ci.messages, ...(ci.turnPrefixMessages ?? [])], summary: String(h.entry.summary ?? ''), kept: ci.keptMessages, ...(ci.previousSummary ? { previousSummary: ci.previousSummary } : {}) });
    const uri = this.docs.put(`${safe(x.s.row.key)}/quality-${x.c.id.slice(0, 8)}.md`, qualityMarkdown(`Compaction quality — ${x.s.row.key}`, q, undefined, [`- ${compactionOrigin(h.entry)}; recorded tokens ${x.c.tokensBefore ?? '?'} → ${x.c.tokensAfter ?? '?'}`]));
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(await vscode.languages.setTextDocumentLanguage(doc, 'markdown'), { preview: true });
    return uri;
  }
}
