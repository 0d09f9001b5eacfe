// The ninth HELD-OUT set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an
// independent writer who never saw the extraction code (nor its results on any set), and never tuned on: new projects
// (a crafts museum's timed-entry ticketing, a veterinary clinic chain's appointment reminders, a ski resort's lift-pass
// gate scanners), new wording, work-style filler. Never tune extraction on it and never read its results while
// changing extraction: its figures are the ones the targets are checked on.
// Same format as tuning.mjs / held-out.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x9a17c3);

const SPECIAL_EXHIBITION_DOC = `# 特別展「京の漆と蒔絵」入場方式について

総務課・広報課 · 2026 年 11 月

会期は 12 月 12 日から 2 月 28 日まで。前売りの出足は昨年の琳派展を上回っており、初週末は 1 日 6,000 人前後を見込んでいます。

入場方式については館内で何度か議論しましたが、以下のとおり決めました。

決定事項：特別展は 30 分ごとの時間指定制とし、当日券の販売は行わない。昨年の琳派展では当日券の列が最長 2 時間半に達し、消防署から指導を受けたためです。

なお、団体（20 名以上）は従来どおり 2 週間前までの事前申込とし、受付は教育普及課が担当します。
`;

const TAIPEI_POLICY_DOC = `# 台北分院疫苗提醒政策調整

臨床營運部 · 2026 年 11 月

背景：目前台北四家分院的疫苗到期提醒只在到期前 3 天以簡訊通知一次，飼主回覆率偏低。

今年第三季共有 1,920 隻犬貓的狂犬病疫苗逾期，其中多數飼主表示「收到通知時已經約不到門診」。

結論：疫苗到期提醒改為提前 14 天發送，並在前 3 天再補發一次。原因是去年只提前 3 天通知，有三成的飼主來不及預約。

補發的提醒內容須附上線上預約連結；若飼主已預約，則不再補發。
`;

const LIFT_OPS_DOC = `# 強風時のリフト運休と券の取り扱い

索道部・営業部 · 2026 年 11 月

白馬高原では 1 月から 2 月にかけて、山頂付近の風速が 20 m/s を超えて上部リフトが運休する日が毎シーズン 10 日前後あります。

これまでは運休の度に窓口で払い戻しを受け付けてきましたが、今シーズンから扱いを変えます。

変更点：強風でリフトを運休した場合、その日の 1 日券は自動で翌シーズンまで有効な振替券に変える。窓口での払い戻し対応に去年は 1 日最大 400 件の列ができたためです。

振替券はゲート側では通常の 1 日券として扱い、特別な設定は不要です。
`;

const GATE_VENDOR_DOC = `# 闸机固件升级说明（供应商：深圳通达闸机）

2026 年 11 月 · 适用于 TG-900 系列

本说明针对白马高原雪场已安装的 38 台 TG-900 闸机以及新到的一批闸机。

固件包由厂商签名，闸机在安装前会校验签名。升级过程约 6 分钟，期间闸机不能刷卡。

调整：闸机固件改为每晚 03:00 统一升级，不再白天推送。上个雪季白天推送固件时有 9 台闸机同时重启，排队超过 20 分钟。

如果某台闸机升级失败，它会自动回滚到上一个版本，并在第二天早上的报告里列出。
`;

