// The third HELD-OUT set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 when held-out-2
// had been measured and its lost list read (it is a tuning set since, labelled tuning-3): new projects (a hospital
// group's on-call rota solver, a game's ranked matchmaking, a bank's nightly reconciliation batch), new wording,
// work-style filler. Never tune extraction on it and never read its results while changing extraction: its figures
// are the ones the targets are checked on.
// Same format as tuning.mjs / held-out.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x3c1d57);

const OVERTIME_DOC = `# 医師の時間外労働と当直割り当ての方針

人事部・医局 合同 · 2026 年 11 月

2024 年 4 月から医師の時間外・休日労働に上限規制が適用されています。当院は救急と循環器の体制を維持するため、B 水準の指定を受けています。

これまでの勤務表では、当直明けにそのまま日勤に入るケースが月に 20 件ほどありました。本人の申告がない限り、システム上は検出されていませんでした。

方針：連続勤務は 28 時間までとし、勤務間インターバルは 9 時間以上確保します。これは B 水準の医療機関として義務付けられている追加的健康確保措置だからです。

自動作成ツールはこの条件を満たさない勤務表を出力してはいけません。例外が必要な場合は、医局長の承認を得たうえで手動で調整してください。
`;

const CROSS_REGION_DOC = `# 跨区匹配方案（上海运维组）

2026 年 11 月 · 排位赛

背景：第 13 赛季开始后，亚太区的玩家数量在凌晨时段下降明显，有人建议把中国大陆的服务器也放进跨区匹配池，以缩短排队时间。

我们在 11 月中旬做了两周的灰度测试，记录了每一局的 RTT 和掉线率。

结论：中国大陆服务器不参与跨区匹配，只在大陆区内部匹配。原因是跨境链路的延迟波动太大，高峰期 RTT 经常超过 180ms，掉线率是区内对局的三倍。

后续如果跨境专线扩容，可以再评估。在那之前，请不要在配置里打开 cn-mainland 的跨区开关。
`;

const CUTOFF_DOC = `# 每日對賬批次截止時間調整

司庫營運部 · 2026 年 11 月

目前每日對賬批次在香港時間凌晨 01:30 開始，讀取前一個工作日所有結算行的 camt.053 對帳單，以及核心系統的總帳分錄。

過去一個月內，有 9 個工作日的批次在開始時仍有結算行的檔案未到，導致早上的差異報表出現大量假差異，營運同事要花一整個上午逐筆排除。

決定：每日對賬批次的截止時間改為香港時間 02:30。原因是結算行的 camt.053 檔案最晚在 01:45 才送達，01:30 開始的批次等於每週都會漏掉一部分。

報表送出時間相應延後一小時，已經和司庫確認可以接受。
`;

