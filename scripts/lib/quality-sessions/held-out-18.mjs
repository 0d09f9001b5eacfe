// The held-out-18 set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an independent
// writer who never saw the extraction code (nor any results of it): new projects (a regional blood service's donor
// appointment system, a toll road's plate-recognition disputes, a translation app's offline dictionary packs), own
// wording and own turn order, work-style filler. Never tuned on: never tune extraction on it and never read its
// results while changing extraction.
// Same format as tuning.mjs / held-out.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x18b7c3);

const SLOT_DOC = `# 献血ルームの予約枠について

需給管理課 · 2026 年 11 月

年明けは例年、献血者が 2 割ほど減ります。一方で医療機関からの血小板製剤の依頼は 1 月にむしろ増えるため、成分献血の枠をどう確保するかが課題でした。

これまでは全血と成分献血の予約枠を同じ 15 分刻みで管理していましたが、成分献血は採血に 60〜90 分かかり、ベッドが長く埋まります。

決定事項：成分献血の予約枠は全血とは別のベッドに固定し、1 日 6 枠までとする。血小板の有効期間は 4 日しかなく、週末に採りすぎると月曜に廃棄が出ていたためです。

この運用は 12 月 1 日の予約分から適用します。
`;

const DISPUTE_DOC = `# 车牌识别争议处理规则（运营部）

2026 年 11 月 · 适用于全部收费站

背景：本季度收到的车牌识别争议比去年同期多了 42%，主要集中在夜间和雨天。

客服反映，很多车主在收到罚单之后才知道自己被误识别，申诉时已经过了缴费期限，产生了滞纳金。

决定：识别置信度低于阈值的通行记录一律先转人工复核，不再直接生成欠费通知。理由是上季度被撤销的欠费通知里有 71% 来自低置信度识别。

人工复核须在 3 个工作日内完成。
`;

const SPLIT_DOC = `# 辞書パックの分割方針

モバイル開発部 · 2026 年 11 月

オフライン辞書パックは現在、言語ペアごとに 1 ファイルで配布しています。英日パックは 410 MB あり、ダウンロード途中で失敗したという問い合わせが毎週 30 件以上届いています。

方針：辞書パックは見出し語の頭文字ごとに 20 MB 前後のチャンクに分割して配信することにした。モバイル回線では 100 MB を超えるダウンロードの 4 割近くが途中で切れていたからだ。

チャンク単位で再開できるので、失敗しても最初からやり直す必要はありません。
`;

