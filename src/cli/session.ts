/** Opening the engine for a command: the extension's discovery rules, over the CLI's options. */
import * as fs from 'node:fs';
import { bootstrapTokens } from '../core/memory/workspace/scan';
import { ContextModel, type SessionState } from '../core/context/model';
import { anyLocalStateDir, resolveSessionKey } from '../core/context/queries';
import type { StateDirCandidate } from '../core/store/config';
import type { Diagnostic } from '../core/store/types';
import { StoreError, UsageError } from './args';
export { cliEnv, stateDirCandidates, type GlobalOptions, type OpenModel, type UnavailableAgent } from './options';
import { classifyGatewayError } from '../core/gateway/errors';
import { redact, redactUrl } from '../core/gateway/protocol';
import { RemoteSessionFeed } from '../core/gateway/remoteFeed';
import { openGateway } from './gatewayRoute';
import { cliEnv, stateDirCandidates, type GlobalOptions, type OpenModel, type UnavailableAgent } from './options';
import { clean, type CliIo } from './io';

/** Every candidate must be an existing directory (exit 3 otherwise). */
export function requireStateDirs(c: readonly StateDirCandidate[]): void {
  for (const d of c) {
    let ok = false;
    try {
      ok = fs.statSync(d.dir).isDirectory();
    } catch {
      ok = false;
    }
    if (!ok) throw new StoreError(`state dir not found: ${d.dir} (${d.source === 'setting' ? 'from --state-dir' : d.source === 'env' ? 'from $OPENCLAW_STATE_DIR' : 'the default'}). Pass --state-dir <dir> or set OPENCLAW_STATE_DIR (with --gateway <url> and no local state dir, status, sessions, show, compact and undo-compact read a remote Gateway's sessions).`);
  }
}

export function unavailableAgents(model: ContextModel, agent?: string): UnavailableAgent[] {
  return model
    .stateDirs()
    .flatMap((d) => d.agents.map((a) => ({ dir: d.candidate.dir, a })))
    .filter((x) => x.a.store && x.a.problem && (!agent || x.a.agent.id === agent))
    .map(({ dir, a }) => ({ stateDir: dir, agentId: a.agent.id, location: a.store!.location, problem: a.problem!, hint: a.hint ?? null, kind: a.problemKind ?? null }));
}

/** Text lines for the unavailable agents (after a command's own output). */
export function unavailableLines(list: readonly UnavailableAgent[]): string[] {
  return list.flatMap((u) => [`unavailable: agent ${clean(u.agentId)} (${clean(u.location)}): ${clean(u.problem)}`, ...(u.hint ? [`  what to do: ${clean(u.hint)}`] : [])]);
}

/** How long `status` and `sessions` wait, at most, for the chat.history answers of a remote Gateway's sessions. */
export const HISTORY_WAIT_MS = 20_000;
/** chat.history requests in flight at once while they wait. */
const HISTORY_BATCH = 8;

export interface RemoteOpenOptions {
  /**
   * Wait (at most HISTORY_WAIT_MS) for every listed session's chat.history before answering: the Gateway's
   * sessions.list rows carry no compaction count (its compaction markers are in the history) and no figure for a
   * session whose last turn failed (its estimate comes from the history).
   */
  histories?: boolean;
}

/**
 * Like openModel, and with `--gateway <url>` when no local state dir exists: a remote Gateway's sessions
 * (sessions.list for the rows, chat.history for a transcript), the same engine as the extension's remote mode
 * (core/gateway/remoteStore.ts). Exit 3 when that Gateway cannot be used.
 */
