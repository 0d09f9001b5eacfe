/**
 * Labels, descriptions and tooltips of the Checkpoints view and its prompts, as pure functions (the
 * vscode tree only renders them).
 */
import { formatAge, formatTokens } from '../context/format';
import type { RenderResult } from './render';
import type { RestorePlan } from './restore';
import type { Checkpoint, CheckpointTrigger } from './schema';
import type { CheckpointListEntry, CheckpointSessionInfo } from './store';

export const TRIGGER_WORDS: Record<CheckpointTrigger, string> = {
  'auto-80pct': 'threshold',
  compaction: 'before compaction',
  'session-end': 'session end',
  manual: 'manual',
};

/** A codicon per trigger (the view shows them beside each checkpoint). */
export const TRIGGER_ICONS: Record<CheckpointTrigger, string> = {
  'auto-80pct': 'dashboard',
  compaction: 'fold',
  'session-end': 'debug-stop',
  manual: 'save',
};

const pct = (cp: Checkpoint) => `${Math.round(cp.meta.token_usage.utilization * 100)}%`;
const created = (cp: Checkpoint): number => {
  const t = Date.parse(cp.meta.created_at);
  return Number.isFinite(t) ? t : 0;
};

export interface CheckpointRowModel {
  label: string;
  description: string;
  icon: string;
  /** markdown */
  tooltip: string;
  /** for screen readers */
  aria: string;
  error: boolean;
}

/** `cp_003` · `threshold · 82% · 2h ago` (newest first in the view). */
export function checkpointRow(e: CheckpointListEntry, now: number): CheckpointRowModel {
  const cp = e.checkpoint;
  if (!cp) {
    return {
      label: e.id,
      description: 'unreadable',
      icon: 'warning',
      tooltip: `**${e.id}** cannot be read\n\n${inline(e.error ?? 'unknown error')}\n\n${codeSpan(e.file)}`,
      aria: `${e.id}, unreadable: ${e.error ?? ''}`,
      error: true,
    };
  }
  const t = created(cp) || e.mtimeMs;
  const when = formatAge(t, now);
  const description = `${TRIGGER_WORDS[cp.meta.trigger]} · ${pct(cp)} · ${when}${e.latest ? ' · latest' : ''}`;
  return {
    label: e.id,
    description,
    icon: TRIGGER_ICONS[cp.meta.trigger],
    tooltip: checkpointTooltip(cp, e.file),
    aria: `Checkpoint ${e.id}, ${TRIGGER_WORDS[cp.meta.trigger]}, ${pct(cp)} of the window, ${when}`,
    error: false,
  };
}

