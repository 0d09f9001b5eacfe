// Records bench/data/real-run-transcripts.jsonl: real OpenClaw 2026.9.6 transcripts of short turns (one-line asks
// and answers in English, Chinese, Japanese and Korean, `#` directives, slash commands, tool calls and OpenClaw's
// notices), run offline against the shared scripted fake model, for the estimator's real-text split
// (scripts/corpus/real.mjs). Run it under Node 24 with OPENCLAW_APP set (test/interop/setup.sh prints both):
//
//   eval "$(bash test/interop/setup.sh)" && npx tsc -p . && "$NODE24_BIN" scripts/corpus/real-run.mjs [--set short2]
//
// Each set of turns is recorded into its own file (`base` → real-run-transcripts.jsonl, `short2` →
// real-run-short2.jsonl), so recording one set never changes the texts of another.
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

/** Session key → turns. Answers are `#reply` directives: the fake model says exactly that. */
const BASE = {
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

/** More short chat turns, as people type them (asks and answers under 100 chars), CJK most of all. */
const SHORT2 = {
  'agent:main:zh2': [
    '在吗 #reply 在的，有什么需要？',
    '帮我查一下昨天的构建记录 #exec echo "build #4181: failed (lint)"',
    '为什么失败了？ #reply 第 41 行有一个未使用的变量。',
    '那就删掉吧 #reply 已删除，重新构建中。',
    '好了吗？ #reply 好了，构建通过。',
    '明天上午十点开会，记一下。 #reply 已记下：明天 10:00 开会。',
    '测试覆盖率是多少？ #reply 目前是 87%，比上周高了 3 个百分点。',
    '太好了 #reply 👍',
    '把这个文件改成英文 #reply 已改好，请查看 docs/guide.md。',
    '这个接口返回什么？ #reply 返回一个 JSON 对象，包含 id、name 和 status。',
    '先别动 #reply 好的，我先等你确认。',
    '没问题，继续吧。 #reply 好，继续。',
    '有没有更简单的办法？ #reply 有，直接用 Array.prototype.flat() 就行。',
    '解释一下这段代码 #reply 它先按日期排序，再把相同用户的记录合并。',
    '辛苦了 #reply 不辛苦，随时找我。',
    '数据库连不上了 #reply 请检查端口 5432 是否开放，以及密码是否正确。',
    '重启服务 #exec echo "service restarted"',
    '日志里有报错吗？ #reply 没有，最近一小时一切正常。',
    '帮我写一个提交说明 #reply 修复：导出时空值导致的崩溃（#512）',
    '对，就这样。 #reply 好的，已提交。',
  ],
  'agent:main:ja2': [
    'おはよう #reply おはようございます！',
    'ビルドは終わった？ #reply はい、3 分で終わりました。',
    'エラーの原因は何ですか？ #reply 設定ファイルのパスが間違っていました。',
    '直してください #reply 修正しました。もう一度実行してみてください。',
    '了解です #reply よろしくお願いします。',
    '今日のタスクを教えて #read notes/todo.md',
    'ちょっと待って #reply はい、待っています。',
  ],
  'agent:main:ko2': [
    '안녕하세요 #reply 안녕하세요! 무엇을 도와드릴까요?',
    '테스트 돌려줘 #exec echo "42 passed, 0 failed"',
    '결과는 어때? #reply 42개 모두 통과했습니다.',
    '좋아요, 감사합니다 #reply 별말씀을요.',
    '배포는 언제 해요? #reply 목요일 오후 3시에 합니다.',
  ],
  'agent:main:en2': [
    'sure #reply Great, starting now.',
    'nope #reply Okay, leaving it as is.',
    'run the tests #exec echo "128 passing (4s)"',
    'did anything fail? #reply No, all 128 passed.',
    'What does this regex do? #reply It matches ISO dates like 2026-11-26.',
    'undo that #reply Reverted the last change to src/export.ts.',
    'Ship it. #reply Merged #512 into main.',
    'lgtm #reply Thanks!',
  ],
};

const SETS = { base: { turns: BASE, out: 'real-run-transcripts.jsonl' }, short2: { turns: SHORT2, out: 'real-run-short2.jsonl' } };
const setArg = process.argv.indexOf('--set');
const SET = SETS[setArg >= 0 ? process.argv[setArg + 1] : 'base'];
if (!SET) throw new Error(`--set: one of ${Object.keys(SETS).join(', ')}`);
const TURNS = SET.turns;
const OUT = path.join(ROOT, 'bench', 'data', SET.out);

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
