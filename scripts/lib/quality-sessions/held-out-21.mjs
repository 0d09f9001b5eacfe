// A HELD-OUT set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an independent
// writer who never saw the extraction code, its tests or any benchmark result; never tuned on. New projects (a
// city transit authority's fare-capping engine, the vision-guided sorting line of a recycling plant, a theatre's
// seat-map ticketing), new wording, work-style filler. Never tune extraction on it and never read its results while
// changing extraction.
// Same format as tuning.mjs / held-out-4.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x21fa7e);

const CHILD_CAP_DOC = `# 子ども運賃の上限額について

料金企画課 · 2026 年 11 月

1 日上限（デイキャップ）の導入にあたり、小児 IC カードの扱いを整理しました。現行の紙の 1 日乗車券は大人 1,080 円・小児 540 円です。

検討の経緯：当初は大人の上限額の半額をそのまま使う案でしたが、乗継割引と 10 円未満の端数処理が重なると、駅の精算機で計算した額とバックエンドの額が 1 円から 4 円ずれるケースが試算で 2,300 件見つかりました。

方針：小児の 1 日上限は大人の半額とはせず、1 日 500 円の固定額とします。半額で計算すると端数処理の順序によって駅の精算機とサーバーの結果が食い違うためです。

なお、障害者割引の上限額は来年度の運賃改定で改めて検討します。
`;

const BLACK_PLASTIC_DOC = `# 关于黑色塑料的分选处理

质量管理部 · 2026 年 11 月

背景：二号线的近红外相机对深色物料的识别率一直偏低。本月抽检的 PP 成品包中，有 3 包因为混入黑色 PET 托盘被下游造粒厂拒收，每包约 420 kg。

我们和设备厂商的工程师在现场做了两天试验，更换光源和调整曝光时间都没有明显改善。

决定：黑色托盘和黑色瓶盖一律不进入 PP 流，直接落到残余物料带。原因是近红外相机识别不了炭黑着色的塑料，光谱几乎是一条平线。

后续如果上线中红外相机，再重新评估这一规定。
`;

const GROUP_BOOKING_DOC = `# 团体票销售方式调整

票务中心 · 2026 年 11 月

现状：团体订单（20 张以上）目前和散客一样在线选座。春节档开票当天，共有 64 个团体订单同时在线操作。

数据：团体订单在选座页面平均停留 8 分钟以上，期间锁定的座位无法被其他观众选择。

决定：20 张以上的团体票不再开放在线选座，改为由票务中心人工配座后出票。理由是团体订单在线选座时平均锁住 37 个座位长达 8 分钟，散客的开票成功率因此下降了 12%。

人工配座的订单须在提交后 2 个工作日内确认座位。
`;

const WHEELCHAIR_DOC = `# 車椅子席と同伴者席の販売ルール

営業部 · 2026 年 11 月

現状：ライリック・ホールの車椅子席は 1 階に 12 席、2 階に 6 席あり、それぞれ隣に同伴者席が 1 席ずつあります。

昨シーズンの問題：同伴者席だけを一般のお客様が購入し、車椅子のお客様が同伴者と並んで座れなかった事例が 9 件ありました。

決定事項：同伴者席は、隣の車椅子席と同じ注文でしか買えないようにします。昨シーズンは同伴者席だけが転売サイトに 140 件出品されたためです。

公演 3 日前を過ぎても売れ残った同伴者席は、一般席として開放します。
`;

