/**
 * Open Trimmed Context…: the active context through an in-memory view (what OpenClaw sends, L1 soft trim, L5
 * emergency trim), as a diff against the context as stored. Nothing is written.
 */
import { TRIMMED_VIEWS } from '../../core/compaction/viewModel';
import * as vscode from 'vscode';
import { resolveContextPruningSettings } from '../../core/compaction/pruningSettings';
import { openClawContextView } from '../../core/compaction/pruning';
import { softTrimView } from '../../core/compaction/softTrim';
import { emergencyTrim } from '../../core/compaction/emergency';
import type { RuleSummary } from '../../core/compaction/messages';
import { projectEntryMessage } from '../../core/compaction/summary/input';
import { formatTokens } from '../../core/context/format';
import { renderItemsDocument } from '../../core/context/document';
import { estimateMessage } from '../../core/tokens/messageText';
import { familyFor } from '../../core/tokens/estimator';
import type { PreviewDocuments } from '../shared/previewDocuments';
import type { Ui } from '../shared/ui';
import type { ContextService } from '../sessions/service';
import { chooseSession } from '../sessions/sessionPicker';
import { engineGuard } from '../../core/actions';

type Json = Record<string, unknown>;
export type TrimmedKind = 'openclaw' | 'l1' | 'l5';
const safe = (s: string) => s.replace(/[^a-zA-Z0-9._-]/g, '_').slice(0, 60) || 'session';

/**
 * The active context through an in-memory view, as a diff against the context as stored: what OpenClaw
 * sends (cache-TTL pruning when configured, then the tool-result guard) or seed 000's L1 soft trim.
 * Nothing is written.
 */
