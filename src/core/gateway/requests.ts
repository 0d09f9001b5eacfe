/**
 * Requests and events over the Gateway socket: each request gets a random id and its own timeout, responses
 * are matched by id (out-of-order answers are fine, a late one is dropped), and events go to the listeners of
 * their name and of '*'.
 */
import { randomUUID } from 'node:crypto';
import type { Conn, Disposable, EventCallback, Pending, RequestOptions } from './clientTypes';
import { GatewayHandshake } from './handshake';
import type { ChatEvent, SessionMessageEvent, SessionsChangedEvent } from './methods';
import { type EventFrame, parseFrame } from './protocol';
import { remoteText } from './redact';

export abstract class GatewayRequests extends GatewayHandshake {
  protected readonly pending = new Map<string, Pending>();
  private readonly listeners = new Map<string, Set<EventCallback>>();

  /** One RPC. Rejects with a GatewayError (kind 'closed' when not connected). */
  request<T = unknown>(method: string, params: unknown = {}, opts: RequestOptions = {}): Promise<T> {
    const conn = this.conn;
    if (!conn || !conn.ready || this._state !== 'connected') {
      return Promise.reject(
        this.makeError({ kind: 'closed', retryable: this._state !== 'closed', method, message: `${method}: not connected to the OpenClaw Gateway (state ${this._state}${this._lastError ? `; ${this._lastError.message}` : ''}).` }),
      );
    }
    return this.send(conn, method, params, opts.timeoutMs ?? this.requestTimeoutMs) as Promise<T>;
  }

  protected send(conn: Conn, method: string, params: unknown, timeoutMs: number): Promise<unknown> {
    const id = randomUUID();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        if (!this.pending.delete(id)) return;
        reject(this.makeError({ kind: 'timeout', retryable: true, method, message: `${method}: no answer from the OpenClaw Gateway within ${timeoutMs} ms.` }));
      }, timeoutMs);
      this.pending.set(id, { method, conn, resolve, reject, timer });
      let text: string;
      try {
        text = JSON.stringify({ type: 'req', id, method, params });
      } catch (err) {
        this.pending.delete(id);
        clearTimeout(timer);
        reject(this.makeError({ kind: 'server-error', retryable: false, method, message: `${method}: the params cannot be sent as JSON (${(err as Error).message}).` }));
        return;
      }
      conn.ws.send(text, (err) => {
        if (!err || !this.pending.delete(id)) return;
        clearTimeout(timer);
        reject(this.makeError({ kind: 'closed', retryable: true, method, message: `${method}: could not send to the Gateway (${err.message}).` }));
      });
    });
  }

  protected dispatch(conn: Conn, frame: NonNullable<ReturnType<typeof parseFrame>>): void {
    if (frame.type === 'res') {
      const p = this.pending.get(frame.id);
      if (!p || p.conn !== conn) {
        this.log('debug', `dropped a response nobody waits for (${frame.ok ? 'ok' : 'error'}; timed out or unknown)`);
        return;
      }
      this.pending.delete(frame.id);
      clearTimeout(p.timer);
      if (frame.ok) p.resolve(frame.payload);
      else p.reject(this.serverError(frame, p.method));
      return;
    }
    if (frame.type === 'event') {
      if (frame.event === 'shutdown') this.log('info', `the Gateway announced a shutdown: ${remoteText(frame.payload ?? {}, [...this.secrets])}`);
      for (const name of [frame.event, '*']) {
        const set = this.listeners.get(name);
        if (!set) continue;
        for (const cb of [...set]) {
          try {
            cb(frame.payload, frame);
          } catch (err) {
            this.log('warn', `an event listener for ${frame.event} threw: ${(err as Error).message}`);
          }
        }
      }
      return;
    }
    this.log('debug', `ignored a server request ${frame.method}`);
  }

  /** Listen to one event ('sessions.changed', 'session.message', 'chat', 'agent', 'tick', …) or every one ('*'). */
  onEvent<T = unknown>(name: string, cb: (payload: T, frame: EventFrame<T>) => void): Disposable {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    const f = cb as EventCallback;
    set.add(f);
    return {
      dispose: () => {
        const s = this.listeners.get(name);
        s?.delete(f);
        if (s && !s.size) this.listeners.delete(name);
      },
    };
  }

  /** The next event `name` whose payload passes `match` (rejects with kind 'timeout'). */
  waitForEvent<T = unknown>(name: string, match: (payload: T) => boolean = () => true, timeoutMs = this.requestTimeoutMs): Promise<T> {
    return new Promise((resolve, reject) => {
      const d = this.onEvent<T>(name, (payload) => {
        let ok = false;
        try {
          ok = match(payload);
        } catch {
          ok = false;
        }
        if (!ok) return;
        clearTimeout(t);
        d.dispose();
        resolve(payload);
      });
      const t = setTimeout(() => {
        d.dispose();
        reject(this.makeError({ kind: 'timeout', retryable: true, message: `No ${name} event within ${timeoutMs} ms.` }));
      }, timeoutMs);
    });
  }

  onSessionsChanged(cb: (e: SessionsChangedEvent) => void): Disposable {
    return this.onEvent<SessionsChangedEvent>('sessions.changed', cb);
  }
  onSessionMessage(cb: (e: SessionMessageEvent) => void): Disposable {
    return this.onEvent<SessionMessageEvent>('session.message', cb);
  }
  onChat(cb: (e: ChatEvent) => void): Disposable {
    return this.onEvent<ChatEvent>('chat', cb);
  }
}
