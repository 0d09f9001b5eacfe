// The fourteenth HELD-OUT set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an
// independent writer who never saw the extraction code, and never tuned on: new projects (a fishing fleet's
// catch-quota reporting, a university library's study-room sensors, a car-rental firm's damage-claim intake), new
// wording, work-style filler. Never tune extraction on it and never read its results while changing extraction.
// Same format as tuning.mjs / held-out.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x14c0de);

const PROCESSOR_DOC = `# 关于渔获过磅与批次追溯的说明

青岛海鲜加工厂 · 质量部 · 2026 年 11 月

今年秋季我们从挪威进口的鳕鱼和黑线鳕共 38 批，其中 5 批在入库时发现实际重量和装船单不一致，差额最大的一批达到 640 公斤。

为此质量部和采购部开会讨论了今后的收货方式。

结论：自 2027 年 1 月起，只接收带有拍卖行过磅单号的批次，没有过磅单号的批次一律退回。原因是海关抽检时要求逐批核对重量，缺少过磅单的批次去年平均在港口多滞留了 4 天。

过磅单号请写在装箱单的第一行，格式不限。
`;

const RELEASE_DOC = `# 予約の自動解放について

附属図書館 · 利用サービス課 · 2026 年 11 月

グループ学習室（3 階・4 階、計 24 室）は試験期間になると予約が 2 週間先まで埋まります。一方で、予約した学生が来ないまま部屋が空いている時間帯も目立ちます。

10 月の記録では、予約枠のうち 18% が「予約あり・在室なし」のまま終わっていました。

方針：予約開始から 15 分たってもセンサーが在室を検知しない場合、その予約は自動で解放することとします。空室のまま予約で押さえられている部屋について、学生から毎週 20 件以上の苦情が届いているためです。

解放した場合は、予約者に大学のメールで通知してください。
`;

