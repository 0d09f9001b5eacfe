// The thirty-second HELD-OUT set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an
// independent writer who never saw the extraction code, its tuning or its results: new projects (a wind farm's
// turbine maintenance tickets, a school caterer's allergy menus, a removal firm's crew dispatch), new wording,
// work-style filler. Never tuned on: do not tune extraction on it, and do not read its results while changing
// extraction; its figures are an honest check of a session nobody tuned for.
// Same format as tuning.mjs / held-out.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x32b7e5);

const CMMS_API_DOC = `# CMMS API v4 (excerpt for the field apps)

All routes take a bearer token from the site SSO. Times are UTC, ISO 8601.

## Work orders

POST /cmms/api/v4/work-orders — create a work order (body: turbineId, component, priority, reportedBy)
GET /cmms/api/v4/turbines/{turbineId}/work-orders — open and closed work orders of one turbine, newest first
PATCH /cmms/api/v4/work-orders/{woId}/status — move a work order through planned, in-progress, done

## Assets

GET /cmms/api/v4/farms/{farmId}/turbines — turbines of a farm with their last SCADA state
GET /cmms/api/v4/components/{componentId} — one component with serial number and install date
`;

const BLADE_DOC = `# 叶片巡检周期调整

运维部 · 2026 年 11 月 · 适用于 NMG-03 风场

现状：叶片无人机巡检每年两次，分别安排在 4 月和 10 月，每次约两周。

去年冬季风沙较大。两次巡检之间，有 4 支叶片的前缘腐蚀发展到必须停机修补的程度，平均每支停机 9 天，损失发电量约 310 MWh。

决定：叶片无人机巡检改为每季度一次，冬季（12 月至次年 2 月）另加一次塔下目视检查。原因是半年的间隔太长，前缘腐蚀在两次巡检之间就已经发展到需要停机修补。

巡检照片统一上传到 CMMS，按机位和叶片编号（A/B/C）归档，文件名里带上拍摄日期。
`;

const LABEL_DOC = `# 給食のアレルギー表示について

東京校 給食室 · 2026 年 11 月

これまで献立表には、表示義務のある特定原材料 8 品目だけを載せてきました。推奨 20 品目は、問い合わせがあった場合に個別に回答しています。

昨年度の保護者アンケートでは、アレルギー表示について 212 件の回答がありました。

方針：来年 1 月の献立から、特定原材料 8 品目に加えて、推奨 20 品目もすべて献立表に載せることにします。昨年度のアンケートで「推奨品目が分からず弁当を持たせた」という回答が 37 件あったためです。

表示の変更に合わせて、献立表の PDF のレイアウトも見直します。
`;

const PEAK_DOC = `# 繁忙期の見積もり運用

大阪本店 配車課 · 2026 年 11 月

3 月下旬から 4 月上旬は、転勤と進学の引っ越しが集中します。昨年は 3 月最終週だけで 1 日平均 48 件の作業がありました。

結論：3 月 20 日から 4 月 5 日までは訪問見積もりを止め、オンライン見積もりだけにします。昨年の繁忙期は訪問見積もりに延べ 410 時間を取られ、人手が足りずに 62 件をお断りしたためです。

オンライン見積もりでは、お客様に各部屋の写真を送ってもらい、配車課が容積を計算します。ピアノ・金庫など重量物がある場合だけ、例外として訪問します。
`;

const LIFTING_DOC = `# 搬运作业安全规范（2026 年修订）

广州分公司 安全部

一、适用范围：本规范适用于所有搬家、装卸和楼梯搬运作业，包括临时工和外包人员。

二、人员要求：每个作业组至少一名持证组长，组长负责开工前的安全交底。

三、重量限制：单人搬运的重量上限为 25 公斤，超过的物品必须两人以上搬运或使用搬运带、楼梯爬行车。

四、楼梯搬运：无电梯楼层超过 6 层时，每 2 层安排一名接力人员，不得由同一人连续搬运。

五、事故报告：任何受伤必须在 2 小时内报告安全部。
`;

