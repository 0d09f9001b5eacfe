// Readiness of a real OpenClaw Gateway for the interop and live harnesses: its port opens before its sidecars
// are ready, and on a loaded machine it answers "UNAVAILABLE: gateway starting" for tens of seconds after that.
// Ready means a handshake answered with hello-ok.

/**
 * Resolves once a connect to `url` with `token` gets hello-ok; retries while the Gateway is starting.
 * @param {{ GatewayClient: any, url: string, token: string, check?: () => void, timeoutMs?: number }} o
 *   `check` throws when the Gateway process has died (so a crash is not waited out).
 */
export async function waitForHelloOk({ GatewayClient, url, token, check = () => {}, timeoutMs = 180_000 }) {
  const end = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    check();
    const c = new GatewayClient({ url, token, device: false, connectTimeoutMs: 10_000, reconnect: false, displayName: 'occtx readiness probe' });
    try {
      await c.connect();
      return;
    } catch (e) {
      last = String(e?.message ?? e);
      // a handshake slower than connectTimeoutMs (kind `timeout`) on a loaded machine is a Gateway still starting too
      if (e?.kind !== 'timeout' && !/starting|unavailable|closed|ECONNREFUSED|timed out|no openclaw gateway answers/i.test(last)) throw e;
    } finally {
      c.close();
    }
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for a hello-ok from ${url} (last: ${last})`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}
