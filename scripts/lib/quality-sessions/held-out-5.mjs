// The fifth HELD-OUT set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an independent
// writer who never saw the extraction code (nor its results on any set), and never tuned on: new projects (a hospital
// pharmacy's dosing-alert service, a game studio's build farm and asset pipeline, a city water utility's sensor
// telemetry), new wording, work-style filler. Never tune extraction on it and never read its results while changing
// extraction: its figures are the ones the targets are checked on.
// Same format as tuning.mjs / held-out.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x7c35a1);

const INTERACTION_DOC = `# 相互作用アラートの表示方法の見直し

薬剤部 · 2026 年 11 月

処方オーダー時に表示される相互作用アラートは 1 日平均 1,340 件で、その約 8 割が重篤度「中」に分類されています。

9 月の監査では、医師がポップアップの 96% を 3 秒以内に閉じていたことが分かりました。

今後の方針：重篤度「中」の相互作用アラートは処方時のポップアップをやめ、薬剤師の監査キューにだけ回すことにします。医師がポップアップをほとんど読まずに閉じており、本当に危険な「高」のアラートまで見落とされるおそれがあるためです。

重篤度「高」のアラートは従来どおりハードストップとし、表示方法は変えません。
`;

const TEXTURE_DOC = `# 移动版贴图规范（美术部）

2026 年 11 月 · 适用于所有角色与场景资产

背景：移动版安装包目前是 4.6 GB，贴图约占其中的 61%；场景贴图已经在上个版本压缩过一轮。

外包团队交付的角色贴图大多是 4K，很多在手机屏幕上根本看不出差别。

结论：角色贴图的分辨率上限统一降到 2K，过场动画的特写镜头除外。之所以这样定，是因为移动版安装包已经超过了商店 4 GB 的限制，而角色贴图是其中最大的一块。

特写镜头需要 4K 的，请在资产登记表里注明镜头编号，由美术总监确认。
`;

const LEAK_DOC = `# 漏水検知しきい値の見直し

保全課 · 2026 年 11 月

各配水ブロック（DMA）の夜間最小流量（午前 2 時〜4 時）を前週平均と比べ、しきい値を超えたブロックを漏水の疑いとして通知しています。

10 月 18 日の本町通りの配水本管破損では、通知が出るまでに 4 日かかり、推定 9,800 m³ の水が失われました。

決定事項：夜間最小流量による漏水判定のしきい値を、前週平均の 1.5 倍から 1.3 倍に引き下げる。1.5 倍のままでは本町通りの本管破損を検知するまでに 4 日かかったため。

誤報が増える見込みなので、当面の通知は保全課の当番にだけ送ります。
`;