export const SESSIONS = [
  {
    id: 'q1-turbine-maintenance',
    set: 'held-out-32',
    files: {
      'scada/alarms/WTG-14-2026-11-26.log': log('scada-gw', '2026-11-26', 105, [[0.38, '2026-11-26T02:17:44Z ERROR scada-gw WTG-14 alarm 3120 GearboxBearingTempHigh: HSS bearing 96.4 C (limit 90 C), turbine paused']]),
      'cmms/src/tickets/priority.py': code('py', 90, [
        [0.42, 'CRITICAL_DOWNTIME_HOURS = 6  # a stopped turbine becomes P1 after this'],
        [0.43, 'LOST_MWH_ESCALATION = 40'],
      ]),
      'docs/cmms-api.md': CMMS_API_DOC,
      'cmms/config/deploy.yaml': code('yaml', 70, [[0.35, '    image: "registry.windops.example/cmms-api:4.12.3"']]),
      'docs/reliability/oil-sampling.md': essay('Reliability review: gearbox oil sampling', 6, [
        [0.5, 'Decision: oil samples are now drawn from every gearbox quarterly instead of once a year, because all three gearbox failures we had in 2025 showed a rising iron particle count more than four months before the failure.'],
      ]),
      'docs/运维/叶片巡检.md': BLADE_DOC,
      'data/spares/gearbox-parts.csv': csv(
        'part_no,description,warehouse,qty_on_hand,next_delivery',
        55,
        (i) => `GBX-${pick(['SHF', 'GSK', 'PMP', 'FLT', 'SNS'])}-${String(1100 + i * 19)},${pick(['seal kit', 'oil filter', 'pump', 'temp sensor', 'shaft'])} ${pick(WORDS)},${pick(['Aberdeen', 'Hamburg', 'Baotou'])},${1 + (i % 7)},2026-12-${String(1 + (i % 28)).padStart(2, '0')}`,
        [[0.55, 'GBX-BRG-2207,HSS bearing SKF 6330 M/C3,Esbjerg,0,2027-01-19']],
      ),
      'cmms/CHANGELOG.md': '# Changelog\n\n## 4.12.3\n\n- Work orders carry the SCADA alarm code.\n- Farm overview shows paused turbines first.\n',
    },
    turns: [
      {
        text: "Morning. Before anything else, look at last night's SCADA alarms for turbine 14. #read scada/alarms/WTG-14-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['WTG-14 alarm 3120', 'HSS bearing 96.4 C (limit 90 C)'] }],
      },
      {
        text: "That's the one. I've opened WIND-2741 for it. We'll do a planned gearbox swap rather than a bearing repair up-tower: the crane is already on site for WTG-09 until 5 December, which saves us a second crane mobilisation. And one rule from HSE that overrides any schedule you produce: nobody climbs when the hub-height wind is above 12 m/s. #reply Understood: gearbox swap while the crane is there, and the wind limit overrides the plan.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['WIND-2741'] },
          { category: 'decision', strings: ['planned gearbox swap rather than a bearing repair up-tower'], reasons: ['the crane is already on site for WTG-09 until 5 December'] },
          { category: 'rule', strings: ['nobody climbs when the hub-height wind is above 12 m/s'] },
        ],
      },
      {
        text: 'Which work-order endpoints does the CMMS give the field apps? #exec grep -n "work-orders" docs/cmms-api.md',
        facts: [
          { category: 'identifier', kind: 'route', source: 'tool', strings: ['POST /cmms/api/v4/work-orders'] },
          { category: 'identifier', kind: 'route', source: 'tool', strings: ['GET /cmms/api/v4/turbines/{turbineId}/work-orders'] },
        ],
      },
      {
        text: '秋田洋上の SCADA ゲートウェイは scada-gw.akita-offshore.internal:4840 です。あと、12 月 12 日までに、ブレードのドローン点検画像をすべて CMMS の作業指示に紐付けておいてください。 #reply 承知しました。12 日までに紐付けます。',
        facts: [
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['scada-gw.akita-offshore.internal:4840'] },
          { category: 'todo', lang: 'ja', strings: ['ブレードのドローン点検画像をすべて CMMS の作業指示に紐付けておいてください', '12 月 12 日までに'] },
        ],
      },
      {
        text: 'How does the ticket code decide when a stopped turbine becomes urgent? #read cmms/src/tickets/priority.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['CRITICAL_DOWNTIME_HOURS = 6', 'LOST_MWH_ESCALATION = 40'] }],
      },
      { text: 'Start a notes file for the swap. #write wind/NOTES.md # Gearbox swap on turbine 14\n\nalarm -> work order -> parts check -> crane slot -> lock-out/tag-out -> swap -> oil flush -> test run -> close the work order.' },
      { filler: 3000, style: 'work' },
      {
        text: 'Reliability sent round their oil-sampling review. Read it and tell me whether it changes our plan. #read docs/reliability/oil-sampling.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['oil samples are now drawn from every gearbox quarterly instead of once a year'], reasons: ['all three gearbox failures we had in 2025 showed a rising iron particle count'] }],
      },
      {
        text: "On the SCADA side we'll poll every five minutes rather than subscribe to OPC UA events. The Akita gateway drops its subscriptions every time the satellite link flaps, and we only find out hours later. So the setting is CMMS_SCADA_POLL_SECONDS=300. #reply OK, polling at five minutes.",
        facts: [
          { category: 'decision', strings: ['poll every five minutes rather than subscribe to OPC UA events'], reasons: ['The Akita gateway drops its subscriptions every time the satellite link flaps'] },
          { category: 'identifier', kind: 'env', strings: ['CMMS_SCADA_POLL_SECONDS=300'] },
        ],
      },
      {
        text: 'Which CMMS image is staging running right now? #read cmms/config/deploy.yaml',
        facts: [{ category: 'identifier', kind: 'version', source: 'tool', strings: ['cmms-api:4.12.3'] }],
      },
      {
        text: '运维部发了叶片巡检的新规定，帮我看一下跟我们有没有关系。 #read docs/运维/叶片巡检.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['叶片无人机巡检改为每季度一次'], reasons: ['半年的间隔太长，前缘腐蚀在两次巡检之间就已经发展到需要停机修补'] }],
      },
      {
        text: 'Do we have the HSS bearing in stock anywhere? #read data/spares/gearbox-parts.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['GBX-BRG-2207', 'Esbjerg,0,2027-01-19'] }],
      },
      {
        text: "Fallback, then: if the replacement bearing from Esbjerg hasn't shipped by 10 December, order an exchange gearbox from the Flender pool instead. #reply Will check on the 10th.",
        facts: [{ category: 'todo', strings: ['order an exchange gearbox from the Flender pool', "if the replacement bearing from Esbjerg hasn't shipped by 10 December"] }],
      },
      { filler: 2500, style: 'work' },
      {
        text: '内蒙古风场那边定了两条：第一，风机故障复位只能在现场或中控室操作，禁止用手机 App 远程复位。第二，某个备件库存低于两件时系统自动生成采购申请——上次 WTG-22 的主轴承缺货，整台机组停了 19 天。 #reply 明白，两条都记下了。',
        facts: [
          { category: 'rule', lang: 'zh', strings: ['风机故障复位只能在现场或中控室操作，禁止用手机 App 远程复位'] },
          { category: 'decision', lang: 'zh', strings: ['备件库存低于两件时系统自动生成采购申请'], reasons: ['上次 WTG-22 的主轴承缺货，整台机组停了 19 天'] },
        ],
      },
      {
        text: 'For the record: the P1 escalation fix merged as 1f799ab1244bb967892658dd8fe3b67614fb3816, and the farm overview everyone should bookmark is https://cmms.windops.example.com/farms/NMG-03/turbines. #reply Recorded both.',
        facts: [
          { category: 'identifier', kind: 'hash', strings: ['1f799ab1244bb967892658dd8fe3b67614fb3816'] },
          { category: 'identifier', kind: 'url', strings: ['https://cmms.windops.example.com/farms/NMG-03/turbines'] },
        ],
      },
      {
        text: '12 月 5 日のクレーン撤収の前に、WTG-09 と WTG-14 の未完了の作業指示を /srv/cmms/exports/crane-window/ に書き出しておいてください。クレーン班は現場でオフラインで見ます。 #reply 了解しました、撤収前に書き出します。',
        facts: [
          { category: 'todo', lang: 'ja', strings: ['未完了の作業指示を /srv/cmms/exports/crane-window/ に書き出しておいてください', '12 月 5 日のクレーン撤収の前に'] },
          { category: 'identifier', kind: 'path', lang: 'ja', strings: ['/srv/cmms/exports/crane-window/'] },
        ],
      },
      { text: 'Add the next release to the changelog. #write cmms/CHANGELOG.md # Changelog\n\n## 4.13.0\n\n- SCADA state polled every five minutes.\n- Stopped turbines escalate to P1 after six hours.\n\n## 4.12.3\n\n- Work orders carry the SCADA alarm code.\n- Farm overview shows paused turbines first.\n' },
      {
        text: 'それから、停止時間を二重に数えていた SCADA 取り込みジョブ 763af2bb-5be5-4ecf-ac93-8b175293c034 は再実行しないで、無効扱いにしておいてください。 #reply はい、無効にしておきます。',
        facts: [{ category: 'identifier', kind: 'uuid', lang: 'ja', strings: ['763af2bb-5be5-4ecf-ac93-8b175293c034'] }],
      },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'q2-canteen-allergens',
    set: 'held-out-32',
    files: {
      'logs/menu-publish-2026-11-26.log': log('menu-publish', '2026-11-26', 100, [[0.57, '2026-11-26T06:05:12Z ERROR menu-publish school=HFS-117 week=2026-W49 dish D-3381 "Chicken satay" has no allergen declaration for peanuts; week not published']]),
      'menu-service/src/allergens/matrix.ts': code('ts', 85, [
        [0.3, 'const MAY_CONTAIN_THRESHOLD_PPM = 20;'],
        [0.31, 'export const CROSS_CONTACT_LINES = ["fryer-2", "wok-1"];'],
      ]),
      'menu-service/config/services.json': json({
        service: 'menu-service',
        upstreams: {
          ...Object.fromEntries(rows(9, (i) => [`${pick(WORDS)}${i}`, { host: `${pick(WORDS)}-${i}.catering.internal:${8000 + i}`, timeoutMs: 500 + 250 * i }])),
          recipeDb: { host: 'recipes-db.catering.internal:5433', database: 'recipes', pool: 8 },
        },
      }),
      'docs/給食/アレルギー表示.md': LABEL_DOC,
      'data/pupils/dietary-HFS-117.csv': csv(
        'pupil_no,year,severity,allergens,medication',
        65,
        (i) => `P-${20100 + i * 11},Year ${1 + (i % 6)},${pick(['intolerance', 'mild', 'moderate'])},${pick(['milk', 'eggs', 'gluten', 'soya', 'fish', 'mustard'])},${pick(['none', 'antihistamine', 'none'])}`,
        [[0.48, 'P-20931,Year 3,anaphylaxis,peanuts;sesame,adrenaline pen in office']],
      ),
      'docs/policy/substitutions.md': essay('Catering policy: same-day dish substitutions', 5, [
        [0.6, 'Decision: when a dish is withdrawn on the day, the kitchen serves the pre-declared safe alternative for that week rather than improvising a swap, because the two allergy incidents last spring both came from improvised substitutions whose labels nobody had checked.'],
      ]),
      'menu-service/CHANGELOG.md': '# Changelog\n\n## 2.6.4\n\n- Weekly menus published per school.\n- PDF export for parents.\n',
    },
    turns: [
      {
        text: "Ground rule before we touch anything on the canteen menus: a dish is never published with an allergen field left blank. Blank has to block publication, not default to none. #reply Understood, blank blocks publishing.",
        facts: [{ category: 'rule', strings: ['a dish is never published with an allergen field left blank'] }],
      },
      {
        text: "Hillfield's week-49 menus didn't go out this morning. What happened? #read logs/menu-publish-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['dish D-3381', 'has no allergen declaration for peanuts'] }],
      },
      {
        text: "Right, that's CANT-1462. We're moving the menu source from the spreadsheet upload to the recipe database. The spreadsheets are exactly where the satay lost its peanut flag: someone pasted the row without the allergen columns. Publishing still goes through POST /menus/v2/schools/{schoolId}/weeks/{isoWeek}/publish. #reply OK, recipe database as the source.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['CANT-1462'] },
          { category: 'decision', strings: ['moving the menu source from the spreadsheet upload to the recipe database'], reasons: ['someone pasted the row without the allergen columns'] },
          { category: 'identifier', kind: 'route', strings: ['POST /menus/v2/schools/{schoolId}/weeks/{isoWeek}/publish'] },
        ],
      },
      {
        text: 'How does the allergen matrix deal with traces and shared equipment? #read menu-service/src/allergens/matrix.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['MAY_CONTAIN_THRESHOLD_PPM = 20', 'CROSS_CONTACT_LINES = ["fryer-2", "wok-1"]'] }],
      },
      {
        text: 'Where does the service expect the recipe database to live? #read menu-service/config/services.json',
        facts: [{ category: 'identifier', kind: 'host:port', source: 'tool', strings: ['recipes-db.catering.internal:5433'] }],
      },
      {
        text: '上海校区那边的需求：家长端查菜单走 GET /menus/v2/pupils/{pupilId}/safe-dishes，请在 12 月 8 日上线前和上海校区完成家长端接口联调。还有一个决定：家长端只显示孩子能吃的菜，不显示完整菜单，因为去年有家长把“含坚果”看成了“不含坚果”。 #reply 好的，接口联调和显示方式都记下了。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['GET /menus/v2/pupils/{pupilId}/safe-dishes'] },
          { category: 'todo', lang: 'zh', strings: ['和上海校区完成家长端接口联调', '12 月 8 日上线前'] },
          { category: 'decision', lang: 'zh', strings: ['家长端只显示孩子能吃的菜，不显示完整菜单'], reasons: ['去年有家长把“含坚果”看成了“不含坚果”'] },
        ],
      },
      { text: 'Write down the publishing flow in a notes file. #write menu-service/NOTES.md # Menu publishing\n\nrecipes + allergen matrix -> weekly menu per school -> blank-allergen check -> kitchen sign-off -> publish -> parent app and printed menus.' },
      { filler: 3500, style: 'work' },
      {
        text: '東京校の給食室からアレルギー表示の方針が届きました。内容を確認してください。 #read docs/給食/アレルギー表示.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['特定原材料 8 品目に加えて、推奨 20 品目もすべて献立表に載せる'], reasons: ['「推奨品目が分からず弁当を持たせた」という回答が 37 件あった'] }],
      },
      {
        text: '東京校の本番環境は MENU_EDIT_CUTOFF_HOUR=14 で動いていて、金曜 14 時を過ぎると翌週分は編集できません。もう一つ大事なこと：児童の氏名は絶対にログに出さないでください。出してよいのは児童番号だけです。 #reply 承知しました。ログには児童番号だけにします。',
        facts: [
          { category: 'identifier', kind: 'env', lang: 'ja', strings: ['MENU_EDIT_CUTOFF_HOUR=14'] },
          { category: 'rule', lang: 'ja', strings: ['児童の氏名は絶対にログに出さないでください'] },
        ],
      },
      {
        text: 'Which Hillfield pupils would have been at risk from the satay? #read data/pupils/dietary-HFS-117.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['P-20931,Year 3,anaphylaxis,peanuts;sesame'] }],
      },
      {
        text: 'Catering policy has a note on same-day substitutions; have a look. #read docs/policy/substitutions.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['the kitchen serves the pre-declared safe alternative for that week rather than improvising a swap'], reasons: ['both came from improvised substitutions whose labels nobody had checked'] }],
      },
      {
        text: 'Staging has menu-service 2.7.0-beta.3 on it now. If the week-49 publish needs a retry, the job id is 4154dbf0-df93-4b4f-a97e-f34a712ba3a5. #reply Got both.',
        facts: [
          { category: 'identifier', kind: 'version', strings: ['menu-service 2.7.0-beta.3'] },
          { category: 'identifier', kind: 'uuid', strings: ['4154dbf0-df93-4b4f-a97e-f34a712ba3a5'] },
        ],
      },
      {
        text: "If the recipe database is still missing allergen data for more than 5 % of dishes on Monday morning, keep the spreadsheet upload switched on for one more week. #reply I'll check the coverage on Monday.",
        facts: [{ category: 'todo', strings: ['keep the spreadsheet upload switched on for one more week', 'If the recipe database is still missing allergen data for more than 5 % of dishes on Monday morning'] }],
      },
      { filler: 2000, style: 'work' },
      {
        text: 'Another call from this morning with the catering manager: servery labels get the allergen icons printed next to the codes. Reason being, at the counter with a queue of 200 kids, staff cannot read the codes fast enough. #reply Icons next to the codes, noted.',
        facts: [{ category: 'decision', strings: ['servery labels get the allergen icons printed next to the codes'], reasons: ['staff cannot read the codes fast enough'] }],
      },
      {
        text: 'Once it publishes, check that https://menus.hillfield-schools.example.org/schools/HFS-117/weeks/2026-W49 renders. The blank-allergen guard went in as e43d20af336d3ce244b056ab10d679e10602f51e. #reply Will check the page after publishing.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://menus.hillfield-schools.example.org/schools/HFS-117/weeks/2026-W49'] },
          { category: 'identifier', kind: 'hash', strings: ['e43d20af336d3ce244b056ab10d679e10602f51e'] },
        ],
      },
      { text: 'Changelog entry for the next release, please. #write menu-service/CHANGELOG.md # Changelog\n\n## 2.7.0\n\n- Menus built from the recipe database.\n- A blank allergen field blocks publishing.\n\n## 2.6.4\n\n- Weekly menus published per school.\n- PDF export for parents.\n' },
      {
        text: '对了，上海校区的打印版菜单统一输出到 /srv/menus/print/shanghai/，别再放共享盘了。 #reply 好的，改到这个目录。',
        facts: [{ category: 'identifier', kind: 'path', lang: 'zh', strings: ['/srv/menus/print/shanghai/'] }],
      },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'q3-removals-dispatch',
    set: 'held-out-32',
    files: {
      'logs/dispatch/assign-2026-11-26.log': log('crew-assign', '2026-11-26', 110, [[0.44, '2026-11-26T05:48:09Z WARN crew-assign job J-40718 Tennoji->Suita 3LDK got 2 movers, estimate needs 4 (van V-11 double-booked)']]),
      'dispatch/src/scheduler/crewSize.ts': code('ts', 90, [
        [0.5, 'const CUBIC_METRES_PER_MOVER_HOUR = 2.5;'],
        [0.51, 'export const PIANO_CREW_MIN = 3;'],
      ]),
      'deploy/dispatch.env': [
        ...rows(12, (i) => `DISPATCH_${pick(WORDS).toUpperCase()}_${i}=${pick(WORDS)}-${i}`),
        'CREW_MAX_SHIFT_HOURS=11',
        ...rows(8, (i) => `BRANCH_${pick(['OSK', 'SUI', 'KOB'])}_${pick(WORDS).toUpperCase()}=${100 + i * 7}`),
      ].join('\n') + '\n',
      'docs/配車/繁忙期の見積もり.md': PEAK_DOC,
      'docs/安全/搬运规范.md': LIFTING_DOC,
      'data/jobs/OSK-01-2026-11-28.csv': csv(
        'job_id,route,size,special,access,start',
        50,
        (i) => `J-${40720 + i * 2},${pick(['Chuo-ku', 'Naniwa-ku', 'Yodogawa-ku', 'Sakai'])} -> ${pick(['Toyonaka', 'Suita', 'Kobe', 'Nara'])},${1 + (i % 4)}LDK,none,${pick(['lift', 'ground floor', '2F stairs'])},0${7 + (i % 3)}:00`,
        [[0.36, 'J-40802,Kita-ku -> Nishinomiya,2LDK,piano,8F no lift,06:30']],
      ),
      'dispatch/README.md': '# Dispatch\n\nAssigns crews and vans to removal jobs per branch.\n\n## Running\n\nnpm run dev\n',
    },
    turns: [
      {
        text: 'Dispatch board work today, ticket DISP-2290. Background: the Osaka branch keeps sending two-person crews to jobs that need four. Show me the assignment log first. #read logs/dispatch/assign-2026-11-26.log',
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['DISP-2290'] },
          { category: 'tool-finding', source: 'tool', strings: ['job J-40718', 'got 2 movers, estimate needs 4'] },
        ],
      },
      {
        text: 'And how does the scheduler size a crew at the moment? #read dispatch/src/scheduler/crewSize.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['CUBIC_METRES_PER_MOVER_HOUR = 2.5', 'PIANO_CREW_MIN = 3'] }],
      },
      {
        text: "Here's the plan: crew size is computed from the surveyed volume, not from the room count the customer types into the form. Last week the form said two rooms for a 3LDK with a full garage, and the crew was still loading at 11 pm. #reply Makes sense, surveyed volume it is.",
        facts: [{ category: 'decision', strings: ['crew size is computed from the surveyed volume, not from the room count the customer types into the form'], reasons: ['the form said two rooms for a 3LDK with a full garage'] }],
      },
      {
        text: '配車アプリの API は二つ使います。作業員の割り当ては PUT /dispatch/v1/jobs/{jobId}/crew、その日の班の一覧は GET /dispatch/v1/branches/{branchCode}/crews/today です。年末の引っ越しが集中する前に、12 月 15 日までに吹田営業所も新しい割り当て方式に切り替えてください。 #reply 承知しました。15 日までに吹田も切り替えます。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['PUT /dispatch/v1/jobs/{jobId}/crew'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /dispatch/v1/branches/{branchCode}/crews/today'] },
          { category: 'todo', lang: 'ja', strings: ['吹田営業所も新しい割り当て方式に切り替えてください', '12 月 15 日までに'] },
        ],
      },
      {
        text: 'What shift cap is production configured with? #read deploy/dispatch.env',
        facts: [{ category: 'identifier', kind: 'env', source: 'tool', strings: ['CREW_MAX_SHIFT_HOURS=11'] }],
      },
      {
        text: 'Two rules from operations that beat any optimisation you come up with. Never schedule a mover for more than 11 hours in a day, driving included. And a piano job always goes to a crew with a certified piano lead. #reply Both understood.',
        facts: [
          { category: 'rule', strings: ['Never schedule a mover for more than 11 hours in a day, driving included'] },
          { category: 'rule', strings: ['a piano job always goes to a crew with a certified piano lead'] },
        ],
      },
      { text: 'Keep a notes file on how a job flows. #write dispatch/NOTES.md # Job flow\n\nenquiry -> survey (volume) -> quote -> booking -> crew and van assignment -> day-before call -> move -> sign-off and invoice.' },
      { filler: 3000, style: 'work' },
      {
        text: '本店の配車課から繁忙期の見積もり運用について連絡がありました。読んでおいてください。 #read docs/配車/繁忙期の見積もり.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['3 月 20 日から 4 月 5 日までは訪問見積もりを止め、オンライン見積もりだけにします'], reasons: ['訪問見積もりに延べ 410 時間を取られ、人手が足りずに 62 件をお断りした'] }],
      },
      {
        text: 'Travel times come from our own OSRM box at osrm.move-ops.internal:5000, running osrm-backend 5.27.1 with the Kansai extract. #reply Noted the OSRM host and version.',
        facts: [
          { category: 'identifier', kind: 'host:port', strings: ['osrm.move-ops.internal:5000'] },
          { category: 'identifier', kind: 'version', strings: ['osrm-backend 5.27.1'] },
        ],
      },
      {
        text: '广州分公司的安全规范更新了，看看有没有影响派工的地方。 #read docs/安全/搬运规范.md',
        facts: [{ category: 'tool-finding', lang: 'zh', source: 'tool', strings: ['单人搬运的重量上限为 25 公斤'] }],
      },
      {
        text: '广州分公司那边决定：跨城搬家一律安排两名司机轮换驾驶，因为上个月广州到长沙那一单，司机一个人连续开了九个小时。出问题的那张派工单是 1818333d-3ab1-461f-bdfd-3b0bfd947cdf。 #reply 收到，跨城单都排两名司机。',
        facts: [
          { category: 'decision', lang: 'zh', strings: ['跨城搬家一律安排两名司机轮换驾驶'], reasons: ['上个月广州到长沙那一单，司机一个人连续开了九个小时'] },
          { category: 'identifier', kind: 'uuid', lang: 'zh', strings: ['1818333d-3ab1-461f-bdfd-3b0bfd947cdf'] },
        ],
      },
      {
        text: "Anything unusual on Saturday's Osaka jobs? #read data/jobs/OSK-01-2026-11-28.csv",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['J-40802', 'piano,8F no lift'] }],
      },
      { filler: 2000, style: 'work' },
      {
        text: "If the April price list isn't signed off by 20 December, keep the 2026 rates on the quote form and flag every quote made after 1 January for review. #reply I'll check on the 20th.",
        facts: [{ category: 'todo', strings: ['keep the 2026 rates on the quote form and flag every quote made after 1 January for review', "If the April price list isn't signed off by 20 December"] }],
      },
      {
        text: 'Put the crew board link in the README: https://dispatch.kansai-movers.example.jp/branches/OSK-01/board. The crew-size change is a6388aad0802660dfc31f4634123243dc0ed8477 on main. #reply Will add both.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://dispatch.kansai-movers.example.jp/branches/OSK-01/board'] },
          { category: 'identifier', kind: 'hash', strings: ['a6388aad0802660dfc31f4634123243dc0ed8477'] },
        ],
      },
      { text: 'Update the README with the board link and how crews are sized. #write dispatch/README.md # Dispatch\n\nAssigns crews and vans to removal jobs per branch. Crew size follows the surveyed volume.\n\nCrew board (Osaka): https://dispatch.kansai-movers.example.jp/branches/OSK-01/board\n\n## Running\n\nnpm run dev\n' },
      {
        text: '見積もりの PDF は /var/lib/dispatch/quotes/2026/ に保存されます。バックアップの対象に入っているか、念のため見ておいてください。 #reply 確認しておきます。',
        facts: [{ category: 'identifier', kind: 'path', lang: 'ja', strings: ['/var/lib/dispatch/quotes/2026/'] }],
      },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
