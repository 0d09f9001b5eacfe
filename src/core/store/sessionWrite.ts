/**
 * One entry point for appending to a session, whatever its era: the SQLite writer (one transaction,
 * refused while OpenClaw owns the store) or the JSONL writer (OpenClaw's lock protocol). Callers pass
 * what the context model knows about the session; the writers do every check.
 */
import { appendJsonlEntries, type JsonlWriteOptions } from './jsonlWriter';
import { appendEvents, type SqliteWriteOptions } from './sqliteWriter';
import type { SessionRow } from './types';
import type { WriteEntryInput } from './writeEntries';
import type { WriteResult } from './writeResult';

export interface SessionWriteTarget {
  era: 'sqlite' | 'jsonl';
  /** the agent DB (sqlite) or the agent's sessions directory (jsonl): the store's `location` */
  location: string;
  stateDir: string;
  row: Pick<SessionRow, 'key' | 'sessionId'> & Partial<Pick<SessionRow, 'sessionFile'>>;
}

export function appendToSession(target: SessionWriteTarget, entries: WriteEntryInput[], opts: SqliteWriteOptions & JsonlWriteOptions = {}): Promise<WriteResult> {
  const o = { ...opts, stateDir: opts.stateDir ?? target.stateDir };
  return target.era === 'sqlite' ? appendEvents(target.location, target.row.key, entries, o) : appendJsonlEntries(target.location, target.row, entries, o);
}
