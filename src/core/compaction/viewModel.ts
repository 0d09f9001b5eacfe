/**
 * Texts of the compaction preview, confirmation and history (pure; the vscode layer renders them).
 */
import { formatTokens } from '../context/format';
import type { AuditResult } from './summary/audit';
import type { CompactionQualityReport } from './quality';
import type { CompactionPlan } from './plan';
import type { UndoPlan } from './undo';
import { planShrink, type ShrinkVerdict } from './shrink';
import type { CompactionOrigin, EntryMeta } from '../store/types';
import { compactionOriginOf } from '../store/entries';

type Json = Record<string, unknown>;

const pct = (x: number) => `${Math.round(x * 100)}%`;
/** Table cell text: one line, `|` escaped, at most `max` characters. */
const cell = (s: string, max = 120) => {
  const t = s.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};
const code = (s: string) => `\`${cell(s, 80).replace(/`/g, "'")}\``;
const survival = (name: string, s: { found: number; kept: number }) => `| ${name} | ${s.found} | ${s.kept} | ${s.found - s.kept} |`;

const CATEGORY_NAMES: Record<CompactionQualityReport['lost'][number]['category'], string> = {
  decision: 'Decision',
  reason: 'Reason',
  todo: 'TODO',
  rule: 'Rule',
  identifier: 'Identifier',
  toolFact: 'Found by a tool',
  artifact: 'File',
};

/** The quality report as Markdown (the preview shows it beside the diff; the history node too): counts, then every lost fact by name. */
export function qualityMarkdown(title: string, q: CompactionQualityReport, audit?: AuditResult, extra: readonly string[] = []): string {
  const lines = [
    `# ${title}`,
    '',
    `- Message tokens (estimate; the system prompt, workspace files and tools come on top): **${formatTokens(q.tokensBefore)} → ${formatTokens(q.tokensAfter)}** (saves ${formatTokens(Math.max(0, q.tokensSaved))}, ${q.reduction >= 0 ? `−${pct(q.reduction)}` : `+${pct(-q.reduction)}`}); compression ×${Number.isFinite(q.compressionRatio) ? q.compressionRatio.toFixed(2) : '∞'}`,
    `- Summary: ${q.summaryChars.toLocaleString('en')} characters, ~${formatTokens(q.summaryTokens)} tokens, replacing ~${formatTokens(q.droppedTokens)} tokens (×${Number.isFinite(q.summaryRatio) ? q.summaryRatio.toFixed(1) : '∞'} smaller); kept verbatim ~${formatTokens(q.keptTokens)} tokens`,
    `- Facts kept (every exact string in the summary or the kept tail): **${q.factsKept} of ${q.factsFound}**${q.factsFound > q.factsKept ? ` — **${q.factsFound - q.factsKept} lost**, listed below` : ''}`,
    ...extra,
  ];
  if (audit) lines.push(`- OpenClaw's summary quality check: ${audit.ok ? '**passes**' : `**fails** (${audit.reasonCodes.join(', ')})`}`);
  lines.push('', '| From the dropped part | Found | Kept in the summary | Lost |', '|---|---:|---:|---:|');
  lines.push(
    survival('Decisions', q.decisions),
    survival('Reasons of decisions', q.reasons),
    survival('Open TODOs', q.todos),
    survival('Rules and preferences', q.rules),
    survival('Identifiers (routes, env vars, hosts, URLs, ids, versions, paths)', q.identifiers),
    survival('Found by tools', q.toolFacts),
    survival('Files read / created / modified', q.artifacts),
    survival('User asks', q.asks),
  );
  if (q.lost.length > 0 || q.asks.lost.length > 0) {
    lines.push('', '## Lost', '', '| Kind | What was lost | Missing text |', '|---|---|---|');
    for (const l of q.lost) lines.push(`| ${CATEGORY_NAMES[l.category]} | ${cell(l.label)} | ${l.missing.map(code).join(', ')} |`);
    for (const a of q.asks.lost) lines.push(`| User ask | ${cell(a)} | ${code(a)} |`);
    const unlisted = q.factsFound - q.factsKept - q.lost.length;
    if (unlisted > 0) lines.push('', `…and ${unlisted} more lost facts not listed.`);
  }
  return lines.join('\n') + '\n';
}

/** The trimmed views of a context (nothing is written): one name and one description each, on every surface. */
export const TRIMMED_VIEWS = {
  openclaw: { title: 'What OpenClaw sends', description: 'context pruning (when configured) + tool-result guard' },
  l1: { title: 'Light trim', description: 'long tool outputs and file reads shortened, older tool records one line each' },
  l5: { title: 'Emergency trim', description: 'the oldest turns dropped, 2 at a time, until the context is under the compaction line' },
} as const;

/** The buttons of a compaction's confirmation (the first is the default): Compact only when it shrinks the context. */
export const COMPACT = 'Compact';
export const COMPACT_ANYWAY = 'Compact Anyway';
export const KEEP_AS_IS = 'Keep As Is';