export const SESSIONS = [
  {
    id: 'p1-dosing-alerts',
    set: 'held-out-5',
    files: {
      'alerts/rules/renal.py': code('py', 90, [
        [0.4, 'CRCL_CUTOFF_ML_MIN = 30'],
        [0.41, 'VANCOMYCIN_TROUGH_MAX_MG_L = 20'],
      ]),
      'logs/dosing/alert-engine-2026-11-26.log': log('dose-alert-engine', '2026-11-26', 112, [[0.55, '2026-11-26T22:08:31Z ERROR dose-alert-engine order ORD-7731942 ward 6B: rule RENAL-017 evaluation skipped, serum creatinine older than 72h']]),
      'data/overrides/ward-6B-2026-11.csv': csv(
        'rule_id,drug,ward,overrides,top_reason',
        64,
        (i) => `${pick(['DDI', 'DUP', 'ALLERGY', 'RENAL'])}-${100 + i},${pick(['amoxicillin', 'heparin', 'metformin', 'warfarin', 'furosemide', 'ceftriaxone'])},6B,${3 + ((i * 7) % 40)},${pick(['clinically appropriate', 'already discussed with prescriber', 'patient on established therapy', 'duplicate alert'])}`,
        [[0.5, 'WEIGHT-BASED-002,enoxaparin,6B,143,patient weight not recorded']],
      ),
      'docs/design/dosing-weight.md': essay('Design note: which weight the dose checks use', 6, [
        [0.34, 'Of the 2,906 weight-based alerts fired in October, 412 used a weight older than 30 days, and most of those patients had been weighed on the ward since.'],
        [0.67, 'After the September chart audit we settled on one rule for the dosing weight: use the most recent measured weight from the last 7 days, and fall back to the admission weight only with a visible warning on the alert. Weights typed in by the admitting clerk were off by more than 10 kg in one chart out of eight.'],
      ]),
      'docs/薬剤部/相互作用アラート.md': INTERACTION_DOC,
    },
    turns: [
      {
        text: "Morning. Today I'm on the dosing-alert service for the Kestrel Valley Health pharmacy, ticket RXA-2231. Let's move the alert rules out of the EHR's built-in rule editor and into our own rules engine running beside it. The EHR vendor takes six to eight weeks to ship a rule change, and the pharmacy committee wants changes live within a week. #reply Understood: our own rules engine next to the EHR.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['RXA-2231'] },
          { category: 'decision', strings: ["move the alert rules out of the EHR's built-in rule editor and into our own rules engine"], reasons: ['The EHR vendor takes six to eight weeks to ship a rule change'] },
        ],
      },
      {
        text: 'The chief pharmacist insists on this and it shapes the whole design: a hard-stop alert can only be overridden by a pharmacist, never by the prescriber alone. #reply Noted, pharmacist-only overrides for hard stops.',
        facts: [{ category: 'rule', strings: ['a hard-stop alert can only be overridden by a pharmacist, never by the prescriber alone'] }],
      },
      {
        text: 'Where do the renal thresholds live? #read alerts/rules/renal.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['CRCL_CUTOFF_ML_MIN = 30', 'VANCOMYCIN_TROUGH_MAX_MG_L = 20'] }],
      },
      {
        text: '信息科发来的对接说明：开医嘱时的剂量检查走 POST /cds-services/dose-check，药师审核队列用 GET /pharmacy/v1/wards/{wardCode}/review-queue，测试环境的 FHIR 服务器是 fhir-test.kvh.local:8080，账号找信息科要。 #reply 好的，三项都记下了。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['POST /cds-services/dose-check'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['GET /pharmacy/v1/wards/{wardCode}/review-queue'] },
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['fhir-test.kvh.local:8080'] },
        ],
      },
      {
        text: 'Pharmacists on 6B say a vancomycin order got no renal check last night. What does the engine log show? #read logs/dosing/alert-engine-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['rule RENAL-017 evaluation skipped', 'serum creatinine older than 72h'] }],
      },
      {
        text: 'それと、12 月 3 日の薬事委員会までに、小児用量テーブルの改訂差分を薬剤部へ送っておいてもらえますか。 #reply 承知しました。委員会までに送ります。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['小児用量テーブルの改訂差分を薬剤部へ送っておいて', '12 月 3 日の薬事委員会までに'] }],
      },
      { text: 'Put the alert flow in a notes file so we have it written down. #write alerts/NOTES.md # Dose alert flow\n\norder signed -> CDS hook call -> load labs and weight from FHIR -> evaluate rules -> hard stop, soft alert or audit queue -> pharmacist review.' },
      { filler: 5500, style: 'work' },
      {
        text: 'There is a design note about the weight we dose on. What did it conclude? #read docs/design/dosing-weight.md',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['412 used a weight older than 30 days'] },
          { category: 'decision', source: 'tool', strings: ['use the most recent measured weight from the last 7 days'], reasons: ['off by more than 10 kg in one chart out of eight'] },
        ],
      },
      {
        text: 'Which rule did 6B override most this month, and why? #read data/overrides/ward-6B-2026-11.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['WEIGHT-BASED-002', 'patient weight not recorded'] }],
      },
      {
        text: "For the change request I'm filing: we ship dose-alert-engine 2.9.0, production keeps RULES_HOT_RELOAD=false, and the CAB approval is cae580c7-97a3-4e60-b2e6-7fe0b4255a2f. #reply Noted for the CR.",
        facts: [
          { category: 'identifier', kind: 'version', strings: ['dose-alert-engine 2.9.0'] },
          { category: 'identifier', kind: 'env', strings: ['RULES_HOT_RELOAD=false'] },
          { category: 'identifier', kind: 'uuid', strings: ['cae580c7-97a3-4e60-b2e6-7fe0b4255a2f'] },
        ],
      },
      {
        text: '薬剤部から相互作用アラートについての方針が届いています。目を通してください。 #read docs/薬剤部/相互作用アラート.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['重篤度「中」の相互作用アラートは処方時のポップアップをやめ、薬剤師の監査キューにだけ回す'], reasons: ['本当に危険な「高」のアラートまで見落とされるおそれがある'] }],
      },
      {
        text: '儿科这边我们改一下：儿童的单次剂量上限改为按体重计算，不再套用成人的固定上限。由于上个月有两张儿科医嘱超出了按体重算的安全范围，系统却没有报警。 #reply 好，改成按体重计算。',
        facts: [{ category: 'decision', lang: 'zh', strings: ['儿童的单次剂量上限改为按体重计算，不再套用成人的固定上限'], reasons: ['上个月有两张儿科医嘱超出了按体重算的安全范围，系统却没有报警'] }],
      },
      {
        text: 'If the override rate on 6B is still above 40 % at the end of December, book a session with the ward manager to walk through how weights get entered. #reply I will check the rate at month end.',
        facts: [{ category: 'todo', strings: ['book a session with the ward manager to walk through how weights get entered', 'If the override rate on 6B is still above 40 % at the end of December'] }],
      },
      {
        text: '另外定一条硬规矩：任何剂量规则的修改，都必须由两名药师复核后才能上线。 #reply 明白，双人复核。',
        facts: [{ category: 'rule', lang: 'zh', strings: ['任何剂量规则的修改，都必须由两名药师复核后才能上线'] }],
      },
      {
        text: 'Three pointers while I think of them: pharmacists edit rules at https://rules.kvh-pharmacy.example.org/editor/renal, the stale-lab fix is commit 62fbd7fe496734e659f3c6e36f27d39babcae934, and the engine drops a nightly rule snapshot into /srv/dose-alerts/snapshots/. #reply Saved all three.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://rules.kvh-pharmacy.example.org/editor/renal'] },
          { category: 'identifier', kind: 'hash', strings: ['62fbd7fe496734e659f3c6e36f27d39babcae934'] },
          { category: 'identifier', kind: 'path', strings: ['/srv/dose-alerts/snapshots/'] },
        ],
      },
      { text: 'Add the audit queue and the weight source to the notes. #write alerts/NOTES.md # Dose alert flow\n\norder signed -> CDS hook call -> load labs and weight from FHIR (recent measured weight, else admission weight with a warning) -> evaluate rules -> hard stop, soft alert or pharmacist audit queue (moderate interactions) -> pharmacist review.' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'p2-build-farm',
    set: 'held-out-5',
    files: {
      'pipeline/cook/texture_cook.py': code('py', 85, [
        [0.5, 'MAX_TEXTURE_SIZE = 4096'],
        [0.51, 'ASTC_BLOCK_SIZE = "6x6"'],
      ]),
      'logs/farm/nightly-cook-2026-11-26.log': log('cook-agent', '2026-11-26', 115, [[0.45, '2026-11-26T02:17:45Z ERROR cook-agent BF-W-031: cook of /Game/Maps/Harbor_P failed, shared DDC write timed out after 120s; 1912 assets recooked from scratch']]),
      'farm/inventory/agents.json': json({
        pool: 'cook-linux',
        agents: [
          ...rows(8, (i) => ({ hostname: `BF-W-0${20 + 3 * i}`, cpu: pick(['EPYC 7543', 'Xeon W-2295', 'Ryzen 9 7950X']), ram_gb: 128, disk_free_gb: 180 + 37 * i, note: pick(WORDS) })),
          { hostname: 'BF-W-044', cpu: 'EPYC 7543', ram_gb: 128, disk_free_gb: 38, note: 'D: drive 96% full' },
        ],
      }),
      'docs/postmortems/2026-11-ddc-outage.md': essay('Postmortem: shared DDC outage, 19 November', 6, [
        [0.67, 'What changes: the shared DDC moves onto its own 10 GbE switch and off the office network. On 19 November the office backup job saturated the uplink for three hours and every cook agent fell back to cooking locally.'],
      ]),
      'docs/美术/贴图规范.md': TEXTURE_DOC,
    },
    turns: [
      {
        text: "New thread: I'm on the build farm for Lanternfish's next title, ticket BLD-4470. We'll switch the nightly from full rebuilds to incremental builds off a warm shared DDC. The reason is simple: a full nightly takes 7 h 40 min now, so QA in Kraków starts at 08:00 with nothing to test. #reply Incremental builds off a warm DDC, got it.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['BLD-4470'] },
          { category: 'decision', strings: ['switch the nightly from full rebuilds to incremental builds off a warm shared DDC'], reasons: ['a full nightly takes 7 h 40 min now'] },
        ],
      },
      {
        text: 'Ground rule for the farm: no changelist goes into //depot/Main without a green preflight, hotfixes included. #reply Understood, preflight first.',
        facts: [{ category: 'rule', strings: ['no changelist goes into //depot/Main without a green preflight'] }],
      },
      {
        text: 'What size limit and compression does the texture cooker use? #read pipeline/cook/texture_cook.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['MAX_TEXTURE_SIZE = 4096', 'ASTC_BLOCK_SIZE = "6x6"'] }],
      },
      {
        text: '東京スタジオのツール班から聞いた窓口です。ジョブの投入は POST /farm/api/v2/jobs、プールごとのエージェント一覧は GET /farm/api/v2/pools/{poolId}/agents。Perforce のエッジサーバーは p4edge-tyo.lanternfish.lan:1666 です。 #reply ありがとうございます、控えておきます。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /farm/api/v2/jobs'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /farm/api/v2/pools/{poolId}/agents'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['p4edge-tyo.lanternfish.lan:1666'] },
        ],
      },
      {
        text: "The Harbor map is missing from last night's build. What went wrong? #read logs/farm/nightly-cook-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['cook of /Game/Maps/Harbor_P failed', '1912 assets recooked from scratch'] }],
      },
      {
        text: '麻烦在 12 月 1 日（周一）之前给上海外包团队的账号开通只读的 Perforce 权限，他们下周开始做场景资产。 #reply 好的，周一之前开通。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['给上海外包团队的账号开通只读的 Perforce 权限', '12 月 1 日（周一）之前'] }],
      },
      { text: 'Start a notes file for the farm. #write farm/NOTES.md # Build farm\n\nsync from Perforce -> compile code -> compile shaders -> cook assets against the shared DDC -> package per platform -> smoke test -> publish to QA.' },
      { filler: 5500, style: 'work' },
      {
        text: 'The DDC outage postmortem is up. What are we changing? #read docs/postmortems/2026-11-ddc-outage.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['the shared DDC moves onto its own 10 GbE switch and off the office network'], reasons: ['the office backup job saturated the uplink for three hours'] }],
      },
      {
        text: 'Is any cook agent close to running out of disk? #read farm/inventory/agents.json',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['BF-W-044', 'D: drive 96% full'] }],
      },
      {
        text: "Settings going into the farm rollout: FARM_MAX_PARALLEL_COOKS=6 on every cook agent, everyone builds against Unreal Engine 5.4.4, and the console packaging pool's id is ea3fb9b4-d84d-4872-a6e7-76de3a396c92. #reply All three noted.",
        facts: [
          { category: 'identifier', kind: 'env', strings: ['FARM_MAX_PARALLEL_COOKS=6'] },
          { category: 'identifier', kind: 'version', strings: ['Unreal Engine 5.4.4'] },
          { category: 'identifier', kind: 'uuid', strings: ['ea3fb9b4-d84d-4872-a6e7-76de3a396c92'] },
        ],
      },
      {
        text: '美术部发了新的贴图规范，帮我看一下对管线有什么影响。 #read docs/美术/贴图规范.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['角色贴图的分辨率上限统一降到 2K'], reasons: ['移动版安装包已经超过了商店 4 GB 的限制'] }],
      },
      {
        text: 'Given that the console devkits sit with QA during the day, PS5 and Xbox packaging jobs will only run between 22:00 and 06:00. #reply Night window for console packaging, noted.',
        facts: [{ category: 'decision', strings: ['PS5 and Xbox packaging jobs will only run between 22:00 and 06:00'], reasons: ['the console devkits sit with QA during the day'] }],
      },
      {
        text: 'When the new Threadripper agents arrive (the vendor says the week of 8 December), move the shader compile pool onto them and retire BF-W-001 through BF-W-012. #reply I will plan the move for when they land.',
        facts: [{ category: 'todo', strings: ['move the shader compile pool onto them and retire BF-W-001 through BF-W-012', 'When the new Threadripper agents arrive'] }],
      },
      {
        text: 'エージェントの設定について一点だけ：ビルドエージェントに個人の Perforce アカウントを設定するのは禁止です。必ずサービスアカウントの svc-farm を使ってください。 #reply 了解です、svc-farm だけを使います。',
        facts: [{ category: 'rule', lang: 'ja', strings: ['ビルドエージェントに個人の Perforce アカウントを設定するのは禁止です'] }],
      },
      {
        text: 'あと、クラッシュダンプの保存期間は 90 日から 30 日に短縮しましょう。ダンプだけで NAS の 7 割を占めているうえ、30 日より古いダンプを開いた人はこの一年で一人もいないので。 #reply 承知しました、30 日にします。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['クラッシュダンプの保存期間は 90 日から 30 日に短縮'], reasons: ['ダンプだけで NAS の 7 割を占めている'] }],
      },
      {
        text: 'So I stop hunting for these: the farm dashboard is https://horde.lanternfish.example.com/dashboard/pools/console, the cook-agent DDC retry patch is 4c38dbc1b8832d101282b06129e23b941b3e4ea4 in farm-tools, and nightly builds are archived under /mnt/builds/nightly/lf-main/. #reply Saved them.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://horde.lanternfish.example.com/dashboard/pools/console'] },
          { category: 'identifier', kind: 'hash', strings: ['4c38dbc1b8832d101282b06129e23b941b3e4ea4'] },
          { category: 'identifier', kind: 'path', strings: ['/mnt/builds/nightly/lf-main/'] },
        ],
      },
      { text: 'Update the farm notes with the new night window and the DDC network. #write farm/NOTES.md # Build farm\n\nsync from Perforce -> compile code -> compile shaders -> cook assets against the shared DDC (own switch now) -> package per platform (consoles at night only) -> smoke test -> publish to QA.' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'p3-water-telemetry',
    set: 'held-out-5',
    files: {
      'telemetry/ingest/decode.ts': code('ts', 95, [
        [0.35, 'export const PRESSURE_SCALE_KPA = 0.1;'],
        [0.36, 'const STALE_AFTER_SECONDS = 900;'],
      ]),
      'telemetry/ingest/config.yaml': code('yaml', 70, [
        [0.4, '    broker: mqtt-ingest.riverton-water.lan:8883'],
        [0.41, '    client_id_prefix: "ingest-"'],
      ]),
      'logs/telemetry/ingest-2026-11-26.log': log('mqtt-ingest', '2026-11-26', 110, [[0.6, '2026-11-26T04:52:10Z WARN mqtt-ingest logger PL-0388 (Elm St booster): 214 messages rejected, payload CRC mismatch (firmware 2.1.7)']]),
      'data/district-meters/DMA-14-2026-11.csv': csv(
        'dma,date,min_night_flow_lps,avg_pressure_kpa,flag',
        66,
        (i) => `DMA-14-${String((i % 6) + 1).padStart(2, '0')},2026-11-${String(1 + Math.floor(i / 6)).padStart(2, '0')},${(4 + ((i * 13) % 50) / 10).toFixed(1)},${290 + ((i * 11) % 60)},ok`,
        [[0.55, 'DMA-14-07,2026-11-19,18.6,312,possible-burst']],
      ),
      'docs/design/retention.md': essay('Design note: how long we keep telemetry', 6, [
        [0.5, 'We keep raw one-second pressure readings for 35 days and only 1-minute aggregates after that, since raw storage was growing by 1.2 TB a week and the transient-analysis team has never looked further back than a month.'],
      ]),
      'docs/保全/漏水検知.md': LEAK_DOC,
    },
    turns: [
      {
        text: "I'm taking over the sensor telemetry for Riverton Water, WTR-615. Rather than polling each logger over its cellular modem every 5 minutes, the loggers will push their readings over MQTT. Polling costs us about €3,100 a month in modem data and still misses short pressure transients. #reply Push over MQTT, understood.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['WTR-615'] },
          { category: 'decision', strings: ['the loggers will push their readings over MQTT'], reasons: ['Polling costs us about €3,100 a month in modem data'] },
        ],
      },
      {
        text: 'Something to keep in mind the whole way through: telemetry is strictly read-only towards SCADA; we never write back to it. #reply Understood, read-only towards SCADA.',
        facts: [{ category: 'rule', strings: ['telemetry is strictly read-only towards SCADA'] }],
      },
      {
        text: 'How does the decoder scale pressure, and when does it call a reading stale? #read telemetry/ingest/decode.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['PRESSURE_SCALE_KPA = 0.1', 'STALE_AFTER_SECONDS = 900'] }],
      },
      {
        text: '台灣的感測器廠商寄來了 API 文件：韌體上傳用 PUT /loggers/v1/{serial}/firmware，電池狀態用 GET /loggers/v1/{serial}/battery，在管理後台 https://console.aquasense.example.tw/fleet/riverton 也能看到每台記錄器的狀態。 #reply 收到，都記下了。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['PUT /loggers/v1/{serial}/firmware'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['GET /loggers/v1/{serial}/battery'] },
          { category: 'identifier', kind: 'url', lang: 'zh', strings: ['https://console.aquasense.example.tw/fleet/riverton'] },
        ],
      },
      {
        text: 'Which broker is ingest pointed at? #exec grep -n "broker:" telemetry/ingest/config.yaml',
        facts: [{ category: 'identifier', kind: 'host:port', source: 'tool', strings: ['mqtt-ingest.riverton-water.lan:8883'] }],
      },
      {
        text: 'The Elm St booster station went quiet overnight. Anything in the ingest log? #read logs/telemetry/ingest-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['logger PL-0388', 'payload CRC mismatch'] }],
      },
      {
        text: 'それから、年内（12 月 26 日まで）に、東地区の圧力ロガー 42 台の電池交換計画を作って保全課に出してください。 #reply 承知しました、年内に出します。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['東地区の圧力ロガー 42 台の電池交換計画を作って保全課に出してください', '年内（12 月 26 日まで）に'] }],
      },
      { text: 'Keep a notes file on the data path. #write telemetry/NOTES.md # Telemetry path\n\nlogger -> cellular modem -> MQTT broker -> ingest decode -> time-series store -> leak and pressure alerts -> maintenance dashboard.' },
      { filler: 5500, style: 'work' },
      {
        text: 'Why do we only keep raw readings for about a month? #read docs/design/retention.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['raw one-second pressure readings for 35 days and only 1-minute aggregates after that'], reasons: ['raw storage was growing by 1.2 TB a week'] }],
      },
      {
        text: 'Does any district meter show a suspicious night flow this month? #read data/district-meters/DMA-14-2026-11.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['DMA-14-07', 'possible-burst'] }],
      },
      {
        text: 'Deploy settings for the ingest rollout: every logger topic is published with MQTT_QOS=1, the service ships as mqtt-ingest 1.8.0, and the low-pressure alert rule in Grafana has uid f32ee88c-1dfb-49ee-8bf1-b85bf26f8413. #reply Noted.',
        facts: [
          { category: 'identifier', kind: 'env', strings: ['MQTT_QOS=1'] },
          { category: 'identifier', kind: 'version', strings: ['mqtt-ingest 1.8.0'] },
          { category: 'identifier', kind: 'uuid', strings: ['f32ee88c-1dfb-49ee-8bf1-b85bf26f8413'] },
        ],
      },
      {
        text: '保全課から漏水検知の見直しが回ってきました。 #read docs/保全/漏水検知.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['漏水判定のしきい値を、前週平均の 1.5 倍から 1.3 倍に引き下げる'], reasons: ['1.5 倍のままでは本町通りの本管破損を検知するまでに 4 日かかった'] }],
      },
      {
        text: "Let's stamp every reading with UTC on the logger itself. Last October the daylight-saving change left us with a duplicated hour of data from all 600 loggers. #reply UTC on the logger, agreed.",
        facts: [{ category: 'decision', strings: ['stamp every reading with UTC on the logger itself'], reasons: ['the daylight-saving change left us with a duplicated hour of data'] }],
      },
      {
        text: "If PL-0388 is still sending bad CRCs after Monday's firmware push, send a crew to swap the logger instead of trying yet another remote update. #reply I will watch it after Monday.",
        facts: [{ category: 'todo', strings: ['send a crew to swap the logger', "If PL-0388 is still sending bad CRCs after Monday's firmware push"] }],
      },
      {
        text: '水务局那边的硬性要求：任何压力读数都不得在没有标注的情况下删除或修改，原始数据必须留有审计记录。 #reply 明白，保留审计记录。',
        facts: [{ category: 'rule', lang: 'zh', strings: ['任何压力读数都不得在没有标注的情况下删除或修改'] }],
      },
      {
        text: '另外，如果下个月东区的夜间最小流量还是偏高，就安排一次声波检漏巡检。 #reply 好的，下个月看数据再定。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['安排一次声波检漏巡检', '如果下个月东区的夜间最小流量还是偏高'] }],
      },
      {
        text: "Writing these two down so they're in the thread: the CRC parser fix is 60475ee0bf761f055c631b89badc616e8ad908e3, and decoded readings are archived to /data/telemetry/archive/decoded/. #reply Saved.",
        facts: [
          { category: 'identifier', kind: 'hash', strings: ['60475ee0bf761f055c631b89badc616e8ad908e3'] },
          { category: 'identifier', kind: 'path', strings: ['/data/telemetry/archive/decoded/'] },
        ],
      },
      { text: 'Update the notes with retention and the leak threshold. #write telemetry/NOTES.md # Telemetry path\n\nlogger (UTC timestamps) -> cellular modem -> MQTT broker -> ingest decode -> time-series store (raw for about a month, then aggregates) -> leak alerts (lower night-flow threshold) and pressure alerts -> maintenance dashboard.' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
