// The thirteenth HELD-OUT set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an
// independent writer who never saw the extraction code (nor its tests, results or commit messages); never tuned on.
// New projects (a Kyoto bike-share's van rebalancing planner, a pharmacy chain's prescription refill reminders, a
// concert promoter's ticket resale checks), the writer's own wording and turn order, work-style filler.
// Never tune extraction on it and never read its results while changing extraction.
// Same format as tuning.mjs / held-out.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x13b1ce);

const NIGHT_DOC = `# 夜間の電動アシスト車回収について

運用企画課 · 2026 年 11 月

鴨川サイクルでは 11 月から電動アシスト車を 420 台に増やしました。バッテリー交換と回収は、これまで通り委託の回収班が担当します。

回収班からは、深夜帯の作業について次のような報告が来ています。住宅街のステーションでは荷台の積み下ろし音が響きやすく、とくに左京区で苦情が続きました。

方針：電動アシスト車の回収は 22 時から翌 6 時までは行わないこととします。先月だけで住民から騒音の苦情が 23 件寄せられ、区役所から文書で改善を求められたためです。

どうしても夜間に回収が必要な故障車は、翌朝 6 時の便で最優先に扱ってください。
`;

const CONTENT_DOC = `# 续方提醒短信内容规范（合规部）

2026 年 11 月 · 适用于全部门店

背景：续方提醒短信目前会写出药品名称和剂量，例如"您的阿托伐他汀 20mg 即将用完"。

去年合规部共处理了 11 起与提醒短信有关的投诉，大多数来自同住的家人。

决定：提醒短信里不再出现药品名称，只写"您有一张处方可以续配"。理由是短信会显示在手机锁屏上，家人因此得知患者的用药情况，这属于隐私泄露。

患者点开链接并登录后，才能看到具体的药品信息。
`;

const CUTOFF_DOC = `# リセール出品の締め切りについて

法務・チケット運営 · 2026 年 11 月

冬のツアーでは東京、大阪、名古屋の 9 公演でリセールを受け付けます。出品と購入はすべて公式マーケットプレイス経由とし、外部サイトでの転売は規約で禁止しています。

前回のツアーでは、開演直前の出品が集中し、入場口での QR コード照合に時間がかかりました。

決定事項：リセールの出品受付は開演の 3 時間前で締め切る。前回の大阪公演で、直前に売れたチケットの QR コードの再発行が間に合わず、120 人が開演までに入場できなかったためです。

締め切り後に出品できなかったお客様には、公式の払い戻し窓口を案内してください。
`;