export const SESSIONS = [
  {
    id: 'p1-hospital-rota',
    set: 'held-out-3',
    files: {
      'rota/solver/constraints.py': code('py', 90, [
        [0.35, 'MAX_CONSECUTIVE_NIGHT_SHIFTS = 3'],
        [0.36, 'MIN_REST_HOURS_BETWEEN_SHIFTS = 11'],
      ]),
      'logs/rota/solver-2026-11-26.log': log('rota-solver', '2026-11-26', 110, [[0.55, '2026-11-26T04:12:09Z ERROR rota-solver run R-5521 infeasible: ward 7B (cardiology) needs 4 registrars on the 2026-12-24 night shift, only 2 available after leave']]),
      'config/wards.json': json({
        site: 'seiwa-osaka-central',
        wards: [
          ...rows(6, (i) => ({ id: `${String.fromCharCode(65 + i)}${i + 3}`, specialty: pick(WORDS), beds: 24 + 2 * i, nurse_ratio: ['1:4', '1:5', '1:6'][i % 3], registrars_per_night: 1 + (i % 2) })),
          { id: 'ICU-2', specialty: 'intensive care', beds: 12, nurse_ratio: '1:1', registrars_per_night: 2 },
        ],
      }),
      'docs/労務/医師の時間外労働.md': OVERTIME_DOC,
    },
    turns: [
      {
        text: "Taking over the on-call rota generator for the Seiwa hospital group, ticket ROTA-612. We settled on rebuilding the nightly solve on OR-Tools CP-SAT rather than keep patching the greedy filler, mainly because the greedy pass left 9 night shifts unfilled in October and nobody saw it until the morning huddle. #reply Understood, CP-SAT it is.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['ROTA-612'] },
          { category: 'decision', strings: ['rebuilding the nightly solve on OR-Tools CP-SAT rather than keep patching the greedy filler'], reasons: ['the greedy pass left 9 night shifts unfilled in October'] },
        ],
      },
      {
        text: 'One thing that is not negotiable here: a published rota is never changed by the solver after 18:00 the day before. Anything later is a manual swap that the charge nurse signs off. #reply Noted, no solver changes after 18:00.',
        facts: [{ category: 'rule', strings: ['a published rota is never changed by the solver after 18:00 the day before'] }],
      },
      {
        text: 'What are the hard limits the solver enforces today? #read rota/solver/constraints.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['MAX_CONSECUTIVE_NIGHT_SHIFTS = 3', 'MIN_REST_HOURS_BETWEEN_SHIFTS = 11'] }],
      },
      {
        text: '大阪の情報システム課からの連絡です。勤務表の公開は POST /rota/v1/wards/{wardId}/publish、休暇申請の取り込みは GET /rota/v1/leave-requests です。ステージングの Redis は rota-stg-redis.osaka.internal:6380 にあります。 #reply 承知しました。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /rota/v1/wards/{wardId}/publish'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /rota/v1/leave-requests'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['rota-stg-redis.osaka.internal:6380'] },
        ],
      },
      {
        text: "Last night's solve didn't publish anything for cardiology. Why? #read logs/rota/solver-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['run R-5521 infeasible', 'only 2 available after leave'] }],
      },
      {
        text: 'それから、来週の金曜までに 7B 病棟の師長さんに年末年始の夜勤希望を出してもらってください。 #reply はい、お願いしておきます。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['7B 病棟の師長さんに年末年始の夜勤希望を出してもらってください', '来週の金曜までに'] }],
      },
      { text: 'Start a notes file for the solve pipeline. #write rota/NOTES.md # Nightly rota solve\n\nload leave + preferences -> build CP-SAT model -> solve (time limit) -> validate rest hours -> publish per ward.' },
      { filler: 5500, style: 'work' },
      {
        text: 'HR sent a policy on doctors\' overtime, have a look. #read docs/労務/医師の時間外労働.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['連続勤務は 28 時間までとし、勤務間インターバルは 9 時間以上確保します'], reasons: ['B 水準の医療機関として義務付けられている追加的健康確保措置だから'] }],
      },
      {
        text: "Job settings while I think of them: ROTA_SOLVER_TIME_LIMIT_S=120 goes in the solver job's env, the image we deploy is rota-solver 2.14.0, and the run that failed was 95452777-be6c-4eb0-a1c5-b8d8877ac5c8. #reply Got all three.",
        facts: [
          { category: 'identifier', kind: 'env', strings: ['ROTA_SOLVER_TIME_LIMIT_S=120'] },
          { category: 'identifier', kind: 'version', strings: ['rota-solver 2.14.0'] },
          { category: 'identifier', kind: 'uuid', strings: ['95452777-be6c-4eb0-a1c5-b8d8877ac5c8'] },
        ],
      },
      {
        text: 'Which ward has the strictest staffing ratio? #read config/wards.json',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"id": "ICU-2"', '"nurse_ratio": "1:1"'] }],
      },
      {
        text: "We'll let registrars trade shifts among themselves in the app instead of going through the rota office; the office spent roughly 30 hours a month re-keying swaps from WhatsApp screenshots. A swap still has to pass the rest-hour check. #reply Agreed, self-service swaps.",
        facts: [{ category: 'decision', strings: ['let registrars trade shifts among themselves in the app instead of going through the rota office'], reasons: ['the office spent roughly 30 hours a month re-keying swaps from WhatsApp screenshots'] }],
      },
      {
        text: 'If the December solve is still infeasible once the agency nurses are loaded, escalate to the director of nursing before noon on Monday. Do not relax the rest-hour constraint yourself to make it solve. #reply Understood, escalate rather than relax.',
        facts: [
          { category: 'todo', strings: ['escalate to the director of nursing before noon on Monday', 'If the December solve is still infeasible once the agency nurses are loaded'] },
          { category: 'rule', strings: ['Do not relax the rest-hour constraint yourself'] },
        ],
      },
      {
        text: '大连外包团队那边我们商量好了：导出的排班 CSV 一律用 UTF-8 带 BOM，因为不带 BOM 的话医院的 Excel 打开日文姓名会乱码。另外 12 月 10 日之前要给他们开好测试环境的账号。 #reply 好的，两件事都记下了。',
        facts: [
          { category: 'decision', lang: 'zh', strings: ['导出的排班 CSV 一律用 UTF-8 带 BOM'], reasons: ['不带 BOM 的话医院的 Excel 打开日文姓名会乱码'] },
          { category: 'todo', lang: 'zh', strings: ['给他们开好测试环境的账号', '12 月 10 日之前'] },
        ],
      },
      {
        text: 'For the record: weekly exports land in /srv/rota/exports/weekly/, the solver fix is commit 601dfb7a0a4c277341095fb986c10aa907c059ab, and the ward board is https://rota.seiwa-med.example.jp/board/7B. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'path', strings: ['/srv/rota/exports/weekly/'] },
          { category: 'identifier', kind: 'hash', strings: ['601dfb7a0a4c277341095fb986c10aa907c059ab'] },
          { category: 'identifier', kind: 'url', strings: ['https://rota.seiwa-med.example.jp/board/7B'] },
        ],
      },
      { text: 'Write a runbook page for an infeasible solve. #write docs/runbook/infeasible-solve.md # When the nightly solve is infeasible\n\n1. Read the solver log for the ward and night that cannot be covered.\n2. Load agency staff, then re-run the solve for that ward only.\n3. Still infeasible: escalate; never loosen a rest constraint.' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'p2-ranked-matchmaking',
    set: 'held-out-3',
    files: {
      'services/matchmaker/src/ratingWindow.ts': code('ts', 90, [
        [0.4, 'export const INITIAL_MMR_WINDOW = 75;'],
        [0.41, 'const WINDOW_WIDEN_PER_10S = 25; // capped at 400'],
      ]),
      'logs/gameserver/allocator-2026-11-25.log': log('agones-allocator', '2026-11-25', 110, [[0.45, '2026-11-25T20:47:03Z ERROR agones-allocator fleet arena-eu-ranked exhausted: 0 Ready GameServers, 1,932 tickets waiting, allocation p99 41.7s']]),
      'deploy/matchmaker/values.yaml': code('yaml', 70, [[0.6, '    maxTicketsPerRegion: 120000']]),
      'analytics/queue-times-s13.json': json({
        season: 13,
        mode: 'ranked-solo',
        regions: [
          ...rows(4, (i) => ({ region: ['eu-west-1', 'us-east-1', 'sa-east-1', 'us-west-2'][i], p50_wait_s: 31 + 7 * i, p95_wait_s: 88 + 11 * i, tag: pick(WORDS) })),
          { region: 'ap-northeast-1', p50_wait_s: 74, p95_wait_s: 212, tag: 'night' },
        ],
      }),
      'docs/design/backfill.md': essay('Design note: backfilling ranked matches', 6, [
        [0.5, 'Decision: backfill only fills slots in matches that are less than 90 seconds old, because players who are dropped into a match that is already decided quit within the first minute and the loss is charged to their team.'],
      ]),
      'docs/ops/跨区匹配.md': CROSS_REGION_DOC,
    },
    turns: [
      {
        text: "New quarter, new matchmaking work: epic MM-2048 for the Starfall Arena ranked queues. We're switching ranked from Elo to Glicko-2 with a rating deviation per player. The trigger was that players coming back after a long break were seeded at their old rating and lost ten games in a row. #reply Got it, Glicko-2.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['MM-2048'] },
          { category: 'decision', strings: ['switching ranked from Elo to Glicko-2 with a rating deviation per player'], reasons: ['players coming back after a long break were seeded at their old rating'] },
        ],
      },
      {
        text: '上海运营定的规矩：排位赛的匹配参数只能在每周二的维护窗口改，平时一律不许热更新。 #reply 明白，只在周二窗口改。',
        facts: [{ category: 'rule', lang: 'zh', strings: ['排位赛的匹配参数只能在每周二的维护窗口改，平时一律不许热更新'] }],
      },
      {
        text: 'How wide is the rating window when a ticket enters the queue, and how fast does it grow? #read services/matchmaker/src/ratingWindow.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['INITIAL_MMR_WINDOW = 75', 'WINDOW_WIDEN_PER_10S = 25'] }],
      },
      {
        text: 'For the client team: a ticket is created with POST /mm/v2/tickets and withdrawn with DELETE /mm/v2/tickets/{ticketId}. The Open Match frontend answers on om-frontend.matchmaking.svc:50504. #reply Noted, both routes and the frontend.',
        facts: [
          { category: 'identifier', kind: 'route', strings: ['POST /mm/v2/tickets'] },
          { category: 'identifier', kind: 'route', strings: ['DELETE /mm/v2/tickets/{ticketId}'] },
          { category: 'identifier', kind: 'host:port', strings: ['om-frontend.matchmaking.svc:50504'] },
        ],
      },
      {
        text: 'EU ranked fell over on Tuesday evening. Check the allocator. #read logs/gameserver/allocator-2026-11-25.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['0 Ready GameServers', 'allocation p99 41.7s'] }],
      },
      {
        text: '東京チームから：日本サーバーのパーティは最大 4 人までに制限することに決めました。5 人パーティだとソロで並んでいる人との待ち時間の差が大きくなりすぎるからです。 #reply 了解です、4 人までにします。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['日本サーバーのパーティは最大 4 人までに制限する'], reasons: ['5 人パーティだとソロで並んでいる人との待ち時間の差が大きくなりすぎる'] }],
      },
      { text: 'Keep a notes file on the ticket lifecycle. #write services/matchmaker/NOTES.md # Ticket lifecycle\n\nCREATED -> SEARCHING (window widens) -> PROPOSED -> ALLOCATING -> IN_MATCH, or CANCELLED / EXPIRED.' },
      { filler: 5500, style: 'work' },
      {
        text: 'Remind me what we settled about backfill. #read docs/design/backfill.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['backfill only fills slots in matches that are less than 90 seconds old'], reasons: ['players who are dropped into a match that is already decided quit within the first minute'] }],
      },
      {
        text: 'Which region had the worst tail wait last season? #read analytics/queue-times-s13.json',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"region": "ap-northeast-1"', '"p95_wait_s": 212'] }],
      },
      {
        text: 'Before the season 14 launch on December 9, add a smurf-detection flag to tickets from accounts younger than 7 days. #reply On the list for season 14.',
        facts: [{ category: 'todo', strings: ['add a smurf-detection flag to tickets from accounts younger than 7 days', 'Before the season 14 launch on December 9'] }],
      },
      {
        text: '設定のメモです。EU のフリートでは修正が入るまで MM_BACKFILL_ENABLED=false にしておきます。マッチメイカーのビルドは v4.22.1、ランク戦プールの ID は 9526a476-e6e1-455c-aa76-137d81a0196b です。 #reply 控えました。',
        facts: [
          { category: 'identifier', kind: 'env', lang: 'ja', strings: ['MM_BACKFILL_ENABLED=false'] },
          { category: 'identifier', kind: 'version', lang: 'ja', strings: ['v4.22.1'] },
          { category: 'identifier', kind: 'uuid', lang: 'ja', strings: ['9526a476-e6e1-455c-aa76-137d81a0196b'] },
        ],
      },
      {
        text: '上海那边对跨区匹配是怎么定的？ #read docs/ops/跨区匹配.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['中国大陆服务器不参与跨区匹配'], reasons: ['跨境链路的延迟波动太大，高峰期 RTT 经常超过 180ms'] }],
      },
      {
        text: '还有：如果这个周末高峰期 p95 排队时间还是超过 200 秒，就把 ap-northeast-1 的 fleet 扩到 60 台。 #reply 好，周末我盯着。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['就把 ap-northeast-1 的 fleet 扩到 60 台', '如果这个周末高峰期 p95 排队时间还是超过 200 秒'] }],
      },
      {
        text: 'And please, never log raw player IPs in the matchmaker, only the /24 prefix. Legal asked twice. #reply Understood, prefixes only.',
        facts: [{ category: 'rule', strings: ['never log raw player IPs in the matchmaker, only the /24 prefix'] }],
      },
      {
        text: 'How many tickets per region does the chart allow? #exec grep -n "maxTicketsPerRegion" deploy/matchmaker/values.yaml',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['maxTicketsPerRegion: 120000'] }],
      },
      {
        text: 'Links for the handover: the queue dashboard is https://grafana.starfall.example.com/d/mm-ranked/queues, the allocator hotfix is commit 49ce44e8845b6c74484ebbba787279aa67c57ecc, and replay dumps are written to /var/lib/matchmaker/replays/. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://grafana.starfall.example.com/d/mm-ranked/queues'] },
          { category: 'identifier', kind: 'hash', strings: ['49ce44e8845b6c74484ebbba787279aa67c57ecc'] },
          { category: 'identifier', kind: 'path', strings: ['/var/lib/matchmaker/replays/'] },
        ],
      },
      { text: 'Write the on-call page for a queue spike. #write docs/runbook/queue-spike.md # Ranked queue spike\n\n1. Look at Ready GameServers per fleet first.\n2. Scale the fleet before touching the rating window.\n3. Parameter changes wait for the Tuesday window.' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'p3-bank-reconciliation',
    set: 'held-out-3',
    files: {
      'recon/matcher/rules.py': code('py', 90, [
        [0.5, 'AMOUNT_TOLERANCE_MINOR_UNITS = 1'],
        [0.51, 'MATCH_WINDOW_BUSINESS_DAYS = 2'],
      ]),
      'logs/recon/batch-2026-11-26.log': log('recon-batch', '2026-11-26', 105, [[0.35, '2026-11-26T01:58:40Z ERROR recon-batch file CAMT053_HSBCHK_20261125.xml rejected: duplicate MsgId BK20261125-00417, 3,112 entries not loaded']]),
      'recon/output/breaks-2026-11-25.json': json({
        run_date: '2026-11-25',
        accounts: [
          ...rows(4, (i) => ({ nostro: `NOSTRO-${['USD', 'EUR', 'JPY', 'SGD'][i]}-0${i + 1}`, unmatched_count: 3 + 4 * i, unmatched_amount: `${['USD', 'EUR', 'JPY', 'SGD'][i]} ${(1200 + 517 * i).toLocaleString('en-US')}.00`, owner: pick(WORDS) })),
          { nostro: 'NOSTRO-HKD-01', unmatched_count: 57, unmatched_amount: 'HKD 1,284,905.10', owner: 'treasury-ops' },
        ],
      }),
      'docs/audit/2026-q3-findings.md': essay('Internal audit, Q3 2026: reconciliation controls', 7, [
        [0.3, 'Finding 3: the SWIFT gpi tracker showed 12 payments credited to the wrong nostro account in September, all from the same correspondent bank and all matched manually the next morning.'],
        [0.7, 'Management response: suspense-account items older than 30 days will be escalated to the head of operations automatically, since the audit found 41 items that had sat unreviewed for more than a quarter.'],
      ]),
      'docs/營運/對賬截止時間.md': CUTOFF_DOC,
    },
    turns: [
      {
        text: "Starting the nightly reconciliation rework for treasury ops, ticket RECON-733. Decision: we match on the end-to-end id first and only fall back to amount plus value date when it's missing, because amount-and-date matching paired the wrong payments on payroll days when hundreds of transfers share one amount. #reply Understood, end-to-end id first.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['RECON-733'] },
          { category: 'decision', strings: ["match on the end-to-end id first and only fall back to amount plus value date when it's missing"], reasons: ['amount-and-date matching paired the wrong payments on payroll days'] },
        ],
      },
      {
        text: 'Ground rule from compliance: reconciliation never posts adjustments to the general ledger by itself; it proposes them and a second person approves. #reply Noted, four eyes on every adjustment.',
        facts: [{ category: 'rule', strings: ['reconciliation never posts adjustments to the general ledger by itself'] }],
      },
      {
        text: 'What tolerance and matching window does the matcher use? #read recon/matcher/rules.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['AMOUNT_TOLERANCE_MINOR_UNITS = 1', 'MATCH_WINDOW_BUSINESS_DAYS = 2'] }],
      },
      {
        text: '香港同事補充：結算檔案從 sftp.settlement.hk-bank.example:2222 拉取，對賬結果寫到 https://recon.treasury.example.hk/api/results 。另外，月底前要把 HKD 和 USD 兩個帳戶的對賬規則整理給審計。 #reply 收到，月底前整理好。',
        facts: [
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['sftp.settlement.hk-bank.example:2222'] },
          { category: 'identifier', kind: 'url', lang: 'zh', strings: ['https://recon.treasury.example.hk/api/results'] },
          { category: 'todo', lang: 'zh', strings: ['把 HKD 和 USD 兩個帳戶的對賬規則整理給審計', '月底前'] },
        ],
      },
      {
        text: "This morning's breaks report looked far too big. What happened in the batch? #read logs/recon/batch-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['duplicate MsgId BK20261125-00417', '3,112 entries not loaded'] }],
      },
      {
        text: '東京支店の件です。全銀フォーマットの入金明細については、カナ氏名の照合を行わないことにしました。半角カナと全角カナの表記ゆれで、誤った不一致が 1 日 200 件以上出ていたためです。 #reply 承知しました、金額と日付と口座で照合します。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['カナ氏名の照合を行わないことにしました'], reasons: ['半角カナと全角カナの表記ゆれで、誤った不一致が 1 日 200 件以上出ていた'] }],
      },
      { text: 'Start a notes file for the batch. #write recon/NOTES.md # Nightly reconciliation\n\nfetch statements -> load ledger -> match (end-to-end id, then fallback) -> breaks report -> proposals for approval.' },
      { filler: 5500, style: 'work' },
      {
        text: 'Which account carries the biggest unmatched amount from the 25th? #read recon/output/breaks-2026-11-25.json',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"nostro": "NOSTRO-HKD-01"', '"unmatched_amount": "HKD 1,284,905.10"'] }],
      },
      {
        text: 'Internal audit published their Q3 report; what do they say about us? #read docs/audit/2026-q3-findings.md',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['12 payments credited to the wrong nostro account in September'] },
          { category: 'decision', source: 'tool', strings: ['suspense-account items older than 30 days will be escalated to the head of operations automatically'], reasons: ['the audit found 41 items that had sat unreviewed for more than a quarter'] },
        ],
      },
      {
        text: 'The ops console resolves a break with POST /recon/v1/breaks/{breakId}/resolve and loads the run overview from GET /recon/v1/runs/{runDate}/summary. FX comes from the env: RECON_FX_RATE_SOURCE=WMR_1600_LDN. #reply Noted.',
        facts: [
          { category: 'identifier', kind: 'route', strings: ['POST /recon/v1/breaks/{breakId}/resolve'] },
          { category: 'identifier', kind: 'route', strings: ['GET /recon/v1/runs/{runDate}/summary'] },
          { category: 'identifier', kind: 'env', strings: ['RECON_FX_RATE_SOURCE=WMR_1600_LDN'] },
        ],
      },
      {
        text: '香港那邊對批次截止時間有結論了嗎？ #read docs/營運/對賬截止時間.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['每日對賬批次的截止時間改為香港時間 02:30'], reasons: ['結算行的 camt.053 檔案最晚在 01:45 才送達'] }],
      },
      {
        text: "If the HSBC file is rejected again tonight, re-request it through the bank portal and hold the morning breaks report until it is loaded. Don't send treasury a partial report, ever. #reply Will do.",
        facts: [
          { category: 'todo', strings: ['re-request it through the bank portal and hold the morning breaks report until it is loaded', 'If the HSBC file is rejected again tonight'] },
          { category: 'rule', strings: ["Don't send treasury a partial report, ever"] },
        ],
      },
      {
        text: 'それと、口座番号を画面やログに出すときは、必ず下 4 桁以外をマスクしてください。例外はありません。 #reply はい、必ずマスクします。',
        facts: [{ category: 'rule', lang: 'ja', strings: ['口座番号を画面やログに出すときは、必ず下 4 桁以外をマスクしてください'] }],
      },
      {
        text: '田中さんへ：12 月 15 日までに、全銀の新しい XML 電文フォーマットへの切り替え計画を作ってください。 #reply 田中さんに伝えておきます。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['全銀の新しい XML 電文フォーマットへの切り替え計画を作ってください', '12 月 15 日までに'] }],
      },
      {
        text: 'Bookkeeping: the matcher release is recon-engine 1.9.3, the run on the 25th has id a6c8f07e-90a4-40fd-9ebd-c93bdac6cd29, the duplicate-MsgId fix is commit 36a93736e8d98b86792319dd9abdaf53fc7ca7a6, and archived statements sit under /data/recon/archive/camt053/. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'version', strings: ['recon-engine 1.9.3'] },
          { category: 'identifier', kind: 'uuid', strings: ['a6c8f07e-90a4-40fd-9ebd-c93bdac6cd29'] },
          { category: 'identifier', kind: 'hash', strings: ['36a93736e8d98b86792319dd9abdaf53fc7ca7a6'] },
          { category: 'identifier', kind: 'path', strings: ['/data/recon/archive/camt053/'] },
        ],
      },
      { text: 'Update the batch notes with the new cut-off and the approval step. #write recon/NOTES.md # Nightly reconciliation\n\nCut-off 02:30 HKT. fetch statements -> load ledger -> match (end-to-end id, then fallback) -> breaks report -> adjustment proposals -> second-person approval -> ledger.' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
