// The eleventh HELD-OUT set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an
// independent writer who never saw the extraction code (nor any results of it): new projects (a community bank's
// loan-application scoring queue, a podcast host's dynamic ad insertion, a hotel chain's housekeeping scheduler), new
// wording, work-style filler. Never tuned on: never tune extraction on it and never read its results while changing
// extraction.
// Same format as tuning.mjs / held-out.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x7b11e5);

const MANUAL_REVIEW_DOC = `# 手動審査に回す申込の基準（改定）

融資審査部 · 2026 年 11 月

自動スコアリングの導入から 1 年が経ちました。全体としては審査期間が平均 4.2 日から 1.6 日に短くなり、支店からの評判も良好です。

一方で、昨年度の延滞データを区分別に見ると、自動承認の精度には明らかな偏りがありました。とくに決算書が 1 期分しかない申込では、スコアが実態より高く出る傾向があります。

方針：個人事業主の事業性資金は、スコアにかかわらず手動審査に回す。昨年度、この区分では自動承認後の延滞率が全体平均の 3 倍を超えたためです。

手動審査の担当者は、受付から 3 営業日以内に一次判断を入力してください。
`;

const MIDROLL_DOC = `# 中插广告位置规范（2026 年 11 月修订）

内容运营部

过去一个季度，平台共处理了约 41 万次动态插播请求。整体填充率稳定在 72% 左右，但短节目的听众反馈明显变差。

我们对比了 15 分钟以下节目在插播前后两个月的数据，并且和十几位主播单独聊过。

决定：单集时长不足 15 分钟的节目不再插入中插广告，只保留片头和片尾广告位。理由是短节目插入中插后的完播率下降了 18%，主播们的意见也很大。

已经售出的中插库存，由销售团队和广告主协商改投到 30 分钟以上的节目。
`;

const TURNOVER_DOC = `# 退房清扫顺序调整说明

客房部 · 2026 年 11 月

目前的排房系统按退房时间先后安排清扫：谁先退房，谁的房间先打扫。这个规则简单，但没有考虑到下一位客人什么时候到。

决定：退房房间的清扫优先级按下一位客人的入住时间排序，而不是按退房时间。原因是过去一个月有 27 位提前到店的客人在大堂等了一个小时以上，而他们的房间其实早就退房了。

没有当天入住预订的房间排在最后，可以留给下午的班次处理。
`;

