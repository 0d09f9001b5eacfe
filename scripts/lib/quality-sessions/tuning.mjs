// The TUNING sessions of the planted-facts compaction benchmark (issue 18): what the user says, which workspace
// files the scripted model reads or writes (`#read` / `#write` directives of shared/tools/openclaw-real/
// fake-llm.mjs), and every fact planted in them with the exact strings that must survive a compaction.
// scripts/make-quality-sessions.mjs plays them through the real OpenClaw and writes expected.json per session;
// bench/quality.mjs scores compactions against those files. Two sets: `tuning` (to tune extraction on) and
// `held-out` (never tuned on; the targets are checked there).
//
// A turn is { text, facts? }. A fact is { category, kind?, lang?, source?, strings, reasons? }:
//   category  decision | todo | rule | identifier | tool-finding | artifact
//   strings   every one must appear verbatim (case-sensitive, whitespace-normalised) in the summary or kept tail
//   reasons   decisions only: the reason strings, scored separately (reason recall)
//   source    'user' (default) or 'tool' (found in a tool result: the file read in that turn)
// Artifacts (a file read, created or modified, with the tool) are derived from the #read / #write directives.
// { filler: n } is about n tokens of unrelated turns; facts before the first filler are `early`, the others `mid`.
// Nothing in the filler repeats a planted string (make-quality-sessions.mjs checks it).

import { WORDS, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x5eed18);

