/**
 * Is the process recorded in a lock file alive, and is it OpenClaw? Judged the way OpenClaw judges it
 * (gateway-lock.ts, pid-alive.ts): the pid exists (EPERM counts as existing) and is not a zombie; when
 * the lock records the process start time (`/proc/<pid>/stat` field 22) it must match, otherwise the pid
 * was reused; without a start time, a readable command line must look like OpenClaw. When none of that
 * can be read, the owner is taken to be alive. Pure Node, reads only.
 */
import * as fs from 'node:fs';

/** OpenClaw's isPidAlive: a positive pid that exists (EPERM = exists) and is not a Linux zombie. */
export function isPidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return !isZombie(pid);
}

function isZombie(pid: number): boolean {
  if (process.platform !== 'linux') return false;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return /^State:\s+Z/m.test(status) && /^Threads:[ \t]+1[ \t]*$/m.test(status);
  } catch {
    return false;
  }
}

/** Linux process start time in clock ticks (`/proc/<pid>/stat` field 22), as OpenClaw records it; null elsewhere. */
export function processStartTime(pid: number): number | null {
  if (!Number.isInteger(pid) || pid <= 0 || process.platform !== 'linux') return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const end = stat.lastIndexOf(')');
    if (end < 0) return null;
    const v = Number(stat.slice(end + 1).trimStart().split(/\s+/)[19]);
    return Number.isInteger(v) && v >= 0 ? v : null;
  } catch {
    return null;
  }
}

/** argv of a Linux process, or null when it cannot be read. */
export function processArgv(pid: number): string[] | null {
  if (process.platform !== 'linux' || !Number.isInteger(pid) || pid <= 0) return null;
  try {
    const raw = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    const args = raw.split('\0').filter((a) => a.length > 0);
    return args.length ? args : null;
  } catch {
    return null;
  }
}

const ENTRY_CANDIDATES = ['dist/index.js', 'dist/entry.js', 'openclaw.mjs', 'scripts/run-node.mjs', 'src/entry.ts', 'src/index.ts'];
const normArg = (a: string) => a.replaceAll('\\', '/').toLowerCase();

/** OpenClaw's isOpenClawArgv (gateway-process-argv.ts). */
export function isOpenClawArgv(args: readonly string[]): boolean {
  const n = args.map(normArg);
  const exe = (n[0] ?? '').replace(/\.(bat|cmd|exe)$/i, '');
  if (n.some((a) => ENTRY_CANDIDATES.some((e) => a.endsWith(e)))) return true;
  return exe.endsWith('/openclaw') || exe === 'openclaw';
}

/** OpenClaw's isGatewayArgv with allowGatewayBinary. */
export function isGatewayArgv(args: readonly string[]): boolean {
  const n = args.map(normArg);
  const exe = (n[0] ?? '').replace(/\.(bat|cmd|exe)$/i, '');
  if (n.includes('gateway') && isOpenClawArgv(args)) return true;
  return exe.endsWith('/openclaw-gateway') || exe === 'openclaw-gateway';
}

/**
 * Is the owner recorded in a lock alive? `startTime` is the recorded start time (Gateway locks:
 * `startTime`, JSONL locks: `starttime`). Mirrors OpenClaw's resolveGatewayOwnerStatus, except that
 * "cannot tell" counts as alive.
 */
export function ownerAlive(pid: number, startTime: unknown, role: string | undefined): { alive: boolean; why: string } {
  if (!Number.isInteger(pid) || pid <= 0) return { alive: false, why: `invalid pid ${JSON.stringify(pid)}` };
  if (pid === process.pid) return { alive: false, why: `pid ${pid} is this process (an orphaned lock of ours, not OpenClaw)` };
  if (!isPidAlive(pid)) return { alive: false, why: `pid ${pid} is not running` };
  if (typeof startTime === 'number' && Number.isFinite(startTime)) {
    const now = processStartTime(pid);
    if (now !== null) {
      return now === startTime
        ? { alive: true, why: `pid ${pid} is running (start time matches)` }
        : { alive: false, why: `pid ${pid} was reused by another process (start time ${now}, lock says ${startTime})` };
    }
  }
  const argv = processArgv(pid);
  if (!argv) return { alive: true, why: `pid ${pid} is running (its identity cannot be checked)` };
  const looksRight = role === 'gateway' ? isGatewayArgv(argv) || isOpenClawArgv(argv) : isOpenClawArgv(argv);
  return looksRight
    ? { alive: true, why: `pid ${pid} is running OpenClaw` }
    : { alive: false, why: `pid ${pid} is running something else (${argv.slice(0, 2).join(' ').slice(0, 120)}), so the lock is left over` };
}
