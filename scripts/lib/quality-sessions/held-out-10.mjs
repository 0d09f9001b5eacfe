// The tenth HELD-OUT set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an
// independent writer who never saw the extraction code (nor its results on any set), and never tuned on: new projects
// (a food-delivery dispatcher's courier batching, a power utility's smart-meter bill run, a municipal court's
// e-filing portal), new wording, work-style filler. Never tune extraction on it and never read its results while
// changing extraction: its figures are the ones the targets are checked on.
// Same format as tuning.mjs / held-out.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0xa10c27);

const THERMAL_DOC = `# 温度帯の異なる注文のバッチングについて

配車企画チーム · 2026 年 11 月

大阪エリアでは 10 月からデザート専門店の出店が増え、ランチ帯の注文の 1 割近くに冷凍品が含まれるようになりました。

配達バッグは保冷室と保温室に分かれていますが、2 件以上を一度に運ぶと仕切りが使えず、結局同じ空間に入ることがほとんどです。

結論として、アイスクリームなど冷凍品を含む注文は、温かい料理の注文と同じバッチに入れないことにしました。先月の低評価レビュー 214 件のうち 3 割が「アイスが溶けていた」という内容だったためです。

冷凍品だけの注文同士であれば、これまで通りバッチにまとめて構いません。
`;

const TOU_DOC = `# 分时电价计费时段的判定

计费产品组 · 2026 年 11 月

背景：居民分时电价分为峰、平、谷三个时段，每半小时的用电量按所在时段的单价计费。

目前时段判定依据的是电表上报数据里自带的时间戳，也就是电表本地时钟。

决定：分时电价的时段判定改用集中器的授时时间，不再使用电表自带的时钟。原因是今年 10 月有 3,914 块电表时钟偏差超过 15 分钟，谷电时段的用电被算成了峰电。

集中器每天凌晨从主站同步一次时间，误差在 2 秒以内。历史账单不追溯调整。
`;

const SERVICE_DOC = `# 电子送达规则说明

法院信息化办公室 · 2026 年 11 月

当事人在立案时可以选择是否同意电子送达。同意后，法院的通知、裁定和对方提交的材料都通过门户推送到当事人账户。

过去一年里，约 62% 的民事案件当事人选择了电子送达。

决定：当事人同意电子送达后，送达日以系统推送成功的时间为准，而不是当事人打开文件的时间。理由是以打开时间为准时，有当事人故意不打开，导致答辩期限无法起算。

系统需要在推送成功后保留回执，并在案件页面显示送达时间。
`;

