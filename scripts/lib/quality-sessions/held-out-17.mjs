// The seventeenth HELD-OUT set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an
// independent writer who never saw the extraction code; never tuned on. New projects (a zoo's animal-feeding
// schedule, an esports league's match-result ingestion, a timber mill's log-grading scanner), new wording,
// work-style filler. Never tune extraction on it and never read its results while changing extraction.
// Same format as tuning.mjs / held-out.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x17a5c3);

const VET_DOC = `# 給餌スケジュール変更のお知らせ

獣医療チーム · 2026 年 11 月

冬期は屋外展示の動物の活動量が落ちるため、例年どおり給餌量の見直しを行いました。

大型ネコ科については、昨シーズンの体重記録と便の状態を確認したうえで、以下の通り運用を変えます。

決定事項：アムールトラの絶食日を月曜から木曜に移します。月曜は休園日明けで獣医の巡回が午前に集中し、給餌後の観察に人を割けなかったからです。

その他の種については従来どおりとし、変更がある場合は改めて連絡します。
`;

const PATCH_DOC = `# 赛果录入规则调整（联盟赛事部）

2026 年 11 月 · 适用于秋季赛常规赛

背景：上赛季有 11 场比赛的比分在官网和直播画面上不一致，最长的一次持续了 40 分钟才被修正。

经讨论，赛事部对赛果录入做如下调整。

决定：比赛结果必须由两名裁判分别确认后才能写入积分榜。原因是上赛季有 3 次单人录入把主客队比分填反，导致积分榜排名错误。

录入界面会在第二名裁判确认前把结果标成“待确认”。
`;

const GRADING_DOC = `# 木材等級判定の閾値について

品質管理課 · 2026 年 11 月

スキャナー導入から三か月、目視検査との一致率は全体で 93 % でした。不一致の大半は節の大きさの判定です。

結論：節径 35 mm 以上の丸太は自動で B 等級以下に落とすことにしました。目視検査員との判定差の 7 割が 30〜40 mm の節に集中していたためです。

閾値は来春の再評価まで固定とします。
`;

