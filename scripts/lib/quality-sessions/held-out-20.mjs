// The held-out-20 set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an independent
// writer who never saw the extraction code, its tests or any benchmark result; never tuned on. New projects (an
// airline's baggage reconciliation at the aircraft door, a school district's bus route optimiser, a brewery's
// fermentation sensors), own wording and own turn order, work-style filler. Never tune extraction on it and never read
// its results while changing extraction.
// Same format as tuning.mjs / held-out.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x20b4a9);

const PUDONG_DOC = `# 浦东站转机行李对账安排

地面服务部 · 2026 年 11 月

目前浦东站的转机行李分散在 T1、T2 和卫星厅的三个转盘上对账，各转盘的扫描枪型号不同，数据回传的延迟从几秒到十几分钟不等。

决定：自 12 月 1 日起，浦东站的转机行李一律集中到 T2 分拣厅对账。原因是分散在三个转盘时，上个月有 44 件行李因为扫描漏记被误判为无人认领行李。

集中之后，T2 分拣厅的对账席位由两个增加到四个，夜班也保留两个席位。航班延误超过 45 分钟时，由值班主任决定是否临时开放 T1 的转盘。
`;

const TOWN_DOC = `# 冬期のスクールバス運行について

北杜川町教育委員会 · 2026 年 11 月

町内の小中学校 3 校の統合により、スクールバスは現在 9 路線で運行しています。山間部の路線は標高差が大きく、冬期は路面状況によって所要時間が大きく変わります。

決定事項：12 月から 2 月までの間、朝の便はすべて出発時刻を 10 分早めます。昨年度の冬は路面の凍結で、朝の便の 4 割が始業に間に合いませんでした。

帰りの便の時刻は変更しません。大雪警報が出た日は、町のホームページと防災無線で運休をお知らせします。
`;

const QINGDAO_DOC = `# 青岛代工厂发酵数据对接说明（第二版）

生产技术部 · 2026 年 11 月

青岛厂目前有 12 个发酵罐接入了温度和比重探头，数据经厂区网关通过 4G 上传到云端。

决定：青岛厂的发酵数据改为每 15 分钟批量上传一次，不再实时推送。原因是厂区 4G 流量套餐每月只有 20 GB，上个月实时推送用掉了 61 GB。

网关本地保留 7 天的原始读数，断网恢复后自动补传。报警类事件（超温、压力异常）仍然立即推送，不受批量上传的限制。
`;

