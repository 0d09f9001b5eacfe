// The thirty-third HELD-OUT set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an
// independent writer who never saw the extraction code, its tuning or its results: new projects (an airport ground
// handler's de-icing pad queue, a wine estate's irrigation valve scheduler, a podcast network's dynamic ad insertion),
// new wording, its own order of work in each session, work-style filler. Never tuned on: do not tune extraction on it,
// and do not read its results while changing extraction; its figures are an honest check of a session nobody tuned for.
// Same format as tuning.mjs / held-out.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x33d1ce);

const HARBIN_DOC = `# 冻雨天气除冰作业安排（哈尔滨站）

地面保障部 · 2026 年 11 月

去年冬季哈尔滨站共出现 9 次冻雨过程，每次平均持续 5 个小时。冻雨期间除冰坪的排队时间比普通降雪天长一倍以上。

宽体机一次除冰要用 2,000 升以上的 I 型液，加上 IV 型防冰液，占坪时间大约是窄体机的 2.5 倍。

决定：冻雨期间所有宽体机一律安排到 D1、D2 两个大坪位除冰，其他坪位只接窄体机。原因是去年宽体机分散到小坪位以后，除冰车要来回调度，平均每架多等了 18 分钟。

调度系统请在收到冻雨预警后自动切换到这个模式，值班主任可以手动撤销。
`;

const KOSHU_DOC = `# 春の霜対策の見直し

勝沼圃場 管理チーム · 2026 年 11 月

昨シーズンは 4 月中旬に 3 回の遅霜があり、甲州の新梢の 1 割ほどが被害を受けました。

これまでは霜注意報が出ると、スプリンクラーで樹体に散水して氷の膜を作る方法（散水氷結法）を使ってきました。

結論として、霜注意報が出た夜は散水氷結法を使わず、防霜ファンだけで対応することにします。昨春の散水で井戸の水位が 2 メートル下がり、その翌週の灌水ができなかったからです。

防霜ファンは気温 1.5 度で自動起動する設定にしてください。
`;

const CN_SHOWS_DOC = `# 中文节目广告位调整说明

商业化运营组 · 2026 年 11 月

目前中文节目沿用英文节目的广告位模板：片头一个、片中两个、片尾一个。

过去两个季度的后台数据显示，中文节目的听众大多在节目结束前就退出了，片尾广告的实际播放量远低于广告主的预期。

结论：中文节目的广告只插在片头和片中，不再插片尾。因为后台数据显示片尾广告的完播率不到 12%，广告主已经两次要求补量。

本调整自 12 月第一期节目起生效，已售出的片尾广告位改为片中补播。
`;

