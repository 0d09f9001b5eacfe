// What the make-*-state scripts (scripts/make-second-state.mjs, scripts/make-third-state.mjs) share to build a real
// OpenClaw dataset through scripts/openclaw-offline.mjs: agents on models of their own, turns and slash commands
// through the Gateway's chat.send, OpenClaw's own answers recorded as the oracle, and the fixture assembled from the
// state dir (checkpointed, gzipped databases; workspaces without .git; a portable config).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { shipFixture, tail } from './openclaw-offline.mjs';
import { sleep, waitFor } from '../test/support/process.mjs';

const { DatabaseSync } = createRequire(import.meta.url)('node:sqlite');

/** An agent's workspace and database in a state dir (OpenClaw's layout). */
export const wsOf = (stateDir, agent) => path.join(stateDir, agent === 'main' ? 'workspace' : `workspace-${agent}`);
export const dbOf = (stateDir, agent) => path.join(stateDir, 'agents', agent, 'agent', 'openclaw-agent.sqlite');

/**
 * The shared config template with one fake model per window (`models`: id → window) and each agent on its own model
 * (`agents`: id → model id; `main` is the default agent).
 */
export function configureAgents(cfg, { models, agents, stateDir }) {
  const fake = cfg.models.providers.fake;
  const base = fake.models.find((m) => m.id === 'scripted-1');
  if (!base) throw new Error('the shared config template has no fake/scripted-1 model');
  fake.models = Object.entries(models).map(([id, w]) => ({ ...base, id, name: `Scripted Fake (${w / 1000}k window)`, contextWindow: w, contextTokens: w }));
  cfg.agents.defaults.model = { primary: `fake/${agents.main}` };
  cfg.agents.defaults.workspace = wsOf(stateDir, 'main');
  cfg.agents.ownership = 'explicit';
  cfg.agents.defaults.systemAgent = { agentId: 'main' };
  cfg.agents.entries = Object.fromEntries(Object.entries(agents).map(([id, model]) => [id, { workspace: wsOf(stateDir, id), model: `fake/${model}` }]));
}

/** Turns and slash commands through one Gateway client (`oc`: the OfflineOpenClaw, for the rows). */
export class ChatDriver {
  /** Our Gateway client connected to `oc`'s running Gateway (no device identity, no reconnect), and a driver on it. */
  static async connect({ oc, GatewayClient, token, name, prefix }) {
    const client = new GatewayClient({ url: `ws://127.0.0.1:${oc.gatewayPort}`, token, device: false, requestTimeoutMs: 240_000, connectTimeoutMs: 20_000, reconnect: false, displayName: name });
    await client.connect();
    return new ChatDriver({ client, oc, prefix });
  }

  constructor({ client, oc, prefix }) {
    Object.assign(this, { client, oc, prefix });
  }

  /** One turn through chat.send; throws unless it ends as `expect` ('final', 'error', 'aborted' or 'none'). */
  async turn(key, message, { expect = 'final', waitMs = 240_000 } = {}) {
    const runId = `${this.prefix}-${randomUUID()}`;
    let end;
    const d = this.client.onEvent('chat', (e) => e && e.runId === runId && ['final', 'error', 'aborted'].includes(e.state) && (end ??= e.state));
    const t0 = Date.now();
    try {
      await this.client.chatSend({ sessionKey: key, message, idempotencyKey: runId });
      await waitFor(`the end of "${message.slice(0, 40)}"`, () => end, waitMs, 20).catch((e) => {
        if (expect !== 'none') throw e;
      });
    } finally {
      d.dispose();
    }
    await sleep(300); // the row is written right after the chat end
    console.log(`  ${end ?? 'none'} ${((Date.now() - t0) / 1000).toFixed(1)} s  ${message.slice(0, 50).replace(/\n/g, ' ')}…  → ${this.oc.rowText(key)}`);
    if ((end ?? 'none') !== expect) throw new Error(`${key}: "${message.slice(0, 40)}" ended ${end ?? 'without a chat end'}, expected ${expect}`);
  }

  /** A slash command sent as a message (`/reset`, `/new`, `/compact`): done at its chat end or a sessions.changed whose reason matches. */
  async command(key, text, { reasons = /reset|new/, waitMs = 120_000, settleMs = 2000 } = {}) {
    const before = this.oc.row(key)?.sessionId;
    const runId = `${this.prefix}-${randomUUID()}`;
    const seen = [];
    const d1 = this.client.onEvent('chat', (e) => e && e.runId === runId && ['final', 'error', 'aborted'].includes(e.state) && seen.push(`chat ${e.state}`));
    const d2 = this.client.onEvent('sessions.changed', (e) => e && e.sessionKey === key && reasons.test(String(e.reason)) && seen.push(`changed ${e.reason}`));
    try {
      await this.client.chatSend({ sessionKey: key, message: text, idempotencyKey: runId });
      await waitFor(`${text} on ${key}`, () => seen.length, waitMs, 50);
      await sleep(settleMs); // a greeting run may follow
    } finally {
      d1.dispose();
      d2.dispose();
    }
    console.log(`  ${text}: ${seen.join(', ')}; session ${before} → ${this.oc.row(key)?.sessionId}  → ${this.oc.rowText(key)}`);
  }
}

