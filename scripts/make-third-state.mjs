// Builds the third real OpenClaw dataset, test/fixtures/openclaw-third/, with the REAL OpenClaw 2026.9.6 run offline
// against the shared scripted fake model, through the harness of scripts/openclaw-offline.mjs (as
// scripts/make-second-state.mjs does for the second). Nothing in it was written with our own tool. It walks ground the
// first two datasets do not:
//
//   three agents, each on its own model (agents.entries.<id>.model):
//     main      fake/scripted-64k  (64,000 tokens)
//     ops       fake/scripted-20k  (20,000 tokens: under OpenClaw's 32k warning line)
//     research  fake/scripted-128k (128,000 tokens)
//   sessions:
//     agent:main:main          Japanese and Chinese turns (a read of a Japanese note, CJK answers)
//     agent:main:tools-fail    tool calls that fail: a read of a missing file, a command that exits 3, an unknown command
//     agent:main:slash-compact `/compact` sent as a message after a few turns, then one more turn
//     agent:ops:long           OpenClaw compacts it by itself several times (#pad turns in the 20k window)
//     agent:research:main      a few turns, `/new`, a turn, `/reset`, a turn
//     agent:research:embedded  one embedded turn (`openclaw agent --local`), before any Gateway ran
//     cron sessions            a cron job of agent main run once (`openclaw cron run`), when OpenClaw creates one
//   and what OpenClaw itself says about them at the end:
//     cli/sessions.json, cli/sessions.txt   `openclaw sessions [--json] --all-agents` (Gateway stopped)
//     gateway/sessions-list.json, gateway/chat-history/<key>.json   the Gateway's answers
//
//   $NODE24_BIN scripts/make-third-state.mjs [out dir]   (OPENCLAW_APP set: test/interop/setup.sh prints it;
//   compile out/ first; MAKE_THIRD_KEEP=1 keeps the temp dir)
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OfflineOpenClaw, offlinePrereqs, tail } from './openclaw-offline.mjs';
import { ChatDriver, configureAgents, portableText, recordCliOracle, recordGatewayOracle, shipDataset, wsOf as wsIn } from './offline-dataset.mjs';
import { sleep } from '../test/support/process.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const JSON5 = require(path.join(ROOT, 'node_modules', 'json5'));
const die = (msg) => {
  console.error(`make-third-state: ${msg}`);
  process.exit(2);
};
const { shared: SHARED, app: APP, GatewayClient } = offlinePrereqs(ROOT, die);
const OUT = path.resolve(process.argv[2] || path.join(ROOT, 'test', 'fixtures', 'openclaw-third'));

export const MODELS = { 'scripted-64k': 64_000, 'scripted-20k': 20_000, 'scripted-128k': 128_000 };
export const AGENTS = { main: 'scripted-64k', ops: 'scripted-20k', research: 'scripted-128k' };
const TOKEN = 'third-state-token-not-secret';

const T0 = Date.now();
const say = (m) => console.log(`\n== ${m} (${((Date.now() - T0) / 1000).toFixed(0)} s)`);
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'occtx-third-state-'));
const oc = await new OfflineOpenClaw({ root: TMP, app: APP, node24: process.execPath, shared: SHARED, token: TOKEN, GatewayClient }).init();
const S = oc.stateDir;
const wsOf = (agent) => wsIn(S, agent);
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => void oc.stopAll().then(() => process.exit(130)));

const configure = (cfg) => configureAgents(cfg, { models: MODELS, agents: AGENTS, stateDir: S });

function seed() {
  fs.mkdirSync(path.join(wsOf('main'), 'notes'), { recursive: true });
  const ja = (i) => `- ${String(i).padStart(3, '0')} 注文 ORD-${5100 + i}：倉庫で梱包済み、配送業者の集荷は明日の午前です。在庫確認のログでは三十秒後にタイムアウトしました。\n`;
  fs.writeFileSync(path.join(wsOf('main'), 'notes', '注文メモ.md'), `# 注文メモ\n\n${Array.from({ length: 80 }, (_, i) => ja(i)).join('')}`);
  fs.writeFileSync(path.join(wsOf('main'), 'notes', 'todo.md'), '- 发布 v2.3\n- 修复登录超时\n- ship ORD-5101\n');
  for (const a of ['ops', 'research']) {
    fs.mkdirSync(path.join(wsOf(a), 'notes'), { recursive: true });
    fs.writeFileSync(path.join(wsOf(a), 'notes', 'plan.md'), `# ${a} plan\n\n- KESTREL-9 rollout\n- check the export job\n`);
  }
}

const rowText = (key) => oc.rowText(key);
let client;
let chat;
const turn = (...a) => chat.turn(...a);

const K = {
  main: 'agent:main:main',
  toolsFail: 'agent:main:tools-fail',
  slashCompact: 'agent:main:slash-compact',
  long: 'agent:ops:long',
  research: 'agent:research:main',
  embedded: 'agent:research:embedded',
};
const portable = portableText(S, TMP);

