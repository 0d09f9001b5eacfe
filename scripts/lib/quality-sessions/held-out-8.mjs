// The eighth HELD-OUT set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an
// independent writer who never saw the extraction code (nor its results on any set), and never tuned on: new projects
// (a library consortium's e-book lending, a distribution centre's robot pick-path planner, a translation agency's
// terminology service), new wording, work-style filler. Never tune extraction on it and never read its results while
// changing extraction: its figures are the ones the targets are checked on.
// Same format as tuning.mjs / held-out.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x8e1d27);

const RENEWAL_DOC = `# 電子書籍の貸出延長について

資料サービス課 · 2026 年 11 月

10 月の試行では、電子書籍の貸出延長に回数の上限を設けませんでした。その結果、予約の待ち期間が目に見えて長くなりました。

利用者アンケートでは延長そのものへの要望が強い一方で、「予約しても順番が回ってこない」という声が最も多く寄せられています。

決定：電子書籍の貸出延長は、予約待ちがいない場合に限り 1 回まで認めます。無制限の延長を試した 10 月に、人気タイトルの予約待ちが平均 23 日から 41 日に伸びたためです。

延長できるかどうかは、返却期限の 3 日前から貸出画面に表示してください。
`;

const NIGHT_SHIFT_DOC = `# 夜班机器人作业范围调整

蒂尔堡配送中心 · 运营部 · 2026 年 11 月

夜班时段的订单量只有白班的三分之一左右，但机器人故障的平均处理时间是白班的 2.5 倍。

上个月夜班共发生 27 次机器人停机，其中 19 次发生在高位货架区域。

决定：夜班（22:00–06:00）只开放 A、B 两个拣货区给机器人作业。原因是夜班现场只有 3 名工作人员，机器人出故障时没人能在 10 分钟内赶到 C 区以后的货架。

C 区及以后的夜间订单一律顺延到早班 06:30 的第一个波次。
`;

const APPROVAL_DOC = `# 用語集の承認フロー見直し

翻訳品質管理部 · 2026 年 11 月

現在、新しい訳語はプロジェクトマネージャー（PM）が承認し、そのまま用語集に登録されています。

2026 年度上期に PM が承認した訳語 1,140 件のうち、318 件が納品後にクライアントから修正を求められました。

決定：訳語の最終承認権限を PM からクライアント側レビュアーに移します。PM 承認の訳語の 3 割近くが納品後に差し戻されており、再納品のコストが案件の利益を圧迫しているためです。

移行期間中は PM 承認を「暫定」として扱い、翻訳者の画面では黄色で表示します。
`;

const ROUTE_VERBS = ['GET', 'GET', 'PUT', 'DELETE', 'PATCH'];
const ROUTE_NOUNS = ['clients', 'projects', 'segments', 'vendors', 'languages', 'jobs', 'reviews'];
const GLOSSARY_ROUTES = [
  'METHOD  PATH                                                   HANDLER',
  ...rows(26, (i) => `${ROUTE_VERBS[i % ROUTE_VERBS.length].padEnd(7)} /glossary/v1/${ROUTE_NOUNS[i % ROUTE_NOUNS.length]}/{id}/${pick(WORDS)}${' '.repeat(20)}${pick(WORDS)}Controller.${pick(WORDS)}`),
];
GLOSSARY_ROUTES.splice(15, 0, 'POST /glossary/v1/termbases/{termbaseId}/import          TermbaseImportController.enqueue');

const SERVICE_TOML = [
  '# glossary-svc configuration (production)',
  '',
  '[server]',
  'listen = "0.0.0.0:8080"',
  'workers = 8',
  '',
  ...rows(5, (i) => [`[${pick(WORDS)}_${i}]`, `enabled = ${i % 2 === 0}`, `${pick(WORDS)}_ms = ${200 + 50 * i}`, `owner = "team-${pick(WORDS)}"`, '']).flat(),
  '[search]',
  'elastic_url = "http://es-terms.lingua-prod.internal:9200"',
  'index_prefix = "terms-"',
  'max_fuzzy_distance = 2',
  'min_term_length = 3',
  '',
  ...rows(4, (i) => [`[${pick(WORDS)}_${i + 5}]`, `${pick(WORDS)} = "${pick(WORDS)}-${i}"`, `limit = ${10 * (i + 1)}`, '']).flat(),
].join('\n');

