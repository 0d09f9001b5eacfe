/** Number formatting exactly as OpenClaw prints it. */

/** `/status` and the gauge: ≥ 1M → `1.2m`; ≥ 10k → `33k`; ≥ 1k → `8.2k`; else the integer. */
export function formatTokens(n: number): string {
  const v = Math.max(0, Math.round(n));
  if (v >= 1_000_000) return `${(v / 1_000_000).toFixed(1)}m`;
  if (v >= 10_000) return `${(v / 1000).toFixed(0)}k`;
  if (v >= 1_000) return `${(v / 1000).toFixed(1)}k`;
  return String(v);
}

/** `openclaw sessions` table cell: `(v/1000).toFixed(v >= 10000 ? 0 : 1) + "k"`. */
export function formatTokensTable(v: number): string {
  return `${(v / 1000).toFixed(v >= 10000 ? 0 : 1)}k`;
}

/** `openclaw sessions` Tokens (ctx %) cell: `9.7k/33k (30%)`, or `unknown/33k (?%)`. */
export function formatSessionsCell(used: number | undefined, ctx: number): string {
  if (used === undefined) return `unknown/${formatTokensTable(ctx)} (?%)`;
  return `${formatTokensTable(used)}/${formatTokensTable(ctx)} (${Math.min(999, Math.round((used / ctx) * 100))}%)`;
}

/** Signed distance, e.g. `16k` or `-1.2k`. */
export function formatDelta(n: number): string {
  return n < 0 ? `-${formatTokens(-n)}` : formatTokens(n);
}

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