let failed = false;
const notes = [];
try {
  say(`setup: ${TMP}`);
  oc.writeConfig(JSON5, configure);
  await oc.startFakeLlm();
  const b = await oc.setupBaseline(wsOf('main'));
  console.log(`  ${b.version} | node ${process.version} | fake LLM :${oc.llmPort} | Gateway :${oc.gatewayPort}`);
  seed();

  say('agent:research:embedded: one embedded turn (openclaw agent --local)');
  const emb = await oc.openclaw(['agent', '--local', '--agent', 'research', '--session-key', K.embedded, '--message', 'Embedded hello: read the plan. #read notes/plan.md', '--json'], { name: 'embedded' });
  console.log(`  rc ${emb.code} in ${(emb.ms / 1000).toFixed(1)} s → ${rowText(K.embedded)}`);
  if (emb.code !== 0) notes.push(`embedded turn rc ${emb.code}: ${tail(emb.err)}`);

  const gw = await oc.startGateway();
  chat = await ChatDriver.connect({ oc, GatewayClient, token: TOKEN, name: 'make-third-state', prefix: 'third' });
  client = chat.client;

  say('agent:main:main: Japanese and Chinese');
  await turn(K.main, 'おはようございます！注文メモを読んでください。 #read notes/注文メモ.md');
  await turn(K.main, '遅れている注文はどれですか？日本語で答えてください。 #reply 遅れている注文は ORD-5117 と ORD-5142 です。配送業者に連絡済みです。');
  await turn(K.main, '请用中文总结待办事项。 #read notes/todo.md');
  await turn(K.main, '谢谢！还有别的吗？');

  say('agent:main:tools-fail: failing tool calls');
  await turn(K.toolsFail, 'Read the missing file please. #read notes/does-not-exist.md');
  await turn(K.toolsFail, 'Run the failing check. #exec echo checking >&2; exit 3');
  await turn(K.toolsFail, 'Run the unknown tool. #exec definitely-not-a-command --version');
  await turn(K.toolsFail, 'And a working one. #exec ls -1 notes');

  say('agent:main:slash-compact: /compact as a message');
  await turn(K.slashCompact, 'Slash turn 1: read the todo list. #read notes/todo.md');
  await turn(K.slashCompact, 'Slash turn 2: some filler. #pad 60');
  await turn(K.slashCompact, 'Slash turn 3: more filler. #pad 60');
  await chat.command(K.slashCompact, '/compact', { reasons: /compact/, waitMs: 180_000, settleMs: 3000 });
  await turn(K.slashCompact, 'After /compact: where are we? #reply We compacted; the todo list is still open.');

  say('agent:ops:long: OpenClaw compacts it by itself, several times');
  for (let i = 1; i <= 30 && (oc.row(K.long)?.compactionCount ?? 0) < 3; i++) await turn(K.long, `Long batch ${i}: show the raw export log lines. #pad 150`);
  if ((oc.row(K.long)?.compactionCount ?? 0) < 2) throw new Error(`${K.long}: fewer than two automatic compactions`);
  await turn(K.long, 'Long: where are we? #reply All batches reviewed.');

  say('agent:research:main: /new and /reset');
  await turn(K.research, 'Research turn 1: read the plan. #read notes/plan.md');
  await turn(K.research, 'Research turn 2: what is KESTREL-9? #reply The rollout codename.');
  await chat.command(K.research, '/new', { waitMs: 180_000, settleMs: 3000 });
  await turn(K.research, 'After /new: hello. #reply Hello after new.');
  await chat.command(K.research, '/reset', { waitMs: 180_000, settleMs: 3000 });
  await turn(K.research, 'After /reset: hello again. #reply Hello after reset.');

  say('a cron job of agent main, run once (best effort)');
  const add = await oc.openclaw(['cron', 'add', '--name', 'nightly-digest', '--every', '1h', '--agent', 'main', '--message', 'Cron digest: summarise the day. #reply Cron digest done.', '--json'], { name: 'cron-add' });
  let jobId;
  try {
    const j = JSON.parse(add.out);
    jobId = j.id ?? j.job?.id ?? j.jobId;
  } catch {
    /* reported below */
  }
  console.log(`  cron add rc ${add.code}: job ${jobId ?? '?'} ${add.code ? tail(add.err + add.out, 4) : ''}`);
  if (jobId) {
    const run = await oc.openclaw(['cron', 'run', jobId, '--expect-final', '--json'], { name: 'cron-run', timeoutMs: 180_000 });
    console.log(`  cron run rc ${run.code}: ${tail(run.out + run.err, 4)}`);
    await sleep(5000);
  } else notes.push('no cron job');

  say('what the Gateway says: sessions.list and chat.history');
  const list = await recordGatewayOracle(client, path.join(TMP, 'oracle'), portable);
  console.log(`  ${(list.sessions ?? []).length} sessions listed: ${(list.sessions ?? []).map((s) => s.key).join(', ')}`);
  await client.close();
  await oc.stopGateway(gw);

  say('what `openclaw sessions --json --all-agents` says');
  console.log(await recordCliOracle(oc, path.join(TMP, 'oracle'), portable));
} catch (err) {
  failed = true;
  console.error(`make-third-state: FAILED: ${err && err.stack ? err.stack : err}\n  logs: ${oc.logs}`);
} finally {
  await client?.close().catch(() => undefined);
  await oc.stopAll();
}
if (notes.length) console.log(`notes:\n  ${notes.join('\n  ')}`);
if (failed) {
  console.error(`make-third-state: the temp dir is kept for a look: ${TMP}`);
  process.exit(1);
}

say('assembling the fixture');
let bytes;
try {
  bytes = shipDataset({ stateDir: S, root: TMP, out: OUT, agents: Object.keys(AGENTS), keys: { ...K, windows: Object.fromEntries(Object.entries(AGENTS).map(([a, m]) => [a, MODELS[m]])) }, keep: process.env.MAKE_THIRD_KEEP === '1' });
} catch (err) {
  die(err.message);
}
say(`written to ${path.relative(ROOT, OUT) || OUT}: ${(bytes / 1024).toFixed(0)} KB`);