export const SESSIONS = [
  {
    id: 'q1-donor-appointments',
    set: 'held-out-18',
    files: {
      'booking/src/slots/eligibility.py': code('py', 90, [
        [0.4, '    MIN_DAYS_BETWEEN_WHOLE_BLOOD = 84  # days since the last whole-blood donation'],
        [0.41, '    MIN_HEMOGLOBIN_G_DL_FEMALE = 12.5'],
      ]),
      'logs/booking/sms-reminders-2026-11-26.log': log('reminder-sender', '2026-11-26', 112, [[0.55, '2026-11-26T02:19:40Z ERROR reminder-sender batch RB-4471 stopped: carrier gateway returned 429 for 1,204 reminders, retry budget exhausted']]),
      'config/centres.json': json({
        region: 'north-west',
        centres: [
          ...rows(4, (i) => ({ code: `NW-${10 + i}`, beds: 8 + i, opens: '08:00', closes: '19:30', note: pick(WORDS) })),
          { code: 'NW-17', beds: 4, opens: '10:00', closes: '16:00', note: 'mobile unit, plasma only', scheduler: 'slots-nw17.bloodsvc.internal:7443' },
        ],
      }),
      'docs/献血/予約枠.md': SLOT_DOC,
      'booking/CHANGELOG.md': '# Changelog\n\n## 2.6.0\n\n- Reminder SMS in the donor language.\n- Walk-in queue on the centre tablet.\n',
    },
    turns: [
      {
        text: 'Before I explain the task, have a look at how the donation intervals are coded. #read booking/src/slots/eligibility.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['MIN_DAYS_BETWEEN_WHOLE_BLOOD = 84', 'MIN_HEMOGLOBIN_G_DL_FEMALE = 12.5'] }],
      },
      {
        text: "Right, so the work is DONOR-5521: the appointment booking for the north-west blood service. Donors book through POST /api/v2/donors/{donorId}/appointments and a slot is held for DONOR_SLOT_HOLD_SECONDS=420 while they fill in the health questionnaire. One thing we settled yesterday — online booking only opens 14 days ahead. Slots booked further out had a 31 % no-show rate, against 9 % for the rest. #reply Clear, a 14-day horizon.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['DONOR-5521'] },
          { category: 'identifier', kind: 'route', strings: ['POST /api/v2/donors/{donorId}/appointments'] },
          { category: 'identifier', kind: 'env', strings: ['DONOR_SLOT_HOLD_SECONDS=420'] },
          { category: 'decision', strings: ['online booking only opens 14 days ahead'], reasons: ['Slots booked further out had a 31 % no-show rate'] },
        ],
      },
      {
        text: '医務課からの強い要望です。問診票の回答内容は予約システムのログに一切出力しないこと。 #reply 承知しました、ログには出しません。',
        facts: [{ category: 'rule', lang: 'ja', strings: ['問診票の回答内容は予約システムのログに一切出力しないこと'] }],
      },
      {
        text: 'Donors in Preston say they never got last night\'s reminder text. What happened? #read logs/booking/sms-reminders-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['batch RB-4471 stopped', '429 for 1,204 reminders'] }],
      },
      {
        text: '成都那边的开发组也定了一件事：提醒短信改为预约前 24 小时和 2 小时各发一次，原来只在前一天发，很多献血者当天就忘了。测试环境的短信网关在 sms-gw.test.bloodsvc.cn:9090。另外，12 月 8 日之前把候补名单功能上线到测试环境。 #reply 好的，三件都记下了。',
        facts: [
          { category: 'decision', lang: 'zh', strings: ['提醒短信改为预约前 24 小时和 2 小时各发一次'], reasons: ['原来只在前一天发，很多献血者当天就忘了'] },
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['sms-gw.test.bloodsvc.cn:9090'] },
          { category: 'todo', lang: 'zh', strings: ['把候补名单功能上线到测试环境', '12 月 8 日之前'] },
        ],
      },
      { text: 'Write down the booking flow somewhere so the next person can follow it. #write booking/NOTES.md # Booking flow\n\nsearch slots -> hold slot -> health questionnaire -> confirm -> reminder SMS (24 h, 2 h) -> check-in at the centre -> donation record.' },
      { filler: 5500, style: 'work' },
      {
        text: 'Supply planning sent a note on appointment slots, in Japanese. Can you read it and tell me what changes for us? #read docs/献血/予約枠.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['成分献血の予約枠は全血とは別のベッドに固定し、1 日 6 枠までとする'], reasons: ['血小板の有効期間は 4 日しかなく、週末に採りすぎると月曜に廃棄が出ていた'] }],
      },
      {
        text: "Some references from the release checklist, keep them handy:\n- admin console: https://admin.bloodsvc.example.org.uk/centres/NW/slots\n- hold-expiry fix: 9c2f61d0b84a7e35f1c08d92ab6e47f3150c8d2e\n- release: donor-booking 2.7.0-beta.3\n- pilot cohort id: 3f6a9d12-7b44-4c0e-9e85-d21a6b0f4c77\n- nightly exports land in /data/exports/donor-booking/nightly/\n#reply All five noted.",
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://admin.bloodsvc.example.org.uk/centres/NW/slots'] },
          { category: 'identifier', kind: 'hash', strings: ['9c2f61d0b84a7e35f1c08d92ab6e47f3150c8d2e'] },
          { category: 'identifier', kind: 'version', strings: ['donor-booking 2.7.0-beta.3'] },
          { category: 'identifier', kind: 'uuid', strings: ['3f6a9d12-7b44-4c0e-9e85-d21a6b0f4c77'] },
          { category: 'identifier', kind: 'path', strings: ['/data/exports/donor-booking/nightly/'] },
        ],
      },
      {
        text: "Two more. If the carrier throttles us again before Christmas, move reminder sending to the backup provider for the whole region, don't try to split it per centre. And please: never cancel a donor's appointment automatically; a nurse has to confirm every cancellation. #reply Understood on both.",
        facts: [
          { category: 'todo', strings: ['move reminder sending to the backup provider for the whole region', 'If the carrier throttles us again before Christmas'] },
          { category: 'rule', strings: ["never cancel a donor's appointment automatically"] },
        ],
      },
      {
        text: 'Which centre is the odd one out in the centre config, and where does its scheduler run? #read config/centres.json',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['"note": "mobile unit, plasma only"'] },
          { category: 'identifier', kind: 'host:port', source: 'tool', strings: ['slots-nw17.bloodsvc.internal:7443'] },
        ],
      },
      {
        text: "Decision from this morning's stand-up: walk-in donors get the next free bed rather than a reserved walk-in bed, since the reserved bed stood empty for most of the afternoon in every centre we checked. #reply OK, next free bed for walk-ins.",
        facts: [{ category: 'decision', strings: ['walk-in donors get the next free bed rather than a reserved walk-in bed'], reasons: ['the reserved bed stood empty for most of the afternoon'] }],
      },
      {
        text: '对了，月底之前请把献血间隔的校验规则同步到移动端，不然 App 上还能约到不满 84 天的时段。 #reply 好的，月底前同步。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['把献血间隔的校验规则同步到移动端', '月底之前'] }],
      },
      { text: 'Add the reminder and walk-in changes to the changelog. #write booking/CHANGELOG.md # Changelog\n\n## 2.7.0\n\n- Reminders 24 h and 2 h before the appointment.\n- Walk-ins take the next free bed.\n- Apheresis slots on fixed beds, six a day.\n\n## 2.6.0\n\n- Reminder SMS in the donor language.\n- Walk-in queue on the centre tablet.\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'q2-toll-plate-disputes',
    set: 'held-out-18',
    files: {
      'anpr/matcher/confidence.ts': code('ts', 95, [
        [0.5, 'export const OCR_MIN_CONFIDENCE = 0.92; // below this a read goes to review'],
        [0.51, 'const DUAL_READ_WINDOW_MS = 1500;'],
      ]),
      'logs/disputes/intake-2026-11-26.log': log('dispute-intake', '2026-11-26', 118, [[0.35, '2026-11-26T01:48:09Z ERROR dispute-intake plaza P-14 lane 3: 388 reads with plate "UNKNOWN" since 23:10, camera CAM-14-3R lens heater offline']]),
      'exports/disputes-open.csv': csv(
        'case_id,plate,plaza,amount_eur,status,age_days',
        64,
        (i) => `TD-${String(70100 + i * 7)},${pick(['KA', 'MA', 'HD', 'S'])}-${pick(['AB', 'XY', 'QT'])} ${1000 + i * 13},P-${10 + (i % 6)},${(4.8 + (i % 5)).toFixed(2)},open,${i % 20}`,
        [[0.7, 'TD-70688,KA-RT 4471,P-14,312.40,escalated,58']],
      ),
      'docs/policy/appeals.md': essay('Operations review: appeals and refunds', 6, [
        [0.5, 'Decision: a disputed toll is suspended, not just flagged, from the moment the appeal is filed, because customers kept receiving late-fee letters for trips that were already under appeal.'],
      ]),
      'docs/收费/争议处理.md': DISPUTE_DOC,
    },
    turns: [
      {
        text: "New job for you. We'll stop matching plates with the vendor's cloud OCR and run our own model on the lane computers instead: the vendor charges per read and the bill was 61,000 euros in October alone. #reply Got it — on-lane OCR.",
        facts: [{ category: 'decision', strings: ["stop matching plates with the vendor's cloud OCR and run our own model on the lane computers"], reasons: ['the vendor charges per read and the bill was 61,000 euros in October alone'] }],
      },
      {
        text: 'What confidence thresholds does the matcher use at the moment? #read anpr/matcher/confidence.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['OCR_MIN_CONFIDENCE = 0.92', 'DUAL_READ_WINDOW_MS = 1500'] }],
      },
      {
        text: 'Sorry, should have said: the ticket is TOLL-2290. Legal has one hard line for it — a plate image is never kept longer than 90 days unless the case is open. #reply Noted, TOLL-2290, 90 days.',
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['TOLL-2290'] },
          { category: 'rule', strings: ['a plate image is never kept longer than 90 days unless the case is open'] },
        ],
      },
      {
        text: 'Night shift says plaza P-14 produced a flood of disputes overnight. See what the intake log shows. #read logs/disputes/intake-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['388 reads with plate "UNKNOWN"', 'camera CAM-14-3R lens heater offline'] }],
      },
      { text: 'Start a notes file for the dispute flow. #write disputes/NOTES.md # Dispute flow\n\nlane read -> match to account -> invoice -> customer disputes -> review queue -> uphold or cancel -> refund.' },
      {
        text: 'ミュンヘンのチームから API の情報です。異議申し立ての登録は POST /disputes/v1/cases、画像の取得は GET /disputes/v1/cases/{caseId}/images です。レビュー用の画像サーバーは img-review.toll-muc.internal:8088 にあります。 #reply ありがとうございます。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /disputes/v1/cases'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /disputes/v1/cases/{caseId}/images'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['img-review.toll-muc.internal:8088'] },
        ],
      },
      {
        text: '還有一條規矩：客服只能看到車牌的後四碼，完整車牌只給複核人員看。 #reply 明白。',
        facts: [{ category: 'rule', lang: 'zh', strings: ['客服只能看到車牌的後四碼，完整車牌只給複核人員看'] }],
      },
      { filler: 5500, style: 'work' },
      {
        text: '运营部发了新的争议处理规则，看一下对我们有什么影响。 #read docs/收费/争议处理.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['识别置信度低于阈值的通行记录一律先转人工复核，不再直接生成欠费通知'], reasons: ['上季度被撤销的欠费通知里有 71% 来自低置信度识别'] }],
      },
      {
        text: 'And the ops review from Munich, is there anything binding in it? #read docs/policy/appeals.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['a disputed toll is suspended, not just flagged, from the moment the appeal is filed'], reasons: ['customers kept receiving late-fee letters for trips that were already under appeal'] }],
      },
      {
        text: 'Which open case is the oldest and biggest? #read exports/disputes-open.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['TD-70688,KA-RT 4471,P-14,312.40,escalated,58'] }],
      },
      {
        text: "We're also dropping the second camera read for motorcycles. They only carry a rear plate, so the front read never matched and every bike trip went to review. If review backlog passes 2,000 cases, ask finance to pause late fees for the affected plazas — by Friday 4 December at the latest. #reply Both clear.",
        facts: [
          { category: 'decision', strings: ["dropping the second camera read for motorcycles"], reasons: ['They only carry a rear plate, so the front read never matched'] },
          { category: 'todo', strings: ['ask finance to pause late fees for the affected plazas', 'If review backlog passes 2,000 cases', 'by Friday 4 December at the latest'] },
        ],
      },
      {
        text: 'Deployment bits: on the lanes we set ANPR_MODEL_PATH=/opt/anpr/models/plates-eu-v7.onnx, the lane agent is lane-agent 4.12.1, and the rollout plan is tracked as 0b8e4f27-3c1a-4d59-a6e2-7f90c5d31b48. #reply Thanks.',
        facts: [
          { category: 'identifier', kind: 'env', strings: ['ANPR_MODEL_PATH=/opt/anpr/models/plates-eu-v7.onnx'] },
          { category: 'identifier', kind: 'version', strings: ['lane-agent 4.12.1'] },
          { category: 'identifier', kind: 'uuid', strings: ['0b8e4f27-3c1a-4d59-a6e2-7f90c5d31b48'] },
        ],
      },
      {
        text: '来週水曜までに、P-14 の 3 番レーンのカメラを現地で点検してもらうよう保守会社に依頼してください。 #reply 承知しました、水曜までに手配します。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['P-14 の 3 番レーンのカメラを現地で点検してもらうよう保守会社に依頼してください', '来週水曜までに'] }],
      },
      {
        text: 'For the wiki page: reviewers work at https://review.tollway-sued.example.de/queue/plates, the threshold change is commit e71b09a4c3d85f26a1907b4e3cd2f58a60b1c947, and case bundles are archived under /srv/disputes/archive/2026/. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://review.tollway-sued.example.de/queue/plates'] },
          { category: 'identifier', kind: 'hash', strings: ['e71b09a4c3d85f26a1907b4e3cd2f58a60b1c947'] },
          { category: 'identifier', kind: 'path', strings: ['/srv/disputes/archive/2026/'] },
        ],
      },
      { text: 'Update the notes with the review rules. #write disputes/NOTES.md # Dispute flow\n\nlane read -> match to account -> low confidence goes to manual review (3 working days) -> invoice -> customer disputes (toll suspended) -> review queue -> uphold or cancel -> refund.' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'q3-offline-dict-packs',
    set: 'held-out-18',
    files: {
      'packs/build/pipeline.yaml': code('yaml', 72, [
        [0.35, '    zstd_level: 19'],
        [0.36, '    max_headwords_per_chunk: 12000'],
      ]),
      'logs/packs/publish-2026-11-26.log': log('pack-publisher', '2026-11-26', 110, [[0.45, '2026-11-26T04:02:55Z ERROR pack-publisher en-ja pack 2026.47 rejected: signature check failed on chunk 17 of 23, checksum mismatch after upload']]),
      'packs/catalog.json': json({
        generated: '2026-11-26',
        packs: [
          ...rows(4, (i) => ({ pair: ['en-de', 'en-fr', 'en-es', 'en-it'][i], size_mb: 120 + 35 * i, headwords: 90000 + 7000 * i, status: 'live' })),
          { pair: 'ko-en', size_mb: 388, headwords: 241000, status: 'withdrawn', reason: 'license renewal pending' },
        ],
      }),
      'android/app/build.gradle': code('gradle', 60, [[0.5, '        packDownloadWorker.maxParallel = "3"']]),
      'docs/辞書/パック分割.md': SPLIT_DOC,
      'docs/adr/0012-pack-signing.md': essay('ADR 0012: signing dictionary packs', 5, [
        [0.5, 'We decided to sign every chunk with Ed25519 instead of signing only the whole pack, since a single pack signature meant a device had to download all chunks before it could detect a tampered one.'],
      ]),
    },
    turns: [
      {
        text: '今回はオフライン辞書パックの改修です。チケットは LEX-3107。まず大事なルールを一つ：パックの更新は差分配信だけにして、全量の再ダウンロードをユーザーに強制しないでください。 #reply 了解です、差分のみで。',
        facts: [
          { category: 'identifier', kind: 'ticket', lang: 'ja', strings: ['LEX-3107'] },
          { category: 'rule', lang: 'ja', strings: ['パックの更新は差分配信だけにして、全量の再ダウンロードをユーザーに強制しないでください'] },
        ],
      },
      {
        text: 'Mobile team already wrote up how they want to split the packs. #read docs/辞書/パック分割.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['辞書パックは見出し語の頭文字ごとに 20 MB 前後のチャンクに分割して配信することにした'], reasons: ['モバイル回線では 100 MB を超えるダウンロードの 4 割近くが途中で切れていた'] }],
      },
      {
        text: "Our side of it: packs get built nightly in CI, not on the translators' laptops any more. Two packs last month shipped with stale headwords because someone built from an old branch. The build reads PACK_SIGNING_KEY_ID=lex-prod-2026b and uploads through PUT /packs/v3/{pair}/chunks/{chunkId}; clients list what exists with GET /packs/v3/catalog. #reply Nightly CI builds, understood.",
        facts: [
          { category: 'decision', strings: ["packs get built nightly in CI, not on the translators' laptops"], reasons: ['Two packs last month shipped with stale headwords'] },
          { category: 'identifier', kind: 'env', strings: ['PACK_SIGNING_KEY_ID=lex-prod-2026b'] },
          { category: 'identifier', kind: 'route', strings: ['PUT /packs/v3/{pair}/chunks/{chunkId}'] },
          { category: 'identifier', kind: 'route', strings: ['GET /packs/v3/catalog'] },
        ],
      },
      {
        text: 'What compression and chunk limits does the build pipeline use? #read packs/build/pipeline.yaml',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['zstd_level: 19', 'max_headwords_per_chunk: 12000'] }],
      },
      {
        text: "This week's English–Japanese pack never reached the store. Check the publisher log. #read logs/packs/publish-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['en-ja pack 2026.47 rejected', 'signature check failed on chunk 17 of 23'] }],
      },
      {
        text: '上海团队提醒：词典包里的例句一律不收录用户提交的内容，因为版权归属说不清楚，去年已经被投诉下架过一次。签名服务在 sign.lex-sh.internal:8200。 #reply 好的，记住了。',
        facts: [
          { category: 'decision', lang: 'zh', strings: ['词典包里的例句一律不收录用户提交的内容'], reasons: ['版权归属说不清楚，去年已经被投诉下架过一次'] },
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['sign.lex-sh.internal:8200'] },
        ],
      },
      { text: 'Please keep a notes file for the pack work. #write packs/NOTES.md # Dictionary packs\n\nsource dictionaries -> nightly CI build -> split into chunks by first letter -> sign each chunk -> upload -> catalog -> app downloads missing chunks only.' },
      { filler: 5500, style: 'work' },
      {
        text: 'Why do we sign chunks the way we do? There should be an ADR. #read docs/adr/0012-pack-signing.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['sign every chunk with Ed25519 instead of signing only the whole pack'], reasons: ['a single pack signature meant a device had to download all chunks before it could detect a tampered one'] }],
      },
      {
        text: "If the en-ja pack still fails signature checks after tomorrow's rebuild, roll the store back to pack 2026.46 and page the release manager. Also, on Android don't download packs over mobile data unless the user has opted in. #reply Noted, both.",
        facts: [
          { category: 'todo', strings: ['roll the store back to pack 2026.46 and page the release manager', "If the en-ja pack still fails signature checks after tomorrow's rebuild"] },
          { category: 'rule', strings: ["don't download packs over mobile data unless the user has opted in"] },
        ],
      },
      {
        text: 'Which pack in the catalog is withdrawn, and why? #read packs/catalog.json',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"pair": "ko-en"', '"reason": "license renewal pending"'] }],
      },
      {
        text: 'How many chunk downloads run in parallel on Android? #exec grep -n "maxParallel" android/app/build.gradle',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['packDownloadWorker.maxParallel = "3"'] }],
      },
      {
        text: 'Pinning these down from the release form: CDN root https://dl.lexipocket.example.com/packs/v3/, the chunking commit is 5d7a3e90c1f84b26e0a9d13c7b58f4e2a6091d3b, the app build is lexipocket-android 8.3.0, the ko-en licence request is 6c1e8b53-9f2d-47a0-b3d6-e85a12c4f970, and chunks are cached on device at /data/data/com.lexipocket/files/packs/. #reply Got all of it.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://dl.lexipocket.example.com/packs/v3/'] },
          { category: 'identifier', kind: 'hash', strings: ['5d7a3e90c1f84b26e0a9d13c7b58f4e2a6091d3b'] },
          { category: 'identifier', kind: 'version', strings: ['lexipocket-android 8.3.0'] },
          { category: 'identifier', kind: 'uuid', strings: ['6c1e8b53-9f2d-47a0-b3d6-e85a12c4f970'] },
          { category: 'identifier', kind: 'path', strings: ['/data/data/com.lexipocket/files/packs/'] },
        ],
      },
      {
        text: '再来一个决定：韩英词典包先不续约，改用开源的 KEDict 数据。续约报价比去年涨了三倍，而开源数据的词条数已经够用。还有，12 月 15 日以前要把繁体中文包的部首索引修好。 #reply 明白，两件事都记下了。',
        facts: [
          { category: 'decision', lang: 'zh', strings: ['韩英词典包先不续约，改用开源的 KEDict 数据'], reasons: ['续约报价比去年涨了三倍'] },
          { category: 'todo', lang: 'zh', strings: ['把繁体中文包的部首索引修好', '12 月 15 日以前'] },
        ],
      },
      {
        text: 'iOS 版も忘れずに：年内に iOS アプリのチャンク再開処理を Android と同じ実装にそろえておいてください。 #reply はい、年内にそろえます。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['iOS アプリのチャンク再開処理を Android と同じ実装にそろえておいてください', '年内に'] }],
      },
      { text: 'Update the notes with the fallback plan. #write packs/NOTES.md # Dictionary packs\n\nsource dictionaries -> nightly CI build -> split into ~20 MB chunks by first letter -> sign each chunk (Ed25519) -> upload -> catalog -> app downloads missing chunks only. Fallback: roll back to the previous pack. ko-en: KEDict.' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