export const SESSIONS = [
  {
    id: 'q1-loan-scoring-queue',
    set: 'held-out-11',
    files: {
      'logs/scoring/queue-2026-11-26.log': log('scoring-queue', '2026-11-26', 120, [[0.35, '2026-11-26T02:17:44Z ERROR scoring-queue application LA-2026-0048817 stuck in BUREAU_WAIT for 73 min: credit bureau gateway cic-gw.minato-bank.internal:7443 timed out, batch of 40 held']]),
      'scoring/queue/worker.py': code('py', 100, [
        [0.4, 'MAX_APPLICATIONS_PER_BATCH = 40'],
        [0.41, 'MANUAL_REVIEW_SCORE_FLOOR = 612  # below this, an underwriter looks at it'],
      ]),
      'docs/審査/手動審査の基準.md': MANUAL_REVIEW_DOC,
      'exports/queue-snapshot.csv': csv(
        'application_id,branch,status,stage',
        70,
        (i) => `LA-2026-00${49000 + i * 7},0${10 + (i % 9)},QUEUED,${pick(['bureau', 'income-check', 'scoring', 'docs'])}`,
        [[0.55, 'LA-2026-0051120,014,HOLD,fraud-check']],
      ),
      'scoring/CHANGELOG.md': '# Changelog\n\n## 3.6.0\n\n- Branch code on every application.\n- Underwriter notes are versioned.\n',
    },
    turns: [
      {
        text: 'Morning. The overnight scoring queue stalled again and the branches noticed before we did. Before we plan anything, what does the queue log say? #read logs/scoring/queue-2026-11-26.log',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['LA-2026-0048817 stuck in BUREAU_WAIT for 73 min'] },
          { category: 'identifier', kind: 'host:port', source: 'tool', strings: ['cic-gw.minato-bank.internal:7443'] },
        ],
      },
      {
        text: "Right, that matches what I suspected. I've opened LOAN-2291 for it. Plan: the credit-bureau call moves out of the scoring worker into its own queue with a 20-second timeout. At the moment one slow bureau response holds up the whole batch, and that's exactly what happened last night. #reply Makes sense — separate bureau queue, 20 s timeout.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['LOAN-2291'] },
          { category: 'decision', strings: ['the credit-bureau call moves out of the scoring worker into its own queue with a 20-second timeout'], reasons: ['one slow bureau response holds up the whole batch'] },
        ],
      },
      {
        text: '審査部から念押しされたことがあります。スコアだけで否決を確定させてはいけません、必ず担当者の確認を挟んでください。それと、12 月 12 日までに否決理由コードの一覧を当局提出用の様式に合わせて直しておいてほしいそうです。 #reply 承知しました。否決は必ず担当者確認を経由させ、理由コード一覧は 12 日までに直します。',
        facts: [
          { category: 'rule', lang: 'ja', strings: ['スコアだけで否決を確定させてはいけません、必ず担当者の確認を挟んでください'] },
          { category: 'todo', lang: 'ja', strings: ['否決理由コードの一覧を当局提出用の様式に合わせて直しておいてほしい', '12 月 12 日までに'] },
        ],
      },
      {
        text: 'Let me see the batch size and the manual-review cut-off in the worker. #read scoring/queue/worker.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['MAX_APPLICATIONS_PER_BATCH = 40', 'MANUAL_REVIEW_SCORE_FLOOR = 612'] }],
      },
      {
        text: "For wiring: the scorer is triggered with POST /lending/v1/applications/{applicationId}/score and the underwriters' screen loads GET /lending/v1/review-queue/{branchCode}. In prod the worker runs with SCORING_MODEL_VERSION=gbm-2026-10. #reply Got those.",
        facts: [
          { category: 'identifier', kind: 'route', strings: ['POST /lending/v1/applications/{applicationId}/score'] },
          { category: 'identifier', kind: 'route', strings: ['GET /lending/v1/review-queue/{branchCode}'] },
          { category: 'identifier', kind: 'env', strings: ['SCORING_MODEL_VERSION=gbm-2026-10'] },
        ],
      },
      { text: 'Write a short notes file with the flow as it stands. #write scoring/NOTES.md # Scoring queue\n\nbranch intake -> documents check -> bureau pull -> score -> auto-approve or manual review -> decision letter. The bureau pull is the slow step.' },
      { filler: 5500, style: 'work' },
      {
        text: '融資審査部が手動審査の基準を改定したそうです。中身を確認してもらえますか。 #read docs/審査/手動審査の基準.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['個人事業主の事業性資金は、スコアにかかわらず手動審査に回す'], reasons: ['自動承認後の延滞率が全体平均の 3 倍を超えた'] }],
      },
      {
        text: "Two things from the fair-lending review. We're dropping the years-at-current-address feature from the model. Compliance showed it tracks applicant age almost one to one, so it works as an age proxy. And please, never put a full national ID number into a queue payload; pass the vault token instead. #reply Feature dropped, vault tokens only.",
        facts: [
          { category: 'decision', strings: ['dropping the years-at-current-address feature from the model'], reasons: ['it tracks applicant age almost one to one'] },
          { category: 'rule', strings: ['never put a full national ID number into a queue payload; pass the vault token instead'] },
        ],
      },
      {
        text: 'Which application is on hold in the current queue snapshot? #exec grep -n ",HOLD," exports/queue-snapshot.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['LA-2026-0051120,014,HOLD,fraud-check'] }],
      },
      {
        text: '上海那边的模型供应商刚回邮件：新版 scoring-model v4.2.0 上线前先跑满两周影子评分，不直接切换。上一版是直接切的，审批通过率一天之内掉了 9 个百分点。还有，要是影子评分和线上结果的差异超过 3%，就先暂停切换，并通知风控部。 #reply 好的，先影子评分两周；差异超过 3% 就暂停并通知风控部。',
        facts: [
          { category: 'identifier', kind: 'version', lang: 'zh', strings: ['scoring-model v4.2.0'] },
          { category: 'decision', lang: 'zh', strings: ['上线前先跑满两周影子评分，不直接切换'], reasons: ['审批通过率一天之内掉了 9 个百分点'] },
          { category: 'todo', lang: 'zh', strings: ['就先暂停切换，并通知风控部', '要是影子评分和线上结果的差异超过 3%'] },
        ],
      },
      {
        text: "Stuff for the incident write-up: underwriters work in https://console.minato-cb.example.jp/underwriting/queue, the timeout change is commit e3f7cb0eb35d4fd12940693dbe3482c7f7cf3358, the trace of last night's stuck batch is 03760f2d-716f-4cdf-9c2b-73b35e2ccf55, and payloads that fail three times get parked in /var/lib/scoring-queue/deadletter/. #reply All four recorded.",
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://console.minato-cb.example.jp/underwriting/queue'] },
          { category: 'identifier', kind: 'hash', strings: ['e3f7cb0eb35d4fd12940693dbe3482c7f7cf3358'] },
          { category: 'identifier', kind: 'uuid', strings: ['03760f2d-716f-4cdf-9c2b-73b35e2ccf55'] },
          { category: 'identifier', kind: 'path', strings: ['/var/lib/scoring-queue/deadletter/'] },
        ],
      },
      {
        text: "One more for my list: before the branch managers' meeting on Thursday 3 December, pull a count of applications that sat in manual review for more than 48 hours. #reply Will have it before Thursday.",
        facts: [{ category: 'todo', strings: ['pull a count of applications that sat in manual review for more than 48 hours', "before the branch managers' meeting on Thursday 3 December"] }],
      },
      { text: 'Add the bureau queue to the changelog. #write scoring/CHANGELOG.md # Changelog\n\n## 3.7.0\n\n- Bureau pull runs in its own queue with a timeout.\n- Address-tenure feature removed from the model.\n\n## 3.6.0\n\n- Branch code on every application.\n- Underwriter notes are versioned.\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'q2-podcast-ad-insertion',
    set: 'held-out-11',
    files: {
      'adserver/src/stitch/splice.ts': code('ts', 95, [
        [0.3, 'const PREROLL_MAX_SECONDS = 45;'],
        [0.62, 'export const LOUDNESS_TARGET_LUFS = -16;'],
      ]),
      'logs/dai/stitcher-2026-11-25.log': log('ad-stitcher', '2026-11-25', 115, [[0.48, '2026-11-25T07:31:09Z WARN ad-stitcher episode ep-77120 midroll slot 2 skipped: creative cr_5521 is 44.1 kHz, feed expects 48 kHz']]),
      'docs/广告/插播位置规范.md': MIDROLL_DOC,
      'campaigns/insertion-orders.json': json({
        orders: [
          ...rows(9, (i) => ({ io: `IO-${3300 + i * 11}`, advertiser: `${pick(['Northwind', 'Contoso', 'Fabrikam', 'Tailspin'])} ${pick(WORDS)}`, cap_per_listener_per_week: 5 + (i % 3), genres: [pick(['news', 'comedy', 'sports', 'business'])] })),
          { io: 'IO-3390', advertiser: 'Lumen Mattress', cap_per_listener_per_week: 2, genres: ['true-crime', 'sleep'] },
        ],
      }),
      'docs/design/measurement.md': essay('Design note: what counts as an ad impression', 6, [
        [0.34, 'In the October audit, downloads from the known bot user agents were still being billed to Harbor Coffee under IO-3102, 1,930 of them in one week.'],
        [0.67, 'Decision: an ad impression is counted only after the player has fetched the first 60 seconds of the ad audio. Counting on the request alone overstated impressions by roughly 22 % against the panel data two advertisers showed us.'],
      ]),
    },
    turns: [
      {
        text: '今天开始做播客的动态广告插入。先讲清楚一条硬规定：儿童类节目绝对不能插入酒类和博彩广告，合同里写死了的。 #reply 明白，儿童节目排除酒类和博彩广告。',
        facts: [{ category: 'rule', lang: 'zh', strings: ['儿童类节目绝对不能插入酒类和博彩广告'] }],
      },
      {
        text: 'Quick look at how the splicer treats pre-rolls and loudness. #read adserver/src/stitch/splice.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['PREROLL_MAX_SECONDS = 45', 'LOUDNESS_TARGET_LUFS = -16'] }],
      },
      {
        text: "OK so the ticket for the whole thing is ADS-4471. The big call: ads get stitched server-side on each download request, no more baking them into the MP3 once a night. With baked files, a campaign that ended at midnight kept playing for up to 24 hours, and two advertisers asked for make-goods. #reply Per-request stitching it is.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['ADS-4471'] },
          { category: 'decision', strings: ['ads get stitched server-side on each download request, no more baking them into the MP3 once a night'], reasons: ['a campaign that ended at midnight kept playing for up to 24 hours'] },
        ],
      },
      {
        text: 'Listeners of episode ep-77120 say they heard no mid-roll yesterday. The stitcher log should tell us. #read logs/dai/stitcher-2026-11-25.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['midroll slot 2 skipped', 'creative cr_5521 is 44.1 kHz'] }],
      },
      {
        text: '東京チームから接続情報が来ました。広告の選定は POST /dai/v2/decisions、エピソードのチャプター情報は GET /dai/v2/episodes/{episodeId}/chapters です。ステージングの広告サーバーは adsrv-stg.wavecast.internal:9090、タイムアウトは DAI_FILL_TIMEOUT_MS=350 に設定済みとのことです。 #reply ありがとうございます、4 つとも控えました。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /dai/v2/decisions'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /dai/v2/episodes/{episodeId}/chapters'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['adsrv-stg.wavecast.internal:9090'] },
          { category: 'identifier', kind: 'env', lang: 'ja', strings: ['DAI_FILL_TIMEOUT_MS=350'] },
        ],
      },
      {
        text: '还有两件事。第一，12 月 8 日之前把所有超过 90 秒的贴片素材下架。第二，中插广告的位置以后以章节标记为准，不再用固定的 50% 时间点——固定时间点经常把嘉宾的话切成两半，听众投诉很多。 #reply 好的：8 号前下架超长素材；中插改按章节标记。',
        facts: [
          { category: 'todo', lang: 'zh', strings: ['把所有超过 90 秒的贴片素材下架', '12 月 8 日之前'] },
          { category: 'decision', lang: 'zh', strings: ['中插广告的位置以后以章节标记为准，不再用固定的 50% 时间点'], reasons: ['固定时间点经常把嘉宾的话切成两半'] },
        ],
      },
      { text: 'Start a notes file for the ad path. #write adserver/NOTES.md # Dynamic ad insertion\n\ndownload request -> listener and episode lookup -> ad decision -> fetch creatives -> resample if needed -> stitch -> serve.' },
      { filler: 3000, style: 'work' },
      {
        text: '内容运营部发了新的插播规范，帮我看一下和我们有关的部分。 #read docs/广告/插播位置规范.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['单集时长不足 15 分钟的节目不再插入中插广告'], reasons: ['短节目插入中插后的完播率下降了 18%'] }],
      },
      {
        text: "What frequency cap does the Lumen order have? #read campaigns/insertion-orders.json",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"io": "IO-3390"', '"cap_per_listener_per_week": 2'] }],
      },
      { filler: 2500, style: 'work' },
      {
        text: "Sales lead's preference, and she was firm about it: we never re-encode a creative ourselves except to resample it. #reply Resampling only, no re-encoding.",
        facts: [{ category: 'rule', strings: ['we never re-encode a creative ourselves except to resample it'] }],
      },
      {
        text: 'There is a design note on measurement somewhere; does it settle how we count impressions? #read docs/design/measurement.md',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['still being billed to Harbor Coffee under IO-3102'] },
          { category: 'decision', source: 'tool', strings: ['an ad impression is counted only after the player has fetched the first 60 seconds of the ad audio'], reasons: ['Counting on the request alone overstated impressions by roughly 22 %'] },
        ],
      },
      {
        text: "For the release ticket, so we don't go hunting later: the stitcher image ships ffmpeg 7.1.1; Lumen's campaign id in the ad server is 1a405c5c-aaef-4023-a180-865a65d8c388; the 48 kHz resampling fix is f7149c85a4595db330c9ffe5c2c36cdd6e55342d; fill rate is charted at https://metrics.wavecast.example.com/d/dai-fill/overview; and stitched episodes are cached in /srv/dai/cache/stitched/. #reply Recorded all five.",
        facts: [
          { category: 'identifier', kind: 'version', strings: ['ffmpeg 7.1.1'] },
          { category: 'identifier', kind: 'uuid', strings: ['1a405c5c-aaef-4023-a180-865a65d8c388'] },
          { category: 'identifier', kind: 'hash', strings: ['f7149c85a4595db330c9ffe5c2c36cdd6e55342d'] },
          { category: 'identifier', kind: 'url', strings: ['https://metrics.wavecast.example.com/d/dai-fill/overview'] },
          { category: 'identifier', kind: 'path', strings: ['/srv/dai/cache/stitched/'] },
        ],
      },
      {
        text: "Conditional one: if fill rate on the true-crime feeds stays under 60 % through the weekend, switch on house-ad backfill for those feeds and let Priya know on Monday. #reply I'll check the fill rate on Monday morning.",
        facts: [{ category: 'todo', strings: ['switch on house-ad backfill for those feeds and let Priya know on Monday', 'if fill rate on the true-crime feeds stays under 60 % through the weekend'] }],
      },
      { text: 'Update the notes with the chapter-based mid-rolls and the impression rule. #write adserver/NOTES.md # Dynamic ad insertion\n\ndownload request -> listener and episode lookup -> ad decision -> fetch creatives -> resample if needed -> stitch at chapter markers -> serve. Impressions counted after the first minute of ad audio is fetched.' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'q3-housekeeping-scheduler',
    set: 'held-out-11',
    files: {
      'scheduler/rules/rooms.yaml': code('yaml', 85, [
        [0.5, '    checkout_clean_minutes: 32'],
        [0.51, '    suite_clean_minutes: 55'],
      ]),
      'logs/hk/assign-2026-11-26.log': log('hk-assigner', '2026-11-26', 110, [[0.57, '2026-11-26T11:00:03Z ERROR hk-assigner run 8701dfae-788b-4808-8f4e-eb5aa1522199 property HTL-KIX-04: 23 rooms unassigned at 11:00, attendants on shift 9 of 14 rostered']]),
      'docs/客房/退房清扫.md': TURNOVER_DOC,
      'data/rooms/HTL-KIX-04-2026-11-27.csv': csv(
        'room,status,arrival,type,note',
        65,
        (i) => `${3 + Math.floor(i / 12)}${String(1 + (i % 12)).padStart(2, '0')},${pick(['VACANT_DIRTY', 'STAYOVER', 'VACANT_CLEAN'])},${pick(['', '15:00', '16:00'])},${pick(['twin', 'double', 'single'])},`,
        [[0.4, '1208,VIP_ARRIVAL,13:00,suite,early check-in approved']],
      ),
      'docs/ops/inspection.md': essay('Operations review: room inspection', 6, [
        [0.17, 'At HTL-UKB-01 the minibar restock step was skipped on 112 rooms in October because the cart count in the PMS was never updated after the refit.'],
        [0.5, 'We decided that supervisors will inspect one checkout room in five, picked at random, instead of every room: inspecting all of them cost 2.5 supervisor hours per 100 rooms and found defects in fewer than 4 % of rooms.'],
      ]),
    },
    turns: [
      {
        text: "Switching over to the housekeeping scheduler for the Kansai hotels. Endpoints first, since I'll forget otherwise: the PMS pushes room status with POST /hk/v1/properties/{propertyId}/room-status, and the attendant app polls GET /hk/v1/attendants/{attendantId}/board. #reply Noted both.",
        facts: [
          { category: 'identifier', kind: 'route', strings: ['POST /hk/v1/properties/{propertyId}/room-status'] },
          { category: 'identifier', kind: 'route', strings: ['GET /hk/v1/attendants/{attendantId}/board'] },
        ],
      },
      {
        text: 'How long does the scheduler budget for a checkout clean and a suite? #read scheduler/rules/rooms.yaml',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['checkout_clean_minutes: 32', 'suite_clean_minutes: 55'] }],
      },
      {
        text: "Settled with ops this morning: stayover rooms get cleaned every second day by default, and daily only if the guest opts in. Why — attendants kept running out of shift before the checkout rooms were done. #reply Every second day by default, daily on opt-in.",
        facts: [{ category: 'decision', strings: ['stayover rooms get cleaned every second day by default, and daily only if the guest opts in'], reasons: ['attendants kept running out of shift before the checkout rooms were done'] }],
      },
      {
        text: 'フロントからの絶対条件です。「起こさないでください」の札が出ている部屋には、14 時より前に清掃担当を割り当てないこと。 #reply 承知しました、DND の部屋は 14 時以降にします。',
        facts: [{ category: 'rule', lang: 'ja', strings: ['「起こさないでください」の札が出ている部屋には、14 時より前に清掃担当を割り当てないこと'] }],
      },
      {
        text: 'Yesterday at the Kansai airport hotel a lot of rooms were still dirty at noon. Check the assigner log. #read logs/hk/assign-2026-11-26.log',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['23 rooms unassigned at 11:00', 'attendants on shift 9 of 14 rostered'] },
          { category: 'identifier', kind: 'uuid', source: 'tool', strings: ['8701dfae-788b-4808-8f4e-eb5aa1522199'] },
        ],
      },
      {
        text: "Put all of this under HK-5120. And by Tuesday 1 December, add the Kyoto property's floor plan, so the assigner stops sending one attendant back and forth between the two towers. #reply OK, floor plan by Tuesday.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['HK-5120'] },
          { category: 'todo', strings: ["add the Kyoto property's floor plan", 'by Tuesday 1 December'] },
        ],
      },
      { text: 'Create a notes file for the scheduler. #write scheduler/NOTES.md # Housekeeping scheduler\n\nPMS room status -> rooms to clean -> estimate minutes per room -> assign to attendants on shift -> push boards to the app -> inspection.' },
      { filler: 5500, style: 'work' },
      {
        text: '客房部发来一份关于退房清扫顺序的说明，请读一下。 #read docs/客房/退房清扫.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['退房房间的清扫优先级按下一位客人的入住时间排序'], reasons: ['有 27 位提前到店的客人在大堂等了一个小时以上'] }],
      },
      {
        text: '广州团队那边定了：分房算法改成按楼层聚类，不再按房号顺序分配。按房号分的时候，同一个服务员一天要跑 6 层楼，平均多走 40 分钟。另外提醒一句，服务员的手机号不能出现在排班表的导出文件里。 #reply 好，按楼层聚类；导出不含手机号。',
        facts: [
          { category: 'decision', lang: 'zh', strings: ['分房算法改成按楼层聚类，不再按房号顺序分配'], reasons: ['同一个服务员一天要跑 6 层楼'] },
          { category: 'rule', lang: 'zh', strings: ['服务员的手机号不能出现在排班表的导出文件里'] },
        ],
      },
      {
        text: 'デプロイ担当からの設定メモです。ソルバーは HK_ASSIGN_SOLVER=cp-sat、ステージングのビルドは hk-scheduler 2.14.0、PMS 連携サーバーは opera-bridge.kix.hotel.internal:8080 です。 #reply 3 点とも控えました。',
        facts: [
          { category: 'identifier', kind: 'env', lang: 'ja', strings: ['HK_ASSIGN_SOLVER=cp-sat'] },
          { category: 'identifier', kind: 'version', lang: 'ja', strings: ['hk-scheduler 2.14.0'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['opera-bridge.kix.hotel.internal:8080'] },
        ],
      },
      {
        text: "Anything special arriving at KIX-04 tomorrow that needs its room first? #read data/rooms/HTL-KIX-04-2026-11-27.csv",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['1208,VIP_ARRIVAL,13:00,suite'] }],
      },
      {
        text: '大阪本部と話して決めました。リネン交換はチェックアウト清掃と同じ担当者に任せ、別の班は作りません。以前の体制だと、交換待ちで客室の引き渡しが平均 25 分遅れていました。 #reply 了解です、リネン班は作らずに同じ担当者で回します。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['リネン交換はチェックアウト清掃と同じ担当者に任せ、別の班は作りません'], reasons: ['交換待ちで客室の引き渡しが平均 25 分遅れていました'] }],
      },
      {
        text: 'Ops sent their review of inspections. Summarise what changes for the scheduler. #read docs/ops/inspection.md',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['minibar restock step was skipped on 112 rooms'] },
          { category: 'decision', source: 'tool', strings: ['supervisors will inspect one checkout room in five, picked at random'], reasons: ['inspecting all of them cost 2.5 supervisor hours per 100 rooms'] },
        ],
      },
      {
        text: 'References for the handover: the shift board lives at https://ops.kansai-hotels.example.jp/hk/boards/KIX-04, the floor-clustering change is 870c4f76e5444f9ad0ede54bc79a967a477cc3d6, and nightly assignment plans go to /srv/hk-scheduler/plans/. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://ops.kansai-hotels.example.jp/hk/boards/KIX-04'] },
          { category: 'identifier', kind: 'hash', strings: ['870c4f76e5444f9ad0ede54bc79a967a477cc3d6'] },
          { category: 'identifier', kind: 'path', strings: ['/srv/hk-scheduler/plans/'] },
        ],
      },
      {
        text: "If Kyoto's occupancy forecast for New Year's Eve goes above 95 %, pre-book four agency attendants for 31 December. Also a standing rule: always keep the last 30 minutes of a shift free of checkout rooms. #reply Watching the forecast; last half hour stays free.",
        facts: [
          { category: 'todo', strings: ['pre-book four agency attendants for 31 December', "If Kyoto's occupancy forecast for New Year's Eve goes above 95 %"] },
          { category: 'rule', strings: ['always keep the last 30 minutes of a shift free of checkout rooms'] },
        ],
      },
      { text: 'Update the scheduler notes with the new ordering. #write scheduler/NOTES.md # Housekeeping scheduler\n\nPMS room status -> rooms to clean, ordered by next arrival -> estimate minutes per room -> cluster by floor -> assign to attendants on shift -> push boards to the app -> sample inspection.' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
