// The HELD-OUT set held-out-29 of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an
// independent writer who never saw the extraction code (nor any set's results): new projects (a laundry service's
// pickup routes in Hong Kong and Osaka, a fish farm's feeding and dissolved-oxygen sensors in Ningde and Kagoshima, a
// city archive's digitisation queue), new wording, work-style filler. Never tuned on: never tune extraction on it and
// never read its results while changing extraction.
// Same format as tuning.mjs / held-out.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x29a7c3);

// ------------------------------------------------------------------------------------------ documents

const BULKY_DOC = `# 大件衣物的交付时效调整

运营部 · 2026 年 11 月

目前所有订单都按下单时选择的时效处理：48 小时快洗或 96 小时标准。快洗单占全部订单的 38%，其中羽绒服、被子、窗帘这类大件约占四分之一。

十月份快洗单的超时率是 11.4%，远高于标准单的 2.1%。我们把超时的订单逐单查了一遍。

结论：羽绒服、被子和窗帘不再接受 48 小时快洗，下单时只能选 96 小时标准时效。原因是大件必须单独低温烘干，十月份快洗超时的订单里有七成是大件。

App 里请在用户选中这些品类时直接隐藏快洗选项，并显示一句说明。门店收件时也按同样的规则处理。
`;

const COLD_WATER_DOC = `# 低水温期の給餌ルール（鹿児島・長島サイト）

生産管理課 · 2026 年 11 月

ブリの摂餌量は水温 16℃ を下回ると急に落ちます。昨冬は残餌が増え、生簀の底の硫化物濃度が上がりました。

自動給餌機（FD シリーズ）は現在、水温に関係なく 1 日 3 回の設定になっています。

決定事項：水温が 15℃ を下回った日は、自動給餌を 1 日 1 回に減らします。昨冬は 3 回給餌を続けた生簀で残餌が 3 割を超え、底質の悪化で 2 基の生簀を移設することになったためです。

水温の判定には午前 6 時の 3 m 層の値を使ってください。給餌機の設定変更は現場の担当者が確認してから反映します。
`;

const MASTER_DOC = `# 保存用マスター画像の仕様について

関西イメージング株式会社 · 2026 年 11 月

これまで保存用マスターは非圧縮 TIFF で納品してきましたが、ハーバートン市文書館の案件では 1 冊あたりの容量が平均 9.6 GB になり、ストレージ費用が見積もりを 40% 上回っています。

IIIF 配信用の画像はマスターから別途生成するため、マスターの形式は配信には影響しません。

合意事項：保存用マスターは JPEG 2000 の可逆圧縮で納品することとします。非圧縮 TIFF と同じ画質を保ったまま、容量がおよそ半分になるためです。

既に納品済みの TIFF は変換せず、そのまま保管してください。
`;

const QUEUE_YAML = `# digitisation queue service
service:
  name: digitisation-queue
  listen: 0.0.0.0:8081
  workers: 6
scanning:
  stations: [SCN-01, SCN-02, SCN-03, SCN-04]
  default_dpi: 400
  colour_profile: eciRGB_v2
publish:
  iiif_base_url: https://iiif.harbourton-archive.example.org/iiif/3/
  thumbnails: true
  max_parallel_uploads: 4
retention:
  working_copies_days: 30
`;