export async function openModelAsync(g: GlobalOptions, io: CliIo, opts: RemoteOpenOptions = {}): Promise<OpenModel> {
  const candidates = stateDirCandidates(g, io);
  // a local state dir is one with OpenClaw data (a config, or an agent with a session store): core's rule, as in the extension
  if (!g.gateway || anyLocalStateDir(candidates, cliEnv(io))) return openModel(g, io);
  io.progress?.(`no local state dir: reading the sessions of the Gateway at ${redactUrl(g.gateway)}…`);
  const gw = await openGateway(g, io, undefined, { scopes: ['operator.read', 'operator.write', 'operator.admin'] });
  if (!gw.client) throw new StoreError(`no local OpenClaw state dir (${candidates.map((c) => c.dir).join(', ')}) and ${gw.why.replace(/^The/, 'the')}`);
  const client = gw.client;
  let closing = false;
  // the extension's remote feed (core/gateway/remoteFeed.ts): chat.history for the transcripts the model asks for
  const feed = new RemoteSessionFeed({
    url: gw.url,
    client: () => client,
    onHistoryError: (key, err) => {
      // an answer cut off by our own close (a wait that ran out) is not the Gateway's failure
      if (!closing) io.stderr(`warning: chat.history of ${key}: ${redact(classifyGatewayError(err, { secrets: gw.secrets, url: gw.url }).message, gw.secrets)}\n`);
    },
  });
  const diagnostics: Diagnostic[] = [];
  // the histories a command needs are asked for explicitly (opts.histories, transcript())
  const model = new ContextModel({ stateDirs: [], env: cliEnv(io), diag: (d) => diagnostics.push(d), bootstrapTokens, remoteHistoryPrefetch: 0 });
  model.setRemoteSources([feed.source()]);
  const dispose = () => {
    closing = true;
    model.dispose();
    void client.close().catch(() => undefined);
  };
  try {
    feed.applyList(await client.sessionsList({ limit: 1000 }));
    model.refresh();
  } catch (err) {
    dispose();
    throw new StoreError(`the Gateway at ${redactUrl(gw.url)} did not list its sessions: ${redact(classifyGatewayError(err, { secrets: gw.secrets, url: gw.url }).message, gw.secrets)}`);
  }
  const pick = () => model.sessions().filter((x) => !g.agent || x.agentId === g.agent);
  if (opts.histories) {
    const missing = await awaitHistories(model, feed, pick(), HISTORY_WAIT_MS);
    if (missing.length) io.stderr(`warning: chat.history of ${missing.length} session(s) did not arrive within ${HISTORY_WAIT_MS / 1000} s (${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}): their compaction counts are unknown\n`);
  }
  const sessions = pick().sort((a, b) => b.lastActivity - a.lastActivity);
  const transcript = async (uid: string) => {
    const s = model.ensureTranscript(uid);
    const pending = s && feed.pending(s.row.key);
    if (pending) {
      await pending;
      model.refresh();
    }
    return model.get(uid);
  };
  return { model, diagnostics, sessions, dispose, transcript, remote: { url: gw.url, client, secrets: gw.secrets }, unavailable: [] };
}

/**
 * Asks for the chat.history of each session (HISTORY_BATCH at a time) and waits for the answers, `budgetMs` in
 * all; then refreshes the model. Returns the keys whose history is not held (not arrived in time, or failed).
 */
async function awaitHistories(model: ContextModel, feed: RemoteSessionFeed, list: readonly SessionState[], budgetMs: number): Promise<string[]> {
  const end = Date.now() + budgetMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((r) => (timer = setTimeout(r, budgetMs)));
  try {
    for (let i = 0; i < list.length && Date.now() < end; i += HISTORY_BATCH) {
      const waits = list.slice(i, i + HISTORY_BATCH).flatMap((s) => {
        model.ensureTranscript(s.uid);
        const p = feed.pending(s.row.key);
        return p ? [p] : [];
      });
      await Promise.race([Promise.allSettled(waits), timeout]);
    }
  } finally {
    clearTimeout(timer);
  }
  model.refresh();
  return list.filter((s) => !feed.cache?.hasHistory(s.row.key)).map((s) => s.row.key);
}

/**
 * Discover and read every store once. Exit 3 when a state dir is missing, when no agent store could be
 * read at all, or when `--agent` names an agent whose store is unavailable.
 */