export interface CompactPrompt {
  message: string;
  detail: string;
  /** in order; the first is the default */
  buttons: string[];
  /** the button that compacts */
  accept: string;
}

function buttonsFor(explicit: boolean): Pick<CompactPrompt, 'buttons' | 'accept'> {
  return explicit ? { buttons: [KEEP_AS_IS, COMPACT_ANYWAY], accept: COMPACT_ANYWAY } : { buttons: [COMPACT], accept: COMPACT };
}

const SHORT: Record<ShrinkVerdict['kind'], string> = { grows: ' It would grow the context.', equal: ' It would not shrink the context.', little: ' It would barely shrink the context.', shrinks: '' };

/**
 * What undoing this compaction will take, said before it is confirmed (reference: SQLite sessions keep their
 * active path in OpenClaw, so only its Gateway can undo — core/actions/undo.ts).
 * `via`: who writes the compaction (our writer, or OpenClaw through its Gateway).
 */
export function undoLimits(era: 'sqlite' | 'jsonl', via: 'local' | 'gateway'): string {
  if (era === 'sqlite') {
    return (
      'Undo: only through a running OpenClaw Gateway (sessions.rewind, which needs operator.admin): the session goes back to before the last user message ahead of the compaction, ' +
      'in a new transcript generation (a new session id; the old one stays), and that message comes back as text to send again. Without a Gateway this compaction cannot be undone.'
    );
  }
  return via === 'local'
    ? 'Undo: Undo Compaction makes the earlier context active again with one marker entry (nothing is deleted), whenever OpenClaw does not hold the store.'
    : 'Undo: Undo Compaction appends one marker entry with this extension’s writer, so only once OpenClaw no longer holds the store (a JSONL session has no Gateway undo).';
}

/**
 * The modal confirmation of a compaction: its first line says whether it shrinks the context; one that does
 * not gets "Keep As Is" as the default button. `via` 'gateway': OpenClaw compacts with its own summary and
 * settings (`why`: why the Gateway), our plan is the comparison.
 */
export function compactPrompt(key: string, era: 'sqlite' | 'jsonl', plan: CompactionPlan, via: 'local' | 'gateway' = 'local', why = ''): CompactPrompt {
  const q = plan.quality;
  const v = planShrink(plan);
  const n = plan.input.messages.length + (plan.input.turnPrefixMessages?.length ?? 0);
  const where = era === 'sqlite' ? "the session's SQLite transcript (one transaction)" : "the session's JSONL transcript (under OpenClaw's lock)";
  const ours =
    // the token figures are the headline's (said once)
    `${n} message${n === 1 ? ' is' : 's are'} replaced by a ~${formatTokens(q.summaryTokens)}-token summary; ${plan.after.length - 1} ${plan.after.length === 2 ? 'stays' : 'stay'} verbatim${smallestTailNote(plan)}. ` +
    `Kept: ${q.factsKept}/${q.factsFound} facts (${q.decisions.kept}/${q.decisions.found} decisions, ${q.reasons.kept}/${q.reasons.found} reasons, ${q.todos.kept}/${q.todos.found} TODOs, ${q.rules.kept}/${q.rules.found} rules, ${q.identifiers.kept}/${q.identifiers.found} identifiers), ${q.asks.kept}/${q.asks.found} asks.`;
  if (via === 'gateway') {
    return {
      message: `Compact ${key} through the Gateway?${SHORT[v.kind]}`,
      detail:
        `${v.headline} (our plan)\n\n` +
        `OpenClaw owns the store (${why.replace(/\.$/, '')}), so this extension does not write it: the OpenClaw Gateway compacts the session (sessions.compact) with OpenClaw's own summary and settings. ` +
        `The preview shows our plan for comparison; OpenClaw's cut and summary will differ.\n\nOur plan: ${ours}\n\n${undoLimits(era, 'gateway')}`,
      ...buttonsFor(v.explicit),
    };
  }
  return {
    message: `Compact ${key}?${SHORT[v.kind]}`,
    detail: `${v.headline}\n\n${ours}\n\nOne compaction entry is appended to ${where}. Nothing is rewritten or deleted: the full history stays in the transcript.\n\n${undoLimits(era, 'local')}`,
    ...buttonsFor(v.explicit),
  };
}

/** Said where the kept tail is described: everything fitted in the configured tail, so only the last message is kept. */
export function smallestTailNote(plan: CompactionPlan): string {
  const t = plan.cut.smallestTail;
  return t ? ` (everything fits in the ${t.keepRecentTokens.toLocaleString('en')}-token tail, so only the last message is kept, as OpenClaw's /compact does)` : '';
}

export const COMPACT_CHECKPOINT_COMMAND = 'Compact Session with Checkpoint Summary…';

