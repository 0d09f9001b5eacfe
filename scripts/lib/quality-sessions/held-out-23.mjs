// The twenty-third HELD-OUT set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an
// independent writer who never saw the extraction code: new projects (a ski resort's snowmaking controller, a
// pharmacy chain's repeat-prescription refill queue, a radio group's ad-break scheduler), new wording, its own order
// of work, work-style filler. Never tuned on: never change extraction while reading its results.
// Same format as tuning.mjs / held-out.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, makeGen } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x23c0de);

const SNOW_PLAN_DOC = `# 2026/27 シーズン 人工降雪の運用方針

索道・ゲレンデ管理部 · 2026 年 11 月

12 月 13 日の全面オープンに向けて、人工降雪は初心者ゲレンデとパノラマ第 3 コース下部を優先します。

昨シーズンは 12 月の降雪量が平年の 4 割にとどまり、オープン時点で滑走可能だったのは計画面積の半分以下でした。

方針：夜間の造雪は電力単価の安い 22 時から翌 6 時までに限定します。昼間に運転すると高圧受電の契約電力を超え、去年は超過料金が 1 か月で 380 万円に達したためです。

ただし気温が十分に低い週末の朝に限り、パトロール隊長の判断で 8 時まで延長できます。
`;

const REFILL_REMINDER_DOC = `# 慢性病連續處方箋領藥提醒調整

藥事部 · 2026 年 11 月

目前慢箋病人第二、三次領藥的提醒全部以簡訊寄送，時間固定在可領藥日的前一天。

各門市藥師回報：許多長輩不看簡訊，過了領藥期限才帶著處方箋來，只能請他們回診重新開立。

決議：七十歲以上的病人改由門市藥師在可領藥日前三天以電話提醒，不再只寄簡訊。理由是這個年齡層的簡訊開啟率只有 21%，過期未領的案件有六成集中在他們身上。

其他病人維持簡訊提醒，但發送時間改為上午 10 點。
`;

const CNY_DOC = `# 农历新年档期广告编排说明

营业部 · 2026 年 11 月

2027 年农历新年档期从 1 月 25 日到 2 月 14 日，四个频道的广告预订量已经达到去年同期的 1.3 倍。

去年新年期间，有听众在社交媒体上抱怨广告“一家接一家地拜年”，收听率在下午时段下降了 0.4 个百分点。

决定：新年档期内每个广告时段最多排两条贺岁广告，同一行业的广告之间至少隔一个时段。理由是去年同一时段连播三条银行贺岁广告，导致两家客户要求补播，损失约 4 万新元。

其余时段照常按收益排序。
`;

