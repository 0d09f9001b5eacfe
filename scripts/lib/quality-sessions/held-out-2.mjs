// The second HELD-OUT set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 when the first
// held-out set (held-out.mjs) became a tuning set: new projects (thermostat firmware rollout, a CRM's erasure
// requests, a storefront launch in Japan and Taiwan), new wording, work-style filler. Never tune extraction on it and
// never read its results while changing extraction: its figures are the ones the targets are checked on.
// Same format as tuning.mjs / held-out.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x2b7f91);

const LOW_BATTERY_DOC = `# 低电量时的固件升级策略

硬件组 · 2026 年 11 月

恒温器由两节 AA 电池供电，部分型号同时接 24V 交流电。电池电量由 ADC 每 10 分钟采样一次，在低温环境下读数会偏低 3% 左右。

我们统计了春季升级中失败的设备：大多数在刷写时电量已经很低，而且大部分在刷写到 60%–80% 之间时重启。重启之后 bootloader 找不到完整的镜像，只能停在恢复模式。

结论：电量低于 20% 时不下发固件更新，设备会在电量恢复后的下一个心跳周期重新请求。原因很简单：刷写过程中一旦掉电，设备就会变砖，只能返厂。

接了 24V 交流电的型号不受这个限制。电量阈值以后如果要调整，需要硬件组和固件组一起评审。
`;

const APPI_MEMO = `# 個人情報の削除請求に関する検討メモ（2026年11月）

法務部・情報システム部 合同メモ

背景：EU の顧客については GDPR 第 17 条に基づく削除請求を受け付けていますが、日本の子会社では個人情報保護法に基づく利用停止・消去の請求が増えています。月あたりの件数は 9 月の 40 件から、11 月には 130 件を超えました。

現状の課題：受付はフォームとメールの二系統に分かれており、どちらで受け付けたかによって担当者が異なります。そのため、処理期限の管理がスプレッドシート頼みになっています。

結論として、削除リクエストの受付から 14 日以内に処理を完了することにしました。個人情報保護委員会のガイドラインで「遅滞なく」対応することが求められており、社内監査でも 14 日を目安にしているためです。

補足：バックアップ上のデータは、次回のバックアップ世代交代（最大 35 日）で消えるため、個別の対応は不要とします。ただし、その旨を本人への回答に明記してください。
`;

