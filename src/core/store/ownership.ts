/**
 * Is an OpenClaw process using a state dir right now? (openclaw-2026.9.6.md §3, §6 rule 1;
 * openclaw-formats.md §1.1, §1.6.)
 *
 * Evidence, strongest first:
 * 1. Gateway lock files `gateway.<hash>.lock` and `gateway.state.lock` in
 *    `<stateDir>/tmp/openclaw-<uid>/` (2026.9+) and `os.tmpdir()/openclaw-<uid>/` (older builds).
 *    JSON `{pid, ownerId, createdAt, configPath, stateDir, port, role?, startTime}` followed by
 *    whitespace padding. `role` is absent for the Gateway, `agent-embedded` for an embedded
 *    `openclaw agent --local` run, or `sqlite-maintenance` / `skill-workshop-apply`.
 * 2. JSONL-era transcript and store locks `<file>.lock` (`{pid, createdAt, starttime}`) in the
 *    agents' sessions dirs.
 * 3. Something listening on this state dir's Gateway port on 127.0.0.1.
 *
 * A lock counts only when its owner is alive, judged the way OpenClaw judges it (gateway-lock.ts,
 * pid-alive.ts): the pid exists (EPERM counts as existing) and is not a zombie; when the lock records
 * the process start time (`/proc/<pid>/stat` field 22) it must match, otherwise the pid was reused;
 * without a start time, a readable command line must look like OpenClaw. When none of that can be
 * read, the owner is taken to be alive: a refusal costs less than a write under a live owner.
 *
 * Pure Node, no VS Code. Never modifies anything.
 */
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseJson5Safe } from '../fs/safeJson';
import { READ_LIMITS, readRegularText } from '../fs/safeRead';
import { ageMs, GATEWAY_LOCK_STALE_MS, inspectJsonlLock, type LockInfo, parseLockText } from './lock';
import { isGatewayArgv, isOpenClawArgv, ownerAlive, processArgv } from './processes';

export type OwnerKind = 'gateway' | 'embedded' | 'unknown';

export const DEFAULT_GATEWAY_PORT = 18789;

export interface OwnershipOptions {
  /** uid in `openclaw-<uid>` (default: process.getuid(); `openclaw` where there is none) */
  uid?: number;
  /** the system temp dir (default os.tmpdir()) */
  tmpDir?: string;
  /** replace the Gateway lock dirs searched (default: `<stateDir>/tmp/openclaw-<uid>` and `<tmpDir>/openclaw-<uid>`) */
  lockDirs?: string[];
  /** probe the Gateway port on 127.0.0.1 (default true) */
  probePort?: boolean;
  /** the Gateway port (default: $OPENCLAW_GATEWAY_PORT, else the config's `gateway.port`, else 18789) */
  port?: number;
  /** config to read `gateway.port` from (default `<stateDir>/openclaw.json`, or the legacy `clawdbot.json`) */
  configPath?: string;
  /** port probe timeout (default 300 ms) */
  probeTimeoutMs?: number;
  /** sessions dirs to scan for JSONL-era `.lock` files (default `<stateDir>/agents/<id>/sessions` for every agent) */
  sessionsDirs?: string[];
  /** lock files to leave out (a writer that takes that lock itself handles it) */
  ignoreLockFiles?: string[];
  /** JSONL lock staleness (default 30 min) */
  jsonlStaleMs?: number;
  /** environment for OPENCLAW_GATEWAY_PORT (default process.env) */
  env?: Record<string, string | undefined>;
  now?: () => number;
}

export interface Ownership {
  owned: boolean;
  by?: OwnerKind;
  pid?: number;
  port?: number;
  lockFile?: string;
  /** one sentence a user can act on */
  reason: string;
  /** every lock file looked at, with its verdict */
  locks: LockInfo[];
  /** ports probed and whether something listened */
  probes: Array<{ port: number; listening: boolean; error?: string }>;
}

// ---------------------------------------------------------------------------------------------
// Lock files

function realOrResolved(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

function uidSuffix(uid: number | undefined): string {
  const u = uid ?? (typeof process.getuid === 'function' ? process.getuid() : undefined);
  return u != null ? `openclaw-${u}` : 'openclaw';
}

/** Where Gateway lock files live for a state dir: its own tmp dir first, then the system one. */
export function gatewayLockDirs(stateDir: string, opts: Pick<OwnershipOptions, 'uid' | 'tmpDir' | 'lockDirs'> = {}): string[] {
  if (opts.lockDirs) return opts.lockDirs.slice();
  const suffix = uidSuffix(opts.uid);
  const dirs = [path.join(stateDir, 'tmp', suffix), path.join(opts.tmpDir ?? os.tmpdir(), suffix)];
  return [...new Set(dirs.map((d) => path.resolve(d)))];
}

function listFiles(dir: string, match: (name: string) => boolean): string[] {
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((d) => (d.isFile() || d.isSymbolicLink()) && match(d.name))
      .map((d) => path.join(dir, d.name))
      .sort();
  } catch {
    return [];
  }
}

