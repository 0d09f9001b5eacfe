// The fourth HELD-OUT set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 when held-out-3
// had been measured and its lost list read (it is a tuning set since, labelled tuning-4): new projects (a cold-chain
// carrier's route planner, a university's gradebook and exam-board release, a streaming service's move to two CDNs),
// new wording, work-style filler. Never tune extraction on it and never read its results while changing extraction:
// its figures are the ones the targets are checked on.
// Same format as tuning.mjs / held-out.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x4d2e91);

const WINTER_DOC = `# 冬季の配送ルート設定について

運行管理部 · 2026 年 11 月

札幌第二センター（SPK-02）から道央方面への便は、12 月から 3 月まで路面状況によって所要時間が大きく変わります。昨シーズンは到着遅れの 6 割がこの期間に集中しました。

ルート最適化の結果は原則としてそのまま配車に使いますが、冬季は次の点だけ運用で上書きします。

方針：積雪期は国道 230 号の中山峠を経由するルートを自動では選ばないこととします。去年の 1 月に 3 台が峠で 6 時間以上立ち往生し、冷凍品 2.4 トンを廃棄したためです。

どうしても峠越えが必要な便は、運行管理者が前日 17 時までに手動で承認してください。
`;

const REGRADE_DOC = `# 成绩复核流程调整（教务处）

2026 年 11 月 · 适用于全部学院

现状：各学院自行规定成绩复核的申请期限，短的 5 天，长的 30 天；复核结果也没有统一的答复时限。

上学期教务处共收到 312 份复核申请，其中 96 份因为“超过学院期限”被直接退回，学生会为此专门提了意见。

决定：成绩复核申请的受理期限统一为成绩公布后 10 个工作日。理由是各学院原来的期限从 5 天到 30 天不等，学生普遍投诉规则不透明。

复核结果须在受理后 15 个工作日内答复。系统里请把申请入口在期限届满当天 23:59 自动关闭。
`;

const UHD_DOC = `# 4K 配信の提供範囲について

配信企画部 · 2026 年 11 月

年末年始は紅白の裏番組と箱根駅伝のライブ配信が重なり、同時視聴数は昨年のピークの 1.6 倍になると見込んでいます。

4K ストリームは 1 本あたり HD の約 3 倍の帯域を使います。現在の CDN 契約はコミット帯域を超えた分が従量課金です。

結論：4K 配信はプレミアム会員に限定し、ビットレートの上限を 16 Mbps とする。全会員に開放すると年末のピーク時に CDN の契約帯域を超える見込みだからです。

無料会員には 4K の代わりに 1080p の高ビットレート版を案内します。
`;