export const SESSIONS = [
  {
    id: 'r1-bikeshare-rebalance',
    set: 'held-out-13',
    files: {
      'rebalance/solver/params.py': code('py', 85, [
        [0.4, 'TRUCK_CAPACITY_BIKES = 22'],
        [0.41, 'MIN_DOCK_FILL_RATIO = 0.15  # below this a station counts as empty'],
      ]),
      'logs/rebalance/dispatch-2026-11-26.log': log('rebalance-dispatch', '2026-11-26', 105, [[0.55, '2026-11-26T07:52:10Z ERROR rebalance-dispatch plan P-40761 rejected: van KY-V09 over capacity at station ST-2214 (Demachiyanagi), 27 bikes loaded, limit 22']]),
      'data/stations/occupancy-2026-11-27.csv': csv(
        'station_id,name,docks,bikes,ebikes,status',
        64,
        (i) => `ST-${2000 + i * 7},${pick(['Gojo', 'Sanjo', 'Imadegawa', 'Kitaoji'])} ${pick(WORDS)} ${i},${20 + (i % 5) * 4},${6 + (i % 11)},${i % 6},OK`,
        [[0.5, 'ST-3306,Shijo Karasuma,40,0,0,EMPTY_SINCE_0640']],
      ),
      'rebalance/deploy/release.json': json({
        service: 'rebalance-planner',
        environment: 'production',
        checks: rows(5, (i) => ({ name: `${pick(WORDS)}-check-${i}`, status: 'passed', ms: 120 + 31 * i })),
        build: { commit: '9f2c41d7e08b3a65c1f47d92b0e8a35c6d714f20', pipeline: 'https://ci.kamo-cycle.example.jp/pipelines/rebalance-planner/1482' },
      }),
      'docs/運用/夜間回収.md': NIGHT_DOC,
      'rebalance/README.md': '# rebalance-planner\n\nPlans van routes that move bikes between stations.\n',
    },
    turns: [
      {
        text: "Before I explain anything, open the solver parameters — that's the file we'll end up changing most. #read rebalance/solver/params.py",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['TRUCK_CAPACITY_BIKES = 22', 'MIN_DOCK_FILL_RATIO = 0.15'] }],
      },
      {
        text: "Right, context. This is Kamo Cycle's rebalancing planner in Kyoto, ticket BIKE-2471. We've settled on re-planning the van routes every 20 minutes instead of once an hour; the morning commuter wave empties the Karasuma stations in under 40 minutes, so an hourly plan is always stale. The solver picks that up from REBALANCE_PLAN_INTERVAL_MIN=20. One thing I don't want to discuss again: a bike flagged for repair is never put back on a dock, it goes to the depot. #reply Clear — 20-minute planning, repair bikes to the depot.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['BIKE-2471'] },
          { category: 'decision', strings: ['re-planning the van routes every 20 minutes instead of once an hour'], reasons: ['the morning commuter wave empties the Karasuma stations in under 40 minutes'] },
          { category: 'identifier', kind: 'env', strings: ['REBALANCE_PLAN_INTERVAL_MIN=20'] },
          { category: 'rule', strings: ['a bike flagged for repair is never put back on a dock'] },
        ],
      },
      {
        text: '在庫まわりの API です。ステーションの在庫は GET /fleet/v2/stations/{stationId}/occupancy、回収指示の登録は POST /fleet/v2/rebalance/tasks を使います。検証環境の在庫キャッシュは redis-occ.kamo-stg.internal:6380 です。 #reply 了解です、メモしました。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /fleet/v2/stations/{stationId}/occupancy'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /fleet/v2/rebalance/tasks'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['redis-occ.kamo-stg.internal:6380'] },
        ],
      },
      {
        text: "The driver of van KY-V09 says the app threw his plan away at 8 this morning. What happened? #read logs/rebalance/dispatch-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['plan P-40761 rejected', '27 bikes loaded, limit 22'] }],
      },
      {
        text: "OK, that settles an argument we had last week. From now on the solver treats van capacity as a hard constraint. With the soft penalty it was allowed to overload KY-V09, and the driver ended up leaving five bikes on the pavement. #reply Hard constraint it is.",
        facts: [{ category: 'decision', strings: ['the solver treats van capacity as a hard constraint'], reasons: ['With the soft penalty it was allowed to overload KY-V09'] }],
      },
      { text: 'Start a notes file for the planner. #write rebalance/NOTES.md # Rebalancing planner\n\noccupancy snapshot -> demand forecast per station -> solve van routes (capacity hard) -> push tasks -> drivers confirm pickups and drops.' },
      { filler: 3000, style: 'work' },
      {
        text: '運用企画課から夜間回収についての文書が届きました。目を通してもらえますか。 #read docs/運用/夜間回収.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['電動アシスト車の回収は 22 時から翌 6 時までは行わない'], reasons: ['先月だけで住民から騒音の苦情が 23 件寄せられ'] }],
      },
      {
        text: 'それと、12 月 20 日までに年末年始の臨時ステーション 6 か所を在庫マスタに登録しておいてください。 #reply はい、20 日までに登録します。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['年末年始の臨時ステーション 6 か所を在庫マスタに登録しておいてください', '12 月 20 日までに'] }],
      },
      {
        text: "Which station is worst off right now? #read data/stations/occupancy-2026-11-27.csv",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['ST-3306,Shijo Karasuma,40,0,0'] }],
      },
      {
        text: "From the deploy form, so you have it:\n```\nimage:        rebalance-planner 2.14.0\nrun id:       3c9e1f42-7a6b-4d18-9b05-e2c4a7f0d861\nplans dir:    /var/lib/rebalance/plans/\n```\n#reply Thanks, got all three.",
        facts: [
          { category: 'identifier', kind: 'version', strings: ['rebalance-planner 2.14.0'] },
          { category: 'identifier', kind: 'uuid', strings: ['3c9e1f42-7a6b-4d18-9b05-e2c4a7f0d861'] },
          { category: 'identifier', kind: 'path', strings: ['/var/lib/rebalance/plans/'] },
        ],
      },
      {
        text: '上海算法组的建议我们采纳了：需求预测改用过去 8 周同一时段的中位数，而不是平均值。樱花季和祇园祭的峰值会把平均值拉得太高，平时就会多调车。 #reply 好，改成中位数。',
        facts: [{ category: 'decision', lang: 'zh', strings: ['需求预测改用过去 8 周同一时段的中位数，而不是平均值'], reasons: ['樱花季和祇园祭的峰值会把平均值拉得太高'] }],
      },
      { filler: 3500, style: 'work' },
      {
        text: "What exactly went out in the last production release — commit and pipeline? #read rebalance/deploy/release.json",
        facts: [
          { category: 'identifier', kind: 'hash', source: 'tool', strings: ['9f2c41d7e08b3a65c1f47d92b0e8a35c6d714f20'] },
          { category: 'identifier', kind: 'url', source: 'tool', strings: ['https://ci.kamo-cycle.example.jp/pipelines/rebalance-planner/1482'] },
        ],
      },
      {
        text: "Something for later: if e-bikes pass 60 % of December trips, add a battery-swap stop type to the solver. No point before that. #reply I'll keep an eye on the e-bike share.",
        facts: [{ category: 'todo', strings: ['add a battery-swap stop type to the solver', 'if e-bikes pass 60 % of December trips'] }],
      },
      {
        text: '市からの条件です：花見小路通には時間帯を問わず回収車を入れないこと。 #reply 承知しました、花見小路通は除外します。',
        facts: [{ category: 'rule', lang: 'ja', strings: ['花見小路通には時間帯を問わず回収車を入れないこと'] }],
      },
      { text: 'Update the README with what we settled today. #write rebalance/README.md # rebalance-planner\n\nPlans van routes that move bikes between stations, every 20 minutes. Van capacity is a hard constraint; repair bikes go to the depot; no e-bike pickups at night; Hanamikoji-dori is excluded.\n' },
      { filler: 3500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'r2-refill-reminders',
    set: 'held-out-13',
    files: {
      'reminders/src/schedule.ts': code('ts', 90, [
        [0.35, 'export const REMINDER_LEAD_DAYS = 5;'],
        [0.62, "const QUIET_HOURS = { start: 21, end: 8 }; // patient's local time"],
      ]),
      'logs/reminders/sms-gateway-2026-11-26.log': log('sms-gateway', '2026-11-26', 110, [[0.45, '2026-11-26T09:31:44Z ERROR sms-gateway provider=sg-route-2 batch RM-77120: 1,318 messages throttled (429 Too Many Requests), retry scheduled 10:05Z']]),
      'data/refills/due-2026-12-01.csv': csv(
        'refill_id,store,item,due,schedule',
        66,
        (i) => `RX-00${String(97000 + i * 41)},S${200 + (i % 30)},${pick(['metformin 500mg', 'amlodipine 5mg', 'atorvastatin 20mg', 'levothyroxine 50mcg'])},2026-12-0${1 + (i % 5)},GSL`,
        [[0.58, 'RX-0098812,S214,oxycodone 5mg,2026-12-01,CD2']],
      ),
      'docs/design/channel-order.md': essay('Design note: which channel a refill reminder goes out on', 6, [
        [0.3, 'In October the SMS provider billed 212,400 reminder messages across the 140 stores, up from 131,000 in April.'],
        [0.7, 'Decision: the push notification goes out first and SMS is only sent as a fallback after 24 hours, because an SMS costs us 4.2 cents while 68 % of app users open the push within a day.'],
      ]),
      'docs/合规/提醒内容.md': CONTENT_DOC,
      'reminders/CHANGELOG.md': '# Changelog\n\n## 1.8.0\n\n- Reminder per prescription, SMS only.\n',
    },
    turns: [
      {
        text: "Before anything else, a rule for all patient-data work here: no prescription details in logs, only the refill ID. Ever. I'll explain the project in a second. #reply Understood — refill IDs only in logs.",
        facts: [{ category: 'rule', strings: ['no prescription details in logs, only the refill ID'] }],
      },
      {
        text: '这次是康和药房连锁的续方提醒系统，工单号 RX-5093。我们已经决定把提醒从按处方发改成按患者合并发送，同一个人一周内到期的几张处方只发一条。慢病患者一个月能收到五六条短信，退订率上个季度涨到了 9%。 #reply 明白，按患者合并。',
        facts: [
          { category: 'identifier', kind: 'ticket', lang: 'zh', strings: ['RX-5093'] },
          { category: 'decision', lang: 'zh', strings: ['把提醒从按处方发改成按患者合并发送'], reasons: ['退订率上个季度涨到了 9%'] },
        ],
      },
      {
        text: 'How far ahead do we remind people today, and when are we not allowed to send? #read reminders/src/schedule.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['REMINDER_LEAD_DAYS = 5', 'QUIET_HOURS = { start: 21, end: 8 }'] }],
      },
      {
        text: "Five days is too short. Let's move the lead time from 5 days to 7 days before the supply runs out. The store pharmacists told us a 5-day notice isn't enough when a drug has to be ordered in from the warehouse. #reply Seven days, noted.",
        facts: [{ category: 'decision', strings: ['move the lead time from 5 days to 7 days'], reasons: ["a 5-day notice isn't enough when a drug has to be ordered in from the warehouse"] }],
      },
      {
        text: 'Here is the relevant slice of the API gateway config:\n```json\n{\n  "refill_request": "POST /pharmacy/v1/refills/{rxId}/requests",\n  "opt_out": "DELETE /pharmacy/v1/patients/{patientId}/reminders",\n  "upstream": "rx-core.kanghe-prod.internal:9443"\n}\n```\n#reply Got the two routes and the upstream.',
        facts: [
          { category: 'identifier', kind: 'route', strings: ['POST /pharmacy/v1/refills/{rxId}/requests'] },
          { category: 'identifier', kind: 'route', strings: ['DELETE /pharmacy/v1/patients/{patientId}/reminders'] },
          { category: 'identifier', kind: 'host:port', strings: ['rx-core.kanghe-prod.internal:9443'] },
        ],
      },
      {
        text: "Yesterday morning's reminders went out two hours late in Singapore. Look at the SMS gateway log. #read logs/reminders/sms-gateway-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['batch RM-77120: 1,318 messages throttled'] }],
      },
      {
        text: "Before the 15 December release we need to get the SMS sender ID registered with IMDA — from January the provider drops anything from an unregistered sender. Can you remember that? #reply Yes, sender ID registration before the 15th.",
        facts: [{ category: 'todo', strings: ['get the SMS sender ID registered with IMDA', 'Before the 15 December release'] }],
      },
      { text: 'Write down the reminder flow in a notes file. #write reminders/NOTES.md # Refill reminders\n\ndue refills per patient -> merge within 7 days -> quiet-hours check -> push -> SMS fallback -> pharmacist call for controlled drugs.' },
      { filler: 3500, style: 'work' },
      {
        text: 'Product wrote up the channel question. Anything we need from it? #read docs/design/channel-order.md',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['billed 212,400 reminder messages'] },
          { category: 'decision', source: 'tool', strings: ['the push notification goes out first and SMS is only sent as a fallback after 24 hours'], reasons: ['an SMS costs us 4.2 cents while 68 % of app users open the push within a day'] },
        ],
      },
      {
        text: '药剂部的硬性要求：管制药品（CD2 类）的处方一律不发自动提醒，必须由药剂师电话联系患者。 #reply 收到，CD2 处方不进自动提醒。',
        facts: [{ category: 'rule', lang: 'zh', strings: ['管制药品（CD2 类）的处方一律不发自动提醒'] }],
      },
      {
        text: "Is anything controlled in the list due on 1 December? #read data/refills/due-2026-12-01.csv",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['RX-0098812,S214,oxycodone 5mg'] }],
      },
      {
        text: '合规部发了短信内容的新规范，帮我看一下。 #read docs/合规/提醒内容.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['提醒短信里不再出现药品名称'], reasons: ['短信会显示在手机锁屏上'] }],
      },
      {
        text: "Helm values we'll ship with (staging already runs them):\n```yaml\nimage: refill-reminder 1.9.0\nenv:\n  - RX_REMINDER_CHANNELS=push,sms\nrollout: b58d2a07-1e4f-4c93-a6d2-90f3c5e7b124\noutbox: /srv/reminders/outbox/\n```\n#reply Noted.",
        facts: [
          { category: 'identifier', kind: 'version', strings: ['refill-reminder 1.9.0'] },
          { category: 'identifier', kind: 'env', strings: ['RX_REMINDER_CHANNELS=push,sms'] },
          { category: 'identifier', kind: 'uuid', strings: ['b58d2a07-1e4f-4c93-a6d2-90f3c5e7b124'] },
          { category: 'identifier', kind: 'path', strings: ['/srv/reminders/outbox/'] },
        ],
      },
      {
        text: '顺便记一下：运维看板在 https://grafana.kanghe.example.cn/d/rx-reminders/overview ，修好静默时段的那次提交是 1b7e94c2a05d38f61e2c9a7b40d5f813c6e29a74。 #reply 好的，都记下了。',
        facts: [
          { category: 'identifier', kind: 'url', lang: 'zh', strings: ['https://grafana.kanghe.example.cn/d/rx-reminders/overview'] },
          { category: 'identifier', kind: 'hash', lang: 'zh', strings: ['1b7e94c2a05d38f61e2c9a7b40d5f813c6e29a74'] },
        ],
      },
      {
        text: '还有一个待办：如果新加坡的推送打开率在上线两周后仍低于 40%，就把短信兜底的等待时间从 24 小时改成 12 小时。 #reply 好，两周后看数据。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['把短信兜底的等待时间从 24 小时改成 12 小时', '如果新加坡的推送打开率在上线两周后仍低于 40%'] }],
      },
      { filler: 3000, style: 'work' },
      {
        text: "We agreed this with the pharmacists' union: reminders stop automatically after two ignored messages for the same refill, since repeated nagging was the top complaint in the patient survey. Then, once legal signs off the new consent text, switch the WhatsApp channel on for the Johor stores. #reply Both noted.",
        facts: [
          { category: 'decision', strings: ['reminders stop automatically after two ignored messages for the same refill'], reasons: ['repeated nagging was the top complaint in the patient survey'] },
          { category: 'todo', strings: ['switch the WhatsApp channel on for the Johor stores', 'once legal signs off the new consent text'] },
        ],
      },
      {
        text: 'Preference from the product owner: keep every reminder under 160 characters so it fits in one SMS segment. #reply Will keep them short.',
        facts: [{ category: 'rule', strings: ['keep every reminder under 160 characters'] }],
      },
      { text: 'Add the release notes. #write reminders/CHANGELOG.md # Changelog\n\n## 1.9.0\n\n- One reminder per patient per week.\n- Lead time 7 days; push first, SMS after 24 h.\n- No drug names in SMS.\n\n## 1.8.0\n\n- Reminder per prescription, SMS only.\n' },
      { filler: 3500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'r3-ticket-resale',
    set: 'held-out-13',
    files: {
      'resale/config/limits.yaml': code('yaml', 70, [
        [0.42, '    max_resale_markup_pct: 25'],
        [0.43, '    per_buyer_limit: 6'],
      ]),
      'logs/resale/fraud-check-2026-11-26.log': log('fraud-check', '2026-11-26', 108, [[0.5, '2026-11-26T11:20:09Z WARN fraud-check listing L-553190 blocked: seller acct 88-1042 listed 46 tickets for NLT-TYO-1213 from 9 payment cards']]),
      'exports/listings-NLT-TYO-1213.csv': csv(
        'listing_id,seat,currency,price,face,status',
        62,
        (i) => `L-55${3100 + i * 3},sec ${pick(['A', 'B', 'C', 'D'])}${1 + (i % 9)} row ${1 + (i % 20)},JPY,${16500 + (i % 4) * 500},FACE 16500,OK`,
        [[0.37, 'L-553207,sec B7 row 12,JPY,58000,FACE 16500,FLAGGED_MARKUP']],
      ),
      'resale/config/gates.env': ['GATE_SCAN_TIMEOUT_MS=1500', 'GATE_OFFLINE_CACHE=1', 'ID_CHECK_SAMPLE_RATE=0.05', 'QR_ROTATE_SECONDS=30', ''].join('\n'),
      'docs/法務/リセール締切.md': CUTOFF_DOC,
      'resale/README.md': '# resale-checks\n\nChecks listings on the official resale marketplace.\n',
    },
    turns: [
      {
        text: "New one today. Northlight Live wants proper checks on their own resale marketplace before the winter tour. Ticket number in a minute — first, what limits do we already enforce? #read resale/config/limits.yaml",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['max_resale_markup_pct: 25', 'per_buyer_limit: 6'] }],
      },
      {
        text: "It's RSL-640. And the 25 % goes: resale prices are capped at face value plus 10 %, no exception for VIP packages. When the Tokyo dates opened, scalpers had 30 % of the listings within the hour. #reply Face value plus 10 %, understood.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['RSL-640'] },
          { category: 'decision', strings: ['resale prices are capped at face value plus 10 %'], reasons: ['scalpers had 30 % of the listings within the hour'] },
        ],
      },
      {
        text: 'リセール API は東京チームの担当です。出品は POST /resale/v3/events/{eventId}/listings、取り消しは DELETE /resale/v3/listings/{listingId} です。不正検知のスコアリングは fraud-score.nlt-tyo.internal:7070 で動いています。 #reply ありがとうございます、控えました。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /resale/v3/events/{eventId}/listings'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['DELETE /resale/v3/listings/{listingId}'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['fraud-score.nlt-tyo.internal:7070'] },
        ],
      },
      {
        text: "Fraud check blocked someone big yesterday. Who and why? #read logs/resale/fraud-check-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['listing L-553190 blocked', 'from 9 payment cards'] }],
      },
      {
        text: "Whatever we build, a buyer's ID document never leaves the EU region; the scoring service in Tokyo only ever gets a yes or a no. #reply Understood, ID documents stay in the EU.",
        facts: [{ category: 'rule', strings: ["a buyer's ID document never leaves the EU region"] }],
      },
      { filler: 3000, style: 'work' },
      {
        text: '法務から締め切りの件で文書が来ました。読んでおいてください。 #read docs/法務/リセール締切.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['リセールの出品受付は開演の 3 時間前で締め切る'], reasons: ['120 人が開演までに入場できなかった'] }],
      },
      {
        text: '東京公演の一般発売（12 月 13 日）より前に、同一カード番号での購入上限を 4 枚にする設定を本番に入れてください。 #reply 承知しました、一般発売前に入れます。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['同一カード番号での購入上限を 4 枚にする設定を本番に入れてください', '東京公演の一般発売（12 月 13 日）より前に'] }],
      },
      {
        text: 'How often do the gates check ID at the moment? #exec grep -n "ID_CHECK" resale/config/gates.env',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['ID_CHECK_SAMPLE_RATE=0.05'] }],
      },
      {
        text: "Chargebacks on flagged listings cost us £38k last tour. So: we're holding seller payouts until 48 hours after the show. #reply Payouts held 48 hours, got it.",
        facts: [{ category: 'decision', strings: ['holding seller payouts until 48 hours after the show'], reasons: ['Chargebacks on flagged listings cost us £38k last tour'] }],
      },
      {
        text: "Release checklist fields, copied from the change request:\n| field | value |\n|---|---|\n| build | resale-checks 0.7.3 |\n| env | RESALE_MARKUP_CAP_PCT=10 |\n| change id | e1742c9b-5f08-4a6e-8d31-7bc0f29a4e56 |\n| quarantine | /var/lib/resale/quarantine/ |\n#reply Recorded.",
        facts: [
          { category: 'identifier', kind: 'version', strings: ['resale-checks 0.7.3'] },
          { category: 'identifier', kind: 'env', strings: ['RESALE_MARKUP_CAP_PCT=10'] },
          { category: 'identifier', kind: 'uuid', strings: ['e1742c9b-5f08-4a6e-8d31-7bc0f29a4e56'] },
          { category: 'identifier', kind: 'path', strings: ['/var/lib/resale/quarantine/'] },
        ],
      },
      {
        text: "Any listing for the 13 December Tokyo show priced way over face? #read exports/listings-NLT-TYO-1213.csv",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['L-553207,sec B7 row 12,JPY,58000'] }],
      },
      { text: 'Keep notes on the checks pipeline. #write resale/NOTES.md # Resale checks\n\nlisting submitted -> price cap (face + 10 %) -> fraud score -> cut-off 3 h before doors -> sale -> old QR void, new QR issued -> payout 48 h after the show.' },
      { filler: 3500, style: 'work' },
      {
        text: '上海票务合作方那边确认了：转售成交后旧二维码立即作废，新码统一由我们生成。之前双方各自生成二维码，出现过同一座位两张有效票的情况。 #reply 明白，旧码立即作废。',
        facts: [{ category: 'decision', lang: 'zh', strings: ['转售成交后旧二维码立即作废'], reasons: ['出现过同一座位两张有效票的情况'] }],
      },
      {
        text: "If the fraud score's false-positive rate goes above 2 % during the Manchester on-sale, raise the block threshold from 0.8 to 0.9 and tell the box office. And by Friday, send the box office a list of every seller blocked since 1 November. #reply Two items, noted.",
        facts: [
          { category: 'todo', strings: ['raise the block threshold from 0.8 to 0.9', "If the fraud score's false-positive rate goes above 2 % during the Manchester on-sale"] },
          { category: 'todo', strings: ['send the box office a list of every seller blocked since 1 November', 'by Friday'] },
        ],
      },
      {
        text: '東京チームからのお願いです：本番のブロックリストは手で編集せず、必ずレビュー付きの PR で変更すること。 #reply はい、PR 経由でのみ変更します。',
        facts: [{ category: 'rule', lang: 'ja', strings: ['本番のブロックリストは手で編集せず、必ずレビュー付きの PR で変更すること'] }],
      },
      {
        text: 'For the runbook: the moderation queue lives at https://ops.northlight-live.example.com/resale/moderation and the markup-cap change is commit c40a8e17f5b2d9603a1e74c8b25f09d6e37a1c58. #reply Recorded both.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://ops.northlight-live.example.com/resale/moderation'] },
          { category: 'identifier', kind: 'hash', strings: ['c40a8e17f5b2d9603a1e74c8b25f09d6e37a1c58'] },
        ],
      },
      { text: 'Bring the README up to date. #write resale/README.md # resale-checks\n\nChecks listings on the official resale marketplace: price cap face + 10 %, listing cut-off 3 h before the show, payouts held 48 h, old QR codes voided on sale. Blocklist changes by reviewed PR only.\n' },
      { filler: 3500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