export const SESSIONS = [
  {
    id: 'd1-deicing-queue',
    set: 'held-out-33',
    files: {
      'logs/deice/queue-2026-11-26.log': log('deice-queue', '2026-11-26', 118, [[0.42, '2026-11-26T05:41:09Z WARN  deice-queue pad D3 depth=14 oldest=27m; flight AY1073 holdover expired before takeoff, re-spray ordered']]),
      'deicer/config/trucks.yaml': code('yaml', 75, [
        [0.38, '    nozzle_temp_c: 82'],
        [0.39, '    nozzle_flow_lpm: 190'],
      ]),
      'docs/地面保障/冻雨除冰.md': HARBIN_DOC,
      'data/deice/pad-times-2026-11-26.csv': csv(
        'flight,type,pad,queued,sprayed_done,fluids',
        64,
        (i) => `${pick(['AY', 'SK', 'DY', 'KL'])}${1000 + i * 13},${pick(['A320', 'E190', 'B738', 'ATR72'])},D${1 + (i % 6)},0${5 + (i % 4)}:${String((i * 7) % 60).padStart(2, '0')},0${5 + (i % 4)}:${String((i * 7 + 11) % 60).padStart(2, '0')},TYPE_I`,
        [[0.58, 'SK2904,A320neo,D5,06:12,06:49,TYPE_I+TYPE_IV']],
      ),
      'docs/design/pad-assignment.md': essay('Design note: how aircraft are assigned to de-icing pads', 6, [
        [0.3, 'During the trial week the remote pads D5 and D6 handled 212 departures, and 31 of them needed a second treatment because the taxi from the pad to the runway took longer than the fluid held.'],
        [0.7, 'We chose to assign pads by taxi distance to the departure runway in use, and not by which pad happens to be free first. A free pad on the wrong side of the field costs more holdover time on the taxi than a short wait at the right one.'],
      ]),
    },
    turns: [
      {
        text: "Morning. Before we plan anything, look at last night's queue log — the remote pads backed up again around 05:40. #read logs/deice/queue-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['pad D3 depth=14', 'holdover expired before takeoff'] }],
      },
      {
        text: "That's the pattern ops keeps describing. We agreed with them yesterday that the queue will be ordered by holdover-time expiry, not by pushback request time. The aircraft with the shortest remaining holdover window are the ones that end up needing a second spray when they wait behind a first-come list. #reply Understood: order by holdover expiry.",
        facts: [{ category: 'decision', strings: ['the queue will be ordered by holdover-time expiry, not by pushback request time'], reasons: ['the shortest remaining holdover window are the ones that end up needing a second spray'] }],
      },
      {
        text: 'Quick check on the truck profile — what nozzle settings are configured? #exec grep -n "nozzle_" deicer/config/trucks.yaml',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['nozzle_temp_c: 82', 'nozzle_flow_lpm: 190'] }],
      },
      {
        text: '青森空港のグランドハンドリング側から連携 API の情報が届きました。防除氷スロットの確定は POST /deice/v2/slots/{slotId}/confirm、機体の着氷状況の取得は GET /deice/v2/aircraft/{tailNumber}/contamination です。検証用の A-CDM ゲートウェイは acdm-gw.aomori-stg.example.jp:7443 にあります。 #reply 承知しました、三つとも控えておきます。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /deice/v2/slots/{slotId}/confirm'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /deice/v2/aircraft/{tailNumber}/contamination'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['acdm-gw.aomori-stg.example.jp:7443'] },
        ],
      },
      {
        text: "Start a notes file for the scheduler, please. #write deicer/NOTES.md # De-icing queue scheduler\n\nA-CDM feed -> holdover estimate per aircraft -> pad assignment -> slot confirm -> truck dispatch -> spray log -> release to taxi.",
      },
      { filler: 3000, style: 'work' },
      {
        text: "Two things I forgot this morning. The fluid vendor owes us the 2026–27 holdover tables: if they haven't arrived by 4 December, keep last season's tables in the scheduler and flag it in the ops channel. Also, this whole piece of work is DEICE-2291 in the tracker. #reply Noted both.",
        facts: [
          { category: 'todo', strings: ["keep last season's tables in the scheduler and flag it in the ops channel", "if they haven't arrived by 4 December"] },
          { category: 'identifier', kind: 'ticket', strings: ['DEICE-2291'] },
        ],
      },
      {
        text: 'Harbin station sent over their freezing-rain procedure. What does it change for us? #read docs/地面保障/冻雨除冰.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['冻雨期间所有宽体机一律安排到 D1、D2 两个大坪位除冰'], reasons: ['宽体机分散到小坪位以后，除冰车要来回调度，平均每架多等了 18 分钟'] }],
      },
      {
        text: '品質保証チームからの注意です。防除氷液の散布量は必ず機体ごとに実測値で記録し、推定値で埋めないこと。それと、来週の火曜までに青森の散布車 4 台分の流量計校正記録をアップロードしておいてください。 #reply わかりました、記録は実測値のみ、校正記録は火曜までに上げます。',
        facts: [
          { category: 'rule', lang: 'ja', strings: ['防除氷液の散布量は必ず機体ごとに実測値で記録し、推定値で埋めないこと'] },
          { category: 'todo', lang: 'ja', strings: ['青森の散布車 4 台分の流量計校正記録をアップロードしておいてください', '来週の火曜までに'] },
        ],
      },
      { filler: 2500, style: 'work' },
      {
        text: 'Which flight sat longest between queueing and finishing the spray yesterday? #read data/deice/pad-times-2026-11-26.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['SK2904,A320neo,D5,06:12,06:49'] }],
      },
      {
        text: "Looking at those numbers, we'll drop the 10-minute fixed slot length and size each slot from the aircraft type table, since a fixed slot wasted about a third of pad time on regional turboprops. #reply OK, slots sized per aircraft type.",
        facts: [{ category: 'decision', strings: ['drop the 10-minute fixed slot length and size each slot from the aircraft type table'], reasons: ['a fixed slot wasted about a third of pad time on regional turboprops'] }],
      },
      {
        text: 'Deploy details while I have them open:\n  image   deice-sched 2.14.0\n  env     DEICE_PAD_COUNT=6\n  run     85a2e249-2b05-485e-be27-295cc01133ea (the replay of 26 Nov)\n#reply Got the image, the env and the run id.',
        facts: [
          { category: 'identifier', kind: 'version', strings: ['deice-sched 2.14.0'] },
          { category: 'identifier', kind: 'env', strings: ['DEICE_PAD_COUNT=6'] },
          { category: 'identifier', kind: 'uuid', strings: ['85a2e249-2b05-485e-be27-295cc01133ea'] },
        ],
      },
      {
        text: '哈尔滨那边还有个要求：下周五之前把哈尔滨站除冰车的 GPS 轨迹接进调度系统，他们想在大屏上看到车辆位置。 #reply 好的，下周五前接入。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['把哈尔滨站除冰车的 GPS 轨迹接进调度系统', '下周五之前'] }],
      },
      {
        text: 'There is an older design note on pad assignment; check whether it still holds. #read docs/design/pad-assignment.md',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['31 of them needed a second treatment'] },
          { category: 'decision', source: 'tool', strings: ['assign pads by taxi distance to the departure runway in use'], reasons: ['A free pad on the wrong side of the field costs more holdover time on the taxi'] },
        ],
      },
      {
        text: 'One absolute rule from the ramp safety officer: never let the scheduler reassign an aircraft that is already on a pad with fluid flowing. #reply Understood, no reassignment mid-spray.',
        facts: [{ category: 'rule', strings: ['never let the scheduler reassign an aircraft that is already on a pad with fluid flowing'] }],
      },
      {
        text: 'For the handover page: the live pad board is https://ops.nordglide-deice.example.com/pads/live, the slot-sizing change went in as 353ec04e55be871d3814a9922712d2d81928ff19, and the per-pad exports land in /srv/deice/exports/pads/. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://ops.nordglide-deice.example.com/pads/live'] },
          { category: 'identifier', kind: 'hash', strings: ['353ec04e55be871d3814a9922712d2d81928ff19'] },
          { category: 'identifier', kind: 'path', strings: ['/srv/deice/exports/pads/'] },
        ],
      },
      { text: 'Bring the notes file up to date. #write deicer/NOTES.md # De-icing queue scheduler\n\nA-CDM feed -> holdover estimate per aircraft -> queue by holdover expiry -> pad by taxi distance -> slot sized by aircraft type -> truck dispatch -> spray log (measured volumes) -> release to taxi.' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'v2-vineyard-valves',
    set: 'held-out-33',
    files: {
      'irrigation/controller/valves.py': code('py', 92, [
        [0.48, 'MAX_VALVE_OPEN_MIN = 45  # per cycle, any block'],
        [0.49, 'PRESSURE_FLOOR_KPA = 180'],
      ]),
      'logs/irrigation/valves-2026-11-25.log': log('valve-ctl', '2026-11-25', 112, [[0.55, '2026-11-25T02:37:44Z ERROR valve-ctl valve V-B17 stuck open for 3h12m, close command 808bdbe8-08b6-431f-a692-745fbbc30b60 never acknowledged by gateway gw-north']]),
      'deploy/irrigation/compose.env': [
        '# irrigation controller, staging',
        ...rows(14, (i) => `IRR_${pick(WORDS).toUpperCase()}_${i}=${pick(WORDS)}-${i}`),
        'VALVE_MQTT_TOPIC_PREFIX=estate/valves/v2',
        'IRRIGATION_CTL_IMAGE=registry.internal/irrigation-ctl:4.7.1',
        ...rows(6, (i) => `IRR_${pick(WORDS).toUpperCase()}_${20 + i}=${pick(WORDS)}`),
      ].join('\n') + '\n',
      'docs/勝沼/霜対策.md': KOSHU_DOC,
      'data/soil/moisture-2026-11-26.csv': csv(
        'block,depth,vwc_pct,probe,read_at',
        66,
        (i) => `${pick(['A', 'B', 'C'])}${1 + (i % 20)},${pick(['30cm', '60cm'])},${(18 + (i % 12) + 0.3 * (i % 3)).toFixed(1)},P-${200 + i},2026-11-26T05:${String(i % 60).padStart(2, '0')}`,
        [[0.36, 'B17,30cm,41.8,P-233,2026-11-26T05:20']],
      ),
      'docs/design/fertigation.md': essay('Fertigation trial, season 2026: what we learned', 6, [
        [0.5, 'After the trial we settled on injecting nitrogen only in the last third of each irrigation run, as injecting from the start left most of it below the root zone in the sandy rows.'],
      ]),
      'irrigation/CHANGELOG.md': '# Changelog\n\n## 4.7.1\n\n- Valve state read back after every command.\n- Block schedules editable in the web UI.\n',
    },
    turns: [
      {
        text: 'Two ground rules from our viticulturist before you change anything in the scheduler: a valve is never opened while soil moisture at 30 cm reads above 32 %, and in summer irrigation only runs between 21:00 and 06:00. #reply Both rules noted.',
        facts: [
          { category: 'rule', strings: ['a valve is never opened while soil moisture at 30 cm reads above 32 %'] },
          { category: 'rule', strings: ['in summer irrigation only runs between 21:00 and 06:00'] },
        ],
      },
      {
        text: 'What limits does the valve controller enforce today? #read irrigation/controller/valves.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['MAX_VALVE_OPEN_MIN = 45', 'PRESSURE_FLOOR_KPA = 180'] }],
      },
      {
        text: '宁夏基地那边商量好了：贺兰山东麓的地块改成按茎水势触发灌溉，不再按固定周期浇水。原因是去年按固定周期浇，赤霞珠果粒偏大，糖度比前年低了 1.5 度。 #reply 明白，改成按茎水势触发。',
        facts: [{ category: 'decision', lang: 'zh', strings: ['贺兰山东麓的地块改成按茎水势触发灌溉，不再按固定周期浇水'], reasons: ['去年按固定周期浇，赤霞珠果粒偏大，糖度比前年低了 1.5 度'] }],
      },
      {
        text: "Block B17 flooded a row on Tuesday night. Find it in the controller log. #read logs/irrigation/valves-2026-11-25.log",
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['valve V-B17 stuck open for 3h12m', 'never acknowledged by gateway gw-north'] },
          { category: 'identifier', kind: 'uuid', source: 'tool', strings: ['808bdbe8-08b6-431f-a692-745fbbc30b60'] },
        ],
      },
      { text: 'Create a notes file for this project. #write irrigation/NOTES.md # Valve scheduler\n\nprobe readings -> block water budget -> schedule per block -> valve commands over LoRaWAN -> state read-back -> flow meter reconciliation.' },
      { filler: 5500, style: 'work' },
      {
        text: "For the record, the work is tracked as VIN-514. The scheduler talks to the field through two endpoints, PUT /irrigation/api/blocks/{blockId}/schedule and POST /irrigation/api/valves/{valveId}/override, and the LoRaWAN network server is lorawan-ns.estate.internal:1700. #reply Got the ticket, both endpoints and the network server.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['VIN-514'] },
          { category: 'identifier', kind: 'route', strings: ['PUT /irrigation/api/blocks/{blockId}/schedule'] },
          { category: 'identifier', kind: 'route', strings: ['POST /irrigation/api/valves/{valveId}/override'] },
          { category: 'identifier', kind: 'host:port', strings: ['lorawan-ns.estate.internal:1700'] },
        ],
      },
      {
        text: 'Which MQTT topic prefix and which controller image does staging run? #read deploy/irrigation/compose.env',
        facts: [
          { category: 'identifier', kind: 'env', source: 'tool', strings: ['VALVE_MQTT_TOPIC_PREFIX=estate/valves/v2'] },
          { category: 'identifier', kind: 'version', source: 'tool', strings: ['irrigation-ctl:4.7.1'] },
        ],
      },
      {
        text: "Because the LoRa gateways drop packets whenever the pump-house generator kicks in, we're switching valve commands to acknowledged downlinks with three retries. #reply OK, confirmed downlinks with three retries.",
        facts: [{ category: 'decision', strings: ['switching valve commands to acknowledged downlinks with three retries'], reasons: ['the LoRa gateways drop packets whenever the pump-house generator kicks in'] }],
      },
      {
        text: '勝沼圃場の件もお願いします。甲州の区画は収穫が終わり次第、遅くとも 12 月 15 日までに点滴チューブの洗浄モードをスケジュールに入れてください。 #reply 承知しました、12 月 15 日までに入れます。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['点滴チューブの洗浄モードをスケジュールに入れてください', '遅くとも 12 月 15 日までに'] }],
      },
      {
        text: '勝沼から霜対策の見直しが届いています。読んでおいてください。 #read docs/勝沼/霜対策.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['霜注意報が出た夜は散水氷結法を使わず、防霜ファンだけで対応する'], reasons: ['昨春の散水で井戸の水位が 2 メートル下がり'] }],
      },
      {
        text: 'Is any block still too wet to water? #read data/soil/moisture-2026-11-26.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['B17,30cm,41.8'] }],
      },
      {
        text: 'Later task, not now: once the new flow meters on blocks C1–C6 have a full week of data, recalibrate the litres-per-minute estimate for those blocks — no later than 31 January. #reply Will do once the week of data is in.',
        facts: [{ category: 'todo', strings: ['recalibrate the litres-per-minute estimate', 'once the new flow meters on blocks C1–C6 have a full week of data', 'no later than 31 January'] }],
      },
      {
        text: '还有一条规矩，宁夏和勝沼都适用：阀门的手动覆盖操作一律要写审计日志，写明操作人和原因。 #reply 好的，手动覆盖都记审计日志。',
        facts: [{ category: 'rule', lang: 'zh', strings: ['阀门的手动覆盖操作一律要写审计日志，写明操作人和原因'] }],
      },
      {
        text: 'Where did we land on fertigation after the trial? #read docs/design/fertigation.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['injecting nitrogen only in the last third of each irrigation run'], reasons: ['injecting from the start left most of it below the root zone in the sandy rows'] }],
      },
      {
        text: 'Links to keep: the block map is at https://vineyard.kahikatea-estate.example.nz/blocks/map, the read-back fix is e4461171aba5b199a60e452063230ea612fcdc4b, and the nightly probe dumps go to /data/irrigation/probes/nightly/. #reply All three recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://vineyard.kahikatea-estate.example.nz/blocks/map'] },
          { category: 'identifier', kind: 'hash', strings: ['e4461171aba5b199a60e452063230ea612fcdc4b'] },
          { category: 'identifier', kind: 'path', strings: ['/data/irrigation/probes/nightly/'] },
        ],
      },
      { text: 'Add the next release to the changelog. #write irrigation/CHANGELOG.md # Changelog\n\n## 4.8.0\n\n- Valve commands sent as confirmed downlinks.\n- Stem water potential trigger for the Ningxia blocks.\n\n## 4.7.1\n\n- Valve state read back after every command.\n- Block schedules editable in the web UI.\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'a3-podcast-ad-insertion',
    set: 'held-out-33',
    files: {
      'stitcher/src/breaks/policy.ts': code('ts', 96, [
        [0.6, 'export const MIDROLL_MIN_GAP_SEC = 420;'],
        [0.61, 'export const MAX_ADS_PER_BREAK = 3;'],
      ]),
      'logs/stitcher/decisions-2026-11-26.log': log('ad-decision', '2026-11-26', 114, [[0.47, '2026-11-26T04:18:02Z ERROR ad-decision episode ep-20931: VAST wrapper depth exceeded (6 > 5), break mid-2 left empty']]),
      'docs/商业化/中文节目广告位.md': CN_SHOWS_DOC,
      'campaigns/winter-2026/acme-coffee.json': json({
        advertiser: 'Acme Coffee Roasters',
        flights: rows(3, (i) => ({ start: `2026-12-0${1 + i * 3}`, impressions: 40000 + 15000 * i, shows: [pick(WORDS), pick(WORDS)] })),
        campaign_id: 'cmp-88107',
        frequency_cap: 2,
        tracking_url: 'https://trk.adpod-metrics.example.net/v3/imp',
        positions: ['pre', 'mid'],
      }),
      'docs/design/loudness.md': essay('Design note: ad loudness in stitched episodes', 6, [
        [0.45, 'We now normalise every ad to -16 LUFS integrated before it is stitched in. Listener complaints were the trigger: the support inbox had 140 messages in October saying the ads were much louder than the show.'],
      ]),
    },
    turns: [
      {
        text: "New project: we're rebuilding dynamic ad insertion for the network. The first call is already made — ad stitching moves from the CDN edge to our own origin stitcher, because edge stitching broke byte-range requests and Apple Podcasts kept re-downloading whole episodes. And before the 8 December upfront, get the download filter certified against IAB 2.2. #reply Origin stitcher, and the IAB certification before the upfront.",
        facts: [
          { category: 'decision', strings: ['ad stitching moves from the CDN edge to our own origin stitcher'], reasons: ['edge stitching broke byte-range requests'] },
          { category: 'todo', strings: ['get the download filter certified against IAB 2.2', 'before the 8 December upfront'] },
        ],
      },
      {
        text: 'How does the break policy space out mid-rolls right now? #read stitcher/src/breaks/policy.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['MIDROLL_MIN_GAP_SEC = 420', 'MAX_ADS_PER_BREAK = 3'] }],
      },
      {
        text: '東京の制作チームから共有です。チケットは PODAD-7730、ステージングには stitcher-svc 1.9.3 が出ていて、AD_DECISION_TIMEOUT_MS=350 で動かしています。 #reply ありがとうございます、チケットとバージョンと設定値を控えました。',
        facts: [
          { category: 'identifier', kind: 'ticket', lang: 'ja', strings: ['PODAD-7730'] },
          { category: 'identifier', kind: 'version', lang: 'ja', strings: ['stitcher-svc 1.9.3'] },
          { category: 'identifier', kind: 'env', lang: 'ja', strings: ['AD_DECISION_TIMEOUT_MS=350'] },
        ],
      },
      {
        text: 'Some breaks went out empty overnight. Pull the errors out of the decision log. #exec grep -n "ERROR" logs/stitcher/decisions-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['episode ep-20931', 'VAST wrapper depth exceeded (6 > 5)'] }],
      },
      {
        text: "Sales asked me to pass this on as a hard rule: a host-read ad is never replaced dynamically once the episode has been published. #reply Understood, host-reads stay as published.",
        facts: [{ category: 'rule', strings: ['a host-read ad is never replaced dynamically once the episode has been published'] }],
      },
      { text: 'Open a notes file for the stitcher work. #write stitcher/NOTES.md # Ad insertion\n\nepisode request -> download filter -> ad decision (VAST) -> transcode and loudness -> stitch at origin -> serve with byte ranges -> impression beacons.' },
      { filler: 5500, style: 'work' },
      {
        text: '上海的广告中台给了接口：取广告决策用 POST /ads/v1/decisions，查某一期的广告位用 GET /ads/v1/episodes/{episodeId}/breaks，VAST 代理在 vast-proxy.pod-sh.internal:9090。 #reply 收到，接口和代理地址都记下了。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['POST /ads/v1/decisions'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['GET /ads/v1/episodes/{episodeId}/breaks'] },
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['vast-proxy.pod-sh.internal:9090'] },
        ],
      },
      {
        text: '商业化运营组发了中文节目的广告位调整，帮我看一下。 #read docs/商业化/中文节目广告位.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['中文节目的广告只插在片头和片中，不再插片尾'], reasons: ['片尾广告的完播率不到 12%'] }],
      },
      {
        text: "What's the frequency cap on the Acme campaign, and where do its impressions get reported? #read campaigns/winter-2026/acme-coffee.json",
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['"campaign_id": "cmp-88107"', '"frequency_cap": 2'] },
          { category: 'identifier', kind: 'url', source: 'tool', strings: ['https://trk.adpod-metrics.example.net/v3/imp'] },
        ],
      },
      {
        text: "Let's cache ad decisions per listener for 15 minutes. The thinking is that podcast apps fire two or three range requests for the same episode in a row, and each of them was asking the ad server again. #reply 15-minute decision cache per listener, OK.",
        facts: [{ category: 'decision', strings: ['cache ad decisions per listener for 15 minutes'], reasons: ['podcast apps fire two or three range requests for the same episode in a row'] }],
      },
      {
        text: 'もし年末になっても Spotify 側の計測値との差が 5% を超えたままなら、IP と UA による重複排除のロジックを見直してください。 #reply 了解です、年末時点で差を確認します。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['IP と UA による重複排除のロジックを見直してください', '年末になっても Spotify 側の計測値との差が 5% を超えたままなら'] }],
      },
      {
        text: '法務からの条件です。リスナーの IP アドレスは 24 時間以内に切り詰めて保存し、生の値は残さないこと。 #reply 承知しました、24 時間以内に切り詰めます。',
        facts: [{ category: 'rule', lang: 'ja', strings: ['リスナーの IP アドレスは 24 時間以内に切り詰めて保存し、生の値は残さないこと'] }],
      },
      {
        text: 'Reference bits for the runbook: stitching status lives at https://status.wavelength-pods.example.com/stitcher, the range-request fix is commit cc1fe6c696171b80d935edae7c251cccaf818c17, the load-test run was b8785fb7-2780-48a6-b963-d454f3c121fd, and stitched files are cached under /var/cache/stitcher/episodes/. #reply Recorded all four.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://status.wavelength-pods.example.com/stitcher'] },
          { category: 'identifier', kind: 'hash', strings: ['cc1fe6c696171b80d935edae7c251cccaf818c17'] },
          { category: 'identifier', kind: 'uuid', strings: ['b8785fb7-2780-48a6-b963-d454f3c121fd'] },
          { category: 'identifier', kind: 'path', strings: ['/var/cache/stitcher/episodes/'] },
        ],
      },
      {
        text: '日本語番組の提供読みは、パーソナリティ本人が収録したものに限ることにしました。合成音声で作った広告について、スポンサーから「番組の雰囲気に合わない」という苦情が 3 件続いたためです。 #reply わかりました、本人収録のみにします。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['日本語番組の提供読みは、パーソナリティ本人が収録したものに限ることにしました'], reasons: ['スポンサーから「番組の雰囲気に合わない」という苦情が 3 件続いた'] }],
      },
      {
        text: 'Why are ads normalised before stitching again? Someone asked in review. #read docs/design/loudness.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['normalise every ad to -16 LUFS integrated before it is stitched in'], reasons: ['140 messages in October saying the ads were much louder than the show'] }],
      },
      { text: 'Update the stitcher notes. #write stitcher/NOTES.md # Ad insertion\n\nepisode request -> download filter (IAB 2.2) -> ad decision (VAST, cached per listener) -> transcode and loudness -> stitch at origin -> serve with byte ranges -> impression beacons. Host-reads are never swapped after publication.' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
