// The held-out-19 set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an independent
// writer who never saw the extraction code (nor its tests, commit messages or any benchmark result); never tuned on.
// New projects (a botanical garden's seed-bank library, a payroll vendor's tax-filing exporter for the UK, Japan and
// China, a craft brewery's fermentation-tank scheduler), the writer's own wording and turn order, work-style filler.
// Never tune extraction on it and never read its results while changing extraction.
// Same format as tuning.mjs / held-out-4.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x19b7e3);

const COLLECTING_DOC = `# 野生植物の採種ガイドライン（改訂案）

植物園 種子保存室 · 2026 年 11 月

当園の種子庫は 2019 年の開設以来、国内の自生地から 4,200 点あまりのアクセッションを受け入れてきました。そのうち約 3 割が環境省レッドリスト掲載種です。

採種の量については、これまで担当者ごとの判断に任せていました。結果として、同じ個体群から数年続けて大量に採ってしまった例がいくつか見つかっています。

改訂の要点：絶滅危惧種の採種は 1 個体群あたり成熟種子の 20 % までとする。2021 年に長野県の自生地で採りすぎた結果、翌年以降の実生がほとんど見られなくなったためです。

採種票には個体群の推定個体数と、採った種子の割合を必ず記入してください。20 % を超える採種が必要な場合は、事前に保全担当の承認を得ること。
`;

const IIT_DOC = `# 个税扣缴申报：专项附加扣除数据来源的调整

财务共享中心 · 2026 年 11 月

背景：目前员工的专项附加扣除（子女教育、住房贷款利息、赡养老人等）有两个来源：员工在个税 App 里填报后由系统下载，以及 HR 根据纸质材料手工录入。

两个来源经常对不上。HR 手工录入的数据没有经过员工本人确认，年度汇算时才暴露出差异。

决定：专项附加扣除以员工在个税 App 里确认的数据为准，不再接受 HR 手工录入。原因是去年有 27 名员工因为手工录入的扣除额有误，被税务局要求补税并缴纳滞纳金。

过渡期内，HR 已经录入的数据保留到本年度结束，次年 1 月起全部改为从个税 App 下载。
`;

const DRYHOP_DOC = `# 乾投酒花的時機（釀造部）

台北廠 · 2026 年 11 月

今年夏天我們把乾投提前到發酵第 2 天，希望香氣更飽滿。結果三批 hazy IPA 在裝罐後還繼續發酵，有兩批出現脹罐，只好全數回收。

原因是酒花裡的酵素把殘糖分解成可發酵的糖，也就是所謂的 hop creep；第 2 天酵母還很活躍，問題就更明顯。

結論：乾投酒花一律在發酵第 4 天、比重降到 1.020 以下時進行。提前投放引發的 hop creep 讓三批酒在裝罐後繼續發酵、出現脹罐。

排程系統請把乾投作業綁在比重讀數上，而不是只看天數。
`;

const DEPLOY_YAML = `# tankplan deployment (cellar)
service: tankplan
replicas: 1
solver:
  timeLimitSeconds: 60
  horizonDays: 21
plcBridge:
  pollSeconds: 30
`;

