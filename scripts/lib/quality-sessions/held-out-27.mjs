// The HELD-OUT set `held-out-27` of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an
// independent writer who never saw the extraction code (nor any compaction output on it); never tuned on. New
// projects: a mountain-rescue team's call-out roster, a bakery chain's oven schedules, a satellite ground-station
// network's pass planner; new wording, work-style filler. Never tune extraction on it and never read its results
// while changing extraction.
// Same format as tuning.mjs / held-out-4.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x27b4e3);

const NIGHT_CALLOUT_DOC = `# 夜間の出動判断について

北アルプス南部地区 山岳遭難救助隊 · 2026 年 11 月

冬山シーズンは 12 月中旬から始まります。昨シーズンの出動 41 件のうち、17 件が日没後の要請でした。

夜間の出動は、これまで隊長が電話で承認してから発令していました。

決定：日没後の出動は、隊長に連絡がつかない場合、副隊長 2 名の同意で発令できることとする。昨年度は隊長と連絡が取れず、発令が平均 38 分遅れた事案が 4 件あったためです。

システム上は、副隊長 2 名が「同意」を押した時点で隊員への呼び出しが始まるようにしてください。
`;

const CROISSANT_DOC = `# 上海门店可颂排产调整

上海加盟区运营部 · 2026 年 11 月

目前上海 9 家门店的可颂都是早上 5 点在店里整形、醒发，再进炉，第一炉要到 7:40 左右才出炉。

10 月份的数据显示，早上 8 点前到店的顾客里有 27% 没有买到可颂。

决定：从 12 月 1 日起，上海门店的可颂改为前一天晚上整形后冷藏，早上直接进炉烘烤。这样第一炉可以提前到 6:50 出炉，赶得上早高峰。

中央工厂需要相应调整黄油片的配送时间，请计划组跟进。
`;

const SNOW_DOC = `# 降雪時のパス割り当てについて

大樹局 運用課 · 2026 年 11 月

十勝地方は 12 月から 3 月にかけて、湿った雪がアンテナの反射鏡に付着しやすくなります。

Ka 帯は X 帯に比べて降雪や降雨による減衰が大きく、着雪があると受信レベルがさらに下がります。

方針：降雪予報が出ている日は、Ka 帯のパスを割り当てず X 帯だけで運用することにします。昨冬は降雪時の Ka 帯受信失敗率が 31% に達したためです。

該当日の Ka 帯の要求は、翌日以降の晴天日に振り替えるよう顧客へ案内してください。
`;

