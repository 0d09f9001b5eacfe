/**
 * What the workspace's memory already says, for dreaming's de-duplication: MEMORY.md (or `memory.md`), the
 * files it points to, and DREAMS.md, read safely inside the workspace.
 *
 * A candidate is dropped when MEMORY.md (or `memory.md` when only that exists) or a file it points to
 * (lint/pointers.ts's pointer forms: `→ path`, markdown links, backticked `memories/…` paths; daily logs excluded,
 * since accepted pointers point at them) already says it — same line (with or without a label), the whole
 * finding inside the text, or ≥ 85 % of its words (CJK: characters) in one line — or when DREAMS.md already has
 * a candidate with the same id or the same finding, whatever its status (a rejected candidate is not proposed
 * again).
 */
import * as fs from 'node:fs';
import { factKeys, normalizeFact } from '../extract';
import { DAILY_LOG_REL_RE } from '../flush';
import { readTextIfExists, resolveInside } from '../fsSafe';
import { findPointers, resolvePointer } from '../lint/pointers';
import { DREAMS_FILE, MEMORY_ALT_FILE, MEMORY_FILE } from '../workspace/layout';

/** Files MEMORY.md points to that are read for de-duplication, and their size cap. */
export const MAX_POINTED_FILES = 32;
export const MAX_POINTED_FILE_BYTES = 1024 * 1024;

export function readRel(workspaceDir: string, rel: string, warnings: string[]): string | undefined {
  try {
    return readTextIfExists(resolveInside(workspaceDir, rel));
  } catch (err) {
    warnings.push(`${rel}: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }
}

/** `rel` exists inside the workspace (a path that leads outside counts as absent). */
function existsInside(workspaceDir: string, rel: string): boolean {
  try {
    return fs.existsSync(resolveInside(workspaceDir, rel));
  } catch {
    return false;
  }
}

/** `MEMORY.md`, or `memory.md` when only that exists (OpenClaw's bootstrap rule). */
export function memoryRel(workspaceDir: string): string {
  return !existsInside(workspaceDir, MEMORY_FILE) && existsInside(workspaceDir, MEMORY_ALT_FILE) ? MEMORY_ALT_FILE : MEMORY_FILE;
}

/** `DREAMS.md`, or `dreams.md` when only that exists (as OpenClaw's dreaming does). */
export function dreamsRel(workspaceDir: string): string {
  return !existsInside(workspaceDir, DREAMS_FILE) && existsInside(workspaceDir, 'dreams.md') ? 'dreams.md' : DREAMS_FILE;
}

/** Workspace-relative files MEMORY.md points to, in order (lint/pointers.ts's pointer forms; outside targets dropped). */
export function memoryPointers(text: string, fromRel: string = MEMORY_FILE): string[] {
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    for (const p of findPointers(line)) {
      const rel = resolvePointer(p.target, fromRel);
      if (rel && rel !== 'outside' && !out.includes(rel)) out.push(rel);
    }
  }
  return out;
}

/** What long-term memory already says (MEMORY.md and the files it points to), for the de-duplication. */
export interface KnownMemory {
  keys: Set<string>;
  lineTokens: Array<Set<string>>;
  text: string;
  /** files read (relative), MEMORY.md first */
  files: string[];
}

const CJK = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}`;
const TOKEN_RE = new RegExp(String.raw`[${CJK}]|(?:(?![${CJK}])[\p{L}\p{N}])(?:(?![${CJK}])[\p{L}\p{N}_-])*`, 'gu');

/** Words (CJK: single characters) of a normalised text. */
export function factTokens(s: string): Set<string> {
  return new Set(normalizeFact(s).match(TOKEN_RE) ?? []);
}

export function loadKnownMemory(workspaceDir: string, warnings: string[] = []): KnownMemory {
  const known: KnownMemory = { keys: new Set(), lineTokens: [], text: '', files: [] };
  const rel = memoryRel(workspaceDir);
  const memory = readRel(workspaceDir, rel, warnings);
  if (memory === undefined) return known;
  const texts: string[] = [memory];
  known.files.push(rel);
  for (const p of memoryPointers(memory, rel)) {
    if (known.files.length > MAX_POINTED_FILES) break;
    if (DAILY_LOG_REL_RE.test(p) || known.files.includes(p)) continue;
    let text: string | undefined;
    try {
      const file = resolveInside(workspaceDir, p);
      text = readTextIfExists(file);
    } catch (err) {
      warnings.push(`${p} (pointed to by ${rel}): ${err instanceof Error ? err.message : String(err)}`);
      continue;
    }
    if (text === undefined) continue;
    if (Buffer.byteLength(text, 'utf8') > MAX_POINTED_FILE_BYTES) {
      warnings.push(`${p} (pointed to by ${rel}) is larger than ${MAX_POINTED_FILE_BYTES} bytes; not read`);
      continue;
    }
    texts.push(text);
    known.files.push(p);
  }
  for (const t of texts) {
    for (const raw of t.split(/\r?\n/).slice(0, 5000)) {
      const line = raw.replace(/^\s*#{1,6}\s+/, '');
      const keys = factKeys(line);
      if (!keys.length) continue;
      for (const k of keys) known.keys.add(k);
      known.lineTokens.push(factTokens(line));
    }
  }
  known.text = texts.map((t) => t.split(/\r?\n/).map(normalizeFact).join('\n')).join('\n');
  return known;
}

/** Long-term memory already says `finding` (see the module comment). */
export function isKnown(known: KnownMemory, finding: string): boolean {
  const keys = factKeys(finding);
  if (!keys.length) return true;
  if (keys.some((k) => known.keys.has(k))) return true;
  if (keys[0]!.length >= 12 && known.text.includes(keys[0]!)) return true;
  const tokens = factTokens(finding);
  if (tokens.size < 3) return false;
  for (const line of known.lineTokens) {
    let hit = 0;
    for (const t of tokens) if (line.has(t)) hit++;
    if (hit / tokens.size >= 0.85) return true;
  }
  return false;
}
