// The twenty-eighth HELD-OUT set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an
// independent writer who never saw the extraction code: new projects (a tyre-fitting chain's bay bookings and branch
// stock, a ward aquatic centre's online lane reservations, an observatory's telescope time allocation for a new
// semester), new wording, its own order of work, work-style filler. Never tuned on: never change extraction while
// reading its results.
// Same format as tuning.mjs / held-out.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { csv, makeGen } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x28b0c7);

const RESTOCK_DOC = `# 冬季胎补货安排（青岛仓 → 英国各门店）

供应链组 · 2026 年 11 月

背景：冬季胎从青岛仓发出，海运到费利克斯托港大约 34 天，再由 Wakefield 中心仓分拨到各门店。

十月份有 6 个门店的 205/55 R16 和 225/45 R17 冬季胎断货超过一周，门店只能把已付定金的预约改期。

决定：冬季胎的门店补货改为每周二、周五各截单一次，补货单由系统按预约占用量自动生成。原因是原来每周只截单一次，周末的预约高峰要等到下周才能补上，断货期平均拉长了 4 天。

门店经理仍可手动追加，但追加量不得超过系统建议量的 50%。
`;

const LANE_RULES_DOC = `# 個人レーン予約の受付ルール（2026 年 12 月改定）

北区立総合体育館 プール運営課

対象：50 m プール（KITA-50M）の個人利用レーン。団体・クラブの貸切枠は別途契約で定めます。

これまでは利用日前日の 0 時に受付を開始していましたが、受付開始の直後に申し込みが殺到し、今年度はそのたびにサイトの応答が遅くなりました。

決定：個人のレーン予約は利用日の 7 日前の午前 9 時に受付を開始する。深夜 0 時の受付開始では深夜にアクセスが集中して予約サイトが 3 回停止したため、日中の開始に改めます。

予約ページ（区民向け）：https://yoyaku.kita-aqua.example.jp/lanes/KITA-50M

キャンセルは利用開始の 2 時間前まで無料とします。
`;

const PMO_SHARE_DOC = `# 紫金山天文台合作份额：观测时间结算办法

合作办公室 · 2026 年 11 月

按合作协议，紫金山天文台每个学期获得 4.1 米望远镜约 12% 的观测时间，2027A 学期折合 180 小时。

过去两个学期按月对账，每个月都要人工核对因天气损失的时间，双方邮件往返平均 9 封才能确认一个月的数字。

决定：中方份额的观测时间改为按学期结算，天气损失统一按全台当学期的平均损失率折算。这样做是因为按月逐条核对天气损失的工作量太大，而且双方对“部分可用夜”的认定一直有分歧。

结算结果在学期结束后 30 天内由双方签字确认。
`;