export const SESSIONS = [
  {
    id: 'w1-laundry-pickups',
    set: 'held-out-29',
    files: {
      'pickups/src/slots/capacity.py': code('py', 85, [
        [0.4, '    MAX_BAGS_PER_VAN = 46  # counted per bag, whatever the size'],
        [0.41, '    SLOT_LENGTH_MINUTES = 90'],
      ]),
      'logs/pickups/dispatcher-2026-11-26.log': log('pickup-dispatcher', '2026-11-26', 120, [[0.55, '2026-11-26T07:12:44Z ERROR pickup-dispatcher route KWT-AM-3 dropped 9 pickups: van HK-VAN-17 over bag capacity (52/46), customers moved to the 11:00 slot without notice']]),
      'deploy/pickups/compose.yaml': code('yaml', 60, [[0.5, '    OSRM_URL: "http://osrm-hk.washly.internal:5000"']]),
      'data/pickups/osaka-2026-11-28.csv': csv(
        'booking_id,address,window_start,window_end,bags,notes',
        64,
        (i) => `B-${77000 + i * 7},${pick(['Umeda', 'Namba', 'Tenma', 'Kyobashi', 'Honmachi'])} ${pick(WORDS)} ${100 + i},${String(8 + (i % 10)).padStart(2, '0')}:00,${String(9 + (i % 10)).padStart(2, '0')}:00,${1 + (i % 5)},`,
        [[0.7, 'B-77310,Namba Parks Residence 1204,19:00,19:30,7,doorman leaves at 19:15 - collect from concierge desk']],
      ),
      'docs/运营/大件时效.md': BULKY_DOC,
      'pickups/CHANGELOG.md': '# Changelog\n\n## 2.13.0\n\n- Slot picker shows the remaining capacity.\n- Driver app: offline queue for scans.\n',
    },
    turns: [
      {
        text: 'Before we talk plans, show me how slot capacity is worked out today. #read pickups/src/slots/capacity.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['MAX_BAGS_PER_VAN = 46', 'SLOT_LENGTH_MINUTES = 90'] }],
      },
      {
        text: "Yeah, that constant is the problem. The ticket for all of this is LAUN-2291. We'll size van loads by bag volume in litres from now on instead of counting bags — 46 bags means nothing when half of them are duvets, and the Kowloon Tong vans overflow every Monday. #reply OK, capacity by volume rather than by count.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['LAUN-2291'] },
          { category: 'decision', strings: ['size van loads by bag volume in litres from now on instead of counting bags'], reasons: ['46 bags means nothing when half of them are duvets'] },
        ],
      },
      {
        text: "Monday's morning run in Kowloon Tong lost a bunch of pickups. Grep the dispatcher log for errors. #exec grep -n ERROR logs/pickups/dispatcher-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['route KWT-AM-3 dropped 9 pickups', 'van HK-VAN-17 over bag capacity (52/46)'] }],
      },
      {
        text: '大阪の提携先（なにわクリーニング）から API 仕様が届きました。集荷枠の一覧は GET /osaka/v1/pickup-slots/{date}、予約の確定は POST /osaka/v1/bookings/{bookingId}/confirm です。検証環境につなぐときは NANIWA_SANDBOX=1 を付けてください、とのことです。 #reply 承知しました、控えておきます。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /osaka/v1/pickup-slots/{date}'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /osaka/v1/bookings/{bookingId}/confirm'] },
          { category: 'identifier', kind: 'env', lang: 'ja', strings: ['NANIWA_SANDBOX=1'] },
        ],
      },
      {
        text: "One thing from Mei in customer care that is not up for debate: never offer a pickup window shorter than 60 minutes. Drivers can't hit half-hour windows in Mong Kok traffic and every miss turns into a refund. #reply Understood, 60 minutes minimum.",
        facts: [{ category: 'rule', strings: ['never offer a pickup window shorter than 60 minutes'] }],
      },
      {
        text: 'Where does the dispatcher get its road routing from? #exec grep -n OSRM_URL deploy/pickups/compose.yaml',
        facts: [{ category: 'identifier', kind: 'host:port', source: 'tool', strings: ['osrm-hk.washly.internal:5000'] }],
      },
      { text: 'Start a scratch file for the routing work. #write pickups/NOTES.md # Pickup routing\n\nbooking -> slot capacity check -> nightly route build (OSRM) -> driver app -> pickup scan at the door -> plant intake in Kwai Chung.\n\nOpen questions: volume per bag type, Osaka partner slots.' },
      { filler: 3000, style: 'work' },
      {
        text: '运营部发了大件时效的新规定，你看看对我们排线有没有影响。 #read docs/运营/大件时效.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['羽绒服、被子和窗帘不再接受 48 小时快洗'], reasons: ['大件必须单独低温烘干'] }],
      },
      {
        text: "From the release checklist, so it's written down somewhere:\n\n    PICKUP_HOLD_SECONDS=420\n    image   pickup-dispatcher:2.14.0\n    canary  3f092722-2c30-49cc-88e3-3c58e745ab62\n\n#reply Noted, all three.",
        facts: [
          { category: 'identifier', kind: 'env', strings: ['PICKUP_HOLD_SECONDS=420'] },
          { category: 'identifier', kind: 'version', strings: ['pickup-dispatcher:2.14.0'] },
          { category: 'identifier', kind: 'uuid', strings: ['3f092722-2c30-49cc-88e3-3c58e745ab62'] },
        ],
      },
      {
        text: "Here's tomorrow's Osaka list. Anything in it that clashes with the 60-minute rule? #read data/pickups/osaka-2026-11-28.csv",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['B-77310,Namba Parks Residence 1204,19:00,19:30'] }],
      },
      {
        text: '香港这边刚跟司机组长开完会：晚上 9 点以后的取件时段取消，最晚一档改成 19:00–20:30。九点以后很多屋苑的管理处不让货车进，上个月有 40 多单因此白跑一趟。另外，12 月 8 日之前要把新时段同步到 App 和客服的话术里。 #reply 好的，两件事都记下了。',
        facts: [
          { category: 'decision', lang: 'zh', strings: ['晚上 9 点以后的取件时段取消'], reasons: ['九点以后很多屋苑的管理处不让货车进'] },
          { category: 'todo', lang: 'zh', strings: ['把新时段同步到 App 和客服的话术里', '12 月 8 日之前'] },
        ],
      },
      { filler: 2500, style: 'work' },
      {
        text: 'If the Osaka pilot is still missing more than 5 % of pickups on 15 December, drop the evening slots there and run mornings only until the partner hires a second driver. #reply Will check the numbers on the 15th.',
        facts: [{ category: 'todo', strings: ['drop the evening slots there and run mornings only', 'If the Osaka pilot is still missing more than 5 % of pickups on 15 December'] }],
      },
      {
        text: 'ドライバーアプリにお客様の電話番号をそのまま表示しないでください。連絡は必ずアプリ内通話を通すこと。それと、年末の繁忙期に備えて、12 月 12 日（土）までに大阪の追加バン 2 台をルート計画に登録しておいてください。 #reply はい、番号は出しません。バンの登録も土曜までにやります。',
        facts: [
          { category: 'rule', lang: 'ja', strings: ['ドライバーアプリにお客様の電話番号をそのまま表示しないでください'] },
          { category: 'todo', lang: 'ja', strings: ['大阪の追加バン 2 台をルート計画に登録しておいてください', '12 月 12 日（土）までに'] },
        ],
      },
      {
        text: 'For the handover page: the Kowloon Tong route board is https://ops.washly.example.hk/routes/KWT-AM-3, the capacity-by-volume change went in as bff64275154e8940b01ff0cf3d1e510a3008881d, and the nightly route exports land in /srv/washly/route-exports/hk/. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://ops.washly.example.hk/routes/KWT-AM-3'] },
          { category: 'identifier', kind: 'hash', strings: ['bff64275154e8940b01ff0cf3d1e510a3008881d'] },
          { category: 'identifier', kind: 'path', strings: ['/srv/washly/route-exports/hk/'] },
        ],
      },
      { text: 'Add the release notes for the next version. #write pickups/CHANGELOG.md # Changelog\n\n## 2.14.0\n\n- Van capacity counted by volume.\n- No pickup slots after 20:30 in Hong Kong.\n\n## 2.13.0\n\n- Slot picker shows the remaining capacity.\n- Driver app: offline queue for scans.\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'w2-fish-farm-oxygen',
    set: 'held-out-29',
    files: {
      'firmware/do-probe/alarm.c': code('c', 85, [
        [0.35, '#define DO_LOW_ALARM_MG_L_X10 50'],
        [0.36, '#define PROBE_SAMPLE_INTERVAL_S 30'],
      ]),
      'logs/sensors/pen-gateway-2026-11-26.log': log('pen-gateway', '2026-11-26', 115, [[0.48, '2026-11-26T04:52:10Z WARN pen-gateway pen ND-14 dissolved oxygen 3.8 mg/L for 11 min, aerator AER-14B relay timeout, no restart attempted']]),
      'config/feeding/pens.json': json({
        site: 'ningde-south',
        mqtt_broker: 'mqtt.ningde-farm.internal:8883',
        pens: [
          ...rows(12, (i) => ({ pen: `ND-${String(i + 1).padStart(2, '0')}`, species: 'large-yellow-croaker', feeder: `FD-${200 + i}`, feed_kg_per_day: 180 + 15 * (i % 7), paused: false, note: pick(WORDS) })),
          { pen: 'ND-14', species: 'large-yellow-croaker', feeder: 'FD-213', feed_kg_per_day: 0, paused: true, pause_reason: 'net repair after storm, diver report DR-3307' },
        ],
      }),
      'docs/養殖/低水温時の給餌.md': COLD_WATER_DOC,
      'docs/design/telemetry-retention.md': essay('Design note: how long we keep pen sensor readings', 6, [
        [0.3, 'During the September storm the ingest queue backed up for 19 hours and 2.3 million readings from the Ningde pens arrived out of order; the dashboards showed a flat line for pen ND-09 the whole time.'],
        [0.7, 'Decision: raw readings are kept for 400 days and only then downsampled to 10-minute averages, because the insurer asks for the raw oxygen curve of any mass mortality claim, and claims can be filed up to a year after the event.'],
      ]),
      'ingest/README.md': '# ingest\n\nReads pen readings from the site brokers (MQTT) and writes them to the time-series store.\n\n## Running\n\n    make run SITE=ningde-south\n',
    },
    turns: [
      {
        text: 'Ground rule before we touch anything on the farm side: the aerators must never be switched off by software, only by a person standing at the pen. A stuck relay is bad, but a script that kills aeration at night kills fish. #reply Understood. Software never switches an aerator off.',
        facts: [{ category: 'rule', strings: ['the aerators must never be switched off by software, only by a person standing at the pen'] }],
      },
      {
        text: 'The night shift at Ningde says pen 14 nearly crashed on oxygen. What does the gateway log show? #read logs/sensors/pen-gateway-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['pen ND-14 dissolved oxygen 3.8 mg/L', 'aerator AER-14B relay timeout'] }],
      },
      {
        text: "That's exactly what AQUA-574 is about. Plan: the gateway retries the relay itself and pages the on-call technician after the second failure, rather than waiting for the cloud to notice. The cloud only sees readings every five minutes, so a bad value can sit there for ten minutes before anyone hears about it. #reply Got it: local retry, page after two failures.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['AQUA-574'] },
          { category: 'decision', strings: ['the gateway retries the relay itself and pages the on-call technician after the second failure'], reasons: ['The cloud only sees readings every five minutes'] },
        ],
      },
      {
        text: '宁德那边的接口我贴一下：上报读数用 POST /farm/api/v1/pens/{penId}/readings，投喂计划用 GET /farm/api/v1/sites/{siteId}/feeding-plan。现场网关的地址是 gw-ningde-01.local:1883，固件版本是 pen-gateway-fw v4.2.7。 #reply 好的，都记下了。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['POST /farm/api/v1/pens/{penId}/readings'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['GET /farm/api/v1/sites/{siteId}/feeding-plan'] },
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['gw-ningde-01.local:1883'] },
          { category: 'identifier', kind: 'version', lang: 'zh', strings: ['pen-gateway-fw v4.2.7'] },
        ],
      },
      {
        text: 'At what level does the probe firmware raise its low-oxygen alarm? #read firmware/do-probe/alarm.c',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['DO_LOW_ALARM_MG_L_X10 50'] }],
      },
      {
        text: "Given that, let's raise the low-oxygen alarm to 5.5 mg/L for croaker pens. The vet says croaker start gasping at the surface around 4.5, so an alarm at 5.0 leaves the night crew almost no time. #reply 5.5 for the croaker pens then.",
        facts: [{ category: 'decision', strings: ['raise the low-oxygen alarm to 5.5 mg/L for croaker pens'], reasons: ['croaker start gasping at the surface around 4.5'] }],
      },
      { text: 'Write a first runbook page for low oxygen at night. #write docs/oncall/low-oxygen.md # Low oxygen at night\n\n1. Check the pen reading on the dashboard and the neighbouring pens.\n2. Call the technician on site; confirm the aerator is running by ear and by current draw.\n3. Stop feeding the pen until the reading is back above the alarm level for an hour.' },
      { filler: 5000, style: 'work' },
      {
        text: 'Which pens are paused for feeding right now, and which broker does the site config point at? #read config/feeding/pens.json',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['net repair after storm, diver report DR-3307'] },
          { category: 'identifier', kind: 'host:port', source: 'tool', strings: ['mqtt.ningde-farm.internal:8883'] },
        ],
      },
      {
        text: '鹿児島サイトから低水温時の給餌について文書が届きました。目を通してもらえますか。 #read docs/養殖/低水温時の給餌.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['水温が 15℃ を下回った日は、自動給餌を 1 日 1 回に減らします'], reasons: ['3 回給餌を続けた生簀で残餌が 3 割を超え'] }],
      },
      {
        text: '还有一件：12 月 10 日前把 ND 区所有的溶氧探头重新校准一遍，上次校准还是 8 月份。 #reply 好的，10 号前校准完。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['把 ND 区所有的溶氧探头重新校准一遍', '12 月 10 日前'] }],
      },
      {
        text: "Two values from yesterday's deploy: the gateway pages through ALERT_PAGER_ROUTE=ningde-night, and Wednesday night's incident is filed as 5f232682-5c15-4d99-a8fc-36dfad2aee60. #reply Noted both.",
        facts: [
          { category: 'identifier', kind: 'env', strings: ['ALERT_PAGER_ROUTE=ningde-night'] },
          { category: 'identifier', kind: 'uuid', strings: ['5f232682-5c15-4d99-a8fc-36dfad2aee60'] },
        ],
      },
      { filler: 3000, style: 'work' },
      {
        text: "There's a design note on how long we keep raw sensor readings; skim it for anything that affects the gateway buffer. #read docs/design/telemetry-retention.md",
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['2.3 million readings from the Ningde pens arrived out of order'] },
          { category: 'decision', source: 'tool', strings: ['raw readings are kept for 400 days and only then downsampled to 10-minute averages'], reasons: ['the insurer asks for the raw oxygen curve of any mass mortality claim'] },
        ],
      },
      {
        text: '鹿児島の件でもう一つ決めました。給餌量の計算はカメラの残餌判定ではなく、魚体重サンプリングの結果を基準にします。夜間や濁りのある日はカメラの判定が当てにならないからです。 #reply 了解です、サンプリング基準にします。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['給餌量の計算はカメラの残餌判定ではなく、魚体重サンプリングの結果を基準にします'], reasons: ['夜間や濁りのある日はカメラの判定が当てにならない'] }],
      },
      {
        text: 'When the new relays from the supplier arrive, swap AER-14B first and keep the old relay for the failure analysis. 另外说一句：投喂量的修改只能在白天做，夜班不准改投喂计划。 #reply Both noted.',
        facts: [
          { category: 'todo', strings: ['swap AER-14B first and keep the old relay for the failure analysis', 'When the new relays from the supplier arrive'] },
          { category: 'rule', lang: 'zh', strings: ['投喂量的修改只能在白天做，夜班不准改投喂计划'] },
        ],
      },
      {
        text: 'Links for the ops wiki: the Ningde oxygen dashboard is https://grafana.haixing-aqua.example.cn/d/do-ningde/pens, the relay retry fix is commit 228eb7d0312067d43ee8072d44d6946ef7f88ce8, and the gateway buffers readings in /var/lib/pen-gateway/spool/ whenever the uplink drops. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://grafana.haixing-aqua.example.cn/d/do-ningde/pens'] },
          { category: 'identifier', kind: 'hash', strings: ['228eb7d0312067d43ee8072d44d6946ef7f88ce8'] },
          { category: 'identifier', kind: 'path', strings: ['/var/lib/pen-gateway/spool/'] },
        ],
      },
      { text: 'Document the spool in the ingest README. #write ingest/README.md # ingest\n\nReads pen readings from the site brokers (MQTT) and writes them to the time-series store.\n\n## Running\n\n    make run SITE=ningde-south\n\n## When the uplink drops\n\nThe site gateway keeps readings in its spool and replays them in order once the broker is reachable again; ingest deduplicates by pen and timestamp.\n' },
      { filler: 2000, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'w3-archive-digitisation',
    set: 'held-out-29',
    files: {
      'queue/src/priority.ts': code('ts', 95, [
        [0.5, 'export const FRAGILE_BOOST = 40; // added to the score of items in conservation grade C or D'],
        [0.51, 'const MAX_PAGES_PER_BATCH = 1200;'],
      ]),
      'logs/scan/ocr-worker-2026-11-26.log': log('ocr-worker', '2026-11-26', 110, [[0.6, '2026-11-26T05:33:08Z ERROR ocr-worker item CA-1931-0447 page 212: tesseract killed (exit 137, out of memory) at 600 dpi; batch B-5530 requeued 3 times']]),
      'manifests/batch-B-5531.csv': csv(
        'item_id,series,box,pages,condition,flags',
        70,
        (i) => `CA-19${String(50 + (i % 9)).padStart(2, '0')}-${String(1000 + i * 13).padStart(4, '0')},${pick(['Rates registers', 'Council minutes', 'Building permits', 'Harbour Board letters'])},BX-0${300 + (i % 40)},${40 + 7 * (i % 30)},${pick(['A', 'A', 'B', 'B', 'C'])},`,
        [[0.4, 'CA-1954-1120,Harbour Board minutes,BX-0388,342,D,mould-suspected']],
      ),
      'docs/スキャン/保存用マスター.md': MASTER_DOC,
      'queue/config/queue.yaml': QUEUE_YAML,
      'docs/policy/publication-redaction.md': essay('Publishing digitised records: personal data', 6, [
        [0.35, 'A 2025 spot check of 600 already published pages found 14 with a readable national ID number, all of them from the 1960s rates registers.'],
        [0.68, 'Decision: records younger than 100 years are published only after a person has reviewed every page for personal data, because automatic detection missed handwritten names and ID numbers in the trial.'],
      ]),
      'docs/runbook/scanning-station.md': '# Scanning station\n\n1. Log in with your archive account.\n2. Scan the batch sheet barcode.\n3. Calibrate against the colour target every morning.\n',
    },
    turns: [
      {
        text: "New project for the next few weeks: the Harbourton City Archive's digitisation queue. The queue service runs at queue-api.archive.internal:8081, and the scanning stations report a finished batch with POST /queue/v2/batches/{batchId}/complete. First question: how does it decide what gets scanned first? #read queue/src/priority.ts",
        facts: [
          { category: 'identifier', kind: 'host:port', strings: ['queue-api.archive.internal:8081'] },
          { category: 'identifier', kind: 'route', strings: ['POST /queue/v2/batches/{batchId}/complete'] },
          { category: 'tool-finding', source: 'tool', strings: ['FRAGILE_BOOST = 40', 'MAX_PAGES_PER_BATCH = 1200'] },
        ],
      },
      {
        text: "Honestly I'd rather drop that boost altogether and schedule grade C and D items in their own weekly conservation slot. Mixed batches mean the operator keeps swapping to the book cradle and the cold lights, and that is where most of October's handling damage came from. #reply Makes sense: a separate conservation slot instead of the boost.",
        facts: [{ category: 'decision', strings: ['schedule grade C and D items in their own weekly conservation slot'], reasons: ['Mixed batches mean the operator keeps swapping to the book cradle'] }],
      },
      {
        text: 'Ticket is ARCH-1406, by the way. 台北的 OCR 組那邊提醒：12 月 4 日（週五）之前要把 1950 年代港務局會議紀錄的批次排進佇列，他們那一週有人手做校對。 #reply 好的，週五前排進去。',
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['ARCH-1406'] },
          { category: 'todo', lang: 'zh', strings: ['把 1950 年代港務局會議紀錄的批次排進佇列', '12 月 4 日（週五）之前'] },
        ],
      },
      {
        text: 'OCR keeps falling over on the 1931 ledgers. Grep the worker log. #exec grep -n ERROR logs/scan/ocr-worker-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['tesseract killed (exit 137, out of memory) at 600 dpi', 'batch B-5530 requeued 3 times'] }],
      },
      {
        text: 'Hard rule from the conservator, no exceptions: originals with mould never go on a scanning station; they go to quarantine first. #reply Noted. Mould means quarantine first.',
        facts: [{ category: 'rule', strings: ['originals with mould never go on a scanning station'] }],
      },
      {
        text: "Does tomorrow's batch B-5531 have anything that should go to quarantine instead? #read manifests/batch-B-5531.csv",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['CA-1954-1120,Harbour Board minutes', 'mould-suspected'] }],
      },
      {
        text: '大阪のスキャン業者（関西イメージング）と相談して、OCR は 400 dpi のグレースケール画像から作ることにしました。600 dpi だとメモリが足りずにワーカーが落ちますし、文字認識の精度もほとんど変わらないからです。 #reply 了解しました、OCR 用は 400 dpi にします。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['OCR は 400 dpi のグレースケール画像から作ることにしました'], reasons: ['600 dpi だとメモリが足りずにワーカーが落ちます'] }],
      },
      { text: 'Keep notes as we go. #write queue/NOTES.md # Digitisation queue\n\nintake (box list) -> condition check -> batch -> scanning station -> masters to the NAS -> OCR -> proofreading -> metadata -> IIIF publish.\n\nQuestions: conservation slot day, proofreading capacity in Taipei.' },
      { filler: 4000, style: 'work' },
      {
        text: '関西イメージングから保存用マスターの仕様について文書が来ています。読んでください。 #read docs/スキャン/保存用マスター.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['保存用マスターは JPEG 2000 の可逆圧縮で納品することとします'], reasons: ['容量がおよそ半分になるため'] }],
      },
      {
        text: '测试环境的配置记一下：OCR_MAX_DPI=400，OCR 镜像是 ocr-worker 1.9.3，港务局系列的重建索引任务 ID 是 931c279c-890f-4ff5-b8a8-3989874d0161。 #reply 好的，三项都记下了。',
        facts: [
          { category: 'identifier', kind: 'env', lang: 'zh', strings: ['OCR_MAX_DPI=400'] },
          { category: 'identifier', kind: 'version', lang: 'zh', strings: ['ocr-worker 1.9.3'] },
          { category: 'identifier', kind: 'uuid', lang: 'zh', strings: ['931c279c-890f-4ff5-b8a8-3989874d0161'] },
        ],
      },
      {
        text: 'Which IIIF endpoint does the queue hand finished items to? #exec grep -n iiif queue/config/queue.yaml',
        facts: [{ category: 'identifier', kind: 'url', source: 'tool', strings: ['https://iiif.harbourton-archive.example.org/iiif/3/'] }],
      },
      {
        text: 'If the JPEG 2000 masters fail the checksum audit on the first delivery, stop accepting them and ask the vendor to redeliver that batch as TIFF. #reply Understood.',
        facts: [{ category: 'todo', strings: ['ask the vendor to redeliver that batch as TIFF', 'If the JPEG 2000 masters fail the checksum audit on the first delivery'] }],
      },
      { filler: 3000, style: 'work' },
      {
        text: 'Legal sent round their policy on publishing scans with personal data. Anything in it that changes the queue? #read docs/policy/publication-redaction.md',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['14 with a readable national ID number'] },
          { category: 'decision', source: 'tool', strings: ['records younger than 100 years are published only after a person has reviewed every page for personal data'], reasons: ['automatic detection missed handwritten names and ID numbers in the trial'] },
        ],
      },
      {
        text: '台北那邊定案了：OCR 結果先全部用機器跑，再挑信心值低於 0.85 的頁面送人工校對，不再每頁都人工校。全部人工校的話，港務局那批要排到明年九月才做得完。 #reply 明白，只送低信心值的頁面。',
        facts: [{ category: 'decision', lang: 'zh', strings: ['挑信心值低於 0.85 的頁面送人工校對'], reasons: ['全部人工校的話，港務局那批要排到明年九月才做得完'] }],
      },
      {
        text: '念のため共有です。公開前の画像を外部のクラウド OCR サービスに送ることは禁止です。市の情報セキュリティ規程で決まっています。 #reply 承知しました、外部には送りません。',
        facts: [{ category: 'rule', lang: 'ja', strings: ['公開前の画像を外部のクラウド OCR サービスに送ることは禁止です'] }],
      },
      {
        text: 'Handover links: the queue board is https://queue.harbourton-archive.example.org/boards/digitisation, the priority change is commit 575663b5e6e680840769c02e67f185be0fb63d89, and masters are written to /archive/masters/2026/ on the NAS. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://queue.harbourton-archive.example.org/boards/digitisation'] },
          { category: 'identifier', kind: 'hash', strings: ['575663b5e6e680840769c02e67f185be0fb63d89'] },
          { category: 'identifier', kind: 'path', strings: ['/archive/masters/2026/'] },
        ],
      },
      { text: 'Add the quarantine step to the station runbook. #write docs/runbook/scanning-station.md # Scanning station\n\n1. Log in with your archive account.\n2. Scan the batch sheet barcode.\n3. Check the condition column: any item flagged for mould goes back to the conservator, not onto the station.\n4. Calibrate against the colour target every morning.\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
