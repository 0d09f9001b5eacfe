// A HELD-OUT set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an independent writer
// who never saw the extraction code; never tuned on. New projects (a ski school's lesson bookings, a container depot's
// reefer monitoring, a wire newsroom's embargo scheduler), new wording, work-style filler.
// Same format as tuning.mjs / held-out-4.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x35a1b7);

const CANCEL_DOC = `# レッスンのキャンセル規定（改定案）

スクール運営課 · 2026 年 11 月

これまではレッスン開始の 24 時間前まで全額返金、それ以降は返金なしとしてきました。問い合わせの多くは「前日の夜に子どもが熱を出した」というものです。

昨シーズンのキャンセル 1,180 件のうち、開始 24 時間以内のものが 41 % を占めました。そのほとんどで枠は埋め直せず、インストラクターの手当だけが発生しています。

改定：悪天候でゴンドラが運休した場合に限り、当日キャンセルでも全額をクーポンで返すことにします。運休は利用者の責任ではなく、現金での返金にするとカード手数料だけで月 20 万円を超えるからです。

それ以外の当日キャンセルは従来どおり返金なしとします。
`;

const POWER_DOC = `# 冷箱区断电应急预案（修订）

北仑堆场 · 设备部 · 2026 年 11 月

冷箱区 C、D 两个区块共有 480 个插座，由两路市电供电，另有 6 台柴油发电机组作为备用。

今年 8 月台风期间，C 区断电 2 小时 40 分钟，期间有 3 个装冷冻海鲜的箱子箱温升到 -9 °C 以上，货主索赔约 46 万元。

修订：市电中断时，发电机组优先供给装药品和疫苗的冷箱，其次才是冷冻食品。理由是药品箱一旦超温整箱报废，而冷冻食品在 -12 °C 以下还能保住 4 小时以上。

值班主管每月检查一次发电机组的切换，并在系统里登记。
`;

