/**
 * `doctor`: seed 000's deployment checklist (the memory part comes from src/core/memory/checklist.ts) plus
 * the environment the engine needs — state dir, config, SQLite engine, zstd, each agent's store, who owns
 * it now, the Gateway (reachable, authenticated, scopes) and our own writable folder. Every check says
 * how to fix what it found. Exit 1 when an error or a warning check fails; info checks never fail.
 * With `--gateway <url>` and no local state dir (the remote mode of status, sessions, show and compact) there is no
 * local store to check: the Gateway is then the one thing those commands need, so its check is an error check.
 */
import { contextEngineLine } from '../core/store/contextEngine';
import * as fs from 'node:fs';
import { bootstrapTokens } from '../core/memory/workspace/scan';
import * as path from 'node:path';
import { ContextModel } from '../core/context/model';
import { checkOwnership, gatewayPorts, probePort } from '../core/store/ownership';
import { loadSqlite, sqliteAvailable, zstdBackend } from '../core/store/sqliteEngine';
import { memoryChecklist } from '../core/memory/checklist';
import { ErrorsBaselineStore } from '../core/memory/lint/errorsBaseline';
import { UsageError } from './args';
import { CLI_NAME, JSON_VERSION, type Command } from './common';
import { clean, painter, useColor, type CliIo } from './io';
import { cliEnv, stateDirCandidates, type GlobalOptions } from './session';
import { anyLocalStateDir } from '../core/context/queries';
import { probeGateway } from './gatewayRoute';
import { MIN_SECRET_LENGTH } from '../core/gateway/redact';
import { resolveGatewayToken } from '../core/gateway/token';
import { agentsLabel, agentWorkspaceTargets, workspaceNote } from '../core/memory/workspace/agents';
import { NO_SESSIONS_YET } from '../core/store/stateDir';

export type Severity = 'error' | 'warning' | 'info';

export interface DoctorCheck {
  id: string;
  group: 'environment' | 'store' | 'gateway' | 'memory';
  /** what the check is about: a state dir, an agent, a workspace */
  subject: string | null;
  ok: boolean;
  severity: Severity;
  message: string;
  fix: string | null;
}

/** SQLite ≥ 3.43 is needed to write (OpenClaw's CHECK constraints use octet_length). */
export const MIN_SQLITE_WRITE = [3, 43, 0];

