/**
 * Texts of the compaction preview, confirmation and history (pure; the vscode layer renders them).
 */
import { formatTokens } from '../context/format';
import type { AuditResult } from './summary/audit';
import type { CompactionQualityReport } from './quality';
import type { CompactionPlan } from './plan';
import type { UndoPlan } from './undo';
import type { EntryMeta } from '../store/types';

type Json = Record<string, unknown>;

const pct = (x: number) => `${Math.round(x * 100)}%`;
const survival = (name: string, s: { found: number; kept: number; lost?: readonly string[] }) => {
  const lost = s.lost?.length ? ` — lost: ${s.lost.slice(0, 5).map((x) => `\`${x.replace(/`/g, "'").slice(0, 80)}\``).join(', ')}${s.lost.length > 5 ? ` and ${s.lost.length - 5} more` : ''}` : '';
  return `| ${name} | ${s.found} | ${s.kept} |${lost ? ` ${lost.slice(3)}` : ''}`;
};

/** The quality report as Markdown (the preview shows it beside the diff; the history node too). */
export function qualityMarkdown(title: string, q: CompactionQualityReport, audit?: AuditResult, extra: readonly string[] = []): string {
  const lines = [
    `# ${title}`,
    '',
    `- Message tokens (estimate; the system prompt, workspace files and tools come on top): **${formatTokens(q.tokensBefore)} → ${formatTokens(q.tokensAfter)}** (saves ${formatTokens(Math.max(0, q.tokensSaved))}, ${q.reduction >= 0 ? `−${pct(q.reduction)}` : `+${pct(-q.reduction)}`}); compression ×${Number.isFinite(q.compressionRatio) ? q.compressionRatio.toFixed(2) : '∞'}`,
    `- Summary: ${q.summaryChars.toLocaleString('en')} characters, ~${formatTokens(q.summaryTokens)} tokens, replacing ~${formatTokens(q.droppedTokens)} tokens (×${Number.isFinite(q.summaryRatio) ? q.summaryRatio.toFixed(1) : '∞'} smaller); kept verbatim ~${formatTokens(q.keptTokens)} tokens`,
    ...extra,
  ];
  if (audit) lines.push(`- OpenClaw's summary quality check: ${audit.ok ? '**passes**' : `**fails** (${audit.reasonCodes.join(', ')})`}`);
  lines.push('', '| From the dropped part | found | kept in the summary | ', '|---|---|---|');
  lines.push(survival('Decisions', q.decisions), survival('Open TODOs', q.todos), survival('User asks', q.asks));
  const ids = q.identifiers;
  lines.push(survival('Identifiers (paths, ids, URLs, hashes)', ids));
  return lines.join('\n') + '\n';
}

/** The modal confirmation of a compaction. */
export function compactPrompt(key: string, era: 'sqlite' | 'jsonl', plan: CompactionPlan): { message: string; detail: string } {
  const q = plan.quality;
  const n = plan.input.messages.length + (plan.input.turnPrefixMessages?.length ?? 0);
  const where = era === 'sqlite' ? "the session's SQLite transcript (one transaction)" : "the session's JSONL transcript (under OpenClaw's lock)";
  return {
    message: `Compact ${key}?`,
    detail:
      `${n} message${n === 1 ? '' : 's'} are replaced by a ${q.summaryChars.toLocaleString('en')}-character summary; ${plan.after.length - 1} stay verbatim. ` +
      `Messages ~${formatTokens(q.tokensBefore)} → ~${formatTokens(q.tokensAfter)} tokens (system prompt and tools not included). ` +
      `Kept in the summary: ${q.decisions.kept}/${q.decisions.found} decisions, ${q.todos.kept}/${q.todos.found} TODOs, ${q.identifiers.kept}/${q.identifiers.found} identifiers, ${q.asks.kept}/${q.asks.found} asks.\n\n` +
      `One compaction entry is appended to ${where}. Nothing is rewritten or deleted: the full history stays in the transcript${era === 'jsonl' ? ', and Undo Compaction can bring the earlier context back' : ''}.`,
  };
}

