// The twenty-sixth HELD-OUT set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an
// independent writer who never saw the extraction code: new projects (a vertical farm's hydroponic nutrient dosing,
// a football stadium's turnstile counts for the safety officer, a charity's donation receipts and Gift Aid), new
// wording, its own order of work, work-style filler. Never tuned on: never change extraction while reading its results.
// Same format as tuning.mjs / held-out.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x26a7c3);

const NUTRIENT_DOC = `# 養液管理の方針（3 号栽培室）

栽培管理チーム · 2026 年 11 月

3 号栽培室ではリーフレタスとバジルを 12 段のラックで育てています。養液は A 液・B 液の 2 液式で、EC と pH はラックごとのコントローラが 5 分おきに調整しています。

昨シーズンの記録を見直したところ、品質クレームの大半は夜間の養液管理に原因がありました。日中の値はほぼ目標どおりでしたが、消灯後の数時間で EC が上がり続けるラックが目立ちました。

方針：夜間（消灯中）の EC 目標値は昼間より 0.3 mS/cm 低く設定する。夜は蒸散が減って根の周りに塩類がたまりやすく、昨年 8 月にはレタスの 2 割の株でチップバーンが出たためです。

pH の目標は昼夜とも 5.8 のまま変えません。変更はまずラック R1-A で 1 週間試してから全体に広げてください。
`;

const ENTRY_DOC = `# 主场入场分流方案（运营部）

2026 年 11 月 · 适用于本赛季剩余主场

南看台共有 S1 至 S4 四个闸机组，开赛前一小时的入场人数占全场的六成以上，其中 S1 和 S2 离地铁站最近，压力最大。

目前各闸机组都是进出两用：球迷中途出去买东西或者接人，会和正在入场的人流对冲。

决定：开赛前 30 分钟起，南看台的 S1 和 S2 闸机只进不出。原因是去年 12 月的德比战中，进出混用导致 S 区通道拥堵了 20 分钟，安保不得不临时封闭一个入口。

需要离场的观众改走 S3 和 S4，现场由管事引导，场内广播在开赛前 35 分钟开始提示。
`;

const CERT_DOC = `# 寄附金受領証明書の発行について（東京事務所）

総務・経理グループ · 2026 年 11 月

当法人は認定 NPO 法人のため、寄附者は受領証明書を使って寄附金控除を受けることができます。これまでは寄附を受け付けるたびに証明書を郵送してきました。

昨年度の発行枚数は約 9,400 枚で、そのうち 1 月から 3 月にかけての再発行依頼が事務所の電話対応を大きく圧迫しました。

方針：寄附金受領証明書は 1 月にまとめて年 1 回発行し、寄附のたびには発行しない。確定申告で必要なのは年間の合計額であり、都度発行していた昨年は再発行の依頼が 300 件を超えたためです。

寄附のお礼状はこれまでどおり都度お送りします。お礼状には「証明書は翌年 1 月に発行します」と一文を添えてください。
`;