/**
 * The preview's line about the kind of summary, so it offers the choice with figures: a checkpoint plan says what
 * it is; a full plan says what checkpoint compaction of the same cut (`alt`) would write instead.
 */
export function summaryKindLines(plan: CompactionPlan, alt?: CompactionPlan): string[] {
  if (plan.kind === 'checkpoint') return [`- Checkpoint compaction: the summary is the extracted facts and the checkpoint restore note (~${formatTokens(plan.quality.summaryTokens)} tokens, the note ~${formatTokens(plan.note?.tokens ?? 0)}). **Compact Session…** writes the full summary instead.`];
  if (!alt) return [];
  const q = alt.quality;
  return [`- Checkpoint compaction instead (**${COMPACT_CHECKPOINT_COMMAND}**): a ~${formatTokens(q.summaryTokens)}-token summary instead of ~${formatTokens(plan.quality.summaryTokens)} — the extracted facts and the checkpoint restore note; it keeps ${q.factsKept}/${q.factsFound} facts (${q.reasons.kept}/${q.reasons.found} reasons), this summary ${plan.quality.factsKept}/${plan.quality.factsFound}.`];
}

/** The first line of a compaction preview document: the verdict when it does not shrink the context, else the title. */
export function previewTitle(key: string, plan: CompactionPlan): string {
  const v = planShrink(plan);
  return v.explicit ? `Does not shrink the context — compaction preview of ${key}` : `Compaction preview — ${key}`;
}

/** The verdict and the undo limits, as the preview's first bullets. */
export function previewLines(era: 'sqlite' | 'jsonl', plan: CompactionPlan, via: 'local' | 'gateway'): string[] {
  const v = planShrink(plan);
  return [`- ${v.explicit ? '**' : ''}${v.headline}${v.explicit ? '** Compact needs an explicit choice ("Compact Anyway").' : ''}`, `- ${undoLimits(era, via)}`];
}

/** A Gateway compaction offered when our planner would not compact (a remote session, or a store OpenClaw owns). */
export interface GatewayCompactionOffer {
  /** why the Gateway (a remote session; OpenClaw owns the store) */
  why: string;
  /** why our planner would not compact */
  noPlanReason: string;
  /** nothing model-visible since the newest compaction: OpenClaw would summarise its own summary again */
  justCompacted: boolean;
  /** OpenClaw's configured keepRecentTokens (undefined: not known here, its default unless configured) */
  keepRecentTokens?: number;
  /** the session's figure now (undefined: unknown), and whether it is our estimate */
  used?: number;
  estimated: boolean;
  window: number;
  /** OpenClaw's own compaction line (it compacts before a turn at or past it) */
  compactionAt: number;
  era: 'sqlite' | 'jsonl';
  /** Compact needs an explicit choice: it is known not to shrink the context (justCompacted) */
  explicit: boolean;
}

/** What OpenClaw will do when it compacts a session our planner would not compact, and how to undo it. */
export function gatewayOfferPrompt(key: string, o: GatewayCompactionOffer): CompactPrompt & { headline: string } {
  const headline = o.justCompacted
    ? `Nothing was said since the last compaction of ${key}: OpenClaw would summarise its own summary again, which does not shrink the context.`
    : `Our planner would not compact ${key} (${o.noPlanReason.replace(/\.$/, '')}); OpenClaw decides for itself and may.`;
  const keep = o.keepRecentTokens !== undefined ? `keepRecentTokens ${o.keepRecentTokens.toLocaleString('en')} from its config` : 'its configured keepRecentTokens, 20,000 unless set';
  const now = o.used === undefined ? 'Its size now is not known here' : `It is at ${o.estimated ? '~' : ''}${formatTokens(o.used)} of ${formatTokens(o.window)} tokens now`;
  const detail =
    `${headline}\n\n` +
    `OpenClaw compacts the session itself through its Gateway (sessions.compact; ${o.why.replace(/\.$/, '')}): it summarises the older messages with its own model and keeps its own recent tail (${keep}, scaled by its own usage estimate; only the last message when everything fits in that). ` +
    `Its cut and summary are its own, so there is no preview of them here; the result may not be smaller. ` +
    `${now}; OpenClaw compacts on its own before a turn at ${formatTokens(o.compactionAt)}.\n\n${undoLimits(o.era, 'gateway')}`;
  return { message: `Compact ${key} through the Gateway?${o.explicit ? ' It would not shrink the context.' : ''}`, detail, headline, ...buttonsFor(o.explicit) };
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
  return entry ? ORIGIN_WORDS[compactionOriginOf(entry)] : 'unknown';
}

/** Who wrote a compaction, in words (the quality report, the timeline). */
export const ORIGIN_WORDS: Record<CompactionOrigin, string> = {
  'openclaw-run': 'OpenClaw, during a run (automatic or /compact)',
  openclaw: 'OpenClaw',
  pi: 'pi',
  external: 'written by an external tool (e.g. OpenClaw Context)',
};

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