function mdEscape(s: string): string {
  return s.replace(/[\\`*_{}[\]<>()#+!|~]/g, (c) => `\\${c}`);
}

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * Free text as inline markdown: on one line (line breaks would start headings, lists, rules or code
 * blocks of their own), cut to `max`, escaped, and not starting like a list item.
 */
export function inline(s: string, max = Infinity): string {
  return mdEscape(cut(s.replace(/\s+/g, ' ').trim(), max))
    .replace(/^([-=])/, '\\$1')
    .replace(/^(\d+)([.)])/, '$1\\$2');
}

/**
 * A code span that shows `s` exactly. Backslash escapes do not work inside code spans (CommonMark), so
 * the text goes in as is, between fences longer than any backtick run in it, padded with a space
 * when it starts or ends with a backtick or a space (the renderer strips one on each side).
 */
export function codeSpan(s: string): string {
  const t = s.replace(/[\r\n]+/g, ' ');
  const longest = Math.max(0, ...(t.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  const pad = /^[` ]|[` ]$/.test(t) ? ' ' : '';
  return `${fence}${pad}${t}${pad}${fence}`;
}

/** The markdown tooltip: what the checkpoint holds, in the order the restore block uses. */
export function checkpointTooltip(cp: Checkpoint, file?: string): string {
  const m = cp.meta;
  const u = m.token_usage;
  const lines = [
    `**${m.checkpoint_id}** · ${TRIGGER_WORDS[m.trigger]} · ${new Date(created(cp)).toLocaleString()}`,
    '',
    `Session ${codeSpan(m.session_key)} · ${formatTokens(u.input_tokens)}/${formatTokens(u.context_window)} (${pct(cp)}) · ${m.compaction_count} compaction${m.compaction_count === 1 ? '' : 's'}`,
    '',
  ];
  if (cp.working.topic.trim()) lines.push(`**Working on:** ${inline(cp.working.topic, 160)}`);
  lines.push(`**Status:** ${cp.working.status.replace(/_/g, ' ')}${cp.working.interrupted ? ' (interrupted)' : ''}`);
  if (cp.working.next_action.trim()) lines.push(`**Next:** ${inline(cp.working.next_action, 160)}`);
  lines.push('');
  lines.push(`${cp.decisions.length} decision${cp.decisions.length === 1 ? '' : 's'} · ${cp.open_items.length} open item${cp.open_items.length === 1 ? '' : 's'} · ${cp.resources.files_modified.length} file${cp.resources.files_modified.length === 1 ? '' : 's'} modified · ${cp.resources.files_read.length} read · ${cp.resources.tools_used.length} tool${cp.resources.tools_used.length === 1 ? '' : 's'}`);
  if (m.previous_checkpoint) lines.push(`Previous: ${m.previous_checkpoint}`);
  if (file) lines.push('', codeSpan(file));
  return lines.join('  \n').replace(/ {2}\n {2}\n/g, '\n\n');
}

export interface CheckpointSessionModel {
  label: string;
  description: string;
  tooltip: string;
  /** the session is still in the store */
  live: boolean;
}

/** A session folder of the view: its key (short form), how many checkpoints, the newest one's age. */
export function checkpointSessionRow(info: CheckpointSessionInfo, opts: { shortKey: string; live: boolean; newest?: Checkpoint; now: number }): CheckpointSessionModel {
  const n = info.count;
  const parts = [`${n} checkpoint${n === 1 ? '' : 's'}`];
  const newestAt = opts.newest ? created(opts.newest) : info.createdAt ? Date.parse(info.createdAt) : NaN;
  if (Number.isFinite(newestAt) && newestAt > 0) parts.push(`newest ${formatAge(newestAt, opts.now)}`);
  if (!opts.live) parts.push('session gone');
  return {
    label: opts.shortKey,
    description: parts.join(' · '),
    tooltip: `${info.sessionKey}\n${n} checkpoint${n === 1 ? '' : 's'} in ${info.dir}${opts.live ? '' : '\nThis session is no longer in the store (its checkpoints can still be restored into another session).'}`,
    live: opts.live,
  };
}

/** The restore confirmation: one sentence about what will happen, one about the size. */
export function restorePrompt(cp: Checkpoint, render: RenderResult, target: { key: string; era: 'sqlite' | 'jsonl' }): { message: string; detail: string } {
  const where = target.era === 'sqlite' ? "the session's SQLite transcript" : "the session's JSONL transcript";
  const trimmed = render.trimmed.length ? ` (trimmed to fit: ${render.trimmed.length} step${render.trimmed.length === 1 ? '' : 's'})` : '';
  return {
    message: `Restore ${cp.meta.checkpoint_id} into ${target.key}?`,
    detail:
      `A ${Math.ceil(render.tokens)}-token note${trimmed} is appended to ${where} as an injected message. OpenClaw gives it to the model as a user message on the next turn.\n\n` +
      'Nothing is rewritten or removed: the transcript only grows by one entry.',
  };
}

/** Title of a diff between two checkpoints (older on the left). */
export function diffTitle(left: Checkpoint, right: Checkpoint | 'live'): string {
  const r = right === 'live' ? 'live state' : right.meta.checkpoint_id;
  const key = left.meta.session_key;
  return `${left.meta.checkpoint_id} ↔ ${r} (${key})`;
}

/** The notification after an automatic checkpoint. */
export function writtenMessage(key: string, id: string, trigger: CheckpointTrigger): string {
  switch (trigger) {
    case 'auto-80pct':
      return `OpenClaw Context: ${key} crossed the checkpoint line; saved ${id}.`;
    case 'compaction':
      return `OpenClaw Context: ${key} was compacted; what it held before is saved as ${id}.`;
    case 'session-end':
      return `OpenClaw Context: ${key} started a new session; the previous one is saved as ${id}.`;
    case 'manual':
      return `OpenClaw Context: saved ${id} for ${key}.`;
  }
}

export function spiralMessage(key: string, count: number): string {
  return `OpenClaw Context: ${key} has been compacted ${count} times. This session keeps compacting; each summary loses detail. Consider a fresh session (its latest checkpoint can be restored into it).`;
}

export function resumeMessage(key: string, id: string, createdAt: string, now: number): string {
  const t = Date.parse(createdAt);
  return `OpenClaw Context: ${key} started a new session. Restore its last checkpoint (${id}${Number.isFinite(t) ? `, ${formatAge(t, now)}` : ''})?`;
}

/** The confirmation of a restore through the Gateway (chat.send starts a turn). */
export function gatewayRestorePrompt(id: string, key: string, plan: RestorePlan, why: string): { message: string; detail: string } {
  const trimmed = plan.render.trimmed.length ? ` (trimmed to fit: ${plan.render.trimmed.length} step${plan.render.trimmed.length === 1 ? '' : 's'})` : '';
  return {
    message: `Restore ${id} into ${key} through the Gateway?`,
    detail:
      `OpenClaw owns the store (${why.replace(/\.$/, '')}), so this extension does not write it. The ${Math.ceil(plan.render.tokens)}-token note${trimmed} is sent through the Gateway as a chat message (chat.send): ` +
      'this starts a turn now, and the model answers it. The note is the text in the preview, byte for byte.',
  };
}
