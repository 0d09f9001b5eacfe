// The twenty-fourth HELD-OUT set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an
// independent writer who never saw the extraction code (nor any compaction result or lost list): new projects (a dairy
// co-op's milking-robot telemetry bridge, a university's exam-room allocation, a car-sharing fleet's damage reports),
// new wording, its own order of work, work-style filler. Never tune extraction on it and never read its results while
// changing extraction: its figures are the honest ones.
// Same format as tuning.mjs / held-out.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x2a7d1f);

const CLEANING_DOC = `# 搾乳ロボット洗浄サイクルの見直し（十勝パイロット牧場）

生産管理チーム · 2026 年 11 月

十勝パイロット牧場では 6 台の搾乳ロボットが 1 日あたり約 1,100 回の搾乳を行っています。洗浄はこれまで 1 日 3 回（4 時・12 時・20 時）でした。

今年の 8 月、生乳の細菌数が乳業メーカーの基準値を超えた日が 11 日あり、そのうち 9 日は 12 時から 20 時の間に集乳した分でした。

結論：夏季に限らず通年で、ロボットの洗浄サイクルを 1 日 3 回から 4 回に増やす。細菌数の超過が洗浄間隔の長い時間帯に集中していたためです。

洗浄中はロボットが搾乳を受け付けないため、1 回あたり約 25 分の待ちが発生します。待機エリアの混雑は来月あらためて計測します。
`;

const BUILDING_DOC = `# 关于期末考试跨楼安排的规定（考务处）

2026 年 11 月 · 适用于本学期期末考试

本学期期末考试共 1,486 场次，涉及 9 栋教学楼和体育中心。

去年冬季考试中，有 4 门课程的考生被分在两栋楼里。两栋楼的开考时间相差了 7 分钟，先开考那栋楼的试题照片在学生群里传开，最后整门课只能重考。

决定：同一门课程的考生必须安排在同一栋楼内，不再跨楼分散。理由是跨楼考试无法保证同时开考，去年已经因此发生过试题泄露。

确实无法安排在同一栋楼的大课，须由考务处单独审批，并安排专人同时发卷。
`;

const RETURN_PHOTO_DOC = `# 返却時の写真撮影ルール変更（大阪拠点）

大阪オペレーション課 · 2026 年 11 月

大阪拠点では 214 台を 63 か所のステーションで運用しています。返却時には会員アプリで車両の写真を撮ってもらっています。

先月の損傷請求 31 件のうち 12 件は、返却写真に屋根とホイールが写っておらず、どの利用で傷がついたのか特定できませんでした。

方針：返却時に撮影する写真を 4 枚から 8 枚に増やし、屋根と 4 本のホイールを必須にする。4 枚の写真では責任の所在を特定できない請求が 4 割近くあったためです。

撮影に時間がかかるという声に備えて、アプリには撮影ガイドの枠を表示します。
`;

const COMPRESSION_DOC = `# 照片上传压缩方案（深圳移动组）

2026 年 11 月

会员还车时平均上传 6 张照片，原图平均每张 6 MB。地下停车场信号很差，上传经常中途失败。

统计：上个月有 1274 份损伤报告至少缺一张照片，其中八成来自地下停车场。

决定：App 在上传前把照片压缩到长边 2048 像素、JPEG 质量 85。原因是原图太大，在地下车库里经常传不完，报告因此缺图。

压缩后单张约 700 KB，定损模型在测试集上的识别准确率没有明显变化。
`;