export const SESSIONS = [
  {
    id: 'p1-cold-chain-routes',
    set: 'held-out-4',
    files: {
      'planner/config/fleet.yaml': code('yaml', 80, [
        [0.3, '    max_drive_minutes_before_break: 270'],
        [0.31, '    reefer_setpoint_c: -18'],
      ]),
      'logs/planner/nightly-2026-11-26.log': log('route-planner', '2026-11-26', 115, [[0.6, '2026-11-26T03:41:17Z ERROR route-planner job J-88213 aborted: depot SPK-02 has 41 stops with closed time windows, no feasible assignment for vehicles R-07..R-12']]),
      'data/stops/SPK-02-2026-11-27.csv': csv(
        'stop_id,customer,window_open,window_close,temp_class,kg',
        60,
        (i) => `S-${String(301 + i * 3).padStart(4, '0')},${pick(['Lawson', 'Seicomart', 'Aeon', 'Coop'])} ${pick(WORDS)} ${i},0${5 + (i % 4)}:00,1${i % 3}:00,${pick(['chilled', 'ambient', 'frozen'])},${200 + 17 * i}`,
        [[0.45, 'S-0417,Kitahiroshima Co-op,06:30,06:45,frozen,1840']],
      ),
      'docs/運行/冬季ルート.md': WINTER_DOC,
    },
    turns: [
      {
        text: "Picking up the route planner for Hokuyo Logistics, tracked as ROUTE-1187. We're going with VROOM as a sidecar service instead of our home-grown insertion heuristic — the home-grown one needed 14 minutes for Sapporo's 380 stops and missed the 05:00 loading cut twice last week. #reply OK, VROOM sidecar then.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['ROUTE-1187'] },
          { category: 'decision', strings: ['going with VROOM as a sidecar service instead of our home-grown insertion heuristic'], reasons: ["needed 14 minutes for Sapporo's 380 stops"] },
        ],
      },
      {
        text: 'Hard constraint from the quality team, please respect it everywhere: a reefer truck must never be routed with a planned door-open time above 20 minutes per stop. #reply Understood.',
        facts: [{ category: 'rule', strings: ['a reefer truck must never be routed with a planned door-open time above 20 minutes per stop'] }],
      },
      {
        text: 'What does the fleet config say about driving time and the reefer temperature? #read planner/config/fleet.yaml',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['max_drive_minutes_before_break: 270', 'reefer_setpoint_c: -18'] }],
      },
      {
        text: '配車システム側の窓口は次の通りです。停車順の更新は PATCH /dispatch/v3/routes/{routeId}/stops、積み込み表は GET /dispatch/v3/depots/{depotCode}/manifest で取れます。検証環境の VROOM は vroom.logi-stg.sapporo.internal:3000 で動いています。 #reply ありがとうございます、控えました。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['PATCH /dispatch/v3/routes/{routeId}/stops'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /dispatch/v3/depots/{depotCode}/manifest'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['vroom.logi-stg.sapporo.internal:3000'] },
        ],
      },
      {
        text: 'No routes came out for SPK-02 this morning. Can you see why in the nightly log? #read logs/planner/nightly-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['job J-88213 aborted', '41 stops with closed time windows'] }],
      },
      {
        text: 'あと、12 月 5 日（金）までに札幌第二センターの冬季チェーン規制区間リストを更新しておいてください。 #reply 承知しました、金曜までに更新します。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['札幌第二センターの冬季チェーン規制区間リストを更新しておいてください', '12 月 5 日（金）までに'] }],
      },
      { text: 'Jot down the nightly pipeline in a notes file. #write planner/NOTES.md # Nightly route build\n\norders export -> geocode -> stop list per depot -> VROOM solve -> door-time check -> push stops to dispatch -> manifest.' },
      { filler: 5500, style: 'work' },
      {
        text: '運行管理部から冬のルートについて文書が来ています。読んでください。 #read docs/運行/冬季ルート.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['積雪期は国道 230 号の中山峠を経由するルートを自動では選ばない'], reasons: ['去年の 1 月に 3 台が峠で 6 時間以上立ち往生し'] }],
      },
      {
        text: "Pasting from the deploy ticket so it's in one place —\n  env:       VROOM_MAX_TASKS=600\n  image:     route-planner v3.8.2\n  last run:  7267f478-e093-4b1b-bef0-21381aa65d3e\n#reply Thanks, noted all three.",
        facts: [
          { category: 'identifier', kind: 'env', strings: ['VROOM_MAX_TASKS=600'] },
          { category: 'identifier', kind: 'version', strings: ['route-planner v3.8.2'] },
          { category: 'identifier', kind: 'uuid', strings: ['7267f478-e093-4b1b-bef0-21381aa65d3e'] },
        ],
      },
      {
        text: "Which stop in tomorrow's SPK-02 list has the narrowest delivery window? #read data/stops/SPK-02-2026-11-27.csv",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['S-0417,Kitahiroshima Co-op,06:30,06:45'] }],
      },
      {
        text: 'Change of plan on timing: publish routes to the driver handhelds at 04:15 instead of 04:45. The loaders in Sapporo need the stop order half an hour earlier so they can stage the roll cages by dock door. #reply Got it, 04:15.',
        facts: [{ category: 'decision', strings: ['publish routes to the driver handhelds at 04:15 instead of 04:45'], reasons: ['loaders in Sapporo need the stop order half an hour earlier'] }],
      },
      {
        text: "If the VROOM sidecar's p95 solve time goes over 90 seconds during the year-end peak, split the Sapporo depot into two solve zones (north and south of the Toyohira river). And always keep the temperature log attached to the proof of delivery; customers reject claims without it. #reply Both noted.",
        facts: [
          { category: 'todo', strings: ['split the Sapporo depot into two solve zones', "If the VROOM sidecar's p95 solve time goes over 90 seconds"] },
          { category: 'rule', strings: ['always keep the temperature log attached to the proof of delivery'] },
        ],
      },
      {
        text: '台北開發組那邊定好了：路線匯出的 GeoJSON 座標一律保留六位小數，因為四位小數在物流園區裡會偏差十公尺以上，司機常常找不到卸貨口。另外請在下個月 10 號以前把司機 App 的離線地圖包更新上架。 #reply 好的，這兩件我都記下了。',
        facts: [
          { category: 'decision', lang: 'zh', strings: ['路線匯出的 GeoJSON 座標一律保留六位小數'], reasons: ['四位小數在物流園區裡會偏差十公尺以上'] },
          { category: 'todo', lang: 'zh', strings: ['把司機 App 的離線地圖包更新上架', '下個月 10 號以前'] },
        ],
      },
      {
        text: 'Housekeeping so nobody has to dig: the dispatch view for the depot is https://dispatch.hokuyo-logi.example.jp/depots/SPK-02/routes, the door-time fix landed as 4e13cfe10ce0e646779949bff1c8f7806377c7e2, and solved manifests are spooled to /var/spool/route-planner/manifests/. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://dispatch.hokuyo-logi.example.jp/depots/SPK-02/routes'] },
          { category: 'identifier', kind: 'hash', strings: ['4e13cfe10ce0e646779949bff1c8f7806377c7e2'] },
          { category: 'identifier', kind: 'path', strings: ['/var/spool/route-planner/manifests/'] },
        ],
      },
      { text: 'Add a runbook page for when the nightly solve returns nothing. #write docs/runbook/no-routes.md # No routes from the nightly solve\n\n1. Find the aborted job in the planner log and the depot it names.\n2. Check the stop list for windows that close before the truck can arrive.\n3. Re-run that depot alone; call the dispatcher on duty before 04:15.' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'p2-gradebook-release',
    set: 'held-out-4',
    files: {
      'gradebook/src/marks/rounding.ts': code('ts', 95, [
        [0.55, 'export const BORDERLINE_MARGIN = 0.5; // percentage points below a grade boundary'],
        [0.56, 'const LATE_PENALTY_PER_DAY = 5;'],
      ]),
      'logs/gradebook/sits-sync-2026-11-26.log': log('lms-sync', '2026-11-26', 110, [[0.4, '2026-11-26T09:14:52Z ERROR lms-sync push to SITS failed for module ECON2010: 412 Precondition Failed (assessment pattern changed), 214 marks left in PENDING']]),
      'exports/ECON2010-final.csv': csv(
        'student_id,module,term,raw,scaled,outcome,flag',
        70,
        (i) => `z53${String(10000 + i * 37).padStart(5, '0')},ECON2010,T3,${55 + (i % 30)}.0,${56 + (i % 29)}.0,PASS,`,
        [[0.62, 'z5318842,ECON2010,T3,49.5,49.5,FAIL,borderline-review']],
      ),
      'docs/policy/extensions.md': essay('Assessment policy review: extensions and moderation', 6, [
        [0.34, 'In semester 1, 2026 the moderation sample flagged 18 scripts in LAW3305 whose first and second marks differed by more than 10 points; all 18 were re-marked by a third examiner.'],
        [0.67, 'Decision: extension requests filed after the deadline will no longer be accepted through the gradebook, because over the last two terms more than half of them arrived after the mark had already been released to the student.'],
      ]),
      'docs/教务/成绩复核.md': REGRADE_DOC,
      'gradebook/CHANGELOG.md': '# Changelog\n\n## 5.0.0-rc.1\n\n- Marks entry per component.\n- Exam-board view (read only).\n',
    },
    turns: [
      {
        text: "I'm now on the gradebook rework for the faculty (GRADE-309). First call we made: final grades get computed from the raw component marks at release time, not from the running totals we cache. The cached totals drifted after late-penalty edits and 37 students in CHEM1102 saw a different final mark in the portal than on their transcript. #reply Makes sense, compute at release.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['GRADE-309'] },
          { category: 'decision', strings: ['final grades get computed from the raw component marks at release time, not from the running totals we cache'], reasons: ['37 students in CHEM1102 saw a different final mark in the portal than on their transcript'] },
        ],
      },
      {
        text: 'The registrar was very clear about one thing: no grade is ever visible to a student before the exam board has ratified it. Not even a provisional one. #reply Understood, nothing before ratification.',
        facts: [{ category: 'rule', strings: ['no grade is ever visible to a student before the exam board has ratified it'] }],
      },
      {
        text: 'How are borderline marks and late penalties handled in the code right now? #read gradebook/src/marks/rounding.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['BORDERLINE_MARGIN = 0.5', 'LATE_PENALTY_PER_DAY = 5'] }],
      },
      {
        text: '深圳校区信息中心发来的接口说明：录入成绩用 PUT /gradebook/api/v2/courses/{courseId}/marks，查成绩单用 GET /gradebook/api/v2/students/{studentId}/transcript。Moodle 的只读库在 moodle-ro.sz-campus.edu.example:5432。 #reply 收到，都记下了。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['PUT /gradebook/api/v2/courses/{courseId}/marks'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['GET /gradebook/api/v2/students/{studentId}/transcript'] },
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['moodle-ro.sz-campus.edu.example:5432'] },
        ],
      },
      {
        text: "ECON2010 marks never showed up in SITS. What does yesterday's sync log say? #read logs/gradebook/sits-sync-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['push to SITS failed for module ECON2010', '214 marks left in PENDING'] }],
      },
      {
        text: '还有一件事：下周三之前把深圳校区的补考名单导进系统，教务处那边等着排考场。 #reply 好的，下周三前导入。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['把深圳校区的补考名单导进系统', '下周三之前'] }],
      },
      { text: 'Start a notes file on how a release works. #write gradebook/NOTES.md # Grade release\n\nmarks entry -> moderation sample -> exam board ratifies -> compute finals from components -> push to SITS -> students see grades.' },
      { filler: 5500, style: 'work' },
      {
        text: 'Academic board circulated a policy review. Anything in it for us? #read docs/policy/extensions.md',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['flagged 18 scripts in LAW3305'] },
          { category: 'decision', source: 'tool', strings: ['extension requests filed after the deadline will no longer be accepted through the gradebook'], reasons: ['more than half of them arrived after the mark had already been released'] },
        ],
      },
      {
        text: 'Who is sitting right on the pass line in the ECON2010 export? #read exports/ECON2010-final.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['z5318842,ECON2010,T3,49.5'] }],
      },
      {
        text: "Config for the release job, for reference. During board week we run with GRADEBOOK_RELEASE_FREEZE=1; the build on staging is gradebook-api 5.0.0-rc.2; and the board meeting record is 89ff6807-b7b1-4a41-be5f-38b47e6e96d0. #reply Noted.",
        facts: [
          { category: 'identifier', kind: 'env', strings: ['GRADEBOOK_RELEASE_FREEZE=1'] },
          { category: 'identifier', kind: 'version', strings: ['gradebook-api 5.0.0-rc.2'] },
          { category: 'identifier', kind: 'uuid', strings: ['89ff6807-b7b1-4a41-be5f-38b47e6e96d0'] },
        ],
      },
      {
        text: '国際交流課からの依頼です。交換留学生の成績は ECTS グレードに換算して出すことにしました。提携校の多くが「秀・優・良・可」を読めず、毎学期 40 件以上の問い合わせが来ていたためです。 #reply 了解しました、ECTS で出力します。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['交換留学生の成績は ECTS グレードに換算して出すことにしました'], reasons: ['提携校の多くが「秀・優・良・可」を読めず、毎学期 40 件以上の問い合わせが来ていた'] }],
      },
      {
        text: "If SITS still rejects ECON2010 after tonight's retry, export the marks as CSV and email them to the registry before 9 am. #reply Will do if the retry fails.",
        facts: [{ category: 'todo', strings: ['export the marks as CSV and email them to the registry before 9 am', "If SITS still rejects ECON2010 after tonight's retry"] }],
      },
      {
        text: '教务处的要求：日志里学号只能以哈希形式出现，绝对不能写明文。 #reply 明白，只记哈希。',
        facts: [{ category: 'rule', lang: 'zh', strings: ['日志里学号只能以哈希形式出现，绝对不能写明文'] }],
      },
      {
        text: '教务处新的复核流程出来了，帮我看看。 #read docs/教务/成绩复核.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['成绩复核申请的受理期限统一为成绩公布后 10 个工作日'], reasons: ['各学院原来的期限从 5 天到 30 天不等'] }],
      },
      {
        text: 'Links for the wiki: ratification happens at https://grades.uni-example.edu/admin/boards/2026-S2, the rounding fix is 83d8a55a479f893e6320a379e9bfaca2468c1c6a on main, and ratified snapshots are written to /mnt/exam-board/ratified/2026-s2/. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://grades.uni-example.edu/admin/boards/2026-S2'] },
          { category: 'identifier', kind: 'hash', strings: ['83d8a55a479f893e6320a379e9bfaca2468c1c6a'] },
          { category: 'identifier', kind: 'path', strings: ['/mnt/exam-board/ratified/2026-s2/'] },
        ],
      },
      { text: 'Update the changelog for the next candidate. #write gradebook/CHANGELOG.md # Changelog\n\n## 5.0.0-rc.2\n\n- Finals computed from component marks at release.\n- Late extension requests closed in the gradebook.\n\n## 5.0.0-rc.1\n\n- Marks entry per component.\n- Exam-board view (read only).\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'p3-cdn-migration',
    set: 'held-out-4',
    files: {
      'edge/shield/shield_cache.c': code('c', 90, [
        [0.45, '#define SEGMENT_TTL_SECONDS 31536000'],
        [0.46, '#define MANIFEST_TTL_SECONDS 2'],
      ]),
      'logs/cdn/edge-router-2026-11-26.log': log('edge-router', '2026-11-26', 110, [[0.5, '2026-11-26T19:02:33Z WARN edge-router pop NRT-3: cache hit ratio fell to 61.2% for /live/ch-12/ manifests, origin egress 38.4 Gbps (limit 40)']]),
      'deploy/cdn/steering.yaml': code('yaml', 65, [[0.5, '    fastly_weight: 70']]),
      'finance/egress-2026-q4.json': json({
        quarter: '2026-Q4',
        currency: 'USD',
        providers: [
          ...rows(3, (i) => ({ provider: ['fastly', 'cloudfront', 'in-house-edge'][i], tb_delivered: 4100 - 900 * i, usd_per_tb: [3.9, 4.4, 2.1][i], note: pick(WORDS) })),
          { provider: 'akamai-legacy', tb_delivered: 2650, usd_per_tb: 7.8, note: 'contract ends 2027-01-31' },
        ],
      }),
      'docs/design/manifest-signing.md': essay('Design note: signing live manifests', 6, [
        [0.5, 'Decision: manifests are signed with a short-lived token at the edge rather than at the origin, because origin-side signing made every manifest uncacheable and pushed origin load up fourfold during the derby on 2 November.'],
      ]),
      'docs/配信/4K配信.md': UHD_DOC,
    },
    turns: [
      {
        text: "Kicking off the CDN migration for the streaming side, STRM-8842. We're moving HLS segment delivery to two CDNs, Fastly primary and CloudFront as overflow. The single-vendor outage on 14 October took the whole catalogue down for 47 minutes, and that can't happen again. #reply Two CDNs, understood.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['STRM-8842'] },
          { category: 'decision', strings: ['moving HLS segment delivery to two CDNs, Fastly primary and CloudFront as overflow'], reasons: ['The single-vendor outage on 14 October took the whole catalogue down for 47 minutes'] },
        ],
      },
      {
        text: "Policy from the head of broadcast ops: a CDN config change never goes live on a match day. If it's urgent, it waits until after the final whistle. #reply Noted, no CDN changes on match days.",
        facts: [{ category: 'rule', strings: ['a CDN config change never goes live on a match day'] }],
      },
      {
        text: 'What TTLs does the origin shield put on segments and manifests? #read edge/shield/shield_cache.c',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['SEGMENT_TTL_SECONDS 31536000', 'MANIFEST_TTL_SECONDS 2'] }],
      },
      {
        text: '台北机房的同事补充：清缓存走 POST /cdn/v1/purge，节点健康检查是 GET /cdn/v1/pops/{popId}/health，源站盾在 origin-shield-tpe.stream.internal:8443。 #reply 好的，已记录。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['POST /cdn/v1/purge'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['GET /cdn/v1/pops/{popId}/health'] },
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['origin-shield-tpe.stream.internal:8443'] },
        ],
      },
      {
        text: 'Tokyo viewers complained about buffering on channel 12 last night. Anything in the edge router log? #read logs/cdn/edge-router-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['cache hit ratio fell to 61.2%', 'origin egress 38.4 Gbps'] }],
      },
      {
        text: '来月の J リーグ最終節より前に、大阪 POP の TLS 証明書を更新しておいてください。期限が 12 月 20 日なので余裕がありません。 #reply 承知しました、最終節の前に更新します。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['大阪 POP の TLS 証明書を更新しておいてください', '来月の J リーグ最終節より前に'] }],
      },
      { text: 'Make a notes file for the migration. #write cdn/NOTES.md # CDN migration\n\nprovision Fastly service -> mirror config in Terraform -> shadow traffic 5% -> weighted steering -> retire the legacy contract.' },
      { filler: 5500, style: 'work' },
      {
        text: 'Remind me why we sign manifests where we do. #read docs/design/manifest-signing.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['manifests are signed with a short-lived token at the edge rather than at the origin'], reasons: ['origin-side signing made every manifest uncacheable'] }],
      },
      {
        text: 'Which provider costs the most per TB this quarter? #read finance/egress-2026-q4.json',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"provider": "akamai-legacy"', '"usd_per_tb": 7.8'] }],
      },
      {
        text: 'Three bits of config for the packager rollout: the steering service reads CDN_STEERING_MODE=weighted, the packager is pinned at shaka-packager v3.4.2, and the Fastly service is d0b7cc8f-98ce-4799-8c94-43888260efc4. #reply Got them.',
        facts: [
          { category: 'identifier', kind: 'env', strings: ['CDN_STEERING_MODE=weighted'] },
          { category: 'identifier', kind: 'version', strings: ['shaka-packager v3.4.2'] },
          { category: 'identifier', kind: 'uuid', strings: ['d0b7cc8f-98ce-4799-8c94-43888260efc4'] },
        ],
      },
      {
        text: '北京运维组定下来了：直播频道的 DVR 回看窗口从 4 小时缩短到 2 小时。4 小时窗口让边缘节点的缓存占用翻了一倍，而回看超过 2 小时的观看只占 3%。 #reply 明白，改成 2 小时。',
        facts: [{ category: 'decision', lang: 'zh', strings: ['直播频道的 DVR 回看窗口从 4 小时缩短到 2 小时'], reasons: ['4 小时窗口让边缘节点的缓存占用翻了一倍'] }],
      },
      {
        text: "If Fastly's hit ratio in Tokyo stays under 90 % for three days after the cut-over, move the NRT traffic back to CloudFront and open a case with Fastly. #reply I'll watch the Tokyo hit ratio.",
        facts: [{ category: 'todo', strings: ['move the NRT traffic back to CloudFront and open a case with Fastly', "If Fastly's hit ratio in Tokyo stays under 90 % for three days after the cut-over"] }],
      },
      {
        text: '念のため：本番の CDN 設定は必ず Terraform 経由で変更し、管理画面から直接触らないでください。 #reply はい、Terraform だけで変更します。',
        facts: [{ category: 'rule', lang: 'ja', strings: ['本番の CDN 設定は必ず Terraform 経由で変更し、管理画面から直接触らないでください'] }],
      },
      {
        text: '配信企画部から 4K の方針が出ました。 #read docs/配信/4K配信.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['4K 配信はプレミアム会員に限定し、ビットレートの上限を 16 Mbps とする'], reasons: ['全会員に開放すると年末のピーク時に CDN の契約帯域を超える見込みだから'] }],
      },
      {
        text: 'What weight does Fastly get in the steering config today? #exec grep -n "fastly_weight" deploy/cdn/steering.yaml',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['fastly_weight: 70'] }],
      },
      {
        text: 'For the handover doc: the steering dashboard is https://grafana.streamco.example.net/d/cdn-steering/overview, the shield TTL change is commit 440cc3a67a8a42c4529f30d5844a4ac42c038398, and live packager output goes to /srv/packager/out/live/. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://grafana.streamco.example.net/d/cdn-steering/overview'] },
          { category: 'identifier', kind: 'hash', strings: ['440cc3a67a8a42c4529f30d5844a4ac42c038398'] },
          { category: 'identifier', kind: 'path', strings: ['/srv/packager/out/live/'] },
        ],
      },
      { text: 'Update the migration notes with the steering and the 4K limit. #write cdn/NOTES.md # CDN migration\n\nprovision Fastly service -> mirror config in Terraform -> shadow traffic 5% -> weighted steering (Fastly 70 / CloudFront 30) -> retire the legacy contract. 4K: premium only, 16 Mbps cap. DVR window 2 h.' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
