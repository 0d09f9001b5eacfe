// The seventh HELD-OUT set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an
// independent writer who never saw the extraction code (nor its results on any set), and never tuned on: new projects
// (an island ferry operator's booking engine, a clinical trial's randomisation service, a wine importer's customs and
// excise declarations), new wording, work-style filler. Never tune extraction on it and never read its results while
// changing extraction: its figures are the ones the targets are checked on.
// Same format as tuning.mjs / held-out.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x7a11e7);

const CANCEL_DOC = `# 欠航時の振替・払い戻しについて

運航管理課 · 2026 年 11 月

台風や冬の季節風により、昨年度は全 4 航路で延べ 186 便が欠航しました。欠航の判断は出港の 3 時間前までに行います。

現在の予約システムは、欠航が決まるとその便の予約を自動で次の便に振り替えています。

方針：欠航時の予約は自動で次便に振り替えず、全額払い戻しを既定とする。昨年 8 月の台風の際、自動振替で翌日の便がすべて満席になり、通院や通学の島民が乗れなかったためです。

振替を希望するお客様には、窓口またはアプリから空席のある便を選び直してもらいます。手数料はかかりません。
`;

const STRATA_DOC = `# 中国区分层因素调整说明

统计组 · 2026 年 11 月

HT-204 目前在中国有 14 个中心入组，其中 6 个中心截至 11 月底入组不到 8 例。

原方案把“中心”作为分层因素之一，与 ECOG 评分和既往治疗线数交叉以后，分层格子已经超过 120 个。

结论：中国区各中心不再单独作为分层因素，统一并入亚太区域分层。小中心入组太少，按中心分层会留下大量未填满的区组，组间不平衡的风险反而更高。

该调整已报伦理委员会备案，自 12 月 1 日起生效；已入组受试者的分配不受影响。
`;

const LABEL_DOC = `# 輸台酒品中文標籤作業

營運部 · 2026 年 11 月

依台灣菸酒管理法，進口酒品須有中文標示，包括品名、酒精成分、容量、進口商名稱及地址。

過去我們把酒運到基隆港之後，才由報關行在保稅倉庫補貼中文背標。

決議：輸台酒品一律在英國出貨前貼好中文背標，不再到基隆港後補貼。今年 8 月有 3 批貨因為在港補貼標籤被海關抽驗，延誤超過兩週。

背標的版面由台北經銷商確認，英國倉庫負責列印與黏貼。
`;

