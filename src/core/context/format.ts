/**
 * The one number formatter of every surface (status bar, tooltip, trees, documents, CLI text): a token
 * figure is always `formatTokens`, an approximate one `approxTokens` (`~` first). In Markdown the `~`
 * must be escaped (`mdTokens`): a pair of single tildes is strikethrough in VS Code's renderer.
 */

/** ≥ 1M → `1.2m`; ≥ 10k → `33k`; ≥ 1k → `8.2k`; else the integer. Rounds first, so 9,999 is `10k`, never `10.0k`. */
export function formatTokens(n: number): string {
  const v = Math.max(0, Math.round(n));
  if (v >= 999_500) return `${(v / 1_000_000).toFixed(1)}m`;
  if (v >= 9_950) return `${(v / 1000).toFixed(0)}k`;
  if (v >= 1_000) return `${(v / 1000).toFixed(1)}k`;
  return String(v);
}

/** `~8.2k` when approximate, else `8.2k` (plain text). */
export function approxTokens(n: number, approximate: boolean): string {
  return `${approximate ? '~' : ''}${formatTokens(n)}`;
}

/**
 * An approximate part that may be negative (a composition's remainder): `~1.2k`, `−~1.2k` (the sign first: VS Code's
 * Markdown renders an escaped `\~` followed by `−` as two tildes).
 */
export function approxSigned(n: number): string {
  return `${n < 0 ? '−' : ''}~${formatTokens(Math.abs(n))}`;
}

/** A literal `~` in Markdown: escaped, so `~9.6k / 49k (~20%)` is not read as strikethrough. */
export const mdTilde = (s: string): string => s.replace(/~/g, '\\~');

/**
 * `openclaw sessions` table cell as OpenClaw prints it (`(v/1000).toFixed(v >= 10000 ? 0 : 1) + "k"`): only to
 * compare with OpenClaw's own output in tests; our surfaces use formatTokens.
 */
export function formatTokensTable(v: number): string {
  return `${(v / 1000).toFixed(v >= 10000 ? 0 : 1)}k`;
}

/** `openclaw sessions` Tokens (ctx %) cell: `9.7k/33k (30%)`, or `unknown/33k (?%)` (OpenClaw's format, see above). */
export function formatSessionsCell(used: number | undefined, ctx: number): string {
  if (used === undefined) return `unknown/${formatTokensTable(ctx)} (?%)`;
  return `${formatTokensTable(used)}/${formatTokensTable(ctx)} (${Math.min(999, Math.round((used / ctx) * 100))}%)`;
}

/** Signed distance, e.g. `16k` or `-1.2k`. */
export function formatDelta(n: number): string {
  return n < 0 ? `-${formatTokens(-n)}` : formatTokens(n);
}

/** `7/12` as a share: `58%`. */
export const formatPercent = (ratio: number): string => `${Math.min(999, Math.round(ratio))}%`;

export function formatAge(ms: number, now: number): string {
  const d = Math.max(0, now - ms);
  const s = Math.floor(d / 1000);
  if (s < 60) return 'just now';
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ago`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h}h ago`;
  return `${Math.floor(h / 24)}d ago`;
}