export const SESSIONS = [
  {
    id: 'w1-bag-reconciliation',
    set: 'held-out-20',
    files: {
      'brs/src/matcher/reconcile.ts': code('ts', 95, [
        [0.4, 'const AUTHORITY_TO_LOAD_GRACE_S = 90; // seconds after the last BPM before a bag counts as unauthorised'],
        [0.41, 'export const OFFLOAD_DEADLINE_MIN = 12; // minutes before off-block'],
      ]),
      'logs/brs/bsm-ingest-2026-11-26.log': log('bsm-ingest', '2026-11-26', 115, [[0.55, '2026-11-26T02:27:44Z ERROR bsm-ingest flight KS0417 PVG-NRT: 17 BSM messages rejected (.V/1LPVG version segment missing), tags 0618KS202331..0618KS202347 left unmatched']]),
      'data/brs/KS0417-loadlist.csv': csv(
        'bag_tag,flight,seat,uld,load_status,pax_status',
        64,
        (i) => `0618KS2${String(10100 + i * 7)},KS0417,${1 + (i % 38)}${'ABCDEFGHK'[i % 9]},AKE${String(70100 + (i % 9) * 13)}KS,LOADED,BOARDED`,
        [[0.58, '0618KS202339,KS0417,27C,AKE71244KS,LOADED,NOT_BOARDED']],
      ),
      'docs/brs/rush-bags.md': essay('Baggage services: handling rush bags after the Q3 review', 6, [
        [0.3, 'In Q3 we forwarded 2,184 rush bags across the network, and 214 of them were mishandled a second time on the way to their owners.'],
        [0.7, 'Decision: rush bags are no longer re-tagged by hand at the transfer desk; the BRS prints the rush tag from the original BSM, because hand-written rush tags were behind 31 % of the bags we lost a second time in Q3.'],
      ]),
      'docs/浦东/转机行李对账.md': PUDONG_DOC,
      'deploy/brs/values.yaml': code('yaml', 60, [[0.35, '    image: registry.kestrel.example/ops/brs-matcher:4.12.0-hotfix.2']]),
    },
    turns: [
      {
        text: 'Before we talk plans, I want to see how the matcher decides today whether a bag may stay on the aircraft. #read brs/src/matcher/reconcile.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['AUTHORITY_TO_LOAD_GRACE_S = 90', 'OFFLOAD_DEADLINE_MIN = 12'] }],
      },
      {
        text: "OK, here's the job. It's BAGS-2291 in the ops tracker. After October we're changing one thing in how we reconcile: we stop trusting the gate scan on its own and require the boarding-pass scan at the aircraft door as well. Nine passengers got through the gate in October and then walked back to the lounge, and their bags flew to Narita without them. And from security, this one is absolute: a bag whose passenger is not on board must never be released for departure, no matter what the delay costs. #reply Understood: door scan required, and no unaccompanied bag leaves.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['BAGS-2291'] },
          { category: 'decision', strings: ['require the boarding-pass scan at the aircraft door as well'], reasons: ['Nine passengers got through the gate in October and then walked back to the lounge'] },
          { category: 'rule', strings: ['a bag whose passenger is not on board must never be released for departure'] },
        ],
      },
      {
        text: '浦东站 IT 发来的对接信息：BSM 报文用 POST /brs/v2/messages/bsm 推送，单个航班的对账状态用 GET /brs/v2/flights/{flightId}/reconciliation 查询，消息队列地址是 mq-brs.pvg.kestrel.internal:5671。 #reply 收到，三项都记下了。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['POST /brs/v2/messages/bsm'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['GET /brs/v2/flights/{flightId}/reconciliation'] },
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['mq-brs.pvg.kestrel.internal:5671'] },
        ],
      },
      {
        text: 'KS0417 from Pudong landed with unmatched bags again. What went wrong in the BSM ingest overnight? #read logs/brs/bsm-ingest-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['17 BSM messages rejected', '.V/1LPVG version segment missing'] }],
      },
      { text: 'How many days of ingest logs are sitting in that folder? #exec ls -1 logs/brs' },
      {
        text: '成田の件でひとつお願いがあります。12 月 8 日（火）までに、成田の地上係員向けオフロード手順書を改訂して共有してください。今の版にはドアスキャンの手順が入っていないので。 #reply 承知しました。8 日までに改訂版を共有します。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['成田の地上係員向けオフロード手順書を改訂して共有してください', '12 月 8 日（火）までに'] }],
      },
      { text: 'Start a scratch file for the reconciliation flow. #write brs/NOTES.md # Bag reconciliation\n\nBSM from check-in -> BPM at the sorter -> loaded into a ULD -> gate scan -> door scan -> match bags to boarded passengers -> offload list before off-block.' },
      { filler: 3500, style: 'work' },
      {
        text: 'Baggage services wrote up how rush bags should be handled from now on. Anything in there that changes our side? #read docs/brs/rush-bags.md',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['214 of them were mishandled a second time'] },
          { category: 'decision', source: 'tool', strings: ['rush bags are no longer re-tagged by hand at the transfer desk'], reasons: ['hand-written rush tags were behind 31 % of the bags we lost a second time in Q3'] },
        ],
      },
      {
        text: 'From the release thread, so we have them here:\n\n    BRS_DOOR_SCAN_REQUIRED=true    (prod flag, flipped at 04:00 local)\n    reconciliation run, KS0417:    44eee0f4-3176-4b7e-b6f9-39895e517a95\n\n#reply Noted both.',
        facts: [
          { category: 'identifier', kind: 'env', strings: ['BRS_DOOR_SCAN_REQUIRED=true'] },
          { category: 'identifier', kind: 'uuid', strings: ['44eee0f4-3176-4b7e-b6f9-39895e517a95'] },
        ],
      },
      {
        text: 'Which bag on the KS0417 load list went into the hold for a passenger who never boarded? #read data/brs/KS0417-loadlist.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['0618KS202339,KS0417,27C'] }],
      },
      {
        text: '関西の運航管理と話して決めました。オフロードの締め切りは 15 分前に延ばさず、いまの 12 分前のままにします。15 分にすると地上作業がプッシュバックの枠にかかってしまい、関空ではすでにスロット違反のペナルティを払っているからです。 #reply 了解です、12 分のままにします。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['オフロードの締め切りは 15 分前に延ばさず、いまの 12 分前のままにします'], reasons: ['15 分にすると地上作業がプッシュバックの枠にかかってしまい'] }],
      },
      { filler: 3000, style: 'work' },
      {
        text: '浦东站发来了新的对账安排，帮我看一下对我们有没有影响。 #read docs/浦东/转机行李对账.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['浦东站的转机行李一律集中到 T2 分拣厅对账'], reasons: ['上个月有 44 件行李因为扫描漏记被误判为无人认领行李'] }],
      },
      {
        text: '成田のセキュリティ担当から念押しされました。乗客の氏名は BRS のログに絶対に出さず、PNR のレコードロケーターだけで識別してください。 #reply はい、ログには PNR だけを出します。',
        facts: [{ category: 'rule', lang: 'ja', strings: ['乗客の氏名は BRS のログに絶対に出さず、PNR のレコードロケーターだけで識別してください'] }],
      },
      {
        text: "One more open item. If the door readers at gate 114 are still missing more than 2 % of scans by Thursday's evening bank, switch that gate back to gate-scan reconciliation and raise a defect with the reader vendor. #reply I'll check gate 114 on Thursday.",
        facts: [{ category: 'todo', strings: ['switch that gate back to gate-scan reconciliation and raise a defect with the reader vendor', 'If the door readers at gate 114 are still missing more than 2 % of scans'] }],
      },
      {
        text: 'Which matcher build is prod actually running? #read deploy/brs/values.yaml',
        facts: [{ category: 'identifier', kind: 'version', source: 'tool', strings: ['brs-matcher:4.12.0-hotfix.2'] }],
      },
      {
        text: 'Links for the incident review, please keep them: the reconciliation board is at https://ops.kestrel-air.example/brs/flights/KS0417/2026-11-26, the door-scan change was merged as d0174b26f089a96b929f7b5bd47ccfc438a69459, and offload lists get archived under /data/brs/offload-lists/2026/. #reply Kept.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://ops.kestrel-air.example/brs/flights/KS0417/2026-11-26'] },
          { category: 'identifier', kind: 'hash', strings: ['d0174b26f089a96b929f7b5bd47ccfc438a69459'] },
          { category: 'identifier', kind: 'path', strings: ['/data/brs/offload-lists/2026/'] },
        ],
      },
      { text: 'Point the values file at the door-scan build. #write deploy/brs/values.yaml matcher:\n  image: registry.kestrel.example/ops/brs-matcher:4.13.0\n  doorScanRequired: true\n  offloadDeadlineMin: 12\n' },
      { filler: 3500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'w2-school-bus-routes',
    set: 'held-out-20',
    files: {
      'optimiser/solver/constraints.py': code('py', 90, [
        [0.5, 'MAX_RIDE_MINUTES_ELEMENTARY = 45'],
        [0.51, 'BELL_BUFFER_MIN = 7  # bus must be at school this long before the bell'],
      ]),
      'logs/optimiser/solve-2026-11-25.log': log('route-solver', '2026-11-25', 110, [[0.45, '2026-11-25T04:12:09Z WARN route-solver run R-5530 district MRSD: 3 students unassigned (stop ST-2214 beyond 1.6 km walk limit, no lift-equipped bus free)']]),
      'data/optimiser/fleet-MRSD.json': json({
        district: 'MRSD',
        depot: 'Dewdney yard',
        buses: [
          ...rows(9, (i) => ({ bus: `B-${String(11 + i * 2)}`, seats: pick([48, 60, 72]), lift: i % 4 === 0, status: 'in-service', driver: `${pick(WORDS)}-${i}` })),
          { bus: 'B-27', seats: 48, lift: true, status: 'out-of-service', note: 'lift hydraulics, expected back 2026-12-03' },
        ],
      }),
      'docs/optimiser/bell-times.md': essay('Transport committee: what the optimiser may propose', 6, [
        [0.5, 'Decision: the optimiser will no longer suggest bell-time changes to schools on its own; it reports only how many bus-minutes a change would save, because two Maple Ridge principals heard about a proposed 20-minute bell shift from parents before the board had seen it.'],
      ]),
      'docs/北杜川町/冬期運行.md': TOWN_DOC,
      'optimiser/config/defaults.yaml': code('yaml', 55, [[0.6, '    output_dir: /srv/routewise/exports/mrsd/']]),
    },
    turns: [
      {
        text: 'New stream for me: SBR-4410, the school bus optimiser for Maple Ridge. The one date that matters is fixed already — draft routes for the January term have to reach the transport committee by Tuesday 15 December. #reply Got it: SBR-4410, drafts by 15 December.',
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['SBR-4410'] },
          { category: 'todo', strings: ['draft routes for the January term have to reach the transport committee', 'by Tuesday 15 December'] },
        ],
      },
      {
        text: 'Let me see which limits the solver enforces today. #read optimiser/solver/constraints.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['MAX_RIDE_MINUTES_ELEMENTARY = 45', 'BELL_BUFFER_MIN = 7'] }],
      },
      {
        text: "Having seen that: we'll move the objective from total distance to total student ride time. Parents never complain about mileage; they complain about a seven-year-old on a bus for 70 minutes. #reply Makes sense, ride time as the objective.",
        facts: [{ category: 'decision', strings: ['move the objective from total distance to total student ride time'], reasons: ['they complain about a seven-year-old on a bus for 70 minutes'] }],
      },
      {
        text: "The district safety officer gave us one constraint that is not up for discussion: no stop may require a child to cross a road signed above 50 km/h. #reply Understood, that's a hard constraint.",
        facts: [{ category: 'rule', strings: ['no stop may require a child to cross a road signed above 50 km/h'] }],
      },
      {
        text: '成都开发组的接口文档到了：提交求解任务是 POST /optimiser/v1/solves，取某次求解的路线是 GET /optimiser/v1/solves/{solveId}/routes，开发环境的 OSRM 跑在 osrm.cd-dev.routewise.internal:5000。 #reply 好的，我记一下。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['POST /optimiser/v1/solves'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['GET /optimiser/v1/solves/{solveId}/routes'] },
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['osrm.cd-dev.routewise.internal:5000'] },
        ],
      },
      { text: "How long is yesterday's solve log? #exec wc -l logs/optimiser/solve-2026-11-25.log" },
      {
        text: 'Three kids have no route in the parent app this morning. Check the solve log. #read logs/optimiser/solve-2026-11-25.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['3 students unassigned', 'stop ST-2214 beyond 1.6 km walk limit'] }],
      },
      { filler: 4000, style: 'work' },
      {
        text: 'Why was no lift bus free? Look at the fleet file. #read data/optimiser/fleet-MRSD.json',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"bus": "B-27"', '"status": "out-of-service"'] }],
      },
      {
        text: '北杜川町の件、町の教育委員会と話して決めました。バス停は新設せず、町営バスの既存の停留所をそのまま使います。新しい停留所を作ると、県警との協議だけで 3 か月以上かかるためです。 #reply わかりました、既存の停留所を使う前提で進めます。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['バス停は新設せず、町営バスの既存の停留所をそのまま使います'], reasons: ['新しい停留所を作ると、県警との協議だけで 3 か月以上かかる'] }],
      },
      {
        text: 'The nightly pipeline printed this; keep it for the tuning work:\n\n    solver image   routewise-solver 2.8.0\n    env            OPTIMISER_TIME_LIMIT_S=180\n    solve id       4cecb03a-e1db-4a7a-8c91-63f4dd572829\n\n#reply Noted all three.',
        facts: [
          { category: 'identifier', kind: 'version', strings: ['routewise-solver 2.8.0'] },
          { category: 'identifier', kind: 'env', strings: ['OPTIMISER_TIME_LIMIT_S=180'] },
          { category: 'identifier', kind: 'uuid', strings: ['4cecb03a-e1db-4a7a-8c91-63f4dd572829'] },
        ],
      },
      {
        text: 'The transport committee sent a note on bell times. Read it and tell me whether it limits what we can propose. #read docs/optimiser/bell-times.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['the optimiser will no longer suggest bell-time changes to schools on its own'], reasons: ['two Maple Ridge principals heard about a proposed 20-minute bell shift from parents'] }],
      },
      {
        text: '如果到 12 月 3 日 B-27 的升降机还没修好，就先把 ST-2214 那两个坐轮椅的学生临时安排到 B-31 上。 #reply 明白，3 号那天我去确认。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['先把 ST-2214 那两个坐轮椅的学生临时安排到 B-31 上', '如果到 12 月 3 日 B-27 的升降机还没修好'] }],
      },
      {
        text: '另外一条规矩：学生的家庭住址只在求解时使用，导出的路线表里只能出现站点编号，不能出现门牌号。 #reply 好，导出时只留站点编号。',
        facts: [{ category: 'rule', lang: 'zh', strings: ['导出的路线表里只能出现站点编号，不能出现门牌号'] }],
      },
      { filler: 3000, style: 'work' },
      {
        text: '北杜川町から冬の運行について文書が届きました。読んでおいてください。 #read docs/北杜川町/冬期運行.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['朝の便はすべて出発時刻を 10 分早めます'], reasons: ['朝の便の 4 割が始業に間に合いませんでした'] }],
      },
      {
        text: 'Where do the solver exports end up? #read optimiser/config/defaults.yaml',
        facts: [{ category: 'identifier', kind: 'path', source: 'tool', strings: ['/srv/routewise/exports/mrsd/'] }],
      },
      {
        text: "Two more refs for the handover: the committee's review page is https://transport.mrsd.example.ca/routes/2027-jan/draft and the ride-time objective landed as dbbecde1ff63f68e7eef1ae9269e72c69c467043. #reply Both recorded.",
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://transport.mrsd.example.ca/routes/2027-jan/draft'] },
          { category: 'identifier', kind: 'hash', strings: ['dbbecde1ff63f68e7eef1ae9269e72c69c467043'] },
        ],
      },
      { text: 'Write a short handover so the Chengdu team can pick this up overnight. #write optimiser/HANDOVER.md # Handover: school bus optimiser\n\n- The objective is ride time now, not distance.\n- Unassigned students: check the fleet file for lift buses first.\n- Exports carry stop numbers only.\n- Drafts go to the transport committee in mid-December.' },
      { filler: 3000, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'w3-fermentation-sensors',
    set: 'held-out-20',
    files: {
      'firmware/probe/probe_main.c': code('c', 90, [
        [0.3, '#define SAMPLE_INTERVAL_S 300'],
        [0.31, '#define GRAVITY_SMOOTHING_WINDOW 6 /* samples in the moving median */'],
      ]),
      'logs/fermentd/mqtt-bridge-2026-11-26.log': log('mqtt-bridge', '2026-11-26', 110, [[0.6, '2026-11-26T05:33:12Z ERROR mqtt-bridge FV-07 probe gr-0c4a: gravity jumped 1.048 -> 1.012 in one sample, reading discarded (krausen on the float suspected)']]),
      'data/fermentd/FV-03-B2611.csv': csv(
        'ts,tank,batch,gravity,temp_c,state',
        72,
        (i) => `2026-11-2${4 + Math.floor(i / 48)}T${String(Math.floor((i % 48) / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}:00Z,FV-03,B2611,${(1.052 - i * 0.0003).toFixed(3)},${(19.5 + (i % 5) * 0.3).toFixed(1)},OK`,
        [[0.9, '2026-11-25T22:40:00Z,FV-03,B2611,1.031,23.9,ALARM_HIGH_TEMP']],
      ),
      'docs/brewing/diacetyl-rest.md': essay('Cellar notes: lager fermentation schedule', 5, [
        [0.6, 'Decision: from the next brew onwards, the diacetyl rest on the lager line is triggered by gravity, at 75 % apparent attenuation, instead of on a fixed day, because the fixed day-5 rest left three Helles batches above the diacetyl taste threshold this autumn.'],
      ]),
      'docs/青岛/代工厂数据对接.md': QINGDAO_DOC,
      'deploy/fermentd/alerts.yaml': code('yaml', 50, [[0.4, '    webhook: https://hooks.harbourlane.example/pager/cellar-night']]),
    },
    turns: [
      {
        text: "We're building fermentd, the fermentation telemetry service for Harbour Lane Brewing. Two things are settled already. The probes publish over MQTT to a broker on the cellar LAN, mqtt.cellar.harbourlane.lan:8883, not straight to the cloud: the cellar's uplink drops a few times a week and we lost four days of readings on FV-05 in October. And the brewers' one hard rule: never let the controller open a glycol valve on a single probe's reading; it has to see two probes agree. #reply Local broker, and two agreeing probes before any valve moves.",
        facts: [
          { category: 'decision', strings: ['The probes publish over MQTT to a broker on the cellar LAN'], reasons: ['we lost four days of readings on FV-05 in October'] },
          { category: 'identifier', kind: 'host:port', strings: ['mqtt.cellar.harbourlane.lan:8883'] },
          { category: 'rule', strings: ["never let the controller open a glycol valve on a single probe's reading"] },
        ],
      },
      {
        text: 'What sample interval and smoothing does the probe firmware use? #read firmware/probe/probe_main.c',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['SAMPLE_INTERVAL_S 300', 'GRAVITY_SMOOTHING_WINDOW 6'] }],
      },
      {
        text: '横浜の醸造所からの要望を二つ伝えます。温度は必ず摂氏で、小数点以下 1 桁まで表示してください。それと、向こうの 6 基のタンクにプローブを付ける前に、12 月 11 日（金）までにファームウェアを 2.3 系へ上げておいてください。 #reply 承知しました。表示は摂氏・小数 1 桁、ファームウェアは 11 日までに更新します。',
        facts: [
          { category: 'rule', lang: 'ja', strings: ['温度は必ず摂氏で、小数点以下 1 桁まで表示してください'] },
          { category: 'todo', lang: 'ja', strings: ['ファームウェアを 2.3 系へ上げておいてください', '12 月 11 日（金）までに'] },
        ],
      },
      {
        text: 'FV-07 showed a strange gravity drop this morning. What does the bridge log say? #read logs/fermentd/mqtt-bridge-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['FV-07 probe gr-0c4a', 'gravity jumped 1.048 -> 1.012 in one sample'] }],
      },
      {
        text: '青岛代工厂那边需要两个接口：上传读数 POST /fermentd/api/v1/tanks/{tankId}/readings，查批次发酵曲线 GET /fermentd/api/v1/batches/{batchId}/curve。文档我已经发给他们了。 #reply 好的。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['POST /fermentd/api/v1/tanks/{tankId}/readings'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['GET /fermentd/api/v1/batches/{batchId}/curve'] },
        ],
      },
      { text: "Quick sanity check: is apparent attenuation computed from the original and current gravity only? #reply Yes: (OG - current) / (OG - 1), as a percentage. Real attenuation needs an alcohol correction, which the probes can't measure." },
      { text: 'Start the notes file for fermentd. #write fermentd/NOTES.md # fermentd\n\nprobe -> cellar MQTT broker -> bridge -> readings store -> curve per batch -> alarms -> pager.' },
      { filler: 3500, style: 'work' },
      {
        text: "The PR for BREW-1502 is up. It adds FERMENTD_MIN_AGREEING_PROBES=2 and pins the probes to probe-fw 2.3.1. #reply Thanks, I'll review it after lunch.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['BREW-1502'] },
          { category: 'identifier', kind: 'env', strings: ['FERMENTD_MIN_AGREEING_PROBES=2'] },
          { category: 'identifier', kind: 'version', strings: ['probe-fw 2.3.1'] },
        ],
      },
      {
        text: 'There was an alarm on FV-03 last night. Find it in the batch readings. #read data/fermentd/FV-03-B2611.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['FV-03,B2611,1.031,23.9,ALARM_HIGH_TEMP'] }],
      },
      {
        text: 'Right, that one was a false alarm. New setting: the high-temperature alarm on ale fermenters goes from 22.0 to 24.0 °C, with a 20-minute hold before it pages anyone. Open fermenters touch 23 for a few minutes after pitching in summer, and the night crew kept getting paged for nothing. #reply Changing it to 24.0 °C with a 20-minute hold.',
        facts: [{ category: 'decision', strings: ['the high-temperature alarm on ale fermenters goes from 22.0 to 24.0 °C'], reasons: ['the night crew kept getting paged for nothing'] }],
      },
      {
        text: 'The head brewer updated the lager notes. Does it change what fermentd has to do? #read docs/brewing/diacetyl-rest.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['the diacetyl rest on the lager line is triggered by gravity, at 75 % apparent attenuation'], reasons: ['the fixed day-5 rest left three Helles batches above the diacetyl taste threshold'] }],
      },
      {
        text: '青岛代工厂的对接说明更新了，帮我看下我们这边有什么要改的。 #read docs/青岛/代工厂数据对接.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['青岛厂的发酵数据改为每 15 分钟批量上传一次，不再实时推送'], reasons: ['厂区 4G 流量套餐每月只有 20 GB'] }],
      },
      { filler: 3000, style: 'work' },
      {
        text: "Follow-up for next week: if the Qingdao tanks still show gaps of more than an hour after they move to 15-minute uploads, ask their IT to move the gateway onto the wired line. #reply I'll check the gaps next week.",
        facts: [{ category: 'todo', strings: ['ask their IT to move the gateway onto the wired line', 'if the Qingdao tanks still show gaps of more than an hour'] }],
      },
      {
        text: 'Where do cellar alarms get paged to right now? #read deploy/fermentd/alerts.yaml',
        facts: [{ category: 'identifier', kind: 'url', source: 'tool', strings: ['https://hooks.harbourlane.example/pager/cellar-night'] }],
      },
      {
        text: "For the batch file: B2611's record in the brewing log is a993740d-e44e-4e60-97ff-2f209bfe2fbd, the alarm-threshold change is commit e86b3cf13914a44e9535a4ae540c6dc602ee00e8, and nightly curve exports land in /var/lib/fermentd/exports/curves/. #reply All three noted.",
        facts: [
          { category: 'identifier', kind: 'uuid', strings: ['a993740d-e44e-4e60-97ff-2f209bfe2fbd'] },
          { category: 'identifier', kind: 'hash', strings: ['e86b3cf13914a44e9535a4ae540c6dc602ee00e8'] },
          { category: 'identifier', kind: 'path', strings: ['/var/lib/fermentd/exports/curves/'] },
        ],
      },
      {
        text: '月底前请把青岛 3 号罐 pH 探头的校准记录补录进系统，审核员 12 月初要来。 #reply 好，月底前补上。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['把青岛 3 号罐 pH 探头的校准记录补录进系统', '月底前'] }],
      },
      {
        text: '横浜の件、決まりました。ドライホッピングのタイミング通知は LINE ではなくメールで送ります。向こうのスタッフ全員が業務用の LINE アカウントを持っているわけではないので。 #reply わかりました、メールで通知します。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['ドライホッピングのタイミング通知は LINE ではなくメールで送ります'], reasons: ['向こうのスタッフ全員が業務用の LINE アカウントを持っているわけではない'] }],
      },
      { text: 'Put the new ale threshold and the hold into the alert rules. #write deploy/fermentd/alerts.yaml alerts:\n  ale-high-temp:\n    threshold_c: 24.0\n    hold_minutes: 20\n    webhook: https://hooks.harbourlane.example/pager/cellar-night\n' },
      { filler: 3500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
