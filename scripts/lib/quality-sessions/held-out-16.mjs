// The sixteenth HELD-OUT set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an
// independent writer who never saw the extraction code, never tuned on: new projects (a city marathon's bib and
// timing-chip registry, a port authority's berth scheduling, a mobile carrier's eSIM activation), new wording,
// work-style filler. Never tune extraction on it and never read its results while changing extraction.
// Same format as tuning.mjs / held-out.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x16b1b5);

const CORRAL_DOC = `# 起跑区分配规则（赛事运营部）

2026 年 11 月 · 适用于 2027 年春季城市马拉松

去年全程马拉松共有 31,400 名选手起跑，A 区到 F 区的分配完全依据报名时自报的完赛时间。

赛后统计发现，A、B 两区有将近四分之一的选手实际配速比自报慢 20 分钟以上，导致后区选手在前 5 公里被严重阻挡。

结论：起跑区改为按近两年的认证成绩分配，没有认证成绩的选手一律分到 E 区或 F 区。原因是自报成绩普遍偏快，去年前两个区里有 24% 的人明显跑不出报名时填写的成绩。

认证成绩的导入截止时间为赛前 21 天。
`;

const PILOT_DOC = `# 水先人の手配時間について

港務部 · 2026 年 11 月

大型コンテナ船（全長 300 m 以上）の入港には水先人 2 名が必要です。現在、水先人会への依頼は着岸予定の 6 時間前までとしています。

ところが今年の 9 月と 10 月に、夜間入港の 11 隻で水先人の手配が間に合わず、平均 2.5 時間の沖待ちが発生しました。

方針：全長 300 m 以上の船の水先人依頼は、着岸予定の 12 時間前までに確定させることにします。夜間は水先人会の当番が 3 名しかおらず、6 時間前の依頼では人繰りがつかないためです。

バース計画システムでは、12 時間を切った時点で未確定の依頼を赤表示にしてください。
`;

const SIM_DOC = `# eSIM 再発行の本人確認について

カスタマーサービス本部 · 2026 年 11 月

機種変更や紛失による eSIM の再発行は、現在チャットサポートで本人確認をしたうえで即時に QR コードを発行しています。

この半年で、なりすましによる再発行（いわゆる SIM スワップ）が 58 件確認され、そのうち 41 件で銀行口座の不正送金被害が出ました。

決定：チャット経由の eSIM 再発行は廃止し、店頭またはアプリ内の eKYC を通った場合に限ることにしました。チャットの本人確認では氏名・生年月日・住所を知っている第三者を見分けられないためです。

移行期間中は、チャットからの依頼には eKYC のリンクを案内してください。
`;

