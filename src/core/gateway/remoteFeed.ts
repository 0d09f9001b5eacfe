/**
 * The sessions of a remote Gateway (no local state dir) as a source of the context model: a RemoteSessionCache
 * (remoteStore.ts) fed by sessions.subscribe / sessions.list / sessions.changed / session.message, and chat.history
 * for the transcripts the model asks for. One feed per connection; the extension's live mode and the CLI's
 * `--gateway` both read a remote Gateway through it.
 *
 * - A `sessions.changed` with the whole row updates that row; without one (or for a session not known yet) the
 *   list is fetched again (one `sessions.list` for a burst, 250 ms after the first event).
 * - A held history is fetched again when the transcript changed in a way `session.message` does not carry: a
 *   compaction or reset, the end of a run (the real Gateway sends no `session.message` for tool results,
 *   test/fixtures/openclaw-real/gateway/remote.json), or any change of a session whose messages nobody subscribed.
 * - chat.history never re-enters the model: the owner is told (`onChanged`) and refreshes when it likes.
 */
import type { GatewayClient } from './client';
import type { SessionMessageEvent, SessionRow, SessionsChangedEvent, SessionsListResult } from './methods';
import { redactUrl } from './redact';
import { historyParams, RemoteSessionCache } from './remoteStore';
import type { RemoteSessionView } from './viewModel';

export interface RemoteFeedOptions {
  url: string;
  /** the client to ask now (a reconnect replaces it); a fetch started on another client is dropped */
  client(): GatewayClient | undefined;
  /** the cache was made: the model's remote sources changed */
  onSourcesChanged?(): void;
  /** what the model shows changed (a list or a history arrived): refresh it */
  onChanged?(client: GatewayClient): void;
  /** the listed rows changed (the connection view) */
  onRows?(): void;
  /** chat.history failed (default: a warning through `log`) */
  onHistoryError?(key: string, err: unknown): void;
  log?(level: 'warn', message: string): void;
  /** per chat.history request (default: the client's) */
  historyTimeoutMs?: number;
}

/** A session row as the connection view lists it (numbers and flags only; the key is redacted by the view). */
export function remoteRow(r: SessionRow): RemoteSessionView {
  const row = r as unknown as Record<string, unknown>;
  const num = (k: string) => (typeof row[k] === 'number' ? (row[k] as number) : undefined);
  const v: RemoteSessionView = { key: String(row.key) };
  const set = <K extends keyof RemoteSessionView>(k: K, val: RemoteSessionView[K] | undefined) => {
    if (val !== undefined) v[k] = val;
  };
  set('totalTokens', num('totalTokens'));
  set('contextTokens', num('contextTokens'));
  set('compactionCount', num('compactionCount'));
  set('updatedAt', num('updatedAt'));
  set('totalTokensFresh', typeof row.totalTokensFresh === 'boolean' ? row.totalTokensFresh : undefined);
  set('hasActiveRun', typeof row.hasActiveRun === 'boolean' ? row.hasActiveRun : undefined);
  set('status', typeof row.status === 'string' ? row.status : undefined);
  return v;
}

interface Fetch {
  running: boolean;
  /** asked again while running: fetch again after it */
  again: boolean;
  done: Promise<void>;
}

/** chat.history requests running at once on one connection. */
export const HISTORY_CONCURRENCY = 4;

export class RemoteSessionFeed {
  private held: RemoteSessionCache | undefined;
  private readonly fetches = new Map<string, Fetch>();
  private listTimer: ReturnType<typeof setTimeout> | undefined;
  /** the rows of the last list (the connection view) */
  rows: RemoteSessionView[] | undefined;

  constructor(private readonly opts: RemoteFeedOptions) {}

  /** The cache the model reads, while this feed holds one. */
  get cache(): RemoteSessionCache | undefined {
    return this.held;
  }

  /** The cache, made on first use. */
  source(): RemoteSessionCache {
    if (!this.held) {
      this.held = new RemoteSessionCache({ url: this.opts.url, onNeedHistory: (key) => void this.fetchHistory(key) });
      this.opts.onSourcesChanged?.();
    }
    return this.held;
  }

  /** A sessions.list (or the list sessions.subscribe answered with). */
  applyList(list: SessionsListResult): void {
    this.showRows(list);
    this.source().applyList(list);
  }

