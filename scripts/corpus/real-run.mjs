// Records bench/data/real-run-transcripts.jsonl: real OpenClaw 2026.9.6 transcripts of short turns (one-line asks
// and answers in English, Chinese, Japanese and Korean, `#` directives, slash commands, tool calls and OpenClaw's
// notices), run offline against the shared scripted fake model, for the estimator's real-text split
// (scripts/corpus/real.mjs). Run it under Node 24 with OPENCLAW_APP set (test/interop/setup.sh prints both):
//
//   eval "$(bash test/interop/setup.sh)" && npx tsc -p . && "$NODE24_BIN" scripts/corpus/real-run.mjs
//
// Free 127.0.0.1 ports and a temp dir; everything it starts is stopped at the end. A turn that fails is logged
// and skipped (OpenClaw's own reply to a failed command is a real text too, when it writes one).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { OfflineOpenClaw } from '../openclaw-offline.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const { DatabaseSync } = require('node:sqlite');
const JSON5 = require(path.join(ROOT, 'node_modules', 'json5'));
const { GatewayClient } = require(path.join(ROOT, 'out', 'src', 'core', 'gateway', 'client.js'));
const SHARED = path.join(path.resolve(process.env.OPENCLAW_SHARED_DIR || path.join(ROOT, '..', 'shared')), 'tools', 'openclaw-real');
const OUT = path.join(ROOT, 'bench', 'data', 'real-run-transcripts.jsonl');

/** Session key → turns. Answers are `#reply` directives: the fake model says exactly that. */
const TURNS = {
  'agent:main:chat': [
    'ok #reply Okay.',
    'thanks! #reply You are welcome.',
    'What time is it in Tokyo right now? #reply It is 23:40 in Tokyo (UTC+9).',
    'Can you remind me what we decided yesterday? #reply We moved the export to the v2 ledger.',
    'yes please #reply Done.',
    'Is the build green? #exec echo "build #4182: passed (3m 12s)"',
    'How many open PRs are there? #reply Seven: four reviews pending, three drafts.',
    'Fix the typo in README.md line 12 #write README.md # Project\n\nSetup: run `npm ci` first.\n',
    'stop #reply Stopped.',
    "what's 17% of 2,340? #reply 397.8",
    'Show me the todo list #read notes/todo.md',
    'Rename getUserById to findUser everywhere. #reply Renamed in 6 files (src/users.ts, src/api/routes.ts, 4 tests).',
    'Why did CI fail on main? #reply The lint step failed: `no-unused-vars` in src/export.ts:41.',
    'k #reply 👍',
    'Summarize the last error in one line. #reply ECONNRESET from the S3 client after 3 retries.',
  ],
  'agent:main:zh': [
    '好的 #reply 好的，马上开始。',
    '继续 #reply 继续处理第二部分。',
    '这个函数有什么问题？ #reply 缺少空值检查，第 12 行可能抛出异常。',
    '帮我看一下日志 #exec tail -3 /etc/hostname',
    '谢谢！ #reply 不客气。',
    '部署窗口是什么时候？ #reply 每周二 14:00（UTC）。',
    '可以 #reply 收到。',
    '把 README 翻译成中文 #reply 已翻译，共 42 行，保存在 README.zh-CN.md。',
    'ありがとう #reply どういたしまして。',
    'テストは通りましたか？ #reply はい、全部で 128 件のテストが通りました。',
    '고마워요 #reply 천만에요.',
    '빌드가 실패했나요? #reply 아니요, 빌드는 성공했습니다.',
    '用一句话总结今天的进度 #reply 今天完成了导出模块，测试全部通过。',
  ],
  'agent:main:ops': [
    '/status',
    'Check disk space #exec df -h / | tail -1',
    'List the notes #exec ls notes',
    '/new',
    'hi #reply Hi! What are we working on?',
    'Read the memory file #read MEMORY.md',
    '/compact',
    'what do you remember? #reply The ORD-4471 shipment and the Tuesday deploy window.',
    '/reset',
    'hello again #reply Hello! Fresh session.',
  ],
};

const T0 = Date.now();
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'occtx-real-run-'));
const oc = await new OfflineOpenClaw({ root: TMP, app: process.env.OPENCLAW_APP, node24: process.execPath, shared: SHARED, token: 'real-run-token', GatewayClient }).init();
const ws = path.join(oc.stateDir, 'workspace');
let ok = false;
try {
  oc.writeConfig(JSON5, (cfg) => {
    cfg.agents.defaults.workspace = ws;
  });
  await oc.startFakeLlm();
  await oc.setupBaseline(ws);
  fs.mkdirSync(path.join(ws, 'notes'), { recursive: true });
  fs.writeFileSync(path.join(ws, 'notes', 'todo.md'), '- ship ORD-4471\n- review the export plan\n');
  const gw = await oc.startGateway();
  for (const [key, turns] of Object.entries(TURNS)) {
    for (const message of turns) {
      const r = await oc.openclaw(['agent', '--agent', 'main', '--session-key', key, '--message', message, '--json', '--timeout', '300'], { name: 'turn' });
      console.log(`${r.tag} rc ${r.code} ${(r.ms / 1000).toFixed(1)} s  ${key}  ${message.slice(0, 50).replace(/\n/g, ' ')}`);
    }
  }
  await oc.stopGateway(gw);
  ok = true;
} catch (err) {
  console.error(`real-run: FAILED: ${err?.stack ?? err}\n  logs: ${oc.logs}`);
} finally {
  await oc.stopAll();
}
if (!ok) process.exit(1);

// every transcript event of every session, in order (zstd rows decompressed)
const db = new DatabaseSync(path.join(oc.stateDir, 'agents', 'main', 'agent', 'openclaw-agent.sqlite'), { readOnly: true });
const rows = db.prepare('SELECT session_id, seq, event_json, event_zstd FROM transcript_events ORDER BY session_id, seq').all();
db.close();
const lines = rows.map((r) => JSON.stringify(JSON.parse(r.event_json ?? zlib.zstdDecompressSync(r.event_zstd).toString('utf8'))));
fs.writeFileSync(`${OUT}.tmp`, lines.join('\n') + '\n');
fs.renameSync(`${OUT}.tmp`, OUT);
fs.rmSync(TMP, { recursive: true, force: true });
console.log(`real-run: ${lines.length} events → ${path.relative(ROOT, OUT)} in ${((Date.now() - T0) / 1000).toFixed(0)} s`);
