// The twelfth HELD-OUT set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an
// independent writer who never saw the extraction code, its tests or any benchmark result; never tuned on. New
// projects (a regional airport's baggage-tracking feed, a seed company's greenhouse climate controller, a coworking
// operator's desk-booking app), new wording, its own order of work, work-style filler. Never tune extraction on it
// and never read its results while changing extraction.
// Same format as tuning.mjs / held-out-4.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x12b7a3);

const TRANSFER_DOC = `# 乗り継ぎ手荷物の締め切り時刻について

地上支援課 · 2026 年 11 月

冬ダイヤでは羽田・伊丹との乗り継ぎ便が一日 14 便に増えます。最短の乗り継ぎ時間は 35 分で、手荷物の積み替えには最低でも 25 分かかります。

これまでは締め切りを過ぎた手荷物もできる限り積み込んでいましたが、出発遅延の原因の 2 割が手荷物の積み替え待ちでした。

決定事項：乗り継ぎ手荷物の受付は出発 25 分前で締め切り、それ以降のタグは自動的に次便へ回す。昨年度の定時出発率が 81 % まで落ち、その主な原因が積み替え待ちだったからです。

次便へ回した手荷物は、到着空港の手荷物カウンターへ BSM で通知してください。
`;

const IRRIGATION_DOC = `# 育苗温室灌溉调整说明

生产技术部 · 2026 年 11 月

三号温室目前种的是番茄和辣椒的育苗盘，每天滴灌四次，每次由控制器按基质湿度自动触发。

十月份出现了两批幼苗猝倒病，检测结果都是腐霉菌。农艺组分析后认为夜间基质太湿是主要诱因。

结论：三号温室晚上 20:00 以后不再自动灌溉，夜间只允许人工补水。原因是夜间基质湿度长时间超过 85 %，十月份两批番茄苗的猝倒病都出在这个时段。

白天的灌溉阈值暂时不变，十二月中旬再根据发芽率复查。
`;

const OSAKA_MEMO = `# 梅田拠点 座席予約ルール改定のお知らせ

運営企画チーム · 2026 年 11 月

梅田拠点では 10 月以降、午前中のフリーデスク稼働率が 95 % を超える日が週 3 日以上あります。一方で、予約されたまま誰も来ない席が一日平均 22 席ありました。

会員アンケートでは「予約したのに席が埋まっていた」「空いているのに予約できない」という声が 40 件以上寄せられています。

改定内容：予約開始時刻から 30 分以内にチェックインしない予約は自動で取り消し、席を一般開放する。無断キャンセルによる空席が一日平均 22 席あり、満席なのに実際は空いている状態が続いていたためです。

改定は 12 月 1 日から全会員に適用します。
`;