export const SESSIONS = [
  {
    id: 'p1-courier-batching',
    set: 'held-out-10',
    files: {
      'dispatch/batcher/batch_policy.py': code('py', 90, [
        [0.35, '    MAX_ORDERS_PER_BATCH = 3'],
        [0.36, '    PICKUP_WAIT_LIMIT_S = 240  # courier idle at the restaurant before we unbatch'],
      ]),
      'logs/dispatch/batcher-2026-11-26.log': log('courier-batcher', '2026-11-26', 120, [
        [0.55, '2026-11-26T02:52:08Z ERROR courier-batcher zone OSA-NAMBA: batch B-60417 exceeded promised ETA by 19 min, 3 orders refunded (hot-food SLA breach)'],
        [0.56, '2026-11-26T02:52:09Z WARN  courier-batcher replay snapshot for B-60417 saved as cc4619ba-2312-4e9f-9614-1ff59e369a19'],
      ]),
      'data/zones/namba-lunch-2026-11-26.csv': csv(
        'zone,slot,orders,couriers_online,avg_batch,p90_delivery_min',
        56,
        (i) => `${pick(['OSA-UMEDA', 'OSA-TENNOJI', 'OSA-HONMACHI', 'OSA-KYOBASHI'])},1${1 + (i % 3)}:${pick(['00', '15', '30', '45'])},${120 + 7 * i},${30 + (i % 25)},${(1.4 + (i % 9) / 10).toFixed(1)},${24 + (i % 12)}`,
        [[0.5, 'OSA-NAMBA,12:15,412,58,2.7,47']],
      ),
      'docs/設計/温度帯バッチ.md': THERMAL_DOC,
    },
    turns: [
      {
        text: 'Morning. New thing for this sprint: courier batching for the Osaka lunch rush, ticket DSP-2291. We settled on stacking orders by restaurant cluster rather than by drop-off proximity — grouping by drop-off kept couriers waiting at two or three kitchens while the first bag went cold. #reply Got it, batches get built per restaurant cluster.',
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['DSP-2291'] },
          { category: 'decision', strings: ['stacking orders by restaurant cluster rather than by drop-off proximity'], reasons: ['grouping by drop-off kept couriers waiting at two or three kitchens'] },
        ],
      },
      {
        text: "Ops won't budge on this one, so put it in the batcher and in the tests: no courier ever carries more than one alcohol order in a batch. Every alcohol drop needs an ID check at the door. #reply Understood, at most one alcohol order per batch.",
        facts: [{ category: 'rule', strings: ['no courier ever carries more than one alcohol order in a batch'] }],
      },
      {
        text: 'Show me what the current batch policy allows. #read dispatch/batcher/batch_policy.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['MAX_ORDERS_PER_BATCH = 3', 'PICKUP_WAIT_LIMIT_S = 240'] }],
      },
      {
        text: '店舗連携チームから API の情報をもらいました。バッチ確定は POST /v2/dispatch/batches/{batchId}/commit、配達員の現在地は GET /v2/couriers/{courierId}/location です。ステージングの配車エンジンは matcher.stg.hashimaki.internal:7443 で動いています。 #reply ありがとうございます、控えておきます。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /v2/dispatch/batches/{batchId}/commit'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /v2/couriers/{courierId}/location'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['matcher.stg.hashimaki.internal:7443'] },
        ],
      },
      {
        text: 'Namba got a pile of complaints at lunch yesterday. What does the batcher log say happened? #read logs/dispatch/batcher-2026-11-26.log',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['batch B-60417 exceeded promised ETA by 19 min', '3 orders refunded'] },
          { category: 'identifier', kind: 'uuid', source: 'tool', strings: ['cc4619ba-2312-4e9f-9614-1ff59e369a19'] },
        ],
      },
      {
        text: '台北那边的同事托我转告一件事：12 月 10 日前要把信义区的骑手热力图换成新版，旧版里还没有环状线的新站。 #reply 好的，我记下了。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['把信义区的骑手热力图换成新版', '12 月 10 日前'] }],
      },
      { text: 'Can you start a notes file for the batching flow? #write dispatch/NOTES.md # Lunch batching\n\norder accepted -> kitchen ETA -> group by restaurant cluster -> score candidate batches -> offer to courier -> commit batch -> live ETA to the customer.' },
      { filler: 5500, style: 'work' },
      {
        text: '配車企画チームから温度帯についてのメモが届きました。目を通してもらえますか。 #read docs/設計/温度帯バッチ.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['冷凍品を含む注文は、温かい料理の注文と同じバッチに入れない'], reasons: ['先月の低評価レビュー 214 件のうち 3 割が「アイスが溶けていた」という内容だった'] }],
      },
      {
        text: 'From the rollout checklist, so we have them here: Namba runs with BATCH_SCORING_MODE=cluster-v2, and the image going out is courier-batcher 2.14.0. #reply Both noted.',
        facts: [
          { category: 'identifier', kind: 'env', strings: ['BATCH_SCORING_MODE=cluster-v2'] },
          { category: 'identifier', kind: 'version', strings: ['courier-batcher 2.14.0'] },
        ],
      },
      {
        text: "Which slot in yesterday's lunch export had the worst p90? #read data/zones/namba-lunch-2026-11-26.csv",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['OSA-NAMBA,12:15,412,58,2.7,47'] }],
      },
      {
        text: "We also shortened how long an order sits before it's offered: the hold window goes from 90 seconds to 45 seconds. At peak, customers were staring at the 'finding a courier' spinner for over two minutes, and the longer hold barely produced any extra batches. #reply OK, 45 seconds.",
        facts: [{ category: 'decision', strings: ['the hold window goes from 90 seconds to 45 seconds'], reasons: ["customers were staring at the 'finding a courier' spinner for over two minutes"] }],
      },
      {
        text: '忘れないうちに：配達員への報酬は必ず 1 件ごとの配達で計算し、バッチ単位では計算しないこと。労使協定でそう決まっています。 #reply 承知しました。',
        facts: [{ category: 'rule', lang: 'ja', strings: ['配達員への報酬は必ず 1 件ごとの配達で計算し、バッチ単位では計算しない'] }],
      },
      {
        text: "Friday's forecast is rain. If surge pricing kicks in and the Namba p90 goes past 40 minutes, cap batches at two orders for that zone until the rain stops. #reply Will watch Namba on Friday.",
        facts: [{ category: 'todo', strings: ['cap batches at two orders for that zone until the rain stops', 'the Namba p90 goes past 40 minutes'] }],
      },
      {
        text: '台北那边也拍板了：信义区午高峰的配送费改成按距离分三档，不再一口价。一口价让 3 公里以外的订单几乎没有骑手愿意接。 #reply 明白，按距离分三档。',
        facts: [{ category: 'decision', lang: 'zh', strings: ['信义区午高峰的配送费改成按距离分三档'], reasons: ['一口价让 3 公里以外的订单几乎没有骑手愿意接'] }],
      },
      {
        text: 'For the runbook: the live batch map is https://ops.hashimaki.example.jp/dispatch/zones/OSA-NAMBA/batches, the cluster scoring change went in as 12ba1f70a592706ca4608af92f8680f9acf9e514, and rejected batches get dumped under /var/lib/courier-batcher/rejected/. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://ops.hashimaki.example.jp/dispatch/zones/OSA-NAMBA/batches'] },
          { category: 'identifier', kind: 'hash', strings: ['12ba1f70a592706ca4608af92f8680f9acf9e514'] },
          { category: 'identifier', kind: 'path', strings: ['/var/lib/courier-batcher/rejected/'] },
        ],
      },
      { text: 'Please update the notes with the shorter hold and the frozen-food split. #write dispatch/NOTES.md # Lunch batching\n\norder accepted -> hold (short) -> kitchen ETA -> group by restaurant cluster -> split frozen from hot -> score candidate batches -> offer to courier -> commit batch -> live ETA to the customer.' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'p2-meter-billing',
    set: 'held-out-10',
    files: {
      'billing/src/tariff/estimate.ts': code('ts', 95, [
        [0.4, 'export const MAX_CONSECUTIVE_ESTIMATES = 2;'],
        [0.41, 'const READ_GAP_TOLERANCE_HOURS = 36; // shorter gaps are filled by interpolation'],
      ]),
      'logs/billing/run-2026-11-26.log': log('bill-run', '2026-11-26', 120, [
        [0.05, '2026-11-26T01:00:02Z INFO  bill-run starting cycle C-2611 with rating-engine 7.3.1 (build 2026.11.24)'],
        [0.7, '2026-11-26T02:27:40Z ERROR bill-run cycle C-2611 halted at account 4471-0093-22: register rollover detected (read 00012 after 99987), 1,208 bills held for review'],
      ]),
      'exports/high-bills-2026-11.json': json({
        cycle: 'C-2611',
        threshold_kwh: 2500,
        accounts: [
          ...rows(9, (i) => ({ account: `${3300 + 17 * i}-${String(1000 + 113 * i).slice(0, 4)}-0${i}`, kwh: 2600 + 211 * i, tariff: pick(['E7', 'STD', 'TOU-3']), flag: pick(['new-tenant', 'cold-snap', 'heat-pump']) })),
          { account: '3308-1172-05', kwh: 14210, tariff: 'STD', flag: 'tamper-suspected' },
        ],
      }),
      'docs/billing/backbilling.md': essay('Back-billing after under-recorded consumption', 6, [
        [0.3, 'Across 2025 the contact centre logged 2,417 complaints about catch-up bills; 61 % of them concerned periods longer than a year.'],
        [0.7, "Decision: we will not back-bill customers for more than 12 months of under-recorded consumption, because the regulator's back-billing rule caps recovery at 12 months and the last two disputes we took to the ombudsman were both lost on that point."],
      ]),
      'docs/计费/分时电价.md': TOU_DOC,
      'billing/CHANGELOG.md': '# Changelog\n\n## 2026.11\n\n- Bill preview endpoint.\n- Estimated reads marked on the PDF.\n',
    },
    turns: [
      {
        text: "Switching to billing today. Ticket is BILL-4027, the monthly smart-meter bill run. The big change we agreed on Tuesday: bills will be built from half-hourly interval reads instead of the two register snapshots at cycle start and end. With snapshots, any meter that missed its cycle-end read got an estimated bill, and in October that was 6.8 % of accounts. #reply Understood, interval reads from now on.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['BILL-4027'] },
          { category: 'decision', strings: ['bills will be built from half-hourly interval reads instead of the two register snapshots'], reasons: ['any meter that missed its cycle-end read got an estimated bill'] },
        ],
      },
      {
        text: "Compliance reminder, and it's not up for discussion: a customer flagged as medically dependent is never put on an automatic disconnection path, whatever the arrears. #reply Noted, no automatic disconnection for them.",
        facts: [{ category: 'rule', strings: ['a customer flagged as medically dependent is never put on an automatic disconnection path'] }],
      },
      {
        text: 'How many estimates in a row do we allow, and how big a gap do we fill? #read billing/src/tariff/estimate.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['MAX_CONSECUTIVE_ESTIMATES = 2', 'READ_GAP_TOLERANCE_HOURS = 36'] }],
      },
      {
        text: '大连开发中心那边发来的接口：读数回填用 POST /meter-data/v1/reads:backfill，账单预览用 GET /billing/v3/accounts/{accountNo}/bill-preview，MDM 的只读副本在 mdm-replica.dl.northmoor.internal:1521。 #reply 收到，已经记下。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['POST /meter-data/v1/reads:backfill'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['GET /billing/v3/accounts/{accountNo}/bill-preview'] },
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['mdm-replica.dl.northmoor.internal:1521'] },
        ],
      },
      {
        text: "Last night's run stopped partway. Can you find out why? #read logs/billing/run-2026-11-26.log",
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['cycle C-2611 halted', '1,208 bills held for review'] },
          { category: 'identifier', kind: 'version', source: 'tool', strings: ['rating-engine 7.3.1'] },
        ],
      },
      {
        text: 'Please get the rollover fix into staging by Monday 30 November, before the December cycle opens. #reply Will do.',
        facts: [{ category: 'todo', strings: ['get the rollover fix into staging', 'by Monday 30 November'] }],
      },
      { text: 'Start a notes file on how the run works. #write billing/NOTES.md # Monthly bill run\n\ncollect interval reads -> validate and fill gaps -> rate per tariff period -> hold anomalies -> post bills -> print and email.' },
      { filler: 5500, style: 'work' },
      {
        text: 'The regulation team sent a write-up on catch-up bills. Anything we need to act on? #read docs/billing/backbilling.md',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['2,417 complaints about catch-up bills'] },
          { category: 'decision', source: 'tool', strings: ['we will not back-bill customers for more than 12 months of under-recorded consumption'], reasons: ["the regulator's back-billing rule caps recovery at 12 months"] },
        ],
      },
      {
        text: 'Which account stands out in the high-bills export? #read exports/high-bills-2026-11.json',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"account": "3308-1172-05"', '"kwh": 14210'] }],
      },
      {
        text: '大阪の検針ベンダーと話して決めました。通信が途絶えたメーターへの再送要求は夜間 1 回だけにします。昼間に再送すると集中器の回線が詰まって、ほかのメーターの 30 分値まで欠けてしまうので。 #reply 了解です、夜間 1 回にします。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['通信が途絶えたメーターへの再送要求は夜間 1 回だけにします'], reasons: ['昼間に再送すると集中器の回線が詰まって'] }],
      },
      {
        text: 'Two values off the change request, for the record: BILLRUN_DRY_RUN=true stays on until finance signs off, and the CR itself is a290b131-cada-4307-87ff-27114d42509f. #reply Got both.',
        facts: [
          { category: 'identifier', kind: 'env', strings: ['BILLRUN_DRY_RUN=true'] },
          { category: 'identifier', kind: 'uuid', strings: ['a290b131-cada-4307-87ff-27114d42509f'] },
        ],
      },
      {
        text: '计费产品组对分时时段有个新说法，帮我看一下。 #read docs/计费/分时电价.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['分时电价的时段判定改用集中器的授时时间，不再使用电表自带的时钟'], reasons: ['有 3,914 块电表时钟偏差超过 15 分钟'] }],
      },
      {
        text: "Should December's dry run still show more than 0.5 % estimated bills, hold the run and escalate to the revenue assurance lead before anything gets posted. #reply I'll check the dry run figure first.",
        facts: [{ category: 'todo', strings: ['hold the run and escalate to the revenue assurance lead', 'more than 0.5 % estimated bills'] }],
      },
      {
        text: '来週水曜までに、大阪ベンダーの新ファームウェアの検証結果をまとめてください。時計補正が入った版です。 #reply はい、水曜までにまとめます。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['大阪ベンダーの新ファームウェアの検証結果をまとめてください', '来週水曜までに'] }],
      },
      {
        text: '财务部的硬性要求：账单金额一律用整数分存储，任何环节都不允许用浮点数。 #reply 明白，全部用整数分。',
        facts: [{ category: 'rule', lang: 'zh', strings: ['账单金额一律用整数分存储，任何环节都不允许用浮点数'] }],
      },
      {
        text: 'Where things live, for the handover: run dashboard at https://billing-ops.northmoor.example.co.uk/runs/C-2611, the interval-read patch merged as 3a59d5ebc2ab23619f17aeee4fe002f2a550d955, and held bills are parked in /srv/billrun/held/2026-11/. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://billing-ops.northmoor.example.co.uk/runs/C-2611'] },
          { category: 'identifier', kind: 'hash', strings: ['3a59d5ebc2ab23619f17aeee4fe002f2a550d955'] },
          { category: 'identifier', kind: 'path', strings: ['/srv/billrun/held/2026-11/'] },
        ],
      },
      { text: 'Add the run changes to the changelog. #write billing/CHANGELOG.md # Changelog\n\n## 2026.12\n\n- Bills built from half-hourly interval reads.\n- Register rollover no longer halts the run.\n\n## 2026.11\n\n- Bill preview endpoint.\n- Estimated reads marked on the PDF.\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'p3-court-efiling',
    set: 'held-out-10',
    files: {
      'efile/config/portal.yaml': code('yaml', 80, [
        [0.4, '    max_upload_mb: 35'],
        [0.41, '    clerk_review_sla_hours: 48'],
      ]),
      'logs/efile/intake-2026-11-26.log': log('efile-intake', '2026-11-26', 115, [[0.45, '2026-11-26T01:58:31Z ERROR efile-intake envelope EF-2026-118734 rejected: PDF/A validation failed (embedded font missing), filer notified 17 minutes before the cut-off']]),
      'efile/requirements.lock': rows(40, (i) => (i === 23 ? 'pdfa-converter==4.2.7' : `${pick(WORDS)}-${pick(WORDS)}==${1 + (i % 4)}.${i}.${i % 7}`)).join('\n') + '\n',
      'data/fees/fee-schedule-2027.json': json({
        effective: '2027-01-01',
        currency: 'USD',
        items: [
          ...rows(11, (i) => ({ code: `${pick(['CIVIL', 'FAMILY', 'TRAFFIC', 'PROBATE'])}-${pick(WORDS).toUpperCase()}-${i}`, fee_usd: 25 + 15 * (i % 8), waivable: i % 2 === 0 })),
          { code: 'APPEAL-DE-NOVO', fee_usd: 310, waivable: false },
        ],
      }),
      'docs/policy/sealed-filings.md': essay('Storing sealed filings', 6, [
        [0.6, 'Decision: documents filed under seal will be stored in a separate bucket with its own encryption key, not in the general filing store with an access flag, because in the March audit a misconfigured flag exposed 11 sealed exhibits to the public search index for two days.'],
      ]),
      'docs/法院/电子送达.md': SERVICE_DOC,
    },
    turns: [
      {
        text: "New project on my plate: the municipal court's e-filing portal, CRT-772. We're replacing the nightly batch docketing with docketing at the moment a filing is accepted by the clerk. With the batch, a motion filed at 9 am didn't reach the public docket until the next morning, and two hearings last month went ahead without the other side having seen the motion. #reply OK, docket on acceptance.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['CRT-772'] },
          { category: 'decision', strings: ['replacing the nightly batch docketing with docketing at the moment a filing is accepted by the clerk'], reasons: ['two hearings last month went ahead without the other side having seen the motion'] },
        ],
      },
      {
        text: "The presiding judge's office gave us one hard rule: the filing timestamp is always the time the portal received the last byte, in court local time, never the time a clerk opened the envelope. #reply Understood.",
        facts: [{ category: 'rule', strings: ['the filing timestamp is always the time the portal received the last byte'] }],
      },
      {
        text: 'What upload limit and review SLA does the portal config set? #read efile/config/portal.yaml',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['max_upload_mb: 35', 'clerk_review_sla_hours: 48'] }],
      },
      {
        text: 'PDF/A 変換ベンダー（東京）から連絡がありました。変換ジョブの投入は POST /convert/v4/jobs、結果の取得は GET /convert/v4/jobs/{jobId}/result です。検証用サーバーは pdfa-gw.qa.tokyo-docs.example:8081 とのことです。 #reply 承知しました、記録しておきます。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /convert/v4/jobs'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /convert/v4/jobs/{jobId}/result'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['pdfa-gw.qa.tokyo-docs.example:8081'] },
        ],
      },
      {
        text: "A law firm says their filing bounced yesterday afternoon. Look in the intake log? #read logs/efile/intake-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['envelope EF-2026-118734 rejected', 'PDF/A validation failed'] }],
      },
      {
        text: 'Which converter version are we pinned to? #exec grep -n "pdfa-converter" efile/requirements.lock',
        facts: [{ category: 'identifier', kind: 'version', source: 'tool', strings: ['pdfa-converter==4.2.7'] }],
      },
      {
        text: '台北外包团队提醒了一句：在 1 月 1 日新费率生效之前，要把费用减免申请表单的中文版上线。 #reply 好的，新费率生效前上线。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['把费用减免申请表单的中文版上线', '在 1 月 1 日新费率生效之前'] }],
      },
      { text: 'Open a notes file for the portal work. #write efile/NOTES.md # E-filing portal\n\nfiler uploads envelope -> virus scan -> PDF/A check -> clerk review -> accepted: docket entry + service -> rejected: notice to filer.' },
      { filler: 5500, style: 'work' },
      {
        text: 'The court administrator circulated a note about sealed documents. Does it change anything for us? #read docs/policy/sealed-filings.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['documents filed under seal will be stored in a separate bucket with its own encryption key'], reasons: ['a misconfigured flag exposed 11 sealed exhibits to the public search index'] }],
      },
      {
        text: "What's the most expensive filing in next year's fee schedule? #read data/fees/fee-schedule-2027.json",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"code": "APPEAL-DE-NOVO"', '"fee_usd": 310'] }],
      },
      {
        text: 'Keeping these two here in case we need them: the clerk queue is ordered with EFILE_CLERK_QUEUE=priority-by-hearing-date, and the court tenant id is 8a84e2b0-b2c2-4091-a7e5-acf990d60e18. #reply Noted.',
        facts: [
          { category: 'identifier', kind: 'env', strings: ['EFILE_CLERK_QUEUE=priority-by-hearing-date'] },
          { category: 'identifier', kind: 'uuid', strings: ['8a84e2b0-b2c2-4091-a7e5-acf990d60e18'] },
        ],
      },
      {
        text: '法院信息化办公室更新了电子送达的规则，请读一下。 #read docs/法院/电子送达.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['送达日以系统推送成功的时间为准，而不是当事人打开文件的时间'], reasons: ['有当事人故意不打开，导致答辩期限无法起算'] }],
      },
      {
        text: '東京のベンダーと相談して、スキャン画像の PDF は 300 dpi のグレースケールに統一すると決めました。カラーのままだと 1 件あたり平均 48 MB になり、上限を超えて差し戻されてしまいます。 #reply 了解です、300 dpi グレースケールで。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['スキャン画像の PDF は 300 dpi のグレースケールに統一する'], reasons: ['カラーのままだと 1 件あたり平均 48 MB になり'] }],
      },
      {
        text: 'Another call, made with the clerk of court this morning: self-represented filers get a guided form instead of the raw upload screen. More than a third of their envelopes were bounced last quarter for missing cover sheets. #reply Guided form for them, got it.',
        facts: [{ category: 'decision', strings: ['self-represented filers get a guided form instead of the raw upload screen'], reasons: ['More than a third of their envelopes were bounced last quarter for missing cover sheets'] }],
      },
      {
        text: 'If the PDF/A rejections stay above 5 % of envelopes after the converter upgrade, switch the portal to convert on upload and give the bar association a week of notice. #reply OK, I will track the rejection rate.',
        facts: [{ category: 'todo', strings: ['switch the portal to convert on upload', 'the PDF/A rejections stay above 5 % of envelopes'] }],
      },
      {
        text: 'それから、公開ドケットには未成年者の氏名を絶対に表示しないでください。イニシャルだけなら可です。 #reply はい、イニシャルのみにします。',
        facts: [{ category: 'rule', lang: 'ja', strings: ['公開ドケットには未成年者の氏名を絶対に表示しない'] }],
      },
      {
        text: 'Bookmarks for the team: the clerk queue is at https://efile.marlow-courts.example.gov/clerk/queue?view=pending, the timestamp fix is d795a9e79b242eec377001568b9eaa22fdbba9f3, and accepted envelopes are archived to /data/efile/accepted/2026/. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://efile.marlow-courts.example.gov/clerk/queue?view=pending'] },
          { category: 'identifier', kind: 'hash', strings: ['d795a9e79b242eec377001568b9eaa22fdbba9f3'] },
          { category: 'identifier', kind: 'path', strings: ['/data/efile/accepted/2026/'] },
        ],
      },
      { text: 'Update the portal notes with the sealed bucket and the guided form. #write efile/NOTES.md # E-filing portal\n\nfiler uploads envelope (guided form for self-represented) -> virus scan -> PDF/A check -> clerk review -> accepted: docket entry at once + service -> sealed: own bucket -> rejected: notice to filer.' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