export const SESSIONS = [
  {
    id: 'r1-snowmaking-controller',
    set: 'held-out-23',
    files: {
      'snowctl/trigger/wetbulb.py': code('py', 90, [
        [0.4, '    WET_BULB_START_C = -2.5  # guns may start at or below this'],
        [0.41, '    MAX_LANCE_PRESSURE_BAR = 42'],
      ]),
      'logs/snowctl/plc-gateway-2026-11-26.log': log('plc-gateway', '2026-11-26', 120, [[0.55, '2026-11-26T02:17:44Z ERROR plc-gateway lance L-14 (trail "Panorama 3") valve stuck at 35% open; Modbus 10.20.4.61:502 timed out 5 times, compressor C-2 tripped']]),
      'deploy/snowctl.env': [
        '# snowctl production environment (managed by ansible, do not edit by hand)',
        'SNOWCTL_LOG_LEVEL=info',
        'SNOWCTL_TZ=Asia/Tokyo',
        'SNOWCTL_MODBUS_RETRIES=5',
        'SNOWCTL_METRICS_PORT=9464',
        'SNOWCTL_WETBULB_SOURCE=vaisala-wxt536',
        'SNOWCTL_REPORT_HOUR=7',
        '',
      ].join('\n'),
      'data/weather/forecast-2026-11-28.csv': csv(
        'time,station,air_c,rh_pct,wet_bulb_c,wind_ms',
        72,
        (i) => `2026-11-28T${String(i % 24).padStart(2, '0')}:00,${pick(['base-760', 'mid-1210', 'summit-1830'])},${(-1 - (i % 7) * 0.8).toFixed(1)},${60 + (i % 30)},${(-2 - (i % 7) * 0.8).toFixed(1)},${(1 + (i % 9) * 0.7).toFixed(1)}`,
        [[0.5, '2026-11-29T04:00,summit-1830,-11.2,38,-12.6,3.1']],
      ),
      'config/pumphouse.yaml': code('yaml', 70, [[0.35, '    reservoir_min_level_m: 1.8']]),
      'docs/ゲレンデ/造雪方針.md': SNOW_PLAN_DOC,
      'docs/design/compressed-air.md': essay('Design note: compressed air for the fan guns and lances', 6, [
        [0.3, 'On 19 November compressor C-2 delivered 11.4 m3/min against its rated 14; the intake filter had not been changed since March.'],
        [0.7, 'Decision: the lances on Panorama 3 will share one compressor loop with the fan guns on the beginner slope instead of each run getting its own, because a second compressor house would need a building permit that the village cannot issue before spring.'],
      ]),
      'snowctl/CHANGELOG.md': '# Changelog\n\n## 2.3.0\n\n- Per-lance pressure limits.\n- Beacon feed from the groomer fleet.\n',
    },
    turns: [
      {
        text: 'Before we talk about anything, show me how the controller decides that a gun is allowed to start. #read snowctl/trigger/wetbulb.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['WET_BULB_START_C = -2.5', 'MAX_LANCE_PRESSURE_BAR = 42'] }],
      },
      {
        text: "Right, background. This is SNOW-2291 for Kitaone Kogen. We're moving the start trigger from dry-bulb air temperature to wet-bulb temperature: on the humid nights last November the guns ran at -3 °C air and laid down wet slush that froze into sheet ice on the beginner slope. #reply Understood, wet-bulb trigger from now on.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['SNOW-2291'] },
          { category: 'decision', strings: ['moving the start trigger from dry-bulb air temperature to wet-bulb temperature'], reasons: ['laid down wet slush that froze into sheet ice on the beginner slope'] },
        ],
      },
      {
        text: 'Lance L-14 on Panorama 3 went quiet at about two this morning. Anything in the gateway log? #read logs/snowctl/plc-gateway-2026-11-26.log',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['valve stuck at 35% open', 'compressor C-2 tripped'] },
          { category: 'identifier', kind: 'host:port', source: 'tool', strings: ['10.20.4.61:502'] },
        ],
      },
      {
        text: "The safety officer's rule, and there are no exceptions to it: a lance is never started while the groomer beacon reports a snowcat within 50 metres. The call we'll guard with that check is POST /snowctl/v2/lances/{lanceId}/start. #reply Noted; the start call will look at the beacon first.",
        facts: [
          { category: 'rule', strings: ['a lance is never started while the groomer beacon reports a snowcat within 50 metres'] },
          { category: 'identifier', kind: 'route', strings: ['POST /snowctl/v2/lances/{lanceId}/start'] },
        ],
      },
      {
        text: '沈阳泵站固件组回复了：现场泵站跑的是 pumpfw 4.12.3，泵站固件本季先不升级到 4.13，因为 4.13 的变频器驱动在零下 15 度以下会误报过流。另外，麻烦在 12 月 3 日之前把三号泵房的压力传感器换成 0–60 bar 量程的。 #reply 好的：固件本季不升级，传感器 12 月 3 日前更换。',
        facts: [
          { category: 'identifier', kind: 'version', lang: 'zh', strings: ['pumpfw 4.12.3'] },
          { category: 'decision', lang: 'zh', strings: ['泵站固件本季先不升级到 4.13'], reasons: ['4.13 的变频器驱动在零下 15 度以下会误报过流'] },
          { category: 'todo', lang: 'zh', strings: ['把三号泵房的压力传感器换成 0–60 bar 量程的', '12 月 3 日之前'] },
        ],
      },
      { text: 'Keep a notes file on the start sequence. #write snowctl/NOTES.md # Start sequence\n\nforecast -> wet-bulb per lance -> groomer beacon check -> pump house pressure -> open valve -> watch the valve position for 90 s -> report.' },
      { filler: 5500, style: 'work' },
      {
        text: '索道・ゲレンデ管理部から今シーズンの造雪方針が届きました。制御に関係するところを確認してください。 #read docs/ゲレンデ/造雪方針.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['夜間の造雪は電力単価の安い 22 時から翌 6 時までに限定します'], reasons: ['昼間に運転すると高圧受電の契約電力を超え'] }],
      },
      {
        text: 'Which weather feed is production actually reading? #read deploy/snowctl.env',
        facts: [{ category: 'identifier', kind: 'env', source: 'tool', strings: ['SNOWCTL_WETBULB_SOURCE=vaisala-wxt536'] }],
      },
      {
        text: 'New behaviour for Panorama 3: the fan guns on Panorama 3 shut down automatically whenever the wind is above 8 m/s. On the 22nd half of what they made blew into the national forest and the forestry office phoned us about it. The wind reading comes from GET /snowctl/v2/stations/{stationId}/wind. #reply OK, automatic wind shutdown above 8 m/s.',
        facts: [
          { category: 'decision', strings: ['the fan guns on Panorama 3 shut down automatically whenever the wind is above 8 m/s'], reasons: ['half of what they made blew into the national forest'] },
          { category: 'identifier', kind: 'route', strings: ['GET /snowctl/v2/stations/{stationId}/wind'] },
        ],
      },
      {
        text: 'When is the best window tomorrow night up top? Look for the lowest wet-bulb. #read data/weather/forecast-2026-11-28.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['2026-11-29T04:00,summit-1830,-11.2'] }],
      },
      {
        text: 'How low can the reservoir go before the pump house refuses to run? #exec grep -n "reservoir_min_level_m" config/pumphouse.yaml',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['reservoir_min_level_m: 1.8'] }],
      },
      {
        text: "If the reservoir is still under 1.8 m on 15 December, file the request for the second intake with the Otari village office; we can't wait for a January thaw. #reply I'll check the level on the 15th.",
        facts: [{ category: 'todo', strings: ['file the request for the second intake with the Otari village office', 'If the reservoir is still under 1.8 m on 15 December'] }],
      },
      {
        text: 'Somebody asked why the lances and the fan guns are on one air loop. Is it written down? #read docs/design/compressed-air.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['the lances on Panorama 3 will share one compressor loop with the fan guns on the beginner slope'], reasons: ['a second compressor house would need a building permit'] }],
      },
      {
        text: 'もう一点お願いします。夜間のリモート起動は必ず二人で確認してから行い、一人だけで起動しないでください。それから、ベンダーのクラウドでのこの現場の ID は 5bb1e0ff-e632-442a-adac-56bb175725c1 です。 #reply 承知しました。二人確認を徹底し、現場 ID も控えました。',
        facts: [
          { category: 'rule', lang: 'ja', strings: ['夜間のリモート起動は必ず二人で確認してから行い、一人だけで起動しないでください'] },
          { category: 'identifier', kind: 'uuid', lang: 'ja', strings: ['5bb1e0ff-e632-442a-adac-56bb175725c1'] },
        ],
      },
      {
        text: 'The valve watchdog fix landed as 7e631b4b8218a2f0a293166af43128a38e5d541d. Put the release in the changelog. #write snowctl/CHANGELOG.md # Changelog\n\n## 2.4.0\n\n- Start trigger on wet-bulb temperature.\n- Valve watchdog: a lance whose valve does not follow the set point within 90 s is closed and reported.\n- Wind shutdown for the Panorama 3 fan guns.\n\n## 2.3.0\n\n- Per-lance pressure limits.\n- Beacon feed from the groomer fleet.\n',
        facts: [{ category: 'identifier', kind: 'hash', strings: ['7e631b4b8218a2f0a293166af43128a38e5d541d'] }],
      },
      {
        text: 'Two more for the runbook: the patrol team watches the live lance map at https://ops.kitaone-snow.example.jp/snowmaking/map?trail=panorama-3, and the controller writes its nightly run reports to /var/lib/snowctl/reports/nightly/. #reply Both recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://ops.kitaone-snow.example.jp/snowmaking/map?trail=panorama-3'] },
          { category: 'identifier', kind: 'path', strings: ['/var/lib/snowctl/reports/nightly/'] },
        ],
      },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'r2-refill-queue',
    set: 'held-out-23',
    files: {
      'refill-queue/src/scheduler.ts': code('ts', 95, [
        [0.3, 'export const REFILL_WINDOW_DAYS = 10; // second and third fills may be dispensed up to 10 days early'],
        [0.31, 'const MAX_QUEUE_AGE_HOURS = 72;'],
      ]),
      'config/queue.yaml': code('yaml', 60, [[0.4, '    redis_url: redis://rx-queue-redis.tpe.internal:6380/2']]),
      'logs/refill/worker-2026-11-26.log': log('refill-worker', '2026-11-26', 115, [[0.45, '2026-11-26T01:52:09Z ERROR refill-worker order RX-77410 rejected by NHI gateway: card expired, 1 of 3 fills dispensed, item parked in HOLD_CARD']]),
      'exports/pickup-due-2026-11-28.csv': csv(
        'queue_id,branch,item,due_date,status',
        65,
        (i) => `Q-${20000 + i * 7},branch-${pick(['TP01', 'TP04', 'XY07', 'BQ02'])},${pick(['metformin 500mg', 'amlodipine 5mg', 'atorvastatin 20mg', 'losartan 50mg'])},2026-11-28,READY`,
        [[0.58, 'Q-20931,branch-XY07,warfarin 5mg,2026-11-28,INTERACTION_REVIEW']],
      ),
      'docs/藥事/慢箋提醒.md': REFILL_REMINDER_DOC,
      'refill-queue/README.md': '# refill-queue\n\nQueues the second and third fills of chronic prescriptions per branch.\n\nDepends on nhi-client 2.6.1.\n',
    },
    turns: [
      {
        text: '新專案：連鎖藥局的慢箋領藥佇列。先講結論，我們決定第二、三次調劑改成由藥局主動排進佇列，不再等病人拿處方箋到櫃台，因為上季有 18% 的慢箋病人錯過領藥期限，健保署已經發函關切。 #reply 了解，改成藥局主動排入佇列。',
        facts: [{ category: 'decision', lang: 'zh', strings: ['第二、三次調劑改成由藥局主動排進佇列'], reasons: ['上季有 18% 的慢箋病人錯過領藥期限'] }],
      },
      {
        text: 'Show me the scheduler, I want to know how early a refill may be queued. #read refill-queue/src/scheduler.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['REFILL_WINDOW_DAYS = 10', 'MAX_QUEUE_AGE_HOURS = 72'] }],
      },
      {
        text: 'Two rules from the superintendent pharmacist, both non-negotiable. Nothing leaves the queue as ready until a licensed pharmacist has signed the interaction check for that fill. And never put the drug name in an SMS; the text says the branch and the pickup window, nothing else. #reply Both rules noted.',
        facts: [
          { category: 'rule', strings: ['Nothing leaves the queue as ready until a licensed pharmacist has signed the interaction check for that fill'] },
          { category: 'rule', strings: ['never put the drug name in an SMS'] },
        ],
      },
      {
        text: 'Where does the queue keep its state? #read config/queue.yaml',
        facts: [{ category: 'identifier', kind: 'host:port', source: 'tool', strings: ['rx-queue-redis.tpe.internal:6380'] }],
      },
      {
        text: '親会社の共通基盤チームから連絡がありました。調剤データの取り込みは新しい共通 API に一本化します。旧 API は店舗ごとに仕様が違っていて、先月だけで 240 件の二重登録が起きたためです。新しいエンドポイントは POST /rx/v1/prescriptions/{rxId}/refills です。 #reply 承知しました、共通 API に寄せます。',
        facts: [
          { category: 'decision', lang: 'ja', strings: ['調剤データの取り込みは新しい共通 API に一本化します'], reasons: ['先月だけで 240 件の二重登録が起きた'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /rx/v1/prescriptions/{rxId}/refills'] },
        ],
      },
      { text: 'Write down the flow of one refill so the team can check it. #write refill-queue/NOTES.md # One refill\n\nprescription imported -> refill window opens -> queued for the branch -> interaction check signed -> picked and bagged -> SMS with branch and window -> collected or returned to stock after 7 days.' },
      { filler: 5500, style: 'work' },
      {
        text: "Branch XY07 says a patient was turned away last night with only part of their fill. What does the worker log show? #read logs/refill/worker-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['order RX-77410 rejected by NHI gateway', 'parked in HOLD_CARD'] }],
      },
      {
        text: 'File everything about the card-expiry holds under RXQ-640. TODO by Friday 5 December: a daily call list of patients whose card-expiry hold has sat for more than 48 hours, so the branch can phone them. #reply The call list will be there by Friday.',
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['RXQ-640'] },
          { category: 'todo', strings: ['a daily call list of patients whose card-expiry hold has sat for more than 48 hours', 'by Friday 5 December'] },
        ],
      },
      {
        text: '藥事部對提醒方式做了調整，請看一下對佇列有什麼影響。 #read docs/藥事/慢箋提醒.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['七十歲以上的病人改由門市藥師在可領藥日前三天以電話提醒'], reasons: ['這個年齡層的簡訊開啟率只有 21%'] }],
      },
      {
        text: 'For staging: cancellations go through DELETE /rx/v1/pickups/{pickupId}, and staging runs with RXQ_SMS_DRY_RUN=1 so no real patient ever gets a text from a test. #reply Noted, SMS dry run on staging.',
        facts: [
          { category: 'identifier', kind: 'route', strings: ['DELETE /rx/v1/pickups/{pickupId}'] },
          { category: 'identifier', kind: 'env', strings: ['RXQ_SMS_DRY_RUN=1'] },
        ],
      },
      {
        text: "Anything in Saturday's pickup list that a pharmacist has to look at first? #read exports/pickup-due-2026-11-28.csv",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['Q-20931,branch-XY07,warfarin 5mg', 'INTERACTION_REVIEW'] }],
      },
      {
        text: 'We went through it with the branch managers this morning, and the queue will batch fills by branch at 06:00 instead of pushing them one by one through the day. The technicians were being interrupted forty times a morning. #reply Makes sense, one batch per branch at 06:00.',
        facts: [{ category: 'decision', strings: ['the queue will batch fills by branch at 06:00 instead of pushing them one by one'], reasons: ['The technicians were being interrupted forty times a morning'] }],
      },
      {
        text: '還有一件待辦：如果健保署 12 月底前還沒開放新的批次查詢介面，就先用每晚 23:00 的逐筆查詢頂著，限速每秒 5 筆。 #reply 好，12 月底再確認一次。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['先用每晚 23:00 的逐筆查詢頂著', '如果健保署 12 月底前還沒開放新的批次查詢介面'] }],
      },
      {
        text: 'All branches are on nhi-client 2.7.4 since Tuesday; fix the README. #write refill-queue/README.md # refill-queue\n\nQueues the second and third fills of chronic prescriptions per branch, in one batch per branch at 06:00.\n\nDepends on nhi-client 2.7.4.\n',
        facts: [{ category: 'identifier', kind: 'version', strings: ['nhi-client 2.7.4'] }],
      },
      {
        text: 'The sign-off audit page is https://rx-ops.hikari-pharm.example.tw/audit/signoffs?branch=all and its event stream id is 6eb58181-1c31-454b-b594-5f4875d52825; keep them with the other links. #reply Done.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://rx-ops.hikari-pharm.example.tw/audit/signoffs?branch=all'] },
          { category: 'identifier', kind: 'uuid', strings: ['6eb58181-1c31-454b-b594-5f4875d52825'] },
        ],
      },
      {
        text: '昨夜のカード期限切れ保留の修正は b5ef6efd6a6e2a7a5a442ee599ad588db27bef0a のコミットで入っています。健保ゲートウェイとのやり取りは /var/log/refill-queue/nhi/ に出るので、調査のときはそこを見てください。 #reply 了解しました。',
        facts: [
          { category: 'identifier', kind: 'hash', lang: 'ja', strings: ['b5ef6efd6a6e2a7a5a442ee599ad588db27bef0a'] },
          { category: 'identifier', kind: 'path', lang: 'ja', strings: ['/var/log/refill-queue/nhi/'] },
        ],
      },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'r3-ad-break-scheduler',
    set: 'held-out-23',
    files: {
      'adsched/src/breaks/packer.ts': code('ts', 100, [
        [0.62, 'export const MAX_BREAK_SECONDS = 180;'],
        [0.63, 'const SAME_CATEGORY_GAP_MIN = 20; // e.g. no two car dealers within 20 minutes'],
      ]),
      'docs/营业/新年档期.md': CNY_DOC,
      'logs/adsched/playout-2026-11-26.log': log('playout-bridge', '2026-11-26', 120, [
        [0.2, '2026-11-26T05:02:10Z INFO  playout-bridge traffic import done: batch 525eb6fe-f97a-4a2a-b1bf-9c562e929bdb, 412 spots, 0 rejects'],
        [0.7, '2026-11-26T07:48:31Z WARN  playout-bridge station 972FM break B-0748 underran by 23 s: spot SP-55102 missing from the playout server, house promo inserted'],
      ]),
      'exports/as-run-2026-11-26.csv': csv(
        'spot_id,advertiser,aired_at,seconds,station,status',
        80,
        (i) => `SP-${40000 + i * 13},${pick(['Harbourfront Bank', 'Kopi Corner', 'Tan & Sons Furniture', 'SkyLink Telco', 'Orchard Dental'])},2026-11-26T${String(6 + Math.floor(i / 8)).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}:05,${pick([15, 30, 30, 60])},${pick(['972FM', '958FM', '938FM', '970FM'])},OK`,
        [[0.3, 'SP-40817,Lion City Motors,2026-11-26T08:14:05,30,972FM,OUT_OF_DAYPART']],
      ),
      'config/stations.yaml': code('yaml', 75, [[0.55, '    loudness_target_lufs: -23']]),
      'docs/design/news-preemption.md': essay('Design note: breaking news and scheduled ad breaks', 6, [
        [0.5, 'Decision: breaking news preempts a scheduled ad break in full instead of shortening it, because the shortened breaks we tried in October cut spots off mid-sentence and three advertisers asked for refunds.'],
      ]),
      'adsched/CHANGELOG.md': '# Changelog\n\n## 0.9.0\n\n- Breaks packed per station from the traffic import.\n',
    },
    turns: [
      {
        text: "New one for you: the ad-break scheduler for Straits Radio Group's four stations, tracked as ADS-1733. First thing I want you to look at is the break packer. #read adsched/src/breaks/packer.ts",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['ADS-1733'] },
          { category: 'tool-finding', source: 'tool', strings: ['MAX_BREAK_SECONDS = 180', 'SAME_CATEGORY_GAP_MIN = 20'] },
        ],
      },
      {
        text: 'Okay. The sales floor decided that breaks get packed by revenue per second rather than by booking order, since the old first-come ordering kept bumping the high-rate morning-drive spots into the 9 am slot. Separately, compliance insists alcohol ads never go into a break that touches a programme rated for children. #reply Understood on both.',
        facts: [
          { category: 'decision', strings: ['breaks get packed by revenue per second rather than by booking order'], reasons: ['kept bumping the high-rate morning-drive spots into the 9 am slot'] },
          { category: 'rule', strings: ['alcohol ads never go into a break that touches a programme rated for children'] },
        ],
      },
      {
        text: '营业部发来了农历新年档期的编排说明，帮我看看排程逻辑要改什么。 #read docs/营业/新年档期.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['新年档期内每个广告时段最多排两条贺岁广告'], reasons: ['去年同一时段连播三条银行贺岁广告，导致两家客户要求补播'] }],
      },
      {
        text: '对接播出系统这边：编排单统一用 PUT /traffic/v3/stations/{stationId}/logs/{date} 下发。另外，11 月 30 日之前要把 958 台的华语广告素材全部重新做一遍响度标准化。 #reply 好的，接口和响度的事都记下了。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['PUT /traffic/v3/stations/{stationId}/logs/{date}'] },
          { category: 'todo', lang: 'zh', strings: ['把 958 台的华语广告素材全部重新做一遍响度标准化', '11 月 30 日之前'] },
        ],
      },
      { text: 'Sketch the daily cycle in a notes file. #write adsched/NOTES.md # Daily cycle\n\ntraffic import (05:00) -> pack breaks per station -> separation and compliance checks -> push logs to playout -> as-run back at midnight -> make-goods -> invoices.' },
      { filler: 3000, style: 'work' },
      {
        text: '972FM had dead air-ish moments in the 7:45 break this morning. What happened? #read logs/adsched/playout-2026-11-26.log',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['break B-0748 underran by 23 s', 'spot SP-55102 missing from the playout server'] },
          { category: 'identifier', kind: 'uuid', source: 'tool', strings: ['525eb6fe-f97a-4a2a-b1bf-9c562e929bdb'] },
        ],
      },
      {
        text: 'Wiring: the scheduler talks to the playout bridge at playout-bridge.srg.internal:7443, and prod must run with ADSCHED_STRICT_SEPARATION=true so the category gaps are enforced instead of just logged as warnings. #reply Noted.',
        facts: [
          { category: 'identifier', kind: 'host:port', strings: ['playout-bridge.srg.internal:7443'] },
          { category: 'identifier', kind: 'env', strings: ['ADSCHED_STRICT_SEPARATION=true'] },
        ],
      },
      { filler: 2500, style: 'work' },
      {
        text: "Did anything air outside its daypart yesterday? #read exports/as-run-2026-11-26.csv",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['SP-40817,Lion City Motors', 'OUT_OF_DAYPART'] }],
      },
      {
        text: "Because advertisers keep disputing spots that went out late, we'll offer a make-good automatically whenever a spot airs more than 10 minutes outside its booked window. #reply OK, automatic make-goods beyond 10 minutes.",
        facts: [{ category: 'decision', strings: ["offer a make-good automatically whenever a spot airs more than 10 minutes outside its booked window"], reasons: ['advertisers keep disputing spots that went out late'] }],
      },
      {
        text: 'News asked what happens to a break when they go live with a breaking story. I think there is a design note. #read docs/design/news-preemption.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['breaking news preempts a scheduled ad break in full instead of shortening it'], reasons: ['the shortened breaks we tried in October cut spots off mid-sentence'] }],
      },
      {
        text: '東京の代理店からの条件です。承認番号のない日本語スポットは絶対にログに入れないでください。入稿には adlink-cli 3.2.0 以上が必要だそうです。 #reply 承知しました。',
        facts: [
          { category: 'rule', lang: 'ja', strings: ['承認番号のない日本語スポットは絶対にログに入れないでください'] },
          { category: 'identifier', kind: 'version', lang: 'ja', strings: ['adlink-cli 3.2.0'] },
        ],
      },
      {
        text: 'What loudness do the stations target? #exec grep -n "loudness_target_lufs" config/stations.yaml',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['loudness_target_lufs: -23'] }],
      },
      {
        text: "If the playout server drops another spot before the Christmas weekend, switch 972FM to pre-loading the whole hour's spots at :50 instead of fetching them per break. #reply Will do if it happens again.",
        facts: [{ category: 'todo', strings: ["switch 972FM to pre-loading the whole hour's spots at :50", 'If the playout server drops another spot before the Christmas weekend'] }],
      },
      {
        text: 'The separation fix is 13ba241234151568036fafb92f763069d7c0eca8; log it in the changelog. #write adsched/CHANGELOG.md # Changelog\n\n## 0.10.0\n\n- Breaks packed by revenue per second.\n- Category separation enforced in prod.\n- Automatic make-goods for spots aired far outside their window.\n\n## 0.9.0\n\n- Breaks packed per station from the traffic import.\n',
        facts: [{ category: 'identifier', kind: 'hash', strings: ['13ba241234151568036fafb92f763069d7c0eca8'] }],
      },
      {
        text: '运维常用的几个地址记一下：\n- 广告编排表 https://traffic.straitsradio.example.sg/stations/972FM/logs\n- 撤下单条广告 DELETE /traffic/v3/spots/{spotId}\n- 每天导出的编排表放在 /srv/adsched/exports/daily/\n#reply 好的，都记下了。',
        facts: [
          { category: 'identifier', kind: 'url', lang: 'zh', strings: ['https://traffic.straitsradio.example.sg/stations/972FM/logs'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['DELETE /traffic/v3/spots/{spotId}'] },
          { category: 'identifier', kind: 'path', lang: 'zh', strings: ['/srv/adsched/exports/daily/'] },
        ],
      },
      {
        text: '最後にひとつ。来週水曜までに、970 局の時報スポンサー枠を新しい契約に合わせて組み直しておいてください。 #reply 来週水曜までに組み直します。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['970 局の時報スポンサー枠を新しい契約に合わせて組み直しておいてください', '来週水曜までに'] }],
      },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