export const SESSIONS = [
  {
    id: 'r1-rescue-callout',
    set: 'held-out-27',
    files: {
      'roster/callout/escalation.py': code('py', 85, [
        [0.4, 'PAGE_ACK_TIMEOUT_S = 240  # then page the next tier'],
        [0.41, 'MIN_HILL_PARTY = 4'],
      ]),
      'logs/callout/pager-gw-2026-11-26.log': log('pager-gw', '2026-11-26', 120, [[0.55, '2026-11-26T21:37:05Z ERROR pager-gw callout CO-40917: SMS fallback failed for 6 of 19 members, carrier rejected alphanumeric sender "GLENARDMRT" (code 21612)']]),
      'rota/availability-2026-w48.csv': csv(
        'member_id,name,role,quals,sat_night,phone_last4',
        64,
        (i) => `M-${String(101 + i * 2).padStart(4, '0')},${pick(['Fraser', 'Morag', 'Iain', 'Kirsty', 'Ewan', 'Shona'])} ${pick(['Grant', 'Munro', 'Ross', 'Cameron'])},${pick(['hill-party', 'driver', 'base-controller'])},${pick(['cas-care', 'rope-rescue', 'navigation', 'radio'])},${i % 5 === 0 ? 'on' : 'off'},${1000 + 37 * i}`,
        [[0.6, 'M-0142,Callum Reid,hill-party,winch-trained,on,4471']],
      ),
      'docs/design/paging-order.md': essay('Paging order after the October review', 6, [
        [0.3, 'Over the summer the median time from the first page to the first five acknowledgements was 4 min 10 s on weekdays and 6 min 55 s at weekends.'],
        [0.7, "We settled it at the October review: the app push goes first and SMS only follows for members who haven't acknowledged within 90 seconds. Sending both together had pushed the September SMS bill to £1,140, and several members said the second buzz at three in the morning was what they hated most about being on call."],
      ]),
      'docs/長野/夜間の出動判断.md': NIGHT_CALLOUT_DOC,
      'docs/runbooks/pager-outage.md': '# Pager outage\n\n1. Phone the base controller.\n2. Use the landline call tree in the team hut.\n',
    },
    turns: [
      {
        text: "Last night's call-out on the plateau: half the team says they never got a text. Can you check the pager gateway log from last night? #read logs/callout/pager-gw-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['callout CO-40917', 'SMS fallback failed for 6 of 19 members'] }],
      },
      {
        text: "Right, some background since this is your first day on it. I'm rebuilding the call-out roster for Glen Arden MRT under MRT-562. One big choice is already made: the roster moves into Postgres and stops living in the shared Google Sheet. During the Ben Macdui call-out in March two people were editing the sheet at once, and the page went to someone who had left the team a year before. #reply Understood — Postgres from now on, no more sheet.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['MRT-562'] },
          { category: 'decision', strings: ['the roster moves into Postgres and stops living in the shared Google Sheet'], reasons: ['two people were editing the sheet at once'] },
        ],
      },
      {
        text: '成都那边把接口文档发过来了：发起呼叫是 POST /api/callouts/{incidentId}/page，查某一周的值守覆盖用 GET /api/rota/weeks/{isoWeek}/cover。测试环境的寻呼网关在 pager-gw.stg.glenarden-mrt.net:7443。 #reply 收到，三个都记下了。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['POST /api/callouts/{incidentId}/page'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['GET /api/rota/weeks/{isoWeek}/cover'] },
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['pager-gw.stg.glenarden-mrt.net:7443'] },
        ],
      },
      {
        text: "Two things from the team leaders' meeting. A page must never carry the casualty's name or anything medical — grid reference and incident number only, pages end up on lock screens. And before the 6 December training night, get the four new probationers imported from the membership sheet so they show up on the rota. #reply Both noted.",
        facts: [
          { category: 'rule', strings: ["A page must never carry the casualty's name or anything medical"] },
          { category: 'todo', strings: ['get the four new probationers imported from the membership sheet', 'before the 6 December training night'] },
        ],
      },
      {
        text: "How long does escalation wait before it pages the next tier, and what's the smallest hill party it will send? #read roster/callout/escalation.py",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['PAGE_ACK_TIMEOUT_S = 240', 'MIN_HILL_PARTY = 4'] }],
      },
      { text: 'Start a notes file for the rebuild. #write roster/NOTES.md # Call-out roster rebuild\n\nincident opened -> members on cover -> app push -> SMS to the silent ones -> acknowledgements -> hill party formed -> stand-down by the team leader.' },
      { filler: 3500, style: 'work' },
      {
        text: '成都组刚在群里定了：值班表里的时间一律按 UTC 存，界面上再按各队所在地显示。去年 3 月英国切夏令时那晚，有两名队员的班被算了两遍。 #reply 明白，存储统一用 UTC。',
        facts: [{ category: 'decision', lang: 'zh', strings: ['值班表里的时间一律按 UTC 存'], reasons: ['去年 3 月英国切夏令时那晚，有两名队员的班被算了两遍'] }],
      },
      {
        text: 'The October review wrote down the paging order. Have a read, I want to be sure the code matches. #read docs/design/paging-order.md',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['first five acknowledgements', '6 min 55 s at weekends'] },
          { category: 'decision', source: 'tool', strings: ["the app push goes first and SMS only follows for members who haven't acknowledged within 90 seconds"], reasons: ['had pushed the September SMS bill to £1,140'] },
        ],
      },
      {
        text: 'This is what the staging pod looks like after the redeploy (trimmed):\n\n  Image:        registry.glenarden-mrt.net/callout-roster:1.9.0-rc.3\n  Environment:  CALLOUT_SMS_PROVIDER=twilio-eu\n  Annotations:  rollout-id=f7691b8c-583f-442e-8a45-e0c20d9ae8b3\n\n#reply Thanks, I have the image, the provider setting and the rollout id.',
        facts: [
          { category: 'identifier', kind: 'version', strings: ['callout-roster:1.9.0-rc.3'] },
          { category: 'identifier', kind: 'env', strings: ['CALLOUT_SMS_PROVIDER=twilio-eu'] },
          { category: 'identifier', kind: 'uuid', strings: ['f7691b8c-583f-442e-8a45-e0c20d9ae8b3'] },
        ],
      },
      {
        text: '長野の救助隊から、夜間出動の判断ルールを変えたと連絡がありました。内容を確認してください。 #read docs/長野/夜間の出動判断.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['日没後の出動は、隊長に連絡がつかない場合、副隊長 2 名の同意で発令できる'], reasons: ['発令が平均 38 分遅れた事案が 4 件あった'] }],
      },
      {
        text: '長野側からもう一点あります。隊員の位置情報は、出動中以外は保存しないでください。県の個人情報保護の担当から指摘を受けたそうです。 #reply 承知しました。出動中だけ保存します。',
        facts: [{ category: 'rule', lang: 'ja', strings: ['隊員の位置情報は、出動中以外は保存しないでください'] }],
      },
      { filler: 2500, style: 'work' },
      {
        text: "I've talked it through with Eilidh and we're dropping the automatic stand-down after six hours; standing the team down stays a human call. Last February the timer stood everyone down while three walkers were still unaccounted for. The timer removal is already on the branch as 1c684358e2c7bc0990609b9907b6ad504b45b4de. #reply Agreed, the stand-down is manual from now on.",
        facts: [
          { category: 'decision', strings: ['dropping the automatic stand-down after six hours'], reasons: ['the timer stood everyone down while three walkers were still unaccounted for'] },
          { category: 'identifier', kind: 'hash', strings: ['1c684358e2c7bc0990609b9907b6ad504b45b4de'] },
        ],
      },
      {
        text: "The coastguard helicopter is exercising with us on Saturday night. Who on next week's rota is winch-trained and on that night? #read rota/availability-2026-w48.csv",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['M-0142,Callum Reid,hill-party,winch-trained,on'] }],
      },
      {
        text: '还有个事：如果 Vodafone 到 12 月 15 日还没批下我们的发件人 ID，就把短信通道切到 Twilio 的短号码，别再等了。 #reply 好，以 15 号为界。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['就把短信通道切到 Twilio 的短号码', '如果 Vodafone 到 12 月 15 日还没批下我们的发件人 ID'] }],
      },
      {
        text: 'So the team knows where to look: live call-outs are on https://ops.glenarden-mrt.net/callouts/live and every acknowledgement receipt is archived under /var/lib/callout/acks/. #reply Noted both.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://ops.glenarden-mrt.net/callouts/live'] },
          { category: 'identifier', kind: 'path', strings: ['/var/lib/callout/acks/'] },
        ],
      },
      { text: 'Bring the pager outage runbook up to date with the SMS fallback. #write docs/runbooks/pager-outage.md # Pager outage\n\n1. Phone the base controller.\n2. Check the gateway log for the call-out and how many members the SMS fallback missed.\n3. Page the missed members again by app; if the app is down too, use the landline call tree in the team hut.\n' },
      { filler: 4000, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'b2-bakery-ovens',
    set: 'held-out-27',
    files: {
      'ovens/scheduler/src/deckPlan.ts': code('ts', 100, [
        [0.35, 'const DECK_PREHEAT_MINUTES = 35;'],
        [0.36, 'export const MAX_LOADS_PER_DECK_HOUR = 3;'],
      ]),
      'logs/ovens/plc-bridge-2026-11-26.log': log('plc-bridge', '2026-11-26', 115, [[0.3, '2026-11-26T04:12:44Z ERROR plc-bridge oven RO-3 (Leeds central) steam valve fault E-217; batch B-77120 (baguette tradition, 240 pcs) held in proofer for 18 min']]),
      'config/ovens.yaml': code('yaml', 70, [[0.55, '    proofer_capacity_trays: 48']]),
      'data/energy/tariff-2026-12.json': json({
        supplier: 'Northern Grid Energy',
        site: 'leeds-central',
        month: '2026-12',
        bands: [
          ...rows(3, (i) => ({ band: ['night', 'day', 'shoulder'][i], from: ['00:00', '07:00', '19:00'][i], to: ['07:00', '16:00', '24:00'][i], gbp_per_kwh: [0.142, 0.231, 0.268][i], meter: `${pick(WORDS)}-${i}` })),
          { band: 'red-peak', from: '16:00', to: '19:00', gbp_per_kwh: 0.412, meter: 'main' },
        ],
      }),
      'docs/上海/可颂排产.md': CROISSANT_DOC,
      'docs/ops/sourdough-central.md': essay('Operations memo: where the sourdough is baked', 5, [
        [0.6, 'Outcome of the November operations meeting: from January, all sourdough is baked at the central bakery instead of in each shop. Shop-kept levain had drifted so far that 14 of our 38 shops failed the October taste panel.'],
      ]),
      'ovens/CHANGELOG.md': '# Changelog\n\n## 2.13.0\n\n- Shop bake plans per day.\n- PLC bridge read-only.\n',
    },
    turns: [
      {
        text: "Morning. Before anything else, the food-safety lead's rule that applies to every schedule you generate: nothing containing nuts goes into a deck that bakes gluten-free loaves on the same day. #reply Understood, nut products and gluten-free loaves never share a deck on the same day.",
        facts: [{ category: 'rule', strings: ['nothing containing nuts goes into a deck that bakes gluten-free loaves on the same day'] }],
      },
      {
        text: "We're building the oven scheduler for Maison Levain's central bakery in Leeds and its shops. Here's where it stands — what does it assume about preheating and loads per deck? #read ovens/scheduler/src/deckPlan.ts",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['DECK_PREHEAT_MINUTES = 35', 'MAX_LOADS_PER_DECK_HOUR = 3'] }],
      },
      {
        text: 'The scheduling unit is going to be the oven deck, not the product line. Reason: in October two product lines booked the same deck for 05:00 in nine shops and the bakers had to improvise. The PLC bridge we talk to is plc-bridge.leeds-central.lan:502, and the scheduler takes its time zone from OVEN_SCHEDULER_TZ=Europe/London. #reply Deck-based it is; I noted the bridge and the time-zone variable.',
        facts: [
          { category: 'decision', strings: ['The scheduling unit is going to be the oven deck, not the product line'], reasons: ['two product lines booked the same deck for 05:00 in nine shops'] },
          { category: 'identifier', kind: 'host:port', strings: ['plc-bridge.leeds-central.lan:502'] },
          { category: 'identifier', kind: 'env', strings: ['OVEN_SCHEDULER_TZ=Europe/London'] },
        ],
      },
      {
        text: 'Rack oven 3 threw something at four this morning. What does the PLC bridge log say? #read logs/ovens/plc-bridge-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['steam valve fault E-217', 'batch B-77120'] }],
      },
      {
        text: '大阪の加盟店チームからです。焼成計画の取得は GET /ovens/v2/shops/{shopCode}/bake-plan、デッキごとの枠の変更は PUT /ovens/v2/decks/{deckId}/slots を使ってください。それから、大阪ではメロンパンを 1 日 3 回に分けて焼くことになりました。1 回でまとめて焼くと午後には皮がしっとりしてしまい、返品率が 12% まで上がったからです。 #reply 承知しました。エンドポイント 2 つとメロンパンの焼成回数、記録しました。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /ovens/v2/shops/{shopCode}/bake-plan'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['PUT /ovens/v2/decks/{deckId}/slots'] },
          { category: 'decision', lang: 'ja', strings: ['メロンパンを 1 日 3 回に分けて焼く'], reasons: ['午後には皮がしっとりしてしまい、返品率が 12% まで上がった'] },
        ],
      },
      { text: 'Write the daily cycle down in a notes file so the next person has it. #write ovens/NOTES.md # An oven day at Leeds central\n\norders close 20:00 -> deck plan per oven -> preheat -> loads in deck order -> cooling racks -> vans out 05:30 -> shop top-up bakes.' },
      { filler: 4000, style: 'work' },
      {
        text: '上海运营部发来了可颂的排产调整，帮我看一下对排程有什么影响。 #read docs/上海/可颂排产.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['上海门店的可颂改为前一天晚上整形后冷藏，早上直接进炉烘烤'], reasons: ['第一炉可以提前到 6:50 出炉'] }],
      },
      {
        text: '上海那边还有两个要求。第一，炉温记录至少保留 24 个月，任何人都不能手工修改。第二，如果 RO-3 下周再报 E-217，就把它的批次挪到 RO-5，并通知设备供应商上门检修。 #reply 好的，两条都记下了。',
        facts: [
          { category: 'rule', lang: 'zh', strings: ['炉温记录至少保留 24 个月，任何人都不能手工修改'] },
          { category: 'todo', lang: 'zh', strings: ['就把它的批次挪到 RO-5，并通知设备供应商上门检修', '如果 RO-3 下周再报 E-217'] },
        ],
      },
      {
        text: 'Forgot to say: all of this goes under BAKE-2291. Staging runs oven-scheduler 2.14.0, the plan it produced for tomorrow is e3d49848-f6f6-4cd5-bfdd-ac971826167c, and my fix for the preheat overlap is fa38b21f9e42253e26eec29b92210b9c9ee5ea6e on the branch. #reply Got it, all four.',
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['BAKE-2291'] },
          { category: 'identifier', kind: 'version', strings: ['oven-scheduler 2.14.0'] },
          { category: 'identifier', kind: 'uuid', strings: ['e3d49848-f6f6-4cd5-bfdd-ac971826167c'] },
          { category: 'identifier', kind: 'hash', strings: ['fa38b21f9e42253e26eec29b92210b9c9ee5ea6e'] },
        ],
      },
      {
        text: 'Which band of the December tariff is the expensive one at the central bakery? #read data/energy/tariff-2026-12.json',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"band": "red-peak"', '"gbp_per_kwh": 0.412'] }],
      },
      {
        text: "That settles it. The red band costs nearly three times the night rate, so we move the afternoon top-up bakes for the shops to before 16:00. #reply OK, top-up bakes finish before 16:00.",
        facts: [{ category: 'decision', strings: ['move the afternoon top-up bakes for the shops to before 16:00'], reasons: ['The red band costs nearly three times the night rate'] }],
      },
      { filler: 3000, style: 'work' },
      {
        text: 'Ops sent round a memo about sourdough. Does anything in it change the schedule? #read docs/ops/sourdough-central.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['all sourdough is baked at the central bakery instead of in each shop'], reasons: ['14 of our 38 shops failed the October taste panel'] }],
      },
      {
        text: 'How many trays does the proofer take, according to the oven config? #exec grep -n "proofer_capacity_trays" config/ovens.yaml',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['proofer_capacity_trays: 48'] }],
      },
      {
        text: 'By Friday 4 December I need the Christmas stollen schedule for the central bakery set up, 1,800 loaves over three weeks. The bakers follow https://ops.maisonlevain.example.co.uk/ovens/leeds-central/today on the tablet, and generated plans are archived in /srv/oven-scheduler/plans/archive/. #reply Stollen schedule by 4 December; noted the page and the archive.',
        facts: [
          { category: 'todo', strings: ['the Christmas stollen schedule for the central bakery set up', 'By Friday 4 December'] },
          { category: 'identifier', kind: 'url', strings: ['https://ops.maisonlevain.example.co.uk/ovens/leeds-central/today'] },
          { category: 'identifier', kind: 'path', strings: ['/srv/oven-scheduler/plans/archive/'] },
        ],
      },
      { text: 'Add the next release to the changelog. #write ovens/CHANGELOG.md # Changelog\n\n## 2.14.0\n\n- Plans per oven deck.\n- Preheat overlap fixed.\n- Afternoon shop bakes kept out of the evening tariff band.\n\n## 2.13.0\n\n- Shop bake plans per day.\n- PLC bridge read-only.\n' },
      { filler: 3000, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'g3-ground-station-passes',
    set: 'held-out-27',
    files: {
      'planner/src/visibility.c': code('c', 95, [
        [0.5, '#define MIN_ELEVATION_DEG 10'],
        [0.51, '#define GP_MAX_AGE_HOURS 36'],
      ]),
      'logs/gs/antenna-ctl-2026-11-26.log': log('antenna-ctl', '2026-11-26', 120, [[0.45, '2026-11-26T02:51:09Z ERROR antenna-ctl station SVB-2 pass P-660318 (ORBIT-7) lost track at AOS+212s: azimuth drive overcurrent 14.8 A, contact aborted']]),
      'data/passes/2026-11-28.csv': csv(
        'pass_id,satellite,station,aos_utc,los_utc,max_el_deg,band',
        72,
        (i) => `P-66${String(400 + i * 3).padStart(4, '0')},ORBIT-${1 + (i % 14)},${pick(['SVB-2', 'SVB-3', 'HKD-1', 'SYA-1'])},${String(i % 24).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}:00,${String(i % 24).padStart(2, '0')}:${String((i * 7 + 9) % 60).padStart(2, '0')}:30,${(12 + ((i * 13) % 60)).toFixed(1)},${pick(['X', 'S', 'Ka'])}`,
        [[0.5, 'P-660542,ORBIT-11,HKD-1,03:18:40,03:29:05,87.4,X']],
      ),
      'docs/大樹/降雪時の運用.md': SNOW_DOC,
      'docs/customers/onboarding-review.md': essay('Customer onboarding review, Q3', 6, [
        [0.5, 'In the quarter, 23 of 212 scheduled contacts for newly onboarded customers were lost because the ephemeris the customer uploaded was more than four days old.'],
      ]),
      'deploy/pass-planner/release.txt': 'service: pass-planner\nimage: registry.boreal-downlink.net/pass-planner:4.2.1\nbuild_id: 09735972-0a8a-4afd-b53b-e07f4e46bb56\nbuilt_at: 2026-11-25T16:02:11Z\nrunner: ci-arm64-03\n',
    },
    turns: [
      {
        text: "New one for you: GSN-1408, the pass planner for Boreal Downlink's ground stations. We've decided to drive orbit prediction from CelesTrak's GP data in OMM/JSON rather than two-line element sets — TLEs can't hold catalogue numbers above 99999, and two of the customer satellites launching in January will be past that. #reply OK, OMM rather than TLE.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['GSN-1408'] },
          { category: 'decision', strings: ["drive orbit prediction from CelesTrak's GP data in OMM/JSON rather than two-line element sets"], reasons: ["TLEs can't hold catalogue numbers above 99999"] },
        ],
      },
      {
        text: 'What elevation mask and element-age limit does the visibility code use today? #read planner/src/visibility.c',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['MIN_ELEVATION_DEG 10', 'GP_MAX_AGE_HOURS 36'] }],
      },
      {
        text: "An operations rule, and it isn't up for debate: never schedule a contact below a station's horizon mask, even when the customer asks for it. #reply Understood, the horizon mask always wins.",
        facts: [{ category: 'rule', strings: ["never schedule a contact below a station's horizon mask"] }],
      },
      {
        text: 'Svalbard lost a pass overnight. Find out why. #read logs/gs/antenna-ctl-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['pass P-660318', 'azimuth drive overcurrent 14.8 A'] }],
      },
      {
        text: '三亚站的同事说，他们把排程冻结窗口从 2 小时延长到 6 小时了，因为上个月有 3 次临时插单，把已经确认的客户过境挤掉了。他们那边下发计划用 POST /gs/v1/stations/{stationId}/plans，天线控制器在 acu.sya1.boreal-downlink.net:4001。 #reply 明白：冻结窗口 6 小时，接口和地址都记下了。',
        facts: [
          { category: 'decision', lang: 'zh', strings: ['排程冻结窗口从 2 小时延长到 6 小时'], reasons: ['上个月有 3 次临时插单，把已经确认的客户过境挤掉了'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['POST /gs/v1/stations/{stationId}/plans'] },
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['acu.sya1.boreal-downlink.net:4001'] },
        ],
      },
      { text: 'Start a notes file for the planner. #write planner/NOTES.md # Pass planner\n\nfetch GP data -> propagate per satellite -> visibility per station and mask -> resolve conflicts -> freeze -> push plans to stations -> record contacts.' },
      { filler: 3500, style: 'work' },
      {
        text: '大樹局から降雪時の運用方針が届きました。パス割り当てに関係するところを教えてください。 #read docs/大樹/降雪時の運用.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['降雪予報が出ている日は、Ka 帯のパスを割り当てず X 帯だけで運用する'], reasons: ['昨冬は降雪時の Ka 帯受信失敗率が 31% に達した'] }],
      },
      {
        text: '大樹局からもう二点あります。顧客衛星へのコマンド送信は、必ず顧客側の承認トークンを確認してから行ってください。それと、12 月 10 日までに HKD-1 のホライズンマスクを新しい測量データで更新しておいてください。 #reply 承知しました。承認トークンの確認と、10 日までのマスク更新ですね。',
        facts: [
          { category: 'rule', lang: 'ja', strings: ['顧客衛星へのコマンド送信は、必ず顧客側の承認トークンを確認してから行ってください'] },
          { category: 'todo', lang: 'ja', strings: ['HKD-1 のホライズンマスクを新しい測量データで更新しておいてください', '12 月 10 日までに'] },
        ],
      },
      {
        text: 'Which build is the planner running in staging right now? #exec grep -E "image|build_id" deploy/pass-planner/release.txt',
        facts: [
          { category: 'identifier', kind: 'version', source: 'tool', strings: ['pass-planner:4.2.1'] },
          { category: 'identifier', kind: 'uuid', source: 'tool', strings: ['09735972-0a8a-4afd-b53b-e07f4e46bb56'] },
        ],
      },
      {
        text: 'The HKD-1 dish has a keyhole above 85°. Is there any pass tomorrow that goes nearly overhead there? #read data/passes/2026-11-28.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['P-660542,ORBIT-11,HKD-1,03:18:40,03:29:05,87.4'] }],
      },
      {
        text: "If the SVB-2 azimuth drive trips again before the spare motor arrives, move ORBIT-7's polar passes to the backup dish SVB-3 and tell the customer the same day. #reply Will do if it trips again.",
        facts: [{ category: 'todo', strings: ["move ORBIT-7's polar passes to the backup dish SVB-3", 'If the SVB-2 azimuth drive trips again before the spare motor arrives'] }],
      },
      { filler: 2500, style: 'work' },
      {
        text: 'Customer success wrote up their onboarding review. Any numbers in it we should care about? #read docs/customers/onboarding-review.md',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['23 of 212 scheduled contacts', 'more than four days old'] }],
      },
      {
        text: 'Odds and ends before I forget: the scheduler needs PASS_PLANNER_GP_SOURCE=celestrak-omm in its environment, customers see their contacts at https://portal.boreal-downlink.net/contacts/upcoming, the overcurrent guard went in as a49a7e2b1c827826239f1e2be5d298a43a1cfde2, and raw baseband recordings land in /data/baseband/raw/. #reply All four noted.',
        facts: [
          { category: 'identifier', kind: 'env', strings: ['PASS_PLANNER_GP_SOURCE=celestrak-omm'] },
          { category: 'identifier', kind: 'url', strings: ['https://portal.boreal-downlink.net/contacts/upcoming'] },
          { category: 'identifier', kind: 'hash', strings: ['a49a7e2b1c827826239f1e2be5d298a43a1cfde2'] },
          { category: 'identifier', kind: 'path', strings: ['/data/baseband/raw/'] },
        ],
      },
      {
        text: '三亚站又提醒了一句：每周一要把排程冲突报告发给三个站的站长，第一份最晚 12 月 7 日发出。 #reply 好的，7 号之前发第一份。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['每周一要把排程冲突报告发给三个站的站长', '第一份最晚 12 月 7 日发出'] }],
      },
      { text: 'Update the planner notes with the snow rule and the freeze window. #write planner/NOTES.md # Pass planner\n\nfetch GP data (OMM) -> propagate per satellite -> visibility per station and mask -> resolve conflicts -> freeze 6 h ahead -> push plans to stations -> record contacts. Snow forecast at HKD-1: X band only.' },
      { filler: 3500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
