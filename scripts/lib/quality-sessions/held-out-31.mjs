// The thirty-first HELD-OUT set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an
// independent writer who never saw the extraction code; never tuned on. New projects (a ferry terminal's vehicle lane
// loading, a hospital pharmacy's cold-chain fridges, a game studio's crash-report triage), new wording, work-style
// filler. Never tune extraction on it and never read its results while changing extraction.
// Same format as tuning.mjs / held-out.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x31f3a7);

const WINTER_LOADING_DOC = `# 冬季ダイヤにおける車両甲板の積み付けについて

運航管理部 · 2026 年 11 月

六甲アイランド発の夜便は、12 月から 2 月にかけて大阪湾の北西風の影響を強く受けます。昨シーズンの欠航・遅延の 4 割はこの時期に集中しました。

積み付け計画はレーン割当システムの結果をそのまま使うのが原則ですが、冬季は以下の点を運用で追加します。

方針：強風警報が出ている日は、車高 3.5 m を超える車両を上部甲板に載せないこととします。昨年 2 月に横風で上部甲板のトレーラー 2 台が横転しかけたためです。

該当車両が多く下部甲板に入りきらない場合は、当日の運航管理者が次便への振替を判断してください。
`;

const PROBE_CAL_DOC = `# 冷链设备验证与探头校准（药剂科）

2026 年 11 月 · 适用于全院药房及病区冰箱

背景：全院目前共有 63 台药品冰箱接入温度监控，其中 11 台存放生物制剂和化疗药物。

今年第三季度药剂科对在用探头做了抽检，并与标准温度计逐一比对。

决定：冰箱温度探头的校准周期从每年一次改为每半年一次。理由是今年抽检的 40 个探头里有 7 个偏差超过 0.5°C。

校准记录须上传到监控系统，未按期校准的探头在系统中标记为“待校准”，其读数仅供参考。
`;

const CRASH_PRIORITY_DOC = `# クラッシュの優先度付け基準（QA 部）

2026 年 11 月改訂

クラッシュバケットの優先度は、原則として 1 日あたりの件数と影響プラットフォーム数で決めます。

ただし、件数だけでは判断を誤るケースがありました。前作の発売週には、件数が少ないという理由で後回しにした不具合がストアレビューで大きく取り上げられました。

決定事項：セーブデータ破損につながるクラッシュは、件数に関係なく常に P0 として扱う。前作の発売週に 200 件未満だったセーブ破損を P2 にした結果、レビューが荒れて返金対応に追われたためです。

P0 のバケットは 2 時間以内に担当者を割り当て、プロデューサーに通知します。
`;

