// The twenty-second HELD-OUT set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an
// independent writer who never saw the extraction code: new projects (a forestry agency's wildfire lookout camera
// network, an insurer's claims photo triage, a parking garage's EV charger billing), new wording, its own order of
// work, work-style filler. Never tuned on: never change extraction while reading its results.
// Same format as tuning.mjs / held-out.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x22f1e7);

const NIGHT_DOC = `# 夜间告警策略调整

林火监测中心 · 2026 年 11 月

背景：目前 23 座瞭望塔的摄像头全天候运行烟雾识别，夜间同样按白天的阈值推送告警。值班员反映夜里的告警几乎都要人工逐条排除，真正的火情反而容易被淹没。

统计：上个防火季夜间的告警有 83% 是车灯和城镇灯光，另有 9% 是低云和雾。

结论：日落后一小时到次日日出，关闭可见光烟雾告警，只保留红外热点告警。热点告警的阈值维持不变。

执行：请平台组在 12 月第一周前完成切换，并在值班手册里注明夜间只看热点。
`;

const TOTAL_LOSS_DOC = `# 全損判定基準の見直し

損害調査部 · 2026 年 11 月

これまで当社は、修理見積が車両時価の 80% を超えた場合に全損として扱ってきました。

問題点：80% 基準で修理に回した車のうち、修理後に再入庫する車が年間 200 台を超えていました。再入庫 1 台あたりの追加費用は平均 34 万円です。

改定：修理見積が車両時価の 70% を超えたら全損として扱う。写真査定の段階で 70% を超える見込みのものは、現車確認を待たずに全損候補として担当者に回してください。

適用開始は 2027 年 1 月 1 日受付分からとします。
`;