export const SESSIONS = [
  {
    id: 's1-seed-bank',
    set: 'held-out-19',
    files: {
      'seedbank/src/viability/schedule.py': code('py', 90, [
        [0.35, 'RETEST_INTERVAL_YEARS = 10'],
        [0.36, 'MIN_GERMINATION_PCT = 85  # below this the accession is flagged for regeneration'],
      ]),
      'seedbank/config/storage.json': json({
        vault: { setpointC: -20, rhTargetPct: 15, zones: rows(6, (i) => ({ zone: `V-${i + 1}`, shelves: 12 + i, sensor: `th-${pick(WORDS)}-${i}` })) },
        telemetry: { mqttBroker: 'mqtt.seedvault.kbg-garden.internal:8883', topicPrefix: 'kbg/seedbank', qos: 1 },
        dryRoom: { id: 'DR-2', targetRhPct: 15, targetC: 15 },
      }),
      'logs/seedbank/dryroom-sensor-2026-11-26.log': log('dryroom-sensor', '2026-11-26', 115, [[0.55, '2026-11-26T02:47:11Z WARN  dryroom-sensor DR-2 relative humidity 23.8% above setpoint 15% for 47 min, door contact open']]),
      'data/accessions/germination-2026-q4.csv': csv(
        'accession_id,taxon,lot,test_date,sown,germinated,pct',
        64,
        (i) => `KBG-04${String(18000 + i * 41).padStart(5, '0')},${pick(['Quercus', 'Acer', 'Carex', 'Viola', 'Iris'])} ${pick(WORDS)},L${1 + (i % 4)},2026-1${i % 2}-${String(3 + (i % 25)).padStart(2, '0')},50,${44 + (i % 6)},${88 + (i % 12)}`,
        [[0.58, 'KBG-0419337,Primula sieboldii,L3,2026-11-12,50,21,42']],
      ),
      'docs/収集/採種ガイドライン.md': COLLECTING_DOC,
      'docs/design/label-format.md': essay('Working note: accession labels in the cold vault', 6, [
        [0.5, 'Outcome of the label working group: accession labels switch from Code 128 barcodes to DataMatrix. Code 128 labels on the 30 mm foil packets were unreadable after two years at -20 °C, and staff had to retype 1,100 accession numbers by hand during the 2025 stock take.'],
      ]),
    },
    turns: [
      {
        text: "Before we get into the ticket, pull up the viability scheduler. I want to see what retest interval it uses today. #read seedbank/src/viability/schedule.py",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['RETEST_INTERVAL_YEARS = 10', 'MIN_GERMINATION_PCT = 85'] }],
      },
      {
        text: "Right, that's the flat rule we've had since the vault opened. The work item is SEED-742. What the curators settled on last week: we retest on a schedule driven by each species' storage behaviour rather than a flat ten years. With one interval for everything, orthodox legumes got tested far too often and the short-lived willows lost viability between tests. #reply Got it, storage-behaviour driven retests.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['SEED-742'] },
          { category: 'decision', strings: ["retest on a schedule driven by each species' storage behaviour rather than a flat ten years"], reasons: ['the short-lived willows lost viability between tests'] },
        ],
      },
      {
        text: '筑波の標本庫チームからの連絡です。発芽試験の結果登録は POST /seedbank/api/accessions/{accessionId}/germination-tests、ロットの引当は PUT /seedbank/api/lots/{lotId}/reservation を使ってください。それから、外部へ出す種子は必ず植物検疫証明書の番号を記録してから発送すること、とのことです。 #reply 了解しました、守ります。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /seedbank/api/accessions/{accessionId}/germination-tests'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['PUT /seedbank/api/lots/{lotId}/reservation'] },
          { category: 'rule', lang: 'ja', strings: ['外部へ出す種子は必ず植物検疫証明書の番号を記録してから発送すること'] },
        ],
      },
      {
        text: 'Where does the vault push its temperature and humidity readings? It should be in the storage config. #read seedbank/config/storage.json',
        facts: [{ category: 'identifier', kind: 'host:port', source: 'tool', strings: ['mqtt.seedvault.kbg-garden.internal:8883'] }],
      },
      {
        text: '忘れないうちに一つ。年末の休園日（12 月 23 日）より前に、-20 ℃ 保管庫の予備コンプレッサーの点検を業者に依頼しておいてください。 #reply はい、休園日の前に手配します。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['-20 ℃ 保管庫の予備コンプレッサーの点検を業者に依頼しておいてください', '年末の休園日（12 月 23 日）より前に'] }],
      },
      { text: 'Start a notes file describing an accession from arrival to storage. #write seedbank/NOTES.md # Accession lifecycle\n\nreceive -> clean -> x-ray fill check -> dry room (15 % RH) -> moisture test -> foil packet + label -> vault (-20 °C) -> first germination test.' },
      { filler: 5200, style: 'work' },
      {
        text: "The dry room alarm fired early Thursday. What does the sensor log say happened? #read logs/seedbank/dryroom-sensor-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['relative humidity 23.8% above setpoint 15%', 'door contact open'] }],
      },
      {
        text: "OK, so somebody left it ajar. New setting: the dry room door alarm should fire after 5 minutes open, not 30. Forty-seven minutes with the door open pushed a whole drying batch back above equilibrium humidity, and we lost three days. #reply Changing it to 5 minutes.",
        facts: [{ category: 'decision', strings: ['the dry room door alarm should fire after 5 minutes open, not 30'], reasons: ['pushed a whole drying batch back above equilibrium humidity'] }],
      },
      {
        text: "Deploy details for the retest change, from the release checklist:\n  image       seedbank-viability 2.3.0\n  env         SEEDBANK_RETEST_POLICY=storage-class\n  reference   https://wiki.kbg-garden.example.org/seedbank/storage-classes\n#reply Thanks, I have all three.",
        facts: [
          { category: 'identifier', kind: 'version', strings: ['seedbank-viability 2.3.0'] },
          { category: 'identifier', kind: 'env', strings: ['SEEDBANK_RETEST_POLICY=storage-class'] },
          { category: 'identifier', kind: 'url', strings: ['https://wiki.kbg-garden.example.org/seedbank/storage-classes'] },
        ],
      },
      {
        text: "Which accession came out worst in this quarter's germination tests? #read data/accessions/germination-2026-q4.csv",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['KBG-0419337,Primula sieboldii'] }],
      },
      {
        text: '和上海辰山植物园合作的细节定下来了：双方交换的种子数据统一用 ABCD 2.06 格式导出，因为他们的系统不认 Darwin Core 的扩展字段。另外，等对方把 API 密钥发过来以后，再把自动同步打开；不急，但一月底之前要搞定。 #reply 好的，两件事都记下了。',
        facts: [
          { category: 'decision', lang: 'zh', strings: ['双方交换的种子数据统一用 ABCD 2.06 格式导出'], reasons: ['他们的系统不认 Darwin Core 的扩展字段'] },
          { category: 'todo', lang: 'zh', strings: ['再把自动同步打开', '等对方把 API 密钥发过来以后', '一月底之前要搞定'] },
        ],
      },
      {
        text: '保全担当から採種ガイドラインの改訂案が届きました。システムに関係するところを見てください。 #read docs/収集/採種ガイドライン.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['絶滅危惧種の採種は 1 個体群あたり成熟種子の 20 % までとする'], reasons: ['長野県の自生地で採りすぎた結果、翌年以降の実生がほとんど見られなくなった'] }],
      },
      { filler: 1800, style: 'work' },
      {
        text: 'The label printer order depends on what the working group decided. Can you check their note? #read docs/design/label-format.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['accession labels switch from Code 128 barcodes to DataMatrix'], reasons: ['Code 128 labels on the 30 mm foil packets were unreadable after two years at -20 °C'] }],
      },
      {
        text: 'A few references so they are not lost: the regeneration run that last finished cleanly was 3f0c2b9e-6a1d-4d7e-9b8a-52c41e0f7a13, the retest rounding fix went in as e91b7c04d2a85f3316c0b9a7e4d1f2c8a6b05e93, and the Index Seminum exports are written to /srv/seedbank/exports/index-seminum/. #reply Noted all three.',
        facts: [
          { category: 'identifier', kind: 'uuid', strings: ['3f0c2b9e-6a1d-4d7e-9b8a-52c41e0f7a13'] },
          { category: 'identifier', kind: 'hash', strings: ['e91b7c04d2a85f3316c0b9a7e4d1f2c8a6b05e93'] },
          { category: 'identifier', kind: 'path', strings: ['/srv/seedbank/exports/index-seminum/'] },
        ],
      },
      {
        text: "The head curator asked me to pass this on: never mark an accession as dead on a single failed test. It needs a confirming retest with fresh imbibition first. #reply Understood, one failed test is never enough.",
        facts: [{ category: 'rule', strings: ['never mark an accession as dead on a single failed test'] }],
      },
      { text: 'Add the retest policy to the notes. #write seedbank/NOTES.md # Accession lifecycle\n\nreceive -> clean -> x-ray fill check -> dry room (15 % RH) -> moisture test -> foil packet + label -> vault (-20 °C) -> first germination test.\n\nRetests follow the storage class of the species (orthodox, intermediate, short-lived), not one fixed interval.' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 's2-payroll-tax-export',
    set: 'held-out-19',
    files: {
      'exporter/src/rti/fps_builder.ts': code('ts', 95, [
        [0.42, 'export const FPS_SCHEMA_VERSION = "26-27/1";'],
        [0.43, 'const RTI_SUBMISSION_RETRY_LIMIT = 3; // HMRC asks clients not to hammer the gateway'],
      ]),
      'logs/exporter/eltax-upload-2026-11-25.log': log('eltax-upload', '2026-11-25', 110, [[0.47, '2026-11-25T04:12:09Z ERROR eltax-upload batch EL-20261125-07 rejected by municipality 131016: recipient number duplicated in 3 records, file not accepted']]),
      'exporter/config/jurisdictions.yaml': code('yaml', 70, [[0.6, '    cn_iit_declare_day: 15']]),
      'fixtures/cn/2026-10-withholding.csv': csv(
        'employee_id,name_hash,taxable_income,special_deductions,tax_withheld,status',
        66,
        (i) => `E-${10400 + i * 13},${pick(['3c9a', '7be1', 'a04f', 'd2c8'])}${String(1000 + i * 7)},${(18000 + 410 * i).toFixed(2)},${[1000, 2000, 3000][i % 3]}.00,${(540 + 37.5 * i).toFixed(2)},OK`,
        [[0.51, 'E-10873,b61e2290,48200.00,5000.00,-312.40,REFUND_CARRIED']],
      ),
      'samples/hmrc-fps-ack.json': json({
        GovTalkMessage: {
          Header: { MessageDetails: { Class: 'HMRC-PAYE-RTI-FPS', Qualifier: 'response', Function: 'submit', CorrelationID: '8d41f7a2-0c6e-4b93-a5d8-1e27b9c3f604', GatewayTimestamp: '2026-11-26T10:31:44.120' } },
          Body: { SuccessResponse: { Message: 'Thank you for your submission', AcceptedTime: '2026-11-26T10:31:45', items: rows(4, (i) => ({ ref: `EMP${i}`, status: pick(['accepted', 'accepted', 'queued']) })) } },
        },
      }),
      'docs/决策/个税申报.md': IIT_DOC,
      'exporter/CHANGELOG.md': '# Changelog\n\n## 4.10.2\n\n- RTI: FPS for the 2026-27 tax year.\n- Japan: withholding slips as PDF.\n',
    },
    turns: [
      {
        text: 'Ground rule before we open anything in the payroll exporter: no real employee name or national ID ever goes into a test fixture. Hashes or synthetic people only. #reply Understood, synthetic data only.',
        facts: [{ category: 'rule', strings: ['no real employee name or national ID ever goes into a test fixture'] }],
      },
      {
        text: 'Show me how the FPS builder is put together for the UK side. #read exporter/src/rti/fps_builder.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['FPS_SCHEMA_VERSION = "26-27/1"', 'RTI_SUBMISSION_RETRY_LIMIT = 3'] }],
      },
      {
        text: "This is all for TAXEX-516. Finance and I agreed that the filings get generated from the locked payroll run, never from the live ledger. Twice this year someone edited a payslip after approval and the filed figures no longer matched what employees were actually paid. #reply Locked run only, noted.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['TAXEX-516'] },
          { category: 'decision', strings: ['the filings get generated from the locked payroll run, never from the live ledger'], reasons: ['someone edited a payslip after approval and the filed figures no longer matched'] },
        ],
      },
      {
        text: '東京チームの仕様メモを貼ります。給与支払報告書の作成ジョブは POST /exporter/v1/jp/municipal-reports で起動し、進捗は GET /exporter/v1/jobs/{jobId}/status で確認します。eLTAX の中継サーバは eltax-relay.paystream-jp.internal:10443 です。 #reply 控えました。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /exporter/v1/jp/municipal-reports'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /exporter/v1/jobs/{jobId}/status'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['eltax-relay.paystream-jp.internal:10443'] },
        ],
      },
      {
        text: "Yesterday's eLTAX upload bounced for one of the Tokyo wards. What does the upload log say? #read logs/exporter/eltax-upload-2026-11-25.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['batch EL-20261125-07 rejected by municipality 131016', 'duplicated in 3 records'] }],
      },
      {
        text: 'その件の扱いを決めました。受給者番号が重複しているレコードは自動で統合せず、エクスポートを止めて担当者に確認を求めます。自動統合すると、別人の収入を合算してしまう恐れがあるからです。それと、1 月 31 日の提出期限までに港区と世田谷区へのテスト送信を済ませておいてください。 #reply 承知しました。',
        facts: [
          { category: 'decision', lang: 'ja', strings: ['重複しているレコードは自動で統合せず、エクスポートを止めて担当者に確認を求めます'], reasons: ['別人の収入を合算してしまう恐れがある'] },
          { category: 'todo', lang: 'ja', strings: ['港区と世田谷区へのテスト送信を済ませておいてください', '1 月 31 日の提出期限までに'] },
        ],
      },
      { text: 'Create a notes file with the three filing paths. #write exporter/NOTES.md # Filing paths\n\nUK: locked run -> FPS XML -> RTI gateway -> acknowledgement.\nJP: locked run -> municipal reports -> eLTAX relay -> per-ward receipt.\nCN: locked run -> withholding declaration -> tax bureau client import.' },
      { filler: 5500, style: 'work' },
      {
        text: '财务共享中心发了个关于专项附加扣除的说明，看看对导出有什么影响。 #read docs/决策/个税申报.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['专项附加扣除以员工在个税 App 里确认的数据为准，不再接受 HR 手工录入'], reasons: ['去年有 27 名员工因为手工录入的扣除额有误，被税务局要求补税'] }],
      },
      {
        text: "Any odd rows in October's China withholding fixture? #read fixtures/cn/2026-10-withholding.csv",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['E-10873,b61e2290,48200.00,5000.00,-312.40,REFUND_CARRIED'] }],
      },
      {
        text: 'By which day of the month does our config say the China declaration is due? #exec grep -n cn_iit_declare_day exporter/config/jurisdictions.yaml',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['cn_iit_declare_day: 15'] }],
      },
      {
        text: 'HMRC sent an acknowledgement for the test FPS. Which correlation id did the gateway give it? #read samples/hmrc-fps-ack.json',
        facts: [{ category: 'identifier', kind: 'uuid', source: 'tool', strings: ['8d41f7a2-0c6e-4b93-a5d8-1e27b9c3f604'] }],
      },
      {
        text: "Heads-up for tomorrow: if HMRC's test service still returns 5xx after their maintenance window, switch the nightly FPS dry-run to the offline schema validator and tell payroll ops by noon. #reply Will check after the window.",
        facts: [{ category: 'todo', strings: ['switch the nightly FPS dry-run to the offline schema validator', "if HMRC's test service still returns 5xx after their maintenance window"] }],
      },
      {
        text: 'Production runs with TAX_EXPORT_DRY_RUN=false and the image we are promoting is payroll-tax-exporter 4.11.0. #reply Both noted.',
        facts: [
          { category: 'identifier', kind: 'env', strings: ['TAX_EXPORT_DRY_RUN=false'] },
          { category: 'identifier', kind: 'version', strings: ['payroll-tax-exporter 4.11.0'] },
        ],
      },
      {
        text: '财务那边再三强调：每月的个税申报文件必须在 15 号之前由两个人复核签字，少一个签字都不能提交。 #reply 明白，两人复核签字后才提交。',
        facts: [{ category: 'rule', lang: 'zh', strings: ['每月的个税申报文件必须在 15 号之前由两个人复核签字'] }],
      },
      {
        text: "On Scottish employees: we'll carry the S prefix of their tax codes through to the FPS untouched instead of normalising it. HMRC rejects a Scottish taxpayer who is filed under a rest-of-UK code. #reply Keeping the S prefix.",
        facts: [{ category: 'decision', strings: ['carry the S prefix of their tax codes through to the FPS untouched'], reasons: ['HMRC rejects a Scottish taxpayer who is filed under a rest-of-UK code'] }],
      },
      {
        text: '还有一件：下个月发薪之前，把深圳分公司新入职员工的专项附加扣除数据补齐。 #reply 好的，发薪前补齐。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['把深圳分公司新入职员工的专项附加扣除数据补齐', '下个月发薪之前'] }],
      },
      {
        text: 'For the release page: finance signs off at https://finance.paystream.example.com/signoffs/2026-11/tax-export, the duplicate-check fix is 7b2d90e4c1f8a35d6e07b9c2148fa0d3e5c61b27, and signed XML is dropped in /var/lib/tax-exporter/outbox/ for the submitter to pick up. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://finance.paystream.example.com/signoffs/2026-11/tax-export'] },
          { category: 'identifier', kind: 'hash', strings: ['7b2d90e4c1f8a35d6e07b9c2148fa0d3e5c61b27'] },
          { category: 'identifier', kind: 'path', strings: ['/var/lib/tax-exporter/outbox/'] },
        ],
      },
      { text: 'Add an entry to the changelog for the next release. #write exporter/CHANGELOG.md # Changelog\n\n## 4.11.0\n\n- Filings built from the locked payroll run only.\n- Japan: duplicated recipient numbers stop the export for review.\n- UK: Scottish tax codes kept as filed.\n\n## 4.10.2\n\n- RTI: FPS for the 2026-27 tax year.\n- Japan: withholding slips as PDF.\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 's3-brewery-tanks',
    set: 'held-out-19',
    files: {
      'logs/tankplan/plc-bridge-2026-11-26.log': log('plc-bridge', '2026-11-26', 120, [[0.44, '2026-11-26T03:05:52Z ERROR plc-bridge FV-07 glycol valve stuck at 100% for 22 min, wort 8.9C vs setpoint 19.0C, batch B-2611-IPA']]),
      'tankplan/src/scheduler/constraints.ts': code('ts', 90, [
        [0.5, 'export const CIP_MIN_MINUTES = 95;'],
        [0.51, 'const COLD_CRASH_TARGET_C = 1.5; // brewers want 0-2 C before fining'],
      ]),
      'data/tanks/occupancy-2026-w48.json': json({
        week: '2026-W48',
        site: 'taipei-cellar',
        tanks: [
          ...rows(9, (i) => ({ tank: i < 7 ? `FV-${String(i + 1).padStart(2, '0')}` : `BBT-${i - 6}`, status: pick(['fermenting', 'conditioning', 'free', 'cip']), batch: `B-26${11 + (i % 2)}-${pick(['PIL', 'IPA', 'STT', 'WIT'])}`, hl: 30 })),
          { tank: 'BBT-3', status: 'blocked', batch: null, hl: 40, note: 'gasket failed pressure test 2026-11-24' },
        ],
      }),
      'docs/釀造/乾投時機.md': DRYHOP_DOC,
      'tankplan/config/deploy.yaml': DEPLOY_YAML,
    },
    turns: [
      {
        text: 'Morning. FV-07 alarmed overnight and the head brewer wants to know why before we plan anything else. #read logs/tankplan/plc-bridge-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['FV-07 glycol valve stuck at 100%', 'batch B-2611-IPA'] }],
      },
      {
        text: "Second stuck glycol valve this month. So the scheduler is going to refuse to assign a fresh batch to any tank whose valve self-test failed in the last 24 hours — a stuck valve on a fermenting IPA costs us the whole 30 hl batch. #reply Makes sense, I'll add that check.",
        facts: [{ category: 'decision', strings: ['refuse to assign a fresh batch to any tank whose valve self-test failed in the last 24 hours'], reasons: ['a stuck valve on a fermenting IPA costs us the whole 30 hl batch'] }],
      },
      {
        text: 'File everything from today under BREW-204. If you need to poll the valves directly, the Modbus gateway of the PLC bridge is plc-gw.cellar.brewhouse.lan:502. #reply Noted.',
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['BREW-204'] },
          { category: 'identifier', kind: 'host:port', strings: ['plc-gw.cellar.brewhouse.lan:502'] },
        ],
      },
      {
        text: 'What does the scheduler assume for cleaning time and the cold crash? #read tankplan/src/scheduler/constraints.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['CIP_MIN_MINUTES = 95', 'COLD_CRASH_TARGET_C = 1.5'] }],
      },
      {
        text: '台北廠的同事補充：排程 API 建立批次是 POST /tankplan/api/batches，把批次換到另一個桶用 PATCH /tankplan/api/batches/{batchId}/tank。還有一條鐵律：任何一個桶在 CIP 完成並且有人簽核之前，絕對不能排進新的批次。 #reply 了解，我會照做。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['POST /tankplan/api/batches'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['PATCH /tankplan/api/batches/{batchId}/tank'] },
          { category: 'rule', lang: 'zh', strings: ['任何一個桶在 CIP 完成並且有人簽核之前，絕對不能排進新的批次'] },
        ],
      },
      {
        text: 'Put this on our list: calibrate the dissolved-oxygen probe on the bright tanks before the Winter Warmer bottling run on 8 December. #reply On the list.',
        facts: [{ category: 'todo', strings: ['calibrate the dissolved-oxygen probe on the bright tanks', 'before the Winter Warmer bottling run on 8 December'] }],
      },
      { text: 'Write a short notes file on how a batch moves through the cellar. #write tankplan/NOTES.md # Batch flow\n\nbrew day -> fermenter (FV) -> dry hop -> cold crash -> bright tank (BBT) -> package -> CIP of both tanks before reuse.' },
      { filler: 5500, style: 'work' },
      {
        text: '釀造部寫了一份乾投時機的說明，幫我看看排程要怎麼配合。 #read docs/釀造/乾投時機.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['乾投酒花一律在發酵第 4 天、比重降到 1.020 以下時進行'], reasons: ['提前投放引發的 hop creep 讓三批酒在裝罐後繼續發酵'] }],
      },
      {
        text: "Is any tank out of action this week? Check the occupancy export. #read data/tanks/occupancy-2026-w48.json",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"tank": "BBT-3"', 'gasket failed pressure test'] }],
      },
      {
        text: '大阪のタップルームとの取り決めです。ケグの出荷は毎週火曜の 1 便にまとめることになりました。配送業者が冷蔵便の最低料金を 1 便ごとに請求してくるので、週 3 便だと赤字になってしまいます。 #reply 了解しました、火曜便にまとめます。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['ケグの出荷は毎週火曜の 1 便にまとめる'], reasons: ['配送業者が冷蔵便の最低料金を 1 便ごとに請求してくる'] }],
      },
      {
        text: 'Staging is on tankplan 1.9.4 with TANKPLAN_SOLVER=cp-sat set. The last plan it produced that the brewers accepted was 5c8e1f37-2b94-4a60-8d1e-c7a3f09b6e52. #reply Got it.',
        facts: [
          { category: 'identifier', kind: 'version', strings: ['tankplan 1.9.4'] },
          { category: 'identifier', kind: 'env', strings: ['TANKPLAN_SOLVER=cp-sat'] },
          { category: 'identifier', kind: 'uuid', strings: ['5c8e1f37-2b94-4a60-8d1e-c7a3f09b6e52'] },
        ],
      },
      {
        text: 'A preference of mine for the UI: always show tank volumes in hectolitres, never barrels. Half the cellar crew trained in Germany and nobody here thinks in barrels. #reply Hectolitres it is.',
        facts: [{ category: 'rule', strings: ['always show tank volumes in hectolitres, never barrels'] }],
      },
      {
        text: 'Because our lager strain only stays healthy for about six repitches, the scheduler should retire a lager yeast slurry after its sixth generation automatically. #reply OK, retire after generation six.',
        facts: [{ category: 'decision', strings: ['retire a lager yeast slurry after its sixth generation'], reasons: ['our lager strain only stays healthy for about six repitches'] }],
      },
      {
        text: 'もし 12 月の第 2 週になっても BBT-3 のガスケットが届かなければ、冬季限定スタウトの仕込みを 1 週間後ろにずらしてください。 #reply わかりました、届かなければずらします。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['冬季限定スタウトの仕込みを 1 週間後ろにずらしてください', '12 月の第 2 週になっても BBT-3 のガスケットが届かなければ'] }],
      },
      {
        text: "For the wiki: the cellar dashboard lives at https://grafana.hopfield-brewing.example.com/d/cellar/tanks, the valve self-test patch is commit 0a4f6c2d9e13b87f5c20e4a1d6b93f78c2e05a1d, and the PLC bridge drops its CSV snapshots into /var/lib/plc-bridge/snapshots/. #reply Recorded.",
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://grafana.hopfield-brewing.example.com/d/cellar/tanks'] },
          { category: 'identifier', kind: 'hash', strings: ['0a4f6c2d9e13b87f5c20e4a1d6b93f78c2e05a1d'] },
          { category: 'identifier', kind: 'path', strings: ['/var/lib/plc-bridge/snapshots/'] },
        ],
      },
      { text: 'Turn on the valve self-test in the deployment config. #write tankplan/config/deploy.yaml # tankplan deployment (cellar)\nservice: tankplan\nreplicas: 1\nsolver:\n  timeLimitSeconds: 60\n  horizonDays: 21\nplcBridge:\n  pollSeconds: 30\n  valveSelfTest: true\n  valveSelfTestMaxAgeHours: 24\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