export const SESSIONS = [
  {
    id: 'd1-milking-robot-telemetry',
    set: 'held-out-24',
    files: {
      'logs/milkbridge/bridge-2026-11-26.log': log('milkbridge', '2026-11-26', 120, [[0.55, '2026-11-26T04:52:09Z ERROR milkbridge robot=MR-04 backlog=1932 visits; publish to mqtt-gw.dewaard-melk.nl:8883 failed: TLS handshake timeout after 30s (cert expired 2026-11-25)']]),
      'milkbridge/bridge/mqtt_bridge.py': code('py', 88, [
        [0.35, 'MASTITIS_CONDUCTIVITY_MS_CM = 6.8  # any quarter above this is flagged for the vet'],
        [0.36, 'VISIT_DEDUP_WINDOW_S = 90'],
      ]),
      'milkbridge/config/robots.yaml': code('yaml', 60, [[0.4, '    firmware: ams-core 4.12.3']]),
      'milkbridge/README.md': '# milkbridge\n\nBridges robot visit records to the herd database.\n',
      'data/visits/MR-03-2026-11-26.csv': csv(
        'visit_id,cow_tag,robot,start,duration_s,yield_kg,cond_lf,cond_rf,cond_lr,cond_rr,refusals',
        64,
        (i) => `V-${77000 + i * 2},NL-58${2900000 + i * 731},MR-03,0${4 + (i % 5)}:${String((i * 7) % 60).padStart(2, '0')},${380 + ((i * 13) % 200)},${(8 + (i % 9) * 0.7).toFixed(1)},${(4.6 + (i % 5) * 0.2).toFixed(1)},${(4.7 + (i % 4) * 0.2).toFixed(1)},${(4.5 + (i % 3) * 0.3).toFixed(1)},${(4.8 + (i % 2) * 0.2).toFixed(1)},0`,
        [[0.52, 'V-77121,NL-582917433,MR-03,05:12,655,3.1,5.2,5.0,7.4,5.1,2']],
      ),
      'docs/十勝/洗浄サイクル.md': CLEANING_DOC,
      'docs/design/telemetry-retention.md': essay('Design note: how long we keep robot telemetry', 6, [
        [0.34, 'In October the six De Waard robots produced 2.1 million visit records, about 38 GB after TimescaleDB compression; the vet dashboard reads fewer than 2 % of them after the first week.'],
      ]),
    },
    turns: [
      {
        text: "Morning. The co-op says robot 4 in the De Waard barn went quiet around five this morning — start with last night's bridge log. #read logs/milkbridge/bridge-2026-11-26.log",
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['robot=MR-04 backlog=1932 visits', 'cert expired 2026-11-25'] },
          { category: 'identifier', kind: 'host:port', source: 'tool', strings: ['mqtt-gw.dewaard-melk.nl:8883'] },
        ],
      },
      {
        text: "Expired broker certificate, so nothing was lost on the robot itself, it just couldn't publish. File all of this under MILK-2207. Going forward we buffer visits on the robot PC in SQLite and replay them once the broker is back, instead of dropping them after three retries like today. The dairy board counts a missing visit as a missed milking, and three in a row for one cow means a welfare inspection. #reply Buffer and replay on the robot PC, tracked as MILK-2207.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['MILK-2207'] },
          { category: 'decision', strings: ['buffer visits on the robot PC in SQLite and replay them once the broker is back'], reasons: ['The dairy board counts a missing visit as a missed milking'] },
        ],
      },
      {
        text: 'Show me the bridge code, I want to see which thresholds it applies. #read milkbridge/bridge/mqtt_bridge.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['MASTITIS_CONDUCTIVITY_MS_CM = 6.8', 'VISIT_DEDUP_WINDOW_S = 90'] }],
      },
      {
        text: '十勝の牧場長から二つ頼まれています。牛が搾乳ボックスに入っている間は、ロボットにコマンドを一切送らないこと。それから、12 月 12 日までに MR-04 のブローカー証明書を更新して、期限切れ前に鳴る監視アラートも入れておいてください。 #reply 承知しました。搾乳中はコマンドを送らず、証明書は 12 日までに更新します。',
        facts: [
          { category: 'rule', lang: 'ja', strings: ['牛が搾乳ボックスに入っている間は、ロボットにコマンドを一切送らないこと'] },
          { category: 'todo', lang: 'ja', strings: ['MR-04 のブローカー証明書を更新して', '12 月 12 日までに'] },
        ],
      },
      {
        text: 'For the replay work you need the herd API: robots post visits to POST /herd/v2/visits/batch, the vet dashboard reads GET /herd/v2/cows/{cowTag}/quarters, and the bridge only replays in visit order when MILKBRIDGE_REPLAY=ordered is set in its unit file. #reply Noted the two routes and the env var.',
        facts: [
          { category: 'identifier', kind: 'route', strings: ['POST /herd/v2/visits/batch'] },
          { category: 'identifier', kind: 'route', strings: ['GET /herd/v2/cows/{cowTag}/quarters'] },
          { category: 'identifier', kind: 'env', strings: ['MILKBRIDGE_REPLAY=ordered'] },
        ],
      },
      { text: 'Start a notes file for the bridge. #write milkbridge/NOTES.md # milkbridge notes\n\nrobot PC -> local SQLite spool -> MQTT over TLS -> bridge -> herd API -> TimescaleDB -> vet dashboard. After an outage the spool is replayed in visit order.' },
      { filler: 3000, style: 'work' },
      {
        text: 'The Tokachi pilot farm sent their cleaning review, in Japanese. What did they settle on? #read docs/十勝/洗浄サイクル.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['ロボットの洗浄サイクルを 1 日 3 回から 4 回に増やす'], reasons: ['細菌数の超過が洗浄間隔の長い時間帯に集中していた'] }],
      },
      {
        text: '杭州数据组刚定下来：体细胞数的告警阈值从每毫升 20 万提高到 25 万。20 万的时候每周要报四百多条告警，兽医根本看不过来，真正的乳房炎反而被淹没了。 #reply 好的，阈值按 25 万处理。',
        facts: [{ category: 'decision', lang: 'zh', strings: ['体细胞数的告警阈值从每毫升 20 万提高到 25 万'], reasons: ['每周要报四百多条告警，兽医根本看不过来'] }],
      },
      {
        text: 'Which firmware are the robots on, according to the config? #exec grep -n "firmware" milkbridge/config/robots.yaml',
        facts: [{ category: 'identifier', kind: 'version', source: 'tool', strings: ['ams-core 4.12.3'] }],
      },
      {
        text: "Two outcomes from the call with the co-op. First, every visit keeps the robot's own timestamp and we correct clock drift on the server; we stop using the broker's receive time. After last night's outage the replayed visits all landed within one minute, so the milking intervals came out as zero and the herd report flagged 60 cows as over-milked. Second, if replay lag is still above 15 minutes a week after the cert rotation, move the bridge off the Raspberry Pi onto the barn NUC. #reply Both recorded.",
        facts: [
          { category: 'decision', strings: ["every visit keeps the robot's own timestamp and we correct clock drift on the server"], reasons: ['the replayed visits all landed within one minute, so the milking intervals came out as zero'] },
          { category: 'todo', strings: ['move the bridge off the Raspberry Pi onto the barn NUC', 'if replay lag is still above 15 minutes a week after the cert rotation'] },
        ],
      },
      { filler: 3500, style: 'work' },
      {
        text: 'The vet wants to know which cow on robot 3 had a quarter spike yesterday. #read data/visits/MR-03-2026-11-26.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['V-77121,NL-582917433,MR-03'] }],
      },
      {
        text: '杭州那边把几个链接发过来了，放这里备查：乳房健康看板在 https://grafana.dewaard-melk.nl/d/udder-health/quarters ，修复重放顺序的提交是 b753e9ad395ee1337bbcd7d1d02a442666c2ed6f ，这次补传任务的 ID 是 95eb2d86-c315-4af6-8639-4c5d3032daa3 。 #reply 三个都记下了。',
        facts: [
          { category: 'identifier', kind: 'url', lang: 'zh', strings: ['https://grafana.dewaard-melk.nl/d/udder-health/quarters'] },
          { category: 'identifier', kind: 'hash', lang: 'zh', strings: ['b753e9ad395ee1337bbcd7d1d02a442666c2ed6f'] },
          { category: 'identifier', kind: 'uuid', lang: 'zh', strings: ['95eb2d86-c315-4af6-8639-4c5d3032daa3'] },
        ],
      },
      {
        text: "Someone on the co-op board asked how much data the robots actually produce. There's a design note on retention. #read docs/design/telemetry-retention.md",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['2.1 million visit records, about 38 GB'] }],
      },
      {
        text: 'Small thing but it bites every new dev: always store the cow ID with its country prefix, never the bare number — the national cattle registry rejects bare numbers outright. #reply Country prefix, always.',
        facts: [{ category: 'rule', strings: ['always store the cow ID with its country prefix'] }],
      },
      { text: "Put the outage behaviour into the README so the farm's IT contractor can find it. #write milkbridge/README.md # milkbridge\n\nBridges robot visit records to the herd database.\n\n## Outages\n\nVisits are spooled on the robot PC and replayed in visit order when the broker is reachable again. Timestamps come from the robot clock; drift is corrected on the server." },
      {
        text: 'And for the runbook: the spool sits in /var/lib/milkbridge/spool/ on every robot PC. #reply Noted.',
        facts: [{ category: 'identifier', kind: 'path', strings: ['/var/lib/milkbridge/spool/'] }],
      },
      { filler: 3500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'e2-exam-room-allocation',
    set: 'held-out-24',
    files: {
      'rooms/exam-capacity.csv': csv(
        'room_id,building,floor,exam_seats,fire_cap,accessible,desk_type',
        58,
        (i) => {
          const b = ['Baird', 'Carrow', 'Ellis', 'Morton'][i % 4];
          const seats = 24 + ((i * 11) % 120);
          return `${b.slice(0, 3).toUpperCase()}-${i % 4}${String(10 + i).padStart(2, '0')},${b},${i % 4},${seats},${seats + 10 + (i % 7)},${i % 3 === 0 ? 'yes' : 'no'},${pick(['fixed', 'folding', 'bench'])}`;
        },
        [[0.4, 'HAD-G14,Hadley,0,96,80,yes,fixed']],
      ),
      'logs/alloc/solve-2026-11-26.log': log('exam-alloc', '2026-11-26', 110, [[0.7, '2026-11-26T02:17:44Z ERROR exam-alloc session=2026-12-09/AM infeasible: MATH2401 needs 418 seats, largest free block 402 (Great Hall + LT1)']]),
      'alloc/src/constraints.ts': code('ts', 92, [
        [0.5, 'export const MIN_TURNAROUND_MIN = 45; // between two papers in the same room'],
        [0.51, 'const SEATS_PER_INVIGILATOR = 35;'],
      ]),
      'config/exam-period.json': json({
        period: '2026-S2-DEC',
        first_day: '2026-12-07',
        last_day: '2026-12-18',
        sittings: ['AM', 'PM'],
        solver: { engine: 'cp-sat', solver_endpoint: 'http://cpsat-pool.exams.internal:7070', workers: 8 },
        buildings: rows(6, (i) => ({ code: ['BAI', 'CAR', 'ELL', 'MOR', 'GRH', 'SPC'][i], open: '08:00', close: i === 5 ? '21:00' : '19:00', note: pick(WORDS) })),
      }),
      'docs/考务/跨楼考试.md': BUILDING_DOC,
      'docs/policy/alternative-arrangements.md': essay('Assessment office review: alternative exam arrangements', 6, [
        [0.35, 'In the June 2026 period 312 candidates had an alternative arrangement (extra time, a separate room or a reader), up from 190 two years earlier.'],
        [0.7, "Decision: candidates with a separate-room arrangement are placed before the main solve rather than after it, because when they were placed last in June, 27 of them ended up more than ten minutes' walk from their own department."],
      ]),
      'alloc/CHANGELOG.md': '# Changelog\n\n## 3.0.2\n\n- Room list import from the estates CSV.\n',
    },
    turns: [
      {
        text: "Ground rule from the exams office before we touch the allocator: two candidates sitting the same paper are never seated next to each other, side by side or front to back. Everything else is up for discussion. #reply Understood — no same-paper neighbours, ever.",
        facts: [{ category: 'rule', strings: ['two candidates sitting the same paper are never seated next to each other'] }],
      },
      {
        text: 'Let me see what the rooms file actually says about capacity. #read rooms/exam-capacity.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['HAD-G14,Hadley,0,96,80'] }],
      },
      {
        text: "That's the problem right there: last May the fire officer stopped a sitting in Hadley G14 halfway through because it was over its certified capacity, and 85 candidates had to resit. So from now on the solver takes the lower of exam_seats and fire_cap for every room, no exceptions. #reply Lower of the two for every room.",
        facts: [{ category: 'decision', strings: ['the solver takes the lower of exam_seats and fire_cap for every room'], reasons: ['the fire officer stopped a sitting in Hadley G14 halfway through'] }],
      },
      {
        text: '学務課の田中さんから API を教えてもらいました。座席の確定は POST /exams/v1/sessions/{sessionId}/allocation、学生ポータルの座席照会は GET /exams/v1/candidates/{candidateId}/seat だそうです。 #reply ありがとうございます、二つとも控えました。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /exams/v1/sessions/{sessionId}/allocation'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /exams/v1/candidates/{candidateId}/seat'] },
        ],
      },
      {
        text: "Last night's trial solve for the December period — did it finish? #read logs/alloc/solve-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['MATH2401 needs 418 seats, largest free block 402'] }],
      },
      {
        text: "OK, for MATH2401 we'll run the whole paper in the Sports Centre with temporary seating rather than moving it to the afternoon; moving it would put 140 students into two exams on the same day. By Wednesday 2 December, get the Sports Centre's temporary seating plan signed off by estates. #reply Sports Centre for MATH2401; seating plan sign-off by the 2nd.",
        facts: [
          { category: 'decision', strings: ['run the whole paper in the Sports Centre with temporary seating rather than moving it to the afternoon'], reasons: ['moving it would put 140 students into two exams on the same day'] },
          { category: 'todo', strings: ["get the Sports Centre's temporary seating plan signed off by estates", 'By Wednesday 2 December'] },
        ],
      },
      { filler: 5000, style: 'work' },
      {
        text: 'Back on the allocator. It finally has a ticket, EXAM-514, and what we ship under it is the exam-alloc 3.1.0 image. Before I change anything: which turnaround and invigilator numbers are baked into the constraints? #read alloc/src/constraints.ts',
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['EXAM-514'] },
          { category: 'identifier', kind: 'version', strings: ['exam-alloc 3.1.0'] },
          { category: 'tool-finding', source: 'tool', strings: ['MIN_TURNAROUND_MIN = 45', 'SEATS_PER_INVIGILATOR = 35'] },
        ],
      },
      {
        text: '考务处发来了跨楼考试的新规定，帮我看看对排考场有什么影响。 #read docs/考务/跨楼考试.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['同一门课程的考生必须安排在同一栋楼内'], reasons: ['跨楼考试无法保证同时开考'] }],
      },
      {
        text: '考务处还特别强调了一条：座位表在开考前 24 小时之内不得再做任何改动。 #reply 明白，开考前 24 小时冻结座位表。',
        facts: [{ category: 'rule', lang: 'zh', strings: ['座位表在开考前 24 小时之内不得再做任何改动'] }],
      },
      {
        text: 'Where does the allocator send its solve jobs these days? #exec grep -n "solver_endpoint" config/exam-period.json',
        facts: [{ category: 'identifier', kind: 'host:port', source: 'tool', strings: ['cpsat-pool.exams.internal:7070'] }],
      },
      {
        text: '国際交流センターと話して決めました。海外にいる交換留学生もオンライン受験は認めず、提携校の試験会場で受けてもらいます。去年の自宅受験では監督が行き届かず、不正の申し立てが 23 件ありました。提携校の会場リストは 12 月 4 日の教務委員会までに確定させてください。 #reply 了解です。会場リストは委員会までに固めます。',
        facts: [
          { category: 'decision', lang: 'ja', strings: ['オンライン受験は認めず、提携校の試験会場で受けてもらいます'], reasons: ['不正の申し立てが 23 件ありました'] },
          { category: 'todo', lang: 'ja', strings: ['提携校の会場リスト', '12 月 4 日の教務委員会までに'] },
        ],
      },
      { filler: 3500, style: 'work' },
      {
        text: 'The assessment office circulated a review of alternative arrangements. Does it change the order of the solve? #read docs/policy/alternative-arrangements.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['candidates with a separate-room arrangement are placed before the main solve rather than after it'], reasons: ["27 of them ended up more than ten minutes' walk from their own department"] }],
      },
      {
        text: 'Deploy notes while I remember: without ALLOC_SOLVER_TIMEOUT_S=240 the solver gives up on the big morning sittings; seat plans get exported to /srv/exams/seatplans/2026-dec/; invigilators pick up their room lists at https://exams.kingsgate.ac.uk/invigilation/2026-dec. #reply Noted all three.',
        facts: [
          { category: 'identifier', kind: 'env', strings: ['ALLOC_SOLVER_TIMEOUT_S=240'] },
          { category: 'identifier', kind: 'path', strings: ['/srv/exams/seatplans/2026-dec/'] },
          { category: 'identifier', kind: 'url', strings: ['https://exams.kingsgate.ac.uk/invigilation/2026-dec'] },
        ],
      },
      {
        text: 'If the solver still says infeasible for any December sitting once the Sports Centre is in the room list, book the Drill Hall as overflow and tell the exams office by 5 pm the same day. #reply Drill Hall as the fallback, understood.',
        facts: [{ category: 'todo', strings: ['book the Drill Hall as overflow', 'If the solver still says infeasible for any December sitting once the Sports Centre is in the room list'] }],
      },
      {
        text: 'From the release PR, for the record:\n  commit  b385b389b5a7b48580eba52ea9ab09e3bf2fb793\n  dry run 2cf1ce10-2e75-4ae0-a697-f5afba2ea56e\n#reply Thanks, both kept.',
        facts: [
          { category: 'identifier', kind: 'hash', strings: ['b385b389b5a7b48580eba52ea9ab09e3bf2fb793'] },
          { category: 'identifier', kind: 'uuid', strings: ['2cf1ce10-2e75-4ae0-a697-f5afba2ea56e'] },
        ],
      },
      { text: 'Note the release in the changelog. #write alloc/CHANGELOG.md # Changelog\n\n## 3.1.0\n\n- Room capacity is the lower of exam seats and fire capacity.\n- Separate-room candidates are placed before the main solve.\n- One building per paper.\n\n## 3.0.2\n\n- Room list import from the estates CSV.\n' },
      { filler: 2000, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'c3-carshare-damage-reports',
    set: 'held-out-24',
    files: {
      'damage-svc/src/attribution.ts': code('ts', 90, [
        [0.3, 'const PRE_TRIP_PHOTO_MAX_AGE_H = 36;'],
        [0.31, 'export const AUTO_CLOSE_BELOW_EUR = 150; // scratches under this are closed without a claim'],
      ]),
      'logs/damage/photo-ingest-2026-11-26.log': log('photo-ingest', '2026-11-26', 115, [[0.45, '2026-11-26T18:07:31Z ERROR photo-ingest report=DR-40917 vehicle="B-SF 4821E" uploaded 7/12 photos; PutObject to s3://sf-damage-photos-eu failed: 403 SignatureDoesNotMatch']]),
      'exports/claims-2026-11.csv': csv(
        'claim_id,report_id,vehicle,member,panel,cost_eur,status',
        66,
        (i) => `CL-${88000 + i * 4},DR-${40000 + i * 9},${pick(['B-SF', 'M-SF', 'HH-SF'])} ${1000 + i * 37}E,mbr_${5500000 + i * 613},${pick(['front bumper', 'left door', 'right mirror', 'tailgate', 'windscreen'])},${(120 + ((i * 53) % 1400)).toFixed(2)},${pick(['paid', 'open', 'paid', 'closed'])}`,
        [[0.6, 'CL-88310,DR-40355,M-SF 1207E,mbr_5521907,rear bumper,4180.00,disputed']],
      ),
      'config/insurers.json': json({
        partners: [
          ...rows(3, (i) => ({ name: ['Rhein Direkt', 'Nordlicht Versicherung', 'Alpen Assekuranz'][i], region: 'DE', claims_api: `https://api.partner${i + 1}.example.com/claims`, rate_limit_rps: 5 + i })),
          { name: 'Hanse Mutual', region: 'DE', claims_api: 'https://fnol.hanse-mutual.example.de/api/v3/claims', rate_limit_rps: 1, note: 'handles disputed claims above EUR 2,000' },
        ],
      }),
      'docs/大阪/返却写真.md': RETURN_PHOTO_DOC,
      'docs/移动端/照片压缩.md': COMPRESSION_DOC,
      'damage-svc/config/thresholds.yaml': code('yaml', 40, []),
    },
    turns: [
      {
        text: "New thread: damage reports for the car-sharing fleet, FLEET-6610. Short version of Monday's meeting — new damage is billed to the last trip whose pre-trip photos show that panel clean, not automatically to the previous trip. Blaming the previous trip was wrong in roughly one dispute in three, and every wrong bill cost us a member. #reply Clear: attribute to the last clean pre-trip photo.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['FLEET-6610'] },
          { category: 'decision', strings: ['new damage is billed to the last trip whose pre-trip photos show that panel clean'], reasons: ['Blaming the previous trip was wrong in roughly one dispute in three'] },
        ],
      },
      {
        text: 'What does attribution.ts do today with photo age and small scratches? #read damage-svc/src/attribution.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['PRE_TRIP_PHOTO_MAX_AGE_H = 36', 'AUTO_CLOSE_BELOW_EUR = 150'] }],
      },
      {
        text: '深圳移动组提醒了两件事：照片里的车牌和人脸必须先打码，才能写进对象存储。另外，安卓端相机权限弹窗的文案要在 12 月 10 日之前改好，法务已经催过两次了。 #reply 收到：先打码再存；文案 12 月 10 日前改好。',
        facts: [
          { category: 'rule', lang: 'zh', strings: ['照片里的车牌和人脸必须先打码，才能写进对象存储'] },
          { category: 'todo', lang: 'zh', strings: ['安卓端相机权限弹窗的文案', '12 月 10 日之前改好'] },
        ],
      },
      { filler: 2500, style: 'work' },
      {
        text: 'A member says half of their return photos vanished on Thursday evening. Find it in the ingest log. #read logs/damage/photo-ingest-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['report=DR-40917', 'uploaded 7/12 photos'] }],
      },
      {
        text: 'Signature mismatch, so the presigned URLs. For the fix: the app uploads through PUT /damage/v1/reports/{reportId}/photos/{slot}, adjusters pull their work from GET /damage/v1/adjuster-queue, and the presigning proxy runs on photo-proxy.sf-fleet.internal:9443. #reply Got the routes and the proxy.',
        facts: [
          { category: 'identifier', kind: 'route', strings: ['PUT /damage/v1/reports/{reportId}/photos/{slot}'] },
          { category: 'identifier', kind: 'route', strings: ['GET /damage/v1/adjuster-queue'] },
          { category: 'identifier', kind: 'host:port', strings: ['photo-proxy.sf-fleet.internal:9443'] },
        ],
      },
      {
        text: "Non-negotiable from legal, whatever the vision model says: we never charge a member's deductible automatically. An adjuster signs off every single charge. #reply Understood, human sign-off on every charge.",
        facts: [{ category: 'rule', strings: ["we never charge a member's deductible automatically"] }],
      },
      {
        text: 'Osaka changed their return-photo rules; the note is in Japanese. What did they decide? #read docs/大阪/返却写真.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['返却時に撮影する写真を 4 枚から 8 枚に増やし'], reasons: ['4 枚の写真では責任の所在を特定できない請求が 4 割近くあった'] }],
      },
      {
        text: '大阪拠点の設定も控えておいてください。損傷判定モデルは damage-vision 0.9.4 を使っていて、写真の保存先リージョンは PHOTO_BUCKET_REGION=ap-northeast-3 で切り替えています。 #reply 承知しました、両方控えました。',
        facts: [
          { category: 'identifier', kind: 'version', lang: 'ja', strings: ['damage-vision 0.9.4'] },
          { category: 'identifier', kind: 'env', lang: 'ja', strings: ['PHOTO_BUCKET_REGION=ap-northeast-3'] },
        ],
      },
      { filler: 4500, style: 'work' },
      {
        text: "Which November claim is the most expensive one still open or in dispute? #read exports/claims-2026-11.csv",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['CL-88310', '4180.00,disputed'] }],
      },
      {
        text: "CL-88310 is exactly the kind of case I mean. Decision: disputed claims over €2,000 go to the partner insurer's assessor rather than our own adjusters.\nWhy: our adjusters aren't certified for structural damage, and the insurer refused two of our assessments in October. #reply Over €2,000 and disputed goes to the insurer's assessor.",
        facts: [{ category: 'decision', strings: ['disputed claims over €2,000', "go to the partner insurer's assessor rather than our own adjusters"], reasons: ["our adjusters aren't certified for structural damage"] }],
      },
      {
        text: 'Which insurer takes those, and where do we send the first notice of loss? #read config/insurers.json',
        facts: [{ category: 'identifier', kind: 'url', source: 'tool', strings: ['https://fnol.hanse-mutual.example.de/api/v3/claims'] }],
      },
      {
        text: '深圳那边的照片压缩方案定稿了，看一下。 #read docs/移动端/照片压缩.md',
        facts: [
          { category: 'tool-finding', lang: 'zh', source: 'tool', strings: ['上个月有 1274 份损伤报告至少缺一张照片'] },
          { category: 'decision', lang: 'zh', source: 'tool', strings: ['App 在上传前把照片压缩到长边 2048 像素、JPEG 质量 85'], reasons: ['原图太大，在地下车库里经常传不完'] },
        ],
      },
      {
        text: "If the insurer's FNOL API keeps answering 429 after we drop to one request per second, batch the claims nightly and send them as a single file over SFTP instead. #reply Will switch to the nightly SFTP batch if the 429s continue.",
        facts: [{ category: 'todo', strings: ['batch the claims nightly and send them as a single file over SFTP', "If the insurer's FNOL API keeps answering 429 after we drop to one request per second"] }],
      },
      {
        text: 'For the postmortem doc:\n- signature fix: 9d561f53abafeb1ba8453ed8783fcdee5416725c\n- incident: b4789dbf-7719-4c41-bbf8-e836067c73ec\n- blurred originals are kept under /data/damage/blurred/2026/\n#reply Added to the postmortem notes.',
        facts: [
          { category: 'identifier', kind: 'hash', strings: ['9d561f53abafeb1ba8453ed8783fcdee5416725c'] },
          { category: 'identifier', kind: 'uuid', strings: ['b4789dbf-7719-4c41-bbf8-e836067c73ec'] },
          { category: 'identifier', kind: 'path', strings: ['/data/damage/blurred/2026/'] },
        ],
      },
      { text: "Write up the attribution rule for the adjusters' wiki. #write damage-svc/docs/attribution.md # How damage is attributed\n\nNew damage goes to the last trip whose pre-trip photos show the panel clean. Pre-trip photos older than 36 hours do not count. Every charge is signed off by an adjuster; disputed claims above EUR 2,000 go to the partner insurer." },
      { text: 'And bring the thresholds file in line with that. #write damage-svc/config/thresholds.yaml auto_close_below_eur: 150\npre_trip_photo_max_age_h: 36\nreturn_photos_required: 8\ndeductible_charge: manual_signoff\ninsurer_assessor_above_eur: 2000' },
      { filler: 3000, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
