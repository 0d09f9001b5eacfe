// The sixth HELD-OUT set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an independent
// writer who never saw the extraction code (nor its results on any set), and never tuned on: new projects (an
// airline's crew-roster import, a newsroom's paywall metering service, a solar park's inverter monitoring), new
// wording, work-style filler. Never tune extraction on it and never read its results while changing extraction: its
// figures are the ones the targets are checked on.
// Same format as tuning.mjs / held-out.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x6a4f23);

const REDEYE_DOC = `# 关于红眼航班后休息时间的调整

运行控制中心 · 机组资源部 · 2026 年 11 月

背景：布鲁塞尔基地和里斯本基地今年第三季度共收到 214 份机组疲劳报告，比去年同期多了 38%。安全部门逐份核对了报告对应的任务。

其中相当一部分集中在红眼航班落地之后的第一个任务上，尤其是落地当天下午又被排了短程往返的情况。

决定：从 2027 年 1 月的排班起，红眼航班后的最短休息时间由 12 小时延长到 14 小时，原因是第三季度的疲劳报告中有四成来自红眼航班之后的下一个任务。

排班系统在导入时如果发现不满足 14 小时的任务，请不要自动调整，一律转给值班的机组调度员人工处理。
`;

const BREAKING_DOC = `# 速報記事とメーターの扱いについて

編集局デジタル編集部 · 2026 年 11 月

10 月の台風報道では、速報記事へのアクセスの 6 割以上が SNS で共有されたリンク経由でした。普段の記事に比べて、初めて訪れる読者の割合がかなり高くなります。

当時は速報もほかの記事と同じようにメーターの対象にしていました。

方針：速報記事は公開から 24 時間メーターの対象外とする。台風の速報で壁を出したところ、SNS から来た読者の 7 割が記事を読まずに離脱したためです。

24 時間を過ぎた速報記事は、通常の記事と同じくメーターの対象に戻します。
`;

const CLEANING_DOC = `# 组件清洗计划调整说明

电站运维部 · 2026 年 11 月

现行做法：全站组件每季度清洗一次，由外包队伍按 A、B、C、D 区的顺序轮流进行，每个区大约需要三天。

今年春季的两次沙尘天气之后，C 区的发电量比 A 区低了 9% 左右，但按照固定周期，清洗要等到下一个季度。

结论：组件清洗改为按发电量损失触发，不再按固定的每季度一次。之所以这样改，是因为固定周期让 C 区的损失持续了五周才被清洗。

触发条件由监控系统按组串电流计算，具体阈值另行通知。
`;

