// The twenty-fifth HELD-OUT set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an
// independent writer who never saw the extraction code: new projects (a marina group's mooring permit renewals, a
// print shop's job queue, a city council's streetlight fault reports), new wording, its own order of work (a file
// read before the ticket is named, endpoints before the context, rules and reads spread over the session),
// work-style filler. Never tuned on: never change extraction while reading its results.
// Same format as tuning.mjs / held-out.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x7a2511);

const HAYAMA_DOC = `# ビジター桟橋の予約運用について

葉山マリーナ 業務課 · 2026 年 11 月

ビジター桟橋（V-01〜V-12）は、週末と連休に予約が集中します。今年の夏は 7 月から 9 月までの土日の稼働率が 94% でした。

これまでは到着前日の 17 時まで予約を受け付けていましたが、清掃と燃料補給の手配が追いつかない日が何度もありました。

結論として、ビジター桟橋の予約受付は到着の 72 時間前で締め切ることにしました。前日の予約では清掃業者と給油の手配が間に合わず、この夏だけで 3 件のクレームにつながったためです。

72 時間を切ってからの問い合わせは、空きがあれば電話でのみ受け付けます。
`;

const OSAKA_DOC = `# 当日仕上げサービスの受付時間について

大阪店 店長会議メモ · 2026 年 11 月

当日仕上げ（名刺・チラシ・ポスター）の注文は年々増えており、今期は全体の 31% を占めています。

一方で、夕方に入る大口の当日注文のせいで、翌朝納品の通常注文が後回しになる日が続いています。先月は通常注文の遅延が 27 件ありました。

決定事項：当日仕上げの受付は 14 時で締め切ります。14 時以降の注文を受けると、後工程の断裁と製本が 19 時の集荷に間に合わないからです。

14 時を過ぎた注文は翌日仕上げとして受け付け、料金は通常料金とします。
`;

const LED_DOC = `# 道路照明の LED 化について

道路照明課 · 2026 年 11 月

市内の道路照明 18,400 灯のうち、約 4,100 灯がまだ低圧ナトリウム灯（SOX）です。主に旧市街と工業団地に残っています。

ナトリウム灯の交換用ランプは年々入手しにくくなっており、今年度の調達単価は 3 年前の 2.3 倍になりました。

方針：ナトリウム灯が切れた場合は同じランプに交換せず、その場で LED 灯具に取り替えます。交換用ランプの在庫が 2027 年 3 月で尽き、メーカーも生産を終了しているためです。

LED 灯具の色温度は、住宅地では 3000K を上限とします。
`;

const PRESSES_YAML = `presses:
  press-01:
    model: "HP Latex 800W"
    uri: "ipp://press-01.inkwell.lan:631/ipp/print"
  press-02:
    model: "Xerox Versant 280"
    uri: "ipp://press-02.inkwell.lan:631/ipp/print"
  press-03:
    model: "Canon imagePRESS V1350"
    uri: "ipp://press-03.inkwell.lan:631/ipp/print"
  press-04:
    model: "Konica Minolta AccurioPress C4080"
    uri: "ipp://press-04.inkwell.lan:631/ipp/print"
`;

