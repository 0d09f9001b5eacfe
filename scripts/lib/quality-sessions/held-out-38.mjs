// A HELD-OUT set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an independent writer
// who never saw the extraction code; never tuned on. New projects (a rail freight operator's wagon tracker on the
// China–Europe corridor, a Hong Kong sports club's membership renewals, a solar plant's panel-cleaning robots), new
// wording, work-style filler. Never tune extraction on it and never read its results while changing extraction.
// Same format as tuning.mjs / held-out-4.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x38a7f3);

const TRANSHIPMENT_DOC = `# 中欧班列换装站车辆定位规则

西安国际港站运营部 · 2026 年 11 月

背景：去程班列在马拉舍维奇（Malaszewicze）由 1520 毫米宽轨换装到 1435 毫米标准轨，集装箱要用龙门吊从宽轨平车吊到标准轨平车上，整个换装一般需要 18 到 30 个小时。

问题：换装期间，宽轨平车上的车载终端还在继续上报位置，可集装箱已经不在那节车上了。上个月有 11 个客户在门户上看到自己的集装箱“停在白俄罗斯”，其实货早就换到了波兰一侧。

决定：换装完成之前，集装箱的位置一律以换装站闸口的扫描记录为准，不再使用车载 GPS 推算。原因是换装场内龙门吊密集，GPS 漂移经常超过 300 米，客户多次看到集装箱“跑”到了场外。

换装完成、标准轨车组编好以后，再恢复按车载终端定位。闸口扫描的数据由站方每 15 分钟推送一次。
`;

const WAITLIST_DOC = `# 第 412 次委員會會議紀錄（節錄）

日期：2026 年 11 月 24 日 · 地點：會所二樓會議室

一、上年度財務報告：通過，無修訂。

二、網球場夜間照明更換工程：維修小組報告已完成招標，工程安排在 1 月農曆新年前進行。

三、續會及輪候安排：
秘書處報告，今年續會期內有 96 名會員未有續會，其中 58 個名額最終釋出給輪候名單上的申請人。

決議：自 2027 年度起，輪候名單上的申請人只會在續會截止後釋出名額時才獲通知，不再提前發出「可能有名額」的預告。理由是今年提前預告了 140 人，最後只有 38 個名額，引起大量投訴。

秘書處須於 12 月底前以電郵通知現時輪候名單上的所有申請人有關新安排。

四、其他事項：無。
`;

const WASHING_DOC = `# パネル洗浄の方針（アルメンドラレホ第二発電所）

アセットマネジメント部 · 2026 年 11 月

当発電所ではロボットによる乾式清掃を毎日または隔日で行っていますが、春先にサハラからの砂塵（カリマ）が飛来した後は、乾式清掃だけでは発電量が回復しきらないことが分かっています。

昨年度は散水による洗浄を 3 回実施し、合計で約 540 万円を支出しました。一方で、3 回目の洗浄の効果は 0.3 ％程度にとどまりました。

結論：散水による洗浄は年 1 回、3 月のカリマの後だけに限定し、それ以外はロボットの乾式清掃で対応する。現地の取水許可が年 2 回までしかなく、散水 1 回あたり約 180 万円かかるためです。

2 回目の取水枠は、火災や大規模な砂塵など例外的な事態のために残しておきます。
`;