export const SESSIONS = [
  {
    id: 'n1-thermostat-ota',
    set: 'held-out-2',
    files: {
      'firmware/ota/include/ota_config.h': code('c', 90, [
        [0.45, '#define OTA_CHUNK_SIZE_BYTES 4096'],
        [0.46, '#define OTA_MAX_BOOT_ATTEMPTS 3'],
      ]),
      'logs/mqtt/broker-2026-11-24.log': log('emqx', '2026-11-24', 110, [[0.6, '2026-11-24T03:41:17Z WARN  emqx client thermo-7f3a21 disconnected: keepalive timeout (90s), session expired, 1,284 QoS1 messages dropped']]),
      'fleet/rollout-wave-3.json': json({
        rollout: 'wave-3',
        target: { hardware_revs: ['C', 'D'], regions: ['eu-west', 'eu-central'], device_count: 18240 },
        thresholds: { halt_on_failure_rate: 0.02, min_battery_percent: 20, max_concurrent_downloads: 1500 },
        batches: rows(8, (i) => ({ batch: i + 1, devices: 2000 + 40 * i, window: `0${i % 4}:00-0${(i % 4) + 2}:00`, tag: pick(WORDS) })),
      }),
      'docs/hw/低电量策略.md': LOW_BATTERY_DOC,
    },
    turns: [
      {
        text: "Picking up the OTA rollout for the Nimbus thermostats, ticket FW-2291. After going back and forth we're doing staged waves of 5% / 25% / 100% instead of a single push; the deciding factor was that wave 2 of the spring rollout bricked 312 units before anyone noticed. #reply Understood, staged waves it is.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['FW-2291'] },
          { category: 'decision', strings: ['staged waves of 5% / 25% / 100% instead of a single push'], reasons: ['wave 2 of the spring rollout bricked 312 units before anyone noticed'] },
        ],
      },
      {
        text: 'House rule for this repo: every firmware image must be signed with the production key before it goes anywhere near the CDN, dogfood builds included. #reply Got it.',
        facts: [{ category: 'rule', strings: ['every firmware image must be signed with the production key before it goes anywhere near the CDN'] }],
      },
      {
        text: 'What chunk size and boot-attempt limit does the OTA client use? #read firmware/ota/include/ota_config.h',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['OTA_CHUNK_SIZE_BYTES 4096', 'OTA_MAX_BOOT_ATTEMPTS 3'] }],
      },
      {
        text: '深圳硬件组确认了：设备端 MQTT 连的是 mqtt-eu.nimbus-iot.net:8883，镜像从 https://fw-cdn.nimbus-iot.net/images/ 下载。另外，下周三之前要把 wave 1 的设备名单发给他们。 #reply 好的，记下了。',
        facts: [
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['mqtt-eu.nimbus-iot.net:8883'] },
          { category: 'identifier', kind: 'url', lang: 'zh', strings: ['https://fw-cdn.nimbus-iot.net/images/'] },
          { category: 'todo', lang: 'zh', strings: ['把 wave 1 的设备名单发给他们', '下周三之前'] },
        ],
      },
      {
        text: 'The broker dropped a bunch of thermostats last night. What happened? #read logs/mqtt/broker-2026-11-24.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['keepalive timeout (90s)', '1,284 QoS1 messages dropped'] }],
      },
      { text: 'Jot the download state machine into a notes file so we stop redrawing it. #write firmware/ota/NOTES.md # OTA client states\n\nIDLE -> DOWNLOADING -> VERIFYING -> STAGED -> REBOOTING -> CONFIRMED, or ROLLED_BACK after too many failed boots.' },
      { filler: 5500, style: 'work' },
      {
        text: 'For the ops dashboard: devices report their install result with PUT /v2/devices/{deviceId}/firmware-status, and the page polls GET /v2/rollouts/{rolloutId}/progress. The rollout id of wave 3 is 4a519b00-5afa-459f-b441-f9db1a2d6cbc. #reply OK, noted both routes and the id.',
        facts: [
          { category: 'identifier', kind: 'route', strings: ['PUT /v2/devices/{deviceId}/firmware-status'] },
          { category: 'identifier', kind: 'route', strings: ['GET /v2/rollouts/{rolloutId}/progress'] },
          { category: 'identifier', kind: 'uuid', strings: ['4a519b00-5afa-459f-b441-f9db1a2d6cbc'] },
        ],
      },
      {
        text: 'Is there a failure threshold in the wave 3 manifest? #read fleet/rollout-wave-3.json',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"halt_on_failure_rate": 0.02'] }],
      },
      {
        text: "I'd rather gate wave 3 on the A/B bootloader than ship it to the old single-slot units: without a second slot there's no way to roll back a bad image remotely. So wave 3 only targets hardware rev C and later. #reply Agreed, rev C and later only.",
        facts: [{ category: 'decision', strings: ['gate wave 3 on the A/B bootloader'], reasons: ["without a second slot there's no way to roll back a bad image remotely"] }],
      },
      {
        text: '低电量的时候到底能不能升级？看一下硬件组的文档。 #read docs/hw/低电量策略.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['电量低于 20% 时不下发固件更新'], reasons: ['刷写过程中一旦掉电，设备就会变砖'] }],
      },
      {
        text: 'Action item, conditional: if the wave 2 failure rate is still above 1% on Monday morning, pause the rollout and page the firmware on-call. Setting OTA_ROLLOUT_PAUSED=true in the controller env is how you pause it. #reply Will do if it comes to that.',
        facts: [
          { category: 'todo', strings: ['pause the rollout and page the firmware on-call', 'if the wave 2 failure rate is still above 1% on Monday morning'] },
          { category: 'identifier', kind: 'env', strings: ['OTA_ROLLOUT_PAUSED=true'] },
        ],
      },
      {
        text: '还有一件事：等 wave 2 连续 72 小时没有回滚，再开始推 wave 3。 #reply 好，不会提前推。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['再开始推 wave 3', '等 wave 2 连续 72 小时没有回滚'] }],
      },
      {
        text: 'Bookkeeping: the candidate is firmware 3.8.0-rc.4, the image sha256 is 2e53b60d5927c90adbb66562fb14eb186200863e3a39f086da160944fb460129, and the signing cert lives at /opt/nimbus/signing/prod-2026.pem. 规则：固件版本号一律用 semver，不允许再用日期当版本号。 #reply 明白。',
        facts: [
          { category: 'identifier', kind: 'version', strings: ['3.8.0-rc.4'] },
          { category: 'identifier', kind: 'hash', strings: ['2e53b60d5927c90adbb66562fb14eb186200863e3a39f086da160944fb460129'] },
          { category: 'identifier', kind: 'path', strings: ['/opt/nimbus/signing/prod-2026.pem'] },
          { category: 'rule', lang: 'zh', strings: ['固件版本号一律用 semver，不允许再用日期当版本号'] },
        ],
      },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'n2-crm-erasure',
    set: 'held-out-2',
    files: {
      'crm/privacy/erasure.py': code('py', 90, [
        [0.3, 'ERASURE_GRACE_PERIOD_DAYS = 30'],
        [0.31, 'ANONYMIZE_FIELDS = ("email", "phone", "birth_date", "postal_address")'],
      ]),
      'crm/settings/base.py': code('py', 60, [
        [0.5, 'ERASURE_QUEUE_URL = "https://sqs.eu-central-1.amazonaws.com/418277390146/crm-erasure-requests"'],
        [0.51, 'ERASURE_BATCH_SIZE = 250'],
      ]),
      'docs/legal/appi-memo-2026-11.md': APPI_MEMO,
      'logs/privacy/erasure-worker-2026-11-25.log': log('erasure-worker', '2026-11-25', 105, [[0.4, '2026-11-25T02:14:33Z ERROR erasure-worker request ER-88213 failed: foreign key violation on table marketing_consents (constraint fk_consent_customer), 0 of 7 tables anonymized']]),
      'crm/privacy/retention.json': json({
        policies: [
          ...rows(4, (i) => ({ category: `${pick(WORDS)}_records_${i}`, retain_years: [1, 2, 3, 5][i], legal_basis: 'legitimate interest' })),
          { category: 'invoices', retain_years: 10, legal_basis: 'HGB §257' },
          { category: 'marketing_consents', retain_years: 2, legal_basis: 'consent' },
        ],
      }),
    },
    turns: [
      {
        text: 'Starting on the right-to-erasure backlog, PRIV-1407. We are going to anonymize rows in place rather than hard-delete them, given that finance still has to reconcile invoices that point at those customers. #reply Makes sense, anonymize in place.',
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['PRIV-1407'] },
          { category: 'decision', strings: ['anonymize rows in place rather than hard-delete them'], reasons: ['finance still has to reconcile invoices that point at those customers'] },
        ],
      },
      {
        text: 'Please never run the erasure job against the production replica from a notebook; it goes through the queue or not at all. And only the privacy team may approve a manual override. #reply Understood, both noted.',
        facts: [
          { category: 'rule', strings: ['never run the erasure job against the production replica from a notebook'] },
          { category: 'rule', strings: ['only the privacy team may approve a manual override'] },
        ],
      },
      {
        text: 'How long is the grace period before we actually erase anything? #read crm/privacy/erasure.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['ERASURE_GRACE_PERIOD_DAYS = 30'] }],
      },
      {
        text: '日本の子会社の件です。削除 API は DELETE /api/v3/customers/{customerId}/personal-data、状況の確認は GET /api/v3/erasure-requests/{requestId} です。検証環境の DB は crm-stg-db.tokyo.internal:5433 にあります。 #reply 承知しました。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['DELETE /api/v3/customers/{customerId}/personal-data'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /api/v3/erasure-requests/{requestId}'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['crm-stg-db.tokyo.internal:5433'] },
        ],
      },
      {
        text: 'What did legal in Tokyo conclude about the deadline? #read docs/legal/appi-memo-2026-11.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['削除リクエストの受付から 14 日以内に処理を完了する'], reasons: ['個人情報保護委員会のガイドラインで「遅滞なく」対応することが求められており'] }],
      },
      {
        text: 'それと、本番データのスクリーンショットを Slack に貼るのは禁止です。チーム全員に徹底してください。 #reply はい、全員に伝えます。',
        facts: [{ category: 'rule', lang: 'ja', strings: ['本番データのスクリーンショットを Slack に貼るのは禁止です'] }],
      },
      { filler: 5500, style: 'work' },
      {
        text: "Last night's run choked on something; check the worker log. #read logs/privacy/erasure-worker-2026-11-25.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['foreign key violation on table marketing_consents'] }],
      },
      {
        text: 'OK, the fix: we will cascade the anonymization to marketing_consents too — reason being that a consent row without its customer is itself personal data under Art. 4 GDPR. Put ERASURE_CASCADE_TABLES=marketing_consents,support_tickets in the worker env. #reply Will do.',
        facts: [
          { category: 'decision', strings: ['cascade the anonymization to marketing_consents too'], reasons: ['a consent row without its customer is itself personal data under Art. 4 GDPR'] },
          { category: 'identifier', kind: 'env', strings: ['ERASURE_CASCADE_TABLES=marketing_consents,support_tickets'] },
        ],
      },
      {
        text: 'Which queue does the worker read from? #exec grep -n "ERASURE_" crm/settings/base.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['https://sqs.eu-central-1.amazonaws.com/418277390146/crm-erasure-requests'] }],
      },
      {
        text: '匿名化したメールアドレスは、SHA-256 のハッシュではなくランダムなトークンに置き換えることで合意しました。ハッシュだと元のアドレスを総当たりで復元できてしまうためです。 #reply 了解です、トークン方式にします。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['SHA-256 のハッシュではなくランダムなトークンに置き換える'], reasons: ['ハッシュだと元のアドレスを総当たりで復元できてしまう'] }],
      },
      {
        text: 'How long do we have to keep invoices? #read crm/privacy/retention.json',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"retain_years": 10', '"legal_basis": "HGB §257"'] }],
      },
      {
        text: 'TODO（田中さん）：12月20日までに、APPI 対応の削除証明書テンプレートを法務に確認してもらってください。 #reply 了解です、田中さんに伝えます。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['APPI 対応の削除証明書テンプレートを法務に確認してもらってください', '12月20日までに'] }],
      },
      { text: 'Write the runbook page for failed erasures. #write docs/runbook/erasure-failures.md # Failed erasure requests\n\n1. Find the request id in the worker log.\n2. Fix the blocking constraint, then re-queue the request.\n3. Never edit customer rows by hand.' },
      {
        text: 'Reminder for after the DPO signs off: switch the DSAR form to the new endpoint and delete the old /privacy/request view. The approval thread is https://acme-crm.atlassian.net/browse/PRIV-1412, the migration is tagged privacy-2026.11.3, and the commit is 3ff8215a59d7d813f094ea56bb3b06b143f26012. #reply Noted, after the sign-off.',
        facts: [
          { category: 'todo', strings: ['switch the DSAR form to the new endpoint and delete the old /privacy/request view', 'after the DPO signs off'] },
          { category: 'identifier', kind: 'url', strings: ['https://acme-crm.atlassian.net/browse/PRIV-1412'] },
          { category: 'identifier', kind: 'version', strings: ['privacy-2026.11.3'] },
          { category: 'identifier', kind: 'hash', strings: ['3ff8215a59d7d813f094ea56bb3b06b143f26012'] },
        ],
      },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'n3-storefront-jp',
    set: 'held-out-2',
    files: {
      'web/storefront/next.config.ts': code('ts', 80, [
        [0.2, "  i18n: { locales: ['en', 'ja-JP', 'zh-TW'], defaultLocale: 'en' },"],
        [0.55, '  images: { minimumCacheTTL: 2592000, formats: ["image/avif", "image/webp"] },'],
      ]),
      'perf/lighthouse-ja-home.json': json({
        lighthouseVersion: '12.2.1',
        requestedUrl: 'https://www.example-store.jp/ja-jp',
        categories: { performance: { score: 0.58 }, accessibility: { score: 0.94 }, seo: { score: 0.92 } },
        audits: {
          'first-contentful-paint': { numericValue: 1630, displayValue: '1.6 s', score: 0.86 },
          'largest-contentful-paint': { numericValue: 4180, displayValue: '4.2 s', score: 0.41 },
          'total-blocking-time': { numericValue: 310, displayValue: '310 ms', score: 0.72 },
          'cumulative-layout-shift': { numericValue: 0.021, displayValue: '0.021', score: 1 },
          ...Object.fromEntries(rows(5, (i) => [`${pick(WORDS)}-${pick(WORDS)}-${i}`, { score: 1, displayValue: `${i + 1} item${i ? 's' : ''}` }])),
        },
      }),
      'logs/cdn/edge-tokyo-2026-11-23.log': log('edge-nrt', '2026-11-23', 110, [[0.5, '2026-11-23T11:02:48Z WARN  edge-nrt cache MISS storm on /_next/image?url=%2Fproducts%2F*: 94% miss ratio for 12 min after purge-all by deploy 2611']]),
      'docs/postmortems/2026-11-singles-day.md': essay('Post-mortem: image outage on Singles\' Day', 7, [
        [0.55, 'What we changed: from now on we purge the CDN by surrogate key instead of purge-all, because a full purge during peak sent every image request back to the origin at once and the origin fell over at 09:14 JST.'],
      ]),
      'web/storefront/messages/zh-TW.json': json({ 'checkout.title': '結帳', 'cart.empty': '購物車是空的', 'nav.search': '搜尋' }),
    },
    turns: [
      {
        text: "Kicking off the Japan and Taiwan storefront launch, epic WEB-3050. We'll do locale routing with path prefixes (/ja-jp/, /zh-tw/) instead of separate domains: SEO-wise it keeps all the link equity on one domain. #reply Sounds good, path prefixes.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['WEB-3050'] },
          { category: 'decision', strings: ['locale routing with path prefixes (/ja-jp/, /zh-tw/) instead of separate domains'], reasons: ['it keeps all the link equity on one domain'] },
        ],
      },
      {
        text: '日本向けの決済は、コンビニ払いを最初から入れることにしました。日本では 30 代以上のユーザーの約 2 割がクレジットカードを使いたがらないからです。 #reply 了解しました、初期リリースに含めます。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['コンビニ払いを最初から入れることにしました'], reasons: ['日本では 30 代以上のユーザーの約 2 割がクレジットカードを使いたがらない'] }],
      },
      {
        text: 'Which locales are configured, and how long are optimized images cached? #read web/storefront/next.config.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['minimumCacheTTL: 2592000'] }],
      },
      {
        text: '台灣團隊提醒：商品價格一律顯示含稅金額，不要另外列營業稅。金流測試站是 https://sandbox.ecpay-gw.example.tw/v2/checkout ，帳號找 Ivy 要。 #reply 收到。',
        facts: [
          { category: 'rule', lang: 'zh', strings: ['商品價格一律顯示含稅金額，不要另外列營業稅'] },
          { category: 'identifier', kind: 'url', lang: 'zh', strings: ['https://sandbox.ecpay-gw.example.tw/v2/checkout'] },
        ],
      },
      {
        text: "The Lighthouse run on the Japanese home page finished. What's the LCP? #read perf/lighthouse-ja-home.json",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"largest-contentful-paint"', '"displayValue": "4.2 s"'] }],
      },
      {
        text: 'Wiring for the BFF: NEXT_PUBLIC_DEFAULT_CURRENCY_JP=JPY, the cart is PATCH /bff/cart/{cartId}/items and the price preview is POST /bff/pricing/preview; the BFF listens on bff.storefront.svc.cluster.local:8080. #reply Noted.',
        facts: [
          { category: 'identifier', kind: 'env', strings: ['NEXT_PUBLIC_DEFAULT_CURRENCY_JP=JPY'] },
          { category: 'identifier', kind: 'route', strings: ['PATCH /bff/cart/{cartId}/items'] },
          { category: 'identifier', kind: 'route', strings: ['POST /bff/pricing/preview'] },
          { category: 'identifier', kind: 'host:port', strings: ['bff.storefront.svc.cluster.local:8080'] },
        ],
      },
      { filler: 5500, style: 'work' },
      {
        text: 'Product images in Tokyo were slow on Monday. Anything in the edge log? #read logs/cdn/edge-tokyo-2026-11-23.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['94% miss ratio for 12 min after purge-all'] }],
      },
      {
        text: "Pull up the Singles' Day post-mortem, I want the purge decision in front of me. #read docs/postmortems/2026-11-singles-day.md",
        facts: [{ category: 'decision', source: 'tool', strings: ['purge the CDN by surrogate key instead of purge-all'], reasons: ['a full purge during peak sent every image request back to the origin at once'] }],
      },
      {
        text: '我们最后定了：繁体中文页面用系统字体，不再打包 Noto Sans TC，原因是整套字体有 7 MB，会明显拖慢首屏。 #reply 好，去掉字体包。',
        facts: [{ category: 'decision', lang: 'zh', strings: ['繁体中文页面用系统字体，不再打包 Noto Sans TC'], reasons: ['整套字体有 7 MB，会明显拖慢首屏'] }],
      },
      { text: 'Add the checkout strings for Taiwan. #write web/storefront/messages/zh-TW.json {"checkout.title": "結帳", "checkout.pay": "付款", "checkout.tax_included": "價格已含稅", "cart.empty": "購物車是空的", "nav.search": "搜尋"}' },
      {
        text: 'Two follow-ups. First, by Dec 18 get the Japanese legal notice (特定商取引法に基づく表記) reviewed by the Osaka office. Second, once the Taiwan payment sandbox passes end-to-end, turn on zh-TW for 10% of traffic. #reply Both are on the list.',
        facts: [
          { category: 'todo', strings: ['get the Japanese legal notice (特定商取引法に基づく表記) reviewed by the Osaka office', 'by Dec 18'] },
          { category: 'todo', strings: ['turn on zh-TW for 10% of traffic', 'once the Taiwan payment sandbox passes end-to-end'] },
        ],
      },
      {
        text: '商品説明の機械翻訳をそのまま公開しないこと。必ずネイティブのレビューを通してください。あと、年内に ja-JP の 404 ページの翻訳もお願いします。 #reply 承知しました。',
        facts: [
          { category: 'rule', lang: 'ja', strings: ['商品説明の機械翻訳をそのまま公開しないこと'] },
          { category: 'todo', lang: 'ja', strings: ['ja-JP の 404 ページの翻訳', '年内に'] },
        ],
      },
      {
        text: 'For the record: the preview is https://storefront-git-jp-launch-acme.vercel.app/ja-jp, the feature-flag id is 8e198a9f-9fd9-4f8f-a238-c91f45b1de64, the self-hosted fonts were under /srv/storefront/public/fonts/, and we are on Next.js 15.1.4. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://storefront-git-jp-launch-acme.vercel.app/ja-jp'] },
          { category: 'identifier', kind: 'uuid', strings: ['8e198a9f-9fd9-4f8f-a238-c91f45b1de64'] },
          { category: 'identifier', kind: 'path', strings: ['/srv/storefront/public/fonts/'] },
          { category: 'identifier', kind: 'version', strings: ['Next.js 15.1.4'] },
        ],
      },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