export async function openTrimmedView(service: ContextService, docs: PreviewDocuments, ui: Ui, arg: unknown, which?: unknown): Promise<{ kind: TrimmedKind; original: vscode.Uri; view: vscode.Uri; rules: RuleSummary[] } | undefined> {
  const { session: s, cancelled } = await chooseSession(service, ui, arg, 'Open a trimmed view of');
  const st = s && service.model.ensureTranscript(s.uid);
  if (!s || !st?.context) {
    if (!cancelled) void ui.info('OpenClaw Context: no session to show.');
    return undefined;
  }
  let kind: 'openclaw' | 'l1' | 'l5' | undefined = which === 'openclaw' || which === 'l1' || which === 'l5' ? which : undefined;
  if (!kind) {
    const p = await ui.pick(
      (['openclaw', 'l1', 'l5'] as const).map((k) => ({ label: TRIMMED_VIEWS[k].title, description: TRIMMED_VIEWS[k].description, kind2: k })),
      { title: 'Trimmed view of the active context (nothing is written)' },
    );
    kind = p?.kind2;
  }
  if (!kind) return undefined;
  // a context-engine plugin assembles what the model sees: say so, in the view and beside it
  const note = engineGuard(service.model, s, 'trimmed-view')?.message;
  if (note) void ui.warn(`OpenClaw Context: ${note}`);
  const caveat = note ? [`- **Note:** ${note}`] : [];
  const items = st.context.items;
  const full = service.model.loadEntries(s.uid, items);
  const msgs = items.map((m, i) => (m.kind === 'compaction' ? { role: 'compactionSummary', summary: String(full[i]?.summary ?? ''), timestamp: m.timestamp } : (projectEntryMessage(full[i]) ?? { role: 'unknown', content: '' })));
  const family = familyFor(s.row.modelProvider, s.row.model ?? s.transcriptModel);
  let viewMsgs: Json[];
  let rules: RuleSummary[];
  let head: string[];
  if (kind === 'openclaw') {
    const dir = service.model.stateDirOf(s);
    const raw = (dir?.config.value as { agents?: { defaults?: { contextPruning?: unknown } } } | undefined)?.agents?.defaults?.contextPruning;
    const settings = resolveContextPruningSettings(raw) ?? null;
    const v = openClawContextView(msgs, { contextWindowTokens: s.figures.window, settings, family });
    viewMsgs = v.messages;
    rules = [...v.pruning.rules, ...v.guard.rules];
    head = [
      `- Context pruning: ${settings ? `cache-ttl (${v.pruning.skipped ? `skipped: ${v.pruning.skipped}` : 'applied as if the cache had expired'})` : 'off in this config (`agents.defaults.contextPruning.mode` is not `cache-ttl`)'}`,
      `- Tool-result guard: window ${formatTokens(s.figures.window)}${v.guard.overflow ? ' — **the context would still overflow**' : ''}`,
    ];
  } else if (kind === 'l5') {
    const messageTokens = msgs.reduce((n, m) => n + estimateMessage(m as Json, family), 0);
    const overheadTokens = Math.max(0, Math.round(s.figures.used - messageTokens));
    const v = emergencyTrim(msgs, { budget: s.figures.compactionAt, overheadTokens, family });
    const kept = new Set(v.messages);
    viewMsgs = msgs;
    const keptIdx = msgs.map((m, i) => (kept.has(m) ? i : -1)).filter((i) => i >= 0);
    const dropped = msgs.map((_, i) => i).filter((i) => !kept.has(msgs[i]!));
    rules = dropped.length ? [{ rule: 'l5.dropTurns', indices: dropped, chars: { before: 0, after: 0 }, tokens: { before: v.tokensBefore, after: v.tokensAfter } }] : [];
    head = [
      `- Budget: the compaction line, ${formatTokens(s.figures.compactionAt)} tokens (with ~${formatTokens(overheadTokens)} of system prompt, files and tools on top of the messages)`,
      `- ${v.steps} step${v.steps === 1 ? '' : 's'}: ${v.droppedMessages} message${v.droppedMessages === 1 ? '' : 's'} in ${v.dropped.length} turn${v.dropped.length === 1 ? '' : 's'} dropped; ~${formatTokens(v.tokensBefore)} → ~${formatTokens(v.tokensAfter)} tokens; ${v.fits ? 'fits' : '**still does not fit**'}`,
      '- In an emergency the engine first writes the last assistant conclusion to `memories/context.md`; this view writes nothing.',
    ];
    const original = docs.put(`${safe(s.row.key)}/stored.md`, renderItemsDocument(`Active context as stored — ${s.row.key}`, [], items, full));
    const view = docs.put(`${safe(s.row.key)}/l5.md`, renderItemsDocument(`${TRIMMED_VIEWS.l5.title} — ${s.row.key}`, [...caveat, ...head], keptIdx.map((i) => items[i]!), keptIdx.map((i) => full[i])));
    await vscode.commands.executeCommand('vscode.diff', original, view, `${TRIMMED_VIEWS.l5.title}: ${s.row.key} (stored ↔ view; nothing is written)`);
    return { kind, original, view, rules };
  } else {
    const v = softTrimView(msgs, { family });
    viewMsgs = v.messages;
    rules = v.report.rules;
    head = [`- ${v.report.records.length} tool records; the newest ${v.report.recent.length} stay records, older ones become one line`];
  }
  const lines = [...caveat, ...head, ...rules.map((r) => `- \`${r.rule}\`: ${r.indices.length} message${r.indices.length === 1 ? '' : 's'}, ~${formatTokens(r.tokens.before)} → ~${formatTokens(r.tokens.after)} tokens`)];
  if (!rules.length) lines.push('- Nothing to trim in this context.');
  const viewFull = items.map((m, i) => (m.kind === 'message' && full[i] ? { ...full[i]!, message: viewMsgs[i] } : m.kind === 'compaction' ? { ...(full[i] ?? {}), summary: String((viewMsgs[i] as { summary?: unknown }).summary ?? full[i]?.summary ?? '') } : full[i]));
  const title = TRIMMED_VIEWS[kind].title;
  const original = docs.put(`${safe(s.row.key)}/stored.md`, renderItemsDocument(`Active context as stored — ${s.row.key}`, [], items, full));
  const view = docs.put(`${safe(s.row.key)}/${kind}.md`, renderItemsDocument(`${title} — ${s.row.key}`, lines, items, viewFull));
  await vscode.commands.executeCommand('vscode.diff', original, view, `${title}: ${s.row.key} (stored ↔ view; nothing is written)`);
  return { kind, original, view, rules };
}