export const SESSIONS = [
  {
    id: 'q1-ferry-booking',
    set: 'held-out-7',
    files: {
      'booking/src/hold/seatHold.ts': code('ts', 90, [
        [0.4, 'export const SEAT_HOLD_TTL_SECONDS = 900; // unpaid holds go back to inventory'],
        [0.41, 'const VEHICLE_LANE_METRES_PER_DECK = 312;'],
      ]),
      'logs/booking/booking-api-2026-11-26.log': log('booking-api', '2026-11-26', 115, [[0.55, '2026-11-26T06:12:40Z ERROR booking-api sailing TKM-0730 oversold: 14 vehicle reservations confirmed beyond deck capacity after a replayed GMO payment callback']]),
      'data/manifests/TKM-0730-2026-11-28.csv': csv(
        'booking_ref,holder,vehicle,length_m,deck',
        64,
        (i) => `BK-${77001 + i * 4},${pick(['Tanaka', 'Mori', 'Ishii', 'Kubo', 'Nakano'])} ${pick(WORDS)},${pick(['car', 'van', 'motorbike', 'car'])},${(3.4 + (i % 9) * 0.3).toFixed(1)},${pick(['main', 'upper'])}`,
        [[0.5, 'BK-77310,Okabe Unyu,semi-trailer,16.5,main']],
      ),
      'config/fares/2027-winter.yaml': code('yaml', 70, [[0.4, '    island_resident_discount_pct: 40']]),
      'docs/design/waitlist.md': essay('Design review: the vehicle waitlist', 6, [
        [0.34, 'During the Setouchi Triennale weekend in October the waitlist held 412 vehicles across 9 sailings, and 61 of the promoted bookings never turned up at the pier.'],
        [0.67, "Outcome of the review: the vehicle waitlist is promoted strictly in the order requests arrived, not by fare class. The prefecture's subsidy agreement requires that residents and visitors are treated equally, and a fare-class queue would let visitors on higher fares jump the queue."],
      ]),
      'docs/運航/欠航時の振替.md': CANCEL_DOC,
      'booking/CHANGELOG.md': '# Changelog\n\n## 2.13.4\n\n- Cabin upgrade at check-in.\n- Fix: child fares on return legs.\n',
    },
    turns: [
      {
        text: "Morning. This sprint I'm on the booking engine for Seto Islands Line, ticket FBK-2417. First call: we're replacing the nightly inventory batch with a per-sailing row lock in Postgres. The batch reconciles far too late; over Golden Week it let us sell 23 car spaces we didn't have on the Takamatsu run. #reply Row lock per sailing, got it.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['FBK-2417'] },
          { category: 'decision', strings: ['replacing the nightly inventory batch with a per-sailing row lock'], reasons: ["over Golden Week it let us sell 23 car spaces we didn't have"] },
        ],
      },
      {
        text: "The harbour master's office insists on this and so do I: the engine must never sell more passenger seats than the vessel's certified capacity, not even for crew families. #reply Understood.",
        facts: [{ category: 'rule', strings: ["must never sell more passenger seats than the vessel's certified capacity"] }],
      },
      {
        text: 'How long is a seat held during checkout, and where is the lane length per deck set? #read booking/src/hold/seatHold.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['SEAT_HOLD_TTL_SECONDS = 900', 'VEHICLE_LANE_METRES_PER_DECK = 312'] }],
      },
      {
        text: '決済チームから連絡がありました。予約の確定は POST /api/booking/v4/sailings/{sailingId}/reservations、空席照会は GET /api/booking/v4/sailings/{sailingId}/availability です。ステージングの在庫 DB は pg-inventory.stg.setoline.internal:6543 にあります。 #reply 了解です、メモしました。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /api/booking/v4/sailings/{sailingId}/reservations'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /api/booking/v4/sailings/{sailingId}/availability'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['pg-inventory.stg.setoline.internal:6543'] },
        ],
      },
      {
        text: "Going by the complaints, Saturday's 07:30 from Takamatsu was oversold. What does the API log say? #read logs/booking/booking-api-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['sailing TKM-0730 oversold', '14 vehicle reservations confirmed beyond deck capacity'] }],
      },
      {
        text: 'それと、12 月 26 日より前に、島民割引の証明書チェックを新しい住民番号の形式に対応させてください。年末年始ダイヤがその日から始まります。 #reply 承知しました、26 日までに対応します。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['島民割引の証明書チェックを新しい住民番号の形式に対応させてください', '12 月 26 日より前に'] }],
      },
      { text: 'Start a notes file for the booking flow. #write booking/NOTES.md # Booking flow\n\nsearch sailings -> hold seats and lane metres (15 min) -> pay via GMO -> capture check -> confirm -> QR ticket -> gate scan at the pier.' },
      { filler: 5500, style: 'work' },
      {
        text: 'Product wrote up the waitlist review. What came out of it? #read docs/design/waitlist.md',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['412 vehicles across 9 sailings'] },
          { category: 'decision', source: 'tool', strings: ['the vehicle waitlist is promoted strictly in the order requests arrived, not by fare class'], reasons: ["The prefecture's subsidy agreement requires that residents and visitors are treated equally"] },
        ],
      },
      {
        text: "This is the env change in the deploy PR, plus what the release note needs:\n```\n-BOOKING_HOLD_MODE=batch\n+BOOKING_HOLD_MODE=rowlock\n```\nThe image is ferry-booking 2.14.0, and the trace id of the replayed callback is 94e4d89e-c691-4ae5-856b-0e3fa52e354d. #reply Got all three.",
        facts: [
          { category: 'identifier', kind: 'env', strings: ['BOOKING_HOLD_MODE=rowlock'] },
          { category: 'identifier', kind: 'version', strings: ['ferry-booking 2.14.0'] },
          { category: 'identifier', kind: 'uuid', strings: ['94e4d89e-c691-4ae5-856b-0e3fa52e354d'] },
        ],
      },
      {
        text: "Which vehicle on Saturday's manifest is the longest? The lane plan looks off. #read data/manifests/TKM-0730-2026-11-28.csv",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['BK-77310,Okabe Unyu,semi-trailer,16.5'] }],
      },
      {
        text: "Talked it over with ops this morning. A booking is confirmed only after our own capture check against GMO's API; the gateway callback on its own doesn't confirm anything any more. Replayed callbacks are what oversold Saturday's 07:30, so we can't trust them. #reply Makes sense.",
        facts: [{ category: 'decision', strings: ["A booking is confirmed only after our own capture check against GMO's API"], reasons: ["Replayed callbacks are what oversold Saturday's 07:30"] }],
      },
      {
        text: "If GMO hasn't fixed the duplicate callbacks by 11 December, put a dedupe table in front of the callback handler, keyed on the idempotency key. And a standing rule for anything a passenger sees: fares are always shown in yen with the 10 % consumption tax included. #reply Both noted.",
        facts: [
          { category: 'todo', strings: ['put a dedupe table in front of the callback handler', "If GMO hasn't fixed the duplicate callbacks by 11 December"] },
          { category: 'rule', strings: ['fares are always shown in yen with the 10 % consumption tax included'] },
        ],
      },
      {
        text: '大连外包组那边定了：船票二维码改用 Ed25519 签名，不再用 HMAC，因为码头闸机是离线验票的，拿不到共享密钥。等闸机固件全部升到 4.2 以后，把旧的 HMAC 校验分支删掉。 #reply 好的，两件事都记下了。',
        facts: [
          { category: 'decision', lang: 'zh', strings: ['船票二维码改用 Ed25519 签名，不再用 HMAC'], reasons: ['码头闸机是离线验票的，拿不到共享密钥'] },
          { category: 'todo', lang: 'zh', strings: ['把旧的 HMAC 校验分支删掉', '等闸机固件全部升到 4.2 以后'] },
        ],
      },
      {
        text: '運航管理課から欠航時の扱いについて文書が届きました。目を通してください。 #read docs/運航/欠航時の振替.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['欠航時の予約は自動で次便に振り替えず、全額払い戻しを既定とする'], reasons: ['自動振替で翌日の便がすべて満席になり、通院や通学の島民が乗れなかった'] }],
      },
      {
        text: 'What discount do island residents get in the winter fare table? #exec grep -n "island_resident_discount_pct" config/fares/2027-winter.yaml',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['island_resident_discount_pct: 40'] }],
      },
      {
        text: 'Before I forget, references for the wiki: the ops console is at https://ops.setoline.example.jp/console/sailings?port=TKM, the row-lock change merged as fae61a8c09293edc0d12043c3fed9b86eb13f10c, and nightly reservation exports land in /data/exports/reservations/daily/. #reply Added to my list.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://ops.setoline.example.jp/console/sailings?port=TKM'] },
          { category: 'identifier', kind: 'hash', strings: ['fae61a8c09293edc0d12043c3fed9b86eb13f10c'] },
          { category: 'identifier', kind: 'path', strings: ['/data/exports/reservations/daily/'] },
        ],
      },
      { text: 'Add the release to the changelog. #write booking/CHANGELOG.md # Changelog\n\n## 2.14.0\n\n- Inventory held by a row lock per sailing (no nightly batch).\n- Bookings confirmed only after our own capture check.\n\n## 2.13.4\n\n- Cabin upgrade at check-in.\n- Fix: child fares on return legs.\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'q2-trial-randomisation',
    set: 'held-out-7',
    files: {
      'rando/src/allocation/blocks.py': code('py', 95, [
        [0.5, 'BLOCK_SIZES = (4, 6)  # drawn at random per stratum'],
        [0.51, 'MAX_IMBALANCE_PER_SITE = 3'],
      ]),
      'logs/rando/iwrs-2026-11-26.log': log('iwrs', '2026-11-26', 110, [[0.45, '2026-11-26T02:47:09Z ERROR iwrs randomise site CN-017 subject 017-0042 rejected: stratum ECOG=1/region=APAC has no kit of arm B in depot DEP-SHA, resupply RS-3391 still in transit']]),
      'data/kits/DEP-SHA-inventory.json': json({
        depot: 'DEP-SHA',
        checked: '2026-11-26T08:00:00+08:00',
        kits: [
          ...rows(18, (i) => ({ kit: `K-${88301 + i * 5}`, lot: `L24${pick(['05', '06', '07'])}-${pick(['A', 'B'])}`, expiry: `2027-0${1 + (i % 6)}-15`, status: 'available' })),
          { kit: 'K-88412', lot: 'L2406-B', expiry: '2026-12-09', status: 'quarantined', note: 'temperature excursion 11.2 °C for 38 min' },
        ],
      }),
      'docs/sap/unblinding.md': essay('Statistical analysis plan, section 9: emergency unblinding', 6, [
        [0.6, "We therefore decided that emergency unblinding is performed by the site investigator directly in the IWRS, without first phoning the sponsor's medical monitor. In HT-103 the phone route took a median of 47 minutes and twice delayed the treatment of a serious adverse event."],
      ]),
      'docs/中心/分层调整.md': STRATA_DOC,
      'rando/config/strata.yaml': 'strata:\n  ecog: [0, 1]\n  region: [EU, NA, APAC, CN-site]\n',
    },
    turns: [
      {
        text: "New project for me: the randomisation service for Halden Therapeutics' phase III trial HT-204, tracked under RAND-562. Friday's meeting ended with one firm call: we use stratified permuted blocks rather than minimisation. The agency's statistician objected to minimisation in our last submission; they want an allocation list that can be generated and audited in advance. #reply Permuted blocks, understood.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['RAND-562'] },
          { category: 'decision', strings: ['we use stratified permuted blocks rather than minimisation'], reasons: ['they want an allocation list that can be generated and audited in advance'] },
        ],
      },
      {
        text: "QA's red line for this codebase: the allocation list is never committed to git, in any form, not even encrypted. #reply Understood, it stays out of git.",
        facts: [{ category: 'rule', strings: ['the allocation list is never committed to git'] }],
      },
      {
        text: 'Let me see how the block sizes and the per-site imbalance limit are set. #read rando/src/allocation/blocks.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['BLOCK_SIZES = (4, 6)', 'MAX_IMBALANCE_PER_SITE = 3'] }],
      },
      {
        text: '上海中心的 IT 发来了对接信息：随机化请求走 POST /iwrs/api/v1/studies/{studyId}/subjects/{subjectId}/randomise，发药记录查询用 GET /iwrs/api/v1/sites/{siteId}/dispensations。他们的 EDC 测试库在 edc-uat.sh-site.trial.internal:1521。 #reply 收到，已经记下了。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['POST /iwrs/api/v1/studies/{studyId}/subjects/{subjectId}/randomise'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['GET /iwrs/api/v1/sites/{siteId}/dispensations'] },
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['edc-uat.sh-site.trial.internal:1521'] },
        ],
      },
      {
        text: "CN-017 couldn't randomise a patient last night. Can you find out why in the IWRS log? #read logs/rando/iwrs-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['subject 017-0042 rejected', 'no kit of arm B in depot DEP-SHA'] }],
      },
      {
        text: '大阪の治験事務局からの依頼です。来週金曜（12 月 4 日）までに、同意撤回した被験者のデータ抽出手順書を日本語で用意してください。 #reply 承知しました、金曜までに用意します。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['同意撤回した被験者のデータ抽出手順書を日本語で用意してください', '来週金曜（12 月 4 日）までに'] }],
      },
      { text: 'Start a notes file on the randomisation flow. #write rando/NOTES.md # Randomisation flow\n\neligibility confirmed in EDC -> stratum from ECOG and region -> next slot in the block -> kit number from the depot -> dispensation logged -> audit trail entry.' },
      { filler: 5500, style: 'work' },
      {
        text: 'The SAP has a section on emergency unblinding. What did they decide there? #read docs/sap/unblinding.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['emergency unblinding is performed by the site investigator directly in the IWRS'], reasons: ['In HT-103 the phone route took a median of 47 minutes'] }],
      },
      {
        text: 'From the release checklist, copied as is:\n  - env: RANDO_LIST_SOURCE=vault:kv/ht204/alloc\n  - build: iwrs-core 7.3.0-hf2\n  - validation run: 013aa20a-38f4-40a6-983d-1d14f79f7372\n#reply Thanks, recorded.',
        facts: [
          { category: 'identifier', kind: 'env', strings: ['RANDO_LIST_SOURCE=vault:kv/ht204/alloc'] },
          { category: 'identifier', kind: 'version', strings: ['iwrs-core 7.3.0-hf2'] },
          { category: 'identifier', kind: 'uuid', strings: ['013aa20a-38f4-40a6-983d-1d14f79f7372'] },
        ],
      },
      {
        text: 'Is there a kit in the Shanghai depot we must not dispense? #read data/kits/DEP-SHA-inventory.json',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['K-88412', 'temperature excursion 11.2 °C for 38 min'] }],
      },
      {
        text: "If RS-3391 hasn't cleared customs by Monday 30 November, route CN-017's next randomisations to the Beijing depot and let the site coordinator know. #reply I'll check on Monday.",
        facts: [{ category: 'todo', strings: ["route CN-017's next randomisations to the Beijing depot", "If RS-3391 hasn't cleared customs by Monday 30 November"] }],
      },
      {
        text: '監査対応として、ランダム化の操作はすべて監査証跡テーブルに追記し、既存の行を更新・削除することは絶対にしないでください。 #reply はい、追記のみで実装します。',
        facts: [{ category: 'rule', lang: 'ja', strings: ['ランダム化の操作はすべて監査証跡テーブルに追記し、既存の行を更新・削除することは絶対にしないでください'] }],
      },
      {
        text: '统计组关于分层的说明发过来了，你看一下。 #read docs/中心/分层调整.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['中国区各中心不再单独作为分层因素，统一并入亚太区域分层'], reasons: ['按中心分层会留下大量未填满的区组'] }],
      },
      {
        text: '東京のデータ管理チームと相談して、割付結果の通知メールには群名を載せず、キット番号だけを送ることにしました。前の試験でメールの転送から盲検が 2 件崩れたからです。 #reply 了解です、キット番号のみにします。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['割付結果の通知メールには群名を載せず、キット番号だけを送ることにしました'], reasons: ['メールの転送から盲検が 2 件崩れた'] }],
      },
      {
        text: 'Links for the validation binder: DSMB reports are at https://dsmb.halden-trials.example.com/studies/HT-204/reports, the block-size fix is 6141be08ac2fe19df2f9b5f21fac09d744c9c302, and sealed allocation exports go to /secure/ht204/allocation/sealed/. #reply Added to the binder.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://dsmb.halden-trials.example.com/studies/HT-204/reports'] },
          { category: 'identifier', kind: 'hash', strings: ['6141be08ac2fe19df2f9b5f21fac09d744c9c302'] },
          { category: 'identifier', kind: 'path', strings: ['/secure/ht204/allocation/sealed/'] },
        ],
      },
      { text: 'Fold the Chinese sites into APAC in the strata config. #write rando/config/strata.yaml strata:\n  ecog: [0, 1]\n  region: [EU, NA, APAC]\n# CN sites are part of APAC from 2026-12-01 (statistics group note)\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'q3-wine-customs',
    set: 'held-out-7',
    files: {
      'customs/src/duty/alcoholDuty.ts': code('ts', 85, [
        [0.35, 'export const DUTY_RATE_GBP_PER_LITRE_ALCOHOL = 28.74; // still wine, 11.5-14.5 % ABV'],
        [0.36, 'const ABV_ROUNDING_STEP = 0.1;'],
      ]),
      'logs/customs/cds-submit-2026-11-26.log': log('cds-submit', '2026-11-26', 110, [[0.6, '2026-11-26T10:21:55Z ERROR cds-submit declaration DEC-26GB4471 rejected by CDS (CDS12056): commodity code 2204219300 requires additional document code C644 for 1140 cases from Barossa Valley Estates']]),
      'data/shipments/LEH-2611-lines.csv': csv(
        'sku,producer,wine,vintage,abv,cases,commodity_code',
        60,
        (i) => `CF-${2001 + i * 3},${pick(['Domaine', 'Château', 'Weingut', 'Quinta'])} ${pick(WORDS)},${pick(['Rouge', 'Blanc', 'Riesling', 'Tinto'])},20${18 + (i % 5)},${(12 + (i % 5) * 0.5).toFixed(1)},${24 + (i % 7) * 12},2204219300`,
        [[0.55, 'CF-2290,Bodegas Toro Alto,Tinto Reserva,2019,15.5,120,2204219300']],
      ),
      'docs/compliance/bonded-warehouse.md': essay('Finance note: duty timing for bonded stock', 6, [
        [0.5, 'Recommendation adopted by the board on 12 November: duty on bonded stock is paid when pallets leave bond for the Leeds depot, not on arrival at Felixstowe. Paying on arrival tied up about £310,000 in duty on wine that then sat unsold for months.'],
      ]),
      'docs/台灣/中文標籤.md': LABEL_DOC,
      'customs/README.md': '# customs\n\nDeclarations and excise for Carrow & Finch.\n\n- imports: filed by the freight forwarder\n- exports: commercial invoice + certificate of origin\n',
    },
    turns: [
      {
        text: "I'm moving over to the customs side for Carrow & Finch: declarations and excise for the wine we bring in and ship out, ticket DUTY-1274. We've agreed to file import declarations ourselves through the CDS API instead of going through the freight forwarder. Their turnaround is a day and a half, and we've paid demurrage at Felixstowe four times since September because of it. #reply Direct CDS filing, understood.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['DUTY-1274'] },
          { category: 'decision', strings: ['file import declarations ourselves through the CDS API instead of going through the freight forwarder'], reasons: ["we've paid demurrage at Felixstowe four times since September"] },
        ],
      },
      {
        text: 'A rule for everything we touch here: the commodity code is re-checked against the tariff for the exact ABV before any declaration is submitted. #reply Will do, every time.',
        facts: [{ category: 'rule', strings: ['the commodity code is re-checked against the tariff for the exact ABV before any declaration is submitted'] }],
      },
      {
        text: 'Which duty rate is hard-coded at the moment, and how is ABV rounded? #read customs/src/duty/alcoholDuty.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['DUTY_RATE_GBP_PER_LITRE_ALCOHOL = 28.74', 'ABV_ROUNDING_STEP = 0.1'] }],
      },
      {
        text: '台北經銷商的工程師給了介面：出口報單送出用 POST /export/v2/declarations，報單狀態查詢用 GET /export/v2/declarations/{mrn}/status。他們的測試閘道在 gw-test.tpe-distrib.example.tw:8443。 #reply 好的，記下來了。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['POST /export/v2/declarations'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['GET /export/v2/declarations/{mrn}/status'] },
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['gw-test.tpe-distrib.example.tw:8443'] },
        ],
      },
      {
        text: "The Barossa container is still sitting at the port. Why was yesterday's declaration bounced? #read logs/customs/cds-submit-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['declaration DEC-26GB4471 rejected', 'requires additional document code C644'] }],
      },
      {
        text: '東京の輸入元から依頼がありました。1 月 8 日の船積みまでに、日本向けインボイスに品目ごとの容量とアルコール度数を載せるようにしてください。 #reply 承知しました、1 月 8 日までに対応します。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['日本向けインボイスに品目ごとの容量とアルコール度数を載せるようにしてください', '1 月 8 日の船積みまでに'] }],
      },
      { text: 'Start a notes file on how an import is cleared. #write customs/NOTES.md # Import clearance\n\nbooking from the shipper -> line items and ABV -> commodity codes -> CDS declaration -> documents (C644 where needed) -> release -> into bond -> duty when leaving bond.' },
      { filler: 5500, style: 'work' },
      {
        text: 'Finance sent a note on when we pay duty for stock in bond. What does it say? #read docs/compliance/bonded-warehouse.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['duty on bonded stock is paid when pallets leave bond for the Leeds depot, not on arrival at Felixstowe'], reasons: ['Paying on arrival tied up about £310,000 in duty'] }],
      },
      {
        text: "Here's the cron line I'm about to deploy:\n  0 */2 * * * CDS_ENV=trade-test ./bin/submit-declarations --since 2h\nIt ships with hmrc-cds-client 1.9.4, and HMRC registered our sandbox application as 3a0fdd8b-3619-46d5-94ea-2fc7b880ae22. #reply Noted, all three.",
        facts: [
          { category: 'identifier', kind: 'env', strings: ['CDS_ENV=trade-test'] },
          { category: 'identifier', kind: 'version', strings: ['hmrc-cds-client 1.9.4'] },
          { category: 'identifier', kind: 'uuid', strings: ['3a0fdd8b-3619-46d5-94ea-2fc7b880ae22'] },
        ],
      },
      {
        text: 'Which line in the Le Havre consolidation goes over 15 % ABV? That changes the duty band. #read data/shipments/LEH-2611-lines.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['CF-2290,Bodegas Toro Alto,Tinto Reserva,2019,15.5'] }],
      },
      {
        text: "If HMRC hasn't answered the C644 query by Thursday 3 December, re-file DEC-26GB4471 with the origin certificate from the Barossa shipper and ask the broker to chase it. #reply Will do if there's no answer by Thursday.",
        facts: [{ category: 'todo', strings: ['re-file DEC-26GB4471 with the origin certificate from the Barossa shipper', "If HMRC hasn't answered the C644 query by Thursday 3 December"] }],
      },
      {
        text: '財務那邊交代：關稅和消費稅的金額一律用英鎊記帳，匯率以 HMRC 當月公布的為準，不可以自己換算。 #reply 明白，照 HMRC 的匯率。',
        facts: [{ category: 'rule', lang: 'zh', strings: ['關稅和消費稅的金額一律用英鎊記帳，匯率以 HMRC 當月公布的為準'] }],
      },
      {
        text: '營運部關於台灣中文標籤的決議出來了，請看一下。 #read docs/台灣/中文標籤.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['輸台酒品一律在英國出貨前貼好中文背標'], reasons: ['今年 8 月有 3 批貨因為在港補貼標籤被海關抽驗'] }],
      },
      {
        text: '日本向けの原産地証明は、紙の証明書をやめて EPA の自己申告に切り替えることにしました。商工会議所の発給待ちで毎回 3〜4 日出荷が遅れていたからです。 #reply 了解しました、自己申告で進めます。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['紙の証明書をやめて EPA の自己申告に切り替えることにしました'], reasons: ['商工会議所の発給待ちで毎回 3〜4 日出荷が遅れていた'] }],
      },
      {
        text: 'For the audit file, three references: rejected declarations are listed at https://customs.carrowfinch.example.co.uk/cds/declarations?status=rejected, the ABV rounding fix is commit 9cac01d6cae0609023ae8f1920a344c401ddb849, and signed declarations are archived under /srv/customs/archive/2026/ (HMRC can ask for six years). #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://customs.carrowfinch.example.co.uk/cds/declarations?status=rejected'] },
          { category: 'identifier', kind: 'hash', strings: ['9cac01d6cae0609023ae8f1920a344c401ddb849'] },
          { category: 'identifier', kind: 'path', strings: ['/srv/customs/archive/2026/'] },
        ],
      },
      { text: 'Bring the README up to date. #write customs/README.md # customs\n\nDeclarations and excise for Carrow & Finch.\n\n- imports: filed by us through the CDS API\n- duty on bonded stock: paid when it leaves bond\n- exports: commercial invoice; Japan by EPA self-declaration; Taiwan labels applied in the UK\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