export const SESSIONS = [
  {
    id: 'q1-tyre-bay-bookings',
    set: 'held-out-28',
    files: {
      'logs/booking-api/2026-11-26.log': log('booking-api', '2026-11-26', 120, [
        [0.55, '2026-11-26T07:58:12Z ERROR booking-api double booking: bay 3 at MCR-11 confirmed for two vehicles at 08:30 (refs HB-660142, HB-660157), hold acquired twice within 38ms trace_id=fda4ef6a-bda7-497a-8a52-51d3ffeff389'],
      ]),
      'booking/src/slots/bayCapacity.ts': code('ts', 95, [
        [0.4, 'export const FITTING_MINUTES_PER_AXLE = 25;'],
        [0.41, 'const TPMS_RESET_EXTRA_MINUTES = 15; // sensor relearn on most EU cars'],
      ]),
      'booking/config/branches.yaml': code('yaml', 70, [[0.5, '    late_arrival_grace_minutes: 10']]),
      'stock/exports/branch-stock-2026-11-26.csv': csv(
        'sku,size,brand,season,branch,on_hand,reserved',
        64,
        (i) => `HT-${String(1955 + i * 10)}${pick(['15', '16', '17', '18'])}-${pick(['MS', 'NS', 'CA'])},${pick(['195/65 R15 91T', '225/45 R17 94W', '215/60 R16 99V', '235/55 R18 104V'])},${pick(['Michelin', 'Continental', 'Falken', 'Hankook'])},${pick(['summer', 'all-season', 'winter'])},${pick(['LDS-04', 'MCR-11', 'YRK-02', 'SHF-07'])},${3 + (i % 17)},${i % 5}`,
        [[0.5, 'HT-2055516-NKW,205/55 R16 91H,Nankang,winter,LDS-04,0,14']],
      ),
      'docs/ops/tyre-hotel-review.md': essay('Ops review: tyre hotel storage after the autumn changeover', 6, [
        [0.3, 'Between 1 and 31 October the branches fitted 9,412 winter sets, and 2,870 of the summer sets they took off went into customer storage.'],
        [0.7, 'Decision: from January all stored customer sets move from the branch back rooms to the Wakefield hub, collected by a van twice a week. The branch racks were full by mid-October, labels got mixed up, and eleven sets were handed back to the wrong customer.'],
      ]),
      'docs/供应链/冬季胎补货.md': RESTOCK_DOC,
      'booking/CHANGELOG.md': '# Changelog\n\n## 2.14.0\n\n- Branch picker shows the distance to each branch.\n- MOT reminder opt-in on the confirmation page.\n',
    },
    turns: [
      {
        text: "Morning. Two cars turned up for the same fitting bay in Manchester yesterday at half eight and the branch is not happy. Before anything else, look at yesterday's booking API log. #read logs/booking-api/2026-11-26.log",
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['bay 3 at MCR-11 confirmed for two vehicles at 08:30', 'HB-660142, HB-660157'] },
          { category: 'identifier', kind: 'uuid', source: 'tool', strings: ['fda4ef6a-bda7-497a-8a52-51d3ffeff389'] },
        ],
      },
      {
        text: "Yep, that's the one. I've raised TYRE-2291 for it. The fix we're going with: take the bay hold with a row lock inside the booking transaction and drop the Redis hold altogether. The Redis hold and the DB insert are two separate steps, and those 38 ms between them are exactly where the second booking slipped in. #reply Agreed — one transaction, and the Redis hold goes.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['TYRE-2291'] },
          { category: 'decision', strings: ['take the bay hold with a row lock inside the booking transaction and drop the Redis hold altogether'], reasons: ['The Redis hold and the DB insert are two separate steps'] },
        ],
      },
      {
        text: 'The endpoints involved: the site books through POST /v1/branches/{branchId}/bookings, and when someone abandons checkout the page calls DELETE /v1/bookings/{bookingRef}/hold. How long a hold lives is set by BOOKING_HOLD_TTL_SECONDS=900 in the deployment. #reply Noted, all three.',
        facts: [
          { category: 'identifier', kind: 'route', strings: ['POST /v1/branches/{branchId}/bookings'] },
          { category: 'identifier', kind: 'route', strings: ['DELETE /v1/bookings/{bookingRef}/hold'] },
          { category: 'identifier', kind: 'env', strings: ['BOOKING_HOLD_TTL_SECONDS=900'] },
        ],
      },
      {
        text: '库存那边（深圳的外包团队）刚在群里回复：库存同步用的 Kafka 在 stock-sync.halden.internal:9092。他们还特别强调：预约系统绝对不能直接写库存表，扣减库存只能调用库存服务的接口。 #reply 明白，只走库存服务的接口。',
        facts: [
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['stock-sync.halden.internal:9092'] },
          { category: 'rule', lang: 'zh', strings: ['预约系统绝对不能直接写库存表，扣减库存只能调用库存服务的接口'] },
        ],
      },
      {
        text: 'How long does one fitting take in our slot maths? #read booking/src/slots/bayCapacity.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['FITTING_MINUTES_PER_AXLE = 25', 'TPMS_RESET_EXTRA_MINUTES = 15'] }],
      },
      { text: 'Write the booking flow down as it is today, so we have a baseline. #write booking/NOTES.md # Booking flow today\n\nbranch -> tyres (stock check) -> slot -> Redis hold -> card auth -> deposit capture -> booking row -> confirmation email.' },
      { filler: 3000, style: 'work' },
      {
        text: "Leeds phoned: customers keep arriving for 205/55 R16 winters the branch doesn't have. What does yesterday's stock export show? #read stock/exports/branch-stock-2026-11-26.csv",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['205/55 R16 91H,Nankang,winter,LDS-04,0,14'] }],
      },
      {
        text: "So Leeds had none on the shelf and the site still took 14 deposits against that size. From today the tyre picker hides a size at a branch once on-hand minus reserved drops below 4, instead of waiting for it to hit zero. Also: add a notify-me button for hidden sizes before the 5 December release, but only if the product owner signs off the wording by Wednesday; otherwise it slips to January. #reply OK: hide below 4, and notify-me goes in for 5 December if the wording is signed off.",
        facts: [
          { category: 'decision', strings: ['the tyre picker hides a size at a branch once on-hand minus reserved drops below 4'], reasons: ['the site still took 14 deposits against that size'] },
          { category: 'todo', strings: ['add a notify-me button for hidden sizes', 'before the 5 December release', 'only if the product owner signs off the wording by Wednesday'] },
        ],
      },
      {
        text: "Rollout on staging looked stuck for a minute:\n\n$ kubectl -n booking get deploy booking-web -o jsonpath='{.spec.template.spec.containers[0].image}'\nregistry.halden.internal/booking-web:2.14.1-rc.3\n$ kubectl -n booking rollout status deploy/booking-web\ndeployment \"booking-web\" successfully rolled out\n\nFalse alarm, the readiness probe is just slow. #reply Good, staging is on the release candidate then.",
        facts: [{ category: 'identifier', kind: 'version', strings: ['booking-web:2.14.1-rc.3'] }],
      },
      {
        text: '佐藤さんから繁忙期の予約枠についてメモが届きました：冬タイヤへの履き替えが集中する 11 月〜12 月は、1 顧客あたりの予約を最大 2 枠までに制限することにしました。昨年、法人のフリート顧客 1 社が土曜の枠を 40 件まとめて押さえてしまい、一般のお客様が予約できなかったためです。 #reply 了解しました、繁忙期は 1 顧客 2 枠までにします。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['1 顧客あたりの予約を最大 2 枠までに制限する'], reasons: ['法人のフリート顧客 1 社が土曜の枠を 40 件まとめて押さえてしまい'] }],
      },
      {
        text: 'Ops sent round their review of the tyre hotel after the changeover. Anything in it that affects bookings? #read docs/ops/tyre-hotel-review.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['all stored customer sets move from the branch back rooms to the Wakefield hub'], reasons: ['eleven sets were handed back to the wrong customer'] }],
      },
      {
        text: 'How long do we wait for a late customer before the bay is given away? #exec grep -n "late_arrival_grace" booking/config/branches.yaml',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['late_arrival_grace_minutes: 10'] }],
      },
      { filler: 2500, style: 'work' },
      {
        text: 'A rule from the area manager, and it is not up for debate: a booking confirmation must only ever be sent after the deposit has been captured, never on the card authorisation alone. #reply Understood — confirmation only after capture.',
        facts: [{ category: 'rule', strings: ['a booking confirmation must only ever be sent after the deposit has been captured'] }],
      },
      {
        text: 'The supply chain team wrote up the new restocking rhythm (in Chinese); have a read. #read docs/供应链/冬季胎补货.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['冬季胎的门店补货改为每周二、周五各截单一次'], reasons: ['周末的预约高峰要等到下周才能补上'] }],
      },
      {
        text: '还有一件事：等 TYRE-2291 的修复在曼彻斯特连续跑满一周、没有再出现重复预约之后，把 Redis 集群 booking-holds 下线，最晚 12 月 19 日前完成。 #reply 好的，观察一周后下线，19 号前搞定。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['把 Redis 集群 booking-holds 下线', '最晚 12 月 19 日前'] }],
      },
      {
        text: '佐藤さんが関連リンクをまとめてくれました。支店の管理画面は https://book.haldentyres.example.co.uk/admin/branches/MCR-11/bays 、ロック修正のコミットは 6b0fc547c15d48a24d7c1d3f7850d438cfa60bc4 です。 #reply ありがとうございます、控えておきます。',
        facts: [
          { category: 'identifier', kind: 'url', lang: 'ja', strings: ['https://book.haldentyres.example.co.uk/admin/branches/MCR-11/bays'] },
          { category: 'identifier', kind: 'hash', lang: 'ja', strings: ['6b0fc547c15d48a24d7c1d3f7850d438cfa60bc4'] },
        ],
      },
      {
        text: 'In case you wonder where the number plates end up: DVLA vehicle lookups are cached under /var/cache/booking/dvla/. And if the Saturday no-show rate at MCR-11 is still above 12 % at the end of December, start charging a £10 no-show fee there as a pilot. #reply Noted, both.',
        facts: [
          { category: 'identifier', kind: 'path', strings: ['/var/cache/booking/dvla/'] },
          { category: 'todo', strings: ['start charging a £10 no-show fee there as a pilot', 'if the Saturday no-show rate at MCR-11 is still above 12 % at the end of December'] },
        ],
      },
      { text: 'Add release notes for the fix. #write booking/CHANGELOG.md # Changelog\n\n## 2.14.1\n\n- Bay hold taken inside the booking transaction (no more double bookings).\n- A size with fewer than 4 free at a branch is hidden there.\n\n## 2.14.0\n\n- Branch picker shows the distance to each branch.\n- MOT reminder opt-in on the confirmation page.\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'q2-pool-lane-reservations',
    set: 'held-out-28',
    files: {
      'docs/運営/個人レーン予約.md': LANE_RULES_DOC,
      'lanes/src/allocate/lane_rules.py': code('py', 90, [
        [0.35, 'MAX_SWIMMERS_PER_LANE = 6'],
        [0.36, 'CHANGEOVER_BUFFER_MIN = 10  # time to move the lane ropes between sessions'],
      ]),
      'logs/lanes/reservation-sync-2026-11-26.log': log('lane-sync', '2026-11-26', 110, [
        [0.58, '2026-11-26T20:03:44Z WARN lane-sync pool=KITA-50M session=19:00-20:00 lane 4 oversubscribed: 9 reservations for capacity 6 (club block SC-2026-118 overlaps the public window)'],
      ]),
      'exports/wristband-taps-2026-11-26.csv': csv(
        'date,slot,pool,reserved,entered,reader',
        60,
        (i) => `2026-11-${19 + (i % 7)},${String(6 + (i % 15)).padStart(2, '0')}:00,${pick(['KITA-50M', 'KITA-25M'])},${20 + (i % 23)},${18 + (i % 21)},R${1 + (i % 4)}`,
        [[0.7, '2026-11-26,19:00,KITA-50M,54,71,R2']],
      ),
      'docs/design/waitlist.md': essay('Design note: the lane waitlist', 6, [
        [0.5, 'We decided that a freed lane place is offered to the waitlist one person at a time, with a 20-minute claim window, instead of a broadcast to everyone waiting. The broadcast prototype sent 300 push notifications for a single place, and the ward office received complaints the same evening.'],
      ]),
      'lanes/config/pools.yaml': 'pools:\n  KITA-50M:\n    lanes: 8\n    walk_in_lanes: [1]\n    capacity_per_lane: 6\n  KITA-25M:\n    lanes: 6\n    booking: none\n',
    },
    turns: [
      {
        text: 'New ticket for this week: POOL-742, online lane reservations for the Kita ward aquatic centre. One ground rule from the centre manager before we touch anything: lane 1 of the 50 m pool always stays a walk-in lane and is never offered for online booking or club blocks. #reply Understood — lane 1 stays walk-in only.',
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['POOL-742'] },
          { category: 'rule', strings: ['lane 1 of the 50 m pool always stays a walk-in lane and is never offered for online booking or club blocks'] },
        ],
      },
      {
        text: '運営課から予約受付ルールの改定版が届いています。まず目を通してください。 #read docs/運営/個人レーン予約.md',
        facts: [
          { category: 'decision', lang: 'ja', source: 'tool', strings: ['個人のレーン予約は利用日の 7 日前の午前 9 時に受付を開始する'], reasons: ['深夜にアクセスが集中して予約サイトが 3 回停止した'] },
          { category: 'identifier', kind: 'url', lang: 'ja', source: 'tool', strings: ['https://yoyaku.kita-aqua.example.jp/lanes/KITA-50M'] },
        ],
      },
      {
        text: '手環讀卡機的廠商（台北那家）回信了：他們的閘道在 wristband-gw.kita-aqua.lan:7443，泳客刷手環的事件會用 POST /taps/v1/events 推給我們，我們回 200 才算入場成功。 #reply 收到，我來接這個推送。',
        facts: [
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['wristband-gw.kita-aqua.lan:7443'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['POST /taps/v1/events'] },
        ],
      },
      { filler: 2500, style: 'work' },
      {
        text: 'How does the allocator cap a lane right now? #read lanes/src/allocate/lane_rules.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['MAX_SWIMMERS_PER_LANE = 6', 'CHANGEOVER_BUFFER_MIN = 10'] }],
      },
      {
        text: 'At the front desk, staff check swimmers in with PUT /api/lanes/v2/reservations/{reservationId}/checkin, and a wristband tap should end up calling the same thing. Put RESERVATION_NO_SHOW_RELEASE_MIN=10 on staging so an unclaimed place goes back ten minutes after the session starts. #reply Will do.',
        facts: [
          { category: 'identifier', kind: 'route', strings: ['PUT /api/lanes/v2/reservations/{reservationId}/checkin'] },
          { category: 'identifier', kind: 'env', strings: ['RESERVATION_NO_SHOW_RELEASE_MIN=10'] },
        ],
      },
      { text: 'Start a notes file for the lane work. #write lanes/NOTES.md # Lane reservations\n\nbooking window opens -> reserve a lane place -> wristband tap or desk check-in -> no-show release -> waitlist offer.' },
      {
        text: 'People complained the lanes were packed last night. What did the sync job log? #read logs/lanes/reservation-sync-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['lane 4 oversubscribed: 9 reservations for capacity 6'] }],
      },
      {
        text: "That overlap is the real problem: the club blocks were typed into a spreadsheet by hand and nobody ever checked them against public bookings. So club blocks get loaded from the signed contracts file, and the allocator refuses any public booking that lands in a blocked lane. #reply Makes sense — the contracts file becomes the source.",
        facts: [{ category: 'decision', strings: ['club blocks get loaded from the signed contracts file'], reasons: ['nobody ever checked them against public bookings'] }],
      },
      {
        text: '運営課と話して決めました。浅いプール KITA-25M は予約制にせず、先着順のままにします。予約制にすると、保護者が当日の子どもの体調を見てから来るかどうか決められなくなる、という声が多かったからです。 #reply 承知しました、25 m の方は今まで通りにします。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['浅いプール KITA-25M は予約制にせず、先着順のままにします'], reasons: ['保護者が当日の子どもの体調を見てから来るかどうか決められなくなる'] }],
      },
      {
        text: 'それから、年末年始の休館日（12/29〜1/3）を予約カレンダーに登録しておいてください。12 月 15 日に 1 月分の受付が始まるので、それより前にお願いします。 #reply はい、15 日より前に登録します。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['年末年始の休館日（12/29〜1/3）を予約カレンダーに登録しておいてください', '12 月 15 日に 1 月分の受付が始まるので、それより前に'] }],
      },
      {
        text: 'Did the wristband taps match the reservations last night? #read exports/wristband-taps-2026-11-26.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['2026-11-26,19:00,KITA-50M,54,71'] }],
      },
      {
        text: 'Then we count a swimmer against lane capacity from the moment their wristband tap arrives, not from the reservation, since 17 people came through the readers at 19:00 without any booking. #reply OK, taps drive capacity from now on.',
        facts: [{ category: 'decision', strings: ['count a swimmer against lane capacity from the moment their wristband tap arrives, not from the reservation'], reasons: ['17 people came through the readers at 19:00 without any booking'] }],
      },
      { filler: 3000, style: 'work' },
      {
        text: "Staging after this morning's deploy:\n\n$ helm -n lanes list\nNAME         NAMESPACE  REVISION  STATUS    CHART              APP VERSION\nlane-booker  lanes      23        deployed  lane-booker-0.7.1  1.9.3\n\nThe migration that added the taps table is 2d56f6be-da7d-4f67-ae6a-b0dbd91e3f15 in schema_migrations. #reply Noted.",
        facts: [
          { category: 'identifier', kind: 'version', strings: ['lane-booker-0.7.1'] },
          { category: 'identifier', kind: 'uuid', strings: ['2d56f6be-da7d-4f67-ae6a-b0dbd91e3f15'] },
        ],
      },
      {
        text: '区の個人情報保護の担当から念押しがありました：予約レコードに会員の生年月日は絶対に保存しないでください。年齢区分だけ持てば十分です。 #reply わかりました、年齢区分だけにします。',
        facts: [{ category: 'rule', lang: 'ja', strings: ['予約レコードに会員の生年月日は絶対に保存しないでください'] }],
      },
      {
        text: 'How did we settle the waitlist behaviour? There is a design note somewhere. #read docs/design/waitlist.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['a freed lane place is offered to the waitlist one person at a time, with a 20-minute claim window'], reasons: ['The broadcast prototype sent 300 push notifications for a single place'] }],
      },
      {
        text: "Once the wristband vendor confirms their retry policy, switch the tap webhook handler to idempotent upserts keyed on the vendor's event id. It has to be live before the club season restarts on 6 January. #reply I'll wait for their answer, then switch it.",
        facts: [{ category: 'todo', strings: ["switch the tap webhook handler to idempotent upserts keyed on the vendor's event id", 'Once the wristband vendor confirms their retry policy', 'before the club season restarts on 6 January'] }],
      },
      {
        text: 'For the handover: the capacity fix is 41a633d678d12f0db731d5a8e3aeb62a11a5bd98 on main, and the nightly lane snapshots are written to /var/lib/lane-booker/snapshots/. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'hash', strings: ['41a633d678d12f0db731d5a8e3aeb62a11a5bd98'] },
          { category: 'identifier', kind: 'path', strings: ['/var/lib/lane-booker/snapshots/'] },
        ],
      },
      { text: 'Add the wristband reader settings to the pool config. #write lanes/config/pools.yaml pools:\n  KITA-50M:\n    lanes: 8\n    walk_in_lanes: [1]\n    capacity_per_lane: 6\n    capacity_source: wristband\n  KITA-25M:\n    lanes: 6\n    booking: none\nreaders:\n  retry: vendor-default\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'q3-telescope-time',
    set: 'held-out-28',
    files: {
      'logs/scheduler/night-2026-11-26.log': log('queue-scheduler', '2026-11-26', 120, [
        [0.45, '2026-11-26T01:47:09Z WARN queue-scheduler block OB-31877 (prop 2026B-047) skipped: seeing 1.9 arcsec > constraint 1.2 arcsec, 3h12m of dark time reassigned to filler program F-12'],
      ]),
      'scheduler/config/telescopes.yaml': code('yaml', 75, [
        [0.4, '    archive_endpoint: fits-archive.cao.internal:8021'],
        [0.41, '    min_block_minutes: 45'],
      ]),
      'tac/2027A/grades.csv': csv(
        'proposal_id,pi_institution,partner,hours_requested,grade',
        70,
        (i) => `2027A-${String(101 + i * 2)},${pick(['U. de Chile', 'NAOJ', 'Nanjing U.', 'Caltech', 'PUC', 'Tohoku U.'])},${pick(['CL', 'JP', 'CN', 'US'])},${(6 + ((i * 7) % 30)).toFixed(1)},${(1 + (i % 25) / 10).toFixed(1)}`,
        [[0.4, '2027A-088,Purple Mountain Obs.,CN,64.0,2.1']],
      ),
      'docs/合作/紫金山-时间份额.md': PMO_SHARE_DOC,
      'docs/tac/2027A-call-for-proposals.md': essay('2027A call for proposals: notes for the TAC', 6, [
        [0.5, 'Decision: for 2027A the TAC grades proposals in a dual-anonymous review, with PI names and institutions removed from the scientific justification. In 2026A and 2026B the three largest institutions received 71 % of the time while submitting 48 % of the requests.'],
      ]),
      'scheduler/CHANGELOG.md': '# Changelog\n\n## 4.2.0\n\n- Moon distance constraint per block.\n- Night plan export as CSV for the operators.\n',
    },
    turns: [
      {
        text: "Hi — I've got the scheduler side of the 2027A allocation this cycle, TAC-1509. First thing: the PI of 2026B-047 wants to know why their block didn't run on the night of the 26th. Here's the night log. #read logs/scheduler/night-2026-11-26.log",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['TAC-1509'] },
          { category: 'tool-finding', source: 'tool', strings: ['block OB-31877 (prop 2026B-047) skipped', '3h12m of dark time reassigned'] },
        ],
      },
      {
        text: "Right. Here's what we'll do about it: blocks with a seeing constraint tighter than 1.5 arcsec move out of the first two hours after evening twilight. The dome needs about two hours to reach thermal equilibrium, and most of this semester's seeing failures happened before 22:30. #reply Got it — tight-seeing blocks wait two hours.",
        facts: [{ category: 'decision', strings: ['blocks with a seeing constraint tighter than 1.5 arcsec move out of the first two hours after evening twilight'], reasons: ['The dome needs about two hours to reach thermal equilibrium'] }],
      },
      {
        text: 'What does the telescope config say about the shortest block we schedule, and where raw frames go? #read scheduler/config/telescopes.yaml',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['min_block_minutes: 45'] },
          { category: 'identifier', kind: 'host:port', source: 'tool', strings: ['fits-archive.cao.internal:8021'] },
        ],
      },
      {
        text: '国立天文台側の担当の田中です。TAC の採点結果は POST /tac/api/proposals/{proposalId}/grades で登録し、夜ごとの観測計画は GET /scheduler/api/nights/{date}/plan で取得できます。スケジューラは SCHED_TWILIGHT=nautical の設定で運用しています。 #reply 田中さん、ありがとうございます。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /tac/api/proposals/{proposalId}/grades'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /scheduler/api/nights/{date}/plan'] },
          { category: 'identifier', kind: 'env', lang: 'ja', strings: ['SCHED_TWILIGHT=nautical'] },
        ],
      },
      {
        text: 'And the one thing the director will not budge on: a target-of-opportunity trigger may never interrupt a block that is already on sky; it waits for the next block boundary. #reply Understood.',
        facts: [{ category: 'rule', strings: ['a target-of-opportunity trigger may never interrupt a block that is already on sky'] }],
      },
      { filler: 3500, style: 'work' },
      { text: 'Start a notes file for the 2027A run. #write scheduler/NOTES.md # 2027A allocation\n\nproposals in -> technical feasibility -> TAC grades -> partner shares -> queue build per night -> twilight and seeing constraints -> night plan to the telescope operator.' },
      {
        text: 'Which proposal asks for the most hours in the 2027A grades sheet? #read tac/2027A/grades.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['2027A-088,Purple Mountain Obs.,CN,64.0'] }],
      },
      {
        text: '紫金山那边的联系人提醒了两件事：他们的数据在 12 个月保护期内只能给本项目组成员下载，绝不能出现在公开归档的检索结果里；另外，请在 12 月 10 日之前把他们 2027A 的时间份额（共 180 小时）录入系统。 #reply 好的，两件事都记下了。',
        facts: [
          { category: 'rule', lang: 'zh', strings: ['在 12 个月保护期内只能给本项目组成员下载，绝不能出现在公开归档的检索结果里'] },
          { category: 'todo', lang: 'zh', strings: ['把他们 2027A 的时间份额（共 180 小时）录入系统', '12 月 10 日之前'] },
        ],
      },
      {
        text: '合作办公室发了份额结算的新办法，帮我看一下。 #read docs/合作/紫金山-时间份额.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['中方份额的观测时间改为按学期结算'], reasons: ['按月逐条核对天气损失的工作量太大'] }],
      },
      {
        text: 'The TAC chair wants the scheduler to respect how the call was run. Read the notes for the 2027A call. #read docs/tac/2027A-call-for-proposals.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['the TAC grades proposals in a dual-anonymous review'], reasons: ['received 71 % of the time while submitting 48 % of the requests'] }],
      },
      { filler: 2000, style: 'work' },
      {
        text: 'From the scheduler host, for the record:\n\n$ pip freeze | grep -i astro\nastroplan==0.10.1\nastropy==7.0.1\nastroquery==0.4.9\n\nThe dry run of the 2027A queue finished as run 0a464337-1f8b-404a-a442-da85e3b2bb8b. #reply Noted, both.',
        facts: [
          { category: 'identifier', kind: 'version', strings: ['astroplan==0.10.1'] },
          { category: 'identifier', kind: 'uuid', strings: ['0a464337-1f8b-404a-a442-da85e3b2bb8b'] },
        ],
      },
      {
        text: 'If 2027A comes out more than three times oversubscribed on dark time, ask the TAC chair before 15 January whether to cap every program at 20 hours. #reply Will check the oversubscription first.',
        facts: [{ category: 'todo', strings: ['ask the TAC chair before 15 January whether to cap every program at 20 hours', 'If 2027A comes out more than three times oversubscribed on dark time'] }],
      },
      {
        text: '田中です、追加で共有します。採点画面は https://tac.cerroalto.example.cl/2027A/review 、シーイング制約の修正コミットは ce5fd0aa7fc09dc4d9b6d6c5e8dc2ada86dd758f 、生データは /data/raw/cao4m/2026-11-26/ に置かれます。 #reply 承知しました。',
        facts: [
          { category: 'identifier', kind: 'url', lang: 'ja', strings: ['https://tac.cerroalto.example.cl/2027A/review'] },
          { category: 'identifier', kind: 'hash', lang: 'ja', strings: ['ce5fd0aa7fc09dc4d9b6d6c5e8dc2ada86dd758f'] },
          { category: 'identifier', kind: 'path', lang: 'ja', strings: ['/data/raw/cao4m/2026-11-26/'] },
        ],
      },
      { text: 'Note the seeing change in the changelog. #write scheduler/CHANGELOG.md # Changelog\n\n## 4.3.0\n\n- Blocks with tight seeing constraints are kept out of the first two hours after twilight.\n\n## 4.2.0\n\n- Moon distance constraint per block.\n- Night plan export as CSV for the operators.\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
