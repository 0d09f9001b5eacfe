/**
 * What the context is made of, by category. Message figures are calibrated-estimator figures over the
 * rebuilt context; the system prompt and tool schemas come from OpenClaw's `systemPromptReport`
 * (chars / 4: their text is not stored); bootstrap files are estimated from the workspace files
 * themselves when they can be read, else from the report's char counts.
 */
import type { SessionRow } from '../store/types';
import type { ActiveContext } from './rebuild';
import { estOf } from '../store/entries';

export interface BreakdownRow {
  id: 'system' | 'bootstrap' | 'tools' | 'summary' | 'user' | 'assistant' | 'toolResults' | 'custom';
  label: string;
  tokens: number;
  count?: number;
  detail?: string;
}

const charsToTokens = (c: number | undefined): number => (typeof c === 'number' && c > 0 ? Math.ceil(c / 4) : 0);

/**
 * `scale`: the session's usage calibration; message rows are calibrated-estimator figures × scale.
 */
export function computeBreakdown(
  row: SessionRow,
  ctx: ActiveContext | undefined,
  scale = 1,
  /** estimated tokens of a workspace file (by its name), when it can be read */
  fileTokens?: (name: string) => number | undefined,
): BreakdownRow[] {
  const out: BreakdownRow[] = [];
  const r = row.systemPromptReport;
  if (r?.systemPrompt?.chars) {
    const project = r.systemPrompt.projectContextChars ?? 0;
    const skills = r.skills?.promptChars;
    const sys: BreakdownRow = { id: 'system', label: 'System prompt', tokens: charsToTokens(r.systemPrompt.chars - project) };
    if (skills) sys.detail = `incl. skills list ~${charsToTokens(skills)}`;
    out.push(sys);
    const files = (r.injectedWorkspaceFiles ?? []).filter((f) => !f.missing);
    // Per file: the estimator over the file (× the injected share when OpenClaw truncated it), else chars/4.
    const perFile = files.map((f) => {
      const whole = f.name ? fileTokens?.(f.name) : undefined;
      const share = f.rawChars && f.injectedChars !== undefined ? Math.min(1, f.injectedChars / f.rawChars) : 1;
      return { f, tokens: whole !== undefined ? Math.round(whole * share * scale) : charsToTokens(f.injectedChars) };
    });
    const fromFiles = perFile.reduce((n, x) => n + x.tokens, 0);
    const boot: BreakdownRow = { id: 'bootstrap', label: 'Bootstrap files', tokens: files.length ? fromFiles : charsToTokens(project), count: files.length };
    if (files.length) boot.detail = perFile.map((x) => `${x.f.name ?? '?'} ${x.tokens}${x.f.truncated ? ' (truncated)' : ''}`).join(', ');
    out.push(boot);
  }
  if (r?.tools && (r.tools.schemaChars || r.tools.listChars)) {
    out.push({ id: 'tools', label: 'Tool schemas', tokens: charsToTokens((r.tools.schemaChars ?? 0) + (r.tools.listChars ?? 0)) });
  }
  if (ctx) {
    const add = (id: BreakdownRow['id'], label: string, tokens: number) => {
      let rowOut = out.find((x) => x.id === id);
      if (!rowOut) {
        rowOut = { id, label, tokens: 0, count: 0 };
        out.push(rowOut);
      }
      rowOut.tokens += tokens * scale;
      rowOut.count = (rowOut.count ?? 0) + 1;
    };
    for (const e of ctx.items) {
      if (e.kind === 'compaction' || e.kind === 'branch_summary') add('summary', 'Summaries', estOf(e));
      else if (e.kind === 'custom_message') add('custom', 'Injected messages', estOf(e));
      else if (e.role === 'user') add('user', 'User messages', estOf(e));
      else if (e.role === 'assistant') add('assistant', 'Assistant messages', estOf(e));
      else if (e.role === 'toolResult' || e.role === 'bashExecution') add('toolResults', 'Tool results', estOf(e));
      else add('custom', 'Injected messages', estOf(e));
    }
  }
  for (const r of out) r.tokens = Math.round(r.tokens);
  return out;
}
