/**
 * What a write returns and what it is asked to check, plus the checks both writers (SQLite, JSONL) make:
 * - only while no OpenClaw process owns the state dir (ownership.ts); otherwise a refusal saying who owns
 *   it (the Gateway RPCs are the way to change a live session);
 * - with `expect` (the PlanBasis a preview was made from), the write is refused ('changed') when the
 *   session moved on, checked inside the transaction / under the lock, so a stale plan is never written.
 */
import * as path from 'node:path';
import { changedSincePreview } from './lock';
import { checkOwnership, type Ownership, type OwnershipOptions } from './ownership';
import { errText, refuse, type Refusal, type WrittenEntry } from './writeEntries';

export interface WriteSuccess {
  ok: true;
  era: 'sqlite' | 'jsonl';
  /** the DB or transcript file */
  location: string;
  sessionId: string;
  /** the active leaf the first entry was chained to (null: a JSONL transcript that had only its header) */
  previousLeafId: string | null;
  written: WrittenEntry[];
  /** SQLite: whether session_transcript_index_state.needs_rebuild was set */
  markedNeedsRebuild?: boolean;
  /** JSONL: stale locks that were reclaimed, and anything else worth knowing */
  notes: string[];
}

export type WriteResult = WriteSuccess | Refusal;

/**
 * What a plan was made against (the session as it was read for the preview). With `expect`, the writer
 * re-checks it under its lock (SQLite: inside BEGIN IMMEDIATE; JSONL: holding the transcript lock) and
 * refuses with 'changed' when the session moved on, so a stale plan is never written.
 */
export interface PlanBasis {
  /** the active leaf the plan saw (null: a transcript with only its header) */
  leafId: string | null;
  /** JSONL: the transcript's size in bytes (complete lines) when it was read */
  size?: number;
  /** SQLite: the transcript (session id) and its last seq when it was read */
  sessionId?: string;
  lastSeq?: number;
}

export interface WriteOptions {
  /** the state dir that owns the store (default: derived from the path) */
  stateDir?: string;
  ownership?: OwnershipOptions;
  now?: () => number;
  /** refuse ('changed') unless the session is still what the plan was made against */
  expect?: PlanBasis;
}

/** 'changed' when the session is not what the plan saw; `now` is what the writer found under its lock. */
export function basisRefusal(expect: PlanBasis | undefined, now: Required<Pick<PlanBasis, 'leafId'>> & Omit<PlanBasis, 'leafId'>, what: string): Refusal | undefined {
  if (!expect) return undefined;
  const diff: string[] = [];
  if (expect.sessionId !== undefined && expect.sessionId !== now.sessionId) diff.push(`it is now transcript ${now.sessionId}, the plan saw ${expect.sessionId}`);
  else if (expect.leafId !== now.leafId) diff.push(`its last entry is now ${now.leafId}, the plan saw ${expect.leafId}`);
  if (!diff.length && expect.size !== undefined && now.size !== undefined && expect.size !== now.size) diff.push(`it is now ${now.size} bytes, the plan saw ${expect.size}`);
  if (!diff.length && expect.lastSeq !== undefined && now.lastSeq !== undefined && expect.lastSeq !== now.lastSeq) diff.push(`its last row is now seq ${now.lastSeq}, the plan saw ${expect.lastSeq}`);
  return diff.length ? refuse('changed', changedSincePreview(what, diff.join('; '))) : undefined;
}

/** `<stateDir>/agents/<id>/agent/openclaw-agent.sqlite` or `<stateDir>/agents/<id>/sessions` → stateDir. */
export function deriveStateDir(p: string, kind: 'db' | 'sessions'): string | undefined {
  const abs = path.resolve(p);
  const parts = kind === 'db' ? path.dirname(abs) : abs; // …/agents/<id>/agent  or  …/agents/<id>/sessions
  const leafName = path.basename(parts);
  const agentsDir = path.dirname(path.dirname(parts));
  if (leafName !== (kind === 'db' ? 'agent' : 'sessions') || path.basename(agentsDir) !== 'agents') return undefined;
  return path.dirname(agentsDir);
}

export async function ownershipRefusal(stateDir: string, opts: OwnershipOptions | undefined, extra: Partial<OwnershipOptions> = {}): Promise<Refusal | undefined> {
  let own: Ownership;
  try {
    own = await checkOwnership(stateDir, { ...opts, ...extra });
  } catch (err) {
    return refuse('owned', `Could not tell whether OpenClaw is using ${stateDir} (${errText(err)}); not writing.`);
  }
  if (!own.owned) return undefined;
  return refuse('owned', `${own.reason} Not writing: changes while OpenClaw runs fail its next turn. Use the Gateway (sessions.compact, chat.send …) or stop OpenClaw first.`, own);
}
