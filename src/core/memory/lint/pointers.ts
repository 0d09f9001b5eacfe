/**
 * Pointers in MEMORY.md (seed 000 rule 1, "MEMORY.md stores locations"): `→ path` / `-> path` / `=> path`,
 * markdown links `[text](path)`, and backticked `memories/…`/`memory/…` paths, resolved against the workspace root
 * and never looked up outside it.
 */
import * as path from 'node:path';
import { MEMORY_FILE } from '../workspace/layout';

export interface PointerRef {
  /** the target as written (fragment/query removed, %-decoded) */
  target: string;
  column: number;
  endColumn: number;
  form: 'arrow' | 'link' | 'code';
}

const PATH_EXT_RE = /\.(md|markdown|txt|json|jsonl|ya?ml|toml|csv|log|ts|js|mjs|py|rs|sh|sqlite|html?)$/i;
const PLACEHOLDER_RE = /[{}<>*?]|YYYY|\bMM\b|\.\.\.|…/;
const pathLike = (t: string): boolean => t.includes('/') || PATH_EXT_RE.test(t);
const stripTrailingPunct = (t: string): string => t.replace(/[.,;:!?'"’”)\]]+$/, '');

/** Pointers written on one line of a memory index (see the module comment for the forms). */
export function findPointers(line: string): PointerRef[] {
  const out: PointerRef[] = [];
  const taken: Array<[number, number]> = [];
  const overlaps = (a: number, b: number) => taken.some(([s, e]) => a < e && b > s);

  // markdown links [text](target "title")
  for (const m of line.matchAll(/\[[^\]]*\]\(\s*(<[^>]*>|[^()\s]+)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g)) {
    const start = m.index!;
    const end = start + m[0].length;
    taken.push([start, end]);
    let t = m[1]!;
    if (t.startsWith('<')) t = t.slice(1, -1);
    if (!t || t.startsWith('#')) continue;
    if (/^[a-z][a-z0-9+.-]*:/i.test(t) && !/^[a-zA-Z]:[\\/]/.test(t)) continue; // URL (http:, mailto: …)
    t = t.replace(/[#?].*$/, '');
    try {
      t = decodeURIComponent(t);
    } catch {
      /* keep as written */
    }
    if (!t || PLACEHOLDER_RE.test(t)) continue;
    out.push({ target: t, column: start, endColumn: end, form: 'link' });
  }
  // arrows: → path, -> path, => path, ⇒ path (target optionally in backticks)
  for (const m of line.matchAll(/(?:→|->|=>|⇒)[ \t]*(`?)([^\s`|<>()[\]]+)\1/g)) {
    const start = m.index!;
    const end = start + m[0].length;
    if (overlaps(start, end)) continue;
    const t = m[1] ? m[2]! : stripTrailingPunct(m[2]!);
    if (!t || !pathLike(t) || PLACEHOLDER_RE.test(t) || /^[a-z][a-z0-9+.-]*:\/\//i.test(t)) continue;
    taken.push([start, end]);
    const tStart = line.indexOf(t, start);
    out.push({ target: t, column: tStart, endColumn: tStart + t.length, form: 'arrow' });
  }
  // `memories/x.md`, `memory/2026-01-01.md`, `./notes/a.md`
  for (const m of line.matchAll(/`([^`\s]+)`/g)) {
    const start = m.index!;
    const end = start + m[0].length;
    if (overlaps(start, end)) continue;
    const t = m[1]!;
    if (!/^(\.\/)?(memories|memory)\//.test(t) || PLACEHOLDER_RE.test(t)) continue;
    out.push({ target: t, column: start + 1, endColumn: end - 1, form: 'code' });
  }
  return out.sort((a, b) => a.column - b.column);
}

/**
 * Where a pointer written in `fromRel` leads: a normalised workspace-relative path, or 'outside' (absolute,
 * `~`, a drive letter, or `..` above the workspace), or undefined for the workspace root itself.
 */
export function resolvePointer(target: string, fromRel = MEMORY_FILE): string | 'outside' | undefined {
  const t = target.replace(/\\/g, '/');
  if (t.startsWith('/') || t.startsWith('~') || /^[a-zA-Z]:\//.test(t) || t.includes('\0')) return 'outside';
  const dir = path.posix.dirname(fromRel.replace(/\\/g, '/'));
  const joined = path.posix.normalize(path.posix.join(dir === '.' ? '' : dir, t));
  if (joined === '..' || joined.startsWith('../')) return 'outside';
  const rel = joined.replace(/\/+$/, '');
  if (rel === '' || rel === '.') return undefined;
  return rel;
}
