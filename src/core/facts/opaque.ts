/**
 * OpenClaw's opaque-identifier pattern (its safeguard audit, `extractOpaqueIdentifiers`): the identifiers a summary
 * must keep literally, and how their presence is checked. The audit (compaction/summary/audit.ts) and the fact
 * extraction share it.
 */

export const isPureHex = (v: string) => /^[A-Fa-f0-9]{8,}$/.test(v);

/** Identifier present in the summary (pure hex of ≥ 8 compared case-insensitively). */
export function summaryIncludesIdentifier(summary: string, identifier: string): boolean {
  if (isPureHex(identifier)) return summary.toUpperCase().includes(identifier.toUpperCase());
  return summary.includes(identifier);
}

// OpenClaw's opaque-identifier pattern, part by part. Group 1: URLs, absolute paths, Windows paths,
// host:port. The unnamed middle part consumes decimals/exponent numbers (with unit letters) so their
// digits never start an identifier. Group 2: a token with ≥ 8 hex digits or ≥ 6 decimal digits in it.
const OPAQUE_PARTS = {
  url: String.raw`https?:\/\/\S+`,
  absPath: String.raw`(?<![A-Za-z0-9._-])\/[\w.-]{2,}(?:\/[\w.-]+)+`,
  winPath: String.raw`[A-Za-z]:\\[\w\\.-]+`,
  // OpenClaw's form, behind a lookahead for the `:digit` that must follow the run: the same matches, in linear time
  // (without it a long `1.1.1…` with no port backtracks over every split of the run)
  hostPort: String.raw`(?<![A-Za-z0-9._-])(?=[A-Za-z0-9._/-]*:\d)[A-Za-z0-9._-]+\.[A-Za-z0-9._/-]+:\d{1,5}`,
  number:
    String.raw`(?:(?:\d+\.\d+|\.\d+)(?:[eE][+-]?\d+)?|\d+\.[eE][+-]?\d+|\d+\.?[eE][+-]\d+|(?![A-Fa-f0-9]{8,}(?![A-Fa-f0-9]))\d+\.?[eE]\d+)` +
    String.raw`(?:(?=[A-Za-z]+(?![A-Za-z0-9]))(?=[A-Za-z]*[G-Zg-z])[A-Za-z]+)?(?![A-Za-z0-9])`,
  opaque: String.raw`(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]*(?:[A-Fa-f0-9]{8,}|\d{6,}))([A-Za-z0-9_-]+)`,
};
export const OPAQUE_RE_SOURCE = `(${OPAQUE_PARTS.url}|${OPAQUE_PARTS.absPath}|${OPAQUE_PARTS.winPath}|${OPAQUE_PARTS.hostPort})|${OPAQUE_PARTS.number}|${OPAQUE_PARTS.opaque}`;

function sanitizeExtractedIdentifier(v: string): string {
  return v
    .trim()
    .replace(/^[("'`[{<]+/, '')
    .replace(/[)\]"'`,;:.!?<>]+$/, '');
}

/**
 * Identifiers as written in `text` (first occurrence of each), in the order OpenClaw extracts them,
 * with OpenClaw's normalised form (pure hex upper-cased) alongside. No cap.
 */
export function opaqueIdentifierCandidates(text: string, limit = Infinity): Array<{ raw: string; normalized: string; at: number }> {
  const re = new RegExp(OPAQUE_RE_SOURCE, 'g');
  const seen = new Set<string>();
  const out: Array<{ raw: string; normalized: string; at: number }> = [];
  for (const m of text.matchAll(re)) {
    if (out.length >= limit) break; // the first `limit` distinct ones are all a caller asked for
    const raw = sanitizeExtractedIdentifier(m[1] ?? m[2] ?? '');
    const normalized = isPureHex(raw) ? raw.toUpperCase() : raw;
    if (normalized.length < 4 || seen.has(normalized)) continue;
    seen.add(normalized);
    out.push({ raw, normalized, at: m.index ?? 0 });
  }
  return out;
}

