/** Parsing OpenClaw's SessionEntry (sessions.json value / session_nodes.entry_json) into a SessionRow. */
import { parseJsonSafe } from '../fs/safeJson';
import { timeMs } from './time';
import type { SessionRow } from './types';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const s = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

export function rowFromEntry(key: string, e: Json): SessionRow {
  const row: SessionRow = { key, sessionId: s(e.sessionId) ?? '', updatedAt: timeMs(e.updatedAt) };
  const set = <K extends keyof SessionRow>(k: K, v: SessionRow[K] | undefined) => {
    if (v !== undefined) row[k] = v;
  };
  set('displayName', s(e.displayName));
  set('label', s(e.label));
  set('model', s(e.model));
  set('modelProvider', s(e.modelProvider));
  set('totalTokens', num(e.totalTokens));
  if (typeof e.totalTokensFresh === 'boolean') row.totalTokensFresh = e.totalTokensFresh;
  set('inputTokens', num(e.inputTokens));
  set('outputTokens', num(e.outputTokens));
  set('contextTokens', num(e.contextTokens));
  set('compactionCount', num(e.compactionCount));
  set('status', s(e.status));
  set('parentSessionKey', s(e.parentSessionKey));
  set('sessionFile', s(e.sessionFile));
  set('memoryFlushCompactionCount', num(e.memoryFlushCompactionCount));
  if (isObj(e.contextBudgetStatus)) row.contextBudgetStatus = e.contextBudgetStatus as SessionRow['contextBudgetStatus'];
  if (isObj(e.systemPromptReport)) row.systemPromptReport = e.systemPromptReport as SessionRow['systemPromptReport'];
  if (isObj(e.memoryFlush)) row.memoryFlush = e.memoryFlush as SessionRow['memoryFlush'];
  return row;
}

export function rowFromEntryJson(key: string, text: string, warn: (m: string) => void): SessionRow {
  const parsed = parseJsonSafe(text);
  if (parsed.ok && isObj(parsed.value)) return rowFromEntry(key, parsed.value);
  warn(parsed.ok ? 'entry_json is not an object' : `entry_json is ${parsed.error}`);
  return { key, sessionId: '', updatedAt: 0 };
}
