/**
 * Rows of the Tools & Skills view, as pure functions of toolStats.ts's figures (the vscode tree only
 * renders them).
 *
 *     Tools · 7 calls in 7 sessions
 *       exec — 4 calls · 100% · mean 515ms · p95 1.7s
 *         Command exited with code <n>   ×3
 *       read — 2 calls · 100% · mean 137ms · p95 245ms
 *     Skills · 2 skills, 5 reads
 *       create-presentation — 3 reads · 2 sessions · 67% ok
 *
 * A row is `label` (the tool or skill name) plus `description` (the figures); `text` is the two joined
 * with an em dash, as the row reads (also its accessibility label). Rates use toolStats' `formatRate` (a
 * rate under 100 % never shows as 100 %), durations its `formatDuration` (`515ms`, `1.7s`, `1m 05s`).
 */
import { formatAge } from '../context/format';
import { formatDuration, formatRate, type SkillStat, type ToolErrorCount, type ToolStat, type ToolStats } from './toolStats';

export interface ToolsRowModel {
  /** stable id of the row (tree item id) */
  id: string;
  label: string;
  description: string;
  /** `label — description` (how the row reads; its accessibility label) */
  text: string;
  /** a codicon id */
  icon: string;
  /** a theme colour id for the icon, when it should stand out */
  color?: string;
  /** markdown */
  tooltip: string;
  /** the row has children (tool errors, group members) */
  expandable: boolean;
}

/** Below this success rate a tool's icon turns to the warning colour (and to the error colour under half). */
export const TOOL_WARN_RATE = 0.9;
export const TOOL_ERROR_RATE = 0.5;
/** Error messages are cut to this many characters in a row (the tooltip keeps the whole message). */
export const ERROR_LABEL_CHARS = 80;

const plural = (n: number, one: string, many = `${one}s`): string => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** Markdown-safe inline text (backticks and line breaks out). */
function md(s: string): string {
  return s.replace(/[\r\n]+/g, ' ').replace(/`/g, "'").replace(/([\\*_[\]<>#|])/g, '\\$1');
}

function row(id: string, label: string, description: string, icon: string, tooltip: string, expandable: boolean, color?: string): ToolsRowModel {
  const r: ToolsRowModel = { id, label, description, text: description ? `${label} — ${description}` : label, icon, tooltip, expandable };
  if (color) r.color = color;
  return r;
}

/** The figures of one tool: `4 calls · 100% · mean 515ms · p95 1.7s` (· `2 unfinished`, · `no finished calls`). */
export function toolDescription(t: ToolStat): string {
  const parts = [plural(t.calls, 'call')];
  parts.push(t.successRate === null ? 'no finished calls' : formatRate(t.successRate));
  if (t.meanMs !== null) parts.push(`mean ${formatDuration(t.meanMs)}`);
  if (t.p95Ms !== null) parts.push(`p95 ${formatDuration(t.p95Ms)}`);
  if (t.unfinished) parts.push(`${t.unfinished.toLocaleString('en')} unfinished`);
  return parts.join(' · ');
}

function toolLevel(t: ToolStat): { icon: string; color?: string } {
  if (t.successRate === null) return { icon: 'tools', color: t.calls ? 'disabledForeground' : undefined };
  if (t.successRate < TOOL_ERROR_RATE) return { icon: 'error', color: 'errorForeground' };
  if (t.successRate < TOOL_WARN_RATE) return { icon: 'warning', color: 'list.warningForeground' };
  return { icon: 'tools' };
}

export function toolRow(t: ToolStat): ToolsRowModel {
  const lv = toolLevel(t);
  const tip = [
    `**${md(t.name)}**`,
    '',
    `- ${plural(t.calls, 'call')}: ${t.ok.toLocaleString('en')} ok, ${t.errors.toLocaleString('en')} failed${t.unfinished ? `, ${t.unfinished.toLocaleString('en')} without a result` : ''}`,
    `- success rate: ${t.successRate === null ? 'no call finished' : `${formatRate(t.successRate)} of the finished calls`}`,
  ];
  if (t.meanMs !== null) tip.push(`- duration: mean ${formatDuration(t.meanMs)}${t.p95Ms !== null ? `, p95 ${formatDuration(t.p95Ms)}` : ''} (${plural(t.timed, 'timed call')})`);
  else tip.push('- duration: unknown (no call has both timestamps)');
  if (t.commonErrors.length) {
    tip.push('', 'Most common errors:');
    for (const e of t.commonErrors) tip.push(`- \`${e.message.replace(/`/g, "'")}\` (${e.count}×)`);
  }
  return row(`tool:${t.name}`, t.name, toolDescription(t), lv.icon, tip.join('\n'), t.commonErrors.length > 0, lv.color);
}