/** One Gateway lock file → its verdict. `ownDir`: the lock sits in this state dir's own tmp dir. */
export function inspectGatewayLock(file: string, ownStateDir: string, ownDir: boolean, now = Date.now()): LockInfo | undefined {
  let text: string;
  try {
    text = readRegularText(file, { maxBytes: READ_LIMITS.lock });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined; // released meanwhile
    return { file, kind: 'gateway', status: 'alive', why: `lock file cannot be read (${(err as Error).message}); assuming its owner is alive` };
  }
  const p = parseLockText(text);
  const base: LockInfo = { file, kind: 'gateway', status: 'alive', why: '' };
  if (!p) {
    const age = ageMs(file, now);
    if (age !== undefined && age > GATEWAY_LOCK_STALE_MS) return { ...base, status: 'stale', why: `unreadable lock content, ${Math.round(age / 1000)} s old` };
    return { ...base, why: 'lock file is being written (no readable content yet)' };
  }
  const pid = typeof p.pid === 'number' ? p.pid : undefined;
  const role = typeof p.role === 'string' ? p.role : 'gateway';
  const info: LockInfo = { ...base, role };
  if (pid !== undefined) info.pid = pid;
  if (typeof p.port === 'number') info.port = p.port;
  if (typeof p.stateDir === 'string') info.stateDir = p.stateDir;
  if (typeof p.createdAt === 'string') info.createdAt = p.createdAt;
  if (pid === undefined) {
    const created = typeof p.createdAt === 'string' ? Date.parse(p.createdAt) : NaN;
    const age = Number.isFinite(created) ? now - created : ageMs(file, now);
    if (age !== undefined && age > GATEWAY_LOCK_STALE_MS) return { ...info, status: 'stale', why: `lock has no pid and is ${Math.round(age / 1000)} s old` };
    return { ...info, why: 'lock has no pid yet (being written)' };
  }
  const { alive, why } = ownerAlive(pid, p.startTime, role);
  if (!alive) return { ...info, status: 'dead', why };
  // A live lock in the shared system temp dir may belong to another state dir.
  if (!ownDir && info.stateDir && realOrResolved(info.stateDir) !== realOrResolved(ownStateDir)) {
    return { ...info, status: 'foreign', why: `${why}, but it owns another state dir (${info.stateDir})` };
  }
  return { ...info, why };
}

function defaultSessionsDirs(stateDir: string): string[] {
  const agents = path.join(stateDir, 'agents');
  try {
    return fs
      .readdirSync(agents, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => path.join(agents, d.name, 'sessions'))
      .filter((d) => fs.existsSync(d));
  } catch {
    return [];
  }
}

function kindOf(lock: LockInfo): OwnerKind {
  if (lock.kind === 'gateway') {
    if (lock.role === 'gateway') return 'gateway';
    if (lock.role === 'agent-embedded') return 'embedded';
    return 'unknown';
  }
  const argv = lock.pid ? processArgv(lock.pid) : null;
  if (!argv) return 'unknown';
  return isGatewayArgv(argv) ? 'gateway' : isOpenClawArgv(argv) ? 'embedded' : 'unknown';
}

function describeOwner(lock: LockInfo): string {
  const who =
    lock.kind === 'gateway'
      ? lock.role === 'gateway'
        ? 'The OpenClaw Gateway'
        : lock.role === 'agent-embedded'
          ? 'An embedded OpenClaw agent run'
          : `An OpenClaw process (${lock.role})`
      : 'An OpenClaw process';
  const pid = lock.pid ? ` (pid ${lock.pid}${lock.port ? `, port ${lock.port}` : ''})` : '';
  const what = lock.kind === 'gateway' ? 'owns this state dir' : `is writing ${path.basename(lock.file, '.lock')}`;
  return `${who}${pid} ${what}: lock ${lock.file}; ${lock.why}.`;
}