export const SESSIONS = [
  {
    id: 'p1-wagon-tracker',
    set: 'held-out-38',
    files: {
      'logs/tracker/ingest-2026-11-26.log': log('wagon-ingest', '2026-11-26', 120, [
        [0.55, '2026-11-26T04:12:09Z ERROR wagon-ingest unit TLM-33781 (wagon 31 51 4955 207-3) sent 1204 fixes stamped 1970-01-01T00:00:00Z, whole batch rejected by clock check'],
      ]),
      'tracker/ingest/decoder.py': code('py', 90, [
        [0.2, 'GPS_STALE_AFTER_S = 5400  # a unit silent for 90 minutes is shown as stale'],
        [0.21, 'MAX_SPEED_KMH = 120  # anything faster than this between two fixes is a GPS jump'],
      ]),
      'docs/中欧班列/换装规则.md': TRANSHIPMENT_DOC,
      'data/wagons/fleet-register.csv': csv(
        'wagon_no,type,home_yard,revision_due,status',
        65,
        (i) => `31 51 4955 ${String(300 + i * 7).padStart(3, '0')}-${i % 10},${pick(['Sgns', 'Sggrss', 'Lgs', 'Sgmmns'])},${pick(['Malaszewicze', 'Duisburg', 'Wroclaw', 'Budapest'])},2027-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')},ok`,
        [[0.4, '31 51 4955 118-4,Sggrss,Malaszewicze,2026-10-31,OVERDUE']],
      ),
      'docs/design/eta-model.md': essay('ETA model for corridor trains', 6, [
        [
          0.5,
          'After two rounds of comparison we chose to derive ETAs from the booked timetable path of each train rather than from averaged historic running times. Averaged running times ignore that freight paths between Wrocław and Poznań are only granted at night, so a train that misses its path waits for the next evening, and the averages hid that completely.',
        ],
      ]),
      'deploy/tracker/services.json': json({
        environment: 'staging',
        services: [
          ...rows(5, (i) => ({ name: `${pick(WORDS)}-${['ingest', 'store', 'geofence', 'portal', 'notify'][i]}`, endpoint: `${['ingest', 'store', 'geofence', 'portal', 'notify'][i]}.stg.danubia.internal:${8100 + i}`, replicas: 1 + (i % 3) })),
          { name: 'eta-model', endpoint: 'eta-model.stg.danubia.internal:7070', replicas: 2, owner: 'data-team' },
        ],
      }),
      'tracker/config/geofences.yaml': code('yaml', 70, [[0.35, '    dwell_alert_hours: 36']]),
    },
    turns: [
      {
        text: 'Morning. Before we start on anything else: the overnight telematics ingest for the Malaszewicze yard looks thin on the dashboard. Can you find out what went wrong? #read logs/tracker/ingest-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['unit TLM-33781', 'whole batch rejected by clock check'] }],
      },
      {
        text: "Right, some context. This is WTRK-4127, rebuilding the wagon tracker for Danubia Rail Cargo. The ops lead and I agreed yesterday that a wagon's displayed position comes from the last fix that passed the plausibility checks, not from whatever the unit sent most recently. Going on raw latest fixes is what produced most of the phantom-position tickets last winter. #reply Agreed: last plausible fix, not the latest raw one.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['WTRK-4127'] },
          { category: 'decision', strings: ["a wagon's displayed position comes from the last fix that passed the plausibility checks"], reasons: ['produced most of the phantom-position tickets last winter'] },
        ],
      },
      {
        text: 'テレマティクス端末メーカーの東洋計測さんから API の案内が届きました。位置データのプッシュは POST /telematics/v2/units/{unitId}/fixes、端末設定の取得は GET /telematics/v2/units/{unitId}/config だそうです。検証用の MQTT ブローカーは mqtt.tlm-stg.danubia.internal:8883 です。 #reply 確認しました。3 点とも控えておきます。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /telematics/v2/units/{unitId}/fixes'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /telematics/v2/units/{unitId}/config'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['mqtt.tlm-stg.danubia.internal:8883'] },
        ],
      },
      {
        text: 'Which thresholds does the decoder use to throw a fix away? #read tracker/ingest/decoder.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['GPS_STALE_AFTER_S = 5400', 'MAX_SPEED_KMH = 120'] }],
      },
      {
        text: 'Two things from the safety manager. First, and this is a hard line: a wagon carrying dangerous goods must never disappear from the map without an alert to the duty controller. Second, she wants the RID hazard class visible in the wagon list, and she asked for it by Friday 4 December. #reply Understood on the alert, and I will have the RID column in by that Friday.',
        facts: [
          { category: 'rule', strings: ['a wagon carrying dangerous goods must never disappear from the map without an alert to the duty controller'] },
          { category: 'todo', strings: ['the RID hazard class visible in the wagon list', 'by Friday 4 December'] },
        ],
      },
      { text: 'Start a notes file with the pipeline as we understand it so far. #write tracker/NOTES.md # Wagon tracker\n\nunit push (MQTT) -> decoder plausibility checks -> position store -> geofence events -> ETA -> customer portal and notifications.' },
      { filler: 3000, style: 'work' },
      {
        text: '西安的同事把中欧班列在换装站的处理办法发过来了，你读一下，看看对我们的定位逻辑有什么影响。 #read docs/中欧班列/换装规则.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['集装箱的位置一律以换装站闸口的扫描记录为准，不再使用车载 GPS 推算'], reasons: ['换装场内龙门吊密集，GPS 漂移经常超过 300 米'] }],
      },
      {
        text: "Copying the staging deploy values in here so they don't get lost in chat:\n  TRACKER_FIX_RETENTION_DAYS=400\n  tenant 69b398ce-dcbe-4105-83cd-95d2becb2a60 (Danubia staging)\n#reply Thanks, both noted.",
        facts: [
          { category: 'identifier', kind: 'env', strings: ['TRACKER_FIX_RETENTION_DAYS=400'] },
          { category: 'identifier', kind: 'uuid', strings: ['69b398ce-dcbe-4105-83cd-95d2becb2a60'] },
        ],
      },
      {
        text: '重庆团队那边也定了一件事：中欧班列的预计到达时间只显示到日期，不显示具体几点，因为边境口岸排队的时间波动太大，显示到小时反而天天被客户追问。另外，麻烦在本月 30 号之前把阿拉山口口岸的地理围栏加进配置里。 #reply 明白：预计到达只显示日期；阿拉山口的围栏月底前加上。',
        facts: [
          { category: 'decision', lang: 'zh', strings: ['中欧班列的预计到达时间只显示到日期，不显示具体几点'], reasons: ['边境口岸排队的时间波动太大'] },
          { category: 'todo', lang: 'zh', strings: ['把阿拉山口口岸的地理围栏加进配置里', '本月 30 号之前'] },
        ],
      },
      {
        text: 'Which wagon in the fleet register has run past its revision date? #read data/wagons/fleet-register.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['31 51 4955 118-4,Sggrss,Malaszewicze,2026-10-31'] }],
      },
      { filler: 4000, style: 'work' },
      {
        text: 'The data team wrote up how they want ETAs computed for the corridor trains. Read it and tell me what they settled on. #read docs/design/eta-model.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['derive ETAs from the booked timetable path of each train rather than from averaged historic running times'], reasons: ['freight paths between Wrocław and Poznań are only granted at night'] }],
      },
      {
        text: 'And where does that ETA service actually run on staging? #read deploy/tracker/services.json',
        facts: [{ category: 'identifier', kind: 'host:port', source: 'tool', strings: ['eta-model.stg.danubia.internal:7070'] }],
      },
      {
        text: "I want to stop texting customers per wagon. One digest per train, sent when the train crosses a border or reaches its terminal. Customers with 40-wagon block trains were getting 40 SMS at every border crossing and had started ignoring all of them. #reply OK, one digest per train from now on.",
        facts: [{ category: 'decision', strings: ['One digest per train, sent when the train crosses a border or reaches its terminal'], reasons: ['Customers with 40-wagon block trains were getting 40 SMS at every border crossing'] }],
      },
      {
        text: 'How long does a wagon have to sit inside a geofence before we raise a dwell alert today? #exec grep -n "dwell_alert_hours" tracker/config/geofences.yaml',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['dwell_alert_hours: 36'] }],
      },
      {
        text: "Once the new yard geofence is live: if Malaszewicze produces more than 50 dwell alerts a day, raise the threshold for that yard alone rather than globally. And please stick to this one: only the operations controller role can close a lost-wagon incident; customer service may comment but not close. #reply Understood on both.",
        facts: [
          { category: 'todo', strings: ['raise the threshold for that yard alone rather than globally', 'if Malaszewicze produces more than 50 dwell alerts a day'] },
          { category: 'rule', strings: ['only the operations controller role can close a lost-wagon incident'] },
        ],
      },
      {
        text: 'Links for the handover page: the live corridor map is https://track.danubia-cargo.example.eu/map/trains?corridor=CN-EU, the clock-check fix went in as 586fb4c222581089f3e952adbdd06a39cac90af7, and raw unit dumps are kept under /data/telematics/raw/2026/11/. #reply Recorded all three.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://track.danubia-cargo.example.eu/map/trains?corridor=CN-EU'] },
          { category: 'identifier', kind: 'hash', strings: ['586fb4c222581089f3e952adbdd06a39cac90af7'] },
          { category: 'identifier', kind: 'path', strings: ['/data/telematics/raw/2026/11/'] },
        ],
      },
      { text: 'Update the notes with the border handling. #write tracker/NOTES.md # Wagon tracker\n\nunit push (MQTT) -> decoder plausibility checks -> position store -> geofence events -> ETA -> customer portal and notifications.\n\nTranshipment yard: gate scans replace onboard positions until the standard-gauge train is formed. Corridor ETAs shown as a date only. Notifications: one digest per train.' },
      { filler: 3000, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'p2-club-renewals',
    set: 'held-out-38',
    files: {
      'logs/club/renewals-2026-11-26.log': log('renewal-job', '2026-11-26', 110, [
        [0.3, '2026-11-26T02:00:41Z ERROR renewal-job autopay retry for member HAC-018842 posted a second charge of HKD 6,800 after gateway timeout (idempotency key missing)'],
      ]),
      'club/src/renewals/pricing.ts': code('ts', 85, [
        [0.4, 'export const GRACE_PERIOD_DAYS = 21; // after the renewal date, before the membership lapses'],
        [0.41, 'export const LATE_FEE_HKD = 350;'],
      ]),
      'exports/members-2026-11.csv': csv(
        'member_no,category,date_of_birth,section,rate_code,status',
        75,
        (i) => `HAC-0${String(19000 + i * 23)},${pick(['Full', 'Family', 'Country', 'Junior'])},19${60 + (i % 39)}-0${1 + (i % 9)}-1${i % 10},${pick(['tennis', 'rowing', 'squash', 'swimming'])},${pick(['FULL-HKD-6800', 'FAM-HKD-9400', 'CTRY-HKD-3200'])},active`,
        [[0.7, 'HAC-020517,Junior,2003-02-14,tennis,JUNIOR-HKD-1800,active']],
      ),
      'docs/委員會/2026-11-續會決議.md': WAITLIST_DOC,
      'club/package.json': json({
        name: 'hac-renewals',
        private: true,
        version: '2.3.0',
        scripts: { build: 'tsc -p .', test: 'vitest run', 'renewals:run': 'node dist/jobs/renewals.js' },
        dependencies: { '@hkpay/checkout-sdk': '4.7.1', 'date-fns': '3.6.0', pg: '8.12.0', nodemailer: '6.9.14', zod: '3.23.8' },
        devDependencies: { typescript: '5.6.3', vitest: '2.1.4' },
      }),
      'club/config/gateway.yaml': code('yaml', 60, [[0.6, '    timeout_ms: 8000']]),
      'club/templates/renewal-reminder.md': '# Your membership renewal\n\nDear {{name}},\n\nYour membership is due for renewal on {{renewalDate}}. The fee is {{fee}} ({{currency}}).\n\nIf you are on the waiting list for another section, we may contact you about a possible place.\n',
    },
    turns: [
      {
        text: "Quick ground rule before I show you anything, straight from the club secretary: renewal reminders never go to a member who has opted out of email, not even the final one. We had a privacy complaint in 2024 over exactly that. #reply Noted, an opt-out always wins.",
        facts: [{ category: 'rule', strings: ['renewal reminders never go to a member who has opted out of email, not even the final one'] }],
      },
      {
        text: "The front desk says last night's renewal run charged a few people twice. Have a look at the job log. #read logs/club/renewals-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['member HAC-018842', 'idempotency key missing'] }],
      },
      {
        text: '財務那邊跟我確認了：續會費一律以港幣結算，不再接受美元卡按當日匯率收費，原因是去年匯率差引起的退款爭議有二十多宗。付款頁面用 POST /members/api/renewals/{memberNo}/payments，查詢狀態就用 GET /members/api/renewals/{memberNo}/status。 #reply 好的，統一以港幣結算，兩個接口都記下了。',
        facts: [
          { category: 'decision', lang: 'zh', strings: ['續會費一律以港幣結算，不再接受美元卡按當日匯率收費'], reasons: ['去年匯率差引起的退款爭議有二十多宗'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['POST /members/api/renewals/{memberNo}/payments'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['GET /members/api/renewals/{memberNo}/status'] },
        ],
      },
      {
        text: 'How are the grace period and the late fee set up in the pricing code? #read club/src/renewals/pricing.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['GRACE_PERIOD_DAYS = 21', 'LATE_FEE_HKD = 350'] }],
      },
      { filler: 5000, style: 'work' },
      {
        text: "OK, properly now. The work is tracked as CLUB-662 on the committee's board. Config as I come across it: the payment gateway sandbox is pay-sbx.hk-gateway.example:9443, and the renewal job reads RENEWAL_BATCH_SIZE=200. #reply Got the ticket, the sandbox host and the batch size.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['CLUB-662'] },
          { category: 'identifier', kind: 'host:port', strings: ['pay-sbx.hk-gateway.example:9443'] },
          { category: 'identifier', kind: 'env', strings: ['RENEWAL_BATCH_SIZE=200'] },
        ],
      },
      {
        text: "Who in this month's export is still on a junior rate but clearly shouldn't be? #read exports/members-2026-11.csv",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['HAC-020517,Junior,2003-02-14'] }],
      },
      {
        text: "Here's where I landed on juniors: when a junior turns 21 during the membership year, they keep the junior rate until the next renewal instead of being bumped mid-year. The mid-year bump generated a pro-rata invoice nobody understood, and about half of those were never paid. #reply Makes sense; junior rate holds until renewal.",
        facts: [{ category: 'decision', strings: ['they keep the junior rate until the next renewal instead of being bumped mid-year'], reasons: ['The mid-year bump generated a pro-rata invoice nobody understood'] }],
      },
      {
        text: 'Something that has to happen first: before the renewal emails go out on 8 December, the family-plan members need their linked accounts merged. There are still 73 families split across two records each. #reply I will get the family records merged before the 8th.',
        facts: [{ category: 'todo', strings: ['the family-plan members need their linked accounts merged', 'before the renewal emails go out on 8 December'] }],
      },
      {
        text: '委員會的會議紀錄出來了，續會那部分你幫我看一下。 #read docs/委員會/2026-11-續會決議.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['輪候名單上的申請人只會在續會截止後釋出名額時才獲通知'], reasons: ['今年提前預告了 140 人，最後只有 38 個名額'] }],
      },
      {
        text: '深圳外包团队提醒一句：会员的身份证号码在任何导出文件里都只能保留前四位，其余一律打码。 #reply 明白，导出文件里只留前四位。',
        facts: [{ category: 'rule', lang: 'zh', strings: ['会员的身份证号码在任何导出文件里都只能保留前四位'] }],
      },
      {
        text: 'Which version of the gateway SDK are we actually pinned to? #read club/package.json',
        facts: [{ category: 'identifier', kind: 'version', source: 'tool', strings: ['@hkpay/checkout-sdk', '4.7.1'] }],
      },
      { filler: 2000, style: 'work' },
      {
        text: 'And what timeout do we give the gateway? #exec grep -n "timeout_ms" club/config/gateway.yaml',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['timeout_ms: 8000'] }],
      },
      {
        text: '上線清單，我貼在這裡：\n- 續會入口：https://members.harbourside-ac.example.hk/renew/2027\n- 對賬批次編號：4f595d02-95b7-4d5c-a872-418b29c9f9b9\n- 防重複扣款的修正：c600c226eca5d8ebb6cbed420ebb243a12379c66\n- 收據存放：/srv/club/receipts/2027/\n#reply 四項都記下了。',
        facts: [
          { category: 'identifier', kind: 'url', lang: 'zh', strings: ['https://members.harbourside-ac.example.hk/renew/2027'] },
          { category: 'identifier', kind: 'uuid', lang: 'zh', strings: ['4f595d02-95b7-4d5c-a872-418b29c9f9b9'] },
          { category: 'identifier', kind: 'hash', lang: 'zh', strings: ['c600c226eca5d8ebb6cbed420ebb243a12379c66'] },
          { category: 'identifier', kind: 'path', lang: 'zh', strings: ['/srv/club/receipts/2027/'] },
        ],
      },
      {
        text: "If the gateway still times out on more than 2 % of autopay charges after the idempotency fix is deployed, switch autopay to the overnight batch file the bank offers, and let the treasurer know. #reply Will watch the timeout rate after the deploy.",
        facts: [{ category: 'todo', strings: ['switch autopay to the overnight batch file the bank offers', 'If the gateway still times out on more than 2 % of autopay charges'] }],
      },
      {
        text: "We're also dropping the paper renewal form this year. Fewer than 30 members used it last year, and each one took the office about 20 minutes to key in by hand. #reply Fine, online only.",
        facts: [{ category: 'decision', strings: ['dropping the paper renewal form this year'], reasons: ['Fewer than 30 members used it last year'] }],
      },
      { text: 'Adjust the reminder template: fees in HKD only, and no waiting-list teaser. #write club/templates/renewal-reminder.md # Your membership renewal\n\nDear {{name}},\n\nYour membership is due for renewal on {{renewalDate}}. The fee is HKD {{fee}}.\n\nRenew online at the members portal; a receipt is emailed once the payment clears.\n' },
      { filler: 3000, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'p3-panel-robots',
    set: 'held-out-38',
    files: {
      'robots/config/fleet.yaml': code('yaml', 75, [
        [0.25, '    max_wind_speed_ms: 14'],
        [0.26, '    min_battery_pct_to_start: 60'],
      ]),
      'logs/robots/block-b-2026-11-26.log': log('robot-ctl', '2026-11-26', 115, [
        [0.45, '2026-11-26T03:27:45Z ERROR robot-ctl R-B14 row=212 motor overcurrent 9.8 A on left track, stopped at 63 m, mission 22a249c7-b8d1-4dc4-bd94-45d4d6a38636 aborted'],
      ]),
      'data/soiling/2026-10.json': json({
        plant: 'Almendralejo II',
        month: '2026-10',
        blocks: [
          ...rows(3, (i) => ({ block: ['A', 'B', 'C'][i], robots: 18 + i, passes: 14 + i, soiling_loss_pct: [2.8, 3.1, 2.6][i], note: pick(WORDS) })),
          { block: 'D', robots: 20, passes: 15, soiling_loss_pct: 6.1, note: 'downwind of the access road' },
          { block: 'E', robots: 17, passes: 15, soiling_loss_pct: 2.9, note: pick(WORDS) },
        ],
      }),
      'docs/清掃方針/散水洗浄.md': WASHING_DOC,
    },
    turns: [
      {
        text: "New project for me this week: the cleaning robots at the Almendralejo II solar plant, ticket SOLR-905. Let me show you the robot controller's fleet config first. #read robots/config/fleet.yaml",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['SOLR-905'] },
          { category: 'tool-finding', source: 'tool', strings: ['max_wind_speed_ms: 14', 'min_battery_pct_to_start: 60'] },
        ],
      },
      {
        text: 'The plant manager and I agreed to run the cleaning passes between 01:00 and 05:00 only. In daylight a robot shades a string as it passes, and the inverters lose output on every pass. #reply Night window only, understood.',
        facts: [{ category: 'decision', strings: ['run the cleaning passes between 01:00 and 05:00 only'], reasons: ['a robot shades a string as it passes'] }],
      },
      {
        text: '苏州的机器人厂家把接口文档发过来了：下发清扫任务用 POST /api/robot/v1/tasks，查询单台机器人的状态用 GET /api/robot/v1/robots/{robotSn}/status，现场网关的 Modbus TCP 地址是 10.20.4.15:502。 #reply 收到，三个都记好了。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['POST /api/robot/v1/tasks'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['GET /api/robot/v1/robots/{robotSn}/status'] },
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['10.20.4.15:502'] },
        ],
      },
      {
        text: 'Non-negotiable from the site HSE officer: no robot moves while anyone is signed in on the site access system for that block. #reply Understood, robots stay parked while anyone is signed in there.',
        facts: [{ category: 'rule', strings: ['no robot moves while anyone is signed in on the site access system for that block'] }],
      },
      {
        text: 'Yesterday one robot stopped halfway down its row in block B. What does the controller log say? #read logs/robots/block-b-2026-11-26.log',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['R-B14 row=212 motor overcurrent 9.8 A'] },
          { category: 'identifier', kind: 'uuid', source: 'tool', strings: ['22a249c7-b8d1-4dc4-bd94-45d4d6a38636'] },
        ],
      },
      {
        text: 'アセットマネジメント部（東京）からのお願いです。12 月 11 日の月次報告までに、ブロックごとの清掃前後の発電量比較を出してください。それと、ロボットの清掃実績データは必ず UTC で保存してください。現地時間で保存すると、夏時間の切り替えで二重計上が起きます。 #reply 承知しました。月次報告に間に合うように比較を出し、実績は UTC で保存します。',
        facts: [
          { category: 'todo', lang: 'ja', strings: ['ブロックごとの清掃前後の発電量比較を出してください', '12 月 11 日の月次報告までに'] },
          { category: 'rule', lang: 'ja', strings: ['ロボットの清掃実績データは必ず UTC で保存してください'] },
        ],
      },
      {
        text: "The controller box on site runs robot-ctl 1.9.3, and we'll start it with CLEAN_WINDOW_LOCAL=01:00-05:00 so the night window is enforced on the box itself, not just in our scheduler. #reply Noted, version and window.",
        facts: [
          { category: 'identifier', kind: 'version', strings: ['robot-ctl 1.9.3'] },
          { category: 'identifier', kind: 'env', strings: ['CLEAN_WINDOW_LOCAL=01:00-05:00'] },
        ],
      },
      { text: 'Write a first runbook for a robot stuck mid-row. #write robots/runbook/stuck-robot.md # Robot stuck mid-row\n\n1. Check the controller log for an overcurrent fault or a lost track sensor.\n2. Confirm nobody is signed in for the block before anyone drives out.\n3. Recover with the manual tow handle; never push the robot by its brush head.' },
      {
        text: 'Which block lost the most to soiling in October? #read data/soiling/2026-10.json',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"block": "D"', '"soiling_loss_pct": 6.1'] }],
      },
      { filler: 6000, style: 'work' },
      {
        text: '東京のアセットマネジメント部から、ロボット清掃と散水洗浄の使い分けについて方針が出ました。中身を確認してもらえますか。 #read docs/清掃方針/散水洗浄.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['散水による洗浄は年 1 回、3 月のカリマの後だけに限定し'], reasons: ['現地の取水許可が年 2 回までしかなく'] }],
      },
      {
        text: "One more call, and I want it written down: robots in block D go to a daily pass instead of every other day. D sits downwind of the gravel access road, and its soiling loss in October was about double any other block's. #reply Daily passes for D.",
        facts: [{ category: 'decision', strings: ['robots in block D go to a daily pass instead of every other day'], reasons: ['D sits downwind of the gravel access road'] }],
      },
      {
        text: 'If a robot trips the overcurrent fault twice in the same row within a week, take that row out of the schedule and raise a track-alignment check with the EPC contractor. #reply Will do when it happens.',
        facts: [{ category: 'todo', strings: ['take that row out of the schedule and raise a track-alignment check with the EPC contractor', 'If a robot trips the overcurrent fault twice in the same row within a week'] }],
      },
      {
        text: '厂家那边的建议我们接受了：机器人电池统一换成磷酸铁锂。夏天面板下面的温度超过 60 度，三元锂电池已经鼓包了两块。 #reply 好的，电池统一换成磷酸铁锂。',
        facts: [{ category: 'decision', lang: 'zh', strings: ['机器人电池统一换成磷酸铁锂'], reasons: ['三元锂电池已经鼓包了两块'] }],
      },
      {
        text: 'Handover bits: the SCADA trend view for the robots is https://scada.almendralejo2.example.es/trends/robots?block=D, the overcurrent workaround is commit 88af11d479a9a44975bac7d974508402e729907b, and mission reports are written to /var/lib/robot-ctl/missions/. #reply All recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://scada.almendralejo2.example.es/trends/robots?block=D'] },
          { category: 'identifier', kind: 'hash', strings: ['88af11d479a9a44975bac7d974508402e729907b'] },
          { category: 'identifier', kind: 'path', strings: ['/var/lib/robot-ctl/missions/'] },
        ],
      },
      { text: 'Add the repeat-fault step to the runbook. #write robots/runbook/stuck-robot.md # Robot stuck mid-row\n\n1. Check the controller log for an overcurrent fault or a lost track sensor.\n2. Confirm nobody is signed in for the block before anyone drives out.\n3. Recover with the manual tow handle; never push the robot by its brush head.\n4. Second overcurrent in the same row within a week: pull the row from the schedule and ask the EPC contractor for an alignment check.' },
      { filler: 4000, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