export const SESSIONS = [
  {
    id: 'q1-ski-school-bookings',
    set: 'held-out-35',
    files: {
      'booking/src/lessons/capacity.ts': code('ts', 92, [
        [0.4, 'export const MAX_KIDS_PER_INSTRUCTOR = 6;'],
        [0.41, 'const HOLD_EXPIRY_MINUTES = 30; // cart hold while the parent pays'],
      ]),
      'logs/booking/payments-2026-11-26.log': log('lesson-payments', '2026-11-26', 112, [[0.57, '2026-11-26T08:22:41Z ERROR lesson-payments booking BK-40417 captured twice (¥38,500 each): PSP callback retried after 30 s timeout, idempotency header missing']]),
      'data/instructors/roster-2026-12.csv': csv(
        'instructor_id,name,discipline,languages,cert_level,max_level',
        64,
        (i) => `I-${String(120 + i * 2).padStart(4, '0')},${pick(['Sato', 'Kim', 'Walker', 'Suzuki', 'Muller'])} ${pick(WORDS)},${pick(['ski', 'snowboard'])},${pick(['en', 'ja', 'en;ja'])},L${1 + (i % 3)},${pick(['green', 'blue', 'red'])}`,
        [[0.36, 'I-0158,Chen Yuting,ski,zh;en;ja,L3,black']],
      ),
      'docs/スクール/キャンセル規定.md': CANCEL_DOC,
      'booking/CHANGELOG.md': '# Changelog\n\n## 2.13.0\n\n- Private lessons bookable up to 60 days ahead.\n- Group lesson capacity shown per level.\n',
    },
    turns: [
      {
        text: 'Before I explain anything, open the capacity module. I want to see which limits the booking engine enforces today. #read booking/src/lessons/capacity.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['MAX_KIDS_PER_INSTRUCTOR = 6', 'HOLD_EXPIRY_MINUTES = 30'] }],
      },
      {
        text: "Right, so that 30 is the problem. Background: this is SKI-2291, the booking rework for the Goryu snow school in Hakuba. We'll cut the cart hold on a lesson slot from 30 minutes to 12. Last New Year, abandoned carts sat on 22 % of the group-lesson slots during the busiest week while walk-ins were turned away at the desk. #reply Understood, 12-minute holds.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['SKI-2291'] },
          { category: 'decision', strings: ['cut the cart hold on a lesson slot from 30 minutes to 12'], reasons: ['abandoned carts sat on 22 % of the group-lesson slots during the busiest week'] },
        ],
      },
      {
        text: '予約まわりのエンドポイントを共有しておきます。予約の確定は POST /api/lessons/v2/bookings、空き枠の取得は GET /api/lessons/v2/resorts/{resortId}/slots です。レジ（POS）連携のゲートウェイは pos-gw.goryu-snow.internal:7443 にあります。 #reply ありがとうございます、控えました。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /api/lessons/v2/bookings'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /api/lessons/v2/resorts/{resortId}/slots'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['pos-gw.goryu-snow.internal:7443'] },
        ],
      },
      {
        text: "A parent says her card was charged twice yesterday morning. Can you find it in the payments log? #read logs/booking/payments-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['booking BK-40417 captured twice', 'idempotency header missing'] }],
      },
      {
        text: "Something the head instructor insists on, and it applies to every screen we build: children under 6 are never placed in a group lesson, they can only book a private. #reply Got it, under-6s only in privates.",
        facts: [{ category: 'rule', strings: ['children under 6 are never placed in a group lesson, they can only book a private'] }],
      },
      { text: 'Start a notes file so we have the flow written down somewhere. #write booking/NOTES.md # Lesson booking flow\n\npick resort + date -> slots by level -> cart hold -> PSP payment -> instructor assignment -> confirmation mail -> check-in at the meeting point.' },
      { filler: 5500, style: 'work' },
      {
        text: "We decided that lift passes stay out of the lesson basket entirely. Keeping them in a separate checkout means refunding a lesson never has to touch the lift company's ticketing system. #reply Makes sense, separate checkouts.",
        facts: [{ category: 'decision', strings: ['lift passes stay out of the lesson basket entirely'], reasons: ["refunding a lesson never has to touch the lift company's ticketing system"] }],
      },
      {
        text: 'スクール運営課からキャンセル規定の改定案が届きました。中身を確認してください。 #read docs/スクール/キャンセル規定.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['悪天候でゴンドラが運休した場合に限り、当日キャンセルでも全額をクーポンで返す'], reasons: ['現金での返金にするとカード手数料だけで月 20 万円を超える'] }],
      },
      {
        text: "Release bits from the deploy form, so they live somewhere other than my clipboard. The hold length is now LESSON_HOLD_MINUTES=12, staging runs booking-web 2.14.0, and the PSP merchant profile we test against is 3f9a6c1e-58d2-4b7a-9e04-c2d71b5a8f36. #reply Noted all three.",
        facts: [
          { category: 'identifier', kind: 'env', strings: ['LESSON_HOLD_MINUTES=12'] },
          { category: 'identifier', kind: 'version', strings: ['booking-web 2.14.0'] },
          { category: 'identifier', kind: 'uuid', strings: ['3f9a6c1e-58d2-4b7a-9e04-c2d71b5a8f36'] },
        ],
      },
      {
        text: 'Who on the December roster can teach in Chinese at the top level? #read data/instructors/roster-2026-12.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['I-0158,Chen Yuting,ski,zh;en;ja,L3,black'] }],
      },
      {
        text: "On assignment timing: instructors get matched to group lessons at 18:00 the evening before, not at the moment of booking. The point is that we only know who is off sick or stuck behind a closed road the night before. #reply OK, matching at 18:00 the day before.",
        facts: [{ category: 'decision', strings: ['instructors get matched to group lessons at 18:00 the evening before, not at the moment of booking'], reasons: ['we only know who is off sick or stuck behind a closed road the night before'] }],
      },
      {
        text: '中文私教课这边我们定了：只在周末和春节假期开放预约。会说中文的教练整个季度只有 4 位，平日排不过来。 #reply 好的，中文私教只开周末和春节。',
        facts: [{ category: 'decision', lang: 'zh', strings: ['只在周末和春节假期开放预约'], reasons: ['会说中文的教练整个季度只有 4 位'] }],
      },
      {
        text: '12 月 12 日までに、白馬五竜の子ども向けレッスンの集合場所マップを新しいゲレンデ案内に差し替えてください。 #reply 承知しました、12 日までに差し替えます。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['子ども向けレッスンの集合場所マップを新しいゲレンデ案内に差し替えてください', '12 月 12 日までに'] }],
      },
      {
        text: "And one for later: should the Saturday beginner waitlist pass 40 names again, open a second 09:30 group and text the school director. #reply I'll watch the waitlist.",
        facts: [{ category: 'todo', strings: ['open a second 09:30 group and text the school director', 'should the Saturday beginner waitlist pass 40 names again'] }],
      },
      {
        text: 'インストラクターの個人の携帯番号は、予約確認メールにもアプリにも絶対に載せないこと。連絡はスクールの代表番号だけにしてください。 #reply はい、代表番号だけにします。',
        facts: [{ category: 'rule', lang: 'ja', strings: ['インストラクターの個人の携帯番号は、予約確認メールにもアプリにも絶対に載せないこと'] }],
      },
      {
        text: 'For the wiki page: the booking admin lives at https://admin.goryu-snow.example.jp/lessons/calendar, the idempotency fix for the double charge is 9c2e71d04b5a8f3e6d1c07a4b9e258f0d3c6a117, and nightly roster exports land in /srv/booking/exports/roster/. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://admin.goryu-snow.example.jp/lessons/calendar'] },
          { category: 'identifier', kind: 'hash', strings: ['9c2e71d04b5a8f3e6d1c07a4b9e258f0d3c6a117'] },
          { category: 'identifier', kind: 'path', strings: ['/srv/booking/exports/roster/'] },
        ],
      },
      { text: 'Add the next version to the changelog. #write booking/CHANGELOG.md # Changelog\n\n## 2.14.0\n\n- Shorter cart hold on lesson slots.\n- Idempotent PSP capture.\n\n## 2.13.0\n\n- Private lessons bookable up to 60 days ahead.\n- Group lesson capacity shown per level.\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'q2-reefer-depot-monitoring',
    set: 'held-out-35',
    files: {
      'reefer-mon/ingest/alarms.py': code('py', 96, [
        [0.5, 'SETPOINT_DRIFT_ALARM_C = 2.5'],
        [0.51, 'POWER_OFF_GRACE_MIN = 45  # minutes unplugged before we page'],
      ]),
      'logs/reefer/gateway-2026-11-26.log': log('reefer-gw', '2026-11-26', 108, [[0.66, '2026-11-26T04:51:09Z WARN reefer-gw container MSKU7731205 plug C-12-03: supply air 9.4C vs setpoint -1.0C for 38 min, controller alarm AL56 not forwarded']]),
      'deploy/reefer/alert-routes.yaml': code('yaml', 60, [[0.55, '    pharma_escalation_minutes: 15']]),
      'data/reefer/plugs-block-C.json': json({
        block: 'C',
        checked: '2026-11-26',
        plugs: [
          ...rows(16, (i) => ({ plug: `C-${String(10 + (i >> 2)).padStart(2, '0')}-${String(1 + (i % 4)).padStart(2, '0')}`, status: 'ok', amps: 18 + (i % 5), note: pick(WORDS) })),
          { plug: 'C-17-04', status: 'faulty', amps: 0, note: 'breaker trips under load, work order WO-5518' },
        ],
      }),
      'docs/堆场/断电预案.md': POWER_DOC,
      'docs/runbook/reefer-alarm.md': '# Reefer alarm runbook\n\n1. Check the plug and the controller display.\n2. Call the reefer technician on duty.\n',
    },
    turns: [
      {
        text: "New project: reefer monitoring for the Beilun container depot. The main change is that we stop polling the reefer controllers every 10 minutes and take push telemetry over MQTT instead; with 10-minute polls a pharma box can sit unpowered for most of an hour before anyone sees it. Also, from the start: never clear a temperature alarm automatically, a person acknowledges every single one. #reply Understood on both.",
        facts: [
          { category: 'decision', strings: ['stop polling the reefer controllers every 10 minutes and take push telemetry over MQTT instead'], reasons: ['a pharma box can sit unpowered for most of an hour before anyone sees it'] },
          { category: 'rule', strings: ['never clear a temperature alarm automatically, a person acknowledges every single one'] },
        ],
      },
      {
        text: 'What thresholds does the ingest use for drift and power-off right now? #read reefer-mon/ingest/alarms.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['SETPOINT_DRIFT_ALARM_C = 2.5', 'POWER_OFF_GRACE_MIN = 45'] }],
      },
      {
        text: '补充一下背景：这个项目的工单是 RFR-612。堆场的 MQTT broker 在 mqtt.beilun-depot.internal:8883，告警确认的接口是 POST /reefer/v1/alarms/{alarmId}/ack。 #reply 收到，工单和接口都记下了。',
        facts: [
          { category: 'identifier', kind: 'ticket', lang: 'zh', strings: ['RFR-612'] },
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['mqtt.beilun-depot.internal:8883'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['POST /reefer/v1/alarms/{alarmId}/ack'] },
        ],
      },
      {
        text: "The night shift says a warm box in block C never raised an alarm. Look at the gateway log from last night. #read logs/reefer/gateway-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['container MSKU7731205 plug C-12-03', 'controller alarm AL56 not forwarded'] }],
      },
      {
        text: 'Deadline to keep in mind: the 24 plugs in block C need their probes recalibrated before the 8 December cut-off for the COSCO loop. #reply Noted, before 8 December.',
        facts: [{ category: 'todo', strings: ['the 24 plugs in block C need their probes recalibrated', 'before the 8 December cut-off for the COSCO loop'] }],
      },
      {
        text: 'How fast do pharma alarms escalate in the alert routing? #exec grep -n "pharma_escalation_minutes" deploy/reefer/alert-routes.yaml',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['pharma_escalation_minutes: 15'] }],
      },
      { filler: 5500, style: 'work' },
      {
        text: '设备部把断电预案修订版发过来了，你读一下，看有没有要改系统的地方。 #read docs/堆场/断电预案.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['发电机组优先供给装药品和疫苗的冷箱，其次才是冷冻食品'], reasons: ['药品箱一旦超温整箱报废'] }],
      },
      {
        text: 'Which plug in block C is out of service? #read data/reefer/plugs-block-C.json',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"plug": "C-17-04"', 'breaker trips under load, work order WO-5518'] }],
      },
      { text: 'Put what we know into a notes file. #write reefer-mon/NOTES.md # Reefer monitoring\n\ncontroller -> MQTT push -> ingest (drift, power-off) -> alarm -> human ack -> escalation by cargo class.' },
      {
        text: "Rollout values, for the record: the controllers publish with REEFER_PUSH_INTERVAL_S=60, the depot runs reefer-gw 1.9.3, and the ingest's consumer group is b71d0e4a-2c93-4f68-a5e1-7d30c9b48e25. Plugs are listed by GET /reefer/v1/blocks/{blockId}/plugs. #reply Got them.",
        facts: [
          { category: 'identifier', kind: 'env', strings: ['REEFER_PUSH_INTERVAL_S=60'] },
          { category: 'identifier', kind: 'version', strings: ['reefer-gw 1.9.3'] },
          { category: 'identifier', kind: 'uuid', strings: ['b71d0e4a-2c93-4f68-a5e1-7d30c9b48e25'] },
          { category: 'identifier', kind: 'route', strings: ['GET /reefer/v1/blocks/{blockId}/plugs'] },
        ],
      },
      {
        text: "We settled the retention question this morning. Raw temperature readings are kept for 400 days and then rolled up to hourly averages. The reason is cargo claims: shipping lines can file them up to a year after discharge, and we need the minute data to defend ourselves. #reply OK, 400 days raw.",
        facts: [{ category: 'decision', strings: ['Raw temperature readings are kept for 400 days and then rolled up to hourly averages'], reasons: ['shipping lines can file them up to a year after discharge'] }],
      },
      {
        text: 'ONE 向けの 11 月分の温度履歴レポートを、月曜の朝 8 時までに PDF で送ってください。 #reply 承知しました、月曜 8 時までに送ります。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['ONE 向けの 11 月分の温度履歴レポートを', '月曜の朝 8 時までに'] }],
      },
      {
        text: '堆场的硬性规定：冷箱插电之前必须先做外观检查，拍照上传以后才能通电。 #reply 明白，先拍照再通电。',
        facts: [{ category: 'rule', lang: 'zh', strings: ['冷箱插电之前必须先做外观检查，拍照上传以后才能通电'] }],
      },
      {
        text: "If genset G-14 drops out again before the weekend, move the pharma boxes from block D to the plugs on the B feeder and raise it with the equipment manager. #reply Will do if it happens.",
        facts: [{ category: 'todo', strings: ['move the pharma boxes from block D to the plugs on the B feeder', 'If genset G-14 drops out again before the weekend'] }],
      },
      {
        text: '東京の荷主さんとの打ち合わせで決まりました。アラームの通知は荷主ごとに日本語か英語を選べるようにします。英語だけの通知だと夜間の担当者が読み飛ばしてしまい、先月は 2 件対応が遅れたからです。 #reply 了解です、言語を選べるようにします。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['アラームの通知は荷主ごとに日本語か英語を選べるようにします'], reasons: ['英語だけの通知だと夜間の担当者が読み飛ばしてしまい'] }],
      },
      {
        text: 'Handover links: the live yard map is https://yard.beilun-depot.example.cn/reefer/blocks/C, the alarm-forwarding fix went in as 5e8b3a90c1f74d26b0e9a6c8d2f4170b3e5a9c64, and the minute readings are archived under /data/reefer/readings/2026/. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://yard.beilun-depot.example.cn/reefer/blocks/C'] },
          { category: 'identifier', kind: 'hash', strings: ['5e8b3a90c1f74d26b0e9a6c8d2f4170b3e5a9c64'] },
          { category: 'identifier', kind: 'path', strings: ['/data/reefer/readings/2026/'] },
        ],
      },
      { text: 'Extend the alarm runbook with the power-off case. #write docs/runbook/reefer-alarm.md # Reefer alarm runbook\n\n1. Check the plug and the controller display.\n2. Call the reefer technician on duty.\n3. On mains loss: pharma and vaccine boxes get generator power first.\n4. Acknowledge the alarm by hand once the box is back on power.\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'q3-newsroom-embargo',
    set: 'held-out-35',
    files: {
      'embargo/scheduler/release.ts': code('ts', 88, [
        [0.33, 'export const CLOCK_SKEW_TOLERANCE_MS = 250;'],
        [0.34, 'const MAX_EMBARGO_DAYS = 14;'],
      ]),
      'logs/embargo/publisher-2026-11-26.log': log('embargo-publisher', '2026-11-26', 114, [[0.48, '2026-11-26T06:59:19Z ERROR embargo-publisher story NX-88120 released 41 s early to feed partner-asia: node app-3 clock ahead of reference by 41.2 s']]),
      'docs/standards/embargo-policy.md': essay('Standards desk: embargoes and partner feeds', 6, [
        [0.3, 'Across 2026 so far, 7 embargo breaks were traced to partner feeds that cached our stories and published on their own clocks; 5 of them came from the same two aggregators.'],
        [0.7, 'Decision: partner feeds will receive embargoed copy only as a locked placeholder until the release time, because two aggregators published held stories from their caches before the embargo lifted.'],
      ]),
      'data/embargo/queue-2026-11-27.csv': csv(
        'story_id,desk,slug,embargo_utc,partners,status',
        66,
        (i) => `NX-${88200 + i * 3},${pick(['business', 'politics', 'sport', 'science'])},${pick(WORDS)}-${pick(WORDS)},2026-11-27T${String(6 + (i % 14)).padStart(2, '0')}:00:00Z,${1 + (i % 5)},scheduled`,
        [[0.52, 'NX-88317,business,bank-of-japan-rate,2026-11-27T03:00:00Z,11,held-legal']],
      ),
      'embargo/config/feeds.yaml': '# partner feeds\nfeeds:\n  partner-asia:\n    mode: full-copy\n  partner-eu:\n    mode: full-copy\n',
    },
    turns: [
      {
        text: "The standards editor asked me to put this first, before any code: an embargoed story is never sent to a partner feed ahead of its embargo time, not even to partners who promise to hold it. #reply Understood, that's the hard line.",
        facts: [{ category: 'rule', strings: ['an embargoed story is never sent to a partner feed ahead of its embargo time'] }],
      },
      {
        text: "We're working under NEWS-7340. Let's see how the release scheduler decides when a story may go out. #read embargo/scheduler/release.ts",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['NEWS-7340'] },
          { category: 'tool-finding', source: 'tool', strings: ['CLOCK_SKEW_TOLERANCE_MS = 250', 'MAX_EMBARGO_DAYS = 14'] },
        ],
      },
      {
        text: "Yesterday a business story went out early. Check the publisher log, please. #read logs/embargo/publisher-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['story NX-88120 released 41 s early', 'node app-3 clock ahead of reference by 41.2 s'] }],
      },
      {
        text: "That confirms it. From now on release times are decided by a single leader node holding a lease, not by whichever app server picks up the job. Every server trusting its own clock is exactly how NX-88120 slipped out. #reply Agreed, one leader decides.",
        facts: [{ category: 'decision', strings: ['release times are decided by a single leader node holding a lease'], reasons: ['Every server trusting its own clock is exactly how NX-88120 slipped out'] }],
      },
      {
        text: '香港编辑部那边的接口：设定禁发时间用 PUT /wire/v4/stories/{storyId}/embargo，取消禁发用 DELETE /wire/v4/stories/{storyId}/embargo。参考时钟是 ntp-a.hk-newsroom.internal:123。 #reply 好的，接口和时钟源都记下了。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['PUT /wire/v4/stories/{storyId}/embargo'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['DELETE /wire/v4/stories/{storyId}/embargo'] },
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['ntp-a.hk-newsroom.internal:123'] },
        ],
      },
      {
        text: '另外，请在 12 月 3 日之前给香港编辑部的值班编辑开通“紧急解除禁发”的权限，他们的年终财报专题要用。 #reply 好的，3 号之前开通。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['给香港编辑部的值班编辑开通“紧急解除禁发”的权限', '12 月 3 日之前'] }],
      },
      { text: 'Write down the release pipeline in a notes file. #write embargo/NOTES.md # Embargo release\n\ndesk sets embargo -> scheduler queue -> leader checks reference clock -> release to site -> release to partner feeds -> audit entry.' },
      { filler: 5500, style: 'work' },
      {
        text: 'The standards desk published a policy note on partner feeds. Read it and tell me what changes for us. #read docs/standards/embargo-policy.md',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['7 embargo breaks were traced to partner feeds'] },
          { category: 'decision', source: 'tool', strings: ['partner feeds will receive embargoed copy only as a locked placeholder until the release time'], reasons: ['two aggregators published held stories from their caches'] },
        ],
      },
      {
        text: 'The leader lease in production is set with EMBARGO_LEADER_LEASE_S=15. #reply Noted.',
        facts: [{ category: 'identifier', kind: 'env', strings: ['EMBARGO_LEADER_LEASE_S=15'] }],
      },
      {
        text: "What's held for legal in today's queue? #read data/embargo/queue-2026-11-27.csv",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['NX-88317,business,bank-of-japan-rate,2026-11-27T03:00:00Z,11,held-legal'] }],
      },
      {
        text: '東京支局と話して決めました。日銀会合の結果記事は、解禁の 5 分前まで本文を空にしたまま予約します。過去に下書きの本文が検索エンジンに拾われたことがあり、金融庁から問い合わせを受けたためです。 #reply 承知しました、本文は直前まで空にします。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['日銀会合の結果記事は、解禁の 5 分前まで本文を空にしたまま予約します'], reasons: ['過去に下書きの本文が検索エンジンに拾われたことがあり'] }],
      },
      {
        text: "Two more references: the staging build is embargo-scheduler 4.0.3, and the audit trail for NX-88120 is record e4c07b19-6a3d-4f82-b915-0d8e2a7c63f1. The desk dashboard is https://desk.wire-example.net/embargo/today. #reply Recorded.",
        facts: [
          { category: 'identifier', kind: 'version', strings: ['embargo-scheduler 4.0.3'] },
          { category: 'identifier', kind: 'uuid', strings: ['e4c07b19-6a3d-4f82-b915-0d8e2a7c63f1'] },
          { category: 'identifier', kind: 'url', strings: ['https://desk.wire-example.net/embargo/today'] },
        ],
      },
      {
        text: "When the leader election has flapped more than 3 times in an hour, freeze the queue for partner feeds and call the night editor. #reply I'll freeze it if that happens.",
        facts: [{ category: 'todo', strings: ['freeze the queue for partner feeds and call the night editor', 'When the leader election has flapped more than 3 times in an hour'] }],
      },
      {
        text: "Sport asked about live results. We'll leave match reports out of the embargo scheduler altogether, since sport never embargoes results and the extra queue hop cost them 20 seconds against the agencies. #reply Fine, sport bypasses the scheduler.",
        facts: [{ category: 'decision', strings: ["leave match reports out of the embargo scheduler altogether"], reasons: ['the extra queue hop cost them 20 seconds against the agencies'] }],
      },
      {
        text: '編集局の決まりです：解禁前の記事のタイトルは、社内チャットの通知にも載せてはいけません。 #reply はい、通知にはタイトルを出しません。',
        facts: [{ category: 'rule', lang: 'ja', strings: ['解禁前の記事のタイトルは、社内チャットの通知にも載せてはいけません'] }],
      },
      {
        text: 'Last bits for the handover note: the leader-lease change is commit 1b7f4e2a9d03c65e8a4f0b71c2d9e836a5f40c28, and released copies are spooled to /var/spool/embargo/released/. #reply Both recorded.',
        facts: [
          { category: 'identifier', kind: 'hash', strings: ['1b7f4e2a9d03c65e8a4f0b71c2d9e836a5f40c28'] },
          { category: 'identifier', kind: 'path', strings: ['/var/spool/embargo/released/'] },
        ],
      },
      { text: 'Switch both partner feeds to placeholders in the feed config. #write embargo/config/feeds.yaml # partner feeds\nfeeds:\n  partner-asia:\n    mode: locked-placeholder\n  partner-eu:\n    mode: locked-placeholder\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