/** Lock files only (synchronous, no port probe): what a writer re-checks inside its transaction. */
export function checkLockFiles(stateDir: string, opts: OwnershipOptions = {}): Ownership {
  const now = (opts.now ?? Date.now)();
  const ignore = new Set((opts.ignoreLockFiles ?? []).map((f) => path.resolve(f)));
  const locks: LockInfo[] = [];
  const ownTmp = path.resolve(path.join(stateDir, 'tmp'));
  for (const dir of gatewayLockDirs(stateDir, opts)) {
    const ownDir = dir.startsWith(ownTmp + path.sep) || !!opts.lockDirs;
    for (const f of listFiles(dir, (n) => /^gateway\..+\.lock$/.test(n))) {
      if (ignore.has(path.resolve(f))) continue;
      const info = inspectGatewayLock(f, stateDir, ownDir, now);
      if (info) locks.push(info);
    }
  }
  for (const dir of opts.sessionsDirs ?? defaultSessionsDirs(stateDir)) {
    for (const f of listFiles(dir, (n) => n.endsWith('.lock'))) {
      if (ignore.has(path.resolve(f))) continue;
      const info = inspectJsonlLock(f, now, opts.jsonlStaleMs);
      if (info) locks.push(info);
    }
  }
  const live = locks.filter((l) => l.status === 'alive');
  // Prefer the Gateway, then an embedded run, then anything else.
  const rank = (l: LockInfo) => (kindOf(l) === 'gateway' ? 0 : kindOf(l) === 'embedded' ? 1 : 2);
  live.sort((a, b) => rank(a) - rank(b));
  const owner = live[0];
  if (owner) {
    const out: Ownership = { owned: true, by: kindOf(owner), lockFile: owner.file, reason: describeOwner(owner), locks, probes: [] };
    if (owner.pid !== undefined) out.pid = owner.pid;
    if (owner.port !== undefined) out.port = owner.port;
    return out;
  }
  const ignored = locks.length ? ` (${locks.length} lock file${locks.length === 1 ? '' : 's'} ignored: ${locks.map((l) => `${path.basename(l.file)}: ${l.why}`).join('; ')})` : '';
  return { owned: false, reason: `No OpenClaw process holds a lock on ${stateDir}${ignored}.`, locks, probes: [] };
}

// ---------------------------------------------------------------------------------------------
// Gateway port

function configPathFor(stateDir: string, explicit: string | undefined): string {
  if (explicit) return explicit;
  const modern = path.join(stateDir, 'openclaw.json');
  const legacy = path.join(stateDir, 'clawdbot.json');
  return !fs.existsSync(modern) && fs.existsSync(legacy) ? legacy : modern;
}

function parsePort(v: unknown): number | undefined {
  const n = typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : typeof v === 'number' ? v : NaN;
  return Number.isInteger(n) && n > 0 && n <= 65535 ? n : undefined;
}

/** The Gateway ports to probe: $OPENCLAW_GATEWAY_PORT and the config's `gateway.port` (default 18789). */
export function gatewayPorts(stateDir: string, opts: Pick<OwnershipOptions, 'port' | 'configPath' | 'env'> = {}): number[] {
  if (opts.port !== undefined) return [opts.port];
  const env = opts.env ?? process.env;
  const ports: number[] = [];
  const raw = env.OPENCLAW_GATEWAY_PORT?.trim();
  const envPort = raw ? parsePort(raw.includes(':') ? raw.slice(raw.lastIndexOf(':') + 1) : raw) : undefined;
  if (envPort) ports.push(envPort);
  let cfgPort: number | undefined;
  try {
    const parsed = parseJson5Safe(readRegularText(configPathFor(stateDir, opts.configPath), { maxBytes: READ_LIMITS.config }));
    const cfg = (parsed.ok ? parsed.value : undefined) as { gateway?: { port?: unknown } } | undefined;
    cfgPort = parsePort(cfg?.gateway?.port);
  } catch {
    /* no config, or unreadable: default port */
  }
  ports.push(cfgPort ?? DEFAULT_GATEWAY_PORT);
  return [...new Set(ports)];
}

/** Does something accept TCP connections on host:port (default 127.0.0.1)? */
export function probePort(port: number, timeoutMs = 300, host = '127.0.0.1'): Promise<{ listening: boolean; error?: string }> {
  return new Promise((resolve) => {
    const sock = net.connect({ host, port });
    let done = false;
    const finish = (r: { listening: boolean; error?: string }) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      sock.destroy();
      resolve(r);
    };
    const timer = setTimeout(() => finish({ listening: false, error: `no answer within ${timeoutMs} ms` }), timeoutMs);
    sock.once('connect', () => finish({ listening: true }));
    sock.once('error', (err: NodeJS.ErrnoException) => finish({ listening: false, error: err.code ?? err.message }));
  });
}

/**
 * Does an OpenClaw process own this state dir? Lock files first; when none is live, the Gateway port
 * is probed (unless `probePort: false`).
 */
export async function checkOwnership(stateDir: string, opts: OwnershipOptions = {}): Promise<Ownership> {
  const res = checkLockFiles(stateDir, opts);
  if (res.owned || opts.probePort === false) return res;
  const probes: Ownership['probes'] = [];
  for (const port of gatewayPorts(stateDir, opts)) {
    const r = await probePort(port, opts.probeTimeoutMs ?? 300);
    probes.push({ port, ...r });
    if (r.listening) {
      return {
        owned: true,
        by: 'unknown',
        port,
        reason: `Something is listening on 127.0.0.1:${port}, the Gateway port of ${stateDir}, but no live lock file was found; it may be an OpenClaw Gateway using this state dir. Stop it (or check what uses the port) and try again.`,
        locks: res.locks,
        probes,
      };
    }
  }
  return { ...res, probes, reason: `${res.reason.replace(/\.$/, '')}; nothing listens on ${probes.map((p) => `127.0.0.1:${p.port}`).join(' or ')}.` };
}