export const SESSIONS = [
  {
    id: 'p1-marina-mooring-permits',
    set: 'held-out-25',
    files: {
      'permits/renewal/job.py': code('py', 85, [
        [0.2, 'RENEWAL_GRACE_DAYS = 21  # days after expiry before the berth is offered to the waiting list'],
        [0.21, 'LIVEABOARD_SURCHARGE_PCT = 12'],
      ]),
      'logs/permits/renewal-2026-11-26.log': log('permit-renewal', '2026-11-26', 105, [[0.55, '2026-11-26T02:17:44Z ERROR permit-renewal berth P-114 renewal for vessel "Skerry Light" rejected: insurance certificate expired 2026-10-31, invoice not issued']]),
      'data/berths/pontoon-C.csv': csv(
        'berth_id,pontoon,loa_max_m,beam_max_m,depth_m,shore_power,status',
        48,
        (i) => `C-${String(2 + 2 * i).padStart(2, '0')},C,${8 + (i % 10)}.0,${3 + (i % 3)}.1,2.${i % 5},${pick(['16A', '32A', '16A'])},${pick(['let', 'let', 'vacant', 'let'])}`,
        [[0.5, 'C-27,C,18.5,5.2,2.4,63A,vacant']],
      ),
      'docs/harbour/dredging-2026.md': essay('Harbour works 2026: dredging and pontoon D', 5, [
        [0.4, 'Decision: pontoon D stays closed to keel boats drawing more than 1.8 m until the spring dredge is signed off, because the October survey found only 1.6 m at lowest astronomical tide next to D-08.'],
      ]),
      'docs/葉山/ビジター桟橋.md': HAYAMA_DOC,
      'deploy/permits/production.env': '# berthdesk production (managed by ops, do not edit by hand)\nMOORING_DB_POOL=20\nMOORING_INVOICE_MODE=prorata\nMOORING_REMINDER_SENDER=harbour-office@kestrelbay.example\nPAYMENTS_PROVIDER=adyen\nLOG_LEVEL=info\n',
      'permits/templates/reminder.txt': 'Dear {{owner}},\n\nYour mooring permit for berth {{berth}} expires on {{expiry}}. Please renew within 14 days.\n\nHarbour Office\n',
    },
    turns: [
      {
        text: 'Before I explain anything, read the nightly renewal job as it stands today. #read permits/renewal/job.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['RENEWAL_GRACE_DAYS = 21', 'LIVEABOARD_SURCHARGE_PCT = 12'] }],
      },
      {
        text: "OK. That job is what the harbour office wants rebuilt for Kestrel Bay Marina, ticket MOOR-2291. What we agreed with the harbourmaster yesterday: annual permits renew on each holder's anniversary date instead of everyone on 1 April. Every April the office handles about 600 renewals in a single week and the queue at the card terminal goes out the door. Her one hard line, which I want you to hold to: a berth is never reassigned while its holder has an open balance dispute. #reply Understood. Renewals move to anniversary dates, and disputed berths stay with their holders.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['MOOR-2291'] },
          { category: 'decision', strings: ["annual permits renew on each holder's anniversary date instead of everyone on 1 April"], reasons: ['the office handles about 600 renewals in a single week'] },
          { category: 'rule', strings: ['a berth is never reassigned while its holder has an open balance dispute'] },
        ],
      },
      {
        text: 'The owner of "Skerry Light" has phoned twice about his renewal. What went wrong overnight? #read logs/permits/renewal-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['berth P-114 renewal', 'insurance certificate expired 2026-10-31'] }],
      },
      {
        text: '葉山マリーナ側のシステムとつなぐ口です。許可証の発行は POST /marina/v2/permits、桟橋ごとの空き状況は GET /marina/v2/pontoons/{pontoonId}/availability を使ってください。ステージングの DB は pg-moorings.hayama-stg.internal:5433 にあります。 #reply 承知しました。3 つとも控えておきます。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /marina/v2/permits'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /marina/v2/pontoons/{pontoonId}/availability'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['pg-moorings.hayama-stg.internal:5433'] },
        ],
      },
      { text: 'Start a notes file for the rebuild. #write permits/NOTES.md # Permit renewal rebuild\n\nholder anniversary -> reminder email -> insurance check -> invoice -> payment -> permit PDF -> berth map updated.' },
      { filler: 3000, style: 'work' },
      {
        text: '台北的外包团队和财务开完会了，结论是：泊位费发票改成按月开，不再一年开一次。原因是年付发票在船主中途退租时，退款只能人工算，上个季度财务为此对了两个星期的账。另外，麻烦在 12 月 12 日之前把旧系统里 2019 年以前的过期许可证归档到冷存储。 #reply 好的，发票按月开；归档我会在 12 号前做完。',
        facts: [
          { category: 'decision', lang: 'zh', strings: ['泊位费发票改成按月开，不再一年开一次'], reasons: ['年付发票在船主中途退租时，退款只能人工算'] },
          { category: 'todo', lang: 'zh', strings: ['把旧系统里 2019 年以前的过期许可证归档到冷存储', '12 月 12 日之前'] },
        ],
      },
      {
        text: "The harbour engineer sent round next year's works note. Read it, I think it touches pontoon D. #read docs/harbour/dredging-2026.md",
        facts: [{ category: 'decision', source: 'tool', strings: ['pontoon D stays closed to keel boats drawing more than 1.8 m until the spring dredge is signed off'], reasons: ['the October survey found only 1.6 m at lowest astronomical tide next to D-08'] }],
      },
      {
        text: "Here's the rollout stanza ops pasted in the channel:\n```yaml\nrollout:\n  image: berthdesk 4.2.0\n  env: MOORING_RENEWAL_BATCH=200\n  dry_run_id: f64e9dbc-df3c-4209-8fd6-975d57d6079b\n```\n#reply Thanks, I have the image, the batch size and the dry-run id.",
        facts: [
          { category: 'identifier', kind: 'version', strings: ['berthdesk 4.2.0'] },
          { category: 'identifier', kind: 'env', strings: ['MOORING_RENEWAL_BATCH=200'] },
          { category: 'identifier', kind: 'uuid', strings: ['f64e9dbc-df3c-4209-8fd6-975d57d6079b'] },
        ],
      },
      {
        text: 'A 17.8 m ketch wants a winter berth on pontoon C. Which berth can take her? #read data/berths/pontoon-C.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['C-27,C,18.5,5.2,2.4'] }],
      },
      {
        text: "Two more things from the harbour office. Renewal reminders go out 45 days before expiry, not 14 — owners who winter abroad said two weeks wasn't enough to sort their insurance. And if the card processor still hasn't fixed the 3-D Secure timeouts by 15 December, switch renewals over to emailed payment links. #reply Reminders at 45 days, and payment links as the fallback.",
        facts: [
          { category: 'decision', strings: ['Renewal reminders go out 45 days before expiry, not 14'], reasons: ["owners who winter abroad said two weeks wasn't enough to sort their insurance"] },
          { category: 'todo', strings: ['switch renewals over to emailed payment links', "if the card processor still hasn't fixed the 3-D Secure timeouts by 15 December"] },
        ],
      },
      { filler: 4000, style: 'work' },
      {
        text: '葉山からビジター桟橋の運用方針が届きました。目を通してください。 #read docs/葉山/ビジター桟橋.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['ビジター桟橋の予約受付は到着の 72 時間前で締め切ることにしました'], reasons: ['前日の予約では清掃業者と給油の手配が間に合わず'] }],
      },
      {
        text: 'Which invoice mode does production actually run with? #exec grep -n "MOORING_" deploy/permits/production.env',
        facts: [{ category: 'identifier', kind: 'env', source: 'tool', strings: ['MOORING_INVOICE_MODE=prorata'] }],
      },
      {
        text: '葉山の業務課からもう二点。許可証の PDF には船主の住所を絶対に載せず、会員番号だけを印字してください。それから、12 月 20 日までにビジター桟橋の料金表を 2027 年版に差し替えておいてください。 #reply かしこまりました。住所は出さずに会員番号のみ、料金表は期限までに差し替えます。',
        facts: [
          { category: 'rule', lang: 'ja', strings: ['許可証の PDF には船主の住所を絶対に載せず、会員番号だけを印字してください'] },
          { category: 'todo', lang: 'ja', strings: ['ビジター桟橋の料金表を 2027 年版に差し替えておいてください', '12 月 20 日までに'] },
        ],
      },
      {
        text: 'Last bits before lunch: holders sign in at https://berths.kestrelbay.example/holder/permits, the anniversary-date change went in as 41b4d4e409fca102eeb011be540a3ce56b902d92, and the generated permit PDFs are written under /srv/berthdesk/permits/2027/. #reply Recorded all three.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://berths.kestrelbay.example/holder/permits'] },
          { category: 'identifier', kind: 'hash', strings: ['41b4d4e409fca102eeb011be540a3ce56b902d92'] },
          { category: 'identifier', kind: 'path', strings: ['/srv/berthdesk/permits/2027/'] },
        ],
      },
      { text: 'Update the reminder email template for the new lead time. #write permits/templates/reminder.txt Dear {{owner}},\n\nYour mooring permit for berth {{berth}} expires on {{expiry}}. You have 45 days to renew; please upload a current insurance certificate first.\n\nHarbour Office\n' },
      { filler: 3000, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'p2-print-job-queue',
    set: 'held-out-25',
    files: {
      'queue/src/scheduler.ts': code('ts', 95, [
        [0.35, 'export const MAX_JOBS_PER_PRESS = 12;'],
        [0.36, 'const RUSH_PRIORITY_BOOST = 40; // added to the score of same-day jobs'],
      ]),
      'logs/presses/press-04-2026-11-26.log': log('press-04', '2026-11-26', 110, [[0.48, '2026-11-26T14:22:09Z ERROR press-04 AccurioPress C4080 job J-20931 halted: paper jam in tray 3 after 118 of 500 sheets, operator ack pending']]),
      'config/stock.json': json({
        updated: '2026-11-27',
        stocks: [
          ...rows(10, (i) => ({ sku: `SRA3-${['silk', 'gloss', 'uncoated'][i % 3]}-${130 + 20 * i}`, sheets_on_hand: 2400 + 310 * i, reorder_at: 1500, supplier: pick(['Antalis', 'Premier Paper', 'Denmaur']) })),
          { sku: 'GMUND-350-COTTON', sheets_on_hand: 140, reorder_at: 500, supplier: 'Dongguan Hengfeng Paper' },
        ],
      }),
      'exports/queue-2026-11-27.csv': csv(
        'job_id,customer,product,qty,press,state,note',
        55,
        (i) => `J-${21000 + 2 * i},${pick(['Oakfield School', 'Brightside Cafe', 'Vale Estates', 'Northern Cycles'])},${pick(['business cards', 'A4 leaflet', 'A2 poster', 'DL flyer'])},${250 * (1 + (i % 8))},press-0${1 + (i % 4)},${pick(['QUEUED', 'PRINTING', 'DONE'])},`,
        [[0.6, 'J-21045,Harlow Dental,A5 flyer,5000,press-02,HOLD,proof-unsigned']],
      ),
      'config/presses.yaml': PRESSES_YAML,
      'docs/design/imposition.md': essay('Design note: where imposition happens', 6, [
        [0.5, "Decision: imposition moves out of the RIP and into the queue service, because the RIP's auto-impose wasted 11 % of SRA3 sheets on business-card runs last quarter."],
      ]),
      'docs/大阪店/当日仕上げ.md': OSAKA_DOC,
      'docs/runbook/paper-jam.md': '# Paper jam\n\n1. Clear the jam.\n2. Restart the job.\n',
    },
    turns: [
      {
        text: '先说背景：这次要改的是印刷厂的作业队列，工单号 PRINT-640。有一点已经定了：大幅面喷绘单独走一个队列，不再跟名片、传单混排。上个月一张 5 米的横幅占了 HP Latex 整整 3 个小时，后面四十多张加急小单全部超时。 #reply 明白，大幅面单独一个队列。',
        facts: [
          { category: 'identifier', kind: 'ticket', lang: 'zh', strings: ['PRINT-640'] },
          { category: 'decision', lang: 'zh', strings: ['大幅面喷绘单独走一个队列，不再跟名片、传单混排'], reasons: ['上个月一张 5 米的横幅占了 HP Latex 整整 3 个小时'] },
        ],
      },
      {
        text: 'Show me how the scheduler decides what goes to which press. #read queue/src/scheduler.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['MAX_JOBS_PER_PRESS = 12', 'RUSH_PRIORITY_BOOST = 40'] }],
      },
      {
        text: "House rule the new queue has to enforce: nothing is sent to a press until the customer has approved the PDF proof in the portal. A phone call saying 'looks fine' does not count. The endpoints you'll be wiring are POST /queue/api/jobs/{jobId}/release and DELETE /queue/api/jobs/{jobId}/hold, and the RIP listens on rip.inkwell.lan:9100. #reply Portal approval first, always. Endpoints and RIP address noted.",
        facts: [
          { category: 'rule', strings: ['nothing is sent to a press until the customer has approved the PDF proof in the portal'] },
          { category: 'identifier', kind: 'route', strings: ['POST /queue/api/jobs/{jobId}/release'] },
          { category: 'identifier', kind: 'route', strings: ['DELETE /queue/api/jobs/{jobId}/hold'] },
          { category: 'identifier', kind: 'host:port', strings: ['rip.inkwell.lan:9100'] },
        ],
      },
      {
        text: 'Press 4 stopped mid-run this afternoon. What does its log say? #read logs/presses/press-04-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['job J-20931 halted', '118 of 500 sheets'] }],
      },
      { text: 'Create a notes file for the queue work. #write queue/NOTES.md # Job queue\n\nweb order -> preflight -> proof sent -> proof approved -> imposition -> RIP -> press -> cut/fold -> dispatch.' },
      { filler: 5000, style: 'work' },
      {
        text: 'The Dongguan mill keeps slipping its dates. How much of the cotton card do we have left? #read config/stock.json',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"sku": "GMUND-350-COTTON"', '"sheets_on_hand": 140'] }],
      },
      {
        text: 'From now on, colour-critical jobs are pinned to one press for every reprint. Harlow Dental noticed their brand red shifting between press-02 and press-04 on the last reorder, and they were right. Before the Christmas card rush starts on 1 December, calibrate press-04 against the G7 target and save the profile. #reply Pinning those jobs, and the press 4 calibration is on my list for this week.',
        facts: [
          { category: 'decision', strings: ['colour-critical jobs are pinned to one press for every reprint'], reasons: ['their brand red shifting between press-02 and press-04'] },
          { category: 'todo', strings: ['calibrate press-04 against the G7 target', 'Before the Christmas card rush starts on 1 December'] },
        ],
      },
      {
        text: '大阪店の店長会議で当日仕上げの話が出たそうです。読んでおいてください。 #read docs/大阪店/当日仕上げ.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['当日仕上げの受付は 14 時で締め切ります'], reasons: ['後工程の断裁と製本が 19 時の集荷に間に合わない'] }],
      },
      {
        text: '大阪店の環境について共有します。スケジューラは QUEUE_SCHEDULER=edf で動かしていて、Fiery との連携は fiery-connector 2.11.4 です。先週の切り替え作業の ID は 02ca8c1d-85dc-4f2a-90ae-3362ebbb6109 です。 #reply ありがとうございます。記録しました。',
        facts: [
          { category: 'identifier', kind: 'env', lang: 'ja', strings: ['QUEUE_SCHEDULER=edf'] },
          { category: 'identifier', kind: 'version', lang: 'ja', strings: ['fiery-connector 2.11.4'] },
          { category: 'identifier', kind: 'uuid', lang: 'ja', strings: ['02ca8c1d-85dc-4f2a-90ae-3362ebbb6109'] },
        ],
      },
      {
        text: "Which job is sitting on hold in this morning's export? #read exports/queue-2026-11-27.csv",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['J-21045,Harlow Dental,A5 flyer,5000,press-02,HOLD'] }],
      },
      {
        text: '东莞纸厂刚来消息，还是没准信。如果他们 12 月 8 日之前还是发不了货，就把圣诞卡的订单改用 Fedrigoni 的 300 克卡纸。 #reply 好的，到时候没到货就换纸。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['把圣诞卡的订单改用 Fedrigoni 的 300 克卡纸', '如果他们 12 月 8 日之前还是发不了货'] }],
      },
      { filler: 4500, style: 'work' },
      {
        text: 'Remind me why imposition was moved. #read docs/design/imposition.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['imposition moves out of the RIP and into the queue service'], reasons: ["the RIP's auto-impose wasted 11 % of SRA3 sheets"] }],
      },
      {
        text: 'Which address does the queue use to reach press 2? #exec grep -n -A2 "press-02:" config/presses.yaml',
        facts: [{ category: 'identifier', kind: 'url', source: 'tool', strings: ['ipp://press-02.inkwell.lan:631/ipp/print'] }],
      },
      {
        text: '大阪店から念押しがありました：お客様の入稿データは受注から 30 日を過ぎたら必ず削除してください。 #reply はい、期限を過ぎたデータは消します。',
        facts: [{ category: 'rule', lang: 'ja', strings: ['お客様の入稿データは受注から 30 日を過ぎたら必ず削除してください'] }],
      },
      {
        text: 'Keep these for the changelog: the proof gate fix is cc1bde87b570b6b076b7bbf05881dbb0f56b8e11, and preflight reports are kept in /var/lib/inkwell/preflight/. #reply Noted both.',
        facts: [
          { category: 'identifier', kind: 'hash', strings: ['cc1bde87b570b6b076b7bbf05881dbb0f56b8e11'] },
          { category: 'identifier', kind: 'path', strings: ['/var/lib/inkwell/preflight/'] },
        ],
      },
      { text: 'Add the tray 3 lesson to the paper jam runbook. #write docs/runbook/paper-jam.md # Paper jam\n\n1. Clear the jam and check the tray for curled stock.\n2. Note how many sheets were printed before the stop.\n3. Restart the job from the first missing sheet, not from the start.\n' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'p3-streetlight-faults',
    set: 'held-out-25',
    files: {
      'logs/lcms/gateway-2026-11-26.log': log('lcms-gateway', '2026-11-26', 110, [[0.4, '2026-11-26T18:02:11Z WARN lcms-gateway node NB-04417 lamp failure (code 0x2F) for 6 consecutive nights, no open work order']]),
      'faults/src/triage.ts': code('ts', 90, [
        [0.25, 'const DARK_NIGHTS_BEFORE_ORDER = 3;'],
        [0.6, 'export const SLA_HOURS_MAIN_ROAD = 24; // 72 on residential streets'],
      ]),
      'docs/照明/LED化方針.md': LED_DOC,
      'exports/worklist-2026-11-27.csv': csv(
        'wo_id,column_id,street,equipment,shift,state',
        60,
        (i) => `WO-${88000 + 2 * i},NB-0${3000 + 7 * i},${pick(['High Street', 'Station Road', 'Church Lane', 'Canal Walk', 'Park View'])},${pick(['van', 'cherry-picker', 'van'])},night,${pick(['ASSIGNED', 'DONE', 'ASSIGNED'])}`,
        [[0.55, 'WO-88311,NB-02290,Mill Lane,cherry-picker,night,UNASSIGNED']],
      ),
      'docs/design/report-photos.md': essay('Design note: photos on fault reports', 5, [
        [0.6, "Decision: photos attached to fault reports have their EXIF location stripped before storage, because the council's DPIA found that 8 % of them were taken from inside the reporter's home."],
      ]),
      'deploy/faults/deployment.yaml': code('yaml', 40, [[0.3, '    image: registry.northbridge.gov.example/faults-api:3.14.0']]),
      'faults/CHANGELOG.md': '# Changelog\n\n## 3.14.0\n\n- Crew worklist sorted by street.\n',
    },
    turns: [
      {
        text: 'Two endpoints from the citizen app team before I lose them: fault reports arrive on POST /v1/reports/streetlight and the crew tablets poll GET /v1/crews/{crewId}/worklist. Both go through api-gw.northbridge.gov.example:8443. #reply Noted, both endpoints and the gateway.',
        facts: [
          { category: 'identifier', kind: 'route', strings: ['POST /v1/reports/streetlight'] },
          { category: 'identifier', kind: 'route', strings: ['GET /v1/crews/{crewId}/worklist'] },
          { category: 'identifier', kind: 'host:port', strings: ['api-gw.northbridge.gov.example:8443'] },
        ],
      },
      {
        text: "Now the context. This is LIGHT-5120, duplicate fault reports for Northbridge's street lighting. We're grouping duplicates by the lamp column ID printed on the pole, not by GPS radius. In the old town phones put reports up to 40 m off because of the tall buildings, so radius matching merged faults from three different streets. #reply Group by column ID, got it.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['LIGHT-5120'] },
          { category: 'decision', strings: ['grouping duplicates by the lamp column ID printed on the pole, not by GPS radius'], reasons: ['In the old town phones put reports up to 40 m off'] },
        ],
      },
      {
        text: "The central management system flags dead lamps by itself. Anything overnight that it didn't turn into a work order? #read logs/lcms/gateway-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['node NB-04417 lamp failure', '6 consecutive nights'] }],
      },
      {
        text: '上海外包团队那边有两件事。市政府的要求：派给外包维修队的工单里，绝对不能出现市民的手机号码。另外请在 12 月 10 日之前把老城区 1,200 根灯杆的二维码标签数据导进系统。 #reply 明白：工单里不带号码；二维码数据按时导入。',
        facts: [
          { category: 'rule', lang: 'zh', strings: ['派给外包维修队的工单里，绝对不能出现市民的手机号码'] },
          { category: 'todo', lang: 'zh', strings: ['把老城区 1,200 根灯杆的二维码标签数据导进系统', '12 月 10 日之前'] },
        ],
      },
      { text: 'Start a notes file. #write faults/NOTES.md # Streetlight faults\n\ncitizen report -> dedupe -> match CMS alarm -> work order -> crew worklist -> repair -> close -> notify reporter.' },
      { filler: 4000, style: 'work' },
      {
        text: 'How many dark nights does triage wait for, and what SLA does it use on main roads? #read faults/src/triage.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['DARK_NIGHTS_BEFORE_ORDER = 3', 'SLA_HOURS_MAIN_ROAD = 24'] }],
      },
      {
        text: "The lighting engineer decided how daytime reports work: anything reported between 06:00 and 17:00 is queued for the night crew instead of paging the day crew. In daylight a working lamp is switched off anyway, so the day crew can't confirm the fault — half of last winter's daytime call-outs found nothing wrong. #reply Daytime reports wait for the night shift.",
        facts: [{ category: 'decision', strings: ['anything reported between 06:00 and 17:00 is queued for the night crew instead of paging the day crew'], reasons: ['In daylight a working lamp is switched off anyway'] }],
      },
      {
        text: '上海团队把配置发过来了：去重用的是 FAULTS_DEDUP_BY=column_id，上周那次全量导入的批次号是 d70e9b5b-db08-440c-b84b-f56a81b03ec2。 #reply 收到，两项都记下了。',
        facts: [
          { category: 'identifier', kind: 'env', lang: 'zh', strings: ['FAULTS_DEDUP_BY=column_id'] },
          { category: 'identifier', kind: 'uuid', lang: 'zh', strings: ['d70e9b5b-db08-440c-b84b-f56a81b03ec2'] },
        ],
      },
      {
        text: "If the energy supplier's unmetered supply inventory still disagrees with ours on more than 50 columns after Friday's import, raise a query with the DNO before we sign the December bill. #reply I'll compare the two after Friday.",
        facts: [{ category: 'todo', strings: ['raise a query with the DNO before we sign the December bill', "If the energy supplier's unmetered supply inventory still disagrees with ours on more than 50 columns"] }],
      },
      { filler: 3000, style: 'work' },
      {
        text: '道路照明課の技術者から LED 化の方針が共有されました。 #read docs/照明/LED化方針.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['ナトリウム灯が切れた場合は同じランプに交換せず、その場で LED 灯具に取り替えます'], reasons: ['交換用ランプの在庫が 2027 年 3 月で尽き'] }],
      },
      {
        text: 'Which work order has nobody on it for tonight? #read exports/worklist-2026-11-27.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['WO-88311,NB-02290,Mill Lane'] }],
      },
      {
        text: 'What image is the faults API deployed from? #exec grep -n "image:" deploy/faults/deployment.yaml',
        facts: [{ category: 'identifier', kind: 'version', source: 'tool', strings: ['faults-api:3.14.0'] }],
      },
      {
        text: 'And the design note on report photos: what did we settle? #read docs/design/report-photos.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['photos attached to fault reports have their EXIF location stripped before storage'], reasons: ["the council's DPIA found that 8 % of them were taken from inside the reporter's home"] }],
      },
      {
        text: 'One rule for the crew app: always close a work order with the serial number of the part that was fitted. The luminaire maker rejects warranty claims without it. #reply Understood, the serial is mandatory on close.',
        facts: [{ category: 'rule', strings: ['always close a work order with the serial number of the part that was fitted'] }],
      },
      {
        text: '引き継ぎ用にまとめておきます。ダッシュボードは https://lighting.northbridge.gov.example/ops/faults/map 、重複判定の修正コミットは ac0b12cec5b19cdee817447b85301e59d9ea10ad 、夜間の CMS エクスポートは /data/lcms/exports/nightly/ に出力されます。 #reply 承知しました。引き継ぎ資料に入れておきます。',
        facts: [
          { category: 'identifier', kind: 'url', lang: 'ja', strings: ['https://lighting.northbridge.gov.example/ops/faults/map'] },
          { category: 'identifier', kind: 'hash', lang: 'ja', strings: ['ac0b12cec5b19cdee817447b85301e59d9ea10ad'] },
          { category: 'identifier', kind: 'path', lang: 'ja', strings: ['/data/lcms/exports/nightly/'] },
        ],
      },
      { text: 'Add this release to the changelog. #write faults/CHANGELOG.md # Changelog\n\n## 3.15.0\n\n- Duplicate reports grouped by column.\n- Daytime reports held for the night shift.\n\n## 3.14.0\n\n- Crew worklist sorted by street.\n' },
      { filler: 3000, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