  /** The rows of a list for the connection view only (the model's sessions unchanged). */
  showRows(list: SessionsListResult): void {
    this.rows = (list.sessions ?? []).map(remoteRow);
  }

  /** A sessions.changed event; `subscribed(key)`: are that session's messages subscribed on this connection. */
  onSessionsChanged(client: GatewayClient, e: SessionsChangedEvent | undefined, subscribed: (key: string) => boolean): void {
    const cache = this.source();
    if (!e?.session || !cache.applyRow(e.session, e.agentId)) this.scheduleList(client);
    const key = typeof e?.sessionKey === 'string' ? e.sessionKey : undefined;
    if (key && cache.hasHistory(key) && (e?.compacted || e?.reason === 'compact' || e?.reason === 'reset' || e?.phase === 'end' || !subscribed(key))) void this.fetchHistory(key);
  }

  /** A session.message event: appended to the history held (else that history is fetched again). */
  onSessionMessage(e: SessionMessageEvent): void {
    const cache = this.held;
    if (!cache) return;
    // the real event also carries the session's row (its figures after this message)
    const row = e && typeof e.session === 'object' && e.session ? (e.session as Record<string, unknown>) : undefined;
    if (row) cache.applyRow(row, e.agentId);
    if (!cache.applyMessage(e) && typeof e?.sessionKey === 'string' && cache.hasHistory(e.sessionKey)) void this.fetchHistory(e.sessionKey);
  }

  /** The last chat.history fetch of a session (resolves when it ended, whatever the outcome). */
  pending(key: string): Promise<void> | undefined {
    return this.fetches.get(key)?.done;
  }

  private running = 0;
  private readonly waiting: Array<() => void> = [];

  /** Run `f` when fewer than HISTORY_CONCURRENCY chat.history requests are running (a connect may ask for many). */
  private async slot<T>(f: () => Promise<T>): Promise<T> {
    if (this.running >= HISTORY_CONCURRENCY) await new Promise<void>((r) => this.waiting.push(r));
    this.running++;
    try {
      return await f();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  /** chat.history for a session (asked by the model through the cache, or to refresh a held history). */
  fetchHistory(key: string): Promise<void> {
    const cur = this.fetches.get(key);
    if (cur?.running) {
      cur.again = true;
      return cur.done;
    }
    const client = this.opts.client();
    const run: Fetch = { running: true, again: false, done: Promise.resolve() };
    this.fetches.set(key, run);
    run.done = (async () => {
      try {
        do {
          run.again = false;
          if (!client || client.state !== 'connected') {
            this.held?.historyFailed(key);
            return;
          }
          const r = await this.slot(() => client.chatHistory(historyParams(key), this.opts.historyTimeoutMs ? { timeoutMs: this.opts.historyTimeoutMs } : undefined));
          if (this.opts.client() !== client || !this.held) return;
          if (!run.again) this.held.applyHistory(key, r);
        } while (run.again);
        if (client) this.opts.onChanged?.(client);
      } catch (e) {
        this.held?.historyFailed(key);
        if (this.opts.onHistoryError) this.opts.onHistoryError(key, e);
        else this.opts.log?.('warn', `chat.history of ${key} on ${redactUrl(this.opts.url)} failed: ${(e as Error).message}`);
      } finally {
        run.running = false;
      }
    })();
    return run.done;
  }

  private scheduleList(client: GatewayClient): void {
    if (this.listTimer) return;
    this.listTimer = setTimeout(() => {
      this.listTimer = undefined;
      void this.fetchList(client);
    }, 250);
  }

  private async fetchList(client: GatewayClient): Promise<void> {
    try {
      const r = await client.sessionsList({ limit: 200 }, { timeoutMs: 5000 });
      if (this.opts.client() !== client) return;
      this.applyList(r);
      this.opts.onChanged?.(client);
      this.opts.onRows?.();
    } catch (e) {
      this.opts.log?.('warn', `sessions.list on ${redactUrl(this.opts.url)} failed: ${(e as Error).message}`);
    }
  }

  /** The client went away: no list fetch pending for it. */
  stop(): void {
    if (this.listTimer) clearTimeout(this.listTimer);
    this.listTimer = undefined;
  }

  /** The connection is gone for good: the cache leaves (true when there was one). */
  drop(): boolean {
    if (!this.held) return false;
    this.held = undefined;
    this.fetches.clear();
    return true;
  }
}