export const SESSIONS = [
  {
    id: 'w1-lookout-cameras',
    set: 'held-out-22',
    files: {
      'ingest/config/towers.yaml': code('yaml', 75, [
        [0.4, '    sweep_interval_seconds: 120'],
        [0.62, '    min_smoke_confidence: 0.82'],
      ]),
      'logs/ingest/tower-health-2026-11-26.log': log('tower-ingest', '2026-11-26', 120, [
        [0.35, '2026-11-26T04:12:09Z WARN  tower-ingest tower BALDY-07 missed 14 consecutive frames, solar battery at 11.6 V'],
        [0.7, '2026-11-26T05:03:44Z ERROR tower-ingest uploader tower-uploader 1.9.3 rejected by archive: checksum mismatch on batch 7f3c'],
      ]),
      'docs/决策/夜间告警.md': NIGHT_DOC,
      'data/detections-2026-11-25.csv': csv(
        'detection_id,tower,ts,confidence,status',
        65,
        (i) => `D-${20800 + i * 3},${pick(['BALDY', 'PINECREST', 'OWENS', 'SHAVER'])}-0${1 + (i % 9)},2026-11-25T${String(8 + (i % 10)).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}:00Z,0.${40 + (i % 45)},${pick(['dismissed', 'dismissed', 'fog', 'dust'])}`,
        [[0.55, 'D-20931,BALDY-07,2026-11-25T15:42:10Z,0.97,confirmed']],
      ),
      'docs/design/alert-fusion.md': essay('Design note: fusing detections across towers', 5, [
        [0.6, 'We decided that a smoke alert reaches the dispatcher only when two towers see it within 10 minutes of each other. Single-tower alerts produced 61 false dispatches in August, and each one pulled an engine crew off patrol for about two hours.'],
      ]),
      'lookout/CHANGELOG.md': '# Changelog\n\n## 2.13.0\n\n- Panorama stitching on the tower.\n',
    },
    turns: [
      {
        text: 'Ground rule from the fire agency before we touch any of the lookout code: the smoke detector must never page a duty officer directly. A person in the lookout console confirms every detection first. #reply Understood: detections go to the console, no direct paging.',
        facts: [{ category: 'rule', strings: ['the smoke detector must never page a duty officer directly'] }],
      },
      {
        text: 'Show me how often the towers sweep and what confidence we alert on. #read ingest/config/towers.yaml',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['sweep_interval_seconds: 120', 'min_smoke_confidence: 0.82'] }],
      },
      {
        text: '这个需求在 Jira 里是 FIRE-4471。我们讨论后决定把烟雾识别模型放到塔上的边缘盒子里跑，不再把整幅全景图传回机房。山顶的微波链路只有 8 Mbps，一张全景图要传四十秒，根本跟不上扫描节奏。 #reply 明白，模型下放到边缘盒子。',
        facts: [
          { category: 'identifier', kind: 'ticket', lang: 'zh', strings: ['FIRE-4471'] },
          { category: 'decision', lang: 'zh', strings: ['把烟雾识别模型放到塔上的边缘盒子里跑'], reasons: ['山顶的微波链路只有 8 Mbps'] },
        ],
      },
      {
        text: 'Some towers went dark overnight. Pull the warnings and errors out of the health log. #exec grep -nE "WARN|ERROR" logs/ingest/tower-health-2026-11-26.log',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['tower BALDY-07 missed 14 consecutive frames', 'solar battery at 11.6 V'] },
          { category: 'identifier', kind: 'version', source: 'tool', strings: ['tower-uploader 1.9.3'] },
        ],
      },
      {
        text: "The console side, so you don't have to ask again: a dispatcher acknowledges with POST /lookout/v2/detections/{detectionId}/ack, and pan-tilt commands go to PUT /lookout/v2/cameras/{cameraId}/ptz. Video comes through the relay at rtsp-relay.fire-ops.internal:8554. #reply Got all three.",
        facts: [
          { category: 'identifier', kind: 'route', strings: ['POST /lookout/v2/detections/{detectionId}/ack'] },
          { category: 'identifier', kind: 'route', strings: ['PUT /lookout/v2/cameras/{cameraId}/ptz'] },
          { category: 'identifier', kind: 'host:port', strings: ['rtsp-relay.fire-ops.internal:8554'] },
        ],
      },
      { text: 'Start a notes file for the lookout work. #write lookout/NOTES.md # Lookout network\n\ncamera sweep -> edge box scores frames -> candidate detection -> lookout console confirms -> dispatcher ack -> incident opened.' },
      { filler: 3000, style: 'work' },
      {
        text: '监测中心发了一份夜间告警的文件，看看对我们有什么影响。 #read docs/决策/夜间告警.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['关闭可见光烟雾告警，只保留红外热点告警'], reasons: ['上个防火季夜间的告警有 83% 是车灯和城镇灯光'] }],
      },
      {
        text: "Note for later: once the edge boxes on all 23 towers run the new model, switch off the central re-scoring job. No point paying for the GPU node after that. #reply I'll turn it off when the last tower is done.",
        facts: [{ category: 'todo', strings: ['switch off the central re-scoring job', 'once the edge boxes on all 23 towers run the new model'] }],
      },
      {
        text: "Here's what the release pipeline printed for the edge rollout:\n\n  deployment/smoke-edge  image=smoke-detector v2.14.0\n  env  LOOKOUT_ALERT_COOLDOWN_S=300\n  rollout-id  c41e8a52-7d3b-4f09-9e6a-15b2d0f73c84\n\nKeep those handy. #reply Kept.",
        facts: [
          { category: 'identifier', kind: 'version', strings: ['smoke-detector v2.14.0'] },
          { category: 'identifier', kind: 'env', strings: ['LOOKOUT_ALERT_COOLDOWN_S=300'] },
          { category: 'identifier', kind: 'uuid', strings: ['c41e8a52-7d3b-4f09-9e6a-15b2d0f73c84'] },
        ],
      },
      {
        text: "Which of yesterday's detections actually turned out to be a fire? #read data/detections-2026-11-25.csv",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['D-20931,BALDY-07,2026-11-25T15:42:10Z,0.97,confirmed'] }],
      },
      {
        text: '消防本部との打ち合わせの結果です。カメラ映像の保存期間は 30 日から 14 日に短縮することになりました。防火シーズンのピークで保存容量が 92% に達したのが理由です。それから、塔のファームウェア更新は必ず赤旗警報が出ていない日に行うこと。 #reply 承知しました、保存期間は 14 日、更新は赤旗警報のない日だけにします。',
        facts: [
          { category: 'decision', lang: 'ja', strings: ['カメラ映像の保存期間は 30 日から 14 日に短縮する'], reasons: ['防火シーズンのピークで保存容量が 92% に達した'] },
          { category: 'rule', lang: 'ja', strings: ['塔のファームウェア更新は必ず赤旗警報が出ていない日に行うこと'] },
        ],
      },
      { filler: 2500, style: 'work' },
      {
        text: 'Why does a single tower never raise an alert on its own? I think it is in the fusion design note. #read docs/design/alert-fusion.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['a smoke alert reaches the dispatcher only when two towers see it within 10 minutes of each other'], reasons: ['Single-tower alerts produced 61 false dispatches in August'] }],
      },
      {
        text: '北尾根の 3 基の塔に予備バッテリーを追加する手配をしてください。12 月 10 日までにお願いします、BALDY-07 と同じことがまた起きそうなので。 #reply 了解です、12 月 10 日までに手配します。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['北尾根の 3 基の塔に予備バッテリーを追加する手配をしてください', '12 月 10 日までに'] }],
      },
      {
        text: '交接文档里要写的三样东西：值班台是 https://lookout.fire-ops.example.gov/console/towers，边缘模型的合并提交是 6a1d0f93c47be2815d0e9c3a7f24b68e01d5c9a2，确认过的火情帧归档在 /srv/lookout/archive/confirmed/。 #reply 好的，三项都记下了。',
        facts: [
          { category: 'identifier', kind: 'url', lang: 'zh', strings: ['https://lookout.fire-ops.example.gov/console/towers'] },
          { category: 'identifier', kind: 'hash', lang: 'zh', strings: ['6a1d0f93c47be2815d0e9c3a7f24b68e01d5c9a2'] },
          { category: 'identifier', kind: 'path', lang: 'zh', strings: ['/srv/lookout/archive/confirmed/'] },
        ],
      },
      { text: 'Add the edge release to the changelog. #write lookout/CHANGELOG.md # Changelog\n\n## 2.14.0\n\n- Smoke scoring on the tower edge box.\n- Night: infrared hot-spot alerts only.\n- Two-tower confirmation before dispatch.\n\n## 2.13.0\n\n- Panorama stitching on the tower.\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'w2-claims-photo-triage',
    set: 'held-out-22',
    files: {
      'docs/triage/architecture.md': essay('Claims photo triage: architecture', 6, [
        [0.3, 'In the October sample, 1,318 of 9,402 motor claims arrived with fewer than the four required angles of the vehicle.'],
        [0.72, 'Decision: damage photos are scored for total-loss likelihood at upload time, not when an adjuster first opens the claim. Adjusters were reaching 40 % of total-loss claims only after the car had sat in a tow yard for a week, and storage fees ran past the salvage value.'],
      ]),
      'triage/scoring.py': code('py', 95, [
        [0.33, 'TOTAL_LOSS_THRESHOLD = 0.74'],
        [0.34, 'MAX_PHOTOS_PER_CLAIM = 24'],
      ]),
      'logs/triage/worker-2026-11-26.log': log('triage-worker', '2026-11-26', 115, [[0.48, '2026-11-26T02:47:31Z ERROR triage-worker claim HM-7734120 stuck in SCORING for 3h12m (job 5f0a3c77-2e91-4d8b-a6b4-c19e0d7f2a58, gpu pool t4-spot preempted)']]),
      'exports/claims-2026-11-26.csv': csv(
        'claim_no,incident_date,angle_set,fraud_score,total_loss_p,queue',
        70,
        (i) => `HM-77${String(38000 + i * 41).padStart(5, '0')},2026-11-${String(10 + (i % 15)).padStart(2, '0')},${pick(['front', 'rear', 'side', 'full'])},0.${String(5 + (i % 60)).padStart(2, '0')},0.${10 + (i % 70)},${pick(['standard', 'standard', 'glass', 'fast-track'])}`,
        [[0.4, 'HM-7739051,2026-11-24,rear,0.96,0.31,siu-review']],
      ),
      'docs/査定/全損基準.md': TOTAL_LOSS_DOC,
    },
    turns: [
      {
        text: "Harbour Mutual's claims team wants the photo triage reworked. Their architecture note is where I'd start. #read docs/triage/architecture.md",
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['1,318 of 9,402 motor claims arrived with fewer than the four required angles'] },
          { category: 'decision', source: 'tool', strings: ['damage photos are scored for total-loss likelihood at upload time'], reasons: ['Adjusters were reaching 40 % of total-loss claims only after the car had sat in a tow yard for a week'] },
        ],
      },
      {
        text: "Ok. It's tracked as CLM-5530. The first thing they asked for: add EXIF timestamp checks that flag photos taken before the incident date, and it has to be in the release on Friday 4 December. #reply EXIF check, in Friday's release.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['CLM-5530'] },
          { category: 'todo', strings: ['add EXIF timestamp checks that flag photos taken before the incident date', 'in the release on Friday 4 December'] },
        ],
      },
      {
        text: 'Where is the total-loss cut-off set in the scorer, and is there a cap on photos? #read triage/scoring.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['TOTAL_LOSS_THRESHOLD = 0.74', 'MAX_PHOTOS_PER_CLAIM = 24'] }],
      },
      {
        text: '東京の損害調査部向けの API です。写真のアップロードは POST /claims/v1/claims/{claimNo}/photos、査定結果の取得は GET /claims/v1/claims/{claimNo}/assessment を使います。画像の保存先は minio.claims-jp.internal:9000 です。 #reply ありがとうございます、控えておきます。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /claims/v1/claims/{claimNo}/photos'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /claims/v1/claims/{claimNo}/assessment'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['minio.claims-jp.internal:9000'] },
        ],
      },
      {
        text: 'Compliance was firm on this and it applies to every code path: a photo showing a face or a licence plate is never sent to the external labelling vendor unblurred. #reply Understood, blur first or not at all.',
        facts: [{ category: 'rule', strings: ['a photo showing a face or a licence plate is never sent to the external labelling vendor unblurred'] }],
      },
      { text: 'Write down the flow as we understand it. #write triage/NOTES.md # Photo triage\n\nupload -> EXIF and angle checks -> blur faces/plates -> damage scoring -> total-loss / glass / standard queue -> adjuster.' },
      { filler: 2500, style: 'work' },
      {
        text: '香港理赔组那边拍板了：车损照片的压缩统一改成 WebP，质量 80。原来 JPEG 95 每张平均 4.1 MB，客户在地下停车场用 4G 根本传不上来。 #reply 好，上传端改成 WebP 80。',
        facts: [{ category: 'decision', lang: 'zh', strings: ['车损照片的压缩统一改成 WebP，质量 80'], reasons: ['客户在地下停车场用 4G 根本传不上来'] }],
      },
      {
        text: 'A claim has been sitting in scoring since last night. Look at the worker log. #read logs/triage/worker-2026-11-26.log',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['claim HM-7734120 stuck in SCORING for 3h12m'] },
          { category: 'identifier', kind: 'uuid', source: 'tool', strings: ['5f0a3c77-2e91-4d8b-a6b4-c19e0d7f2a58'] },
        ],
      },
      {
        text: "For the GPU fix we'll redeploy with TRIAGE_GPU_POOL=on-demand-a10 and bump the scorer to damage-scorer 0.9.4, which retries a preempted job instead of leaving it in SCORING. #reply Noted both.",
        facts: [
          { category: 'identifier', kind: 'env', strings: ['TRIAGE_GPU_POOL=on-demand-a10'] },
          { category: 'identifier', kind: 'version', strings: ['damage-scorer 0.9.4'] },
        ],
      },
      {
        text: "We settled one more thing in the claims meeting. Glass-only claims get routed straight to the windscreen partner with no human look at all. A chipped windscreen is 38 % of our volume, and the partner inspects the glass anyway when they fit it. #reply Glass-only goes straight to the partner.",
        facts: [{ category: 'decision', strings: ['Glass-only claims get routed straight to the windscreen partner with no human look at all'], reasons: ['A chipped windscreen is 38 % of our volume'] }],
      },
      {
        text: 'The fraud team wants the claim with the highest fraud score in yesterday’s export. #read exports/claims-2026-11-26.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['HM-7739051,2026-11-24,rear,0.96'] }],
      },
      {
        text: 'もし来週の検証で全損判定の適合率が 0.9 を下回ったら、しきい値を 0.80 に引き上げて再学習を依頼してください。 #reply 来週の検証結果を見て判断します。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['しきい値を 0.80 に引き上げて再学習を依頼してください', '来週の検証で全損判定の適合率が 0.9 を下回ったら'] }],
      },
      {
        text: '另外定一条规矩：理赔照片的原图只能存放在本地区的存储桶里，任何时候都不能跨区复制。 #reply 明白，原图不跨区。',
        facts: [{ category: 'rule', lang: 'zh', strings: ['理赔照片的原图只能存放在本地区的存储桶里，任何时候都不能跨区复制'] }],
      },
      { filler: 3000, style: 'work' },
      {
        text: '損害調査部から全損基準の改定が届きました。内容を確認してください。 #read docs/査定/全損基準.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['修理見積が車両時価の 70% を超えたら全損として扱う'], reasons: ['修理後に再入庫する車が年間 200 台を超えていました'] }],
      },
      {
        text: 'Bookmark these before I forget: the adjusters work the queue at https://claims.harbourmutual.example.co.uk/triage/queue?team=motor, the scorer we can roll back to is b93e07a4d1c2f58e6a0b7d3c9e41f2a85c06d17b, and the blurred crops are written under /data/triage/crops/blurred/. #reply Bookmarked all three.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://claims.harbourmutual.example.co.uk/triage/queue?team=motor'] },
          { category: 'identifier', kind: 'hash', strings: ['b93e07a4d1c2f58e6a0b7d3c9e41f2a85c06d17b'] },
          { category: 'identifier', kind: 'path', strings: ['/data/triage/crops/blurred/'] },
        ],
      },
      { text: 'Put the new thresholds into the scorer. #write triage/scoring.py # photo triage scoring thresholds\nTOTAL_LOSS_THRESHOLD = 0.70  # repair estimate over 70 % of market value\nMAX_PHOTOS_PER_CLAIM = 24\nGLASS_ONLY_QUEUE = "windscreen-partner"\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'w3-garage-ev-billing',
    set: 'held-out-22',
    files: {
      'billing/tariffs.json': json({
        site: 'shin-yokohama-west',
        currency: 'JPY',
        chargers: rows(12, (i) => ({ id: `WG-B${1 + (i % 2)}-${String(1 + i).padStart(2, '0')}`, kw: i % 4 === 0 ? 50 : 7.4, level: `B${1 + (i % 2)}`, note: pick(WORDS) })),
        tariff: { energy_price_per_kwh: 52, idle_fee_per_minute: 0.35, grace_minutes: 15, connection_fee: 100 },
      }),
      'logs/ocpp/csms-2026-11-26.log': log('csms', '2026-11-26', 120, [
        [0.3, '2026-11-26T01:27:05Z ERROR csms charger WG-B2-14 StatusNotification Faulted (GroundFailure), transaction 88172 ended without MeterValues'],
        [0.66, '2026-11-26T01:58:40Z WARN  csms charger WG-B1-03 rejected SetChargingProfile, firmware EVC-FW 3.7.12'],
      ]),
      'billing/src/invoice.ts': code('ts', 90, [
        [0.45, 'export const CONSUMPTION_TAX_RATE = 0.10;'],
        [0.46, "const ROUNDING_MODE = 'half-even';"],
      ]),
      'docs/design/load-management.md': essay('Load management for the garage chargers', 5, [
        [0.4, 'After the trip on 9 November the operator agreed to cap the whole garage at 180 kW and share it across the active chargers. The building transformer trips above 200 kW, and it did so twice in one evening when a tour bus operator plugged in six vans at once.'],
      ]),
      'exports/sessions-2026-11.csv': csv(
        'tx_id,charger,start,end,kwh,idle_min,amount_jpy',
        75,
        (i) => `TX-${88200 + i * 2},WG-B${1 + (i % 2)}-${String(1 + (i % 14)).padStart(2, '0')},2026-11-${String(1 + (i % 25)).padStart(2, '0')}T${String(7 + (i % 12)).padStart(2, '0')}:10,2026-11-${String(1 + (i % 25)).padStart(2, '0')}T${String(9 + (i % 12)).padStart(2, '0')}:40,${(8 + (i % 30)).toFixed(1)},${i % 20},${500 + 37 * i}`,
        [[0.5, 'TX-88340,WG-B2-09,2026-11-21T18:02,2026-11-22T08:14,41.7,612,9834']],
      ),
    },
    turns: [
      {
        text: "New job: billing for the EV chargers in the Shin-Yokohama West garage. Open the tariff config first so we know what we're dealing with. #read billing/tariffs.json",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"idle_fee_per_minute": 0.35', '"grace_minutes": 15'] }],
      },
      {
        text: "Ticket is EVB-612. The big change: we're billing by energy delivered in kWh, not by minutes plugged in. Consumer affairs told the operator in October that any time-based charging price must show a per-kWh price anyway, so we may as well bill that way. #reply Energy-based billing it is.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['EVB-612'] },
          { category: 'decision', strings: ['billing by energy delivered in kWh, not by minutes plugged in'], reasons: ['any time-based charging price must show a per-kWh price anyway'] },
        ],
      },
      {
        text: '台北那家充电桩后台厂商给的接口：结束充电是 POST /ocpp/v1/transactions/{transactionId}/stop，开票查询走 GET /billing/v1/sessions/{sessionId}/invoice，CSMS 的地址是 csms.westgate-park.internal:9220。 #reply 收到，三个都记好了。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['POST /ocpp/v1/transactions/{transactionId}/stop'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['GET /billing/v1/sessions/{sessionId}/invoice'] },
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['csms.westgate-park.internal:9220'] },
        ],
      },
      {
        text: 'A driver says she was billed for a session that never finished. Anything abnormal in the CSMS log? #exec grep -nE "WARN|ERROR" logs/ocpp/csms-2026-11-26.log',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['charger WG-B2-14', 'transaction 88172 ended without MeterValues'] },
          { category: 'identifier', kind: 'version', source: 'tool', strings: ['EVC-FW 3.7.12'] },
        ],
      },
      {
        text: 'That one makes the point: a session that was interrupted by a charger fault is never billed for the idle fee. That holds for every tariff, no exceptions. #reply Agreed, no idle fee after a fault.',
        facts: [{ category: 'rule', strings: ['a session that was interrupted by a charger fault is never billed for the idle fee'] }],
      },
      {
        text: '管理会社からの連絡です。夜間 23 時から 6 時までは充電単価を 1 kWh あたり 38 円に下げます。夜間は契約電力に余裕があり、駐車場の利用率も 2 割を切るからだそうです。 #reply 了解しました、夜間単価 38 円で設定します。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['夜間 23 時から 6 時までは充電単価を 1 kWh あたり 38 円に下げます'], reasons: ['夜間は契約電力に余裕があり'] }],
      },
      { text: 'Begin a notes file for the billing work. #write billing/NOTES.md # Garage EV billing\n\nOCPP StartTransaction -> MeterValues every 30 s -> StopTransaction -> price energy (day/night) -> idle fee after grace -> invoice -> card capture.' },
      { filler: 3500, style: 'work' },
      {
        text: 'How does the invoice code handle tax and rounding at the moment? #read billing/src/invoice.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['CONSUMPTION_TAX_RATE = 0.10', "ROUNDING_MODE = 'half-even'"] }],
      },
      {
        text: "Before the payment terminal contract renews on 15 January, get a quote for Stripe Terminal as the backup acquirer, so we have something to negotiate with. #reply I'll get the quote in time.",
        facts: [{ category: 'todo', strings: ['get a quote for Stripe Terminal as the backup acquirer', 'Before the payment terminal contract renews on 15 January'] }],
      },
      {
        text: '部署参数我贴一下：CSMS_METER_POLL_SECONDS=30，计费服务这次上的是 ev-billing 2.3.0，变更单号 3b8d2c1e-94f6-47a0-b25d-e8107c6f93ab。 #reply 好的，都记录了。',
        facts: [
          { category: 'identifier', kind: 'env', lang: 'zh', strings: ['CSMS_METER_POLL_SECONDS=30'] },
          { category: 'identifier', kind: 'version', lang: 'zh', strings: ['ev-billing 2.3.0'] },
          { category: 'identifier', kind: 'uuid', lang: 'zh', strings: ['3b8d2c1e-94f6-47a0-b25d-e8107c6f93ab'] },
        ],
      },
      {
        text: "Why can't all chargers run at full power at once? There's a load-management note somewhere. #read docs/design/load-management.md",
        facts: [{ category: 'decision', source: 'tool', strings: ['cap the whole garage at 180 kW and share it across the active chargers'], reasons: ['The building transformer trips above 200 kW'] }],
      },
      {
        text: '如果下个月的电费账单里需量电费超过 6 万元，就把高峰时段的单桩功率限制到 7 kW。 #reply 好，等下个月账单出来再看。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['把高峰时段的单桩功率限制到 7 kW', '如果下个月的电费账单里需量电费超过 6 万元'] }],
      },
      {
        text: "Which November session sat idle the longest after charging? #read exports/sessions-2026-11.csv",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['TX-88340,WG-B2-09,2026-11-21T18:02'] }],
      },
      { filler: 3000, style: 'work' },
      {
        text: "Also: from 1 January we're dropping the ¥100 per-session connection fee. Owners of small plug-in hybrids were paying more in fees than in energy, and the garage office got a complaint about it nearly every day. #reply OK, no connection fee from 1 January.",
        facts: [{ category: 'decision', strings: ["from 1 January we're dropping the ¥100 per-session connection fee"], reasons: ['paying more in fees than in energy'] }],
      },
      {
        text: 'それと、請求額の計算には浮動小数点を使わず、必ず整数の銭単位で計算してください。 #reply はい、銭単位の整数で計算します。',
        facts: [{ category: 'rule', lang: 'ja', strings: ['請求額の計算には浮動小数点を使わず、必ず整数の銭単位で計算してください'] }],
      },
      {
        text: 'The operator dashboard is https://ops.westgate-park.example.jp/garages/shin-yokohama-west/chargers and the nightly invoice PDFs land in /var/lib/ev-billing/invoices/2026-11/. #reply Noted.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://ops.westgate-park.example.jp/garages/shin-yokohama-west/chargers'] },
          { category: 'identifier', kind: 'path', strings: ['/var/lib/ev-billing/invoices/2026-11/'] },
        ],
      },
      {
        text: '年内に、領収書 PDF にインボイスの登録番号を印字する対応を入れてください。経理から催促が来ています。 #reply 年内に対応します。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['領収書 PDF にインボイスの登録番号を印字する対応を入れてください', '年内に'] }],
      },
      {
        text: 'Update the tariff: night price, no connection fee. Base it on 2f7c91e0a4b86d35c1e09f7a3b52d84e6c0a19f3, the last reviewed version. #write billing/tariffs.json {"site": "shin-yokohama-west", "currency": "JPY", "tariff": {"energy_price_per_kwh": 52, "night_price_per_kwh": 38, "night_hours": "23:00-06:00", "idle_fee_per_minute": 0.35, "grace_minutes": 15, "connection_fee": 0}}',
        facts: [{ category: 'identifier', kind: 'hash', strings: ['2f7c91e0a4b86d35c1e09f7a3b52d84e6c0a19f3'] }],
      },
      { filler: 3500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