export const SESSIONS = [
  {
    id: 'z1-zoo-feeding',
    set: 'held-out-17',
    files: {
      'feeding/config/species.yaml': code('yaml', 75, [
        [0.4, '    penguin_fish_kg_per_day: 0.9'],
        [0.41, '    fasting_days_per_week: 1'],
      ]),
      'logs/feeding/scheduler-2026-11-26.log': log('feed-scheduler', '2026-11-26', 110, [[0.55, '2026-11-26T02:13:40Z ERROR feed-scheduler task FT-55102 skipped: keeper roster empty for enclosure E-14 (giraffe house) on 2026-11-27 shift A']]),
      'data/inventory/cold-store-2026-11-26.csv': csv(
        'item_id,item,supplier,kg_on_hand,use_by',
        55,
        (i) => `INV-${String(200 + i * 7)},${pick(['herring', 'beef', 'carrot', 'hay', 'apple'])} ${pick(WORDS)},${pick(['Nordfisk', 'AgriCo', 'Harvest'])},${40 + i},2026-12-${String(1 + (i % 27)).padStart(2, '0')}`,
        [[0.5, 'INV-0731,capelin,Nordfisk,12,2026-11-28']],
      ),
      'docs/獣医/給餌変更.md': VET_DOC,
      'feeding/README.md': '# Feeding scheduler\n\nBuilds the daily feed plan per enclosure from species.yaml and the keeper roster.\n',
    },
    turns: [
      {
        text: 'Before anything else, show me how the species config is laid out — I want to see what the penguins get. #read feeding/config/species.yaml',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['penguin_fish_kg_per_day: 0.9'] }],
      },
      {
        text: "Right, context: this is the keeper app for Lakeside Zoo, ticket ZOO-642. One thing the curators insist on: a diet change is only ever entered by a vet, never by a keeper. Also we've decided to keep the schedule in Postgres rather than the old Access file, since the Access file got corrupted twice this autumn and we lost a week of weigh-ins. #reply OK — Postgres, vets only for diet changes.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['ZOO-642'] },
          { category: 'rule', strings: ['a diet change is only ever entered by a vet, never by a keeper'] },
          { category: 'decision', strings: ['keep the schedule in Postgres rather than the old Access file'], reasons: ['the Access file got corrupted twice this autumn'] },
        ],
      },
      {
        text: 'The giraffe house had no morning feed planned. Why? #read logs/feeding/scheduler-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['task FT-55102 skipped', 'keeper roster empty for enclosure E-14'] }],
      },
      {
        text: '飼育員アプリの API はこちらです：給餌記録は POST /keeper/v1/enclosures/{enclosureId}/feedings、体重の履歴は GET /keeper/v1/animals/{animalId}/weights。ステージングの DB は pg-feeding.zoo-stg.internal:6432 です。 #reply 控えました。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /keeper/v1/enclosures/{enclosureId}/feedings'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /keeper/v1/animals/{animalId}/weights'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['pg-feeding.zoo-stg.internal:6432'] },
        ],
      },
      { text: 'Write down the daily flow somewhere. #write feeding/NOTES.md # Daily feed plan\n\nspecies.yaml + roster -> plan per enclosure -> keeper app -> feed logged -> weigh-in weekly.' },
      { filler: 5000, style: 'work' },
      {
        text: "Which cold-store item runs out soonest? #exec grep -n \"2026-11-28\" data/inventory/cold-store-2026-11-26.csv",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['INV-0731,capelin,Nordfisk'] }],
      },
      {
        text: '獣医チームから給餌の変更連絡が来ました。確認してください。 #read docs/獣医/給餌変更.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['アムールトラの絶食日を月曜から木曜に移します'], reasons: ['給餌後の観察に人を割けなかったから'] }],
      },
      {
        text: "We're switching the weigh-in reminders to push notifications and dropping the SMS path. Keepers don't carry their own phones on shift, so half the texts were never read. And if the capelin delivery from Nordfisk slips past Friday, swap the penguins to herring for the weekend. #reply Push only; herring fallback noted.",
        facts: [
          { category: 'decision', strings: ['switching the weigh-in reminders to push notifications and dropping the SMS path'], reasons: ["Keepers don't carry their own phones on shift"] },
          { category: 'todo', strings: ['swap the penguins to herring for the weekend', 'if the capelin delivery from Nordfisk slips past Friday'] },
        ],
      },
      {
        text: 'Deploy notes for the scheduler:\n  FEED_PLAN_CUTOFF=05:30\n  build feed-scheduler 2.4.1\n  plan run 3c9e21d4-7b0a-4f6e-9d2c-81f5a0b6e7c3\n#reply All three recorded.',
        facts: [
          { category: 'identifier', kind: 'env', strings: ['FEED_PLAN_CUTOFF=05:30'] },
          { category: 'identifier', kind: 'version', strings: ['feed-scheduler 2.4.1'] },
          { category: 'identifier', kind: 'uuid', strings: ['3c9e21d4-7b0a-4f6e-9d2c-81f5a0b6e7c3'] },
        ],
      },
      {
        text: '园长办公室定了：夜间动物馆的投喂时间统一改到下午四点，因为游客投诉晚上六点以后馆内太暗看不到喂食。请在十二月十五日以前把新的投喂时间表发给所有饲养员。 #reply 好的，十五日前发出。',
        facts: [
          { category: 'decision', lang: 'zh', strings: ['夜间动物馆的投喂时间统一改到下午四点'], reasons: ['游客投诉晚上六点以后馆内太暗看不到喂食'] },
          { category: 'todo', lang: 'zh', strings: ['把新的投喂时间表发给所有饲养员', '十二月十五日以前'] },
        ],
      },
      {
        text: 'Please never schedule two carnivore feeds in adjacent enclosures within the same 15 minutes; the lions get agitated. For reference: the plan board lives at https://keeper.lakeside-zoo.example.org/plans/today, the roster fix is commit 9b41f07c2ad35e8816c0e4f7a2d93b5c10e8f6a1, and exported plans land in /srv/feeding/exports/daily/. #reply Noted, all of it.',
        facts: [
          { category: 'rule', strings: ['never schedule two carnivore feeds in adjacent enclosures within the same 15 minutes'] },
          { category: 'identifier', kind: 'url', strings: ['https://keeper.lakeside-zoo.example.org/plans/today'] },
          { category: 'identifier', kind: 'hash', strings: ['9b41f07c2ad35e8816c0e4f7a2d93b5c10e8f6a1'] },
          { category: 'identifier', kind: 'path', strings: ['/srv/feeding/exports/daily/'] },
        ],
      },
      {
        text: "One more call: each section also gets the plan printed on paper at the start of the shift. The tablets die in the cold at the outdoor enclosures, so paper is the fallback. #reply Paper copies too.",
        facts: [{ category: 'decision', strings: ['each section also gets the plan printed on paper at the start of the shift'], reasons: ['The tablets die in the cold at the outdoor enclosures'] }],
      },
      { text: 'What does the README say right now? #read feeding/README.md' },
      { text: 'Add the push reminder to the README. #write feeding/README.md # Feeding scheduler\n\nBuilds the daily feed plan per enclosure from species.yaml and the keeper roster.\nWeigh-in reminders go out as push notifications (no SMS).\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'z2-esports-results',
    set: 'held-out-17',
    files: {
      'ingest/src/score/normalize.ts': code('ts', 90, [
        [0.5, 'export const MAX_MAP_SCORE = 16; // CS rounds to win a map'],
        [0.51, 'const RESULT_GRACE_MINUTES = 20;'],
      ]),
      'logs/ingest/results-2026-11-26.log': log('result-ingest', '2026-11-26', 115, [[0.45, '2026-11-26T21:48:09Z ERROR result-ingest match M-30917 rejected: team tag "NVX" not in roster for season AUT26, standings not updated']]),
      'fixtures/week12.json': json({
        season: 'AUT26',
        week: 12,
        organiser_feed: 'https://api.brackethub.example.com/v4/events/aut26/matches',
        matches: [
          ...rows(6, (i) => ({ id: `M-${31000 + i}`, home: pick(['KRN', 'OWL', 'TDE', 'VLK']), away: pick(['SPR', 'HXA', 'BRX']), bo: 3, status: 'scheduled' })),
          { id: 'M-31020', home: 'OWL', away: 'SPR', bo: 5, status: 'forfeit', note: 'SPR no-show' },
        ],
      }),
      'docs/赛事/赛果录入.md': PATCH_DOC,
      'docs/design/replay-retention.md': essay('Design note: keeping replays', 5, [
        [0.6, 'Decision: replay files are kept for 90 days and then moved to cold storage, because disputes are almost never filed later than two months after a match and hot storage cost tripled this season.'],
      ]),
    },
    turns: [
      {
        text: 'I need a hand with the league\'s result ingestion. Start by telling me how scores are normalised today. #read ingest/src/score/normalize.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['MAX_MAP_SCORE = 16', 'RESULT_GRACE_MINUTES = 20'] }],
      },
      {
        text: '这是 LEAGUE-2210 的工作。联盟的硬性要求：积分榜在比赛进行中绝不能更新，只有终场后才能写。 #reply 明白，终场后再写积分榜。',
        facts: [
          { category: 'identifier', kind: 'ticket', lang: 'zh', strings: ['LEAGUE-2210'] },
          { category: 'rule', lang: 'zh', strings: ['积分榜在比赛进行中绝不能更新，只有终场后才能写'] },
        ],
      },
      {
        text: 'Last night one result never reached the standings. What happened? #read logs/ingest/results-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['match M-30917 rejected', 'team tag "NVX" not in roster'] }],
      },
      {
        text: "Decision on the feed: we'll take results from the tournament organiser's webhook and stop scraping the public bracket page. The scraper broke every time they restyled the page, three times since August. Webhook goes to POST /ingest/v2/matches/{matchId}/result, and the standings read is GET /ingest/v2/seasons/{seasonId}/standings. #reply Webhook it is.",
        facts: [
          { category: 'decision', strings: ["take results from the tournament organiser's webhook and stop scraping the public bracket page"], reasons: ['The scraper broke every time they restyled the page'] },
          { category: 'identifier', kind: 'route', strings: ['POST /ingest/v2/matches/{matchId}/result'] },
          { category: 'identifier', kind: 'route', strings: ['GET /ingest/v2/seasons/{seasonId}/standings'] },
        ],
      },
      { text: 'Start a notes file for the pipeline. #write ingest/NOTES.md # Result ingestion\n\nwebhook -> validate teams against roster -> normalise scores -> referee confirmation -> standings.' },
      {
        text: 'One more for the list: by Sunday 30 November, reconcile the AUT26 roster with the organiser\'s team list so renamed tags stop getting rejected. The queue is on redis-ingest.league-prod.internal:6380 if you need to replay. #reply Will reconcile by Sunday.',
        facts: [
          { category: 'todo', strings: ["reconcile the AUT26 roster with the organiser's team list", 'by Sunday 30 November'] },
          { category: 'identifier', kind: 'host:port', strings: ['redis-ingest.league-prod.internal:6380'] },
        ],
      },
      { filler: 5500, style: 'work' },
      {
        text: '赛事部发来了新的录入规则，看一下对我们有什么影响。 #read docs/赛事/赛果录入.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['比赛结果必须由两名裁判分别确认后才能写入积分榜'], reasons: ['上赛季有 3 次单人录入把主客队比分填反'] }],
      },
      {
        text: 'Is anything odd in the week 12 fixtures, and which organiser feed do they come from? #read fixtures/week12.json',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"id": "M-31020"', '"status": "forfeit"'] },
          { category: 'identifier', kind: 'url', source: 'tool', strings: ['https://api.brackethub.example.com/v4/events/aut26/matches'] },
        ],
      },
      {
        text: 'Why do we keep replays only three months again? #read docs/design/replay-retention.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['replay files are kept for 90 days and then moved to cold storage'], reasons: ['disputes are almost never filed later than two months after a match'] }],
      },
      {
        text: 'ソウルの運営チームと話しました。時刻はすべて UTC で保存して、表示のときだけ KST に変換します。去年、夏時間のある地域の配信で開始時刻が 1 時間ずれて、2 試合が不戦敗扱いになったからです。それと、プレーオフ抽選の前に、シード計算のテストを追加しておいてください。 #reply 了解です、UTC 保存とテスト追加ですね。',
        facts: [
          { category: 'decision', lang: 'ja', strings: ['時刻はすべて UTC で保存して、表示のときだけ KST に変換します'], reasons: ['夏時間のある地域の配信で開始時刻が 1 時間ずれて'] },
          { category: 'todo', lang: 'ja', strings: ['シード計算のテストを追加しておいてください', 'プレーオフ抽選の前に'] },
        ],
      },
      {
        text: 'Env and build for the ingest workers: INGEST_WEBHOOK_SECRET_FILE=/run/secrets/organiser_hmac, image result-ingest v1.12.0, webhook subscription e4a7c2b9-15d3-4c8e-a6f0-2b9d7e31c845. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'env', strings: ['INGEST_WEBHOOK_SECRET_FILE=/run/secrets/organiser_hmac'] },
          { category: 'identifier', kind: 'version', strings: ['result-ingest v1.12.0'] },
          { category: 'identifier', kind: 'uuid', strings: ['e4a7c2b9-15d3-4c8e-a6f0-2b9d7e31c845'] },
        ],
      },
      {
        text: 'Always verify the organiser\'s HMAC signature before a result touches the database. If the organiser\'s webhook is down for more than 10 minutes on a match night, fall back to manual entry by the duty admin. #reply Both noted.',
        facts: [
          { category: 'rule', strings: ["Always verify the organiser's HMAC signature before a result touches the database"] },
          { category: 'todo', strings: ['fall back to manual entry by the duty admin', "If the organiser's webhook is down for more than 10 minutes on a match night"] },
        ],
      },
      {
        text: 'Links: the admin view is https://admin.kestrel-league.example.gg/seasons/AUT26/results, the roster-check fix is 5d02e8a1c7f94b36e0a2d85f19c4b7e3a60f1d28, and raw webhook bodies are archived under /var/lib/result-ingest/raw/. #reply Saved.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://admin.kestrel-league.example.gg/seasons/AUT26/results'] },
          { category: 'identifier', kind: 'hash', strings: ['5d02e8a1c7f94b36e0a2d85f19c4b7e3a60f1d28'] },
          { category: 'identifier', kind: 'path', strings: ['/var/lib/result-ingest/raw/'] },
        ],
      },
      { text: 'Update the notes with the two-referee step. #write ingest/NOTES.md # Result ingestion\n\nwebhook (HMAC checked) -> validate teams against roster -> normalise scores -> two referees confirm -> standings (after the final only).' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'z3-log-grading',
    set: 'held-out-17',
    files: {
      'scanner/firmware/grade_rules.c': code('c', 85, [
        [0.35, '#define MIN_SMALL_END_DIAMETER_MM 140'],
        [0.36, '#define SWEEP_LIMIT_MM_PER_M 12'],
      ]),
      'logs/scanner/line2-2026-11-26.log': log('scan-line2', '2026-11-26', 110, [[0.6, '2026-11-26T06:22:51Z WARN scan-line2 laser head LH-3 contamination 38% (threshold 25%), 1,204 logs graded with reduced confidence']]),
      'scanner/config/deploy.yaml': code('yaml', 60, [[0.45, '    grade_model: sawlog-v7-spruce'], [0.7, '    registry: registry.nordvik-mill.lan:5000']]),
      'docs/品質/等級判定.md': GRADING_DOC,
      'scanner/CHANGELOG.md': '# Changelog\n\n## 3.1.0\n\n- Knot detection on the top face.\n',
    },
    turns: [
      {
        text: "New job: Nordvik Sawmill's log-grading scanner, SAW-4471. They want to grade with the 3D laser profile and drop the old camera-only pass — camera grading misread wet bark as rot and sent good spruce to the chipper all last winter. #reply Laser profile it is.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['SAW-4471'] },
          { category: 'decision', strings: ['grade with the 3D laser profile and drop the old camera-only pass'], reasons: ['camera grading misread wet bark as rot'] },
        ],
      },
      {
        text: 'What minimum diameter and sweep limit does the firmware enforce? #read scanner/firmware/grade_rules.c',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['MIN_SMALL_END_DIAMETER_MM 140', 'SWEEP_LIMIT_MM_PER_M 12'] }],
      },
      {
        text: '品質管理課からのお願い：スキャナーの判定結果は、検査員が確認するまで出荷伝票に載せないでください。 #reply 承知しました。',
        facts: [{ category: 'rule', lang: 'ja', strings: ['スキャナーの判定結果は、検査員が確認するまで出荷伝票に載せないでください'] }],
      },
      { text: 'Keep a notes file as we go. #write scanner/NOTES.md # Grading line 2\n\ninfeed -> laser profile -> knot detection -> grade -> inspector check -> sorting bins.' },
      {
        text: 'Line 2 graded strangely this morning. Look at the log. #read logs/scanner/line2-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['laser head LH-3 contamination 38%', '1,204 logs graded with reduced confidence'] }],
      },
      {
        text: 'MES 那边给的接口：上报等级用 PUT /mes/api/v3/logs/{logId}/grade，取当班批次用 GET /mes/api/v3/shifts/{shiftId}/batches。扫描仪网关是 scan-gw.nordvik-mill.lan:5020。另外，下周五以前要把二号线激光头的清洁周期改成每班一次。 #reply 好的，都记下了。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['PUT /mes/api/v3/logs/{logId}/grade'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['GET /mes/api/v3/shifts/{shiftId}/batches'] },
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['scan-gw.nordvik-mill.lan:5020'] },
          { category: 'todo', lang: 'zh', strings: ['把二号线激光头的清洁周期改成每班一次', '下周五以前'] },
        ],
      },
      { filler: 5500, style: 'work' },
      {
        text: '品質管理課が節の閾値を決めたそうです。読んでおいてください。 #read docs/品質/等級判定.md',
        facts: [
          { category: 'tool-finding', lang: 'ja', source: 'tool', strings: ['目視検査との一致率は全体で 93 %'] },
          { category: 'decision', lang: 'ja', source: 'tool', strings: ['節径 35 mm 以上の丸太は自動で B 等級以下に落とすことにしました'], reasons: ['目視検査員との判定差の 7 割が 30〜40 mm の節に集中していた'] },
        ],
      },
      {
        text: 'Which grade model is deployed on the line? And which registry does it pull from? #exec grep -nE "grade_model|registry" scanner/config/deploy.yaml',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['grade_model: sawlog-v7-spruce'] },
          { category: 'identifier', kind: 'host:port', source: 'tool', strings: ['registry.nordvik-mill.lan:5000'] },
        ],
      },
      {
        text: "We'll run the grading model on the edge box at the line, not in the cloud. The mill's uplink drops for minutes at a time when the kilns cycle, and the sorter can't wait. Config for that box: SCANNER_EDGE_MODE=offline-first, running scan-edge 0.9.3, device id 7f1b3e60-c2a4-48d9-b5e7-0a6d94f2c318. #reply Edge it is; config noted.",
        facts: [
          { category: 'decision', strings: ['run the grading model on the edge box at the line, not in the cloud'], reasons: ["The mill's uplink drops for minutes at a time when the kilns cycle"] },
          { category: 'identifier', kind: 'env', strings: ['SCANNER_EDGE_MODE=offline-first'] },
          { category: 'identifier', kind: 'version', strings: ['scan-edge 0.9.3'] },
          { category: 'identifier', kind: 'uuid', strings: ['7f1b3e60-c2a4-48d9-b5e7-0a6d94f2c318'] },
        ],
      },
      {
        text: '厂长说了，桦木暂时不走自动分级，全部人工判定，因为扫描模型只用云杉和松木训练过，桦木的误判率超过两成。 #reply 明白，桦木走人工。',
        facts: [{ category: 'decision', lang: 'zh', strings: ['桦木暂时不走自动分级，全部人工判定'], reasons: ['扫描模型只用云杉和松木训练过'] }],
      },
      {
        text: "Don't ever push a new grade model during a shift; swaps happen in the Sunday maintenance window only. And if LH-3 contamination is still above 25% after Monday's cleaning, order a replacement lens before the 12 December shutdown. #reply Understood on both.",
        facts: [
          { category: 'rule', strings: ["Don't ever push a new grade model during a shift"] },
          { category: 'todo', strings: ['order a replacement lens before the 12 December shutdown', "if LH-3 contamination is still above 25% after Monday's cleaning"] },
        ],
      },
      {
        text: 'For the handover: grading dashboard at https://grafana.nordvik-mill.example.no/d/line2/grading, the knot-threshold change is 2c7e94b0f5a1d83e6b0c49a7f2e15d8c3b6a9f04, and the scan images are kept in /data/scanner/line2/profiles/. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://grafana.nordvik-mill.example.no/d/line2/grading'] },
          { category: 'identifier', kind: 'hash', strings: ['2c7e94b0f5a1d83e6b0c49a7f2e15d8c3b6a9f04'] },
          { category: 'identifier', kind: 'path', strings: ['/data/scanner/line2/profiles/'] },
        ],
      },
      { text: 'Add the changes to the changelog. #write scanner/CHANGELOG.md # Changelog\n\n## 3.2.0\n\n- Laser-profile grading replaces the camera-only pass.\n- Knots of 35 mm and more cap the grade at B.\n- Birch graded by hand.\n\n## 3.1.0\n\n- Knot detection on the top face.\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
