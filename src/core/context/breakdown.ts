/**
 * What the context is made of, by category. Message figures are the calibrated estimator's per-entry
 * figures (`estOf`: the same figure the trees, the context document and the compaction list show); the
 * system prompt and tool schemas come from OpenClaw's `systemPromptReport` (chars / 4: their text is not
 * stored); bootstrap files are what the Memories view shows for them (the workspace scan's estimate of each
 * file as OpenClaw injects it, missing-file markers included) when the workspace can be read, else the
 * report's char counts / 4. The system prompt row is everything of the system prompt that is not file
 * content (the file headers of the project-context section included), so the three rows add up to the
 * whole system prompt. figures.ts adds the part no category explains, so the rows sum to the used figure.
 */
import type { EntryMeta, SessionRow } from '../store/types';
import type { ActiveContext } from './rebuild';
import { estOf } from '../store/entries';
import { formatTokens } from './format';

export type BreakdownId = 'system' | 'bootstrap' | 'tools' | 'summary' | 'user' | 'assistant' | 'toolResults' | 'custom';

export interface BreakdownRow {
  id: BreakdownId;
  label: string;
  tokens: number;
  count?: number;
  detail?: string;
  /** the bootstrap row's files, each with its tokens (they sum to the row's) */
  files?: Array<{ name: string; tokens: number }>;
}

/** The category a context item counts under (the breakdown's message rows). */
export function categoryOf(e: Pick<EntryMeta, 'kind' | 'role'>): { id: BreakdownId; label: string } {
  if (e.kind === 'compaction' || e.kind === 'branch_summary') return { id: 'summary', label: 'Summaries' };
  if (e.kind === 'custom_message') return { id: 'custom', label: 'Injected messages' };
  if (e.role === 'user') return { id: 'user', label: 'User messages' };
  if (e.role === 'assistant') return { id: 'assistant', label: 'Assistant messages' };
  if (e.role === 'toolResult' || e.role === 'bashExecution') return { id: 'toolResults', label: 'Tool results' };
  return { id: 'custom', label: 'Injected messages' };
}

/** The categories sent with every prompt whatever the messages are: the fixed overhead. */
export const OVERHEAD_IDS: ReadonlySet<string> = new Set<BreakdownId>(['system', 'bootstrap', 'tools']);

const charsToTokens = (c: number | undefined): number => (typeof c === 'number' && c > 0 ? Math.ceil(c / 4) : 0);

export function computeBreakdown(
  row: SessionRow,
  ctx: ActiveContext | undefined,
  /** tokens of a bootstrap file as OpenClaw injects it (by its name), when the workspace can be read */
  fileTokens?: (name: string) => number | undefined,
): BreakdownRow[] {
  const out: BreakdownRow[] = [];
  const r = row.systemPromptReport;
  if (r?.systemPrompt?.chars) {
    const project = r.systemPrompt.projectContextChars ?? 0;
    const files = r.injectedWorkspaceFiles ?? [];
    const fileChars = files.reduce((n, f) => n + (f.injectedChars ?? 0), 0);
    const inFiles = files.length ? Math.min(fileChars, r.systemPrompt.chars) : project;
    const skills = r.skills?.promptChars;
    const sys: BreakdownRow = { id: 'system', label: 'System prompt', tokens: charsToTokens(r.systemPrompt.chars - inFiles) };
    const notes = [skills ? `incl. skills list ~${formatTokens(charsToTokens(skills))}` : '', files.length && project > fileChars ? `workspace-file headers ~${formatTokens(charsToTokens(project - fileChars))}` : ''].filter(Boolean);
    if (notes.length) sys.detail = notes.join(', ');
    out.push(sys);
    const perFile = files.map((f) => ({ f, tokens: (f.name ? fileTokens?.(f.name) : undefined) ?? charsToTokens(f.injectedChars) }));
    const boot: BreakdownRow = { id: 'bootstrap', label: 'Bootstrap files', tokens: files.length ? perFile.reduce((n, x) => n + x.tokens, 0) : charsToTokens(project), count: files.length };
    if (files.length) {
      boot.detail = perFile.map((x) => `${x.f.name ?? '?'} ${formatTokens(x.tokens)}${x.f.missing ? ' (missing: marker)' : x.f.truncated ? ' (truncated)' : ''}`).join(', ');
      boot.files = perFile.map((x) => ({ name: x.f.name ?? '?', tokens: x.tokens }));
    }
    out.push(boot);
  }
  if (r?.tools && (r.tools.schemaChars || r.tools.listChars)) {
    out.push({ id: 'tools', label: 'Tool schemas', tokens: charsToTokens((r.tools.schemaChars ?? 0) + (r.tools.listChars ?? 0)) });
  }
  if (ctx) {
    for (const e of ctx.items) {
      const { id, label } = categoryOf(e);
      let rowOut = out.find((x) => x.id === id);
      if (!rowOut) {
        rowOut = { id, label, tokens: 0, count: 0 };
        out.push(rowOut);
      }
      rowOut.tokens += Math.round(estOf(e));
      rowOut.count = (rowOut.count ?? 0) + 1;
    }
  }
  return out;
}