/** One of a tool's most common errors: the normalised message (cut) and `×count`. */
export function toolErrorRow(t: ToolStat, e: ToolErrorCount, index: number): ToolsRowModel {
  const chars = Array.from(e.message.replace(/\s+/g, ' ').trim());
  const label = chars.length > ERROR_LABEL_CHARS ? `${chars.slice(0, ERROR_LABEL_CHARS - 1).join('')}…` : chars.join('');
  const share = t.errors > 0 ? ` (${formatRate(e.count / t.errors)} of its errors)` : '';
  const tip = `**${md(t.name)}** failed ${plural(e.count, 'time')}${share} with:\n\n\`\`\`\n${e.message.replace(/`{3,}/g, "'''")}\n\`\`\``;
  return row(`tool:${t.name}:error:${index}`, label || '(empty error message)', `×${e.count.toLocaleString('en')}`, 'error', tip, false, 'errorForeground');
}

/** The figures of one skill: `3 reads · 2 sessions · 67% ok` (`outcome unknown` when no turn outcome is known). */
export function skillDescription(s: SkillStat): string {
  return [plural(s.reads, 'read'), plural(s.sessions, 'session'), s.successRate === null ? 'outcome unknown' : `${formatRate(s.successRate)} ok`].join(' · ');
}

export function skillRow(s: SkillStat, now: number = Date.now()): ToolsRowModel {
  const tip = [
    `**${md(s.name)}** (skill)`,
    '',
    `- read ${plural(s.reads, 'time')} in ${plural(s.sessions, 'session')}${s.lastReadAt > 0 ? `, last ${formatAge(s.lastReadAt, now)}` : ''}`,
    `- outcome of the turn: ${s.outcomes.ok} ok, ${s.outcomes.error} error, ${s.outcomes.unknown} unknown`,
  ];
  if (s.paths.length) tip.push(`- ${s.paths.slice(0, 5).map((p) => `\`${p.replace(/`/g, "'")}\``).join(', ')}${s.paths.length > 5 ? ` and ${s.paths.length - 5} more` : ''}`);
  if (s.sessionKeys.length) tip.push(`- sessions: ${s.sessionKeys.slice(0, 5).map(md).join(', ')}${s.sessionKeys.length > 5 ? ` and ${s.sessionKeys.length - 5} more` : ''}`);
  const bad = s.successRate !== null && s.successRate < TOOL_WARN_RATE;
  return row(`skill:${s.name}`, s.name, skillDescription(s), bad ? 'warning' : 'mortar-board', tip.join('\n'), false, bad ? 'list.warningForeground' : undefined);
}

/** The Tools group: `Tools` — `7 calls in 7 sessions` (`3 tools`). */
export function toolsGroupRow(stats: ToolStats, computedMs?: number): ToolsRowModel {
  const desc = stats.totalCalls ? `${plural(stats.totalCalls, 'call')} in ${plural(stats.sessions, 'session')}` : `no calls in ${plural(stats.sessions, 'session')}`;
  const tip = [`**Tool calls** in every transcript of the sessions (${plural(stats.sessions, 'transcript')})`, '', `- ${plural(stats.tools.length, 'tool')}, ${plural(stats.totalCalls, 'call')}`];
  tip.push('- success rate over the calls that finished; durations from the call to its result (mean and nearest-rank p95)');
  if (computedMs !== undefined) tip.push(`- computed in ${formatDuration(computedMs)}`);
  return row('group:tools', 'Tools', desc, 'tools', tip.join('\n'), stats.tools.length > 0);
}

/** The Skills group (shown when a skill was read): `Skills` — `2 skills, 5 reads`. */
export function skillsGroupRow(stats: ToolStats): ToolsRowModel {
  const reads = stats.skills.reduce((n, s) => n + s.reads, 0);
  const tip = ['**Skills** the agent read (`skills/<name>/SKILL.md`), with the outcome of the turn that read them.'].join('\n');
  return row('group:skills', 'Skills', `${plural(stats.skills.length, 'skill')}, ${plural(reads, 'read')}`, 'mortar-board', tip, stats.skills.length > 0);
}

/** The view has something to show (else its welcome text explains why it is empty). */
export function hasToolStats(stats: ToolStats | undefined): boolean {
  return !!stats && (stats.tools.length > 0 || stats.skills.length > 0);
}