export const SESSIONS = [
  {
    id: 'p1-ebook-lending',
    set: 'held-out-8',
    files: {
      'lending/src/loans/policy.ts': code('ts', 95, [
        [0.4, 'export const MAX_CONCURRENT_EBOOK_LOANS = 8;'],
        [0.41, 'const HOLD_PICKUP_HOURS = 72; // a filled hold waits this long before it passes to the next patron'],
      ]),
      'logs/lending/drm-fulfil-2026-11-26.log': log('drm-fulfil', '2026-11-26', 110, [[0.58, '2026-11-26T07:22:09Z ERROR drm-fulfil loan L-5530172 license request rejected by LCP server: 409 license already issued to another device, patron waited 31 min']]),
      'data/holds/queue-2026-11-27.csv': csv(
        'title_id,isbn,format,copies_owned,holds,holds_per_copy',
        64,
        (i) => `T-${String(70000 + i * 113)},978${String(1400000000 + i * 7919).slice(0, 10)},${pick(['epub', 'epub', 'mp3', 'pdf'])},${2 + (i % 9)},${(i * 7) % 40},${(((i * 7) % 40) / (2 + (i % 9))).toFixed(1)}`,
        [[0.37, 'T-88104,9780593321201,epub,3,146,48.7']],
      ),
      'docs/licensing/metered-vs-perpetual.md': essay('Collection budget note: metered and perpetual e-book licences', 6, [
        [0.5, 'Decision: for titles whose publisher offers both models, we buy the one-copy-one-user perpetual licence rather than the 26-circulation metered one, because over the last year a metered copy of a popular title ran out after about 7 months on average and had to be bought again.'],
      ]),
      'docs/図書館/貸出延長.md': RENEWAL_DOC,
      'lending/CHANGELOG.md': '# Changelog\n\n## 4.12.0\n\n- Loan history export for patrons.\n- Holds page shows the position in the queue.\n',
    },
    turns: [
      {
        text: "Starting on the e-book lending revamp for the Riverbend library consortium — ticket LIB-4471. First thing the collections team and I settled: holds are filled strictly in queue order across all 14 branches, no more branch-first priority. Branch-first meant patrons at the small rural branches waited on average 9 days longer for the same title. #reply Queue order across branches, got it.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['LIB-4471'] },
          { category: 'decision', strings: ['holds are filled strictly in queue order across all 14 branches'], reasons: ['patrons at the small rural branches waited on average 9 days longer'] },
        ],
      },
      {
        text: "The library board's line, and it is not up for discussion: we never keep a patron's reading history after the loan is returned, not even in analytics. #reply Understood, no reading history after return.",
        facts: [{ category: 'rule', strings: ["we never keep a patron's reading history after the loan is returned"] }],
      },
      {
        text: 'How many loans can a patron hold at once, and how long does a filled hold wait? Check the policy module. #read lending/src/loans/policy.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['MAX_CONCURRENT_EBOOK_LOANS = 8', 'HOLD_PICKUP_HOURS = 72'] }],
      },
      {
        text: '馆藏系统那边把接口定下来了：读者借书走 POST /lending/v2/patrons/{patronId}/loans，提前归还走 DELETE /lending/v2/loans/{loanId}。预发环境的 LCP 授权服务在 lcp-license.stg.libcloud.internal:8989。 #reply 好的，两个接口和授权服务地址都记下了。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['POST /lending/v2/patrons/{patronId}/loans'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['DELETE /lending/v2/loans/{loanId}'] },
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['lcp-license.stg.libcloud.internal:8989'] },
        ],
      },
      {
        text: 'A patron wrote in that her loan never opened on her e-reader yesterday morning. Anything in the fulfilment log? #read logs/lending/drm-fulfil-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['loan L-5530172', '409 license already issued to another device'] }],
      },
      {
        text: 'それと、年末の休館日（12 月 29 日）より前に、返却期限リマインダーのメール文面を新しい貸出ルールに合わせて直しておいてください。 #reply 承知しました。休館日までに文面を直します。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['返却期限リマインダーのメール文面を新しい貸出ルールに合わせて直して', '年末の休館日（12 月 29 日）より前に'] }],
      },
      { text: 'Start a notes file with the loan flow as it stands. #write lending/NOTES.md # E-book lending flow\n\ncatalogue search -> borrow or place hold -> licence check with the distributor -> LCP licence issued to the device -> return or expiry -> hold queue advances.' },
      { filler: 5500, style: 'work' },
      {
        text: 'Collections sent over their budget note on licence models. Does it settle anything for us? #read docs/licensing/metered-vs-perpetual.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['we buy the one-copy-one-user perpetual licence rather than the 26-circulation metered one'], reasons: ['a metered copy of a popular title ran out after about 7 months on average'] }],
      },
      {
        text: "Which title has the worst holds queue in today's export? #read data/holds/queue-2026-11-27.csv",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['T-88104,9780593321201,epub,3,146'] }],
      },
      {
        text: "Here's what the staging pod is started with, copied from the deployment:\n  LENDING_DRM_PROVIDER=lcp\n  image: libcloud/lending-api:4.12.0\n  consortium tenant: 3f9c2d71-6b0e-4e8a-9d35-c1a4e07b58f2\n#reply Thanks, I have the env var, the image and the tenant id.",
        facts: [
          { category: 'identifier', kind: 'env', strings: ['LENDING_DRM_PROVIDER=lcp'] },
          { category: 'identifier', kind: 'version', strings: ['lending-api:4.12.0'] },
          { category: 'identifier', kind: 'uuid', strings: ['3f9c2d71-6b0e-4e8a-9d35-c1a4e07b58f2'] },
        ],
      },
      {
        text: "Two more for the list. When the Baker & Taylor feed switches over to ONIX 3.1, drop our ONIX 2.1 parser — they said mid-January, but wait for the actual switch. And a standing requirement: every new patron-facing screen has to pass an axe accessibility scan before it ships. #reply Both noted.",
        facts: [
          { category: 'todo', strings: ['drop our ONIX 2.1 parser', 'When the Baker & Taylor feed switches over to ONIX 3.1'] },
          { category: 'rule', strings: ['every new patron-facing screen has to pass an axe accessibility scan before it ships'] },
        ],
      },
      {
        text: '和几位分馆馆长开会定了：不再单独给 13 岁以下的孩子开读者账号，统一挂在家长的读者证下面，因为去年有 600 多个儿童账号填的其实是家长的邮箱，找回密码的时候一团乱。另外麻烦在 12 月 10 日前把少儿馆新到的 200 本电子书导入目录。 #reply 明白，这两件事我都记下了。',
        facts: [
          { category: 'decision', lang: 'zh', strings: ['不再单独给 13 岁以下的孩子开读者账号，统一挂在家长的读者证下面'], reasons: ['去年有 600 多个儿童账号填的其实是家长的邮箱'] },
          { category: 'todo', lang: 'zh', strings: ['把少儿馆新到的 200 本电子书导入目录', '12 月 10 日前'] },
        ],
      },
      {
        text: '資料サービス課から貸出延長の方針が届きました。目を通してもらえますか。 #read docs/図書館/貸出延長.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['電子書籍の貸出延長は、予約待ちがいない場合に限り 1 回まで認めます'], reasons: ['人気タイトルの予約待ちが平均 23 日から 41 日に伸びた'] }],
      },
      {
        text: 'For the runbook, so nobody has to hunt for them: the holds console is https://admin.libcloud.example.org/consortia/riverbend/holds, the queue-order fix merged as 9b2e61d0c4f7a83e15d26b90fe4c7a1138d5e0b2, and the nightly MARC exports land in /srv/lending/exports/marc/. #reply Recorded all three.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://admin.libcloud.example.org/consortia/riverbend/holds'] },
          { category: 'identifier', kind: 'hash', strings: ['9b2e61d0c4f7a83e15d26b90fe4c7a1138d5e0b2'] },
          { category: 'identifier', kind: 'path', strings: ['/srv/lending/exports/marc/'] },
        ],
      },
      { text: 'Add the release notes for the next version. #write lending/CHANGELOG.md # Changelog\n\n## 4.13.0\n\n- Holds filled in consortium-wide queue order.\n- Renewal offered once when nobody is waiting.\n\n## 4.12.0\n\n- Loan history export for patrons.\n- Holds page shows the position in the queue.\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'p2-robot-pick-paths',
    set: 'held-out-8',
    files: {
      'planner/pickpath/grid.py': code('py', 100, [
        [0.3, 'AISLE_WIDTH_MM = 1150'],
        [0.31, 'MAX_ROBOTS_PER_AISLE = 2  # two-way traffic deadlocks above this'],
      ]),
      'logs/fleet/amr-coordinator-2026-11-26.log': log('amr-coordinator', '2026-11-26', 115, [[0.47, '2026-11-26T14:05:48Z ERROR amr-coordinator robot AMR-117 deadlock in aisle C-14 with AMR-092 for 212 s; waves W-40771 and W-40772 missed the 15:00 carrier cut']]),
      'config/wms/zones.yaml': code('yaml', 70, [[0.6, '    charging_threshold_pct: 22']]),
      'reports/pick-rate-2026-w47.json': json({
        week: '2026-W47',
        site: 'TLB-DC',
        zones: [
          ...rows(6, (i) => ({ zone: `AMB-A${i + 1}`, picks_per_hour: 142 + 9 * i, target: 140, robots: 8 + i, note: pick(WORDS) })),
          { zone: 'FROZEN-F2', picks_per_hour: 61, target: 140, robots: 6, note: 'floor markers fogged by condensation' },
          ...rows(2, (i) => ({ zone: `CHILL-C${i + 1}`, picks_per_hour: 128 + 5 * i, target: 140, robots: 5, note: pick(WORDS) })),
        ],
      }),
      'docs/design/wave-batching.md': essay('Design note: how many order lines go into one robot run', 6, [
        [0.5, 'Decision: orders are batched into waves of at most 40 order lines per robot tote run, instead of the 80 we started with, because with 80 lines the average tour crossed the building twice and the robots spent 38 % of each run in the two main cross-aisles.'],
      ]),
      'docs/仓库/夜班作业.md': NIGHT_SHIFT_DOC,
    },
    turns: [
      {
        text: "New workstream for me: the pick-path planner for the robot fleet at the Tilburg DC, WMS-2290. The design review on Monday settled the big question — we route robots on a time-expanded grid with reservations instead of letting each robot run plain A* and sort out conflicts at runtime. Runtime conflict resolution is what produced the aisle deadlocks in October; on the worst day we lost two hours of picking. #reply Reservation-based planning, understood.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['WMS-2290'] },
          { category: 'decision', strings: ['we route robots on a time-expanded grid with reservations'], reasons: ['Runtime conflict resolution is what produced the aisle deadlocks in October'] },
        ],
      },
      {
        text: "Safety requirement from the site's HSE lead, applies to everything we build: robots may never enter an aisle while a human picker is badged into it. #reply Noted, no robots in an aisle with a badged picker.",
        facts: [{ category: 'rule', strings: ['robots may never enter an aisle while a human picker is badged into it'] }],
      },
      {
        text: 'What does the grid model assume about aisle width and how many robots share an aisle? #read planner/pickpath/grid.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['AISLE_WIDTH_MM = 1150', 'MAX_ROBOTS_PER_AISLE = 2'] }],
      },
      {
        text: '倉庫制御チームから連絡がありました。経路の予約は POST /fleet/api/v1/reservations、ロボットの現在位置は GET /fleet/api/v1/robots/{robotId}/pose で取れます。フリート管理サーバーは fleetmgr.tlb-dc.internal:7443 です。 #reply ありがとうございます。API とサーバーを控えました。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /fleet/api/v1/reservations'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /fleet/api/v1/robots/{robotId}/pose'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['fleetmgr.tlb-dc.internal:7443'] },
        ],
      },
      {
        text: "Two afternoon waves went out late yesterday. What happened on the floor? #read logs/fleet/amr-coordinator-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['robot AMR-117 deadlock in aisle C-14', 'missed the 15:00 carrier cut'] }],
      },
      {
        text: 'Before peak starts on 1 December, somebody has to re-survey the floor markers in the frozen zone; half of them failed the last audit. Put it on your list. #reply On my list for before 1 December.',
        facts: [{ category: 'todo', strings: ['re-survey the floor markers in the frozen zone', 'Before peak starts on 1 December'] }],
      },
      { text: 'Write the planning loop down in a notes file. #write planner/NOTES.md # Pick-path planning loop\n\nwave released by WMS -> pick lists per tote -> reserve time slots on the grid -> dispatch paths to robots -> pose updates -> replan on delay -> tote to pack station.' },
      { filler: 5500, style: 'work' },
      {
        text: 'There is a design note on wave sizes from before I joined. What did they decide? #read docs/design/wave-batching.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['orders are batched into waves of at most 40 order lines per robot tote run'], reasons: ['the robots spent 38 % of each run in the two main cross-aisles'] }],
      },
      {
        text: "Which zone is furthest behind target in last week's pick-rate report? #read reports/pick-rate-2026-w47.json",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"zone": "FROZEN-F2"', '"picks_per_hour": 61'] }],
      },
      {
        text: 'At what battery level do robots go to charge right now? #exec grep -n "charging_threshold_pct" config/wms/zones.yaml',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['charging_threshold_pct: 22'] }],
      },
      {
        text: 'Robots at 22 % were regularly running flat on the long way back from the mezzanine, so the shift leads and I agreed to raise the charging threshold to 30 %. Change it in the zones file. #write config/wms/zones.yaml # zones (Tilburg DC)\n\ndefaults:\n    charging_threshold_pct: 30\n    max_speed_mps: 1.6\nzones:\n  ambient-a:\n    robots: 14\n  frozen-f2:\n    robots: 6\n',
        facts: [{ category: 'decision', strings: ['raise the charging threshold to 30 %'], reasons: ['Robots at 22 % were regularly running flat on the long way back from the mezzanine'] }],
      },
      {
        text: 'From the helm values of the solver release, for the record:\n  env PICKPATH_HORIZON_SECONDS=90\n  chart pickpath-solver 2.7.0-beta.3\n  site map revision 6d04b8e2-91fa-4c3d-b7e5-0a2f9c81d4e6\n#reply Noted, all three.',
        facts: [
          { category: 'identifier', kind: 'env', strings: ['PICKPATH_HORIZON_SECONDS=90'] },
          { category: 'identifier', kind: 'version', strings: ['pickpath-solver 2.7.0-beta.3'] },
          { category: 'identifier', kind: 'uuid', strings: ['6d04b8e2-91fa-4c3d-b7e5-0a2f9c81d4e6'] },
        ],
      },
      {
        text: "If the solver's planning time per wave goes above 800 ms once all 64 robots are on the floor, switch the frozen zone to a fixed one-way loop and plan it separately. 現場からも一つ：ロボットの最高速度は、人がいるゾーンでは必ず秒速 1.0 m 以下にしてください。 #reply 了解です。どちらも反映します。",
        facts: [
          { category: 'todo', strings: ['switch the frozen zone to a fixed one-way loop', "If the solver's planning time per wave goes above 800 ms"] },
          { category: 'rule', lang: 'ja', strings: ['ロボットの最高速度は、人がいるゾーンでは必ず秒速 1.0 m 以下にしてください'] },
        ],
      },
      {
        text: '运营部发了夜班作业范围的调整通知，帮我读一下。 #read docs/仓库/夜班作业.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['夜班（22:00–06:00）只开放 A、B 两个拣货区给机器人作业'], reasons: ['机器人出故障时没人能在 10 分钟内赶到 C 区以后的货架'] }],
      },
      {
        text: '物流本部と相談して、返品の棚入れはロボットではなく人手でやることに決めました。返品は箱の形がバラバラで、試験運用ではグリッパーの把持失敗率が 17% もあったからです。 #reply 承知しました。返品は人手の棚入れにします。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['返品の棚入れはロボットではなく人手でやることに決めました'], reasons: ['グリッパーの把持失敗率が 17% もあった'] }],
      },
      {
        text: 'Bookmarks for the wiki: the live floor map is https://ops.tilburg-dc.example.eu/floor/live?layer=reservations, the reservation-table fix is commit 5c1f0e9a7d3b2846ce1f90ab47d6e3c28f05b914, and solver snapshots get written to /var/lib/pickpath/snapshots/. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://ops.tilburg-dc.example.eu/floor/live?layer=reservations'] },
          { category: 'identifier', kind: 'hash', strings: ['5c1f0e9a7d3b2846ce1f90ab47d6e3c28f05b914'] },
          { category: 'identifier', kind: 'path', strings: ['/var/lib/pickpath/snapshots/'] },
        ],
      },
      { text: 'Write a runbook page for an aisle deadlock. #write docs/runbook/aisle-deadlock.md # Aisle deadlock\n\n1. Find the two robots and the aisle in the coordinator log.\n2. Pause new reservations for that aisle.\n3. Back the robot with the shorter path out; release its slots.\n4. Tell the shift lead which waves are late for the carrier cut.' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'p3-terminology-service',
    set: 'held-out-8',
    files: {
      'glossary/api/ROUTES.txt': GLOSSARY_ROUTES.join('\n') + '\n',
      'glossary/config/service.toml': SERVICE_TOML + '\n',
      'logs/glossary/term-matcher-2026-11-26.log': log('term-matcher', '2026-11-26', 110, [[0.55, '2026-11-26T11:48:03Z WARN term-matcher job TM-60418 de-DE→ja-JP: 1932 segments matched zero entries, termbase tb-7781 index is 19 days stale']]),
      'data/termbases/medtech-de-ja.csv': csv(
        'source_term,target_term,domain,status,note',
        66,
        (i) => `${pick(['Pumpe', 'Ventil', 'Sensor', 'Schlauch', 'Kanüle', 'Filter'])}${pick(['gehäuse', 'kopf', 'leitung', 'halter'])}-${i},${pick(['ポンプ', 'バルブ', 'センサー', 'チューブ', 'カニューレ', 'フィルター'])}${pick(['ハウジング', 'ヘッド', 'ライン', 'ホルダー'])}-${i},medtech,approved,`,
        [[0.6, 'Katheterschleuse,カテーテルシース,medtech,deprecated,replaced by イントロデューサーシース after client review 2026-10']],
      ),
      'docs/design/term-matching.md': essay('Design note: matching glossary terms in source segments', 6, [
        [0.5, 'Decision: term lookup uses lemmatised matching with a per-language stemmer instead of exact string match, because exact matching missed inflected forms and German compounds, which made up 41 % of the terms translators reported as missing.'],
      ]),
      'docs/ja/用語集承認フロー.md': APPROVAL_DOC,
      'docs/style/ja-JP.md': '# Style guide: Japanese (ja-JP)\n\n- Polite form (です・ます) in UI strings.\n- Product names stay in Latin script.\n',
    },
    turns: [
      {
        text: "Today's job: the terminology service for Lingua Bridge, ticket TERM-562. We've decided to store termbases in TBX 3.0 as the source of truth and treat the spreadsheets clients send us as import-only. Reason being, last quarter two project managers edited different copies of the same Excel glossary and a medical client got two translations for one device name. #reply TBX as the source of truth, understood.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['TERM-562'] },
          { category: 'decision', strings: ['store termbases in TBX 3.0 as the source of truth'], reasons: ['two project managers edited different copies of the same Excel glossary'] },
        ],
      },
      {
        text: "It's in every client contract, so treat it as a hard rule: a client's termbase is never used to suggest terms on another client's project. #reply Understood, termbases stay per client.",
        facts: [{ category: 'rule', strings: ["a client's termbase is never used to suggest terms on another client's project"] }],
      },
      {
        text: 'Which endpoint takes a bulk termbase upload? The route listing is checked in. #read glossary/api/ROUTES.txt',
        facts: [{ category: 'identifier', kind: 'route', source: 'tool', strings: ['POST /glossary/v1/termbases/{termbaseId}/import'] }],
      },
      {
        text: 'Where does the service search, and how fuzzy is the lookup allowed to be? #read glossary/config/service.toml',
        facts: [
          { category: 'identifier', kind: 'host:port', source: 'tool', strings: ['es-terms.lingua-prod.internal:9200'] },
          { category: 'tool-finding', source: 'tool', strings: ['max_fuzzy_distance = 2'] },
        ],
      },
      {
        text: '上海办公室做插件的同事说，CAT 工具插件取术语建议时调用的是 GET /glossary/v1/segments/{segmentId}/suggestions，每个句段调一次。 #reply 好的，这个接口记下了。',
        facts: [{ category: 'identifier', kind: 'route', lang: 'zh', strings: ['GET /glossary/v1/segments/{segmentId}/suggestions'] }],
      },
      {
        text: 'Translators on the German-Japanese medtech job say they got no term suggestions at all yesterday. Check the matcher log. #read logs/glossary/term-matcher-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['job TM-60418', 'termbase tb-7781 index is 19 days stale'] }],
      },
      {
        text: '还有：请在 12 月 18 日之前，把医疗器械客户的德日术语库重新建一次索引，他们下一批稿件那天到。 #reply 好的，18 号之前重建索引。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['把医疗器械客户的德日术语库重新建一次索引', '12 月 18 日之前'] }],
      },
      { text: 'Keep a notes file on how a term gets from a client to a translator. #write glossary/NOTES.md # Term flow\n\nclient spreadsheet or TBX -> import job -> review queue -> approved entry -> index -> suggestion in the CAT plugin -> QA check on delivery.' },
      { filler: 5500, style: 'work' },
      {
        text: 'Why does the matcher stem words instead of matching them exactly? There is a design note. #read docs/design/term-matching.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['term lookup uses lemmatised matching with a per-language stemmer instead of exact string match'], reasons: ['exact matching missed inflected forms and German compounds'] }],
      },
      {
        text: 'Is any entry in the medtech termbase marked as no longer to be used? #read data/termbases/medtech-de-ja.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['Katheterschleuse,カテーテルシース,medtech,deprecated'] }],
      },
      {
        text: 'ローカル環境のメモです。TERMS_INDEX_REFRESH=15m を付けて glossary-svc:1.19.4 のイメージを起動しています。医療機器のお客様のクライアント ID は 0c7e5a92-48d1-4f6b-a3e9-7d21b8f06c4e です。 #reply ありがとうございます、3 点とも控えました。',
        facts: [
          { category: 'identifier', kind: 'env', lang: 'ja', strings: ['TERMS_INDEX_REFRESH=15m'] },
          { category: 'identifier', kind: 'version', lang: 'ja', strings: ['glossary-svc:1.19.4'] },
          { category: 'identifier', kind: 'uuid', lang: 'ja', strings: ['0c7e5a92-48d1-4f6b-a3e9-7d21b8f06c4e'] },
        ],
      },
      {
        text: "Once the client's reviewer has signed off the catheter terms, publish the medtech termbase to the vendor portal. They promised it for this week. #reply I'll publish it after their sign-off.",
        facts: [{ category: 'todo', strings: ['publish the medtech termbase to the vendor portal', "Once the client's reviewer has signed off the catheter terms"] }],
      },
      {
        text: '品質管理部から用語の承認フローについて通知が来ています。読んでおいてください。 #read docs/ja/用語集承認フロー.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['訳語の最終承認権限を PM からクライアント側レビュアーに移します'], reasons: ['PM 承認の訳語の 3 割近くが納品後に差し戻されており'] }],
      },
      {
        text: '日本語の訳語では全角英数字は使わず、必ず半角で統一してください。スタイルガイドにも追記をお願いします。 #write docs/style/ja-JP.md # Style guide: Japanese (ja-JP)\n\n- Polite form (です・ます) in UI strings.\n- Product names stay in Latin script.\n- Letters and digits are half-width only.\n',
        facts: [{ category: 'rule', lang: 'ja', strings: ['全角英数字は使わず、必ず半角で統一してください'] }],
      },
      {
        text: '跟翻译部主管确认过了：简体中文和繁体中文的术语库分开维护，不再用自动转换生成繁体版本。之前自动转换把不少台湾的医疗用语换成了大陆的说法，客户已经投诉了两次。 #reply 明白，简繁分开维护。',
        facts: [{ category: 'decision', lang: 'zh', strings: ['简体中文和繁体中文的术语库分开维护'], reasons: ['自动转换把不少台湾的医疗用语换成了大陆的说法'] }],
      },
      {
        text: 'Links for the handover: the termbase admin page is https://terms.linguabridge.example.com/admin/termbases/tb-7781, the stemmer change merged as 2d8e4b17f9a0c36e5b71d2904fa8c6e13b7d5f09, and TBX exports are written to /data/glossary/tbx-exports/. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://terms.linguabridge.example.com/admin/termbases/tb-7781'] },
          { category: 'identifier', kind: 'hash', strings: ['2d8e4b17f9a0c36e5b71d2904fa8c6e13b7d5f09'] },
          { category: 'identifier', kind: 'path', strings: ['/data/glossary/tbx-exports/'] },
        ],
      },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