export const SESSIONS = [
  {
    id: 'q1-baggage-feed',
    set: 'held-out-12',
    files: {
      'logs/bhs/sorter-2026-11-26.log': log('bhs-sorter', '2026-11-26', 120, [[0.35, '2026-11-26T05:58:41Z WARN bhs-sorter tag 0117482913 no BSM received within 90s, diverted to manual encode station MES-2']]),
      'feed/config/feed.toml.example': code('yaml', 70, [[0.4, '    broker_url: "amqps://bsm-broker.vby-airport.internal:5671/typeb"']]),
      'docs/design/carousel-assignment.md': essay('Design note: assigning arrival carousels', 6, [
        [0.3, 'Over the summer schedule, 212 arriving flights were moved between carousels after the first bag had already been delivered, mostly because the stand changed late.'],
        [0.7, 'We settled on assigning the arrival carousel when the aircraft is on block, not at the scheduled arrival time, because the stand allocation changes for roughly one flight in six during the last twenty minutes.'],
      ]),
      'bhs/config/belts.yaml': code('yaml', 60, [[0.55, '    belt_7_max_bags_per_minute: 38']]),
      'docs/地上支援/乗り継ぎ手荷物.md': TRANSFER_DOC,
      'feed/RUNBOOK.md': '# Baggage feed runbook\n\n- Restart the consumer with systemctl restart bsm-consumer.\n',
    },
    turns: [
      {
        text: 'Morning. Bags off the early Stockholm flight ended up at manual encoding again. Before anything else, look at the sorter log from yesterday. #read logs/bhs/sorter-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['tag 0117482913 no BSM received within 90s', 'manual encode station MES-2'] }],
      },
      {
        text: "Right, that's the pattern. The work is filed as BAGT-2291. We'll stop polling the BHS database and consume the Type B BSM feed from the message broker instead; polling every 30 seconds left the belt displays up to two minutes behind the sorter. #reply Makes sense, broker feed it is.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['BAGT-2291'] },
          { category: 'decision', strings: ['stop polling the BHS database and consume the Type B BSM feed from the message broker'], reasons: ['left the belt displays up to two minutes behind the sorter'] },
        ],
      },
      {
        text: '机场信息部给的接口：行李状态推送用 POST /bagtrack/v1/events，按航班查行李是 GET /bagtrack/v1/flights/{flightId}/bags。测试环境的 BHS 网关在 bhs-gw-test.vby-airport.internal:7443。 #reply 收到，都记下了。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['POST /bagtrack/v1/events'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['GET /bagtrack/v1/flights/{flightId}/bags'] },
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['bhs-gw-test.vby-airport.internal:7443'] },
        ],
      },
      {
        text: 'Where does the feed expect the broker to live? Check the example config. #read feed/config/feed.toml.example',
        facts: [{ category: 'identifier', kind: 'url', source: 'tool', strings: ['amqps://bsm-broker.vby-airport.internal:5671/typeb'] }],
      },
      {
        text: "One thing security insists on, and it applies to every service we touch here: passenger names never leave the airside network, the feed only carries the bag tag and the flight. #reply Understood, tag and flight only.",
        facts: [{ category: 'rule', strings: ['passenger names never leave the airside network'] }],
      },
      {
        text: '空港運用課から二つ。年末年始の臨時便が始まる 12 月 20 日までに、3 番ターンテーブルの表示器のファームウェアを入れ替えてください。それと、手荷物イベントの時刻は必ず UTC で保存し、表示のときだけ現地時刻に変換すること。 #reply 承知しました。',
        facts: [
          { category: 'todo', lang: 'ja', strings: ['3 番ターンテーブルの表示器のファームウェアを入れ替えてください', '12 月 20 日までに'] },
          { category: 'rule', lang: 'ja', strings: ['手荷物イベントの時刻は必ず UTC で保存し、表示のときだけ現地時刻に変換すること'] },
        ],
      },
      { text: 'Sketch the message flow in a notes file so the night shift can follow it. #write feed/NOTES.md # BSM feed\n\nDCS check-in -> BSM on the broker -> consumer -> tag/flight index -> sorter destination -> belt display. BPM from the sorter closes the loop.' },
      { filler: 3000, style: 'work' },
      {
        text: 'The apron team wrote up how arrival carousels get assigned. Anything there that affects us? #read docs/design/carousel-assignment.md',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['212 arriving flights were moved between carousels'] },
          { category: 'decision', source: 'tool', strings: ['assigning the arrival carousel when the aircraft is on block, not at the scheduled arrival time'], reasons: ['the stand allocation changes for roughly one flight in six'] },
        ],
      },
      {
        text: "From the deploy form, copying it here:\n  BSM_DEDUP_WINDOW_SEC=120\n  bsm-consumer 2.3.0\n  stack id 5c1e9a70-3d42-4b8e-9f16-aa27c04b81d3\nAnd we'll key duplicates on tag number plus flight date, since tags get reused after ten days. #reply Noted, dedup on tag plus date.",
        facts: [
          { category: 'identifier', kind: 'env', strings: ['BSM_DEDUP_WINDOW_SEC=120'] },
          { category: 'identifier', kind: 'version', strings: ['bsm-consumer 2.3.0'] },
          { category: 'identifier', kind: 'uuid', strings: ['5c1e9a70-3d42-4b8e-9f16-aa27c04b81d3'] },
          { category: 'decision', strings: ['key duplicates on tag number plus flight date'], reasons: ['tags get reused after ten days'] },
        ],
      },
      {
        text: 'How fast can belt 7 take bags, per the sorter config? #exec grep -n "belt_7" bhs/config/belts.yaml',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['belt_7_max_bags_per_minute: 38'] }],
      },
      { filler: 2500, style: 'work' },
      {
        text: '值班经理那边的意见：早到行李（起飞前超过 4 小时交运的）统一先送到早到行李仓，不再直接进分拣线。分拣线早上六点前只开一条，早到行李占住格口以后，六点那一波航班的行李会堵在入口。 #reply 明白，早到行李先进仓。',
        facts: [{ category: 'decision', lang: 'zh', strings: ['早到行李（起飞前超过 4 小时交运的）统一先送到早到行李仓'], reasons: ['早到行李占住格口以后，六点那一波航班的行李会堵在入口'] }],
      },
      {
        text: "If the broker's consumer lag goes past 500 messages during the Christmas charter peak, add a second consumer group pinned to the transfer bags before 18 December. #reply I'll keep an eye on the lag.",
        facts: [{ category: 'todo', strings: ['add a second consumer group pinned to the transfer bags', "If the broker's consumer lag goes past 500 messages", 'before 18 December'] }],
      },
      {
        text: '地上支援課から乗り継ぎの件で通達が来ています。中身を確認してください。 #read docs/地上支援/乗り継ぎ手荷物.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['乗り継ぎ手荷物の受付は出発 25 分前で締め切り、それ以降のタグは自動的に次便へ回す'], reasons: ['昨年度の定時出発率が 81 % まで落ち'] }],
      },
      {
        text: 'For the ops wiki, three references: the live bag map is at https://ops.vby-airport.example.se/bagtrack/map, the dedup fix went in as a91f03c7d25e4b68f0e1d3b27c9a45e6f8d10b72, and rejected messages are parked in /var/lib/bsm-consumer/deadletter/. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://ops.vby-airport.example.se/bagtrack/map'] },
          { category: 'identifier', kind: 'hash', strings: ['a91f03c7d25e4b68f0e1d3b27c9a45e6f8d10b72'] },
          { category: 'identifier', kind: 'path', strings: ['/var/lib/bsm-consumer/deadletter/'] },
        ],
      },
      { text: 'Add the dead-letter step to the runbook. #write feed/RUNBOOK.md # Baggage feed runbook\n\n- Restart the consumer with systemctl restart bsm-consumer.\n- Rejected messages: look in the dead-letter folder, fix the tag, replay with bsm-replay --since 1h.\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'q2-greenhouse-climate',
    set: 'held-out-12',
    files: {
      'controller/src/climate_loop.c': code('c', 90, [
        [0.4, '#define MIST_MAX_ON_SECONDS 45'],
        [0.41, '#define VPD_TARGET_KPA_X100 85'],
      ]),
      'data/sensors/house3-2026-11-26.csv': csv(
        'ts,zone,air_c,rh_pct,substrate_pct,co2_ppm',
        70,
        (i) => `2026-11-26T${String(i % 24).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}Z,H3-${pick(['A', 'B', 'C'])},${18 + (i % 6)}.${i % 10},${62 + (i % 20)},${48 + (i % 15)},${420 + 9 * i}`,
        [[0.55, '2026-11-26T03:40Z,H3-B,14.2,97.8,71,455']],
      ),
      'docs/design/venting-strategy.md': essay('Design note: venting and heat retention in the propagation houses', 6, [
        [0.25, 'Last winter the gas boiler in house 2 ran 1,140 hours between December and February, about a third more than the other houses, because its roof vents were opened on a fixed timer.'],
        [0.65, 'Going forward the roof vents open on the humidity deficit and not on a clock, since the timer-based schedule vented warm air on cold mornings and drove up gas use without lowering humidity.'],
      ]),
      'controller/firmware/VERSION': 'product: climate-ctl\nfirmware: climate-ctl 4.7.1-lts\nbuilt: 2026-11-19\n',
      'docs/生产/灌溉调整.md': IRRIGATION_DOC,
      'controller/CHANGELOG.md': '# Changelog\n\n## 4.7.1-lts\n\n- Night setback for house 1 and 2.\n',
    },
    turns: [
      {
        text: "We're taking over the climate controller for the seed company's propagation houses. First decision, already agreed with the growers: misting runs from the controller's own local loop, not from the cloud scheduler. When the LTE link dropped on 9 November the cloud scheduler kept the misters on for 40 minutes and flooded bench 14. #reply Understood, misting stays local.",
        facts: [{ category: 'decision', strings: ["misting runs from the controller's own local loop, not from the cloud scheduler"], reasons: ['the cloud scheduler kept the misters on for 40 minutes and flooded bench 14'] }],
      },
      {
        text: "Let's see what limits the loop has today. #read controller/src/climate_loop.c",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['MIST_MAX_ON_SECONDS 45', 'VPD_TARGET_KPA_X100 85'] }],
      },
      {
        text: '农艺组的硬性要求：室外气温低于 5 度的时候，天窗开度不能超过 10 %。另外，十二月五号之前要把二号温室的 CO2 传感器全部重新校准一遍。 #reply 好的，这两条都记住了。',
        facts: [
          { category: 'rule', lang: 'zh', strings: ['室外气温低于 5 度的时候，天窗开度不能超过 10 %'] },
          { category: 'todo', lang: 'zh', strings: ['要把二号温室的 CO2 传感器全部重新校准一遍', '十二月五号之前'] },
        ],
      },
      {
        text: '制御盤ベンダーから来た情報をまとめておきます。設定値の変更は PUT /climate/api/v1/houses/{houseId}/setpoints、警報の一覧は GET /climate/api/v1/alarms?since={ts} です。ゲートウェイは greenhouse-gw.seeds-local.lan:8883 で、起動時に CLIMATE_SAFE_MODE=1 を渡すと手動操作だけになります。 #reply ありがとうございます、控えました。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['PUT /climate/api/v1/houses/{houseId}/setpoints'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /climate/api/v1/alarms?since={ts}'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['greenhouse-gw.seeds-local.lan:8883'] },
          { category: 'identifier', kind: 'env', lang: 'ja', strings: ['CLIMATE_SAFE_MODE=1'] },
        ],
      },
      {
        text: 'The growers say house 3 was dripping wet overnight. Find the worst reading in the sensor export. #read data/sensors/house3-2026-11-26.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['2026-11-26T03:40Z,H3-B,14.2,97.8'] }],
      },
      { filler: 3500, style: 'work' },
      {
        text: "Forgot to say: the ticket for all of this is GROW-614, and the controller in house 3 is registered as 0d8f2b61-7c4e-4a19-b3d5-e6a91f27c840. Also please have the frost alarm wired to the on-call phone by Friday 4 December. #reply Will do by Friday.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['GROW-614'] },
          { category: 'identifier', kind: 'uuid', strings: ['0d8f2b61-7c4e-4a19-b3d5-e6a91f27c840'] },
          { category: 'todo', strings: ['have the frost alarm wired to the on-call phone', 'by Friday 4 December'] },
        ],
      },
      {
        text: '育種チームと話して決めました。発芽室の照明は LED の 16 時間日長に統一します。理由ですが、ナトリウム灯の区画だけ苗が徒長して、出荷規格に入らない苗が 1 割を超えたからです。 #reply 了解です、16 時間で統一します。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['発芽室の照明は LED の 16 時間日長に統一します'], reasons: ['ナトリウム灯の区画だけ苗が徒長して、出荷規格に入らない苗が 1 割を超えた'] }],
      },
      {
        text: 'There is a design note about venting from last year. Read it and tell me what still holds. #read docs/design/venting-strategy.md',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['the gas boiler in house 2 ran 1,140 hours'] },
          { category: 'decision', source: 'tool', strings: ['the roof vents open on the humidity deficit and not on a clock'], reasons: ['the timer-based schedule vented warm air on cold mornings'] },
        ],
      },
      { text: 'Start a notes file for the controller work. #write controller/NOTES.md # Climate controller\n\nsensors (air, RH, substrate, CO2) -> local loop every 10 s -> actuators (vents, misters, screens, heating) -> MQTT to the cloud for history and alarms only.' },
      {
        text: 'Which firmware is on the controllers right now? #exec grep -n "firmware" controller/firmware/VERSION',
        facts: [{ category: 'identifier', kind: 'version', source: 'tool', strings: ['climate-ctl 4.7.1-lts'] }],
      },
      { filler: 2000, style: 'work' },
      {
        text: "If the substrate in house 3 still reads over 80 % at dawn after the night irrigation change, swap the two drip emitters on bench 9 for the 1 l/h type before the next sowing. #reply I'll check the dawn readings.",
        facts: [{ category: 'todo', strings: ['swap the two drip emitters on bench 9 for the 1 l/h type', 'If the substrate in house 3 still reads over 80 % at dawn', 'before the next sowing'] }],
      },
      {
        text: '生产技术部发了一份关于三号温室灌溉的说明，帮我读一下。 #read docs/生产/灌溉调整.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['三号温室晚上 20:00 以后不再自动灌溉，夜间只允许人工补水'], reasons: ['夜间基质湿度长时间超过 85 %'] }],
      },
      {
        text: '品質保証からの念押しです。種子ロットの温度記録は 5 年間保管し、途中で間引いたり集約したりしないでください。 #reply はい、生データのまま 5 年保管します。',
        facts: [{ category: 'rule', lang: 'ja', strings: ['種子ロットの温度記録は 5 年間保管し、途中で間引いたり集約したりしないでください'] }],
      },
      {
        text: 'For the handover page: the growers use https://climate.seedco.example.com/houses/3/trend for the trends, the vent fix is b47e19d0c3a2f85e6d71904ac2b3f8e1d05c6a97, and the controller writes its hourly snapshots to /opt/climate-ctl/snapshots/hourly/. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://climate.seedco.example.com/houses/3/trend'] },
          { category: 'identifier', kind: 'hash', strings: ['b47e19d0c3a2f85e6d71904ac2b3f8e1d05c6a97'] },
          { category: 'identifier', kind: 'path', strings: ['/opt/climate-ctl/snapshots/hourly/'] },
        ],
      },
      { text: 'Note the changes in the controller changelog. #write controller/CHANGELOG.md # Changelog\n\n## 4.8.0 (unreleased)\n\n- Misting runs in the local loop only.\n- Vents open on humidity deficit.\n- No automatic irrigation after 20:00 in house 3.\n\n## 4.7.1-lts\n\n- Night setback for house 1 and 2.\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'q3-desk-booking',
    set: 'held-out-12',
    files: {
      'docs/運営/梅田座席ルール.md': OSAKA_MEMO,
      'api/src/bookings/holds.ts': code('ts', 90, [
        [0.35, 'const HOLD_EXPIRY_MINUTES = 30;'],
        [0.6, "  const quota = Number(process.env.DESK_DAILY_QUOTA ?? '2'); // desks per member per day"],
      ]),
      'data/exports/bookings-umeda-2026-11-26.json': json({
        site: 'umeda',
        day: '2026-11-26',
        bookings: [
          ...rows(12, (i) => ({ id: `BK-${7100 + i * 13}`, desk: `U-${3}${String(i + 10)}`, member: `m-${pick(WORDS)}-${i}`, status: pick(['checked_in', 'checked_in', 'cancelled']), slot: `0${8 + (i % 2)}:00-1${2 + (i % 6)}:00` })),
          { id: 'BK-7284', desk: 'U-412', member: 'm-corporate-ariake', status: 'no_show', slot: '09:00-18:00', note: 'booked 14 days in a row, never checked in' },
        ],
      }),
      'logs/api/booking-api-2026-11-26.log': log('booking-api', '2026-11-26', 110, [[0.45, '2026-11-26T08:02:19Z ERROR booking-api double booking desk U-318 for 09:00-10:00: bookings BK-7152 and BK-7153 both confirmed (race in holdDesk)']]),
      'docs/research/meeting-room-usage.md': essay('Meeting rooms: how members actually use them', 5, [
        [0.5, 'Across the three Osaka sites, 58 % of meeting-room bookings in October ended more than 20 minutes before the booked end time, and rooms booked for six people held two on average.'],
      ]),
      'api/CHANGELOG.md': '# Changelog\n\n## 1.12.0\n\n- Recurring bookings for team plans.\n',
    },
    turns: [
      {
        text: '始める前に、大阪の運営チームから来たメモを読んでおいてください。今回の作業の前提になります。 #read docs/運営/梅田座席ルール.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['予約開始時刻から 30 分以内にチェックインしない予約は自動で取り消し、席を一般開放する'], reasons: ['無断キャンセルによる空席が一日平均 22 席あり'] }],
      },
      {
        text: "Good, that's the background for DESK-1045. On our side, booking holds move out of the Postgres row locks into Redis with a TTL. The row locks serialised every booking on a site, so at 08:00 the check-in rush queued for eight seconds. The endpoint the kiosk calls for check-in is POST /api/v2/bookings/{bookingId}/checkin. #reply Clear, holds go to Redis.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['DESK-1045'] },
          { category: 'decision', strings: ['booking holds move out of the Postgres row locks into Redis with a TTL'], reasons: ['the check-in rush queued for eight seconds'] },
          { category: 'identifier', kind: 'route', strings: ['POST /api/v2/bookings/{bookingId}/checkin'] },
        ],
      },
      {
        text: 'Show me how holds expire and what caps the number of desks a member can take. #read api/src/bookings/holds.ts',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['HOLD_EXPIRY_MINUTES = 30'] },
          { category: 'identifier', kind: 'env', source: 'tool', strings: ['DESK_DAILY_QUOTA'] },
        ],
      },
      {
        text: '上海那边的产品经理拍板了：企业会员的固定工位改成按月预订，不再按天。按天订的话，企业客户每天早上都要抢同一张桌子，上个月光投诉就有三十多条。还有，圣诞节之前把静安店的楼层平面图导进系统。 #reply 好的，按月预订；平面图圣诞前导入。',
        facts: [
          { category: 'decision', lang: 'zh', strings: ['企业会员的固定工位改成按月预订，不再按天'], reasons: ['企业客户每天早上都要抢同一张桌子'] },
          { category: 'todo', lang: 'zh', strings: ['把静安店的楼层平面图导进系统', '圣诞节之前'] },
        ],
      },
      {
        text: "Privacy said this twice in the kickoff, so let's treat it as a hard rule: the occupancy dashboard only ever shows counts per floor, never which member sits at which desk. Staging Redis for the holds is redis-holds.stg.deskhub.internal:6380. #reply Counts per floor only; noted the Redis host.",
        facts: [
          { category: 'rule', strings: ['the occupancy dashboard only ever shows counts per floor, never which member sits at which desk'] },
          { category: 'identifier', kind: 'host:port', strings: ['redis-holds.stg.deskhub.internal:6380'] },
        ],
      },
      { text: 'Write down the booking lifecycle before we change it. #write api/NOTES.md # Booking lifecycle\n\nsearch -> hold (Redis, TTL) -> confirm -> check in at the kiosk or by QR -> release at the end of the slot, or auto-cancel when nobody checks in.' },
      { filler: 3000, style: 'work' },
      {
        text: "Which booking in yesterday's Umeda export looks like a desk being squatted? #read data/exports/bookings-umeda-2026-11-26.json",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"id": "BK-7284"', 'booked 14 days in a row, never checked in'] }],
      },
      {
        text: 'キオスク担当から連絡です。QR コードの発行は GET /api/v2/desks/{deskId}/qr を使い、会員向けの空席表示は https://app.deskhub.example.jp/sites/umeda/floors を開けば見られます。QR コードには会員 ID を絶対に埋め込まないこと、というのがセキュリティ側の条件です。 #reply 承知しました、QR には会員 ID を入れません。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /api/v2/desks/{deskId}/qr'] },
          { category: 'identifier', kind: 'url', lang: 'ja', strings: ['https://app.deskhub.example.jp/sites/umeda/floors'] },
          { category: 'rule', lang: 'ja', strings: ['QR コードには会員 ID を絶対に埋め込まないこと'] },
        ],
      },
      {
        text: "Since members on the Flex plan kept booking a week ahead and leaving the dedicated-desk people nothing, Flex bookings now open at most 48 hours in advance. #reply 48 hours for Flex, understood.",
        facts: [{ category: 'decision', strings: ['Flex bookings now open at most 48 hours in advance'], reasons: ['members on the Flex plan kept booking a week ahead'] }],
      },
      {
        text: 'Someone got two confirmations for the same desk yesterday morning. Find it in the API log. #exec grep -n "double booking" logs/api/booking-api-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['double booking desk U-318', 'race in holdDesk'] }],
      },
      {
        text: 'Release details, so they are not only in my head: app build booking-api 1.13.0-beta.4, feature flag record 9e27c5d1-0b84-4f3a-a6e2-71d8c93b5f04, the hold rewrite is commit 3d6a0f8e91c2b7d45e18a9f6c03b27d8e4f1a5c9, and nightly exports land in /srv/deskhub/exports/nightly/. #reply All four recorded.',
        facts: [
          { category: 'identifier', kind: 'version', strings: ['booking-api 1.13.0-beta.4'] },
          { category: 'identifier', kind: 'uuid', strings: ['9e27c5d1-0b84-4f3a-a6e2-71d8c93b5f04'] },
          { category: 'identifier', kind: 'hash', strings: ['3d6a0f8e91c2b7d45e18a9f6c03b27d8e4f1a5c9'] },
          { category: 'identifier', kind: 'path', strings: ['/srv/deskhub/exports/nightly/'] },
        ],
      },
      { filler: 2500, style: 'work' },
      {
        text: 'Research did a study on the meeting rooms. Skim it for numbers we can use. #read docs/research/meeting-room-usage.md',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['58 % of meeting-room bookings in October ended more than 20 minutes before the booked end time'] }],
      },
      {
        text: "When the Redis holds have run a full week on the Umeda site without a double booking, remove the old row-lock path from holdDesk — and do it before the January price change goes out. #reply I'll remove it once the week is clean.",
        facts: [{ category: 'todo', strings: ['remove the old row-lock path from holdDesk', 'When the Redis holds have run a full week on the Umeda site without a double booking', 'before the January price change goes out'] }],
      },
      { text: 'Update the changelog for the beta. #write api/CHANGELOG.md # Changelog\n\n## 1.13.0-beta.4\n\n- Booking holds in Redis with a TTL.\n- Auto-cancel after 30 minutes without check-in (Umeda).\n- Flex bookings open 48 hours ahead.\n\n## 1.12.0\n\n- Recurring bookings for team plans.\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