export const SESSIONS = [
  {
    id: 'v1-vertical-farm-dosing',
    set: 'held-out-26',
    files: {
      'dosing/controller/pid.py': code('py', 90, [
        [0.2, 'EC_TARGET_MS_CM = 1.8  # same for every crop'],
        [0.21, 'PH_DEADBAND = 0.15'],
      ]),
      'logs/dosing/rack-controller-2026-11-26.log': log('dosing-ctl', '2026-11-26', 115, [
        [0.35, '2026-11-26T02:17:44Z ERROR dosing-ctl rack R4-B pump P-3 (nutrient B) stalled: flow 0.0 ml/min for 95 s, dose of 40 ml not delivered, zone locked until manual reset'],
      ]),
      'data/lab/leaf-tissue-2026-11.csv': csv(
        'sample_id,rack,crop,element,value_pct,status',
        64,
        (i) => `LT-${2100 + i * 3},R${1 + (i % 4)}-${'AB'[i % 2]},${pick(['lettuce-oakleaf', 'basil-genovese', 'lettuce-butterhead'])},${pick(['N', 'K', 'Mg', 'Ca', 'Fe'])},${(1.1 + (i % 9) * 0.23).toFixed(2)},OK`,
        [[0.7, 'LT-2231,R2-A,basil-genovese,Ca,0.62,LOW']],
      ),
      'dosing/firmware/build-info.txt': 'board=rack-ctl-v2\nfirmware_version=rackfw 2.11.4\nbuilt=2026-10-30T11:02:19Z\ntoolchain=arm-none-eabi-gcc 13.2\n',
      'dosing/recipes/lettuce.yaml': 'crop: lettuce-oakleaf\nec_target_ms_cm: 1.8\nph_target: 5.8\n',
      'docs/栽培/養液管理方針.md': NUTRIENT_DOC,
    },
    turns: [
      {
        text: 'Before I give you the background: open the dosing PID module and tell me which EC target and pH deadband are baked into it. #read dosing/controller/pid.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['EC_TARGET_MS_CM = 1.8', 'PH_DEADBAND = 0.15'] }],
      },
      {
        text: "Right, that's what I feared. Background: Kasai Greens, grow room 3, ticket FARM-2614. Those two constants are going away; EC and pH targets will live in per-crop recipe files that the controllers load at runtime. Today every recipe change needs a firmware redeploy to all 48 rack controllers, and the growers wait days for it. #reply Got it: per-crop recipe files, loaded at runtime.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['FARM-2614'] },
          { category: 'decision', strings: ['EC and pH targets will live in per-crop recipe files'], reasons: ['every recipe change needs a firmware redeploy to all 48 rack controllers'] },
        ],
      },
      {
        text: 'Night shift says rack R4-B fell out of auto-dosing some time after 2 am. Find it in the controller log. #read logs/dosing/rack-controller-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['rack R4-B pump P-3 (nutrient B) stalled', 'dose of 40 ml not delivered'] }],
      },
      {
        text: '現場からのお願いです。pH を下げる酸のポンプと上げるアルカリのポンプは、同じタンクで絶対に同時に動かさないでください。それと接続先のメモです：ドージングの指示は POST /api/v1/racks/{rackId}/dose、センサー値は GET /api/v1/racks/{rackId}/readings で取れます。ブローカーは mqtt.kasai-greens.lan:8883 です。 #reply 承知しました。同時運転の禁止と接続先、控えておきます。',
        facts: [
          { category: 'rule', lang: 'ja', strings: ['pH を下げる酸のポンプと上げるアルカリのポンプは、同じタンクで絶対に同時に動かさないでください'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /api/v1/racks/{rackId}/dose'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /api/v1/racks/{rackId}/readings'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['mqtt.kasai-greens.lan:8883'] },
        ],
      },
      {
        text: '另外张工提醒了一件事：这周五下班前要把 3 号房所有 pH 探头重新做一次两点校准（pH 4.01 和 7.00）。 #reply 好的，周五下班前安排校准。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['把 3 号房所有 pH 探头重新做一次两点校准', '这周五下班前'] }],
      },
      {
        text: 'Controller env as it is deployed in room 3, for the record:\n  DOSING_MQTT_TLS=required\n  DOSING_TICK_SECONDS=300\n#reply Noted.',
        facts: [{ category: 'identifier', kind: 'env', strings: ['DOSING_MQTT_TLS=required'] }],
      },
      { filler: 3000, style: 'work' },
      {
        text: 'The lab sent the November leaf tissue results. Which sample is flagged low, and on which element? #read data/lab/leaf-tissue-2026-11.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['LT-2231,R2-A,basil-genovese,Ca,0.62,LOW'] }],
      },
      {
        text: "Calcium doesn't travel to the young leaves when the air around the canopy is still and humid, so more calcium nitrate won't fix R2-A. What we'll do instead is run the circulation fans at 100 % for the last two hours of the light cycle on the R2 racks. #reply Fans at full for the last two hours on R2, then.",
        facts: [{ category: 'decision', strings: ['run the circulation fans at 100 % for the last two hours of the light cycle'], reasons: ["Calcium doesn't travel to the young leaves when the air around the canopy is still and humid"] }],
      },
      { text: 'Create the first recipe file, for basil. #write dosing/recipes/basil.yaml crop: basil-genovese\nec_day_ms_cm: 1.6\nec_night_ms_cm: 1.3\nph_target: 5.8\nph_deadband: 0.15\nfan_boost_last_hours: 2\n' },
      {
        text: 'The growers wrote down their nutrient policy. Read it before we touch the lettuce recipe. #read docs/栽培/養液管理方針.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['夜間（消灯中）の EC 目標値は昼間より 0.3 mS/cm 低く設定する'], reasons: ['夜は蒸散が減って根の周りに塩類がたまりやすく'] }],
      },
      { text: 'Update the lettuce recipe to follow that policy, day and night values split. #write dosing/recipes/lettuce.yaml crop: lettuce-oakleaf\nec_day_ms_cm: 1.5\nec_night_ms_cm: 1.2\nph_target: 5.8\nph_deadband: 0.15\n' },
      {
        text: 'Which firmware are the rack controllers running at the moment? #exec grep -n version dosing/firmware/build-info.txt',
        facts: [{ category: 'identifier', kind: 'version', source: 'tool', strings: ['rackfw 2.11.4'] }],
      },
      {
        text: "If the B pump on R4-B stalls again before the 3 December harvest, swap in the spare peristaltic head from the store room and raise a warranty claim with the supplier. Until then it's on watch. #reply I'll keep an eye on R4-B.",
        facts: [{ category: 'todo', strings: ['swap in the spare peristaltic head from the store room', 'If the B pump on R4-B stalls again before the 3 December harvest'] }],
      },
      { filler: 4000, style: 'work' },
      {
        text: '跟种植组商量过了，A、B 母液的浓缩倍数从 100 倍提到 200 倍。100 倍的时候储液桶三天就要补一次，夜班根本排不出人手。 #reply 明白，母液改成 200 倍。',
        facts: [{ category: 'decision', lang: 'zh', strings: ['A、B 母液的浓缩倍数从 100 倍提到 200 倍'], reasons: ['100 倍的时候储液桶三天就要补一次'] }],
      },
      {
        text: "A standing rule from the head grower: only the grower on shift may change a recipe's EC target, and the dosing service has to reject edits from anyone else. #reply Understood, I'll enforce it in the service.",
        facts: [{ category: 'rule', strings: ["only the grower on shift may change a recipe's EC target"] }],
      },
      {
        text: "For the handover page: the dashboards are at https://grafana.kasai-greens.jp/d/gr3-dosing/ec-ph; the recipe loader merged as 5c0e9a7d1b2f4e6a8c3d5b7f9a1c2e4d6f8a0b13; the work order for R4-B's pump is 3f6c2a9e-71d4-4b8a-9e25-c0d81f4a6b37; and the controllers pick their recipes up from /var/lib/dosing/recipes/active/. #reply Recorded all four.",
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://grafana.kasai-greens.jp/d/gr3-dosing/ec-ph'] },
          { category: 'identifier', kind: 'hash', strings: ['5c0e9a7d1b2f4e6a8c3d5b7f9a1c2e4d6f8a0b13'] },
          { category: 'identifier', kind: 'uuid', strings: ['3f6c2a9e-71d4-4b8a-9e25-c0d81f4a6b37'] },
          { category: 'identifier', kind: 'path', strings: ['/var/lib/dosing/recipes/active/'] },
        ],
      },
      { text: 'Write a short runbook for a stalled dosing pump. #write dosing/RUNBOOK.md Stalled dosing pump\n\n1. Find the rack and the pump in the controller log.\n2. Check the tubing for a kink before touching the pump head.\n3. Clear the zone lock on the rack panel and watch one full dose go through.\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'v2-stadium-turnstiles',
    set: 'held-out-26',
    files: {
      'turnstiles/ingest/counter.ts': code('ts', 90, [
        [0.4, 'const DEDUP_WINDOW_MS = 1200; // the same card twice inside this window counts once'],
        [0.62, 'export const STAND_CAPACITY_EAST = 9850;'],
      ]),
      'logs/turnstiles/gate-gw-2026-11-22.log': log('gate-gw', '2026-11-22', 115, [
        [0.55, '2026-11-22T14:52:09Z WARN gate-gw bank E3 turnstiles T-311..T-318 offline for 6m40s, 1204 entries buffered on device, replayed at 14:58:49Z'],
      ]),
      'data/matchday/2026-11-22-entries.csv': csv(
        'stand,gate,turnstile,minutes_to_kickoff,entries',
        80,
        (i) => `${pick(['North', 'East', 'South', 'West'])},${pick(['N1', 'E2', 'S3', 'W1', 'E4'])},T-${100 + i},-${5 + (i % 55)},${300 + ((i * 37) % 1500)}`,
        [[0.4, 'North,N2,T-207,-12,2113']],
      ),
      'docs/safety/ground-review-2026.md': essay('Ground safety review 2026: ingress and capacity', 6, [
        [0.3, "At the Boxing Day fixture in 2025 the East stand reached 97.4 % of its licensed capacity eleven minutes before kick-off, while the stewards' radio count said 88 %."],
        [0.7, 'Decision: the East stand concourse gates will close at 95 % of licensed capacity, not 100 %, because the last 5 % historically arrives in under four minutes and the stewards cannot redirect that many people to the North stand in time.'],
      ]),
      'docs/运营/入场分流.md': ENTRY_DOC,
      'turnstiles/config/stands.json': json({
        stands: [
          ...rows(3, (i) => ({ id: ['north', 'south', 'west'][i], capacity: 8000 + 700 * i, close_at_pct: 100, banks: rows(3, (j) => `${'NSW'[i]}${j + 1}`) })),
          { id: 'east', capacity: 9850, close_at_pct: 100, banks: ['E1', 'E2', 'E3', 'E4'] },
        ],
      }),
    },
    turns: [
      {
        text: "Pasting the safety officer's note from Saturday so you have the context:\n\n> East stand: the system said 8,740 in at kick-off, my stewards counted 9,810 by hand. I can't sign off capacity on numbers like that.\n\nWe've agreed the count will come from the turnstile's rotation sensor, not from ticket scan events. A rejected scan that gets retried shows up twice, and someone who tailgates doesn't show up at all. #reply Understood: the rotation sensor is the source of truth.",
        facts: [{ category: 'decision', strings: ["the count will come from the turnstile's rotation sensor, not from ticket scan events"], reasons: ['A rejected scan that gets retried shows up twice'] }],
      },
      {
        text: 'Show me how the ingest counts today. #read turnstiles/ingest/counter.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['DEDUP_WINDOW_MS = 1200', 'STAND_CAPACITY_EAST = 9850'] }],
      },
      {
        text: "Before you change anything in there, one thing that isn't up for debate: the occupancy number shown to the safety officer is never smoothed or estimated. If a bank is offline, that stand shows UNKNOWN. #reply Understood, no smoothing, UNKNOWN while a bank is offline.",
        facts: [{ category: 'rule', strings: ['the occupancy number shown to the safety officer is never smoothed or estimated'] }],
      },
      {
        text: 'Bank E3 went quiet during the first half hour of gates. What does the gateway log say? #read logs/turnstiles/gate-gw-2026-11-22.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['bank E3 turnstiles T-311..T-318 offline for 6m40s', '1204 entries buffered on device'] }],
      },
      {
        text: 'E3 の件、方針を決めました。オフラインだったバンクの再送データは、受信時刻ではなく機器側のタイムスタンプで集計します。受信時刻で数えると、6 分以上遅れて届いた入場がキックオフ後の入場として扱われてしまうからです。 #reply 了解です。機器側のタイムスタンプで集計します。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['再送データは、受信時刻ではなく機器側のタイムスタンプで集計します'], reasons: ['6 分以上遅れて届いた入場がキックオフ後の入場として扱われてしまう'] }],
      },
      {
        text: 'I should have said this at the start: all of it is tracked under SAFE-4407. The SGSA inspector visits on 9 December, so the per-stand occupancy export needs to be finished by 5 December at the latest. #reply SAFE-4407, and the export done by 5 December.',
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['SAFE-4407'] },
          { category: 'todo', strings: ['the per-stand occupancy export needs to be finished', 'by 5 December at the latest'] },
        ],
      },
      { text: 'Start a notes file with what we know so far. #write turnstiles/NOTES.md Turnstile counts\n\nsource: rotation sensor per turnstile\ndedup: the same card inside the window counts once\noffline banks: replay by device time; the stand shows UNKNOWN meanwhile\n' },
      { filler: 5000, style: 'work' },
      {
        text: '场馆 IT 发来了接口和地址：各看台实时人数是 GET /v2/stands/{standId}/occupancy，闸机上报事件用 POST /v2/turnstiles/{turnstileId}/events，网关在 turnstile-gw.arena.local:7443。 #reply 收到，都记下了。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['GET /v2/stands/{standId}/occupancy'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['POST /v2/turnstiles/{turnstileId}/events'] },
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['turnstile-gw.arena.local:7443'] },
        ],
      },
      {
        text: "Which turnstile took the most entries on Saturday? Sort the matchday export. #exec sort -t, -k5 -nr data/matchday/2026-11-22-entries.csv | head -3",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['North,N2,T-207,-12,2113'] }],
      },
      {
        text: 'The ground safety review came out last week. Read it, I think it changes our thresholds. #read docs/safety/ground-review-2026.md',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['97.4 % of its licensed capacity'] },
          { category: 'decision', source: 'tool', strings: ['the East stand concourse gates will close at 95 % of licensed capacity, not 100 %'], reasons: ['the last 5 % historically arrives in under four minutes'] },
        ],
      },
      { text: "Then put the East stand's close threshold at 95 in the stands config. #write turnstiles/config/stands.json " + json({ stands: [{ id: 'north', capacity: 8000, close_at_pct: 100, banks: ['N1', 'N2', 'N3'] }, { id: 'south', capacity: 8700, close_at_pct: 100, banks: ['S1', 'S2', 'S3'] }, { id: 'west', capacity: 9400, close_at_pct: 100, banks: ['W1', 'W2', 'W3'] }, { id: 'east', capacity: 9850, close_at_pct: 95, banks: ['E1', 'E2', 'E3', 'E4'] }] }) },
      {
        text: 'Deployment values from the change request, so they sit in one place:\n\n    TURNSTILE_REPLAY_MODE=device-time\n    image: gate-gw 4.3.0\n    change: 9b1e4d27-5c3a-4f68-a0d2-7e6b81c94f15\n\n#reply Noted, all three.',
        facts: [
          { category: 'identifier', kind: 'env', strings: ['TURNSTILE_REPLAY_MODE=device-time'] },
          { category: 'identifier', kind: 'version', strings: ['gate-gw 4.3.0'] },
          { category: 'identifier', kind: 'uuid', strings: ['9b1e4d27-5c3a-4f68-a0d2-7e6b81c94f15'] },
        ],
      },
      {
        text: '还有个待办：如果下一个主场比赛之前 E3 的离线缓存还是超过 1000 条，就把 E3 那一排闸机的网关改成有线连接。 #reply 好的，下个主场前我盯着 E3。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['把 E3 那一排闸机的网关改成有线连接', '如果下一个主场比赛之前 E3 的离线缓存还是超过 1000 条'] }],
      },
      { filler: 3500, style: 'work' },
      {
        text: '运营部发了一份入场分流方案，帮我读一下。 #read docs/运营/入场分流.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['开赛前 30 分钟起，南看台的 S1 和 S2 闸机只进不出'], reasons: ['进出混用导致 S 区通道拥堵了 20 分钟'] }],
      },
      {
        text: '数据保护官那边的要求：闸机计数数据绝对不能和票务系统里的购票人信息关联。 #reply 明白，不做任何关联。',
        facts: [{ category: 'rule', lang: 'zh', strings: ['闸机计数数据绝对不能和票务系统里的购票人信息关联'] }],
      },
      {
        text: "We talked it through with the club this morning. The live dashboard refreshes every 5 seconds instead of every 30; thirty seconds was long enough for a whole bank's worth of fans to get through unseen in the pre-kick-off surge. #reply 5-second refresh, noted.",
        facts: [{ category: 'decision', strings: ['The live dashboard refreshes every 5 seconds instead of every 30'], reasons: ["thirty seconds was long enough for a whole bank's worth of fans to get through unseen"] }],
      },
      {
        text: 'Last bits for the wiki. Live view: https://safety.riverside-arena.example.com/matchday/live. The dedup fix is c71a0e5b93d24f8e6a1b7c0d2e9f4a3b5c6d7e8f. Per-match count archives go to /srv/turnstiles/archive/2026-27/. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://safety.riverside-arena.example.com/matchday/live'] },
          { category: 'identifier', kind: 'hash', strings: ['c71a0e5b93d24f8e6a1b7c0d2e9f4a3b5c6d7e8f'] },
          { category: 'identifier', kind: 'path', strings: ['/srv/turnstiles/archive/2026-27/'] },
        ],
      },
      { filler: 4000, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'v3-charity-receipts',
    set: 'held-out-26',
    files: {
      'receipts/src/numbering.py': code('py', 85, [
        [0.3, 'RECEIPT_PREFIX = "HLT-R"'],
        [0.31, 'MAX_RECEIPTS_PER_RUN = 5000'],
      ]),
      'logs/receipts/receipt-batch-2026-11-25.log': log('receipt-batch', '2026-11-25', 110, [
        [0.45, '2026-11-25T05:06:31Z ERROR receipt-batch run 7731: 58 receipts held back, donor address has no postcode, Gift Aid declaration cannot be validated'],
      ]),
      'data/donations/2026-11.csv': csv(
        'donation_id,received,amount,currency,method,gift_aid',
        75,
        (i) => `D-${90100 + i * 4},2026-11-${String(1 + (i % 28)).padStart(2, '0')},${(5 + ((i * 53) % 480)).toFixed(2)},GBP,${pick(['direct-debit', 'card', 'card', 'bank-transfer'])},${pick(['yes', 'no'])}`,
        [[0.55, 'D-90412,2026-11-14,25000.00,GBP,cheque,no']],
      ),
      'receipts/requirements.txt': 'Django==5.1.3\npsycopg[binary]==3.2.3\nweasyprint==63.1\nqrcode==8.0\nboto3==1.35.60\n',
      'receipts/templates/receipt.html': '<html>\n<body>\n<h1>Thank you for your gift</h1>\n<p>Receipt {{ number }} for {{ amount }} received on {{ date }}.</p>\n<footer>Harbour Light Trust, registered charity 1180452</footer>\n</body>\n</html>\n',
      'docs/finance/receipting-policy.md': essay('Receipting policy, revised November 2026', 6, [
        [0.3, 'In 2025 we issued 48,300 paper receipts; 31,900 of them were for donations under £20.'],
        [0.6, 'Decision: receipts for donations under £20 are no longer posted. They are emailed, or rolled into the annual statement when we hold no email address, because postage and printing cost us 71p per receipt and a third of small donors told us they never open the envelope.'],
      ]),
      'docs/東京事務所/受領証明書.md': CERT_DOC,
    },
    turns: [
      {
        text: "Morning. New piece of work: Harbour Light Trust's donation receipts. Up front, the one design choice we've already made: receipt numbers are allocated by the database sequence at the moment a donation is confirmed, not by the nightly batch. When the batch crashed halfway through in September it reissued 1,100 numbers that donors already had on paper. #reply Understood, numbers from the sequence at confirmation.",
        facts: [{ category: 'decision', strings: ['receipt numbers are allocated by the database sequence at the moment a donation is confirmed'], reasons: ['it reissued 1,100 numbers that donors already had on paper'] }],
      },
      {
        text: "And because this is money given in trust: a receipt, once issued, is never edited or deleted. A mistake gets a cancelling receipt and a new one. #reply Noted: cancel and reissue, never edit.",
        facts: [{ category: 'rule', strings: ['a receipt, once issued, is never edited or deleted'] }],
      },
      {
        text: 'Look at how numbering is done in the current code. #read receipts/src/numbering.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['RECEIPT_PREFIX = "HLT-R"', 'MAX_RECEIPTS_PER_RUN = 5000'] }],
      },
      {
        text: '東京事務所の開発担当からです。受領証の発行は POST /receipts/api/donations/{donationId}/receipt、年間明細の取得は GET /receipts/api/donors/{donorId}/statements/{taxYear} を使います。PDF の生成サーバーは pdf-render.hlt.internal:9090 で動いています。 #reply ありがとうございます、控えました。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /receipts/api/donations/{donationId}/receipt'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /receipts/api/donors/{donorId}/statements/{taxYear}'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['pdf-render.hlt.internal:9090'] },
        ],
      },
      {
        text: "Last night's batch held a bunch of receipts back. Why? #read logs/receipts/receipt-batch-2026-11-25.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['run 7731: 58 receipts held back', 'donor address has no postcode'] }],
      },
      {
        text: '東京事務所からもう一件依頼があります。12 月 10 日までに、法人寄附者向けの受領証に法人番号の欄を追加してください。 #reply 承知しました。12 月 10 日までに対応します。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['法人寄附者向けの受領証に法人番号の欄を追加してください', '12 月 10 日までに'] }],
      },
      {
        text: 'Production runs with RECEIPTS_PDF_ENGINE=weasyprint. Which WeasyPrint version do we pin? #exec grep -n -i weasyprint receipts/requirements.txt',
        facts: [
          { category: 'identifier', kind: 'env', strings: ['RECEIPTS_PDF_ENGINE=weasyprint'] },
          { category: 'identifier', kind: 'version', source: 'tool', strings: ['weasyprint==63.1'] },
        ],
      },
      { filler: 4500, style: 'work' },
      {
        text: 'Finance asked about the largest single gift in November. #read data/donations/2026-11.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['D-90412,2026-11-14,25000.00'] }],
      },
      {
        text: "Log this under GIVE-1290 please. If HMRC hasn't accepted the October Gift Aid claim by 12 December, resubmit it without the 58 held-back donations and claim those in January. #reply Will check the claim status.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['GIVE-1290'] },
          { category: 'todo', strings: ['resubmit it without the 58 held-back donations', "If HMRC hasn't accepted the October Gift Aid claim by 12 December"] },
        ],
      },
      {
        text: "Finance revised the receipting policy. Anything in it that affects the batch? #read docs/finance/receipting-policy.md",
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['48,300 paper receipts'] },
          { category: 'decision', source: 'tool', strings: ['receipts for donations under £20 are no longer posted'], reasons: ['postage and printing cost us 71p per receipt'] },
        ],
      },
      { text: 'Change the template footer to say an emailed receipt is valid for Gift Aid records. #write receipts/templates/receipt.html <html>\n<body>\n<h1>Thank you for your gift</h1>\n<p>Receipt {{ number }} for {{ amount }} received on {{ date }}.</p>\n<footer>Harbour Light Trust, registered charity 1180452. An emailed receipt is valid for your Gift Aid records.</footer>\n</body>\n</html>\n' },
      {
        text: '東京事務所の証明書の扱いが決まったそうです。 #read docs/東京事務所/受領証明書.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['寄附金受領証明書は 1 月にまとめて年 1 回発行し、寄附のたびには発行しない'], reasons: ['都度発行していた昨年は再発行の依頼が 300 件を超えた'] }],
      },
      {
        text: 'それと東京事務所のルールとして、受領証の PDF には寄附者のマイナンバーを絶対に印字しないでください。 #reply はい、マイナンバーは印字しません。',
        facts: [{ category: 'rule', lang: 'ja', strings: ['受領証の PDF には寄附者のマイナンバーを絶対に印字しないでください'] }],
      },
      { filler: 3500, style: 'work' },
      {
        text: '香港分會那邊也定了：捐款收據統一用中英雙語出具。去年有四成的查詢電話，都是捐款人看不懂純英文收據打來的。 #reply 好的，收據改成中英雙語。',
        facts: [{ category: 'decision', lang: 'zh', strings: ['捐款收據統一用中英雙語出具'], reasons: ['去年有四成的查詢電話，都是捐款人看不懂純英文收據打來的'] }],
      },
      {
        text: 'Before the year-end appeal mailing on 15 December, switch the thank-you email sender to receipts@harbourlight.example.org and get DKIM set up for that domain. #reply On it before the 15th.',
        facts: [{ category: 'todo', strings: ['switch the thank-you email sender to receipts@harbourlight.example.org', 'Before the year-end appeal mailing on 15 December'] }],
      },
      {
        text: "Links for the handover: donor portal https://give.harbourlight.example.org/account/receipts; the sequence allocation change is 2b9d4e61a0c73f58e1d6b2a94c07f3e5d8a1b6c2; October's Gift Aid claim reference is 6e2f91c4-08ab-4d3e-b5a7-19c4e0d62f8b; signed PDFs are stored under /data/receipts/pdf/2026/. #reply Recorded.",
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://give.harbourlight.example.org/account/receipts'] },
          { category: 'identifier', kind: 'hash', strings: ['2b9d4e61a0c73f58e1d6b2a94c07f3e5d8a1b6c2'] },
          { category: 'identifier', kind: 'uuid', strings: ['6e2f91c4-08ab-4d3e-b5a7-19c4e0d62f8b'] },
          { category: 'identifier', kind: 'path', strings: ['/data/receipts/pdf/2026/'] },
        ],
      },
      { text: 'Write up the receipt flow in a notes file. #write receipts/NOTES.md Receipt flow\n\ndonation confirmed -> number from the sequence -> PDF rendered -> emailed (or posted for gifts of 20 pounds and more) -> Gift Aid claim monthly -> Tokyo certificates once a year in January.\n' },
      { filler: 4000, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