export function undoPrompt(key: string, plan: UndoPlan): { message: string; detail: string } {
  const n = plan.leavingContext.length;
  return {
    message: `Undo the compaction of ${key}?`,
    detail:
      `The context before compaction ${plan.compaction.id.slice(0, 8)} becomes active again (${plan.compaction.tokensBefore !== undefined ? `~${formatTokens(plan.compaction.tokensBefore)} tokens` : 'its earlier size'}).` +
      (n ? ` ${n} entr${n === 1 ? 'y' : 'ies'} written after the compaction leave the active context (they stay in the transcript, on a side branch).` : '') +
      `\n\nOne marker entry (not sent to the model) is appended. The compaction is not deleted.`,
  };
}

/** Who wrote a compaction entry (from its JSON): OpenClaw during a run, OpenClaw on request, or another tool. */
export function compactionOrigin(entry: Json | undefined): string {
  if (!entry) return 'unknown';
  const oc = entry.__openclaw;
  if (oc && typeof oc === 'object') return (oc as Json).runId ? 'OpenClaw, during a run (automatic or /compact)' : 'OpenClaw';
  return entry.fromHook === false ? 'pi' : 'written by an external tool (e.g. OpenClaw Context)';
}

/** A user message as quoted in the undo dialogs (one line, at most 80 characters). */
export function quoteMessage(user: EntryMeta): string {
  return `“${user.preview.replace(/\s+/g, ' ').trim().slice(0, 80)}${user.preview.length > 80 ? '…' : ''}”`;
}

/** The confirmation of an undo through the Gateway (SQLite): sessions.rewind or sessions.fork back to before `user`. */
export function undoViaGatewayPrompt(key: string, c: EntryMeta, user: EntryMeta, via: 'rewind' | 'fork'): { message: string; detail: string; button: string } {
  const tokens = c.tokensBefore !== undefined ? ` (~${formatTokens(c.tokensBefore)} tokens before it)` : '';
  const common = `The user message ${user.id} ${quoteMessage(user)} is not re-sent: the Gateway hands it back as editor text, to copy and send again if you want. Nothing is deleted.`;
  return via === 'rewind'
    ? {
        message: `Rewind ${key} to before compaction ${c.id.slice(0, 8)} through the Gateway?`,
        detail: `OpenClaw's sessions.rewind makes the context before the compaction${tokens} active again: the session continues from the entry before ${user.id}, in a new transcript generation (new session id; the old one stays in the store). ${common}`,
        button: 'Rewind',
      }
    : {
        message: `Fork ${key} from before compaction ${c.id.slice(0, 8)} through the Gateway?`,
        detail: `OpenClaw's sessions.fork creates a new session with the history before ${user.id}, i.e. the context before the compaction${tokens}. ${key} is not changed. ${common}`,
        button: 'Fork',
      };
}

/**
 * The whole context before and after, one consistent pair: before is the session's figure (what the entry
 * records as tokensBefore), after is before minus what the messages save.
 */
export function contextPair(plan: CompactionPlan): { tokensBefore: number; tokensAfter: number; tokensSaved: number } {
  const before = Math.round(plan.entry.tokensBefore);
  const saved = Math.round(plan.quality.tokensSaved);
  return { tokensBefore: before, tokensAfter: Math.max(0, before - saved), tokensSaved: saved };
}

export const contextPairText = (c: { tokensBefore: number; tokensAfter: number; tokensSaved: number }): string =>
  `~${formatTokens(c.tokensBefore)} → ~${formatTokens(c.tokensAfter)} (${c.tokensSaved >= 0 ? `saves ~${formatTokens(c.tokensSaved)}` : `grows by ~${formatTokens(-c.tokensSaved)}`})`;