export const SESSIONS = [
  {
    id: 'p1-fare-capping',
    set: 'held-out-21',
    files: {
      'fares/engine/src/capping/rules.py': code('py', 95, [
        [0.42, 'DAILY_CAP_CENTS = 1080  # adult, all modes'],
        [0.43, 'WEEKLY_CAP_CENTS = 4320  # Monday 04:00 to Monday 03:59'],
      ]),
      'logs/fares/tap-settlement-2026-11-26.log': log('tap-settlement', '2026-11-26', 120, [
        [0.55, '2026-11-26T02:18:44Z ERROR tap-settlement batch TS-40917 rejected: 1,283 taps arrived after the 02:00 cut-off from validators on route 47X, card tokens left unbilled'],
      ]),
      'config/fare-engine.yaml': code('yaml', 70, [[0.6, '    settlement_host: acq-gw.fares-prod.internal:7443']]),
      'data/taps/week48-sample.csv': csv(
        'card_token,tapped_at,vehicle,event,amount_cents,flags',
        75,
        (i) => `tok_${(0x3a10 + i * 97).toString(16)},2026-11-2${3 + (i % 4)}T${String(6 + (i % 14)).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}:00,${pick(['BUS-12', 'BUS-47X', 'LR-2', 'FERRY-W'])},${pick(['TAP_ON', 'TAP_OFF', 'FARE_DEDUCTED'])},${i % 5 === 0 ? 0 : 180 + 20 * (i % 4)},`,
        [[0.7, 'tok_9f2c71,2026-11-25T18:42:10,BUS-47X,FARE_DEDUCTED,340,cap_reached=true']],
      ),
      'docs/運賃/子ども上限.md': CHILD_CAP_DOC,
    },
    turns: [
      {
        text: 'Before I explain the job, look at how the caps are defined in the engine today. #read fares/engine/src/capping/rules.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['DAILY_CAP_CENTS = 1080', 'WEEKLY_CAP_CENTS = 4320'] }],
      },
      {
        text: "Right, those are the numbers. The work is FARE-2291 for Harbour City Transit. First thing we agreed with the fares team: a journey counts toward the cap of the day it started on, using the tap-on time, not the tap-off. With tap-off, anyone riding across midnight got billed against the next day, and that produced about 1,900 complaints in October alone. #reply Clear, tap-on time decides the day.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['FARE-2291'] },
          { category: 'decision', strings: ['a journey counts toward the cap of the day it started on, using the tap-on time, not the tap-off'], reasons: ['anyone riding across midnight got billed against the next day'] },
        ],
      },
      {
        text: '结算组给的两个接口先记一下：查一张卡当前的封顶进度是 GET /fares/v2/accounts/{accountId}/cap-progress，多扣的钱退回去用 POST /fares/v2/adjustments。 #reply 好的，两个接口都记下了。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['GET /fares/v2/accounts/{accountId}/cap-progress'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['POST /fares/v2/adjustments'] },
        ],
      },
      {
        text: "Finance insists on this one and I agree: never charge a card more than the daily cap, even if the tap shows up late from an offline validator — we eat the difference. Separately, before the fare change on 1 December, re-run the October tap replay against the new weekly cap so we know what it does to revenue. #reply Understood on both; I'll schedule the replay.",
        facts: [
          { category: 'rule', strings: ['never charge a card more than the daily cap'] },
          { category: 'todo', strings: ['re-run the October tap replay against the new weekly cap', 'before the fare change on 1 December'] },
        ],
      },
      { text: 'Start a notes file so we have the flow in one place. #write fares/NOTES.md # Fare capping\n\nvalidator tap -> tap store -> journey builder -> cap ledger per card -> nightly settlement with the acquirer -> adjustments for anything charged above a cap.' },
      { filler: 3000, style: 'work' },
      {
        text: "Tuesday night's settlement didn't bill a whole route. Check the log. #read logs/fares/tap-settlement-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['batch TS-40917 rejected', '1,283 taps arrived after the 02:00 cut-off'] }],
      },
      {
        text: 'それを受けて決めました。オフライン検証機からのタップは 72 時間まで遅れて届いても受け付けます。バスの車載機は車庫に戻るまで通信できないので、長いと 2 日半遅れて届くことがあるからです。 #reply 了解です、72 時間の受付窓にします。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['オフライン検証機からのタップは 72 時間まで遅れて届いても受け付けます'], reasons: ['バスの車載機は車庫に戻るまで通信できない'] }],
      },
      {
        text: 'Here is the relevant bit of the release checklist, copied as is:\n\n```\n[x] env      FARE_CAP_TZ=Pacific/Auckland\n[x] build    fare-engine 2.14.0\n[ ] replay   run 22b4fd43-b07f-4ecb-8948-e07bb20aa838 (October, full)\n```\n#reply Thanks, I have the env, the build and the replay run.',
        facts: [
          { category: 'identifier', kind: 'env', strings: ['FARE_CAP_TZ=Pacific/Auckland'] },
          { category: 'identifier', kind: 'version', strings: ['fare-engine 2.14.0'] },
          { category: 'identifier', kind: 'uuid', strings: ['22b4fd43-b07f-4ecb-8948-e07bb20aa838'] },
        ],
      },
      {
        text: 'Where does the engine send settlement files in prod? #exec grep -n "settlement_host" config/fare-engine.yaml',
        facts: [{ category: 'identifier', kind: 'host:port', source: 'tool', strings: ['acq-gw.fares-prod.internal:7443'] }],
      },
      {
        text: '料金企画課から子どもの上限額についての資料が届いています。目を通してもらえますか。 #read docs/運賃/子ども上限.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['小児の 1 日上限は大人の半額とはせず、1 日 500 円の固定額とします'], reasons: ['端数処理の順序によって駅の精算機とサーバーの結果が食い違う'] }],
      },
      {
        text: 'A rider wrote in saying she paid after hitting the cap on Wednesday. Anything like that in the week 48 sample? #read data/taps/week48-sample.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['tok_9f2c71', 'FARE_DEDUCTED,340,cap_reached=true'] }],
      },
      { filler: 2500, style: 'work' },
      {
        text: '补充两点。第一，如果下周一的回放结果里还能看到超过封顶的扣款，就先把周封顶的开关关掉，等财务确认之后再打开。第二，学生卡的乘车记录最多只能保留 13 个月，这是合规部门的硬性要求。 #reply 明白，两件都记住了。',
        facts: [
          { category: 'todo', lang: 'zh', strings: ['就先把周封顶的开关关掉，等财务确认之后再打开', '如果下周一的回放结果里还能看到超过封顶的扣款'] },
          { category: 'rule', lang: 'zh', strings: ['学生卡的乘车记录最多只能保留 13 个月'] },
        ],
      },
      {
        text: "We're also dropping the monthly cap for this release. It only ever kicked in for 0.4 % of riders, and keeping it doubled the state the engine has to hold per card. #reply OK, no monthly cap.",
        facts: [{ category: 'decision', strings: ['dropping the monthly cap for this release'], reasons: ['keeping it doubled the state the engine has to hold per card'] }],
      },
      {
        text: 'So you can find things later: the replay results are on https://fares-replay.hctransit.example.org/runs/october-2026, the midnight rollover fix is 1ab2c7048d1d0800068b4ba4a0e68c5fbac76c55, and the replay writes its per-card ledgers to /data/fare-replay/ledgers/2026-10/. #reply Got all three.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://fares-replay.hctransit.example.org/runs/october-2026'] },
          { category: 'identifier', kind: 'hash', strings: ['1ab2c7048d1d0800068b4ba4a0e68c5fbac76c55'] },
          { category: 'identifier', kind: 'path', strings: ['/data/fare-replay/ledgers/2026-10/'] },
        ],
      },
      { text: 'Bring the notes up to date. #write fares/NOTES.md # Fare capping\n\nvalidator tap -> tap store (late taps accepted) -> journey builder (day by tap-on) -> cap ledger per card (daily, weekly) -> nightly settlement with the acquirer -> adjustments for anything charged above a cap. Child cap: fixed amount, see the fares team note.' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'p2-sorting-vision',
    set: 'held-out-21',
    files: {
      'docs/质量/黑色塑料.md': BLACK_PLASTIC_DOC,
      'vision/sorter/ejector_timing.c': code('c', 88, [
        [0.5, '#define VALVE_OPEN_US 3200'],
        [0.51, '#define BELT_SPEED_MM_S 3000'],
      ]),
      'logs/sorter/line2-2026-11-26.log': log('sortvision', '2026-11-26', 115, [
        [0.35, '2026-11-26T01:52:09Z ERROR sortvision line-2 frame 8812044: model returned PET_CLEAR for 17.4% of black trays, purity alarm PUR-2 raised on the PET bunker'],
      ]),
      'docs/design/classifier-retraining.md': essay('Design note: retraining the line 2 classifier', 6, [
        [0.5, 'Decision: the classifier is retrained every week on frames labelled at the QC bench instead of every quarter on the vendor library, because the vendor images were all shot under halogen light and line 2 switched to LED panels in August.'],
      ]),
      'reports/bale-purity-2026-w47.json': json({
        week: '2026-W47',
        line: 2,
        bales: [
          ...rows(9, (i) => ({ bale_id: `B-26-${4400 + i * 7}`, stream: pick(['PET_CLEAR', 'PET_COLOUR', 'PP', 'HDPE_NATURAL']), kg: 380 + 11 * i, purity_pct: (950 + (i % 4) * 9) / 10, inspector: pick(WORDS) })),
          { bale_id: 'B-26-4471', stream: 'HDPE_NATURAL', kg: 402, purity_pct: 88.3, inspector: 'qc-night' },
        ],
      }),
      'deploy/sorter/line2.env': `# line 2 edge box\nSORTVISION_LINE=2\nSORTVISION_CAMERAS=2\nSORTVISION_MODEL_SHA=d17ccad99decb4e7f7686fc8b12322fcec93a58f\nSORTVISION_LOG_LEVEL=info\n`,
    },
    turns: [
      {
        text: 'Read what quality management decided about black plastics first, then I will tell you what we are building. #read docs/质量/黑色塑料.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['黑色托盘和黑色瓶盖一律不进入 PP 流，直接落到残余物料带'], reasons: ['近红外相机识别不了炭黑着色的塑料'] }],
      },
      {
        text: "Good. So: SORT-506 is the vision upgrade for sorting line 2 at the Nordvik recycling plant. The big call is that the classifier runs on the Jetson box at the line rather than on the plant server. A round trip to the server took 38 ms, and the air jets need their answer within 25 ms of an item leaving the camera's field. One thing from the safety officer that is absolute: no ejector valve fires while the belt guard is open. #reply Understood: inference at the line, and the guard interlock is absolute.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['SORT-506'] },
          { category: 'decision', strings: ['the classifier runs on the Jetson box at the line rather than on the plant server'], reasons: ['A round trip to the server took 38 ms'] },
          { category: 'rule', strings: ['no ejector valve fires while the belt guard is open'] },
        ],
      },
      {
        text: 'How long does a valve stay open, and what belt speed does the firmware assume? #read vision/sorter/ejector_timing.c',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['VALVE_OPEN_US 3200', 'BELT_SPEED_MM_S 3000'] }],
      },
      {
        text: 'ライン制御側の情報です。エジェクタの遅延補正は PUT /line/v1/ejectors/{bankId}/offset、カメラの状態確認は GET /line/v1/cameras/{cameraId}/status で、MQTT ブローカーは mqtt.mrf-nordvik.lan:8883 にあります。 #reply ありがとうございます、すべて控えました。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['PUT /line/v1/ejectors/{bankId}/offset'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /line/v1/cameras/{cameraId}/status'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['mqtt.mrf-nordvik.lan:8883'] },
        ],
      },
      { filler: 2000, style: 'work' },
      {
        text: 'The PET bunker alarmed overnight and the shift lead wants to know why. #read logs/sorter/line2-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['model returned PET_CLEAR for 17.4% of black trays', 'purity alarm PUR-2'] }],
      },
      {
        text: "Two follow-ups from that. If purity on the clear PET stream is still under 94 % a week after the black-tray change, add a second NIR pass on the residue belt. And get the labelled-frame export over to the QC bench by Thursday the 3rd; they can't start labelling without it. #reply Both on my list.",
        facts: [
          { category: 'todo', strings: ['add a second NIR pass on the residue belt', 'If purity on the clear PET stream is still under 94 % a week after the black-tray change'] },
          { category: 'todo', strings: ['get the labelled-frame export over to the QC bench', 'by Thursday the 3rd'] },
        ],
      },
      { text: 'Make a notes file for the line 2 work. #write vision/NOTES.md # Line 2 vision\n\nbelt -> NIR camera + RGB camera -> classifier on the edge box -> ejector bank timing -> bunkers per stream -> bale QC.' },
      {
        text: "There's a design note on how often we retrain. What did it settle? #read docs/design/classifier-retraining.md",
        facts: [{ category: 'decision', source: 'tool', strings: ['the classifier is retrained every week on frames labelled at the QC bench instead of every quarter on the vendor library'], reasons: ['the vendor images were all shot under halogen light'] }],
      },
      {
        text: '刚跟厂里确认：喷嘴的吹气压力从 6 bar 降到 4.5 bar。用 6 bar 的时候，轻的薄膜会被吹到隔壁的料带上，等于白分了。 #reply 好，改成 4.5 bar。',
        facts: [{ category: 'decision', lang: 'zh', strings: ['喷嘴的吹气压力从 6 bar 降到 4.5 bar'], reasons: ['轻的薄膜会被吹到隔壁的料带上'] }],
      },
      {
        text: "Which bale failed QC worst in week 47? #read reports/bale-purity-2026-w47.json",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"bale_id": "B-26-4471"', '"purity_pct": 88.3'] }],
      },
      { filler: 3500, style: 'work' },
      {
        text: 'Deployment details from the change request, so they are not lost:\n- SORTVISION_CONF_MIN=0.82 on the edge box\n- image sortvision-edge 1.9.3\n- training dataset a2a2a47e-40a4-43e5-8965-3b78e4bf7a8b\n#reply Noted, all three.',
        facts: [
          { category: 'identifier', kind: 'env', strings: ['SORTVISION_CONF_MIN=0.82'] },
          { category: 'identifier', kind: 'version', strings: ['sortvision-edge 1.9.3'] },
          { category: 'identifier', kind: 'uuid', strings: ['a2a2a47e-40a4-43e5-8965-3b78e4bf7a8b'] },
        ],
      },
      {
        text: 'Which model build is pinned on the line 2 box right now? #exec grep -n "MODEL_SHA" deploy/sorter/line2.env',
        facts: [{ category: 'identifier', kind: 'hash', source: 'tool', strings: ['d17ccad99decb4e7f7686fc8b12322fcec93a58f'] }],
      },
      {
        text: '品質管理からのお願いです。夜勤のオペレーターには分類のしきい値を変えさせないでください。それと、年内に 3 号ラインのカメラ校正を終わらせておいてください。 #reply 承知しました。しきい値はロックし、校正は年内に済ませます。',
        facts: [
          { category: 'rule', lang: 'ja', strings: ['夜勤のオペレーターには分類のしきい値を変えさせないでください'] },
          { category: 'todo', lang: 'ja', strings: ['3 号ラインのカメラ校正を終わらせておいてください', '年内に'] },
        ],
      },
      {
        text: 'Settled with the plant manager after the film trials: the jets fire on the leading edge of an item, not on its centroid. Why — centroid timing kept missing long films, since the front half had already passed the nozzle row when the jet fired. #reply Leading edge it is.',
        facts: [{ category: 'decision', strings: ['the jets fire on the leading edge of an item, not on its centroid'], reasons: ['centroid timing kept missing long films'] }],
      },
      {
        text: 'For the runbook: the live line view is https://scada.nordvik-mrf.example.no/lines/2/sorter and rejected frames are kept under /srv/sortvision/rejects/line2/. #reply Added to my notes.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://scada.nordvik-mrf.example.no/lines/2/sorter'] },
          { category: 'identifier', kind: 'path', strings: ['/srv/sortvision/rejects/line2/'] },
        ],
      },
      { text: 'Update the notes with what changed today. #write vision/NOTES.md # Line 2 vision\n\nbelt -> NIR camera + RGB camera -> classifier on the edge box (weekly retrain) -> ejector bank timing (leading edge) -> bunkers per stream -> bale QC. Black items go to residue. Jet pressure lowered.' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'p3-seat-map-ticketing',
    set: 'held-out-21',
    files: {
      'ticketing/seatmap/src/holds.ts': code('ts', 92, [
        [0.36, 'export const SEAT_HOLD_TTL_SECONDS = 480;'],
        [0.37, 'const MAX_SEATS_PER_ORDER = 10;'],
      ]),
      'logs/ticketing/onsale-2026-11-26.log': log('seat-lock', '2026-11-26', 118, [
        [0.48, '2026-11-26T10:00:52Z ERROR seat-lock onsale ONS-2231: 6,402 lock conflicts in 90 s on section STALLS-C, waiting room released 4,100 users in the first minute'],
      ]),
      'docs/票务/团体票.md': GROUP_BOOKING_DOC,
      'deploy/ticketing/values-prod.yaml': code('yaml', 60, [[0.4, '    onsale_queue_rate_per_min: 1500']]),
      'venues/lyric-hall/seatmap-v14.csv': csv(
        'seat_id,section,row,number,x,y,price_band,accessible',
        80,
        (i) => {
          const sec = pick(['STALLS', 'DRESS', 'GRAND', 'BALCONY']);
          const row = String.fromCharCode(65 + (i % 12));
          return `${sec.slice(0, 3)}-${row}-${(i % 24) + 1},${sec},${row},${(i % 24) + 1},${(100 + i * 9.5).toFixed(1)},${(80 + (i % 12) * 21).toFixed(1)},${pick(['A', 'B', 'C'])},no`;
        },
        [[0.55, 'BAL-K-14,BALCONY,K,14,812.5,233.0,RESTRICTED_VIEW,yes']],
      ),
      'docs/劇場/車椅子席.md': WHEELCHAIR_DOC,
      'ticketing/CHANGELOG.md': '# Changelog\n\n## 7.1.0\n\n- Seat map rendered from the venue CSV.\n- Waiting room in front of onsales.\n',
    },
    turns: [
      {
        text: "New project: seat-map ticketing for the Lyric Hall, ticket TIX-7720. What we've settled so far is that seat holds live server-side in Redis with a TTL, rather than in the browser's local storage — on the Hamilton onsale 212 people paid for seats that someone else had already paid for. The endpoints you'll be in most: POST /ticketing/v3/performances/{perfId}/holds to hold seats and DELETE /ticketing/v3/holds/{holdId} to release them. #reply Got it: server-side holds, and those two endpoints.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['TIX-7720'] },
          { category: 'decision', strings: ['seat holds live server-side in Redis with a TTL'], reasons: ['212 people paid for seats that someone else had already paid for'] },
          { category: 'identifier', kind: 'route', strings: ['POST /ticketing/v3/performances/{perfId}/holds'] },
          { category: 'identifier', kind: 'route', strings: ['DELETE /ticketing/v3/holds/{holdId}'] },
        ],
      },
      {
        text: 'How long is a hold kept, and how many seats can one order take? #read ticketing/seatmap/src/holds.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['SEAT_HOLD_TTL_SECONDS = 480', 'MAX_SEATS_PER_ORDER = 10'] }],
      },
      {
        text: '有两条规矩请一直遵守：无障碍座位永远不能放进自动“最佳座位”分配里，只能由观众自己选。 Also, never show a seat as free on the map until the lock service has confirmed the release. #reply Both rules noted.',
        facts: [
          { category: 'rule', lang: 'zh', strings: ['无障碍座位永远不能放进自动“最佳座位”分配里'] },
          { category: 'rule', strings: ['never show a seat as free on the map until the lock service has confirmed the release'] },
        ],
      },
      { text: 'Create a notes file for the seat map work. #write ticketing/NOTES.md # Seat map\n\nvenue CSV -> seat map JSON per performance -> waiting room -> holds (server side) -> payment -> tickets issued -> holds released.' },
      { filler: 4000, style: 'work' },
      {
        text: 'Yesterday morning\'s onsale was rough. What happened according to the lock service? #read logs/ticketing/onsale-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['6,402 lock conflicts in 90 s', 'section STALLS-C'] }],
      },
      {
        text: '票务中心对团体票有新规定，你看一下。 #read docs/票务/团体票.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['20 张以上的团体票不再开放在线选座，改为由票务中心人工配座后出票'], reasons: ['团体订单在线选座时平均锁住 37 个座位长达 8 分钟'] }],
      },
      {
        text: 'インフラチームから連絡がありました。座席ロック用の Redis は seatlock.lyric-prod.internal:6380 で、本番は SEAT_LOCK_STRATEGY=redlock で動いています。いま出ているのは ticketing-api 7.2.0 です。 #reply 了解しました。',
        facts: [
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['seatlock.lyric-prod.internal:6380'] },
          { category: 'identifier', kind: 'env', lang: 'ja', strings: ['SEAT_LOCK_STRATEGY=redlock'] },
          { category: 'identifier', kind: 'version', lang: 'ja', strings: ['ticketing-api 7.2.0'] },
        ],
      },
      {
        text: "If the waiting room ever lets more than 1,500 people a minute through again, lower its release rate before the next onsale opens. #reply Will do if it happens.",
        facts: [{ category: 'todo', strings: ['lower its release rate before the next onsale opens', 'If the waiting room ever lets more than 1,500 people a minute through again'] }],
      },
      {
        text: 'What rate is the waiting room configured with in prod? #exec grep -n "onsale_queue_rate" deploy/ticketing/values-prod.yaml',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['onsale_queue_rate_per_min: 1500'] }],
      },
      {
        text: 'The venue says one balcony seat is both accessible and restricted view. Find it in the v14 map. #read venues/lyric-hall/seatmap-v14.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['BAL-K-14,BALCONY,K,14', 'RESTRICTED_VIEW,yes'] }],
      },
      { filler: 1500, style: 'work' },
      {
        text: 'Zone pricing it is: the map carries one price per zone, not a price per seat. Per-seat prices made the Grand Circle map JSON 4.1 MB. Mid-range Android phones froze trying to render it. #reply Understood, prices per zone.',
        facts: [{ category: 'decision', strings: ['the map carries one price per zone, not a price per seat'], reasons: ['Per-seat prices made the Grand Circle map JSON 4.1 MB'] }],
      },
      {
        text: '営業部から車椅子席についての方針が来ています。確認してください。 #read docs/劇場/車椅子席.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['同伴者席は、隣の車椅子席と同じ注文でしか買えないようにします'], reasons: ['同伴者席だけが転売サイトに 140 件出品された'] }],
      },
      {
        text: '还有一件事：元旦演出开票之前，把二楼包厢的座位图换成新的 v15 版本。 #reply 好的，开票前换好。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['把二楼包厢的座位图换成新的 v15 版本', '元旦演出开票之前'] }],
      },
      {
        text: "For the release note: the New Year's gala is performance 5298b3a4-cd62-4223-ac58-3ce9f317706f, the hold TTL fix went in as 74d1ed5a32a9312adc2d957c19d7beb6d3f933cc, the seat map editor is at https://admin.lyrichall.example.com/seatmaps/v14/edit, and exported maps land in /var/lib/seatmap/exports/. #reply All four recorded.",
        facts: [
          { category: 'identifier', kind: 'uuid', strings: ['5298b3a4-cd62-4223-ac58-3ce9f317706f'] },
          { category: 'identifier', kind: 'hash', strings: ['74d1ed5a32a9312adc2d957c19d7beb6d3f933cc'] },
          { category: 'identifier', kind: 'url', strings: ['https://admin.lyrichall.example.com/seatmaps/v14/edit'] },
          { category: 'identifier', kind: 'path', strings: ['/var/lib/seatmap/exports/'] },
        ],
      },
      { text: 'Add the next version to the changelog. #write ticketing/CHANGELOG.md # Changelog\n\n## 7.2.0\n\n- Seat holds kept server side with a TTL.\n- One price per zone on the map.\n- Group orders assigned by the box office.\n\n## 7.1.0\n\n- Seat map rendered from the venue CSV.\n- Waiting room in front of onsales.\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