/** OpenClaw's answers without the run's temp paths (the state dir reads `<state>`, the temp root `<root>`). */
export const portableText = (stateDir, root) => (text) => text.split(stateDir).join('<state>').split(root).join('<root>');

/** The Gateway's own answers: `gateway/sessions-list.json` and `gateway/chat-history/<key>.json` under `oracleDir`. */
export async function recordGatewayOracle(client, oracleDir, portable) {
  const list = await client.sessionsList({ limit: 1000 });
  fs.mkdirSync(path.join(oracleDir, 'gateway', 'chat-history'), { recursive: true });
  fs.writeFileSync(path.join(oracleDir, 'gateway', 'sessions-list.json'), portable(JSON.stringify(list, null, 2)) + '\n');
  for (const s of list.sessions ?? []) {
    const h = await client.chatHistory({ sessionKey: s.key, limit: 1000, maxChars: 100_000 });
    fs.writeFileSync(path.join(oracleDir, 'gateway', 'chat-history', `${s.key.replace(/[^A-Za-z0-9._-]/g, '_')}.json`), portable(JSON.stringify(h, null, 2)) + '\n');
  }
  return list;
}

/** `openclaw sessions --json --all-agents` and its table (Gateway stopped): `cli/sessions.{json,txt}` under `oracleDir`. */
export async function recordCliOracle(oc, oracleDir, portable) {
  const cli = await oc.openclaw(['sessions', '--json', '--all-agents'], { name: 'sessions' });
  if (cli.code !== 0) throw new Error(`openclaw sessions --json --all-agents: rc ${cli.code}: ${tail(cli.err + cli.out)}`);
  fs.mkdirSync(path.join(oracleDir, 'cli'), { recursive: true });
  fs.writeFileSync(path.join(oracleDir, 'cli', 'sessions.json'), portable(JSON.stringify(JSON.parse(cli.out), null, 2)) + '\n');
  const txt = await oc.openclaw(['sessions', '--all-agents'], { name: 'sessions-text' });
  const table = portable((txt.out + txt.err).replace(/\x1b\[[0-9;]*m/g, ''));
  fs.writeFileSync(path.join(oracleDir, 'cli', 'sessions.txt'), table);
  return table;
}

/**
 * The fixture's stage under `stage`: `state/` (a portable openclaw.json, each agent's database checkpointed with
 * VACUUM INTO and gzipped, each workspace without .git), the oracle from `oracleDir`, and `keys.json`.
 */
export function assembleFixture({ stateDir, stage, agents, oracleDir, keys }) {
  const sstate = path.join(stage, 'state');
  fs.mkdirSync(sstate, { recursive: true });
  const cfg = JSON.parse(fs.readFileSync(path.join(stateDir, 'openclaw.json'), 'utf8'));
  delete cfg.agents.defaults.workspace; // portable: the workspaces resolve inside the state dir
  for (const a of Object.values(cfg.agents.entries)) delete a.workspace;
  if (cfg.logging) delete cfg.logging.file;
  if (cfg.logging && !Object.keys(cfg.logging).length) delete cfg.logging;
  fs.writeFileSync(path.join(sstate, 'openclaw.json'), JSON.stringify(cfg, null, 2) + '\n');
  for (const agent of agents) {
    if (!fs.existsSync(dbOf(stateDir, agent))) continue;
    fs.mkdirSync(path.dirname(dbOf(sstate, agent)), { recursive: true });
    const db = new DatabaseSync(dbOf(stateDir, agent));
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    db.exec(`VACUUM INTO '${dbOf(sstate, agent).replace(/'/g, "''")}'`);
    db.close();
    fs.writeFileSync(`${dbOf(sstate, agent)}.gz`, zlib.gzipSync(fs.readFileSync(dbOf(sstate, agent)), { level: 9 }));
    fs.rmSync(dbOf(sstate, agent));
    fs.cpSync(wsOf(stateDir, agent), wsOf(sstate, agent), { recursive: true, filter: (src) => path.basename(src) !== '.git' });
  }
  fs.cpSync(oracleDir, stage, { recursive: true });
  fs.writeFileSync(path.join(stage, 'keys.json'), JSON.stringify(keys, null, 2) + '\n');
}

/** assembleFixture, then the stage shipped to `out` (shipFixture); the temp root removed unless `keep`. Returns the bytes. */
export function shipDataset({ stateDir, root, out, agents, keys, keep }) {
  const stage = path.join(root, 'fixture');
  assembleFixture({ stateDir, stage, agents, oracleDir: path.join(root, 'oracle'), keys });
  const bytes = shipFixture(stage, out, root);
  if (keep) console.log(`  kept ${root}`);
  else fs.rmSync(root, { recursive: true, force: true });
  return bytes;
}
