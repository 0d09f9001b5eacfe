/**
 * A session as the context model holds it (its row, window, figures and, once read, its transcript index and
 * rebuilt context), with what is derived from one session alone: its uid and the basis a write plan is made against.
 */
import type { ModelWindow } from '../store/config';
import type { SessionRow, SessionStore } from '../store/types';
import type { PlanBasis } from '../store/writeResult';
import type { SessionFigures } from './figures';
import type { ActiveContext, TranscriptIndex } from './rebuild';

export interface SessionState {
  /** unique across state dirs: `<stateDir>|<agentId>|<key>` */
  uid: string;
  stateDir: string;
  agentId: string;
  era: 'sqlite' | 'jsonl';
  row: SessionRow;
  window: ModelWindow;
  /** the session's figures, computed once per refresh: what every surface shows */
  figures: SessionFigures;
  /** present once the transcript was read */
  index?: TranscriptIndex;
  context?: ActiveContext;
  /** last model seen in the transcript (model_change / assistant rows) */
  transcriptModel?: string;
  /** newest activity: row update or newest transcript entry */
  lastActivity: number;
  /** a remote Gateway's session (no local files): that Gateway's URL, without credentials */
  remote?: string;
}

/**
 * Sessions that are not in a local state dir: a remote Gateway's, read through its cache
 * (core/gateway/remoteStore.ts). `stateDir` names it (`gateway:<url>`); it is never a path.
 */
export interface RemoteSessionSource {
  readonly stateDir: string;
  readonly url: string;
  agents(): string[];
  storeFor(agentId: string): SessionStore;
}

/**
 * What a plan made from this session now is made against: its active leaf and how far its transcript was
 * read (JSONL bytes, SQLite transcript and last seq). Take it when planning and pass it to the writer
 * (`expect`), which refuses when the session changed before the write. Undefined before the transcript was read.
 */
export function planBasisOf(s: SessionState): PlanBasis | undefined {
  if (!s.context || s.remote) return undefined;
  const c = s.index?.cursor;
  if (c?.kind === 'jsonl') return { leafId: s.context.leafId, size: c.offset };
  if (c?.kind === 'sqlite') return { leafId: s.context.leafId, sessionId: c.sessionId, lastSeq: c.lastSeq };
  return { leafId: s.context.leafId };
}

export const sessionUid = (stateDir: string, agentId: string, key: string): string => `${stateDir}|${agentId}|${key}`;
