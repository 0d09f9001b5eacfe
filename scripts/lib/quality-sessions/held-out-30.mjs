// The thirtieth HELD-OUT set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an
// independent writer who never saw the extraction code, its tuning or its results: new projects (a music festival's
// cashless wristband top-ups, a private railway's level-crossing monitoring, a dental lab's crown milling queue),
// new wording, work-style filler. Never tuned on: do not tune extraction on it, and do not read its results while
// changing extraction; its figures are an honest check of a session nobody tuned for.
// Same format as tuning.mjs / held-out.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x30f3a7);

// ------------------------------------------------------------------------------------------- documents

const CROSSING_POLICY = `# 踏切監視システムの運用方針

保安部 · 2026 年 11 月 · 社内限り

当社の管内には踏切が 142 か所あり、第 1 種踏切がその大半を占めます。現在、異常の多くは乗務員や通行人からの通報で初めて指令所に伝わっています。

設備の現状：障害物検知装置が付いているのは 61 か所です。残りは遮断機と警報機のみで、遮断桿の折損や降下不良は現地で確認するまで分かりません。

今回の監視システム更新にあたり、保安部として次のとおり定めます。

方針：遮断桿の折損検知は 3 秒以内に指令所へ通知すること。昨年 2 月の川辺線の事故では、折損から指令所への連絡まで 40 秒かかり、後続列車の停止が間に合わなかったためです。

通知を受けた指令員は、該当踏切に接近中の列車へ直ちに停止手配をとります。手順の詳細は別紙の運転取扱実施基準を参照してください。
`;

const NIGHT_SHIFT_DOC = `# 夜班铣削安排（车间通知）

生产部 · 2026 年 11 月

过去三个月，日班平均每天铣削 118 颗牙冠，夜班平均 41 颗。夜班的返工率是日班的 2.3 倍，主要原因是断刀和瓷块装夹不当。

统计：今年 1–10 月共有 27 次断刀，其中 19 次发生在夜班。

决定：夜班（22:00–06:00）只铣削已经排进第二天烧结批次的牙冠，不再接新单。理由是夜班只有一名技师，去年 9 月无人看管的 3 号机断刀后空转了四个小时，整盘瓷块报废。

急单请在 21:30 之前提交，由日班组长确认后排进当晚的队列。
`;