export const SESSIONS = [
  {
    id: 'q1-catch-quota',
    set: 'held-out-14',
    files: {
      'quota/config/reporting.yaml': code('yaml', 85, [
        [0.22, '    landing_report_deadline_hours: 24'],
        [0.64, '    ers_endpoint: ers-gw.fiskeri-test.internal:7443'],
      ]),
      'quota/config/species.yaml': code('yaml', 60, [[0.4, '  HAD: { name: haddock, min_size_cm: 44 }']]),
      'logs/quota/ers-submit-2026-11-26.log': log('ers-submit', '2026-11-26', 120, [[0.52, '2026-11-26T04:22:09Z ERROR ers-submit vessel LK-418 declaration D-220731 rejected: species HAD exceeds remaining quota by 3.2 t']]),
      'data/landings/2026-w47.csv': csv(
        'landing_id,vessel,port,species,kg,auction_ticket',
        65,
        (i) => `L-${String(90100 + i * 7)},${pick(['LK-402', 'LK-418', 'TF-77', 'M-1203'])},${pick(['Tromsø', 'Ålesund', 'Bodø'])},${pick(['COD', 'SAI', 'POK'])},${1200 + 53 * i},AT-${String(4400 + i)}`,
        [[0.58, 'L-90377,TF-77,Hammerfest,HAD,18420,AT-MISSING']],
      ),
      'docs/加工厂/收货要求.md': PROCESSOR_DOC,
      'quota/CHANGELOG.md': '# Changelog\n\n## 0.3.0\n\n- Vessel list import from the fleet register.\n- Landing CSV upload.\n',
    },
    turns: [
      {
        text: 'Before anything else, show me how the reporting service is configured today. #read quota/config/reporting.yaml',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['landing_report_deadline_hours: 24'] },
          { category: 'identifier', kind: 'host:port', source: 'tool', strings: ['ers-gw.fiskeri-test.internal:7443'] },
        ],
      },
      {
        text: "OK, some context. This is QUOTA-742, catch-quota reporting for the Havbris fleet. We'll generate the ERS XML ourselves rather than buy the Trackwell module: their licence is per vessel, and for 23 boats it costs more than this whole project. And one thing that's not negotiable — a catch declaration is never edited after submission; a mistake gets fixed with a new correcting declaration. #reply Clear, own XML and no edits after submission.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['QUOTA-742'] },
          { category: 'decision', strings: ['generate the ERS XML ourselves rather than buy the Trackwell module'], reasons: ['their licence is per vessel'] },
          { category: 'rule', strings: ['a catch declaration is never edited after submission'] },
        ],
      },
      {
        text: '青岛加工厂那边的对接方式：收货确认走 POST /intake/v1/lots，批次追溯查 GET /intake/v1/lots/{lotNo}/trace。还有，请在 12 月 8 日之前把 2027 年的鳕鱼配额表导入系统，渔业局要提前核对。 #reply 好的，接口记下了，配额表 12 月 8 日前导入。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['POST /intake/v1/lots'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['GET /intake/v1/lots/{lotNo}/trace'] },
          { category: 'todo', lang: 'zh', strings: ['把 2027 年的鳕鱼配额表导入系统', '12 月 8 日之前'] },
        ],
      },
      { text: 'Start a notes file with the flow as we understand it. #write quota/NOTES.md # Quota reporting\n\nlanding weighed at auction -> landing row -> balance per vessel and species -> ERS declaration -> authority gateway -> receipt stored.' },
      { filler: 3000, style: 'work' },
      {
        text: "The skipper of LK-418 says his declaration bounced yesterday. Find it in the submit log. #read logs/quota/ers-submit-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['declaration D-220731 rejected', 'exceeds remaining quota by 3.2 t'] }],
      },
      {
        text: "Talked it through with the skippers this morning and we landed on recalculating: quota balances get recalculated every time a landing is weighed at the auction, not once a night. Otherwise a boat that lands twice in a day can fish against a balance that is already gone — which is more or less what just happened. #reply Understood, recalculation per weighed landing.",
        facts: [{ category: 'decision', strings: ['quota balances get recalculated every time a landing is weighed at the auction'], reasons: ['a boat that lands twice in a day can fish against a balance that is already gone'] }],
      },
      {
        text: '注意点です。ノルウェー当局への送信データには、船長の個人番号を絶対に含めないでください。ちなみに署名鍵は環境変数 ERS_SIGNING_KEY_ID=havbris-2026b で指定していて、送信モジュールは ers-client 4.11.0 を使っています。 #reply 了解です、個人番号は送らないようにします。',
        facts: [
          { category: 'rule', lang: 'ja', strings: ['船長の個人番号を絶対に含めないでください'] },
          { category: 'identifier', kind: 'env', lang: 'ja', strings: ['ERS_SIGNING_KEY_ID=havbris-2026b'] },
          { category: 'identifier', kind: 'version', lang: 'ja', strings: ['ers-client 4.11.0'] },
        ],
      },
      {
        text: 'Which landing this week has no auction ticket? #read data/landings/2026-w47.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['L-90377,TF-77,Hammerfest,HAD,18420,AT-MISSING'] }],
      },
      {
        text: 'The Qingdao processor sent their receiving requirements, can you go through it? #read docs/加工厂/收货要求.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['只接收带有拍卖行过磅单号的批次'], reasons: ['缺少过磅单的批次去年平均在港口多滞留了 4 天'] }],
      },
      {
        text: "One more for the list. If the authority's gateway rejects more than 5 % of our declarations in any week, switch the submit job back to manual review before sending and let Eirik know. #reply Will do if it crosses 5 %.",
        facts: [{ category: 'todo', strings: ['switch the submit job back to manual review before sending', "If the authority's gateway rejects more than 5 % of our declarations in any week"] }],
      },
      { filler: 3000, style: 'work' },
      {
        text: "Putting the references here so we stop hunting for them. Balances dashboard: https://quota.havbris.example.no/fleet/balances. The XML namespace fix went in as 1fdd262bec4fae89c860f3bb922364c0b940d933. Sent declarations are archived under /srv/ers/outbox/archive/. Our test account at the authority is 5d5d020e-5e71-41f9-8d9b-f9a6ff6f7ee3. #reply Got all four.",
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://quota.havbris.example.no/fleet/balances'] },
          { category: 'identifier', kind: 'hash', strings: ['1fdd262bec4fae89c860f3bb922364c0b940d933'] },
          { category: 'identifier', kind: 'path', strings: ['/srv/ers/outbox/archive/'] },
          { category: 'identifier', kind: 'uuid', strings: ['5d5d020e-5e71-41f9-8d9b-f9a6ff6f7ee3'] },
        ],
      },
      {
        text: '船队管理层刚刚拍板：渔获重量一律按拍卖行的过磅数上报，不再用船上的估重。船上估重和过磅数平均差了 7%，我们已经因此被罚过两次。 #reply 明白，以后只报过磅数。',
        facts: [{ category: 'decision', lang: 'zh', strings: ['渔获重量一律按拍卖行的过磅数上报，不再用船上的估重'], reasons: ['船上估重和过磅数平均差了 7%'] }],
      },
      {
        text: "What's the minimum landing size we have configured for haddock? #exec grep -n 'HAD:' quota/config/species.yaml",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['HAD: { name: haddock, min_size_cm: 44 }'] }],
      },
      { text: 'Add an entry to the changelog for the next release. #write quota/CHANGELOG.md # Changelog\n\n## 0.4.0\n\n- Own ERS XML generator.\n- Balance recalculated per weighed landing.\n\n## 0.3.0\n\n- Vessel list import from the fleet register.\n- Landing CSV upload.\n' },
      { filler: 4000, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'q2-study-room-sensors',
    set: 'held-out-14',
    files: {
      'logs/sensors/mqtt-bridge-2026-11-26.log': log('mqtt-bridge', '2026-11-26', 110, [[0.35, '2026-11-26T01:12:40Z WARN  mqtt-bridge room L3-12 sensor 0x4F2A offline, last battery 2.61 V, occupancy frozen at 1']]),
      'sensors/firmware/occupancy.c': code('c', 90, [
        [0.4, '#define PIR_HOLD_SECONDS 420'],
        [0.7, 'static const int CO2_ALERT_PPM = 1200;'],
      ]),
      'data/rooms/bookings-2026-11-27.json': json({
        day: '2026-11-27',
        bookings: [
          ...rows(12, (i) => ({ room: `L3-${String(i + 1).padStart(2, '0')}`, slot: `${9 + (i % 8)}:00`, no_show_count: i % 2, source: pick(['web', 'kiosk', 'app']) })),
          { room: 'L4-07', slot: '14:00', no_show_count: 6, source: 'web' },
          ...rows(8, (i) => ({ room: `L4-${String(i + 10)}`, slot: `${10 + (i % 6)}:00`, no_show_count: i % 3 === 0 ? 1 : 0, source: pick(['web', 'kiosk']) })),
        ],
      }),
      'docs/図書館/予約の自動解放.md': RELEASE_DOC,
      'sensors/deploy/fleet.env': ['# sensor fleet defaults', ...rows(30, (i) => `${pick(WORDS).toUpperCase()}_${i}=${pick(WORDS)}`), 'BATTERY_WARN_V=2.7', ...rows(10, (i) => `${pick(WORDS).toUpperCase()}_X${i}=${i * 3}`)].join('\n') + '\n',
      'sensors/README.md': '# Study-room sensors\n\nFirmware for the PIR/CO2 boards in the group study rooms and the MQTT bridge that feeds the booking system.\n',
    },
    turns: [
      {
        text: "The third-floor rooms keep showing as occupied when nobody is in them. Check last night's MQTT bridge log. #read logs/sensors/mqtt-bridge-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['room L3-12 sensor 0x4F2A offline', 'last battery 2.61 V'] }],
      },
      {
        text: 'この件は LIB-2093 で管理しています。在室判定は PIR センサーと CO2 濃度の組み合わせで行い、カメラは使いません。学生代表委員会が映像を使う方式にはっきり反対したためです。 #reply 承知しました、カメラなしで進めます。',
        facts: [
          { category: 'identifier', kind: 'ticket', lang: 'ja', strings: ['LIB-2093'] },
          { category: 'decision', lang: 'ja', strings: ['在室判定は PIR センサーと CO2 濃度の組み合わせで行い、カメラは使いません'], reasons: ['学生代表委員会が映像を使う方式にはっきり反対した'] },
        ],
      },
      {
        text: 'How long does the firmware hold "occupied" after motion, and when does it raise a CO2 alert? #read sensors/firmware/occupancy.c',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['PIR_HOLD_SECONDS 420', 'CO2_ALERT_PPM = 1200'] }],
      },
      {
        text: "Two things from the library director. A rule first: sensor data must never be stored with a student ID attached, aggregate per room only. And she decided the booking page shows a room as free 10 minutes after the last motion, not 20. With 20, students were walking the whole floor looking for rooms the screen said were taken. #reply Noted, 10 minutes and no student IDs.",
        facts: [
          { category: 'rule', strings: ['sensor data must never be stored with a student ID attached'] },
          { category: 'decision', strings: ['the booking page shows a room as free 10 minutes after the last motion, not 20'], reasons: ['students were walking the whole floor looking for rooms the screen said were taken'] },
        ],
      },
      {
        text: "Booking system side: live state comes from GET /rooms/v2/{roomId}/occupancy, and extending a booking is PUT /rooms/v2/{roomId}/hold. The broker the boards publish to is mqtt.lib-iot.campus.example:8883. #reply Thanks, I have the two routes and the broker.",
        facts: [
          { category: 'identifier', kind: 'route', strings: ['GET /rooms/v2/{roomId}/occupancy'] },
          { category: 'identifier', kind: 'route', strings: ['PUT /rooms/v2/{roomId}/hold'] },
          { category: 'identifier', kind: 'host:port', strings: ['mqtt.lib-iot.campus.example:8883'] },
        ],
      },
      { text: 'Keep a notes file for this. #write sensors/NOTES.md # Study-room sensors\n\nPIR + CO2 board -> MQTT broker -> bridge -> occupancy per room -> booking page. Check battery first when a room looks stuck.' },
      { filler: 3500, style: 'work' },
      {
        text: '新校区的同事交代：寒假前，也就是 1 月 16 日之前，要把四楼 12 个房间的传感器电池全部换掉。网关固件目前是 lib-gateway 2.3.1，配置里的宽限时间用环境变量 OCCUPANCY_GRACE_MIN=10 控制。 #reply 好的，电池的事我记下了。',
        facts: [
          { category: 'todo', lang: 'zh', strings: ['要把四楼 12 个房间的传感器电池全部换掉', '1 月 16 日之前'] },
          { category: 'identifier', kind: 'version', lang: 'zh', strings: ['lib-gateway 2.3.1'] },
          { category: 'identifier', kind: 'env', lang: 'zh', strings: ['OCCUPANCY_GRACE_MIN=10'] },
        ],
      },
      {
        text: "Which room has the worst no-show record in tomorrow's bookings? #read data/rooms/bookings-2026-11-27.json",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"room": "L4-07"', '"no_show_count": 6'] }],
      },
      {
        text: '利用サービス課から予約の扱いについて文書が届きました。内容を確認してもらえますか。 #read docs/図書館/予約の自動解放.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['予約開始から 15 分たってもセンサーが在室を検知しない場合、その予約は自動で解放する'], reasons: ['学生から毎週 20 件以上の苦情が届いているため'] }],
      },
      {
        text: "Something to watch: when CO2 in the group rooms stays above 1,500 ppm for over an hour on two days running, file a ticket with facilities to raise the ventilation rate. #reply I'll keep an eye on the CO2 numbers.",
        facts: [{ category: 'todo', strings: ['file a ticket with facilities to raise the ventilation rate', 'when CO2 in the group rooms stays above 1,500 ppm for over an hour on two days running'] }],
      },
      {
        text: 'それから運用ルールをひとつ。ファームウェアの更新は必ず閉館後の夜間に行い、開館中は OTA を配信しないこと。 #reply はい、閉館後だけにします。',
        facts: [{ category: 'rule', lang: 'ja', strings: ['ファームウェアの更新は必ず閉館後の夜間に行い、開館中は OTA を配信しないこと'] }],
      },
      { filler: 3000, style: 'work' },
      {
        text: "Links and ids for the handover: the occupancy board is https://rooms.lib.campus.example/admin/occupancy, the fix for the stuck-occupied bug is b35f40b6abe9dc80f46ac99c961b0ce811a764c0, the bridge buffers raw readings in /var/lib/mqtt-bridge/spool/, and the floor-4 gateway's device id is 733d6f1c-a58d-4ec9-9cbe-e11cacd2d798. #reply Recorded.",
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://rooms.lib.campus.example/admin/occupancy'] },
          { category: 'identifier', kind: 'hash', strings: ['b35f40b6abe9dc80f46ac99c961b0ce811a764c0'] },
          { category: 'identifier', kind: 'path', strings: ['/var/lib/mqtt-bridge/spool/'] },
          { category: 'identifier', kind: 'uuid', strings: ['733d6f1c-a58d-4ec9-9cbe-e11cacd2d798'] },
        ],
      },
      {
        text: '数据保留的问题定了：原始的占用数据在服务器上只保留 90 天，之后只留按小时汇总的数据，因为学校的个人信息保护规定要求原始记录不得超过一个学期。 #reply 明白，90 天后只留小时汇总。',
        facts: [{ category: 'decision', lang: 'zh', strings: ['原始的占用数据在服务器上只保留 90 天'], reasons: ['学校的个人信息保护规定要求原始记录不得超过一个学期'] }],
      },
      {
        text: 'At what voltage do we warn about a battery? #exec grep -n BATTERY sensors/deploy/fleet.env',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['BATTERY_WARN_V=2.7'] }],
      },
      { text: 'Add a troubleshooting section to the README. #write sensors/README.md # Study-room sensors\n\nFirmware for the PIR/CO2 boards in the group study rooms and the MQTT bridge that feeds the booking system.\n\n## A room looks stuck\n\n1. Look for the room in the bridge log.\n2. Check the board battery.\n3. Replace the battery and watch the room for one booking slot.\n' },
      { filler: 4000, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'q3-damage-claims',
    set: 'held-out-14',
    files: {
      'claims/src/intake/photos.py': code('py', 95, [
        [0.3, 'MAX_PHOTOS_PER_CLAIM = 24'],
        [0.31, 'MIN_PHOTO_WIDTH_PX = 1600'],
      ]),
      'logs/claims/intake-2026-11-26.log': log('claims-intake', '2026-11-26', 115, [[0.66, '2026-11-26T02:48:31Z ERROR claims-intake claim CLM-558213 stuck in TRIAGE: estimator vendor timeout after 30s (booking RA-7731-KIX)']]),
      'docs/policy/deposit-holds.md': essay('Deposit holds and damage recovery: review', 6, [
        [0.3, 'In October, 412 claims were opened at the Kansai airport branch, 61 of them disputed by the customer.'],
        [0.7, 'Decision: deposit holds on credit cards will be released 72 hours after return instead of 14 days, because chargebacks from customers who saw the hold for two weeks cost us more than the claims we recovered from it.'],
      ]),
      'data/claims/open-2026-11.csv': csv(
        'claim_id,booking,part,status,estimate_jpy',
        70,
        (i) => `CLM-${558300 + i * 11},RA-${7000 + i * 13}-${pick(['KIX', 'ITM', 'UKB'])},${pick(['door', 'mirror', 'wheel', 'windscreen'])},${pick(['open', 'estimated', 'paid'])},${12000 + 900 * i}`,
        [[0.5, 'CLM-559010,RA-8120-ITM,rear bumper,disputed,184000']],
      ),
      'claims/CHANGELOG.md': '# Changelog\n\n## 1.8.0\n\n- Claim form in four languages.\n- Branch inbox for emailed photos.\n',
    },
    turns: [
      {
        text: "Can you help me with the damage-claim intake? It's CLAIM-1604 in the tracker. We've agreed that customers upload photos straight from the return kiosk instead of emailing them to the branch. Emailed photos lose their EXIF timestamps, and without those the insurer won't accept that the damage happened during the rental. #reply OK, kiosk uploads it is.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['CLAIM-1604'] },
          { category: 'decision', strings: ['customers upload photos straight from the return kiosk instead of emailing them to the branch'], reasons: ['Emailed photos lose their EXIF timestamps'] },
        ],
      },
      {
        text: 'What limits does the intake put on photos? #read claims/src/intake/photos.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['MAX_PHOTOS_PER_CLAIM = 24', 'MIN_PHOTO_WIDTH_PX = 1600'] }],
      },
      {
        text: '関西空港営業所のシステム担当からです。損害の受付は POST /claims/v1/intake、見積もりの取得は GET /claims/v1/intake/{claimId}/estimate。見積もりベンダーの接続先は estimator.partner-kix.example.jp:9443 です。あと、年末の繁忙期に入る 12 月 20 日までに、キオスク端末のカメラ設定を全店で統一しておいてください。 #reply 承知しました。カメラ設定は 20 日までに揃えます。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /claims/v1/intake'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /claims/v1/intake/{claimId}/estimate'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['estimator.partner-kix.example.jp:9443'] },
          { category: 'todo', lang: 'ja', strings: ['キオスク端末のカメラ設定を全店で統一しておいてください', '12 月 20 日までに'] },
        ],
      },
      {
        text: "Legal's ground rule, please stick to it in everything we build: we only charge a customer for damage that's on a photo with a timestamp inside the rental period. #reply Understood.",
        facts: [{ category: 'rule', strings: ["only charge a customer for damage that's on a photo with a timestamp inside the rental period"] }],
      },
      { text: 'Write down the intake flow in a notes file. #write claims/NOTES.md # Damage-claim intake\n\nreturn at kiosk -> photos with EXIF -> claim opened -> vendor estimate -> branch review -> insurer or customer charge.' },
      { filler: 3000, style: 'work' },
      {
        text: 'A claim from the Kansai branch has been sitting untouched since yesterday. What does the intake log say? #read logs/claims/intake-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['claim CLM-558213 stuck in TRIAGE', 'estimator vendor timeout after 30s'] }],
      },
      {
        text: '上海团队那边定了：5 厘米以下的小划痕不再走理赔流程，还车时由门店按标准价目表直接结算。这类案子占了 60% 的工单，平均金额却不到 8000 日元。另外请记住，理赔照片一律存放在东京区域的存储里，不能复制到海外。 #reply 好的，两点都记住了。',
        facts: [
          { category: 'decision', lang: 'zh', strings: ['5 厘米以下的小划痕不再走理赔流程'], reasons: ['这类案子占了 60% 的工单，平均金额却不到 8000 日元'] },
          { category: 'rule', lang: 'zh', strings: ['理赔照片一律存放在东京区域的存储里，不能复制到海外'] },
        ],
      },
      {
        text: "Deploy details while I have them open: the bucket is set with CLAIMS_PHOTO_BUCKET=rac-claims-apne1, staging runs claims-intake 2.14.0-beta.3, and the insurer's partner id for us is 8b569b73-6358-4b2a-ba27-483f47a20d66. #reply Noted.",
        facts: [
          { category: 'identifier', kind: 'env', strings: ['CLAIMS_PHOTO_BUCKET=rac-claims-apne1'] },
          { category: 'identifier', kind: 'version', strings: ['claims-intake 2.14.0-beta.3'] },
          { category: 'identifier', kind: 'uuid', strings: ['8b569b73-6358-4b2a-ba27-483f47a20d66'] },
        ],
      },
      {
        text: 'Finance circulated a review of deposit holds. Anything in there that affects intake? #read docs/policy/deposit-holds.md',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['412 claims were opened at the Kansai airport branch'] },
          { category: 'decision', source: 'tool', strings: ['deposit holds on credit cards will be released 72 hours after return instead of 14 days'], reasons: ['chargebacks from customers who saw the hold for two weeks cost us more than the claims we recovered'] },
        ],
      },
      {
        text: "Two follow-ups for you. If the estimator vendor times out on more than 20 claims in a single day again, fall back to the branch manager's manual estimate and tell procurement. And by Friday the 4th, get the Osaka branch onto the kiosk flow. #reply Both on my list.",
        facts: [
          { category: 'todo', strings: ["fall back to the branch manager's manual estimate and tell procurement", 'If the estimator vendor times out on more than 20 claims in a single day again'] },
          { category: 'todo', strings: ['get the Osaka branch onto the kiosk flow', 'by Friday the 4th'] },
        ],
      },
      { filler: 3000, style: 'work' },
      {
        text: '引き継ぎ用のメモです。受付キューのダッシュボードは https://claims.rentacar-west.example.jp/intake/queue、EXIF の修正コミットは ee7133ca7e004167f182d79d660a156e633a93a0、アップロード写真の一時置き場は /var/lib/claims-intake/uploads/ です。 #reply ありがとうございます、控えました。',
        facts: [
          { category: 'identifier', kind: 'url', lang: 'ja', strings: ['https://claims.rentacar-west.example.jp/intake/queue'] },
          { category: 'identifier', kind: 'hash', lang: 'ja', strings: ['ee7133ca7e004167f182d79d660a156e633a93a0'] },
          { category: 'identifier', kind: 'path', lang: 'ja', strings: ['/var/lib/claims-intake/uploads/'] },
        ],
      },
      {
        text: "On the estimator: we're not going to build our own. We keep the vendor's API and put a 30-second circuit breaker around it — an in-house estimator would mean maintaining a parts-price catalogue for 140 car models. #reply Makes sense, breaker around the vendor call.",
        facts: [{ category: 'decision', strings: ["keep the vendor's API and put a 30-second circuit breaker around it"], reasons: ['maintaining a parts-price catalogue for 140 car models'] }],
      },
      {
        text: 'Which open claim this month is disputed? #exec grep -n disputed data/claims/open-2026-11.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['CLM-559010,RA-8120-ITM,rear bumper,disputed,184000'] }],
      },
      {
        text: '店舗会議で決めました。返却時の損傷チェックは係員 1 人で済ませず、お客様と係員が一緒にタブレットで確認する形にします。後になって「そんな傷はなかった」と揉めるケースが一番多いからです。 #reply 了解です、一緒に確認する流れにします。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['お客様と係員が一緒にタブレットで確認する形にします'], reasons: ['後になって「そんな傷はなかった」と揉めるケースが一番多いから'] }],
      },
      { text: 'Update the changelog. #write claims/CHANGELOG.md # Changelog\n\n## 1.9.0\n\n- Photo upload at the return kiosk.\n- Circuit breaker around the estimate call.\n\n## 1.8.0\n\n- Claim form in four languages.\n- Branch inbox for emailed photos.\n' },
      { filler: 4000, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