export const SESSIONS = [
  {
    id: 'q1-ferry-lane-loading',
    set: 'held-out-31',
    files: {
      'lanes/src/allocator.py': code('py', 85, [
        [0.4, 'MAX_AXLE_LOAD_KG = 11500'],
        [0.41, 'HAZMAT_LANE = "L9"'],
      ]),
      'logs/lanes/checkin-2026-11-26.log': log('lane-allocator', '2026-11-26', 120, [[0.55, '2026-11-26T06:58:12Z ERROR lane-allocator sailing HL-0745 lane L4 over capacity: 23 vehicles allocated, deck plan allows 19; 4 moved to standby lane L7']]),
      'data/bookings/HL-0745-2026-11-28.csv': csv(
        'booking,vehicle_class,length_m,height_m,cargo,lane',
        64,
        (i) => `BK-${String(77000 + i * 7)},${pick(['CAR', 'CAR', 'VAN', 'MOTO', 'HGV'])},${(4 + (i % 9) * 0.5).toFixed(1)},${(1.5 + (i % 5) * 0.3).toFixed(2)},${pick(['general', 'parcels', 'furniture', 'produce'])},L${1 + (i % 6)}`,
        [[0.5, 'BK-77310,HGV,16.5,4.30,LPG tanker,L9']],
      ),
      'config/lanes.yaml': code('yaml', 60, [[0.5, '    hgv_lane_width_m: 3.2']]),
      'docs/運航/冬季積載.md': WINTER_LOADING_DOC,
    },
    turns: [
      {
        text: "Morning. Before anything else: the 07:45 sailing out of Rokko Island overloaded a lane again yesterday. Have a look at the check-in log. #read logs/lanes/checkin-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['sailing HL-0745 lane L4 over capacity', '23 vehicles allocated, deck plan allows 19'] }],
      },
      {
        text: "Third time this month, so I've opened LANE-2214 for it. Here's the fix we agreed with the terminal: the allocator reserves lanes per sailing from the deck plan's metre count, not from the booking count. Counting bookings treats a motorbike and an articulated lorry as the same thing, and that's exactly how L4 ended up with 23. #reply Agreed, metre-based reservation it is.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['LANE-2214'] },
          { category: 'decision', strings: ["the allocator reserves lanes per sailing from the deck plan's metre count, not from the booking count"], reasons: ['Counting bookings treats a motorbike and an articulated lorry as the same thing'] },
        ],
      },
      {
        text: 'Where does the allocator cap axle load, and which lane does hazardous cargo get? #read lanes/src/allocator.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['MAX_AXLE_LOAD_KG = 11500', 'HAZMAT_LANE = "L9"'] }],
      },
      {
        text: '検問ブースのタブレットが呼んでいる API をメモしておきます。車両のチェックインは POST /terminal/v2/sailings/{sailingId}/checkins、レーンの埋まり具合は GET /terminal/v2/lanes/{laneId}/occupancy で見られます。ナンバー読取りカメラの集約サーバーは anpr-gw.rokko-terminal.internal:7443 です。 #reply ありがとうございます、控えておきます。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /terminal/v2/sailings/{sailingId}/checkins'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /terminal/v2/lanes/{laneId}/occupancy'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['anpr-gw.rokko-terminal.internal:7443'] },
        ],
      },
      {
        text: "The harbour master's one non-negotiable, please bake it into whatever we build: dangerous-goods vehicles are always loaded last and never parked next to the passenger stairwells. #reply Understood, that goes into the allocator's hard constraints.",
        facts: [{ category: 'rule', strings: ['dangerous-goods vehicles are always loaded last and never parked next to the passenger stairwells'] }],
      },
      { text: 'Start a notes file so the next person knows the flow. #write lanes/NOTES.md # Lane loading\n\nbooking import -> check-in at the booth (ANPR) -> lane allocation from the deck plan -> marshal calls lanes to the ramp -> loaded list to the bridge.' },
      { filler: 3000, style: 'work' },
      {
        text: '宁波那边做指示牌的开发组回复了，我们商量的结果是：车道分配结果改成每 5 分钟批量推送一次到码头的 LED 指示牌，不再每过一辆车就推一次。原因是指示牌控制器每秒最多只能处理两条更新，早高峰会丢消息。 #reply 好的，改成 5 分钟批量推送。',
        facts: [{ category: 'decision', lang: 'zh', strings: ['车道分配结果改成每 5 分钟批量推送一次到码头的 LED 指示牌'], reasons: ['指示牌控制器每秒最多只能处理两条更新'] }],
      },
      {
        text: "Anything in Saturday's HL-0745 bookings that will need the hazmat lane? #read data/bookings/HL-0745-2026-11-28.csv",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['BK-77310,HGV,16.5,4.30,LPG tanker'] }],
      },
      {
        text: 'Copying this from the change request before it scrolls away:\n  flag:    LANE_ALLOC_STRATEGY=metres\n  release: lane-allocator 2.14.0\n  CAB id:  5b1f0e2c-7a93-4d58-9c1e-0e8b2f61a4d7\n#reply Got all three.',
        facts: [
          { category: 'identifier', kind: 'env', strings: ['LANE_ALLOC_STRATEGY=metres'] },
          { category: 'identifier', kind: 'version', strings: ['lane-allocator 2.14.0'] },
          { category: 'identifier', kind: 'uuid', strings: ['5b1f0e2c-7a93-4d58-9c1e-0e8b2f61a4d7'] },
        ],
      },
      {
        text: "One for next week: if standby lane L7 is full before 07:10 on any sailing, page the duty loading officer and stop taking walk-up cars for that sailing. #reply I'll wire that alert up.",
        facts: [{ category: 'todo', strings: ['page the duty loading officer and stop taking walk-up cars for that sailing', 'if standby lane L7 is full before 07:10 on any sailing'] }],
      },
      {
        text: '運航管理部から冬ダイヤの積み付けについて通達が来ました。目を通してもらえますか。 #read docs/運航/冬季積載.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['強風警報が出ている日は、車高 3.5 m を超える車両を上部甲板に載せない'], reasons: ['昨年 2 月に横風で上部甲板のトレーラー 2 台が横転しかけた'] }],
      },
      {
        text: 'How wide did we make the HGV lanes in the config? #exec grep -n "hgv_lane_width_m" config/lanes.yaml',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['hgv_lane_width_m: 3.2'] }],
      },
      {
        text: 'Putting these here for the ops wiki. Live lane board: https://ops.harbourline.example.jp/terminal/rokko/lanes — the metre-count fix went in as 9c4e1d7a2b6f8035e1c9d4a7b2f60e13c8d5a914 — check-in photos are archived under /srv/anpr/archive/rokko/. #reply Recorded all three.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://ops.harbourline.example.jp/terminal/rokko/lanes'] },
          { category: 'identifier', kind: 'hash', strings: ['9c4e1d7a2b6f8035e1c9d4a7b2f60e13c8d5a914'] },
          { category: 'identifier', kind: 'path', strings: ['/srv/anpr/archive/rokko/'] },
        ],
      },
      {
        text: '宁波组还特别强调了一条，别忘了：闸口摄像头拍到的车牌照片最多保留 30 天，过期必须删除。 #reply 明白，我会加一个定时清理。',
        facts: [{ category: 'rule', lang: 'zh', strings: ['闸口摄像头拍到的车牌照片最多保留 30 天，过期必须删除'] }],
      },
      { filler: 3500, style: 'work' },
      {
        text: "Talked to the loading crew this morning and we've settled the bike question. Motorcycles get their own bay at the bow, lane L1, rather than being squeezed in between cars. Two bikes tipped over on the ramp in October when cars were waved off around them. #reply OK, L1 for motorcycles.",
        facts: [{ category: 'decision', strings: ['Motorcycles get their own bay at the bow, lane L1'], reasons: ['Two bikes tipped over on the ramp in October'] }],
      },
      {
        text: 'それと、12 月 12 日までに料金所の ANPR カメラのファームウェアを 4.2 系に上げておいてください。 #reply 承知しました、12 日までに対応します。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['料金所の ANPR カメラのファームウェアを 4.2 系に上げておいてください', '12 月 12 日までに'] }],
      },
      { text: 'Add the new lane rules to the notes. #write lanes/NOTES.md # Lane loading\n\nbooking import -> check-in at the booth (ANPR) -> lane allocation from the deck plan (metres, not bookings) -> marshal calls lanes to the ramp -> loaded list to the bridge. Motorcycles: L1 at the bow. Hazmat: L9, loaded last. Signs: batched every 5 min.' },
      { filler: 3500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'q2-pharmacy-fridges',
    set: 'held-out-31',
    files: {
      'fridge-monitor/src/excursion.ts': code('ts', 90, [
        [0.35, 'export const UPPER_LIMIT_C = 8.0;'],
        [0.6, 'const EXCURSION_GRACE_SECONDS = 900;'],
      ]),
      'config/fridges.json': json({
        site: 'Harbourview General Hospital pharmacy',
        mqtt_broker: 'mqtt-cold.hvgh-pharm.internal:8883',
        probe_interval_seconds: 300,
        fridges: rows(12, (i) => ({ id: `F-${pick(['WARD', 'THEATRE', 'ICU', 'PHARM'])}-${String(i + 1).padStart(2, '0')}`, probe: `PX-${4100 + i * 13}`, location: `level ${1 + (i % 6)}`, note: pick(WORDS) })),
      }),
      'docs/policy/alarm-escalation.md': essay('Pharmacy policy review: out-of-hours fridge alarms', 6, [
        [0.3, 'Between July and October the ward fridges recorded 14 excursions outside 2–8 °C that lasted longer than an hour, 9 of them at night.'],
        [0.7, 'Decision: out-of-hours excursion alarms will page the on-call pharmacist directly instead of going to the switchboard first, because in the September audit the switchboard took a median of 19 minutes to pass the call on.'],
      ]),
      'logs/fridge/probes-2026-11-26.log': log('probe-gw', '2026-11-26', 115, [[0.45, '2026-11-26T21:37:05Z WARN probe-gw fridge F-ONC-03 (oncology day unit) read 9.7°C for 22 min, door sensor open, alarm ALM-60418 escalated to on-call pharmacist']]),
      'exports/quarantine-2026-11.csv': csv(
        'batch,product,fridge,qty,status',
        55,
        (i) => `LOT-${pick(['A', 'B', 'C', 'D'])}${String(1000 + i * 11)},${pick(['insulin glargine', 'hep B vaccine', 'adalimumab', 'filgrastim'])},F-${pick(['WARD', 'ICU', 'PHARM'])}-${String(1 + (i % 9)).padStart(2, '0')},${2 + (i % 20)},${pick(['RELEASED', 'RELEASED', 'DISCARDED'])}`,
        [[0.6, 'LOT-K2291,pembrolizumab 100mg/4ml,F-ONC-03,14,QUARANTINED']],
      ),
      'docs/药剂科/冷链验证.md': PROBE_CAL_DOC,
    },
    turns: [
      {
        text: "Ground rules before we touch the fridge monitor. A vial that has been outside 2–8 °C is never released back to stock automatically; only a pharmacist can release it, with a signed note. #reply Understood, no automatic release.",
        facts: [{ category: 'rule', strings: ['A vial that has been outside 2–8 °C is never released back to stock automatically'] }],
      },
      {
        text: 'Which broker do the probes publish to, and how often do they sample right now? #read config/fridges.json',
        facts: [
          { category: 'identifier', kind: 'host:port', source: 'tool', strings: ['mqtt-cold.hvgh-pharm.internal:8883'] },
          { category: 'tool-finding', source: 'tool', strings: ['"probe_interval_seconds": 300'] },
        ],
      },
      {
        text: 'Pharmacy sent over their review of night-time alarms. What in there affects us? #read docs/policy/alarm-escalation.md',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['recorded 14 excursions outside 2–8 °C that lasted longer than an hour'] },
          { category: 'decision', source: 'tool', strings: ['out-of-hours excursion alarms will page the on-call pharmacist directly'], reasons: ['the switchboard took a median of 19 minutes to pass the call on'] },
        ],
      },
      {
        text: '刚和药剂科开完会，定下来了：温度数据从每 5 分钟采一次改成每 1 分钟采一次。5 分钟的间隔会漏掉开门取药造成的短时升温，审计的时候解释不清。 #reply 好，采样改成 1 分钟。',
        facts: [{ category: 'decision', lang: 'zh', strings: ['温度数据从每 5 分钟采一次改成每 1 分钟采一次'], reasons: ['5 分钟的间隔会漏掉开门取药造成的短时升温'] }],
      },
      { text: 'Write down how an alarm travels, in a notes file. #write fridge-monitor/NOTES.md # Fridge monitoring\n\nprobe -> MQTT broker -> excursion check (grace period) -> alarm -> on-call pharmacist pages -> acknowledge -> quarantine or release by a pharmacist.' },
      {
        text: 'By Friday 4 December, get the two new paediatric fridges, F-PAED-07 and F-PAED-08, registered in the monitor with their probe serials. #reply Will do by the 4th.',
        facts: [{ category: 'todo', strings: ['get the two new paediatric fridges, F-PAED-07 and F-PAED-08, registered in the monitor', 'By Friday 4 December'] }],
      },
      { filler: 2500, style: 'work' },
      {
        text: "All of this now hangs off PHARM-4471, please reference it in commits. Acknowledging an alarm is POST /coldchain/api/v1/alarms/{alarmId}/ack; a fridge's history comes from GET /coldchain/api/v1/fridges/{fridgeId}/readings with from and to as query params. #reply Noted, PHARM-4471.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['PHARM-4471'] },
          { category: 'identifier', kind: 'route', strings: ['POST /coldchain/api/v1/alarms/{alarmId}/ack'] },
          { category: 'identifier', kind: 'route', strings: ['GET /coldchain/api/v1/fridges/{fridgeId}/readings'] },
        ],
      },
      {
        text: 'The oncology fridge alarmed last night. Can you find it in the probe gateway log? #read logs/fridge/probes-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['F-ONC-03 (oncology day unit) read 9.7°C for 22 min', 'alarm ALM-60418'] }],
      },
      {
        text: 'And which batches got quarantined out of it? #read exports/quarantine-2026-11.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['LOT-K2291,pembrolizumab 100mg/4ml,F-ONC-03,14,QUARANTINED'] }],
      },
      {
        text: '夜勤の薬剤師さんたちからのお願いです。アラームの確認操作は必ず本人の職員 ID でログインして行い、共有アカウントは使わないこと。あと、来週の月曜までに救急外来の F-ER-02 の温度プローブを交換してください。 #reply 承知しました。プローブは月曜までに交換します。',
        facts: [
          { category: 'rule', lang: 'ja', strings: ['アラームの確認操作は必ず本人の職員 ID でログインして行い、共有アカウントは使わないこと'] },
          { category: 'todo', lang: 'ja', strings: ['救急外来の F-ER-02 の温度プローブを交換してください', '来週の月曜までに'] },
        ],
      },
      {
        text: '部署参数发你一下：环境变量 COLDCHAIN_SAMPLE_SECONDS=60，探头网关固件版本 probe-gw 3.1.7，这次变更的评审记录是 c3a9e2f4-1b7d-4e8a-96f0-2d5b8c7e1a43。 #reply 收到，都记下了。',
        facts: [
          { category: 'identifier', kind: 'env', lang: 'zh', strings: ['COLDCHAIN_SAMPLE_SECONDS=60'] },
          { category: 'identifier', kind: 'version', lang: 'zh', strings: ['probe-gw 3.1.7'] },
          { category: 'identifier', kind: 'uuid', lang: 'zh', strings: ['c3a9e2f4-1b7d-4e8a-96f0-2d5b8c7e1a43'] },
        ],
      },
      {
        text: '药剂科更新了冷链验证的文件，帮我看一下有什么变化。 #read docs/药剂科/冷链验证.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['冰箱温度探头的校准周期从每年一次改为每半年一次'], reasons: ['今年抽检的 40 个探头里有 7 个偏差超过 0.5°C'] }],
      },
      { filler: 3000, style: 'work' },
      {
        text: "I've made up my mind on the ward dashboard. We're dropping the per-ward colour map and showing a single list sorted by minutes out of range — the nurses told us they couldn't tell amber from red on the ward tablets. #reply Makes sense, one sorted list.",
        facts: [{ category: 'decision', strings: ['dropping the per-ward colour map and showing a single list sorted by minutes out of range'], reasons: ["couldn't tell amber from red on the ward tablets"] }],
      },
      {
        text: 'How long is the grace period before an excursion raises an alarm? #exec grep -n "EXCURSION_GRACE_SECONDS" fridge-monitor/src/excursion.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['EXCURSION_GRACE_SECONDS = 900'] }],
      },
      {
        text: "Keep an eye on the gateway after the switch: if 1-minute sampling pushes probe-gw's CPU above 80 % during the night batch, fall back to 2-minute sampling on the non-critical ward fridges only. #reply I'll watch the CPU graph.",
        facts: [{ category: 'todo', strings: ['fall back to 2-minute sampling on the non-critical ward fridges only', "if 1-minute sampling pushes probe-gw's CPU above 80 % during the night batch"] }],
      },
      {
        text: 'For the handover: the alarm dashboard is https://coldchain.hvgh-pharm.example.org/dashboard/wards, the sampling change is commit 3e7b1c90d24f5a68b1e0c7d3f9a2468e5b1c0d7f, and nightly CSV exports land in /var/lib/coldchain/exports/nightly/. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://coldchain.hvgh-pharm.example.org/dashboard/wards'] },
          { category: 'identifier', kind: 'hash', strings: ['3e7b1c90d24f5a68b1e0c7d3f9a2468e5b1c0d7f'] },
          { category: 'identifier', kind: 'path', strings: ['/var/lib/coldchain/exports/nightly/'] },
        ],
      },
      { text: 'Update the notes with the sampling and calibration changes. #write fridge-monitor/NOTES.md # Fridge monitoring\n\nprobe (60 s sampling) -> MQTT broker -> excursion check (grace period) -> alarm -> on-call pharmacist paged directly -> acknowledge with own staff ID -> quarantine or release by a pharmacist. Probes calibrated every six months. Ward dashboard: one list sorted by minutes out of range.' },
      { filler: 4000, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'q3-crash-triage',
    set: 'held-out-31',
    files: {
      'reports/top-crashes-2026-11-26.json': json({
        generated: '2026-11-26T23:00:00Z',
        build: '1.19.4-patch2',
        buckets: [
          { signature: 'NavMesh::RebuildTile+0x3c', reports: 4812, platforms: ['PS5', 'PC'], first_seen: '1.19.4' },
          ...rows(9, (i) => ({ signature: `${pick(['Render', 'Audio', 'Physics', 'UI'])}::${pick(WORDS)}+0x${(i * 37 + 16).toString(16)}`, reports: 900 - 80 * i, platforms: [pick(['PS5', 'PC', 'XSX', 'Switch'])], first_seen: `1.19.${i % 4}` })),
        ],
      }),
      'triage/bucketer/signature.py': code('py', 80, [
        [0.3, 'MAX_FRAMES_FOR_SIGNATURE = 12'],
        [0.31, 'IGNORED_MODULES = ("ntdll.dll", "KERNELBASE.dll")'],
      ]),
      'logs/crash/ingest-2026-11-26.log': log('crash-ingest', '2026-11-26', 125, [[0.35, '2026-11-26T14:22:48Z ERROR crash-ingest build 1.19.4-patch2 (PS5): symbol file missing for module PathfinderCore, 1,284 reports left unsymbolicated']]),
      'docs/design/symbol-storage.md': essay('Design note: where crash symbols live', 6, [
        [0.5, 'Decision: symbol files are kept for the last 20 builds only and older ones go to cold storage, because the symbol bucket reached 38 TB and lookups slowed to 9 seconds per report.'],
      ]),
      'ci/symbols.yaml': code('yaml', 55, [[0.4, '    symbol_server: "https://symbols.ironfern.example.com/upload/v2"']]),
      'docs/QA/クラッシュ優先度.md': CRASH_PRIORITY_DOC,
    },
    turns: [
      {
        text: "Let's see what's burning before we plan anything. Last night's top crash buckets: #read reports/top-crashes-2026-11-26.json",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"signature": "NavMesh::RebuildTile+0x3c"', '"reports": 4812'] }],
      },
      {
        text: 'Two things I want settled before we write any code. First, we bucket crashes by the top 12 symbolicated frames with inlined frames collapsed, not by exception address; addresses move with every patch, so the same bug turns up as a fresh bucket on each build. Second, a rule for the whole triage tool: player names and account IDs never leave the ingest service, everything downstream only sees a salted hash. #reply Both clear.',
        facts: [
          { category: 'decision', strings: ['bucket crashes by the top 12 symbolicated frames with inlined frames collapsed, not by exception address'], reasons: ['addresses move with every patch'] },
          { category: 'rule', strings: ['player names and account IDs never leave the ingest service'] },
        ],
      },
      {
        text: 'How many frames does the bucketer use today, and which modules does it skip? #read triage/bucketer/signature.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['MAX_FRAMES_FOR_SIGNATURE = 12', 'IGNORED_MODULES = ("ntdll.dll", "KERNELBASE.dll")'] }],
      },
      {
        text: 'QA チームが叩いている API です。バケットの統合は POST /triage/v1/buckets/{bucketId}/merge、レポート単体のミニダンプ取得は GET /triage/v1/reports/{reportId}/minidump。シンボルサーバーは symstore.ironfern.internal:9090 で動いています。 #reply メモしました。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /triage/v1/buckets/{bucketId}/merge'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /triage/v1/reports/{reportId}/minidump'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['symstore.ironfern.internal:9090'] },
        ],
      },
      { filler: 2500, style: 'work' },
      {
        text: 'PS5 reports stopped symbolicating around lunchtime. What does the ingest log say? #read logs/crash/ingest-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['symbol file missing for module PathfinderCore', '1,284 reports left unsymbolicated'] }],
      },
      {
        text: '上海 QA 组那边拍板了：崩溃报告只自动给 Jira 开一次单，同一个桶后面再来的报告只累加计数。以前是每来一条就开一张单，上个版本一周就开出了 900 多张重复单。另外，12 月 8 日之前要把 Switch 版的符号上传脚本接进 CI。 #reply 好，两件事都记下了。',
        facts: [
          { category: 'decision', lang: 'zh', strings: ['崩溃报告只自动给 Jira 开一次单，同一个桶后面再来的报告只累加计数'], reasons: ['上个版本一周就开出了 900 多张重复单'] },
          { category: 'todo', lang: 'zh', strings: ['把 Switch 版的符号上传脚本接进 CI', '12 月 8 日之前'] },
        ],
      },
      {
        text: 'The platform team wrote a design note on symbol storage; skim it for anything that constrains us. #read docs/design/symbol-storage.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['symbol files are kept for the last 20 builds only'], reasons: ['the symbol bucket reached 38 TB'] }],
      },
      {
        text: 'Which symbol server does CI upload to? #exec grep -n "symbol_server" ci/symbols.yaml',
        facts: [{ category: 'identifier', kind: 'url', source: 'tool', strings: ['https://symbols.ironfern.example.com/upload/v2'] }],
      },
      {
        text: "Oh, the epic for all this is CRASH-1530; use it in branch names. Deploy bits while I'm at it: TRIAGE_DEDUP_WINDOW_HOURS=72 on the service, the image is crash-triage 0.9.3, and the commit that collapses inlined frames is 0f6a2c8e4d1b97a35c2e8f07d6b4a19e3c5d2f80. #reply Noted.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['CRASH-1530'] },
          { category: 'identifier', kind: 'env', strings: ['TRIAGE_DEDUP_WINDOW_HOURS=72'] },
          { category: 'identifier', kind: 'version', strings: ['crash-triage 0.9.3'] },
          { category: 'identifier', kind: 'hash', strings: ['0f6a2c8e4d1b97a35c2e8f07d6b4a19e3c5d2f80'] },
        ],
      },
      { text: 'Start a notes file for the triage pipeline. #write triage/NOTES.md # Crash triage\n\nminidump upload -> ingest (strip player data) -> symbolicate -> bucket by top frames -> one Jira ticket per bucket -> priority from QA rules -> owner.' },
      {
        text: 'QA 部がクラッシュの優先度基準を改訂したそうです。読んでおいてください。 #read docs/QA/クラッシュ優先度.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['セーブデータ破損につながるクラッシュは、件数に関係なく常に P0 として扱う'], reasons: ['前作の発売週に 200 件未満だったセーブ破損を P2 にした結果、レビューが荒れて返金対応に追われた'] }],
      },
      { filler: 3500, style: 'work' },
      {
        text: 'QA からもう一点。発売前ビルドのクラッシュレポートは、社外のサービスには絶対に送らないこと。 #reply 承知しました、社内だけで処理します。',
        facts: [{ category: 'rule', lang: 'ja', strings: ['発売前ビルドのクラッシュレポートは、社外のサービスには絶対に送らないこと'] }],
      },
      {
        text: "After 1.19.5 goes out, if the NavMesh bucket is still getting more than 500 reports a day, escalate it to the engine team as a release blocker for 1.20. #reply I'll check the daily count after 1.19.5.",
        facts: [{ category: 'todo', strings: ['escalate it to the engine team as a release blocker for 1.20', 'if the NavMesh bucket is still getting more than 500 reports a day'] }],
      },
      {
        text: "The PS5 symbol uploads keep timing out over the VPN, so here's what we'll do: upload symbols from the build machines in the Osaka office straight to the symbol bucket and skip the VPN hop. #reply OK, direct uploads from Osaka.",
        facts: [{ category: 'decision', strings: ['upload symbols from the build machines in the Osaka office straight to the symbol bucket'], reasons: ['The PS5 symbol uploads keep timing out over the VPN'] }],
      },
      {
        text: "Last bits for the runbook. Minidumps are spooled to /data/crash-ingest/spool/minidumps/ and the triage dashboard's service account is 8d2f4b61-3c7e-4a90-b5d8-e1f06a9c2b37. #reply Recorded.",
        facts: [
          { category: 'identifier', kind: 'path', strings: ['/data/crash-ingest/spool/minidumps/'] },
          { category: 'identifier', kind: 'uuid', strings: ['8d2f4b61-3c7e-4a90-b5d8-e1f06a9c2b37'] },
        ],
      },
      {
        text: '年末の大型パッチより前に、クラッシュ件数の週次レポートがプロデューサーに自動で届くようにしておいてください。 #reply 了解です、パッチ前に仕込みます。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['クラッシュ件数の週次レポートがプロデューサーに自動で届くようにしておいてください', '年末の大型パッチより前に'] }],
      },
      { text: 'Update the triage notes with what we decided today. #write triage/NOTES.md # Crash triage\n\nminidump upload -> ingest (strip player data) -> symbolicate (Osaka uploads symbols directly) -> bucket by top 12 frames, inlined collapsed -> one Jira ticket per bucket -> priority from QA rules (save corruption always P0) -> owner. Pre-release builds stay in-house.' },
      { filler: 3000, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