export const SESSIONS = [
  {
    id: 'p1-museum-timed-entry',
    set: 'held-out-9',
    files: {
      'ticketing/src/slots/capacity.ts': code('ts', 90, [
        [0.4, 'export const SLOT_CAPACITY_DEFAULT = 180;'],
        [0.41, 'const WALKIN_HOLDBACK_PCT = 15; // share of each slot kept for the front desk'],
      ]),
      'logs/ticketing/gate-scan-2026-11-26.log': log('gate-scan', '2026-11-26', 115, [[0.55, '2026-11-26T10:32:08Z ERROR gate-scan entrance E2: 312 tickets rejected as SLOT_EXPIRED for slot 10:00-10:15, clock skew 17m on scanner GS-E2-04']]),
      'data/bookings/2026-12-12-groups.csv': csv(
        'booking_id,group,slot,size,type,payment',
        55,
        (i) => `G-${7600 + i * 2},${pick(['Kamo', 'Higashiyama', 'Sakyo', 'Fushimi'])} ${pick(['Elementary', 'Seniors Club', 'Rotary', 'Art Circle'])} ${i},${String(9 + (i % 8)).padStart(2, '0')}:${i % 2 ? '30' : '00'},${18 + (i % 60)},${pick(['school', 'tour', 'club'])},paid`,
        [[0.52, 'G-7731,Seika Gakuen Junior High,09:30,186,school,unpaid']],
      ),
      'docs/design/membership-priority.md': essay('Design note: how members book timed slots', 6, [
        [0.5, 'We settled on giving members a 48-hour early booking window in the shared slot pool rather than a reserved member quota, because the reserved quota sat 40 % empty on weekday mornings last spring while the public slots sold out.'],
      ]),
      'docs/館内/特別展入場.md': SPECIAL_EXHIBITION_DOC,
      'deploy/ticketing/compose.yaml': code('yaml', 50, [[0.3, '    image: "registry.okazaki-museum.example.jp/ticketing-api:2.14.3"']]),
      'ticketing/CHANGELOG.md': '# Changelog\n\n## 2.14.3\n\n- Slot calendar shows sold-out days in grey.\n- Fix: refunds for cancelled evening openings.\n',
    },
    turns: [
      {
        text: "New project this week: timed-entry ticketing for the Okazaki Museum of Crafts, ticket MUSE-2207. First thing we agreed on — we'll hold each booked slot in Redis with a 10-minute TTL while the visitor pays, rather than writing a pending row to Postgres. Last time pending rows piled up to 40k during the Hokusai launch and locked the slots table. #reply OK, Redis holds with a TTL.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['MUSE-2207'] },
          { category: 'decision', strings: ['hold each booked slot in Redis with a 10-minute TTL while the visitor pays'], reasons: ['pending rows piled up to 40k during the Hokusai launch'] },
        ],
      },
      {
        text: "The director's one hard line: we never oversell a slot, not even by one ticket. The fire certificate caps the galleries at 900 people at any time. #reply Understood, no overselling.",
        facts: [{ category: 'rule', strings: ['never oversell a slot, not even by one ticket'] }],
      },
      {
        text: 'How big is a slot by default, and how much is held back for walk-ins? #read ticketing/src/slots/capacity.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['SLOT_CAPACITY_DEFAULT = 180', 'WALKIN_HOLDBACK_PCT = 15'] }],
      },
      {
        text: '上海外包团队发来的接口：锁定时段用 POST /api/tickets/v1/slots/{slotId}/holds，查询余票用 GET /api/tickets/v1/exhibitions/{exhibitionId}/availability。测试环境的 Redis 是 redis-tix.stg.okazaki-museum.internal:6380。 #reply 好的，已经记下来了。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['POST /api/tickets/v1/slots/{slotId}/holds'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['GET /api/tickets/v1/exhibitions/{exhibitionId}/availability'] },
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['redis-tix.stg.okazaki-museum.internal:6380'] },
        ],
      },
      {
        text: 'Visitors with valid tickets were turned away at the east entrance yesterday morning. Can you find out why from the scan log? #read logs/ticketing/gate-scan-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['312 tickets rejected as SLOT_EXPIRED', 'clock skew 17m on scanner GS-E2-04'] }],
      },
      {
        text: 'それと、12 月 12 日（土）の特別展初日までに、入口 E2 のスキャナー 6 台の時刻同期を NTP に切り替えておいてください。 #reply 承知しました、初日までに切り替えます。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['入口 E2 のスキャナー 6 台の時刻同期を NTP に切り替えておいてください', '12 月 12 日（土）の特別展初日までに'] }],
      },
      { text: 'Start a notes file with the booking flow. #write ticketing/NOTES.md # Booking flow\n\npick exhibition -> pick day -> pick 30-minute slot -> hold -> pay -> e-ticket with QR -> scan at entrance.' },
      { filler: 5500, style: 'work' },
      {
        text: '総務課から特別展の入場方式についての文書が届きました。目を通してもらえますか。 #read docs/館内/特別展入場.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['特別展は 30 分ごとの時間指定制とし、当日券の販売は行わない'], reasons: ['昨年の琳派展では当日券の列が最長 2 時間半に達し'] }],
      },
      {
        text: "For the record, the hold length is set with TIX_HOLD_TTL_SECONDS=600 on both API pods, and the lacquer exhibition's id in the system is df7a3aeb-267e-491a-bc4a-fc55726e4912. #reply Noted both.",
        facts: [
          { category: 'identifier', kind: 'env', strings: ['TIX_HOLD_TTL_SECONDS=600'] },
          { category: 'identifier', kind: 'uuid', strings: ['df7a3aeb-267e-491a-bc4a-fc55726e4912'] },
        ],
      },
      {
        text: 'Is any group on opening day bigger than one slot can take? #read data/bookings/2026-12-12-groups.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['G-7731,Seika Gakuen Junior High,09:30,186'] }],
      },
      {
        text: "OK here's how we'll handle that: cap school groups at 120 per slot and split anything larger across two consecutive slots. The education team says the Hall of Lacquer gets dangerously crowded above that. #reply Makes sense, 120 per slot.",
        facts: [{ category: 'decision', strings: ['cap school groups at 120 per slot and split anything larger across two consecutive slots'], reasons: ['the Hall of Lacquer gets dangerously crowded above that'] }],
      },
      {
        text: "If the payment provider's webhook still arrives more than 8 minutes late on Monday, shorten the checkout timer to 7 minutes and tell the front desk. And please keep the wheelchair-accessible slots bookable by phone only; the web form can't check the companion ticket. #reply Will watch the webhook lag on Monday; phone only for those slots.",
        facts: [
          { category: 'todo', strings: ['shorten the checkout timer to 7 minutes and tell the front desk', "If the payment provider's webhook still arrives more than 8 minutes late on Monday"] },
          { category: 'rule', strings: ['keep the wheelchair-accessible slots bookable by phone only'] },
        ],
      },
      {
        text: '上海团队那边确认了：电子票二维码改用 Ed25519 签名，不再用 HMAC，原因是闸机要离线验票，HMAC 的密钥没法安全地放到每台闸机上。还有，麻烦在 12 月 3 日前把英文和中文的退票说明页面做好。 #reply 明白，这两件事我都记下了。',
        facts: [
          { category: 'decision', lang: 'zh', strings: ['电子票二维码改用 Ed25519 签名，不再用 HMAC'], reasons: ['闸机要离线验票，HMAC 的密钥没法安全地放到每台闸机上'] },
          { category: 'todo', lang: 'zh', strings: ['把英文和中文的退票说明页面做好', '12 月 3 日前'] },
        ],
      },
      {
        text: 'Membership asked why members have no reserved slots. The answer is in the design note, I think. #read docs/design/membership-priority.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['giving members a 48-hour early booking window in the shared slot pool rather than a reserved member quota'], reasons: ['the reserved quota sat 40 % empty on weekday mornings last spring'] }],
      },
      {
        text: 'Which image tag is the ticketing API actually deployed with? #exec grep -n "image:" deploy/ticketing/compose.yaml',
        facts: [{ category: 'identifier', kind: 'version', source: 'tool', strings: ['ticketing-api:2.14.3'] }],
      },
      {
        text: 'A few pointers for the handover: slots are managed at https://admin.okazaki-museum.example.jp/tickets/slots?date=2026-12-12, the Ed25519 switch went in as c52a4056fe1e26f8faff9a7534b08d7272328acb, and nightly sales exports land in /srv/ticketing/exports/daily/. #reply Got all three.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://admin.okazaki-museum.example.jp/tickets/slots?date=2026-12-12'] },
          { category: 'identifier', kind: 'hash', strings: ['c52a4056fe1e26f8faff9a7534b08d7272328acb'] },
          { category: 'identifier', kind: 'path', strings: ['/srv/ticketing/exports/daily/'] },
        ],
      },
      { text: 'Add the next release to the changelog. #write ticketing/CHANGELOG.md # Changelog\n\n## 2.15.0\n\n- Slot holds in Redis while the visitor pays.\n- QR codes signed with Ed25519.\n- School groups capped per slot.\n\n## 2.14.3\n\n- Slot calendar shows sold-out days in grey.\n- Fix: refunds for cancelled evening openings.\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'p2-vet-reminders',
    set: 'held-out-9',
    files: {
      'reminders/worker/schedule.py': code('py', 95, [
        [0.5, 'REMINDER_LEAD_HOURS = (72, 24, 2)'],
        [0.51, 'QUIET_HOURS = ("21:00", "08:00")  # local time of the clinic'],
      ]),
      'logs/reminders/sms-gateway-2026-11-26.log': log('sms-gateway', '2026-11-26', 110, [[0.45, '2026-11-26T07:18:44Z ERROR sms-gateway provider twilio-au throttled clinic CL-114: 1,284 reminders deferred, 429 Too Many Requests']]),
      'data/noshow/2026-10.json': json({
        month: '2026-10',
        clinics: [
          ...rows(11, (i) => ({ clinic: `${pick(['brisbane', 'perth', 'taipei', 'sydney'])}-${pick(WORDS)}-${i}`, appointments: 900 + 37 * i, no_show_rate: Number((0.041 + 0.002 * i).toFixed(3)) })),
          { clinic: 'osaka-kita', appointments: 1312, no_show_rate: 0.183 },
        ],
      }),
      'docs/design/reminder-channels.md': essay('Reminder channels: what we measured', 6, [
        [0.5, 'Open rates tell the story: in October, 41 % of the email reminders sent by the Brisbane clinics were never opened, against 6 % for SMS.'],
      ]),
      'docs/台北/提醒政策.md': TAIPEI_POLICY_DOC,
      'deploy/reminders/values.yaml': code('yaml', 60, [[0.6, '    smtpRelay: "mx-relay.pawsfirst.internal:2525"']]),
      'reminders/templates/ja/vaccine.txt': '{{pet_name}} ちゃんのワクチン接種の時期が近づいています。\n{{clinic_name}} でのご予約をお待ちしております。\n',
    },
    turns: [
      {
        text: "Switching to PawsFirst's appointment reminders now (60 clinics), CARE-5140 on the board. Big change: reminders will be sent from a queue per clinic instead of one nightly batch for the whole chain. With the single batch, a single bad clinic template stopped 11,000 reminders on 3 November. #reply A queue per clinic, got it.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['CARE-5140'] },
          { category: 'decision', strings: ['reminders will be sent from a queue per clinic instead of one nightly batch for the whole chain'], reasons: ['a single bad clinic template stopped 11,000 reminders on 3 November'] },
        ],
      },
      {
        text: "Legal gave us one thing that isn't up for discussion: no reminder may ever mention the diagnosis or the medication, only the pet's name, the clinic and the time. #reply Understood.",
        facts: [{ category: 'rule', strings: ['no reminder may ever mention the diagnosis or the medication'] }],
      },
      {
        text: 'When do reminders go out relative to the appointment, and is there a quiet period? #read reminders/worker/schedule.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['REMINDER_LEAD_HOURS = (72, 24, 2)', 'QUIET_HOURS = ("21:00", "08:00")'] }],
      },
      {
        text: '大阪のクリニック向け LINE 連携の API です。予約の取得は GET /v2/clinics/{clinicId}/appointments、リマインダーの送信予約は POST /v2/reminders/batches です。ステージングの LINE ブリッジは line-bridge.stg.pawsfirst.jp:9443 にあります。 #reply ありがとうございます、メモしました。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /v2/clinics/{clinicId}/appointments'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /v2/reminders/batches'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['line-bridge.stg.pawsfirst.jp:9443'] },
        ],
      },
      {
        text: "A clinic in Brisbane says half its clients got no reminder yesterday. What's in the SMS gateway log? #read logs/reminders/sms-gateway-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['clinic CL-114', '1,284 reminders deferred'] }],
      },
      {
        text: '台北那邊還有一件事：請在 12 月 8 日以前把台北四家分院的簡訊退訂關鍵字改成「退訂」和「TD」。 #reply 好的，8 號以前改好。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['把台北四家分院的簡訊退訂關鍵字改成「退訂」和「TD」', '12 月 8 日以前'] }],
      },
      { text: 'Write down how a reminder travels, in a notes file. #write reminders/NOTES.md # Reminder pipeline\n\nappointment booked -> schedule reminders per lead time -> clinic queue -> channel (LINE / SMS / email) -> delivery receipt -> confirm or release the slot.' },
      { filler: 5500, style: 'work' },
      {
        text: '臨床營運部寄來了台北分院的新提醒政策，幫我看一下重點。 #read docs/台北/提醒政策.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['疫苗到期提醒改為提前 14 天發送，並在前 3 天再補發一次'], reasons: ['去年只提前 3 天通知，有三成的飼主來不及預約'] }],
      },
      {
        text: 'Which SMTP relay does the worker use in prod? #exec grep -rn smtpRelay deploy/reminders/',
        facts: [{ category: 'identifier', kind: 'host:port', source: 'tool', strings: ['mx-relay.pawsfirst.internal:2525'] }],
      },
      {
        text: "Quick reference so it's written down: prod runs with REMINDER_DRY_RUN=0, the build out there is reminders-worker 3.7.0, and the Osaka clinic group's tenant id is 3968203a-82c2-45a8-895c-8713f07b73a6. #reply Noted.",
        facts: [
          { category: 'identifier', kind: 'env', strings: ['REMINDER_DRY_RUN=0'] },
          { category: 'identifier', kind: 'version', strings: ['reminders-worker 3.7.0'] },
          { category: 'identifier', kind: 'uuid', strings: ['3968203a-82c2-45a8-895c-8713f07b73a6'] },
        ],
      },
      {
        text: "Which clinic had the worst no-show rate in October? #read data/noshow/2026-10.json",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"clinic": "osaka-kita"', '"no_show_rate": 0.183'] }],
      },
      {
        text: "So for Osaka Kita we'll ask owners to confirm by replying 1 and release unconfirmed slots 24 hours before the visit. Their no-show rate is three times the chain average, and the waiting list there is three weeks long. #reply OK, confirm-or-release for Osaka Kita.",
        facts: [{ category: 'decision', strings: ['ask owners to confirm by replying 1 and release unconfirmed slots 24 hours before the visit'], reasons: ['Their no-show rate is three times the chain average'] }],
      },
      {
        text: '大阪チームと相談して、リマインダーの送信チャネルは LINE を第一にして、届かなかった場合だけ SMS に切り替えることにしました。SMS は 1 通 8 円かかり、LINE なら無料で既読も取れるからです。それから、夜 21 時から朝 8 時の間は絶対に送らないでください。 #reply 了解です。LINE 優先、夜間は送信しません。',
        facts: [
          { category: 'decision', lang: 'ja', strings: ['リマインダーの送信チャネルは LINE を第一にして、届かなかった場合だけ SMS に切り替える'], reasons: ['SMS は 1 通 8 円かかり、LINE なら無料で既読も取れる'] },
          { category: 'rule', lang: 'ja', strings: ['夜 21 時から朝 8 時の間は絶対に送らないでください'] },
        ],
      },
      {
        text: 'Once Twilio approves the short-code upgrade, raise the per-clinic send rate to 10 messages a second. The request went in on Tuesday. #reply Will raise it when the approval comes.',
        facts: [{ category: 'todo', strings: ['raise the per-clinic send rate to 10 messages a second', 'Once Twilio approves the short-code upgrade'] }],
      },
      {
        text: "Marketing keeps pushing email reminders. What did we actually measure? #read docs/design/reminder-channels.md",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['41 % of the email reminders sent by the Brisbane clinics were never opened'] }],
      },
      {
        text: 'For the runbook: the reminder dashboard is at https://ops.pawsfirst.example.com/reminders/queues?view=clinic, the per-clinic queue change merged as 4e3f956915280ef425fabe98dc7283a42c9c4888, and failed sends are dumped into /var/lib/reminders/dead-letter/. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://ops.pawsfirst.example.com/reminders/queues?view=clinic'] },
          { category: 'identifier', kind: 'hash', strings: ['4e3f956915280ef425fabe98dc7283a42c9c4888'] },
          { category: 'identifier', kind: 'path', strings: ['/var/lib/reminders/dead-letter/'] },
        ],
      },
      { text: 'The Japanese vaccine template needs the confirm line for Osaka. #write reminders/templates/ja/vaccine.txt {{pet_name}} ちゃんのワクチン接種の時期が近づいています。\n{{clinic_name}} でのご予約をお待ちしております。\nご来院される場合は「1」と返信してください。' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'p3-lift-pass-gates',
    set: 'held-out-9',
    files: {
      'gates/firmware/keycard_reader.c': code('c', 90, [
        [0.35, '#define RFID_READ_TIMEOUT_MS 350'],
        [0.36, '#define PASS_CACHE_ENTRIES 20000'],
      ]),
      'logs/gates/gate-sync-2026-11-26.log': log('gate-sync', '2026-11-26', 110, [[0.65, '2026-11-26T06:47:03Z ERROR gate-sync gate HKB-G14 (Sakka quad): pass list sync failed after 5 retries, 2,906 season passes missing on the gate']]),
      'data/passes/season-2026-27.csv': csv(
        'pass_id,holder,product,sold_on,note',
        65,
        (i) => `SP-00${88000 + i * 3},${pick(['Sato', 'Suzuki', 'Takahashi', 'Watanabe', 'Brown', 'Lee'])} ${pick(['Aki', 'Yuto', 'Mia', 'Ren', 'Sam'])},${pick(['season-adult', 'season-child', 'season-senior'])},2026-11-${String(1 + (i % 25)).padStart(2, '0')},`,
        [[0.4, 'SP-0088213,Yamada Kenji,season-adult,2026-11-20,dup-of SP-0088197']],
      ),
      'docs/索道/リフト運行.md': LIFT_OPS_DOC,
      'docs/供应商/闸机固件说明.md': GATE_VENDOR_DOC,
      'deploy/gates/fleet.yaml': code('yaml', 60, [[0.45, '    firmware: "gatefw-2.9.1"']]),
      'gates/README.md': '# Lift gates\n\nThe gate controllers at each lift, their firmware and the pass-list sync.\n',
    },
    turns: [
      {
        text: "Last project for the week: the lift-pass scanners at Hakuba Kogen, ticket LIFT-612. The core choice is made: we validate passes on the gate itself against a local allow-list, not by calling the central server per scan. When the fibre to the upper station was cut in February, every gate above the mid-station stopped letting people through for 50 minutes. #reply Local allow-list on the gate, understood.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['LIFT-612'] },
          { category: 'decision', strings: ['validate passes on the gate itself against a local allow-list, not by calling the central server per scan'], reasons: ['every gate above the mid-station stopped letting people through for 50 minutes'] },
        ],
      },
      {
        text: "Ski patrol's rule, and it is absolute: a gate must always open for a patrol or rescue badge, even if the pass list is empty or corrupt. #reply Noted, patrol badges always open.",
        facts: [{ category: 'rule', strings: ['a gate must always open for a patrol or rescue badge'] }],
      },
      {
        text: 'How long does the reader wait for a card, and how many passes can a gate cache? #read gates/firmware/keycard_reader.c',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['RFID_READ_TIMEOUT_MS 350', 'PASS_CACHE_ENTRIES 20000'] }],
      },
      {
        text: '深圳闸机厂商的接口文档里写着：下发白名单用 PUT /gate-api/v3/gates/{gateId}/allowlist，上报刷卡记录用 POST /gate-api/v3/scans/bulk，厂商的测试网关是 gw-test.szgate.example.cn:7443。 #reply 收到，接口和网关地址都记好了。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['PUT /gate-api/v3/gates/{gateId}/allowlist'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['POST /gate-api/v3/scans/bulk'] },
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['gw-test.szgate.example.cn:7443'] },
        ],
      },
      {
        text: "Season-pass holders were refused at one of the quads this morning. Check the sync log? #read logs/gates/gate-sync-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['gate HKB-G14', '2,906 season passes missing on the gate'] }],
      },
      {
        text: 'あと、来週の水曜（12 月 2 日）までに、ゴンドラ山頂駅の 4 ゲートに予備の UPS を付けてもらうよう施設課に依頼しておいてください。 #reply 承知しました、水曜までに依頼します。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['ゴンドラ山頂駅の 4 ゲートに予備の UPS を付けてもらうよう施設課に依頼しておいてください', '来週の水曜（12 月 2 日）までに'] }],
      },
      { text: 'Put the sync flow in a notes file. #write gates/NOTES.md # Pass-list sync\n\nsales system -> nightly full list + delta every 5 min -> gate controller cache -> scan decides locally -> scan records uploaded in bulk.' },
      { filler: 5500, style: 'work' },
      {
        text: '索道部から強風時の取り扱いについて通知が来ています。読んでおいてください。 #read docs/索道/リフト運行.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['強風でリフトを運休した場合、その日の 1 日券は自動で翌シーズンまで有効な振替券に変える'], reasons: ['窓口での払い戻し対応に去年は 1 日最大 400 件の列ができた'] }],
      },
      {
        text: 'Which firmware are the gates on right now? #exec grep -n "firmware" deploy/gates/fleet.yaml',
        facts: [{ category: 'identifier', kind: 'version', source: 'tool', strings: ['gatefw-2.9.1'] }],
      },
      {
        text: "Two things for the deploy: the sync job reads GATE_ALLOWLIST_MAX_AGE=900, and the resort's tenant in the pass system is 493f0b32-b49c-4b84-b8df-844ae7abfbce. #reply Both noted.",
        facts: [
          { category: 'identifier', kind: 'env', strings: ['GATE_ALLOWLIST_MAX_AGE=900'] },
          { category: 'identifier', kind: 'uuid', strings: ['493f0b32-b49c-4b84-b8df-844ae7abfbce'] },
        ],
      },
      {
        text: 'Sales thinks someone bought two season passes. Anything flagged in the pass export? #read data/passes/season-2026-27.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['SP-0088213', 'dup-of SP-0088197'] }],
      },
      {
        text: "About duplicates: from now on the sales system refuses a second season pass for the same photo ID, instead of us voiding one at the gate. Voiding at the gate meant a skier found out at 8:30 in the morning, in the queue, that their pass was dead. #reply Right, block it at the point of sale.",
        facts: [{ category: 'decision', strings: ['the sales system refuses a second season pass for the same photo ID'], reasons: ['a skier found out at 8:30 in the morning, in the queue, that their pass was dead'] }],
      },
      {
        text: '如果厂商在 12 月 10 日之前还给不出固件的签名校验补丁，就把新批次的 12 台闸机退回去，先用旧的顶着。另外，刷卡记录里永远不要存顾客的照片，只存通行证号。 #reply 明白，10 号看厂商的补丁；照片不进刷卡记录。',
        facts: [
          { category: 'todo', lang: 'zh', strings: ['把新批次的 12 台闸机退回去', '如果厂商在 12 月 10 日之前还给不出固件的签名校验补丁'] },
          { category: 'rule', lang: 'zh', strings: ['刷卡记录里永远不要存顾客的照片，只存通行证号'] },
        ],
      },
      {
        text: '厂商发来了固件升级说明，看看有没有影响我们的地方。 #read docs/供应商/闸机固件说明.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['闸机固件改为每晚 03:00 统一升级，不再白天推送'], reasons: ['上个雪季白天推送固件时有 9 台闸机同时重启，排队超过 20 分钟'] }],
      },
      {
        text: 'For the ops wiki: the gate status board is https://lifts.hakuba-kogen.example.jp/ops/gates?area=upper, the allow-list change is bcae378aada082aadf42b5b4d199d76edb68f4b9 on main, and each gate keeps its pass cache under /opt/gatectl/cache/passes/. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://lifts.hakuba-kogen.example.jp/ops/gates?area=upper'] },
          { category: 'identifier', kind: 'hash', strings: ['bcae378aada082aadf42b5b4d199d76edb68f4b9'] },
          { category: 'identifier', kind: 'path', strings: ['/opt/gatectl/cache/passes/'] },
        ],
      },
      { text: 'Update the README with how the gates decide now. #write gates/README.md # Lift gates\n\nThe gate controllers at each lift, their firmware and the pass-list sync.\n\nEach gate validates against its local allow-list; patrol and rescue badges always open. Firmware updates run at night only.' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
