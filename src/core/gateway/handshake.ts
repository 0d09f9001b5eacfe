/**
 * The handshake with the Gateway: open the socket, answer `connect.challenge` with `connect` (the shared token
 * or the stored device token, and the Ed25519 device block of identity.ts), check `hello-ok` and turn it into
 * the GatewayConnection the rest of the code sees; device tokens issued in hello-ok are stored, rejected ones
 * forgotten. A close before hello-ok becomes a classified error.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { GatewayClientBase } from './clientBase';
import { type Conn, DEFAULTS, type GatewayConnection, rawLength, rawToText } from './clientTypes';
import { GatewayError } from './errors';
import { deviceConnectBlock, loadOrCreateDevice, type StoredDevice } from './identity';
import { type ConnectChallenge, type ConnectParams, type HelloOk, parseFrame, PROTOCOL_VERSION } from './protocol';
import { redactUrl, remoteText } from './redact';

export abstract class GatewayHandshake extends GatewayClientBase {
  private device: StoredDevice | undefined;

  /** a frame after hello-ok (requests.ts) */
  protected abstract dispatch(conn: Conn, frame: NonNullable<ReturnType<typeof parseFrame>>): void;
  /** the socket closed after hello-ok (client.ts: reconnect) */
  protected abstract onSocketClosed(conn: Conn, code: number, reason: string): void;

  private async currentToken(): Promise<string | undefined> {
    const t = this.opts.token;
    let v: string | undefined | null;
    if (typeof t === 'function') {
      try {
        v = await t();
      } catch (err) {
        throw this.makeError({ kind: 'unauthorized', retryable: false, message: `Could not read the Gateway token: ${(err as Error).message}` });
      }
    } else v = t;
    const token = typeof v === 'string' && v.trim() ? v.trim() : undefined;
    if (token) this.secrets.add(token);
    return token;
  }

  private async currentDevice(): Promise<StoredDevice | undefined> {
    if (!this.deviceStore) return undefined;
    if (!this.device) {
      this.device = await loadOrCreateDevice(this.deviceStore, (why) => this.log('warn', `device identity: ${why}; a new one is created`));
    }
    this.secrets.add(this.device.privateKeyPem);
    for (const r of Object.values(this.device.tokens)) if (r?.deviceToken) this.secrets.add(r.deviceToken);
    return this.device;
  }

  /** One socket: open, challenge, connect, hello-ok. */
  protected async openOnce(): Promise<GatewayConnection> {
    const gen = ++this.gen;
    const token = await this.currentToken();
    const device = await this.currentDevice();
    if (gen !== this.gen) throw this.makeError({ kind: 'closed', retryable: false, message: 'The Gateway client was closed while connecting.' });
    const stored = device?.tokens[this.urlKey];
    const deviceToken = !token && stored?.deviceToken ? stored.deviceToken : undefined;
    const where = redactUrl(this.url);

    return new Promise<GatewayConnection>((resolve, reject) => {
      let settled = false;
      let ws: WebSocket;
      try {
        ws = new WebSocket(this.url, { perMessageDeflate: false, maxPayload: this.opts.maxPayload ?? DEFAULTS.maxPayload, handshakeTimeout: this.connectTimeoutMs });
      } catch (err) {
        reject(this.makeError({ kind: 'unreachable', retryable: false, message: `Invalid Gateway URL ${where}: ${(err as Error).message}` }));
        return;
      }
      const conn: Conn = { gen, ws, ready: false, lastFrameAt: Date.now() };
      this.conn = conn;
      const connectId = randomUUID();
      const finish = (err: GatewayError | undefined, value?: GatewayConnection) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (err) {
          conn.closedBy = 'handshake';
          if (this.conn === conn) this.conn = undefined;
          try {
            ws.terminate();
          } catch {
            /* already gone */
          }
          reject(gen !== this.gen ? this.makeError({ kind: 'closed', retryable: false, message: 'The Gateway client was closed while connecting.' }) : err);
        } else resolve(value!);
      };
      const timer = setTimeout(
        () => finish(this.makeError({ kind: 'timeout', retryable: true, message: `The OpenClaw Gateway at ${where} did not complete the handshake within ${this.connectTimeoutMs} ms.` })),
        this.connectTimeoutMs,
      );

      ws.on('ping', () => {
        conn.lastFrameAt = Date.now();
      });
      ws.on('error', (err) => {
        conn.socketError = err;
        this.log('debug', `socket error: ${err.message}`);
      });
      ws.on('close', (code, reasonBuf) => {
        const reason = reasonBuf.toString('utf8');
        if (!settled) {
          finish(this.closeBeforeHello(code, reason, conn.socketError));
          return;
        }
        this.onSocketClosed(conn, code, reason);
      });
      ws.on('message', (data, isBinary) => {
        conn.lastFrameAt = Date.now();
        if (isBinary) {
          this.log('debug', `ignored a binary frame (${rawLength(data)} bytes)`);
          return;
        }
        const text = rawToText(data);
        const frame = parseFrame(text);
        if (!frame) {
          this.log('warn', `ignored a frame that is not a protocol frame (${text.length} characters)`);
          return;
        }
        if (conn.ready) {
          this.dispatch(conn, frame);
          return;
        }
        if (frame.type === 'event' && frame.event === 'connect.challenge') {
          const ch = (frame.payload ?? {}) as Partial<ConnectChallenge>;
          if (typeof ch.nonce !== 'string' || !ch.nonce) {
            finish(this.makeError({ kind: 'protocol-mismatch', retryable: false, message: `The server at ${where} sent a connect.challenge without a nonce; it does not look like an OpenClaw Gateway (protocol ${PROTOCOL_VERSION}).` }));
            return;
          }
          const params = this.connectParams(ch.nonce, token, deviceToken, device);
          this.log('debug', `connect as ${this.clientId}/${this.clientMode}, scopes ${this.scopes.join(',') || '(none)'}, ${device ? `device ${device.deviceId.slice(0, 12)}…` : 'no device'}, auth ${token ? 'token' : deviceToken ? 'device token' : 'none'}`);
          ws.send(JSON.stringify({ type: 'req', id: connectId, method: 'connect', params }), (err) => {
            if (err) finish(this.asError(err));
          });
          return;
        }
        if (frame.type === 'res' && frame.id === connectId) {
          if (!frame.ok) {
            const e = this.serverError(frame, 'connect');
            if (deviceToken && e.detailCode === 'AUTH_DEVICE_TOKEN_MISMATCH' && device) void this.forgetDeviceToken(device);
            finish(e);
            return;
          }
          const hello = frame.payload as HelloOk | undefined;
          if (!hello || hello.type !== 'hello-ok' || hello.protocol !== PROTOCOL_VERSION) {
            finish(
              this.makeError({
                kind: 'protocol-mismatch',
                retryable: false,
                message: `The OpenClaw Gateway at ${where} answered connect with ${hello?.type ?? 'no payload'} protocol ${hello?.protocol ?? '?'}; this client speaks protocol ${PROTOCOL_VERSION}.`,
              }),
            );
            return;
          }
          conn.ready = true;
          const c = this.connectionFrom(hello, device, deviceToken !== undefined);
          const save = hello.auth?.deviceToken && device ? this.storeDeviceToken(device, hello) : Promise.resolve();
          void save.then(() => finish(undefined, c));
          return;
        }
        this.log('debug', `ignored ${frame.type === 'event' ? `event ${frame.event}` : frame.type} before hello-ok`);
      });
    });
  }

  private connectParams(nonce: string, token: string | undefined, deviceToken: string | undefined, device: StoredDevice | undefined): ConnectParams {
    const platform = this.opts.platform ?? process.platform;
    const role = this.opts.role ?? 'operator';
    const client: ConnectParams['client'] = {
      id: this.clientId,
      version: this.opts.clientVersion ?? '0.1.0',
      platform,
      mode: this.clientMode,
      displayName: this.opts.displayName ?? 'OpenClaw Context',
    };
    if (this.opts.deviceFamily) client.deviceFamily = this.opts.deviceFamily;
    if (this.opts.instanceId) client.instanceId = this.opts.instanceId;
    const params: ConnectParams = {
      minProtocol: PROTOCOL_VERSION,
      maxProtocol: PROTOCOL_VERSION,
      client,
      role,
      scopes: [...this.scopes],
      caps: [...(this.opts.caps ?? [])],
      userAgent: `openclaw-context/${client.version} node/${process.versions.node}`,
    };
    if (token) params.auth = { token };
    else if (deviceToken) params.auth = { deviceToken };
    if (device) {
      params.device = deviceConnectBlock(device, {
        clientId: this.clientId,
        clientMode: this.clientMode,
        role,
        scopes: this.scopes,
        signedAtMs: Date.now(),
        token: token ?? deviceToken ?? null,
        nonce,
        platform,
        deviceFamily: this.opts.deviceFamily ?? null,
      });
    }
    return params;
  }

  /**
   * The connection as the rest of the code sees it: every string the server sent in hello-ok that can end up
   * printed (version, build, scopes, method and event names, auth method, role) is a `remoteText` — one line,
   * no control characters, redacted, bounded.
   */
  private connectionFrom(hello: HelloOk, device: StoredDevice | undefined, usedDeviceToken: boolean): GatewayConnection {
    const secrets = [...this.secrets];
    const text = (v: unknown, max = 100) => remoteText(v, secrets, max);
    const names = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').map((x) => text(x)).filter(Boolean) : []);
    const server: HelloOk['server'] = { ...hello.server, version: text(hello.server?.version) || '?', connId: text(hello.server?.connId) };
    for (const k of ['buildId', 'bootId'] as const) if (hello.server?.[k] !== undefined) server[k] = text(hello.server[k]);
    const c: GatewayConnection = {
      url: this.url,
      protocol: hello.protocol,
      server,
      scopes: names(hello.auth?.scopes),
      methods: names(hello.features?.methods),
      events: names(hello.features?.events),
      capabilities: names(hello.features?.capabilities),
      snapshot: hello.snapshot ?? {},
      policy: hello.policy ?? {},
      clientId: this.clientId,
      clientMode: this.clientMode,
      deviceTokenIssued: typeof hello.auth?.deviceToken === 'string' && hello.auth.deviceToken.length > 0,
      usedDeviceToken,
      connectedAt: Date.now(),
    };
    if (typeof hello.auth?.role === 'string') c.role = text(hello.auth.role);
    if (typeof hello.auth?.method === 'string') c.authMethod = text(hello.auth.method);
    if (device) c.deviceId = device.deviceId;
    return c;
  }

  private async storeDeviceToken(device: StoredDevice, hello: HelloOk): Promise<void> {
    const auth = hello.auth!;
    const deviceToken = auth.deviceToken!;
    this.secrets.add(deviceToken);
    const prev = device.tokens[this.urlKey];
    if (prev?.deviceToken === deviceToken) return;
    device.tokens[this.urlKey] = {
      deviceToken,
      ...(typeof auth.role === 'string' ? { role: auth.role } : {}),
      ...(Array.isArray(auth.scopes) ? { scopes: [...auth.scopes] } : {}),
      ...(typeof auth.issuedAtMs === 'number' ? { issuedAtMs: auth.issuedAtMs } : {}),
    };
    try {
      await this.deviceStore!.save(device);
      this.log('debug', `stored the device token for ${this.urlKey}`);
    } catch (err) {
      this.log('warn', `could not store the device token: ${(err as Error).message}`);
    }
  }

  private async forgetDeviceToken(device: StoredDevice): Promise<void> {
    if (!device.tokens[this.urlKey]) return;
    delete device.tokens[this.urlKey];
    try {
      await this.deviceStore!.save(device);
    } catch (err) {
      this.log('warn', `could not remove the rejected device token: ${(err as Error).message}`);
    }
  }

  private closeBeforeHello(code: number, reason: string, socketError: Error | undefined): GatewayError {
    if (socketError) return this.asError(socketError);
    const r = remoteText(reason, [...this.secrets], 200);
    if (code === 1008 && /unauthori[sz]ed|token|pair/i.test(r)) return this.makeError({ kind: 'unauthorized', retryable: false, message: `The OpenClaw Gateway refused the connection (${r}).` });
    if (code === 1002 || /protocol/i.test(r)) return this.makeError({ kind: 'protocol-mismatch', retryable: false, message: `The OpenClaw Gateway closed the connection: ${r || `code ${code}`}.` });
    if (code === 1013) return this.makeError({ kind: 'server-error', retryable: true, message: `The OpenClaw Gateway is starting (${r || 'code 1013'}); retrying.` });
    return this.makeError({ kind: 'closed', retryable: true, message: `The OpenClaw Gateway at ${redactUrl(this.url)} closed the connection before hello-ok (code ${code}${r ? `: ${r}` : ''}).` });
  }
}