export function openModel(g: GlobalOptions, io: CliIo): OpenModel {
  const candidates = stateDirCandidates(g, io);
  requireStateDirs(candidates);
  const diagnostics: Diagnostic[] = [];
  const model = new ContextModel({ stateDirs: candidates, env: cliEnv(io), diag: (d) => diagnostics.push(d), bootstrapTokens });
  try {
    model.refresh();
  } catch (err) {
    model.dispose();
    throw new StoreError(`cannot read the OpenClaw state: ${err instanceof Error ? err.message : String(err)}`);
  }
  for (const d of model.stateDirs()) io.secrets?.addConfig(d.config.value);
  const agents = model.stateDirs().flatMap((d) => d.agents.map((a) => ({ dir: d.candidate.dir, a })));
  const relevant = g.agent ? agents.filter((x) => x.a.agent.id === g.agent) : agents;
  if (g.agent && !relevant.length) {
    model.dispose();
    throw new UsageError(`no agent ${JSON.stringify(g.agent)} in ${candidates.map((c) => c.dir).join(', ')} (agents: ${[...new Set(agents.map((x) => x.a.agent.id))].join(', ') || 'none'})`);
  }
  const readable = relevant.filter((x) => x.a.store && !x.a.problem);
  if (!readable.length) {
    const why = relevant.map((x) => `${x.dir} agent ${x.a.agent.id}: ${x.a.problem ?? 'no session store (no SQLite database and no sessions.json)'}${x.a.hint ? ` — ${x.a.hint}` : ''}`);
    model.dispose();
    throw new StoreError(why.length ? `no readable session store: ${why.join('; ')}` : `no agents found in ${candidates.map((c) => c.dir).join(', ')}`);
  }
  const sessions = model.sessions().filter((s) => !g.agent || s.agentId === g.agent).sort((a, b) => b.lastActivity - a.lastActivity);
  // problems the reader met but read past (a bad config, a corrupt row, a partial line): on stderr, once each;
  // also those met later, reading a transcript (a FIFO in its place, a zstd bomb row)
  const said = new Set<string>();
  let shown = 0;
  const report = () => {
    for (const d of diagnostics.slice(shown)) {
      if (d.severity === 'info') continue;
      const line = `${d.severity}: ${d.source}: ${d.message}`.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, 500);
      if (said.has(line)) continue;
      said.add(line);
      io.stderr(`${line}\n`);
    }
    shown = diagnostics.length;
  };
  report();
  const transcript = async (uid: string) => {
    const s = model.ensureTranscript(uid);
    report();
    return s;
  };
  return { model, diagnostics, sessions, dispose: () => model.dispose(), transcript, unavailable: unavailableAgents(model, g.agent) };
}

/** A user-given key for a message: JSON-quoted, at most 120 characters. */
export function quoteKey(key: string): string {
  return JSON.stringify(key.length > 120 ? `${key.slice(0, 117)}…` : key);
}

/**
 * A session by its key: exact, else case-insensitive, else the unique one whose key ends with `:<key>` (`work` → `agent:main:work`).
 * When it is not found and some agents could not be read, the message says so (the session may be theirs).
 */
export function findSession(sessions: readonly SessionState[], key: string, unavailable: readonly UnavailableAgent[] = []): SessionState {
  const r = resolveSessionKey(sessions, key);
  if (r.ok) return r.session;
  const known = sessions.slice(0, 10).map((s) => s.row.key).join(', ');
  if (r.reason === 'none') {
    const msg = `no session ${quoteKey(key)}${known ? ` (sessions: ${known}${sessions.length > 10 ? ', …' : ''})` : ''}.`;
    // it may be in a store that cannot be read now: say so (exit 3), never just "no such session"
    if (unavailable.length) throw new StoreError(`${msg} It may belong to an agent that could not be read: ${unavailable.map((u) => `${u.agentId} (${u.problem}${u.hint ? ` ${u.hint}` : ''})`).join('; ')}`);
    throw new UsageError(`${msg} Run \`openclaw-context sessions\` to list them.`);
  }
  throw new UsageError(`session key ${quoteKey(key)} is ambiguous: ${r.hits.map((s) => `${s.row.key} (${s.agentId} in ${s.stateDir})`).join(', ')}. Pass the full key, --agent or --state-dir.`);
}
