/**
 * The "DREAMS.md candidates" section of the Memories view: candidates pending first, then accepted and
 * rejected.
 */
import { codeSpan, inline } from '../../checkpoint/viewModel';
import { type ParsedCandidate } from '../dream/candidates';
import { pointerLine } from '../dream/decide';
import { DREAM_COMMAND, type DreamsState, ERROR, infoRow, md, type MemoryRow, type MemoryViewOptions, MUTED, plural, WARN } from './rows';

const STATUS_RANK: Record<ParsedCandidate['status'], number> = { pending: 0, accepted: 1, rejected: 2 };

/** Pending first, then accepted, then rejected; file order within each. */
export function sortCandidates<T extends Pick<ParsedCandidate, 'status' | 'line'>>(cs: readonly T[]): T[] {
  return [...cs].sort((a, b) => STATUS_RANK[a.status] - STATUS_RANK[b.status] || a.line - b.line);
}

const LABEL_CHARS = 90;
export const cutLabel = (s: string) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > LABEL_CHARS ? `${flat.slice(0, LABEL_CHARS - 1)}…` : flat;
};

export function candidateRow(c: ParsedCandidate, dreams: DreamsState, workspaceDir: string): MemoryRow {
  const days = c.sourceDays.length;
  const decided = c.status !== 'pending' ? `${c.status}${c.decidedOn ? ` ${c.decidedOn}` : ''}` : 'pending';
  const parts = [decided, c.category];
  if (c.status === 'pending') {
    if (days) parts.push(plural(days, 'day'));
    if (c.score) parts.push(`score ${c.score.toFixed(1)}`);
  }
  const lines = [
    `**${c.id}** · ${c.status}${c.decidedOn ? ` (${c.decidedOn})` : ''} · ${c.category}`,
    '',
    inline(c.finding, 400),
    '',
    `Seen on ${days ? c.sourceDays.join(', ') : 'no recorded day'} · ${plural(c.mentions, 'mention')} · score ${c.score.toFixed(1)}`,
  ];
  if (c.status === 'pending') lines.push('', 'Accept adds this line to MEMORY.md (after a preview and your confirmation):', '', codeSpan(pointerLine(c)));
  else if (c.status === 'accepted') lines.push('', 'Accepted: its pointer is in MEMORY.md.');
  else lines.push('', 'Rejected: Dream will not propose it again.');
  lines.push('', `${codeSpan(dreams.rel)} line ${c.line + 1}`);
  return {
    id: `mem:${workspaceDir}|dream|${c.id}`,
    kind: 'candidate',
    section: 'dreams',
    label: cutLabel(c.finding),
    description: parts.join(' · '),
    tooltip: md(lines),
    ...(c.status === 'pending' ? { icon: 'lightbulb', color: 'charts.yellow' } : c.status === 'accepted' ? { icon: 'pass', color: 'testing.iconPassed' } : { icon: 'circle-slash', color: MUTED }),
    contextValue: `dreamCandidate.${c.status}`,
    aria: `Memory candidate, ${c.status}, ${c.category}: ${cutLabel(c.finding)}`,
    workspaceDir,
    path: dreams.path,
    rel: dreams.rel,
    exists: true,
    line: c.line,
    candidateId: c.id,
    candidateStatus: c.status,
    collapsible: 'none',
    children: [],
  };
}

export function dreamsSection(dreams: DreamsState, workspaceDir: string, opts: MemoryViewOptions): MemoryRow {
  const cs = dreams.parsed?.candidates ?? [];
  const count = (s: ParsedCandidate['status']) => cs.filter((c) => c.status === s).length;
  const pending = count('pending');
  const description = dreams.error ? `unreadable: ${dreams.error}` : !dreams.exists ? `no ${dreams.rel} yet` : `${pending} pending · ${count('accepted')} accepted · ${count('rejected')} rejected`;
  const children = sortCandidates(cs).map((c) => candidateRow(c, dreams, workspaceDir));
  const warnings = dreams.parsed?.warnings ?? [];
  if (warnings.length) children.push(infoRow(workspaceDir, 'dreams-warnings', `${plural(warnings.length, 'part')} of ${dreams.rel} could not be read`, md(warnings.slice(0, 12).map((w) => `- ${inline(w, 200)}`)), { icon: 'warning', color: WARN }));
  if (!cs.length && !dreams.error) {
    const days = opts.dreamDays ?? 7;
    children.push(
      infoRow(workspaceDir, 'dreams-none', 'No candidates yet: run Dream', `Dream reads the daily logs of the last ${plural(days, 'day')} and stages what recurs (preferences, decisions, repeated facts) in ${dreams.rel} for you to accept or reject.`, {
        icon: 'sparkle',
        command: { command: DREAM_COMMAND, title: 'Dream' },
      }),
    );
  }
  return {
    id: `mem:${workspaceDir}|section|dreams`,
    kind: 'section',
    section: 'dreams',
    label: `${dreams.rel} candidates`,
    description,
    tooltip: md([
      `**${dreams.rel} candidates** · staged by Dream from the daily logs`,
      '',
      'Accept adds one pointer line to MEMORY.md (previewed, then confirmed); Reject marks the candidate so it is not proposed again. MEMORY.md is never changed without your confirmation.',
      '',
      codeSpan(dreams.path),
    ]),
    icon: 'sparkle',
    ...(pending ? { color: 'charts.yellow' } : dreams.error ? { color: ERROR } : {}),
    contextValue: dreams.exists && !dreams.error ? 'memoryFile.dreams' : 'memorySection.dreams',
    aria: `${dreams.rel} candidates, ${description}`,
    workspaceDir,
    path: dreams.path,
    rel: dreams.rel,
    exists: dreams.exists && !dreams.error,
    collapsible: 'expanded',
    children,
  };
}