export const SESSIONS = [
  {
    id: 'w1-wristband-topups',
    set: 'held-out-30',
    files: {
      'logs/kiosk/topup-2026-11-26.log': log('topup-kiosk', '2026-11-26', 120, [
        [0.57, '2026-11-26T02:48:31Z ERROR topup-kiosk kiosk=GB-14 NFC write failed uid=04:A2:19:7C:3B:5E:80 balance_cents=2350 reason=TAG_LOCKED, top-up rolled back'],
      ]),
      'config/kiosk-fleet.yaml': code('yaml', 75, [
        [0.42, '    offline_queue_max: 250'],
        [0.43, '    receipt_printer: "none"'],
      ]),
      'deploy/wallet/production.env': [
        '# wallet service, production (secrets come from the vault, not from this file)',
        'WALLET_CURRENCY=EUR',
        'WALLET_LOG_LEVEL=info',
        'WALLET_SETTLEMENT_CUTOFF=03:00',
        'WALLET_KIOSK_HEARTBEAT_S=20',
        'NFC_GATEWAY_TLS=required',
        '',
      ].join('\n'),
      'docs/finance/refunds-after-event.md': essay('Finance note: what happens to unspent balances', 6, [
        [0.34, 'After the 2026 edition, 18,412 wristbands ended the festival with a positive balance, worth €214,900 in total; the median leftover was €7.'],
        [0.67, 'Decision: unused balances above €2 are refunded automatically to the card used for the first top-up, because manual refund requests took the finance team six weeks to clear after last year\'s festival.'],
      ]),
      'data/topups/gateB-2026-11-26.csv': csv(
        'tx_id,wristband_uid,amount_cents,kiosk,method,ts',
        65,
        (i) => `TX-${88100 + i * 3},04:${pick(['1F', '3C', '9A', 'B2'])}:${String(10 + (i % 80)).padStart(2, '0')}:6E:22:71:${String(10 + i).slice(-2)},${1000 + 500 * (i % 9)},GB-${String(1 + (i % 16)).padStart(2, '0')},${pick(['card', 'card', 'cash'])},2026-11-26T1${i % 10}:${String((i * 7) % 60).padStart(2, '0')}:00Z`,
        [[0.7, 'TX-88310,04:C4:5D:0B:91:2A:80,15000,GB-09,card,2026-11-26T21:57:12Z']],
      ),
    },
    turns: [
      {
        text: 'Morning. The top-up kiosks at gate B kept failing during last night\'s soft launch and people walked off without credit. What does the kiosk log say? #read logs/kiosk/topup-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['kiosk=GB-14 NFC write failed', 'reason=TAG_LOCKED'] }],
      },
      {
        text: "OK, so for the record this is FEST-2291. The kiosks call POST /wallet/v1/wristbands/{uid}/topups to load credit, and after the festival people claim leftovers through POST /wallet/v1/refund-requests. And one thing finance won't negotiate on: balances are stored as integer cents, never as floats. #reply Noted: FEST-2291, both routes, and integer cents only.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['FEST-2291'] },
          { category: 'identifier', kind: 'route', strings: ['POST /wallet/v1/wristbands/{uid}/topups'] },
          { category: 'identifier', kind: 'route', strings: ['POST /wallet/v1/refund-requests'] },
          { category: 'rule', strings: ['balances are stored as integer cents, never as floats'] },
        ],
      },
      {
        text: "We talked it through with the site crew yesterday. Kiosks will accept top-ups offline for up to 15 minutes and queue them locally, then replay them when the link is back. The field Wi-Fi at the main stage dropped for 11 minutes last year and the line at the kiosks went past 400 people. #reply Offline queueing for up to 15 minutes, understood.",
        facts: [{ category: 'decision', strings: ['Kiosks will accept top-ups offline for up to 15 minutes'], reasons: ['The field Wi-Fi at the main stage dropped for 11 minutes last year'] }],
      },
      {
        text: '深圳那边的芯片供应商回邮件了：腕带用的是 NTAG 424 DNA，读写网关在 nfc-gw.hallgruen.internal:7443。我们这边定了，每次充值前都要做 SUN 消息校验，去年有人用克隆的腕带刷走了 3 万多欧的酒水。 #reply 明白，每次充值都先校验 SUN 消息。',
        facts: [
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['nfc-gw.hallgruen.internal:7443'] },
          { category: 'decision', lang: 'zh', strings: ['每次充值前都要做 SUN 消息校验'], reasons: ['去年有人用克隆的腕带刷走了 3 万多欧的酒水'] },
        ],
      },
      { text: 'Start a notes file so the next person can follow the flow. #write wallet/NOTES.md # Wristband wallet\n\ntap -> SUN check at the NFC gateway -> top-up (online, or queued offline) -> balance on the wristband -> spend at the bars -> leftovers refunded after the festival.' },
      { filler: 3000, style: 'work' },
      {
        text: 'How big can the offline queue on a kiosk get before it refuses new top-ups? #read config/kiosk-fleet.yaml',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['offline_queue_max: 250'] }],
      },
      {
        text: '大阪のミナミ音楽祭も同じ基盤に乗ることになりました。12 月 12 日までに円建ての決済ゲートウェイを検証環境につないでおいてください。検証環境の管理画面は https://wallet-stg.minami-ongakusai.example.jp/admin です。 #reply 承知しました。12 日までに円建てのゲートウェイを接続します。',
        facts: [
          { category: 'todo', lang: 'ja', strings: ['円建ての決済ゲートウェイを検証環境につないでおいてください', '12 月 12 日までに'] },
          { category: 'identifier', kind: 'url', lang: 'ja', strings: ['https://wallet-stg.minami-ongakusai.example.jp/admin'] },
        ],
      },
      {
        text: 'When does production close the settlement day? It should be in the env file. #exec grep -n WALLET_ deploy/wallet/production.env',
        facts: [{ category: 'identifier', kind: 'env', source: 'tool', strings: ['WALLET_SETTLEMENT_CUTOFF=03:00'] }],
      },
      {
        text: 'Finance sent their note on leftover balances, can you go through it? #read docs/finance/refunds-after-event.md',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['18,412 wristbands ended the festival with a positive balance'] },
          { category: 'decision', source: 'tool', strings: ['unused balances above €2 are refunded automatically to the card used for the first top-up'], reasons: ['manual refund requests took the finance team six weeks to clear'] },
        ],
      },
      {
        text: "Related: should the Stripe payout for the refund batch still be pending on 10 December, fall back to SEPA transfers for the remaining wristbands. Don't wait for me to ask. #reply Understood, SEPA fallback if the payout is still pending then.",
        facts: [{ category: 'todo', strings: ['fall back to SEPA transfers for the remaining wristbands', 'still be pending on 10 December'] }],
      },
      { filler: 3500, style: 'work' },
      {
        text: 'Release details, so they are in one place:\n  kiosk app:   topup-kiosk 2.14.0\n  tag commit:  9c1e7b04d2f35a8e61b0c4d7e92f18a3b5c60d7e\n  queue file:  /var/lib/topup-kiosk/queue.db (on every kiosk)\n  event id:    6a0d2f4e-83b1-4c7a-9e15-d4b8f07c2a39\n#reply Thanks, I have the version, commit, queue path and event id.',
        facts: [
          { category: 'identifier', kind: 'version', strings: ['topup-kiosk 2.14.0'] },
          { category: 'identifier', kind: 'hash', strings: ['9c1e7b04d2f35a8e61b0c4d7e92f18a3b5c60d7e'] },
          { category: 'identifier', kind: 'path', strings: ['/var/lib/topup-kiosk/queue.db'] },
          { category: 'identifier', kind: 'uuid', strings: ['6a0d2f4e-83b1-4c7a-9e15-d4b8f07c2a39'] },
        ],
      },
      {
        text: '财务又强调了一遍：退款只能退回原来充值用的那张卡，不允许转到别的账户。 #reply 好的，退款只退原卡。',
        facts: [{ category: 'rule', lang: 'zh', strings: ['退款只能退回原来充值用的那张卡，不允许转到别的账户'] }],
      },
      { text: 'Update the notes with the offline queue and the refunds. #write wallet/NOTES.md # Wristband wallet\n\ntap -> SUN check at the NFC gateway -> top-up (online, or queued offline up to 15 min / 250 entries) -> balance on the wristband -> spend at the bars -> leftovers above 2 EUR refunded to the first card after the festival (SEPA if the payout stalls).' },
      {
        text: 'Which was the largest single top-up at gate B yesterday? #read data/topups/gateB-2026-11-26.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['TX-88310,04:C4:5D:0B:91:2A:80,15000'] }],
      },
      {
        text: "That one's fine, but it's the ceiling: we'll cap a single top-up at €150 since the acquirer flags anything above that as high risk and holds it for manual review. #reply Cap at €150 per top-up, got it.",
        facts: [{ category: 'decision', strings: ['cap a single top-up at €150'], reasons: ['the acquirer flags anything above that as high risk'] }],
      },
      {
        text: 'ミナミ音楽祭の運営と相談して決めました。チャージ残高には有効期限を付けません。期限を付けると資金決済法上の扱いを見直す必要があり、開催までに間に合わないからです。 #reply 了解です、有効期限なしで進めます。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['チャージ残高には有効期限を付けません'], reasons: ['期限を付けると資金決済法上の扱いを見直す必要があり'] }],
      },
      { filler: 3500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'w2-level-crossing-monitoring',
    set: 'held-out-30',
    files: {
      'docs/保安/踏切監視方針.md': CROSSING_POLICY,
      'deploy/lxm.env': [
        '# level-crossing monitor, staging',
        'LXM_LOG_FORMAT=json',
        'LXM_REGION=kawabe',
        'LXM_BROKER=lxm-broker.seiran-rail.internal:8883',
        'LXM_BROKER_TLS=1',
        'LXM_INGEST_WORKERS=6',
        '',
      ].join('\n'),
      'logs/lxm/crossing-events-2026-11-25.log': log('lxm-ingest', '2026-11-25', 115, [
        [0.48, '2026-11-25T02:17:44Z ERROR lxm-ingest crossing=LC-087 barrier_down_timeout 9.8s (limit 8s) train=4521M, alarm raised to signaller desk 2'],
      ]),
      'config/lxm/thresholds.yaml': code('yaml', 70, [
        [0.38, '    barrier_down_limit_s: 8'],
        [0.39, '    heartbeat_grace_s: 30'],
      ]),
      'data/crossings/inventory.json': json({
        line: 'Kawabe',
        updated: '2026-11-20',
        crossings: [
          ...rows(10, (i) => ({ id: `LC-${String(90 + i * 2).padStart(3, '0')}`, km: Number((12.4 + i * 1.7).toFixed(1)), class: 1, radar: i % 3 === 0, battery_backup_min: 30 + 15 * (i % 6), note: pick(WORDS) })),
          { id: 'LC-112', km: 33.9, class: 1, radar: false, battery_backup_min: 0, note: 'cabinet replaced 2019, UPS never refitted' },
        ],
      }),
      'docs/design/time-sync.md': essay('Design note: time at the crossings', 6, [
        [0.5, 'Decision: every crossing controller takes its time from the GNSS receiver in the cabinet instead of NTP over LTE, because LTE latency spikes of up to 2 seconds made the event order at adjacent crossings unreliable.'],
      ]),
    },
    turns: [
      {
        text: '踏切監視の件、作業を始める前に保安部の方針を読んでおいてください。 #read docs/保安/踏切監視方針.md',
        facts: [
          { category: 'tool-finding', lang: 'ja', source: 'tool', strings: ['障害物検知装置が付いているのは 61 か所'] },
          { category: 'decision', lang: 'ja', source: 'tool', strings: ['遮断桿の折損検知は 3 秒以内に指令所へ通知すること'], reasons: ['折損から指令所への連絡まで 40 秒かかり、後続列車の停止が間に合わなかった'] },
        ],
      },
      {
        text: "Right, that's the bar we have to meet. Architecture call, made with the signalling team on Tuesday: crossing controllers publish over MQTT on the railway's private LTE, instead of us polling each one over Modbus. Polling 142 controllers every second saturated the old 2G links in the pilot. #reply MQTT over private LTE, no polling. Understood.",
        facts: [{ category: 'decision', strings: ['crossing controllers publish over MQTT on the railway\'s private LTE, instead of us polling each one over Modbus'], reasons: ['Polling 142 controllers every second saturated the old 2G links in the pilot'] }],
      },
      {
        text: 'Where does staging expect the broker? #exec grep -n BROKER deploy/lxm.env',
        facts: [{ category: 'identifier', kind: 'host:port', source: 'tool', strings: ['lxm-broker.seiran-rail.internal:8883'] }],
      },
      {
        text: 'And the safety engineer wants this written down before any code exists: the monitor only ever raises alarms, it must never send a command to a crossing controller. #reply Read-only towards the controllers, always.',
        facts: [{ category: 'rule', strings: ['it must never send a command to a crossing controller'] }],
      },
      {
        text: '成都的雷达厂商回复了：障碍物检测雷达的状态接口是 GET /radar/v2/units/{unitId}/status，告警确认走 POST /radar/v2/alarms/ack。固件至少要 radar-fw 4.2.7，老版本不带心跳。 #reply 收到，两个接口和固件版本都记下了。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['GET /radar/v2/units/{unitId}/status'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['POST /radar/v2/alarms/ack'] },
          { category: 'identifier', kind: 'version', lang: 'zh', strings: ['radar-fw 4.2.7'] },
        ],
      },
      {
        text: 'The signaller on desk 2 had a barrier alarm at around quarter past two this morning. Find it in the event log. #read logs/lxm/crossing-events-2026-11-25.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['crossing=LC-087 barrier_down_timeout 9.8s'] }],
      },
      {
        text: 'LC-087 は保線区に連絡済みです。年内（12 月 26 日まで）に LC-087 の遮断機モーターを交換する作業の立ち会い日程を決めてください。 #reply はい、保線区と立ち会い日程を調整します。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['LC-087 の遮断機モーターを交換する作業の立ち会い日程を決めてください', '年内（12 月 26 日まで）に'] }],
      },
      { filler: 4000, style: 'work' },
      { text: 'Write down the alarm levels we agreed so far. #write lxm/ALARMS.md # Alarm levels\n\nA1 barrier broken or obstacle on the track: signaller within 3 s, stop approaching trains.\nA2 barrier slow to lower: signaller, log the train.\nA3 controller silent: maintenance ticket.' },
      {
        text: '调度中心定下来了：夜间停运时段（0:40–5:10）的传感器告警只记录，不推送给值班调度员。上个月夜间施工触发了 1,300 多条误报，值班员根本看不过来。 #reply 明白，夜间停运时段只记录不推送。',
        facts: [{ category: 'decision', lang: 'zh', strings: ['夜间停运时段（0:40–5:10）的传感器告警只记录，不推送给值班调度员'], reasons: ['上个月夜间施工触发了 1,300 多条误报'] }],
      },
      {
        text: 'What limits does the monitor use for a slow barrier and for a silent controller? #read config/lxm/thresholds.yaml',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['barrier_down_limit_s: 8', 'heartbeat_grace_s: 30'] }],
      },
      {
        text: 'Is there any crossing on the Kawabe line without battery backup? #read data/crossings/inventory.json',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"id": "LC-112"', '"battery_backup_min": 0'] }],
      },
      {
        text: 'So LC-112 goes dark the moment mains power drops. Before the storm season starts in March, get the signalling team to fit a UPS in the LC-112 cabinet. #reply I will raise it with signalling.',
        facts: [{ category: 'todo', strings: ['fit a UPS in the LC-112 cabinet', 'Before the storm season starts in March'] }],
      },
      {
        text: 'Copying from the ops runbook and the tracker:\n  ticket:     LXM-604\n  env:        LXM_ALARM_DEDUP_WINDOW_S=20\n  dashboard:  https://ops.seiran-rail.example.jp/lxm/crossings/map\n  pilot run:  3f6c2a9e-71d4-4b8e-9a05-c2e8d14f7b31\n#reply Got all four.',
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['LXM-604'] },
          { category: 'identifier', kind: 'env', strings: ['LXM_ALARM_DEDUP_WINDOW_S=20'] },
          { category: 'identifier', kind: 'url', strings: ['https://ops.seiran-rail.example.jp/lxm/crossings/map'] },
          { category: 'identifier', kind: 'uuid', strings: ['3f6c2a9e-71d4-4b8e-9a05-c2e8d14f7b31'] },
        ],
      },
      {
        text: "Once the radar firmware on the Kawabe line units is at 4.2.7, turn obstacle alarms on for those 9 crossings. Until then they stay in shadow mode and only log. #reply OK, shadow mode until the firmware is there.",
        facts: [{ category: 'todo', strings: ['turn obstacle alarms on for those 9 crossings', 'Once the radar firmware on the Kawabe line units is at 4.2.7'] }],
      },
      { filler: 3000, style: 'work' },
      {
        text: 'Someone asked why we do not just use NTP. The answer is in the design note, I think. #read docs/design/time-sync.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['every crossing controller takes its time from the GNSS receiver in the cabinet instead of NTP over LTE'], reasons: ['LTE latency spikes of up to 2 seconds made the event order at adjacent crossings unreliable'] }],
      },
      {
        text: '組合との取り決めなので念のため：ログに列車番号は出してかまいませんが、運転士の社員番号は絶対に出さないでください。 #reply 承知しました、社員番号はログに出しません。',
        facts: [{ category: 'rule', lang: 'ja', strings: ['運転士の社員番号は絶対に出さないでください'] }],
      },
      {
        text: 'FYI the alarm dedup fix is merged as 5b7a0e3c9d1f24e86a7b3c05d9e41f2a6c8b07d3, and raw controller events are archived per day under /data/lxm/archive/raw/. #reply Noted, commit and archive path.',
        facts: [
          { category: 'identifier', kind: 'hash', strings: ['5b7a0e3c9d1f24e86a7b3c05d9e41f2a6c8b07d3'] },
          { category: 'identifier', kind: 'path', strings: ['/data/lxm/archive/raw/'] },
        ],
      },
      { text: 'Add the night rule and LC-112 to the alarm page. #write lxm/ALARMS.md # Alarm levels\n\nA1 barrier broken or obstacle on the track: signaller within 3 s, stop approaching trains.\nA2 barrier slow to lower (over 8 s): signaller, log the train.\nA3 controller silent (30 s grace; none for LC-112): maintenance ticket.\n\nDuring the night engineering hours sensor alarms are logged only.' },
      { filler: 3000, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'w3-crown-milling-queue',
    set: 'held-out-30',
    files: {
      'mill-queue/src/scheduler.py': code('py', 95, [
        [0.36, 'MAX_BLANK_REUSE = 3  # partially used zirconia discs go back on the shelf at most three times'],
        [0.64, 'SINTER_BATCH_WINDOW_MIN = 95'],
      ]),
      'logs/mill/mill-03-2026-11-26.log': log('cam-bridge', '2026-11-26', 110, [
        [0.53, '2026-11-26T16:05:09Z WARN cam-bridge mill=M3 job=J-40718 tool T4 (1.0 mm ball) wear 96%, spindle load 84%, job paused'],
      ]),
      'data/queue/2026-11-27.csv': csv(
        'case_id,dentist,material,tooth,priority,lot',
        62,
        (i) => `C-${20800 + i * 2},Dr. ${pick(['Chen', 'Huang', 'Wu', 'Tsai', 'Lee'])},${pick(['zirconia', 'zirconia', 'e.max', 'PMMA'])},${11 + (i % 37)},STANDARD,ZR-${2400 + (i % 5)}`,
        [[0.4, 'C-20931,Dr. Lin,zirconia,36,SAME-DAY,ZR-2402']],
      ),
      'mill-queue/CHANGELOG.md': '# Changelog\n\n## mill-queue 3.1.4 — 2026-11-20\n\n- Retry a job once when the mill reports a tool change.\n- Queue page shows the blank lot.\n\n## mill-queue 3.1.3 — 2026-11-06\n\n- Fix the sinter batch countdown.\n',
      'docs/车间/夜班.md': NIGHT_SHIFT_DOC,
    },
    turns: [
      {
        text: "Before anything else, the lab manager's rule for the milling queue: a crown is never milled before the dentist has approved the design in the portal. Same-day cases included, no exceptions. #reply Understood, approval first, always.",
        facts: [{ category: 'rule', strings: ['a crown is never milled before the dentist has approved the design in the portal'] }],
      },
      {
        text: 'Let me see what the scheduler does with leftover blanks and the sinter batches. #read mill-queue/src/scheduler.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['MAX_BLANK_REUSE = 3', 'SINTER_BATCH_WINDOW_MIN = 95'] }],
      },
      {
        text: '车间主任拍板了：氧化锆牙冠的排程按瓷块批号分组，而不是按医生的下单顺序。同一批号的烧结收缩率是一致的，上个月混批铣削，有 14 颗牙冠戴不进去只能返工。需求单是 MILL-775。 #reply 好的，按批号分组排程，MILL-775。',
        facts: [
          { category: 'decision', lang: 'zh', strings: ['氧化锆牙冠的排程按瓷块批号分组，而不是按医生的下单顺序'], reasons: ['上个月混批铣削，有 14 颗牙冠戴不进去只能返工'] },
          { category: 'identifier', kind: 'ticket', lang: 'zh', strings: ['MILL-775'] },
        ],
      },
      { filler: 2500, style: 'work' },
      {
        text: 'Interfaces, for when you wire up the queue: the CAM bridge takes POST /mill/v1/jobs to enqueue a unit and DELETE /mill/v1/jobs/{jobId} to pull one back out, and the controller of mill 3 listens on 10.20.3.41:5020. #reply Both routes and the mill 3 address noted.',
        facts: [
          { category: 'identifier', kind: 'route', strings: ['POST /mill/v1/jobs'] },
          { category: 'identifier', kind: 'route', strings: ['DELETE /mill/v1/jobs/{jobId}'] },
          { category: 'identifier', kind: 'host:port', strings: ['10.20.3.41:5020'] },
        ],
      },
      {
        text: 'Mill 3 stopped in the middle of a job yesterday afternoon. Why? #read logs/mill/mill-03-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['job=J-40718 tool T4', 'wear 96%'] }],
      },
      {
        text: 'Then please order a spare set of 1.0 mm ball cutters for mill 3, by 15 December at the latest; the Christmas rush starts right after. #reply Will order the cutters before the 15th.',
        facts: [{ category: 'todo', strings: ['order a spare set of 1.0 mm ball cutters for mill 3', 'by 15 December at the latest'] }],
      },
      {
        text: '大阪の提携技工所と共通の部分です。デザイン承認の Webhook は https://portal.shika-lab.example.jp/hooks/design-approved に飛んできます。承認から切削開始までの目標は 2 時間以内にしました。当日セットの予約枠が午後 3 時からなので、昼までに承認された分はそこに間に合わせたいんです。 #reply 了解です。承認から 2 時間以内に切削開始を目標にします。',
        facts: [
          { category: 'identifier', kind: 'url', lang: 'ja', strings: ['https://portal.shika-lab.example.jp/hooks/design-approved'] },
          { category: 'decision', lang: 'ja', strings: ['承認から切削開始までの目標は 2 時間以内'], reasons: ['当日セットの予約枠が午後 3 時からなので'] },
        ],
      },
      {
        text: "Anything marked same-day in tomorrow's queue? #read data/queue/2026-11-27.csv",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['C-20931,Dr. Lin,zirconia,36,SAME-DAY'] }],
      },
      {
        text: 'Which release is on the lab server right now? #exec head -n 5 mill-queue/CHANGELOG.md',
        facts: [{ category: 'identifier', kind: 'version', source: 'tool', strings: ['mill-queue 3.1.4'] }],
      },
      { filler: 4000, style: 'work' },
      {
        text: '生产部发了夜班的新安排，你看一下对排程有什么影响。 #read docs/车间/夜班.md',
        facts: [
          { category: 'tool-finding', lang: 'zh', source: 'tool', strings: ['今年 1–10 月共有 27 次断刀，其中 19 次发生在夜班'] },
          { category: 'decision', lang: 'zh', source: 'tool', strings: ['夜班（22:00–06:00）只铣削已经排进第二天烧结批次的牙冠'], reasons: ['无人看管的 3 号机断刀后空转了四个小时'] },
        ],
      },
      {
        text: '另外一条规矩：病人姓名不能出现在机器的作业名里，只能用病例号。 #reply 明白，作业名只用病例号。',
        facts: [{ category: 'rule', lang: 'zh', strings: ['病人姓名不能出现在机器的作业名里，只能用病例号'] }],
      },
      { text: 'Put the night-shift constraint where the scheduler people will see it. #write mill-queue/docs/night-shift.md # Night shift (22:00-06:00)\n\nOnly crowns already booked into the next sintering batch are milled at night; no new orders. Rush orders before 21:30, confirmed by the day lead.' },
      {
        text: 'Three things for the deploy note: set MILL_QUEUE_STRATEGY=lot-grouped on the lab server, approved designs are mounted at /mnt/cad/approved/, and our tenant id in the portal is b2e94c17-5a3d-4f08-8c6e-0d71a9f3e254. #reply All three in the deploy note.',
        facts: [
          { category: 'identifier', kind: 'env', strings: ['MILL_QUEUE_STRATEGY=lot-grouped'] },
          { category: 'identifier', kind: 'path', strings: ['/mnt/cad/approved/'] },
          { category: 'identifier', kind: 'uuid', strings: ['b2e94c17-5a3d-4f08-8c6e-0d71a9f3e254'] },
        ],
      },
      {
        text: 'もし焼結炉 2 号の温度偏差が来週も ±15 ℃ を超えるようなら、メーカーに校正を依頼してください。 #reply はい、来週の偏差を見て判断します。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['メーカーに校正を依頼してください', '焼結炉 2 号の温度偏差が来週も ±15 ℃ を超えるようなら'] }],
      },
      {
        text: "One more change: we're dropping the FIFO fallback for same-day work. From now on same-day crowns jump the queue only on mills 1 and 2 — mill 3 has the worn spindle, and a same-day remake costs us the whole afternoon slot. #reply Same-day only on mills 1 and 2.",
        facts: [{ category: 'decision', strings: ['same-day crowns jump the queue only on mills 1 and 2'], reasons: ['mill 3 has the worn spindle'] }],
      },
      {
        text: 'The lot-grouping change went in as 7e0b3d9a41c6f28e5d9b0a7c3f1e84d26b5a9c70 on main. #reply Recorded.',
        facts: [{ category: 'identifier', kind: 'hash', strings: ['7e0b3d9a41c6f28e5d9b0a7c3f1e84d26b5a9c70'] }],
      },
      { text: 'Add the next release to the changelog. #write mill-queue/CHANGELOG.md # Changelog\n\n## mill-queue 3.2.0-rc.1 — unreleased\n\n- Zirconia jobs grouped by blank lot.\n- Same-day jobs only on mills 1 and 2.\n\n## mill-queue 3.1.4 — 2026-11-20\n\n- Retry a job once when the mill reports a tool change.\n- Queue page shows the blank lot.\n\n## mill-queue 3.1.3 — 2026-11-06\n\n- Fix the sinter batch countdown.\n' },
      { filler: 3500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
