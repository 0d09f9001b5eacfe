// Process and port helpers for the harnesses that start real processes: the interop suite (test/interop), the
// real-VS-Code runs (test/e2e/*.mjs), the OpenClaw launcher (scripts/openclaw-offline.mjs) and the unit tests
// that need a port nobody listens on. Plain ESM, loaded from source (TypeScript: process.d.mts).
import net from 'node:net';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Poll `fn` (sync or async) until it returns something truthy, and return that; throws after `timeoutMs`. */
export async function waitFor(what, fn, timeoutMs, everyMs = 250) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** A free TCP port on 127.0.0.1 (asked of the OS). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Whether something accepts connections on 127.0.0.1:port. */
export function portOpen(port) {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
    s.setTimeout(500, () => {
      s.destroy();
      resolve(false);
    });
  });
}

/** Whether a child process (node:child_process) has neither exited nor been killed. */
export function alive(child) {
  return child.exitCode === null && child.signalCode === null;
}

/** Send `signal` to the process group led by `pid`; false when there is no such group (any more). */
export function killGroup(pid, signal = 'SIGTERM') {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Whether the process group led by `pid` still has a member. */
export function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

/**
 * A harness cannot run (a prerequisite is missing): `msg` on stderr after `prefix`, then `summary` on stdout when
 * given (the `N passed, M failed` line a caller parses), exit code 2.
 */
export function die(msg, { prefix = '', summary } = {}) {
  console.error(`${prefix}${msg}`);
  if (summary) console.log(summary);
  process.exit(2);
}