export const SESSIONS = [
  {
    id: 'r1-crew-roster-import',
    set: 'held-out-6',
    files: {
      'crewsync/src/import/legality.py': code('py', 85, [
        [0.4, 'MIN_REST_MINUTES_HOME_BASE = 720'],
        [0.41, 'FDP_EXTENSION_ALLOWED = False  # commander discretion is handled by crew control, not the importer'],
      ]),
      'logs/crewsync/import-2026-11-26.log': log('crewsync', '2026-11-26', 112, [[0.57, '2026-11-26T02:18:44Z ERROR crewsync pairing P-40718 rejected: duty 13h05m exceeds FDP limit 12h30m for crew 88314 (FO), roster month 2026-12']]),
      'data/rosters/BRU-2026-12.csv': csv(
        'crew_id,rank,base,from,to,duty,note',
        64,
        (i) => `${88003 + i * 11},${pick(['CPT', 'FO', 'SCC', 'CC'])},BRU,2026-12-${String(1 + (i % 27)).padStart(2, '0')},2026-12-${String(2 + (i % 27)).padStart(2, '0')},${pick(['LINE', 'OFF', 'TRNG'])},${pick(WORDS)}`,
        [[0.52, '88127,CPT,BRU,2026-12-24,2026-12-26,SBY,home-standby']],
      ),
      'docs/排班/红眼航班休息.md': REDEYE_DOC,
    },
    turns: [
      {
        text: "New job this week: the crew-roster import for Kestrel Air, ticket CREW-2231. We've settled on importing pairings from the vendor's SFTP drop as nightly full snapshots rather than the delta feed. The deltas arrive out of order, and in October two captains ended up double-booked on the same rotation. #reply Full snapshots it is.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['CREW-2231'] },
          { category: 'decision', strings: ["importing pairings from the vendor's SFTP drop as nightly full snapshots rather than the delta feed"], reasons: ['deltas arrive out of order'] },
        ],
      },
      {
        text: 'The union agreement makes one thing non-negotiable: the import may never shorten a published rest period, only lengthen it. Anything that would cut rest goes to a crew controller as a manual task. #reply Understood, rest periods only ever get longer.',
        facts: [{ category: 'rule', strings: ['the import may never shorten a published rest period, only lengthen it'] }],
      },
      {
        text: 'Show me the legality module, I want to know what rest minimum it assumes and whether it allows FDP extensions. #read crewsync/src/import/legality.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['MIN_REST_MINUTES_HOME_BASE = 720', 'FDP_EXTENSION_ALLOWED = False'] }],
      },
      {
        text: 'クルー管理システム側の API をまとめておきます。ペアリングの登録は POST /crew/v2/pairings/import、乗務員ごとの勤務予定は GET /crew/v2/members/{crewId}/roster で取得します。ステージングの DB は crewdb-stg.kestrel.internal:5433 です。 #reply 承知しました、メモしておきます。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /crew/v2/pairings/import'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /crew/v2/members/{crewId}/roster'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['crewdb-stg.kestrel.internal:5433'] },
        ],
      },
      {
        text: "Last night's import dropped one of the December pairings. Find out which and why. #read logs/crewsync/import-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['pairing P-40718 rejected', 'exceeds FDP limit 12h30m'] }],
      },
      {
        text: '另外，12 月 4 日之前要把布鲁塞尔基地 1 月份的备勤名单导进系统，排班组那边等着用。 #reply 好的，4 号之前导入。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['把布鲁塞尔基地 1 月份的备勤名单导进系统', '12 月 4 日之前'] }],
      },
      { text: 'Start a notes file with the import pipeline as it stands. #write crewsync/NOTES.md # Roster import\n\nSFTP snapshot -> schema check -> pairing legality (rest, FDP) -> merge with published roster -> manual tasks for crew control -> publish to the crew app.' },
      { filler: 5500, style: 'work' },
      {
        text: '机组资源部发了一份关于红眼航班的文件，看看对导入有什么影响。 #read docs/排班/红眼航班休息.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['红眼航班后的最短休息时间由 12 小时延长到 14 小时'], reasons: ['第三季度的疲劳报告中有四成来自红眼航班之后的下一个任务'] }],
      },
      {
        text: 'For the staging deploy: the importer runs with CREWSYNC_SNAPSHOT_MODE=full, the build going out is crewsync 2.14.0, and the last clean import was run 13dd0c58-24ef-401a-b0d9-f93cbaa3e6da. #reply Noted, all three.',
        facts: [
          { category: 'identifier', kind: 'env', strings: ['CREWSYNC_SNAPSHOT_MODE=full'] },
          { category: 'identifier', kind: 'version', strings: ['crewsync 2.14.0'] },
          { category: 'identifier', kind: 'uuid', strings: ['13dd0c58-24ef-401a-b0d9-f93cbaa3e6da'] },
        ],
      },
      {
        text: "Who's on home standby at Brussels over Christmas Eve? #read data/rosters/BRU-2026-12.csv",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['88127,CPT,BRU,2026-12-24'] }],
      },
      {
        text: "Let's publish the January roster on 15 December, not the 20th like last year — crews get five extra days to file swap requests, and the union asked for exactly that. #reply OK, 15 December.",
        facts: [{ category: 'decision', strings: ['publish the January roster on 15 December, not the 20th'], reasons: ['crews get five extra days to file swap requests'] }],
      },
      {
        text: 'Once the vendor confirms the new pairing schema, switch the XML parser over to v5 of the schema; it has to be in before the 18 December freeze. And please always run the legality check against the merged roster, never against a single pairing on its own. #reply Will do on both.',
        facts: [
          { category: 'todo', strings: ['switch the XML parser over to v5 of the schema', 'the vendor confirms the new pairing schema', 'before the 18 December freeze'] },
          { category: 'rule', strings: ['always run the legality check against the merged roster'] },
        ],
      },
      {
        text: '成田の乗員部と話して決めました。時差をまたぐ乗務のあとの休養は、現地時間ではなくホームベース時間で計算します。現地時間で計算すると、2 日続けて欧州便に乗った場合に休養が 1 時間以上短く見えてしまうからです。それと、年内に成田ベースの訓練予定も取り込めるようにしてください。 #reply 承知しました。ホームベース時間で計算し、訓練予定の取り込みも年内に対応します。',
        facts: [
          { category: 'decision', lang: 'ja', strings: ['現地時間ではなくホームベース時間で計算します'], reasons: ['2 日続けて欧州便に乗った場合に休養が 1 時間以上短く見えてしまう'] },
          { category: 'todo', lang: 'ja', strings: ['成田ベースの訓練予定も取り込めるようにしてください', '年内に'] },
        ],
      },
      {
        text: 'For the runbook, so nobody has to hunt: the roster viewer is https://ops.kestrel-air.example.com/crew/rosters/2026-12, the rest-period fix is commit c4179a07144aaf66440c5a6d35bfc84e6bb29bb0, and rejected pairings get parked under /srv/crewsync/quarantine/. #reply Got them.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://ops.kestrel-air.example.com/crew/rosters/2026-12'] },
          { category: 'identifier', kind: 'hash', strings: ['c4179a07144aaf66440c5a6d35bfc84e6bb29bb0'] },
          { category: 'identifier', kind: 'path', strings: ['/srv/crewsync/quarantine/'] },
        ],
      },
      { text: 'Write a runbook page for a rejected pairing. #write docs/runbook/rejected-pairing.md # A pairing was rejected by the import\n\n1. Find the pairing id and the limit it broke in the import log.\n2. Check whether the published roster already covers that duty.\n3. Hand it to the crew controller on duty as a manual task; do not edit the pairing yourself.' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'r2-paywall-meter',
    set: 'held-out-6',
    files: {
      'meter/src/quota.ts': code('ts', 92, [
        [0.35, 'export const FREE_ARTICLES_PER_MONTH = 5;'],
        [0.62, 'const METER_COOKIE_TTL_DAYS = 30;'],
      ]),
      'logs/meter/edge-2026-11-26.log': log('meter-edge', '2026-11-26', 108, [[0.66, '2026-11-26T21:07:55Z WARN meter-edge redis latency p99 840ms over 4 min, 12,411 requests served unmetered (fail-open)']]),
      'config/meter/exemptions.json': json({
        updated: '2026-11-20',
        exemptions: [
          ...rows(9, (i) => ({ section: `${pick(['sport', 'culture', 'business', 'opinion', 'travel'])}-${pick(WORDS)}-${i}`, metered: true, until: null, owner: `desk-${pick(WORDS)}` })),
          { section: 'elections-2026', metered: false, until: '2026-12-31', owner: 'desk-politics' },
          ...rows(3, (i) => ({ section: `podcast-${pick(WORDS)}-${i}`, metered: true, until: null, owner: 'desk-audio' })),
        ],
      }),
      'deploy/meter/regions.yaml': code('yaml', 60, [[0.45, '    jp_wall_type: registration-only']]),
      'docs/editorial/metering-policy.md': essay('Editorial note: what the meter counts', 6, [
        [0.3, 'During the six-week trial, 8.7 % of metered readers who hit the wall on a mobile device subscribed within a week, against 2.1 % on desktop.'],
        [0.7, "The editors agreed that obituaries and public-safety notices stay outside the paywall permanently: the readers' editor judged that charging for them would cost more trust than it earns."],
      ]),
      'docs/編集/速報記事.md': BREAKING_DOC,
    },
    turns: [
      {
        text: "Switching over to the metering service for the Harbour Courier paywall — PAYW-774. Out of yesterday's product meeting: we're moving the article count to the server, keyed by the subscriber account or a signed device id, since roughly a third of readers were clearing cookies or using private mode to reset the meter. #reply Server-side counting, understood.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['PAYW-774'] },
          { category: 'decision', strings: ['moving the article count to the server, keyed by the subscriber account or a signed device id'], reasons: ['roughly a third of readers were clearing cookies or using private mode to reset the meter'] },
        ],
      },
      {
        text: "Legal's condition for all of this: the meter never stores a reader's IP address, not even hashed. The device id is the only thing we keep. #reply Noted, no IPs in any form.",
        facts: [{ category: 'rule', strings: ["the meter never stores a reader's IP address, not even hashed"] }],
      },
      {
        text: 'How many free articles does the code give, and how long does the meter cookie live? #read meter/src/quota.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['FREE_ARTICLES_PER_MONTH = 5', 'METER_COOKIE_TTL_DAYS = 30'] }],
      },
      {
        text: '香港那边的后端同事把接口发过来了：记一次阅读用 POST /meter/v1/hits，查读者剩余额度用 GET /meter/v1/readers/{readerId}/quota，计数用的 Redis 集群入口是 meter-redis.hk-news.internal:6380。 #reply 收到，已经记下。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['POST /meter/v1/hits'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['GET /meter/v1/readers/{readerId}/quota'] },
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['meter-redis.hk-news.internal:6380'] },
        ],
      },
      {
        text: 'Around nine last night the meter stopped counting for a few minutes. What does the edge log say? #read logs/meter/edge-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['12,411 requests served unmetered (fail-open)'] }],
      },
      {
        text: 'それから、来週の月曜までに、メーター上限に達したときの案内文を英語版と日本語版の両方で差し替えてください。 #reply 承知しました、月曜までに両方差し替えます。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['メーター上限に達したときの案内文を英語版と日本語版の両方で差し替えてください', '来週の月曜までに'] }],
      },
      { text: 'Keep a notes file for the meter work. #write meter/NOTES.md # Metering\n\narticle view -> edge worker -> count on the server (account or signed device id) -> quota check -> wall or article.' },
      { filler: 5500, style: 'work' },
      {
        text: 'The editors sent round a note on what the meter should count. Read it and tell me what matters for us. #read docs/editorial/metering-policy.md',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['8.7 % of metered readers', '2.1 % on desktop'] },
          { category: 'decision', source: 'tool', strings: ['obituaries and public-safety notices stay outside the paywall permanently'], reasons: ['charging for them would cost more trust than it earns'] },
        ],
      },
      {
        text: 'Which sections are exempt from the meter at the moment, and until when? #read config/meter/exemptions.json',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"section": "elections-2026"', '"until": "2026-12-31"'] }],
      },
      {
        text: 'Three values the on-call will ask about:\n- METER_FAIL_MODE=closed in production from tonight\n- the edge worker is meter-edge 1.9.3\n- the wall-copy experiment is 91078b57-541e-4745-b667-405409ff363c\n#reply Thanks, noted.',
        facts: [
          { category: 'identifier', kind: 'env', strings: ['METER_FAIL_MODE=closed'] },
          { category: 'identifier', kind: 'version', strings: ['meter-edge 1.9.3'] },
          { category: 'identifier', kind: 'uuid', strings: ['91078b57-541e-4745-b667-405409ff363c'] },
        ],
      },
      {
        text: '广告组和订阅组今天开会定了一件事：考虑到从搜索引擎来的读者转化率只有社交渠道的一半，从搜索进来的前两篇文章不计入额度。 #reply 明白，搜索来的前两篇不计数。',
        facts: [{ category: 'decision', lang: 'zh', strings: ['从搜索进来的前两篇文章不计入额度'], reasons: ['从搜索引擎来的读者转化率只有社交渠道的一半'] }],
      },
      {
        text: 'If the fail-open rate is still above 1 % of traffic by the end of next week, move the meter counters off the shared Redis onto a cluster of their own. #reply I\'ll check the rate at the end of next week.',
        facts: [{ category: 'todo', strings: ['move the meter counters off the shared Redis onto a cluster of their own', 'the fail-open rate is still above 1 % of traffic by the end of next week'] }],
      },
      {
        text: '編集局から念押しがありました。ペイウォールの表示を記事本文の途中に差し込むのは禁止です。出すなら本文の後にしてください。 #reply 了解です、本文の後にだけ表示します。',
        facts: [{ category: 'rule', lang: 'ja', strings: ['ペイウォールの表示を記事本文の途中に差し込むのは禁止です'] }],
      },
      {
        text: 'デジタル編集部から速報記事の扱いについて文書が届きました。確認をお願いします。 #read docs/編集/速報記事.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['速報記事は公開から 24 時間メーターの対象外とする'], reasons: ['SNS から来た読者の 7 割が記事を読まずに離脱した'] }],
      },
      {
        text: 'What kind of wall do readers in Japan get right now? #exec grep -n "wall_type" deploy/meter/regions.yaml',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['jp_wall_type: registration-only'] }],
      },
      {
        text: 'For the postmortem: the meter dashboard is https://grafana.harbourcourier.example.org/d/meter/edge-overview, the fail-closed switch went in as 6c13520399794ad2a4b8b6da88e733beeff88202, and nightly quota snapshots land in /data/meter/snapshots/daily/. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://grafana.harbourcourier.example.org/d/meter/edge-overview'] },
          { category: 'identifier', kind: 'hash', strings: ['6c13520399794ad2a4b8b6da88e733beeff88202'] },
          { category: 'identifier', kind: 'path', strings: ['/data/meter/snapshots/daily/'] },
        ],
      },
      { text: 'Bring the notes up to date with the exemptions and the fail mode. #write meter/NOTES.md # Metering\n\narticle view -> edge worker -> count on the server (account or signed device id) -> quota check -> wall or article.\n\nNot metered: obituaries, public-safety notices, breaking news for its first day, the first two articles from search. Production fails closed.' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'r3-inverter-monitoring',
    set: 'held-out-6',
    files: {
      'collector/modbus/poller.c': code('c', 88, [
        [0.3, '#define POLL_INTERVAL_MS 5000'],
        [0.58, '#define INVERTER_REG_AC_POWER 40084 /* SunSpec model 103, W, scale factor at 40085 */'],
      ]),
      'logs/collector/poller-2026-11-26.log': log('modbus-poller', '2026-11-26', 114, [[0.48, '2026-11-26T11:32:09Z ERROR modbus-poller inverter INV-B14 (10.30.2.114:502) exception 0x0B gateway target failed to respond, 37 consecutive polls missed']]),
      'data/strings/block-C-2026-11-25.csv': csv(
        'string_id,block,ts,ratio_to_peers,current_a,flag',
        72,
        (i) => `C-${String(1 + (i % 12)).padStart(2, '0')}-S${String(1 + Math.floor(i / 12) * 3 + (i % 3)).padStart(2, '0')},block-C,2026-11-25 12:00,0.9${i % 10},${(8.4 + (i % 7) * 0.1).toFixed(1)},`,
        [[0.4, 'C-07-S12,block-C,2026-11-25 12:00,0.42,3.6,LOW']],
      ),
      'collector/config/alarms.yaml': '# Alarm thresholds for the Dunmore collector\nalarms:\n  comms_lost_polls: 12\n  ac_power_drop_pct: 25\n',
      'docs/grid/curtailment.md': essay('Design note: handling curtailment requests from the grid operator', 6, [
        [0.6, 'Outcome of the review: curtailment set-points from the grid operator are applied at the plant controller, not pushed to each inverter individually. The reason is simple: sending 96 separate Modbus writes took up to 40 seconds, and the grid code gives us 10.'],
      ]),
      'docs/运维/组件清洗.md': CLEANING_DOC,
    },
    turns: [
      {
        text: "Next up is inverter monitoring at Dunmore Solar Park, SOLAR-1290. We're replacing the vendor cloud portal with our own collector that polls the inverters over Modbus TCP on site. Reason: the portal only gives us 15-minute averages, which hides the short trips we need to prove for warranty claims. #reply Own collector on site, got it.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['SOLAR-1290'] },
          { category: 'decision', strings: ['replacing the vendor cloud portal with our own collector that polls the inverters over Modbus TCP on site'], reasons: ['the portal only gives us 15-minute averages'] },
        ],
      },
      {
        text: "Ground rule from the site safety lead: the collector only ever reads from the inverters. No Modbus writes from our code without a second person signing off. #reply Read-only, understood.",
        facts: [{ category: 'rule', strings: ['the collector only ever reads from the inverters'] }],
      },
      {
        text: "What's the poll interval in the poller, and which register does it read AC power from? #read collector/modbus/poller.c",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['POLL_INTERVAL_MS 5000', 'INVERTER_REG_AC_POWER 40084'] }],
      },
      {
        text: '現場の SCADA チームから連絡です。計測値の書き込みは PUT /scada/api/v1/plants/{plantId}/readings、アラームの確認応答は POST /scada/api/v1/alarms/{alarmId}/ack を使ってください。現場の Modbus ゲートウェイは modbus-gw.dunmore.site.local:1502 です。 #reply ありがとうございます、控えました。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['PUT /scada/api/v1/plants/{plantId}/readings'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /scada/api/v1/alarms/{alarmId}/ack'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['modbus-gw.dunmore.site.local:1502'] },
        ],
      },
      {
        text: 'One inverter in block B went dark around midday yesterday. Check the poller log. #read logs/collector/poller-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['inverter INV-B14', '37 consecutive polls missed'] }],
      },
      {
        text: '还有个事：月底之前要把 B 区 14 台逆变器的固件升级到厂家的最新版本，这是保修条款里写明的。 #reply 好的，月底前完成升级。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['把 B 区 14 台逆变器的固件升级到厂家的最新版本', '月底之前'] }],
      },
      { text: 'Put the data flow into a notes file. #write collector/NOTES.md # Collector\n\ninverters (Modbus TCP via site gateway) -> poller every few seconds -> local buffer -> historian -> SCADA readings API -> alarms.' },
      { filler: 5500, style: 'work' },
      {
        text: 'The grid team wrote up how we handle curtailment. Remind me what they concluded. #read docs/grid/curtailment.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['curtailment set-points from the grid operator are applied at the plant controller, not pushed to each inverter individually'], reasons: ['sending 96 separate Modbus writes took up to 40 seconds'] }],
      },
      {
        text: "This is what's in the systemd unit on the site PC:\n  Environment=PVMON_RETENTION_DAYS=400\n  ExecStart=/opt/pv-collector/bin/collector  (pv-collector 0.8.4)\n  plant id in the historian: c40716ee-f077-4632-acb5-795a91816fa9\n#reply Thanks, I have all three.",
        facts: [
          { category: 'identifier', kind: 'env', strings: ['PVMON_RETENTION_DAYS=400'] },
          { category: 'identifier', kind: 'version', strings: ['pv-collector 0.8.4'] },
          { category: 'identifier', kind: 'uuid', strings: ['c40716ee-f077-4632-acb5-795a91816fa9'] },
        ],
      },
      {
        text: 'Which string in block C was furthest below its peers at noon yesterday? #read data/strings/block-C-2026-11-25.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['C-07-S12,block-C,2026-11-25 12:00,0.42'] }],
      },
      {
        text: 'Storage: raw readings stay at 5-second resolution for 400 days before they get rolled up to 1-minute, given that the insurer wants second-level data for any claim in the first year. #reply 400 days raw, then 1-minute.',
        facts: [{ category: 'decision', strings: ['raw readings stay at 5-second resolution for 400 days'], reasons: ['the insurer wants second-level data for any claim in the first year'] }],
      },
      {
        text: "When the new substation transformer is energised on 9 January, add the transformer's protection relay to the polling list with its own 1-second interval. #reply I'll add it once it's energised.",
        facts: [{ category: 'todo', strings: ["add the transformer's protection relay to the polling list", 'the new substation transformer is energised on 9 January'] }],
      },
      {
        text: 'もう一点。タイムスタンプは必ず UTC で保存し、現地時間への変換は画面に表示するときだけにしてください。 #reply 承知しました、保存は UTC のみにします。',
        facts: [{ category: 'rule', lang: 'ja', strings: ['タイムスタンプは必ず UTC で保存し、現地時間への変換は画面に表示するときだけにしてください'] }],
      },
      {
        text: '运维部更新了组件清洗的安排，帮我读一下。 #read docs/运维/组件清洗.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['组件清洗改为按发电量损失触发，不再按固定的每季度一次'], reasons: ['固定周期让 C 区的损失持续了五周才被清洗'] }],
      },
      {
        text: '朝方のアラームについて現場と相談しました。日の出直後は低日射で毎日 200 件近い誤報が出て本物のアラームが埋もれてしまうので、日の出から 30 分間は出力低下アラームを出さないことにします。 #reply 了解しました、日の出から 30 分は抑制します。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['日の出から 30 分間は出力低下アラームを出さないことにします'], reasons: ['低日射で毎日 200 件近い誤報が出て'] }],
      },
      {
        text: 'Links for the handover: the plant overview is https://scada.dunmore-solar.example.net/plants/DUN-01/overview, the collector image is pinned to sha256:5be179ea712ddb6ec93080d5689d1ea606f2f9acfae71a707da6b6ec03717e96, and raw readings are written under /var/lib/pv-collector/raw/. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://scada.dunmore-solar.example.net/plants/DUN-01/overview'] },
          { category: 'identifier', kind: 'hash', strings: ['5be179ea712ddb6ec93080d5689d1ea606f2f9acfae71a707da6b6ec03717e96'] },
          { category: 'identifier', kind: 'path', strings: ['/var/lib/pv-collector/raw/'] },
        ],
      },
      { text: 'Update the alarm config: add the dawn suppression and a relay comms alarm. #write collector/config/alarms.yaml # Alarm thresholds for the Dunmore collector\nalarms:\n  comms_lost_polls: 12\n  ac_power_drop_pct: 25\n  suppress_power_drop_after_sunrise_min: 30\n  relay_comms_lost_polls: 5\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
