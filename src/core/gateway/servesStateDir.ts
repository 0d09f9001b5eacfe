/**
 * Does the Gateway at a URL serve this state dir? Asked before anything is offered for it (the consent question,
 * the local token from its config or the environment) and again once connected:
 *
 * - before any token: the Gateway lock files (core/store/ownership.ts). A live Gateway lock of the state dir that
 *   names the URL's port says yes; one naming another port, or a live lock in the shared temp dir of another
 *   state dir naming this port, says no; no lock naming the port leaves it unknown — and an unknown Gateway is
 *   never offered the local token (it may be another state dir's Gateway on the default port).
 * - once connected: hello-ok's `snapshot.stateDir` (openclaw-2026.9.6.md, handshake). Another state dir: the
 *   connection is closed and not used; none given (an older Gateway): the lock evidence stands.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkLockFiles, type OwnershipOptions } from '../store/ownership';

export type Serves = { serves: true; how: string } | { serves: false; why: string } | { serves: undefined; why: string };

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

function real(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

function portOf(url: string): { port: number; loopback: boolean } | undefined {
  try {
    const u = new URL(url);
    return { port: Number(u.port || (u.protocol === 'wss:' || u.protocol === 'https:' ? 443 : 80)), loopback: LOOPBACK.has(u.hostname) };
  } catch {
    return undefined;
  }
}

/** Before any token: what the Gateway lock files of `stateDirs` say about the Gateway at `url`. */
export function lockServes(stateDirs: readonly string[], url: string, opts: OwnershipOptions = {}): Serves {
  const at = portOf(url);
  if (!at) return { serves: undefined, why: 'the Gateway URL cannot be read' };
  if (!at.loopback) return { serves: undefined, why: `the Gateway at ${url} is not on this machine, so no lock file of this state dir can vouch for it` };
  const other: string[] = [];
  for (const dir of stateDirs) {
    const locks = checkLockFiles(dir, { ...opts, probePort: false }).locks.filter((l) => l.kind === 'gateway' && (l.role ?? 'gateway') === 'gateway');
    const mine = locks.find((l) => l.status === 'alive' && l.port === at.port);
    if (mine) return { serves: true, how: `the Gateway lock of ${dir}${mine.pid ? ` (pid ${mine.pid})` : ''} names port ${at.port}` };
    const foreign = locks.find((l) => l.status === 'foreign' && l.port === at.port);
    if (foreign) other.push(`the Gateway on port ${at.port} serves another state dir (${foreign.stateDir})`);
    const elsewhere = locks.find((l) => l.status === 'alive' && l.port !== undefined && l.port !== at.port);
    if (elsewhere) other.push(`the Gateway of ${dir} listens on port ${elsewhere.port}, not ${at.port}`);
  }
  if (other.length) return { serves: false, why: other.join('; ') };
  return { serves: undefined, why: `no Gateway lock of ${stateDirs.join(', ')} names port ${at.port}: the Gateway there may serve another state dir` };
}

/** Once connected: hello-ok's snapshot.stateDir against the state dirs the connection is for. */
export function helloServes(stateDirs: readonly string[], snapshotStateDir: unknown): Serves {
  if (typeof snapshotStateDir !== 'string' || !snapshotStateDir) return { serves: undefined, why: 'the Gateway did not say which state dir it serves' };
  const theirs = real(snapshotStateDir);
  if (stateDirs.some((d) => real(d) === theirs)) return { serves: true, how: `the Gateway serves ${snapshotStateDir}` };
  return { serves: false, why: `the Gateway serves another state dir (${snapshotStateDir}), not ${stateDirs.join(', ')}` };
}