/** Files that exist before the session starts (so a #write to them is a modification). */
export const SESSIONS = [
  {
    id: 't1-refunds',
    set: 'tuning',
    files: {
      'src/refunds/worker.ts': code('ts', 90, [
        [0.3, 'export const REFUND_BATCH_SIZE = 250;'],
        [0.55, 'const WEBHOOK_TIMEOUT_MS = 4500; // Stripe gives up at 5000'],
      ]),
      'logs/refund-worker-2026-11-20.log': log('refund-worker', '2026-11-20', 110, [[0.62, '2026-11-20T03:14:07Z ERROR refund-worker batch=RB-5521 upstream 10.4.7.21:8443 returned 502 Bad Gateway after 3 attempts']]),
      'config/flags.json': json({ flags: { ...Object.fromEntries(rows(14, (i) => [`checkout.variant${i}`, { enabled: i % 3 === 0, owner: `team-${pick(WORDS)}` }])), 'refunds.partialCapture': { enabled: false, owner: 'team-ledger', reason: 'INC-2207 double refunds' } } }),
    },
    turns: [
      {
        text: "Context for today: we're hardening the refund pipeline for ticket PAY-3318. Decision: we will retry failed refunds with exponential backoff capped at 5 attempts, because the card networks penalise more than 5 retries per day. Rule: never log full PANs, only the last four digits. #reply Understood, I'll keep that in mind.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['PAY-3318'] },
          { category: 'decision', strings: ['retry failed refunds with exponential backoff capped at 5 attempts'], reasons: ['the card networks penalise more than 5 retries per day'] },
          { category: 'rule', strings: ['never log full PANs, only the last four digits'] },
        ],
      },
      {
        text: 'The refund endpoint is POST /api/v2/refunds and the status check is GET /api/v2/refunds/{refundId}. The worker talks to the ledger at ledger-db.internal:6432. #reply Got it.',
        facts: [
          { category: 'identifier', kind: 'route', strings: ['POST /api/v2/refunds'] },
          { category: 'identifier', kind: 'route', strings: ['GET /api/v2/refunds/{refundId}'] },
          { category: 'identifier', kind: 'host:port', strings: ['ledger-db.internal:6432'] },
        ],
      },
      {
        text: 'Open the worker so we see the timeouts and batch constants. #read src/refunds/worker.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['WEBHOOK_TIMEOUT_MS = 4500'] }],
      },
      {
        text: 'Batch RB-5521 failed overnight; find the error in the worker log. #read logs/refund-worker-2026-11-20.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['batch=RB-5521 upstream 10.4.7.21:8443 returned 502'] }],
      },
      {
        text: '决定：退款对账任务改为每天 02:30 UTC 运行，因为银行的结算文件在 02:00 之后才生成。另外 TODO：在 12 月 15 日之前把 webhook 签名密钥轮换掉。 #reply 好的，已记录。',
        facts: [
          { category: 'decision', lang: 'zh', strings: ['退款对账任务改为每天 02:30 UTC 运行'], reasons: ['银行的结算文件在 02:00 之后才生成'] },
          { category: 'todo', lang: 'zh', strings: ['把 webhook 签名密钥轮换掉', '12 月 15 日之前'] },
        ],
      },
      { filler: 6000 },
      {
        text: 'TODO: once the ledger migration lands, remove the REFUNDS_LEGACY_PATH=1 fallback. The env var for the new path is REFUNDS_LEDGER_MODE=strict. #reply Will do after the migration.',
        facts: [
          { category: 'todo', strings: ['remove the REFUNDS_LEGACY_PATH=1 fallback', 'once the ledger migration lands'] },
          { category: 'identifier', kind: 'env', strings: ['REFUNDS_LEDGER_MODE=strict'] },
        ],
      },
      {
        text: 'Is partial capture switched on? Check the flags file. #read config/flags.json',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['refunds.partialCapture', 'INC-2207 double refunds'] }],
      },
      {
        text: 'Decision: keep partial capture disabled until INC-2207 is closed, because re-enabling it caused double refunds last quarter. #reply Agreed.',
        facts: [{ category: 'decision', strings: ['keep partial capture disabled until INC-2207 is closed'], reasons: ['re-enabling it caused double refunds last quarter'] }],
      },
      { text: 'Write the runbook note. #write docs/runbook/refund-retries.md # Refund retries\n\nBackoff: 5 attempts max, then park the refund for manual review. Owner: team-ledger.' },
      {
        text: 'Preference: keep PR descriptions under 200 words and always link the ticket. The release goes out as v3.19.2 and the fix commit is 4be1c9e07d2a55f3b8e6c1d09a7f2e4c6b3a9d15. #reply OK.',
        facts: [
          { category: 'rule', strings: ['keep PR descriptions under 200 words and always link the ticket'] },
          { category: 'identifier', kind: 'version', strings: ['v3.19.2'] },
          { category: 'identifier', kind: 'hash', strings: ['4be1c9e07d2a55f3b8e6c1d09a7f2e4c6b3a9d15'] },
        ],
      },
      { filler: 4000 },
      { filler: 22000, tail: true },
    ],
  },
  {
    id: 't2-mobile-release',
    set: 'tuning',
    files: {
      'android/app/build.gradle': code('gradle', 80, [
        [0.2, '        versionName "5.8.0-rc.3"'],
        [0.21, '        versionCode 50803'],
      ]),
      'ci/logs/build-7781.log': log('gradle', '2026-11-21', 120, [[0.7, '2026-11-21T02:41:13Z ERROR gradle > Task :app:mergeReleaseResources FAILED: Duplicate resources in res/values-ja/strings.xml']]),
      'config/remote-defaults.json': json({ ...Object.fromEntries(rows(18, (i) => [`${pick(WORDS)}_${pick(WORDS)}_${i}`, i % 2 ? true : i * 5])), checkout_v2_rollout_percent: 15, checkout_v2_kill_switch: false }),
      'CHANGELOG.md': '# Changelog\n\n## 5.7.4\n\n- Fixed the crash on the order history screen.\n',
    },
    turns: [
      {
        text: "We're preparing the Android release of the Kiwi app, tracked in MOB-1142. Decision: ship with Hermes disabled on Android 8 devices, because the Hermes bytecode crashes on the Samsung J-series there. #reply Noted.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['MOB-1142'] },
          { category: 'decision', strings: ['ship with Hermes disabled on Android 8 devices'], reasons: ['the Hermes bytecode crashes on the Samsung J-series'] },
        ],
      },
      {
        text: '決定：画像キャッシュの上限を 150MB にします。理由は、低価格端末でメモリ不足によるクラッシュが多発しているからです。ルール：リリースブランチには金曜日にマージしないこと。 #reply 了解しました。',
        facts: [
          { category: 'decision', lang: 'ja', strings: ['画像キャッシュの上限を 150MB にします'], reasons: ['低価格端末でメモリ不足によるクラッシュが多発している'] },
          { category: 'rule', lang: 'ja', strings: ['リリースブランチには金曜日にマージしないこと'] },
        ],
      },
      {
        text: 'Which version does the build file say? #read android/app/build.gradle',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['versionName "5.8.0-rc.3"'] }],
      },
      {
        text: 'The crash reports are at https://sentry.kiwi-app.dev/organizations/kiwi/issues/48213/ and the symbol upload needs SENTRY_ORG_SLUG=kiwi-mobile. #reply OK.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://sentry.kiwi-app.dev/organizations/kiwi/issues/48213/'] },
          { category: 'identifier', kind: 'env', strings: ['SENTRY_ORG_SLUG=kiwi-mobile'] },
        ],
      },
      {
        text: 'Here is the CI log of the failed build; what broke? #read ci/logs/build-7781.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: [':app:mergeReleaseResources FAILED', 'res/values-ja/strings.xml'] }],
      },
      { filler: 6000 },
      {
        text: 'TODO: before the store submission on 2026-12-03, regenerate the Japanese screenshots for the 6.7-inch iPhone. #reply Added to the list.',
        facts: [{ category: 'todo', strings: ['regenerate the Japanese screenshots for the 6.7-inch iPhone', 'before the store submission on 2026-12-03'] }],
      },
      {
        text: 'TODO：審査が通ったら、プッシュ通知の文言を新しい翻訳に差し替える。 #reply はい。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['プッシュ通知の文言を新しい翻訳に差し替える', '審査が通ったら'] }],
      },
      {
        text: 'What rollout percentage is in the remote config defaults? #read config/remote-defaults.json',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"checkout_v2_rollout_percent": 15'] }],
      },
      {
        text: "We'll roll out checkout v2 to 15% first rather than 50% — the reason: the payment SDK 3.2.1 still has an open ANR bug (MOB-1187). #reply Makes sense.",
        facts: [
          { category: 'decision', strings: ['roll out checkout v2 to 15% first rather than 50%'], reasons: ['the payment SDK 3.2.1 still has an open ANR bug'] },
          { category: 'identifier', kind: 'ticket', strings: ['MOB-1187'] },
        ],
      },
      { text: 'Update the changelog for the release. #write CHANGELOG.md # Changelog\n\n## 5.8.0\n\n- Hermes off on Android 8.\n- Image cache capped.\n\n## 5.7.4\n\n- Fixed the crash on the order history screen.' },
      {
        text: 'Rule: always run ./gradlew lintRelease before tagging. The signing key lives at /secure/keystores/kiwi-release.jks and the build UUID is 3f2b8c1e-9d4a-4e6b-b7c2-5a1f0e9d8c7b. #reply OK.',
        facts: [
          { category: 'rule', strings: ['always run ./gradlew lintRelease before tagging'] },
          { category: 'identifier', kind: 'path', strings: ['/secure/keystores/kiwi-release.jks'] },
          { category: 'identifier', kind: 'uuid', strings: ['3f2b8c1e-9d4a-4e6b-b7c2-5a1f0e9d8c7b'] },
        ],
      },
      { filler: 4000 },
      { filler: 22000, tail: true },
    ],
  },
  {
    id: 't3-etl',
    set: 'tuning',
    files: {
      'etl/jobs/orders_daily.py': code('py', 95, [
        [0.15, 'PARTITION_COLUMN = "order_date"'],
        [0.48, '    # TODO(DATA-911): drop the legacy_currency column after Q1'],
      ]),
      'logs/airflow/orders_daily/2026-11-19.log': log('airflow', '2026-11-19', 100, [[0.8, '2026-11-19T02:58:40Z ERROR airflow Task orders_daily.load_fact_orders failed: ProgrammingError: column "discount_code" does not exist']]),
      'docs/design/late-arriving-data.md': essay('Late-arriving data', 8, [
        [0.5, 'After two incidents we decided to hold late events in a quarantine table for 72 hours, because upstream replays usually arrive within two days. Anything older is dropped and counted.'],
      ]),
    },
    turns: [
      {
        text: 'Today we fix the nightly ETL (DATA-902). Decision: move the dedupe step before the join, because the join explodes to 40M rows when duplicates reach it. Rule: only touch the staging schema, never prod_warehouse directly. #reply Understood.',
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['DATA-902'] },
          { category: 'decision', strings: ['move the dedupe step before the join'], reasons: ['the join explodes to 40M rows when duplicates reach it'] },
          { category: 'rule', strings: ['only touch the staging schema, never prod_warehouse directly'] },
        ],
      },
      {
        text: 'Read the job; is there anything pending in it? #read etl/jobs/orders_daily.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['TODO(DATA-911): drop the legacy_currency column after Q1'] }],
      },
      {
        text: '决定：把 Spark 的 shuffle 分区数从 200 调到 64，因为小文件太多导致 S3 请求费用翻倍。规则：所有新表都必须带 ingestion_ts 字段。 #reply 明白。',
        facts: [
          { category: 'decision', lang: 'zh', strings: ['把 Spark 的 shuffle 分区数从 200 调到 64'], reasons: ['小文件太多导致 S3 请求费用翻倍'] },
          { category: 'rule', lang: 'zh', strings: ['所有新表都必须带 ingestion_ts 字段'] },
        ],
      },
      {
        text: "The warehouse is at warehouse-prod.cluster-c9x2.eu-west-1.redshift.amazonaws.com:5439, and Airflow's trigger API is POST /api/v1/dags/orders_daily/dagRuns. #reply Got it.",
        facts: [
          { category: 'identifier', kind: 'host:port', strings: ['warehouse-prod.cluster-c9x2.eu-west-1.redshift.amazonaws.com:5439'] },
          { category: 'identifier', kind: 'route', strings: ['POST /api/v1/dags/orders_daily/dagRuns'] },
        ],
      },
      {
        text: "Why did last night's load fail? #read logs/airflow/orders_daily/2026-11-19.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['column "discount_code" does not exist'] }],
      },
      { filler: 6000 },
      {
        text: 'TODO: after the backfill finishes, re-run the row-count checks for 2026-10-01 through 2026-10-31. Also set ETL_MAX_PARALLEL_TASKS=12 in the scheduler env. #reply OK.',
        facts: [
          { category: 'todo', strings: ['re-run the row-count checks for 2026-10-01 through 2026-10-31', 'after the backfill finishes'] },
          { category: 'identifier', kind: 'env', strings: ['ETL_MAX_PARALLEL_TASKS=12'] },
        ],
      },
      {
        text: 'Read the design note on late-arriving data before we change the window. #read docs/design/late-arriving-data.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['hold late events in a quarantine table for 72 hours'], reasons: ['upstream replays usually arrive within two days'] }],
      },
      {
        text: 'TODO：在 11 月 30 日前，把 dbt 升级到 1.8.4 并修复所有弃用警告。 #reply 好的。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['把 dbt 升级到 1.8.4 并修复所有弃用警告', '在 11 月 30 日前'] }],
      },
      { text: 'Save the October check as SQL. #write etl/checks/rowcount_october.sql SELECT order_date, count(*) FROM staging.fact_orders WHERE order_date BETWEEN DATE \'2026-10-01\' AND DATE \'2026-10-31\' GROUP BY 1 ORDER BY 1;' },
      {
        text: 'The failing run id is 8d1e5f3a-2c47-4b9e-a6d0-71f3c2b8e945, the fix is on commit a91f03c6e2b74d58f1c0e9a3b6d2f7e4c5a81b09, and the output lands in s3://acme-dw-staging/exports/orders_daily/. #reply Noted.',
        facts: [
          { category: 'identifier', kind: 'uuid', strings: ['8d1e5f3a-2c47-4b9e-a6d0-71f3c2b8e945'] },
          { category: 'identifier', kind: 'hash', strings: ['a91f03c6e2b74d58f1c0e9a3b6d2f7e4c5a81b09'] },
          { category: 'identifier', kind: 'url', strings: ['s3://acme-dw-staging/exports/orders_daily/'] },
        ],
      },
      { filler: 4000 },
      { filler: 22000, tail: true },
    ],
  },
];