export const SESSIONS = [
  {
    id: 'q1-marathon-chips',
    set: 'held-out-16',
    files: {
      'registry/src/chips/assign.py': code('py', 85, [
        [0.4, 'CHIP_REUSE_COOLDOWN_DAYS = 14'],
        [0.41, 'MAX_BIBS_PER_ORDER = 6'],
      ]),
      'logs/registry/chip-import-2026-11-26.log': log('chip-import', '2026-11-26', 105, [[0.55, '2026-11-26T22:07:49Z ERROR chip-import batch CH-4471 rejected: 318 transponder IDs already bound to bibs of the 2026 half marathon, binding aborted']]),
      'exports/bibs-wave-A.csv': csv(
        'bib,surname,corral,chip_id,status',
        65,
        (i) => `${1000 + i * 7},${pick(['Tanaka', 'Müller', 'Okafor', 'Silva', 'Nguyen'])},A,MYL${String(800200 + i * 13)},ok`,
        [[0.5, '1047,Haraldsen,A,MYL800777,duplicate-chip']],
      ),
      'docs/运营/起跑区.md': CORRAL_DOC,
      'registry/CHANGELOG.md': '# Changelog\n\n## 2.3.0\n\n- Bib ranges per wave.\n- Chip import from the MyLaps CSV.\n',
    },
    turns: [
      {
        text: 'Morning. Before anything else, open the chip assignment module, I want to see the reuse rules. #read registry/src/chips/assign.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['CHIP_REUSE_COOLDOWN_DAYS = 14', 'MAX_BIBS_PER_ORDER = 6'] }],
      },
      {
        text: "Right, context: this is the bib and timing-chip registry for the Harbourside City Marathon, ticket RACE-2206. We decided yesterday to bind chips to bibs at packet pickup rather than at registration. Reason being that about 9 % of entrants transfer or defer their place, and every transfer left a chip pointing at the wrong runner in the results feed. #reply Binding at pickup, got it.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['RACE-2206'] },
          { category: 'decision', strings: ['bind chips to bibs at packet pickup rather than at registration'], reasons: ['every transfer left a chip pointing at the wrong runner in the results feed'] },
        ],
      },
      {
        text: "Last night's chip import blew up. Why? #read logs/registry/chip-import-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['batch CH-4471 rejected', '318 transponder IDs already bound'] }],
      },
      {
        text: '报名系统那边给的接口：选手改号走 PATCH /registry/v1/entrants/{entrantId}/bib，计时芯片绑定查询用 GET /registry/v1/chips/{chipId}/binding。测试库在 reg-pg-staging.harbourrun.internal:5433。另外，成绩数据里选手的手机号只能保留后四位，这是赞助商合同里写死的。 #reply 明白，接口和要求都记下了。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['PATCH /registry/v1/entrants/{entrantId}/bib'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['GET /registry/v1/chips/{chipId}/binding'] },
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['reg-pg-staging.harbourrun.internal:5433'] },
          { category: 'rule', lang: 'zh', strings: ['成绩数据里选手的手机号只能保留后四位'] },
        ],
      },
      { text: 'Start a notes file for the race-week flow. #write registry/NOTES.md # Race week\n\nentries frozen -> bib numbers by corral -> packet pickup binds chip to bib -> mat test on Friday -> start -> results feed.' },
      { filler: 3000, style: 'work' },
      {
        text: "Timing vendor set-up, pasted from their onboarding email:\n  CHIP_VENDOR_API=https://api.mylaps-partner.example.com/v4\n  decoder firmware: BibTag Decoder 5.12.1\n  event id: 3f9c2a71-5d0e-4b8a-9e36-c1d47a08b2fe\n#reply Stored all three.",
        facts: [
          { category: 'identifier', kind: 'env', strings: ['CHIP_VENDOR_API=https://api.mylaps-partner.example.com/v4'] },
          { category: 'identifier', kind: 'version', strings: ['BibTag Decoder 5.12.1'] },
          { category: 'identifier', kind: 'uuid', strings: ['3f9c2a71-5d0e-4b8a-9e36-c1d47a08b2fe'] },
        ],
      },
      {
        text: 'Is anyone in wave A sharing a chip? #exec grep -n "duplicate-chip" exports/bibs-wave-A.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['1047,Haraldsen,A,MYL800777'] }],
      },
      {
        text: "Two things from the race director. One: results are never published before the medical tent has cleared every DNF on the course — she got burned by that in 2024. Two, a to-do: if the Friday mat test shows more than 0.5 % missed reads at any split, order spare decoder mats for the 30 km point by 5 December. #reply Both written down.",
        facts: [
          { category: 'rule', strings: ['results are never published before the medical tent has cleared every DNF on the course'] },
          { category: 'todo', strings: ['order spare decoder mats for the 30 km point', 'if the Friday mat test shows more than 0.5 % missed reads at any split', 'by 5 December'] },
        ],
      },
      {
        text: '运营部发了起跑区的新规则，帮我读一下。 #read docs/运营/起跑区.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['起跑区改为按近两年的认证成绩分配'], reasons: ['自报成绩普遍偏快'] }],
      },
      { filler: 4000, style: 'work' },
      {
        text: "Small change on bibs: we're printing the runner's first name on the bib in 48 pt instead of the surname. The cheer crews along the course shout first names, and the surname line was unreadable beyond about 3 metres in the test prints. #reply OK, first name in 48 pt.",
        facts: [{ category: 'decision', strings: ["printing the runner's first name on the bib in 48 pt instead of the surname"], reasons: ['the surname line was unreadable beyond about 3 metres in the test prints'] }],
      },
      {
        text: 'ゼッケン受け取りの件、大阪の委託先と決めました。受け取り時の本人確認は QR コードだけにします。去年は身分証の確認で列が最大 90 分待ちになったからです。それと、来週木曜までに海外ランナー向けの受け取り案内メールを英語と中国語で送っておいてください。 #reply 承知しました、木曜までに送ります。',
        facts: [
          { category: 'decision', lang: 'ja', strings: ['受け取り時の本人確認は QR コードだけにします'], reasons: ['去年は身分証の確認で列が最大 90 分待ちになった'] },
          { category: 'todo', lang: 'ja', strings: ['海外ランナー向けの受け取り案内メールを英語と中国語で送っておいてください', '来週木曜までに'] },
        ],
      },
      {
        text: 'For the handover page: live tracking is at https://track.harbourrun.example.org/2027/live, the transfer-fix commit is 9b2e7c4d1f0a8e63b5c92d7410fe6a83c5d1b207, and decoder dumps land in /srv/timing/raw/2027-spring/. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://track.harbourrun.example.org/2027/live'] },
          { category: 'identifier', kind: 'hash', strings: ['9b2e7c4d1f0a8e63b5c92d7410fe6a83c5d1b207'] },
          { category: 'identifier', kind: 'path', strings: ['/srv/timing/raw/2027-spring/'] },
        ],
      },
      { text: 'Add the pickup change to the changelog. #write registry/CHANGELOG.md # Changelog\n\n## 2.4.0\n\n- Chips bound to bibs at packet pickup.\n- First name on the bib.\n\n## 2.3.0\n\n- Bib ranges per wave.\n- Chip import from the MyLaps CSV.\n' },
      { filler: 3000, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'q2-berth-scheduling',
    set: 'held-out-16',
    files: {
      'berths/config/quay.yaml': code('yaml', 70, [
        [0.35, '    min_gap_between_vessels_m: 25'],
        [0.36, '    max_draught_berth_7_m: 14.2'],
      ]),
      'logs/berths/ais-ingest-2026-11-26.log': log('ais-ingest', '2026-11-26', 110, [[0.45, '2026-11-26T04:52:10Z WARN ais-ingest MMSI 477123900 reported ETA 2026-11-27T02:00Z but position is 212 nm out, berth B-07 slot kept reserved']]),
      'data/calls-2026-w48.json': json({
        week: '2026-W48',
        calls: [
          ...rows(14, (i) => ({ vessel: `${pick(['MSC', 'ONE', 'CMA CGM', 'Evergreen'])} ${pick(WORDS)} ${i}`, loa_m: 180 + 9 * i, berth: `B-0${1 + (i % 6)}`, crane_moves: 600 + 41 * i })),
          { vessel: 'Ever Gallant', loa_m: 399.9, berth: 'B-07', crane_moves: 4120 },
        ],
      }),
      'docs/design/tide-windows.md': essay('Design note: planning against tide windows', 6, [
        [0.3, 'The harbour master measured a 0.6 m shoaling at the entrance of the inner basin in the October survey.'],
        [0.62, 'We settled on computing every tide window from the port\'s own tide gauge instead of the national tide tables, since the tables were off by up to 40 minutes at our entrance during spring tides.'],
      ]),
      'docs/港務/水先人.md': PILOT_DOC,
    },
    turns: [
      {
        text: "New project for me and you: berth scheduling for the Port of Kessel Bay. First the rule the harbour master insists on — a vessel over 300 m LOA must not be scheduled to berth or unberth while wind gusts exceed 25 knots. #reply Understood, gust limit for big ships.",
        facts: [{ category: 'rule', strings: ['a vessel over 300 m LOA must not be scheduled to berth or unberth while wind gusts exceed 25 knots'] }],
      },
      {
        text: 'What spacing and draught limits does the quay config have? #read berths/config/quay.yaml',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['min_gap_between_vessels_m: 25', 'max_draught_berth_7_m: 14.2'] }],
      },
      {
        text: "The work is PORT-5530 in Jira. Planning decision we took with operations: the scheduler will allocate berths on a rolling 72-hour horizon instead of the weekly plan. Shipping lines now update their ETAs every 6 hours and the weekly plan was stale by Tuesday. Also please, by the end of next week, import the crane maintenance calendar so the planner stops assigning cranes that are down. #reply Rolling 72 h, and the crane calendar by end of next week.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['PORT-5530'] },
          { category: 'decision', strings: ['allocate berths on a rolling 72-hour horizon instead of the weekly plan'], reasons: ['the weekly plan was stale by Tuesday'] },
          { category: 'todo', strings: ['import the crane maintenance calendar', 'by the end of next week'] },
        ],
      },
      { text: 'Write a quick notes file describing the planning loop. #write berths/NOTES.md # Berth planning loop\n\nAIS + line ETAs -> tide windows -> candidate berths by LOA and draught -> crane allocation -> publish plan to the port community system.' },
      { filler: 3500, style: 'work' },
      {
        text: 'Why is B-07 still blocked for tonight? Check the AIS ingest log. #read logs/berths/ais-ingest-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['MMSI 477123900', 'position is 212 nm out'] }],
      },
      {
        text: 'Interfaces from the port community system team: POST /pcs/v2/berth-requests creates a request, DELETE /pcs/v2/berth-requests/{requestId} withdraws one, and the tide gauge feed is served on tidegauge.kesselbay-port.local:7070. #reply Noted.',
        facts: [
          { category: 'identifier', kind: 'route', strings: ['POST /pcs/v2/berth-requests'] },
          { category: 'identifier', kind: 'route', strings: ['DELETE /pcs/v2/berth-requests/{requestId}'] },
          { category: 'identifier', kind: 'host:port', strings: ['tidegauge.kesselbay-port.local:7070'] },
        ],
      },
      {
        text: 'Why do we compute tide windows ourselves? There is a design note on it. #read docs/design/tide-windows.md',
        facts: [
          { category: 'decision', source: 'tool', strings: ["computing every tide window from the port's own tide gauge instead of the national tide tables"], reasons: ['the tables were off by up to 40 minutes at our entrance during spring tides'] },
          { category: 'tool-finding', source: 'tool', strings: ['a 0.6 m shoaling at the entrance of the inner basin'] },
        ],
      },
      {
        text: '港務部から水先人の件で通知が来ています。読んでおいてください。 #read docs/港務/水先人.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['全長 300 m 以上の船の水先人依頼は、着岸予定の 12 時間前までに確定させる'], reasons: ['夜間は水先人会の当番が 3 名しかおらず'] }],
      },
      {
        text: '上海的船公司代表提了个要求，我们同意了：同一航线的两条船如果 ETA 相差不到 4 小时，就排在相邻泊位。这样岸桥可以在两条船之间直接移动，省掉每次 40 分钟左右的转场。另外，在 12 月 12 日之前把冷藏箱插头的占用数据接进排泊系统。 #reply 好的，两件事都记下了。',
        facts: [
          { category: 'decision', lang: 'zh', strings: ['同一航线的两条船如果 ETA 相差不到 4 小时，就排在相邻泊位'], reasons: ['省掉每次 40 分钟左右的转场'] },
          { category: 'todo', lang: 'zh', strings: ['把冷藏箱插头的占用数据接进排泊系统', '在 12 月 12 日之前'] },
        ],
      },
      { filler: 4000, style: 'work' },
      {
        text: 'Which call this week has the most crane moves? #read data/calls-2026-w48.json',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"vessel": "Ever Gallant"', '"crane_moves": 4120'] }],
      },
      {
        text: "Deploy details, for the record: we run the optimiser with BERTH_SOLVER_TIMEOUT_S=45, the service image is berthplan 2.9.0, and this week's published plan is a81d6e0c-2f47-4c93-b5a8-0d6e37f91c44. #reply Thanks.",
        facts: [
          { category: 'identifier', kind: 'env', strings: ['BERTH_SOLVER_TIMEOUT_S=45'] },
          { category: 'identifier', kind: 'version', strings: ['berthplan 2.9.0'] },
          { category: 'identifier', kind: 'uuid', strings: ['a81d6e0c-2f47-4c93-b5a8-0d6e37f91c44'] },
        ],
      },
      {
        text: 'バース計画は夜間に自動確定させず、必ず当直の計画担当者が承認してから公開すること。これは港長からの指示です。 #reply はい、承認後に公開します。',
        facts: [{ category: 'rule', lang: 'ja', strings: ['必ず当直の計画担当者が承認してから公開すること'] }],
      },
      {
        text: "One more change: hazardous-cargo vessels go only to berths B-09 and B-10 from now on, since those are the only ones with a foam monitor and the fire brigade wants under 4 minutes response. And if the Ever Gallant's ETA slips past Saturday 06:00, re-run the plan for B-07 and tell the line's agent before noon. #reply Both noted.",
        facts: [
          { category: 'decision', strings: ['hazardous-cargo vessels go only to berths B-09 and B-10'], reasons: ['those are the only ones with a foam monitor'] },
          { category: 'todo', strings: ['re-run the plan for B-07 and tell the line\'s agent before noon', "if the Ever Gallant's ETA slips past Saturday 06:00"] },
        ],
      },
      {
        text: '引き継ぎ用にまとめておきます。バース表示板は https://pcs.kesselbay-port.example.eu/berths/board、喫水チェックの修正コミットは 5c0e3b9a7d2f4168e0b7a95c3d8f1e24b6a07c9d、確定済みの計画は /data/berthplan/published/2026/ に保管しています。 #reply 記録しました。',
        facts: [
          { category: 'identifier', kind: 'url', lang: 'ja', strings: ['https://pcs.kesselbay-port.example.eu/berths/board'] },
          { category: 'identifier', kind: 'hash', lang: 'ja', strings: ['5c0e3b9a7d2f4168e0b7a95c3d8f1e24b6a07c9d'] },
          { category: 'identifier', kind: 'path', lang: 'ja', strings: ['/data/berthplan/published/2026/'] },
        ],
      },
      { text: 'Update the notes with the hazmat berths and the approval step. #write berths/NOTES.md # Berth planning loop\n\nAIS + line ETAs -> tide windows (own gauge) -> candidate berths by LOA and draught (hazmat: B-09/B-10) -> crane allocation -> planner on duty approves -> publish plan to the port community system.' },
      { filler: 2500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'q3-esim-activation',
    set: 'held-out-16',
    files: {
      'activation/internal/smdp/client.go': code('go', 90, [
        [0.5, 'const profileDownloadTimeout = 90 * time.Second'],
        [0.51, 'const maxConfirmationCodeAttempts = 3'],
      ]),
      'logs/activation/smdp-2026-11-26.log': log('smdp-client', '2026-11-26', 110, [[0.58, '2026-11-26T11:23:05Z ERROR smdp-client order ES-903318 failed: SM-DP+ returned 8.2.6 (matching ID refused), ICCID 8981100026000045127 left in RELEASED']]),
      'reports/activations-2026-11.csv': csv(
        'day,channel,started,completed,failed',
        30,
        (i) => `2026-11-${String(1 + i).padStart(2, '0')},${pick(['app', 'store', 'web'])},${900 + 17 * i},${850 + 15 * i},${20 + (i % 9)}`,
        [[0.7, '2026-11-22,app,1640,1102,538']],
      ),
      'docs/cs/eSIM再発行.md': SIM_DOC,
      'docs/design/number-porting.md': essay('Design note: porting numbers in during eSIM activation', 5, [
        [0.55, 'Decision: port-in requests are submitted only after the eSIM profile has been installed on the device, because in the pilot 12 % of customers whose number was ported first were left without service for up to a day when the download failed.'],
      ]),
    },
    turns: [
      {
        text: "Let's do the eSIM activation flow for Lumen Mobile. 先に言っておくと、決めたことが一つあります：アクティベーション用の QR コードは有効期限を 30 分にします。スクリーンショットで QR が SNS に流出した事例が先月 2 件あったからです。 #reply 了解です、30 分で。",
        facts: [{ category: 'decision', lang: 'ja', strings: ['アクティベーション用の QR コードは有効期限を 30 分にします'], reasons: ['スクリーンショットで QR が SNS に流出した事例が先月 2 件あった'] }],
      },
      {
        text: "How does our SM-DP+ client time out, and how many confirmation-code tries do we allow? #read activation/internal/smdp/client.go",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['profileDownloadTimeout = 90 * time.Second', 'maxConfirmationCodeAttempts = 3'] }],
      },
      {
        text: "Tracking is under TEL-7781. Two ground rules from security, please keep them in mind throughout: an EID is only ever stored hashed, and the activation code itself never goes into a log line or an analytics event. #reply Understood on both.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['TEL-7781'] },
          { category: 'rule', strings: ['an EID is only ever stored hashed'] },
          { category: 'rule', strings: ['the activation code itself never goes into a log line or an analytics event'] },
        ],
      },
      {
        text: 'Order ES-903318 is stuck. What happened? #read logs/activation/smdp-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['order ES-903318 failed', 'ICCID 8981100026000045127 left in RELEASED'] }],
      },
      { filler: 3000, style: 'work' },
      {
        text: '网关组给的接口：下单走 POST /esim/v1/orders，查询下载状态用 GET /esim/v1/orders/{orderId}/download-status，预发环境的 SM-DP+ 在 smdp-preprod.lumen-mobile.internal:9443。 #reply 收到。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['POST /esim/v1/orders'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['GET /esim/v1/orders/{orderId}/download-status'] },
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['smdp-preprod.lumen-mobile.internal:9443'] },
        ],
      },
      {
        text: 'We picked the order of operations for number porting a while back; check the design note. #read docs/design/number-porting.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['port-in requests are submitted only after the eSIM profile has been installed on the device'], reasons: ['12 % of customers whose number was ported first were left without service for up to a day'] }],
      },
      { text: 'Begin a notes file with the activation steps. #write activation/NOTES.md # eSIM activation\n\norder -> SM-DP+ reserves profile -> QR / push to device -> profile installed -> port-in (if any) -> line active.' },
      {
        text: "Next: we're dropping the in-app carrier-plan picker for iOS and using Apple's carrier activation flow instead. The picker broke on every iOS point release this year, and Apple's flow skips the QR scan entirely. If Apple hasn't approved our entitlement by 15 January, ship the picker fix for iOS 19.2 as the fallback. #reply OK, Apple's flow with a fallback.",
        facts: [
          { category: 'decision', strings: ["using Apple's carrier activation flow instead"], reasons: ['The picker broke on every iOS point release this year'] },
          { category: 'todo', strings: ['ship the picker fix for iOS 19.2 as the fallback', "If Apple hasn't approved our entitlement by 15 January"] },
        ],
      },
      { filler: 4000, style: 'work' },
      {
        text: 'Which day in November had the worst app failures? #exec grep -n ",app," reports/activations-2026-11.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['2026-11-22,app,1640,1102,538'] }],
      },
      {
        text: 'CS 本部から再発行の方針が出ました。確認してください。 #read docs/cs/eSIM再発行.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['チャット経由の eSIM 再発行は廃止し'], reasons: ['氏名・生年月日・住所を知っている第三者を見分けられない'] }],
      },
      {
        text: "Config we're rolling with: ESIM_PROFILE_POOL_MIN=2000, the activation service is esim-activator 1.18.3, and the SM-DP+ tenant id is 6e2d94b0-18a7-4f35-9c2e-d5b0a7f3e861. #reply Got them.",
        facts: [
          { category: 'identifier', kind: 'env', strings: ['ESIM_PROFILE_POOL_MIN=2000'] },
          { category: 'identifier', kind: 'version', strings: ['esim-activator 1.18.3'] },
          { category: 'identifier', kind: 'uuid', strings: ['6e2d94b0-18a7-4f35-9c2e-d5b0a7f3e861'] },
        ],
      },
      {
        text: '深圳门店那边的反馈我们采纳了：店员代客激活时，必须让客户自己在手机上输入确认码，店员不能碰客户的手机。之前有店员把确认码记在便签上，被投诉了 7 次。还有，月底之前把门店平板上的激活 App 升级到新版本。 #reply 好的，都记下了。',
        facts: [
          { category: 'decision', lang: 'zh', strings: ['必须让客户自己在手机上输入确认码'], reasons: ['之前有店员把确认码记在便签上，被投诉了 7 次'] },
          { category: 'todo', lang: 'zh', strings: ['把门店平板上的激活 App 升级到新版本', '月底之前'] },
        ],
      },
      {
        text: "For the runbook: the order console is https://ops.lumen-mobile.example.com/esim/orders, the RELEASED-state fix is 1f7a3c9e5b08d2467e1c0a9b3f5d8e26c4a71b90, and profile download receipts are written to /var/lib/esim-activator/receipts/. And from now on we retry a failed profile download once, automatically, after 2 minutes, not three times — the SM-DP+ vendor locks the matching ID after the third attempt. #reply Recorded, single retry.",
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://ops.lumen-mobile.example.com/esim/orders'] },
          { category: 'identifier', kind: 'hash', strings: ['1f7a3c9e5b08d2467e1c0a9b3f5d8e26c4a71b90'] },
          { category: 'identifier', kind: 'path', strings: ['/var/lib/esim-activator/receipts/'] },
          { category: 'decision', strings: ['we retry a failed profile download once, automatically, after 2 minutes'], reasons: ['the SM-DP+ vendor locks the matching ID after the third attempt'] },
        ],
      },
      { text: 'Update the notes with the reissue and retry changes. #write activation/NOTES.md # eSIM activation\n\norder -> SM-DP+ reserves profile -> QR (30 min) / push to device -> profile installed (one retry after 2 min) -> port-in (if any) -> line active. Reissue: store or in-app eKYC only.' },
      { filler: 2500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