function sqliteVersion(): string | undefined {
  try {
    const db = new (loadSqlite().DatabaseSync)(':memory:');
    try {
      return (db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v;
    } finally {
      db.close();
    }
  } catch {
    return undefined;
  }
}

const versionAtLeast = (v: string, min: number[]): boolean => {
  const p = v.split('.').map((x) => Number.parseInt(x, 10) || 0);
  for (let i = 0; i < min.length; i++) if ((p[i] ?? 0) !== min[i]) return (p[i] ?? 0) > min[i]!;
  return true;
};

function writableDir(dir: string): { ok: boolean; why?: string } {
  let probe = dir;
  while (!fs.existsSync(probe)) {
    const up = path.dirname(probe);
    if (up === probe) break;
    probe = up;
  }
  try {
    fs.accessSync(probe, fs.constants.W_OK);
    return { ok: true };
  } catch (err) {
    return { ok: false, why: (err as NodeJS.ErrnoException).code ?? String(err) };
  }
}

export async function runDoctor(g: GlobalOptions, io: CliIo): Promise<DoctorCheck[]> {
  const checks: DoctorCheck[] = [];
  const add = (c: DoctorCheck) => checks.push(c);
  const candidates = stateDirCandidates(g, io);
  // --- environment
  const sq = sqliteAvailable();
  const sv = sq.ok ? sqliteVersion() : undefined;
  add({ id: 'sqlite-engine', group: 'environment', subject: null, ok: sq.ok, severity: 'error', message: sq.ok ? `node:sqlite available (Node ${process.version}, SQLite ${sv ?? '?'})` : sq.reason, fix: sq.ok ? null : `Run ${CLI_NAME} with Node ≥ 22.13 (OpenClaw 2026.9+ keeps sessions in SQLite).` });
  if (sq.ok && sv) {
    const ok = versionAtLeast(sv, MIN_SQLITE_WRITE);
    add({ id: 'sqlite-write', group: 'environment', subject: null, ok, severity: 'warning', message: ok ? `SQLite ${sv} can write OpenClaw's schema (≥ ${MIN_SQLITE_WRITE.join('.')})` : `SQLite ${sv} is older than ${MIN_SQLITE_WRITE.join('.')}: reading works, writing (compact, restore) fails on OpenClaw's octet_length() CHECK constraints`, fix: ok ? null : 'Use a newer Node (its bundled SQLite), e.g. Node 24.' });
  }
  const zb = zstdBackend();
  add({ id: 'zstd', group: 'environment', subject: null, ok: true, severity: 'info', message: zb === 'node:zlib' ? 'zstd: Node’s built-in decoder' : 'zstd: the bundled pure-JS decoder (fzstd); a Node with zlib zstd (≥ 22.15) reads compressed rows faster', fix: null });
  // --- a remote Gateway with no local state dir (what status, sessions, show and compact then read): its checks
  if (g.gateway && !anyLocalStateDir(candidates, cliEnv(io))) {
    add({ id: 'state-dir', group: 'store', subject: null, ok: true, severity: 'info', message: `no local state dir (${candidates.map((c) => c.dir).join(', ')}): the sessions are the remote Gateway's (--gateway); local stores, checkpoints and workspaces are not checked`, fix: null });
    const gw = await probeGateway(g, io, '', undefined);
    add({ id: 'gateway', group: 'gateway', subject: gw.url, ok: gw.ok, severity: 'error', message: gw.message, fix: gw.fix ?? null });
    return checks;
  }
  // --- state dirs and stores
  const model = new ContextModel({ stateDirs: candidates, env: cliEnv(io), diag: () => undefined, bootstrapTokens });
  try {
    try {
      model.refresh();
    } catch {
      /* per-dir problems are reported below */
    }
    for (const info of model.stateDirs()) io.secrets?.addConfig(info.config.value);
    for (const info of model.stateDirs()) {
      const dir = info.candidate.dir;
      add({ id: 'state-dir', group: 'store', subject: dir, ok: info.exists, severity: 'error', message: info.exists ? `state dir found (${info.candidate.source === 'setting' ? '--state-dir' : info.candidate.source === 'env' ? '$OPENCLAW_STATE_DIR' : 'default'})` : 'state dir not found', fix: info.exists ? null : 'Pass --state-dir <dir> or set OPENCLAW_STATE_DIR to where OpenClaw keeps its state (default ~/.openclaw).' });
      if (!info.exists) continue;
      const cfg = info.config;
      add({ id: 'config', group: 'store', subject: cfg.path, ok: !cfg.error, severity: cfg.exists ? 'warning' : 'info', message: cfg.error ? `config not readable: ${cfg.error}` : cfg.exists ? 'config read' : 'no openclaw.json (defaults apply)', fix: cfg.error ? `Fix the file (\`openclaw config validate\` shows where).` : null });
      // OpenClaw's doctor reports the active context engine too: a plugin that compacts turns our compaction off
      const eng = info.contextEngine;
      if (eng && (eng.id !== 'legacy' || eng.disabled)) add({ id: 'context-engine', group: 'store', subject: cfg.path, ok: true, severity: 'info', message: contextEngineLine(eng, "this state dir's sessions") ?? `context engine: OpenClaw's own${eng.disabled ? ` (the ${eng.disabled} plugin named in plugins.slots.contextEngine is disabled)` : ''}`, fix: null });
      if (!info.agents.length) add({ id: 'agents', group: 'store', subject: dir, ok: false, severity: 'error', message: 'no agents in this state dir', fix: 'Run OpenClaw once (`openclaw setup`), or point --state-dir at the right folder.' });
      for (const a of info.agents) {
        const subject = `${dir} agent ${a.agent.id}`;
        // an agent that has not run a turn yet has no store: a fresh, healthy install, not a failure
        if (!a.store && a.problem === NO_SESSIONS_YET) {
          add({ id: 'store', group: 'store', subject, ok: true, severity: 'info', message: 'no sessions yet (OpenClaw creates the store on the first turn)', fix: null });
          continue;
        }
        const ok = !!a.store && !a.problem;
        const n = model.sessions().filter((s) => s.stateDir === dir && s.agentId === a.agent.id).length;
        add({ id: 'store', group: 'store', subject, ok, severity: 'error', message: ok ? `${a.store!.era === 'sqlite' ? 'SQLite' : 'JSONL'} store readable: ${n} session${n === 1 ? '' : 's'} (${a.store!.location})` : a.problem ?? 'no session store (no SQLite database and no sessions.json)', fix: ok ? null : a.hint ?? 'Run a turn in OpenClaw so it creates the store, or check the permissions.' });
      }
      const ctxDir = path.join(dir, 'context');
      const w = writableDir(ctxDir);
      add({ id: 'own-files', group: 'store', subject: ctxDir, ok: w.ok, severity: 'warning', message: w.ok ? 'checkpoints and engine state can be written' : `cannot write ${ctxDir} (${w.why}): checkpoints and the circuit breaker cannot be saved`, fix: w.ok ? null : `Make ${dir} writable for this user.` });
      // --- who owns the store now, and the Gateway
      const own = await checkOwnership(dir, { env: cliEnv(io).vars });
      add({ id: 'owner', group: 'gateway', subject: dir, ok: true, severity: 'info', message: own.owned ? `OpenClaw owns the store now: ${own.reason}` : 'no OpenClaw process owns the store: offline writes are allowed', fix: own.owned ? `Writes go through the Gateway (pass --gateway / --token-env if it is not the local default).` : null });
      const token = g.tokenEnv ? io.env[g.tokenEnv] : resolveGatewayToken({ env: io.env, config: info.config.value })?.token;
      if (token && token.trim().length < MIN_SECRET_LENGTH) add({ id: 'gateway-token', group: 'gateway', subject: dir, ok: false, severity: 'warning', message: `the Gateway token is shorter than ${MIN_SECRET_LENGTH} characters: easy to guess, and too short to tell apart from ordinary text, so output cannot redact it`, fix: 'Set gateway.auth.token (or OPENCLAW_GATEWAY_TOKEN) to a long random value, e.g. `openssl rand -hex 24`, and restart the Gateway.' });
      const ports = g.gateway ? [] : gatewayPorts(dir, { env: cliEnv(io).vars });
      const listening = g.gateway ? true : (await Promise.all(ports.map((p) => probePort(p)))).some((r) => r.listening);
      if (!listening) {
        add({ id: 'gateway', group: 'gateway', subject: `ws://127.0.0.1:${ports[0] ?? 18789}`, ok: true, severity: 'info', message: 'no Gateway is running: files-only mode (live mode needs a running Gateway)', fix: null });
      } else {
        const gw = await probeGateway(g, io, dir, info.config.value);
        add({ id: 'gateway', group: 'gateway', subject: gw.url, ok: gw.ok, severity: 'warning', message: gw.message, fix: gw.fix ?? null });
      }
      // --- memory: seed 000's deployment checklist, per agent workspace
      for (const w of agentWorkspaceTargets(info.agents.map((a) => a.agent))) {
        const note = workspaceNote(w);
        // missing: a warning (nothing was checked); the config's missing but the agent's own folder there: reported, checked
        if (note) add({ id: 'workspace', group: 'memory', subject: w.dir, ok: false, severity: w.missing ? 'warning' : 'info', message: note, fix: 'Run `openclaw setup`, or correct the workspace in openclaw.json (agents.defaults.workspace or the agent entry).' });
        if (w.missing) continue;
        for (const c of memoryChecklist(w.dir, { config: info.config.value, agentId: w.agentIds[0], baselineStore: ErrorsBaselineStore.forStateDir(dir), updateBaseline: true })) {
          add({ id: c.id, group: 'memory', subject: `${w.dir} (${agentsLabel(w)})`, ok: c.ok, severity: c.severity, message: c.message, fix: c.fix ?? null });
        }
      }
    }
  } finally {
    model.dispose();
  }
  return checks;
}

export const doctor: Command = {
  name: 'doctor',
  usage: 'doctor',
  purpose: "Check the setup: state dir, SQLite engine, zstd, each agent's store, who owns it, the Gateway (reachable, token, scopes) and seed 000's memory checklist — each problem with a fix.",
  options: [],
  example: `${CLI_NAME} doctor --json`,
  jsonShape: '{"command":"doctor","version":1,"ok":bool,"failed":n,"checks":[{"id","group":"environment"|"store"|"gateway"|"memory","subject":string|null,"ok":bool,"severity":"error"|"warning"|"info","message","fix":string|null}]}',
  exitCodes: '0 every error/warning check passed · 1 some check failed · 2 usage error',
  async run(p, g, io) {
    if (p.positionals.length) throw new UsageError('doctor takes no arguments');
    io.progress?.('checking…');
    const checks = await runDoctor(g, io);
    const failed = checks.filter((c) => !c.ok && c.severity !== 'info');
    const paint = painter(useColor(io));
    const lines: string[] = [];
    let group = '';
    for (const c of checks) {
      if (c.group !== group) lines.push(`${lines.length ? '\n' : ''}${c.group[0]!.toUpperCase()}${c.group.slice(1)}`);
      group = c.group;
      const mark = c.ok ? paint('green', 'ok  ') : c.severity === 'error' ? paint('red', 'FAIL') : c.severity === 'warning' ? paint('yellow', 'WARN') : paint('dim', 'info');
      lines.push(`  ${mark} ${clean(c.message)}${c.subject ? paint('dim', `  (${clean(c.subject)})`) : ''}`);
      if (!c.ok && c.fix) lines.push(`       fix: ${clean(c.fix)}`);
    }
    lines.push('', failed.length ? `${failed.length} check${failed.length === 1 ? '' : 's'} failed` : 'all checks passed');
    return { exitCode: failed.length ? 1 : 0, json: { command: 'doctor', version: JSON_VERSION, ok: !failed.length, failed: failed.length, checks }, text: lines.join('\n') + '\n' };
  },
};
