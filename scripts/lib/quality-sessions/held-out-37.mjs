// The held-out-37 set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an independent
// writer who never saw the extraction code: new projects (a harbour pilots' watch roster, the humidity sensors of a
// cheese-ripening cave, a coworking space's desk booking), new wording, work-style filler. Never tune extraction on
// it and never read its results while changing extraction: its figures are the ones the targets are checked on.
// Same format as tuning.mjs / held-out-4.mjs (see there): a turn is { text, facts? }, a fact { category, kind?,
// lang?, source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work':
// engineering side questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x37c0a5);

const PILOT_DOC = `# 引航员排班管理规定（2026 年修订稿）

港务局引航站 · 2026 年 11 月

本规定适用于本港全部持证引航员，以及经引航站批准临时调入的外港引航员。排班系统生成的值班表须经值班长确认后方可发布。

一、背景

今年全港引航作业量比去年增加了 11%，其中船长超过 366 米的超大型集装箱船增加最多，夜间进出港的比例也明显上升。

二、夜间作业

决定：夜间（22:00–06:00）进出港的超大型船舶一律安排双引航员。今年 3 月一艘 400 米集装箱船在夜间靠泊时擦碰了岸桥，事故调查认为单人引航在夜间的工作负荷过高。

双引航员中至少一人须持有 A 级证书。排班系统在生成夜班时应优先满足这一条件，无法满足时须提示值班长人工处理。

三、其他

引航员因身体原因申请停派的，由值班长当班处理，不必等次日排班。
`;

const VENT_DOC = `# 熟成庫の換気方針（夏季）

製造部 熟成チーム · 2026 年 11 月

ウォッシュタイプとハードタイプの熟成庫（C1〜C4）は、冬は外気をほとんど入れずに運用しています。問題になるのは 6 月から 9 月です。

昨年の夏は、日中に外気を取り込んだ日に庫内の温度が上がり、湿度の制御が追いつかない時間帯が何度もありました。

結論：夏季の外気導入は夜間（23 時〜5 時）に限定する。日中の外気を入れると庫内温度が 2 度以上上がり、表皮のカビが乾いてしまうためです。

日中に換気が必要な場合は、熟成責任者の判断で手動運転とし、その記録を日報に残してください。
`;

const MEMBER_DOC = `# 会员等级与计费调整说明

运营部 · 2026 年 11 月

目前我们有三种会员：流动工位（按次）、固定工位（按小时累计）和独立办公室（按月）。固定工位会员占收入的 46%，但客服工单里和计费有关的问题大多来自这一类会员。

客服组统计了 9 月和 10 月的工单，发现争议主要集中在跨午夜的预订、临时离开后重新签到，以及节假日的计费规则上。

决定：固定工位会员取消按小时计费，改为包月套餐。理由：按小时计费引起的账单争议占了客服工单的四成。

包月套餐从 2027 年 1 月 1 日起生效，现有会员的剩余时长按比例折算成抵扣金额。
`;

export const SESSIONS = [
  {
    id: 'h1-harbour-pilot-roster',
    set: 'held-out-37',
    files: {
      'roster/src/rest_rules.py': code('py', 85, [
        [0.4, 'MIN_REST_HOURS_BETWEEN_ACTS = 10  # national pilotage act, section 14'],
        [0.41, 'MAX_ACTS_PER_24H = 3'],
      ]),
      'logs/roster/assign-2026-11-26.log': log('pilot-assign', '2026-11-26', 105, [
        [0.35, '2026-11-26T04:22:09Z ERROR pilot-assign act PA-40917 unassigned: vessel MSC Aurelia draught 15.8 m exceeds licence class B limit 13.5 m for all 6 pilots on watch'],
        [0.36, '2026-11-26T04:22:10Z WARN  pilot-assign escalated to duty manager, incident fb5ac0c6-aadc-4aca-b62c-4e65bcaa346c'],
      ]),
      'data/vessels/arrivals-2026-11-27.json': json({
        port: 'NLKSB',
        generated: '2026-11-26T18:00:00Z',
        arrivals: [
          ...rows(9, (i) => ({ vessel: `${pick(['Nordic', 'Baltic', 'Atlantic', 'Coral'])} ${pick(WORDS)}`, imo: 9300000 + 4127 * i, eta: `2026-11-27T${String(1 + 2 * i).padStart(2, '0')}:30:00Z`, loa_m: 140 + 17 * i, pilots_required: 1 })),
          { vessel: 'Ever Lumen', imo: 9893842, eta: '2026-11-27T23:40:00Z', loa_m: 399.9, pilots_required: 2 },
        ],
      }),
      'data/pilots/licences.csv': csv(
        'pilot_id,name,class,licence_expires,endorsements',
        48,
        (i) => `P-${String(100 + i * 2).padStart(3, '0')},${pick(['Jansen', 'de Vries', 'Bakker', 'Visser', 'Smit'])} ${pick(WORDS)},class ${pick(['A', 'B'])},2028-0${1 + (i % 9)}-15,${pick(['night', 'tug-escort', 'lng', 'none'])}`,
        [[0.55, 'P-117,Marit Holm,class A,2027-01-09,tug-escort']],
      ),
      'docs/港务/引航排班规定.md': PILOT_DOC,
    },
    turns: [
      {
        text: 'Before anything else, open the rest-time module. The roster tool keeps rejecting swaps that look legal to me. #read roster/src/rest_rules.py',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['MIN_REST_HOURS_BETWEEN_ACTS = 10', 'MAX_ACTS_PER_24H = 3'] }],
      },
      {
        text: "Right, so that's where the rejections come from. Some context: this is PILOT-742 in our tracker. After the trial we'll keep the roster on a 12-hour watch pattern and drop the 8-hour experiment — with three watches a day the handovers kept falling in the middle of the tide windows at the north entrance. One thing that is not up for discussion: a pilot coming off a night act is never rostered onto a boarding before 14:00 the same day. #reply Understood: 12-hour watches, and no boardings before 14:00 after a night act.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['PILOT-742'] },
          { category: 'decision', strings: ["we'll keep the roster on a 12-hour watch pattern and drop the 8-hour experiment"], reasons: ['the handovers kept falling in the middle of the tide windows'] },
          { category: 'rule', strings: ['a pilot coming off a night act is never rostered onto a boarding before 14:00 the same day'] },
        ],
      },
      {
        text: 'Nobody was assigned to the Aurelia this morning and the agent is furious. What happened? #read logs/roster/assign-2026-11-26.log',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['act PA-40917 unassigned', 'draught 15.8 m exceeds licence class B limit 13.5 m'] },
          { category: 'identifier', kind: 'uuid', source: 'tool', strings: ['fb5ac0c6-aadc-4aca-b62c-4e65bcaa346c'] },
        ],
      },
      {
        text: '横浜の船舶代理店システムとの連携の件です。乗船要請の登録は POST /pilotage/v1/boarding-requests を叩きます。来週火曜までに、代理店向けのエラーコード一覧を日本語でまとめておいてください。 #reply 承知しました。火曜までにエラーコード一覧を用意します。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /pilotage/v1/boarding-requests'] },
          { category: 'todo', lang: 'ja', strings: ['代理店向けのエラーコード一覧を日本語でまとめておいてください', '来週火曜までに'] },
        ],
      },
      { text: 'Start a handover file for the roster work. #write roster/HANDOVER.md # Roster handover\n\nWatch pattern under review. Rest-time checks live in roster/src/rest_rules.py. Unassigned acts escalate to the duty manager.' },
      {
        text: '数据库这边我补一下：预发环境的排班库在 roster-pg.stg.harbour.internal:5433，求解器启动时读 ROSTER_HORIZON_DAYS=21，别改这个值。 #reply 好的，记下了。',
        facts: [
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['roster-pg.stg.harbour.internal:5433'] },
          { category: 'identifier', kind: 'env', lang: 'zh', strings: ['ROSTER_HORIZON_DAYS=21'] },
        ],
      },
      { filler: 5500, style: 'work' },
      {
        text: "Which arrival tomorrow needs two pilots? I want to check the night watch has them. #read data/vessels/arrivals-2026-11-27.json",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"vessel": "Ever Lumen"', '"eta": "2026-11-27T23:40:00Z"'] }],
      },
      {
        text: '引航站发了新的排班规定，帮我看一下对排班逻辑有什么影响。 #read docs/港务/引航排班规定.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['夜间（22:00–06:00）进出港的超大型船舶一律安排双引航员'], reasons: ['单人引航在夜间的工作负荷过高'] }],
      },
      {
        text: 'Does anyone hold a licence that lapses in January? #exec grep -n "2027-01" data/pilots/licences.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['P-117,Marit Holm,class A,2027-01-09'] }],
      },
      {
        text: '调度室那边商量过了：换班申请以后只能在 App 里提交，不再接受电话换班。上个月有两次电话换班没有录进系统，结果同一条船派了两名引航员。 #reply 明白，换班只走 App。',
        facts: [{ category: 'decision', lang: 'zh', strings: ['换班申请以后只能在 App 里提交，不再接受电话换班'], reasons: ['有两次电话换班没有录进系统'] }],
      },
      {
        text: "Two things for the list. If the Port Authority hasn't published the 2027 tide tables by 15 December, roll the 2026 tables forward and mark every act after 1 January as provisional. And by Friday the 4th, send the draft January roster to the pilots' association for comment. #reply Both on my list.",
        facts: [
          { category: 'todo', strings: ['roll the 2026 tables forward and mark every act after 1 January as provisional', "If the Port Authority hasn't published the 2027 tide tables by 15 December"] },
          { category: 'todo', strings: ["send the draft January roster to the pilots' association for comment", 'by Friday the 4th'] },
        ],
      },
      {
        text: '代理店から要望があったので念のため：水先人の個人の携帯番号は、代理店側の画面には絶対に表示しないでください。 #reply はい、代理店画面には出しません。',
        facts: [{ category: 'rule', lang: 'ja', strings: ['水先人の個人の携帯番号は、代理店側の画面には絶対に表示しないでください'] }],
      },
      {
        text: 'From the release checklist, so it lives somewhere other than my clipboard:\n- tag: pilot-roster 2.14.0\n- merged: 4354ecca047744e6d8896cb9022cafa0c019c254\n- swaps feed: GET /pilotage/v1/pilots/{pilotId}/swaps\n- board: https://roster.kestrel-pilots.example.nl/watches/2026-W49\n- nightly exports: /srv/pilotage/roster/exports/\n#reply All five recorded.',
        facts: [
          { category: 'identifier', kind: 'version', strings: ['pilot-roster 2.14.0'] },
          { category: 'identifier', kind: 'hash', strings: ['4354ecca047744e6d8896cb9022cafa0c019c254'] },
          { category: 'identifier', kind: 'route', strings: ['GET /pilotage/v1/pilots/{pilotId}/swaps'] },
          { category: 'identifier', kind: 'url', strings: ['https://roster.kestrel-pilots.example.nl/watches/2026-W49'] },
          { category: 'identifier', kind: 'path', strings: ['/srv/pilotage/roster/exports/'] },
        ],
      },
      {
        text: "Last call from the meeting: the roster gets published 96 hours ahead rather than 48. That isn't a courtesy any more — the pilot agreement signed in October makes four days' notice binding. #reply OK, 96 hours.",
        facts: [{ category: 'decision', strings: ['the roster gets published 96 hours ahead rather than 48'], reasons: ["the pilot agreement signed in October makes four days' notice binding"] }],
      },
      { text: 'Bring the handover file up to date. #write roster/HANDOVER.md # Roster handover\n\n12-hour watches. Night arrivals of very large ships get two pilots, at least one class A. Swaps only through the app. Publish four days ahead. Open: tide tables for 2027, agency error codes.' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'h2-cheese-cave-humidity',
    set: 'held-out-37',
    files: {
      'firmware/cave-node/src/humidity.c': code('c', 92, [
        [0.5, '#define RH_ALARM_LOW_PCT 88'],
        [0.51, '#define SAMPLE_PERIOD_S 300'],
      ]),
      'logs/cave/lora-gw-2026-11-26.log': log('lora-gw', '2026-11-26', 112, [[0.47, '2026-11-26T02:47:31Z WARN  lora-gw cave C3 node hx-0c1f: RH 79.4% below alarm threshold for 42 min, alert suppressed (maintenance window)']]),
      'data/caves/wheels-C3.csv': csv(
        'wheel_id,cheese,cave,made_on,care,kg',
        64,
        (i) => `W-${21000 + i * 7},${pick(['Comté 12 mois', 'Beaufort', 'Tomme', 'Reblochon'])},C3,2026-0${1 + (i % 9)}-${String(1 + (i % 27)).padStart(2, '0')},${pick(['turn-weekly', 'brine-wash', 'brush'])},${(8 + (i % 30) / 2).toFixed(1)}`,
        [[0.3, 'W-20931,Comté 24 mois,C3,2024-10-02,turn-weekly,41.2']],
      ),
      'ops/alerting/cave-rules.yaml': code('yaml', 60, [[0.6, '    rh_low_for_minutes: 45']]),
      'docs/affinage/probe-calibration.md': essay('Probe calibration in the ripening caves', 6, [
        [0.5, 'Decision: capacitive probes are recalibrated against a saturated salt reference every 8 weeks instead of once a year, because at 95 % RH they drifted by up to 4 points within three months last winter.'],
      ]),
      'docs/熟成庫/換気方針.md': VENT_DOC,
    },
    turns: [
      {
        text: '这周我们专门处理奶酪窖的湿度告警。先定一件事：节点改成每 5 分钟上报一次湿度，不再每分钟报。网关在 868 MHz 频段有 1% 的占空比限制，四个窖 60 多个节点每分钟上报，已经频繁被丢包了。 #reply 好的，改为 5 分钟一次。',
        facts: [{ category: 'decision', lang: 'zh', strings: ['节点改成每 5 分钟上报一次湿度，不再每分钟报'], reasons: ['网关在 868 MHz 频段有 1% 的占空比限制'] }],
      },
      {
        text: 'Cave 3 went dry overnight and nobody got paged. Look through the gateway log. #read logs/cave/lora-gw-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['RH 79.4% below alarm threshold for 42 min', 'alert suppressed (maintenance window)'] }],
      },
      {
        text: "That maintenance window should have closed at midnight. I've opened CAVE-2051 for it. The cellar master's rule, and I agree with her: alerts from the washed-rind caves always page the on-call affineur, they never go to email only. #reply Noted — washed-rind alerts always page.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['CAVE-2051'] },
          { category: 'rule', strings: ['alerts from the washed-rind caves always page the on-call affineur'] },
        ],
      },
      {
        text: 'What thresholds and sample period does the node firmware use? #read firmware/cave-node/src/humidity.c',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['RH_ALARM_LOW_PCT 88', 'SAMPLE_PERIOD_S 300'] }],
      },
      {
        text: 'The nodes publish to mqtt.caves.fromagerie-alpine.internal:8883 and the ingest side takes POST /telemetry/v2/caves/{caveId}/readings. Both are fixed by the integrator, so code against those. #reply Got both.',
        facts: [
          { category: 'identifier', kind: 'host:port', strings: ['mqtt.caves.fromagerie-alpine.internal:8883'] },
          { category: 'identifier', kind: 'route', strings: ['POST /telemetry/v2/caves/{caveId}/readings'] },
        ],
      },
      { text: 'Keep notes on the firmware side as we go. #write firmware/cave-node/NOTES.md # Cave node notes\n\nSHT probe -> smoothing -> LoRaWAN uplink -> gateway -> MQTT -> ingest -> alert rules. Maintenance windows suppress alerts; check that they close.' },
      {
        text: 'ついでにお願いです。12 月 12 日までに、C3 と C4 のセンサーノード 14 台の電池を交換しておいてください。 #reply 了解です、12 日までに交換します。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['C3 と C4 のセンサーノード 14 台の電池を交換しておいてください', '12 月 12 日までに'] }],
      },
      { filler: 5500, style: 'work' },
      {
        text: 'Quality sent round their calibration write-up. Anything that changes our plans? #read docs/affinage/probe-calibration.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['capacitive probes are recalibrated against a saturated salt reference every 8 weeks instead of once a year'], reasons: ['at 95 % RH they drifted by up to 4 points within three months'] }],
      },
      {
        text: 'ステージングのゲートウェイ設定を貼っておきます。平滑化は CAVE_RH_SMOOTHING=ewma、デバイスプロファイルの ID は bf911553-b6f1-4ef6-a389-bcdad612cb10 です。 #reply 控えました。',
        facts: [
          { category: 'identifier', kind: 'env', lang: 'ja', strings: ['CAVE_RH_SMOOTHING=ewma'] },
          { category: 'identifier', kind: 'uuid', lang: 'ja', strings: ['bf911553-b6f1-4ef6-a389-bcdad612cb10'] },
        ],
      },
      {
        text: '製造部から夏の換気について文書が回ってきました。確認してください。 #read docs/熟成庫/換気方針.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['夏季の外気導入は夜間（23 時〜5 時）に限定する'], reasons: ['日中の外気を入れると庫内温度が 2 度以上上がり'] }],
      },
      {
        text: "Let's drop the Wi-Fi bridge in cave 1 and run every node there over LoRaWAN too. The walls are 80 cm of limestone; the bridge lost its link on 11 of the last 30 nights. #reply Makes sense, LoRaWAN only in cave 1.",
        facts: [{ category: 'decision', strings: ['drop the Wi-Fi bridge in cave 1 and run every node there over LoRaWAN too'], reasons: ['the bridge lost its link on 11 of the last 30 nights'] }],
      },
      {
        text: 'How long does humidity have to stay low before the alert rule fires? #exec grep -n "rh_low" ops/alerting/cave-rules.yaml',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['rh_low_for_minutes: 45'] }],
      },
      {
        text: 'Which is the oldest wheel in C3 right now? The buyer is asking. #read data/caves/wheels-C3.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['W-20931,Comté 24 mois,C3,2024-10-02'] }],
      },
      {
        text: 'Should the new probes still read above 97 % after the salt test next Thursday, order the replacement SHT45 batch from the supplier before Christmas. 另外，固件升级只能安排在周一上午，周末窖里没有人值守。 #reply 两件都记下了。',
        facts: [
          { category: 'todo', strings: ['order the replacement SHT45 batch from the supplier before Christmas', 'Should the new probes still read above 97 % after the salt test next Thursday'] },
          { category: 'rule', lang: 'zh', strings: ['固件升级只能安排在周一上午'] },
        ],
      },
      {
        text: '发布记录整理一下：这次上线的固件是 cave-node fw 1.9.3，原始读数归档在 /data/caves/raw/2026/ 下面。The smoothing fix is 26a199befe1bba5822c8c4ba027fc368b74f0489, the cave dashboard is https://grafana.fromagerie-alpine.example.fr/d/caves/humidity, and the history API is GET /telemetry/v2/caves/{caveId}/history. #reply 全部记录了。',
        facts: [
          { category: 'identifier', kind: 'version', lang: 'zh', strings: ['cave-node fw 1.9.3'] },
          { category: 'identifier', kind: 'path', lang: 'zh', strings: ['/data/caves/raw/2026/'] },
          { category: 'identifier', kind: 'hash', strings: ['26a199befe1bba5822c8c4ba027fc368b74f0489'] },
          { category: 'identifier', kind: 'url', strings: ['https://grafana.fromagerie-alpine.example.fr/d/caves/humidity'] },
          { category: 'identifier', kind: 'route', strings: ['GET /telemetry/v2/caves/{caveId}/history'] },
        ],
      },
      { text: 'Update the firmware notes. #write firmware/cave-node/NOTES.md # Cave node notes\n\nUplink every 5 minutes. Cave 1 moves off Wi-Fi. Probes recalibrated every 8 weeks. Summer: outside air only at night. Firmware updates on Monday mornings only.' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'h3-coworking-desk-booking',
    set: 'held-out-37',
    files: {
      'booking/src/policy/holds.ts': code('ts', 96, [
        [0.35, 'export const HOLD_EXPIRY_MINUTES = 15;'],
        [0.36, 'const MAX_ADVANCE_DAYS = 28;'],
      ]),
      'logs/booking/api-2026-11-26.log': log('booking-api', '2026-11-26', 108, [[0.58, '2026-11-26T08:59:58Z ERROR booking-api 409 Conflict on desk LIS-3F-D17: double booking between members m_44120 and m_51873, hold not released']]),
      'exports/occupancy-2026-11.json': json({
        month: '2026-11',
        sites: [
          ...rows(5, (i) => ({ site: ['Porto Bonfim', 'Lisbon Chiado', 'Braga Centro', 'Coimbra Baixa', 'Faro Marina'][i], floor: `${1 + (i % 3)}F`, desks: 60 + 12 * i, peak_occupancy_pct: 58 + 6 * i, note: pick(WORDS) })),
          { site: 'Lisbon Alcântara', floor: '3F', desks: 84, peak_occupancy_pct: 97.5, note: 'waitlist every Tuesday' },
        ],
      }),
      'booking/package.json': json({ name: '@deskhub/booking', version: '4.2.0-beta.3', private: true, scripts: { build: 'tsc -p .', test: 'vitest run' }, dependencies: { fastify: '^5.1.0', ioredis: '^5.4.1', luxon: '^3.5.0' } }),
      'docs/design/check-in.md': essay('Design note: check-in and no-shows', 5, [
        [0.6, 'Decision: a desk that is not checked in within 30 minutes of the booking start goes back to the pool, because on Tuesdays and Wednesdays a fifth of the booked desks sat empty while walk-in members were turned away.'],
      ]),
      'docs/运营/会员计费.md': MEMBER_DOC,
    },
    turns: [
      {
        text: "Two ground rules before we touch the booking service. We never show a member's full name on the floor-plan view, only their initials. And every time is stored in UTC and rendered in the site's own zone, no exceptions. #reply Understood, initials only and UTC in storage.",
        facts: [
          { category: 'rule', strings: ["never show a member's full name on the floor-plan view, only their initials"] },
          { category: 'rule', strings: ["every time is stored in UTC and rendered in the site's own zone"] },
        ],
      },
      {
        text: 'A member in Lisbon turned up to find someone at her desk this morning. Check the API log. #read logs/booking/api-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['409 Conflict on desk LIS-3F-D17', 'hold not released'] }],
      },
      {
        text: 'この件は DESK-5530 で管理します。チームで決めたのは、仮押さえの有効期限を 15 分から 5 分に短縮することです。15 分あると人気の窓際席が押さえられたまま放置され、実際の予約率が下がっていました。 #reply 承知しました、5 分に短縮します。',
        facts: [
          { category: 'identifier', kind: 'ticket', lang: 'ja', strings: ['DESK-5530'] },
          { category: 'decision', lang: 'ja', strings: ['仮押さえの有効期限を 15 分から 5 分に短縮する'], reasons: ['人気の窓際席が押さえられたまま放置され'] },
        ],
      },
      {
        text: 'Show me where the hold expiry lives now. #read booking/src/policy/holds.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['HOLD_EXPIRY_MINUTES = 15', 'MAX_ADVANCE_DAYS = 28'] }],
      },
      {
        text: 'For the check-in flow you want POST /api/spaces/v1/bookings/{bookingId}/check-in; holds are kept in booking-redis.lis.cowork.internal:6380. Also, before the Porto site opens on 8 January, import its floor plan and desk IDs into the booking DB. #reply Noted, and Porto is on my list.',
        facts: [
          { category: 'identifier', kind: 'route', strings: ['POST /api/spaces/v1/bookings/{bookingId}/check-in'] },
          { category: 'identifier', kind: 'host:port', strings: ['booking-redis.lis.cowork.internal:6380'] },
          { category: 'todo', strings: ['import its floor plan and desk IDs into the booking DB', 'before the Porto site opens on 8 January'] },
        ],
      },
      { text: 'Open a notes file for the booking rework. #write booking/NOTES.md # Booking rework\n\nsearch availability -> hold -> confirm -> check-in -> release. Holds live in Redis; double bookings come from holds that are never released.' },
      { filler: 5500, style: 'work' },
      {
        text: 'Product wrote up the no-show problem. Read it and tell me what we are committing to. #read docs/design/check-in.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['a desk that is not checked in within 30 minutes of the booking start goes back to the pool'], reasons: ['a fifth of the booked desks sat empty while walk-in members were turned away'] }],
      },
      {
        text: '前台系统对接的信息发你：查空位用 GET /api/spaces/v1/sites/{siteId}/availability，释放宽限期由 DESK_RELEASE_GRACE_MIN=30 控制，波尔图站点的 ID 是 39c80fe9-f4fe-46a0-a9b1-821bb28be040。 #reply 收到，三条都记好了。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['GET /api/spaces/v1/sites/{siteId}/availability'] },
          { category: 'identifier', kind: 'env', lang: 'zh', strings: ['DESK_RELEASE_GRACE_MIN=30'] },
          { category: 'identifier', kind: 'uuid', lang: 'zh', strings: ['39c80fe9-f4fe-46a0-a9b1-821bb28be040'] },
        ],
      },
      {
        text: '运营部把会员计费的调整说明发过来了，看看对预订服务有什么要改的。 #read docs/运营/会员计费.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['固定工位会员取消按小时计费，改为包月套餐'], reasons: ['按小时计费引起的账单争议占了客服工单的四成'] }],
      },
      {
        text: 'What version is the booking package on at the moment? #exec grep -n version booking/package.json',
        facts: [{ category: 'identifier', kind: 'version', source: 'tool', strings: ['4.2.0-beta.3'] }],
      },
      {
        text: 'Which site and floor is fullest at peak this month? #read exports/occupancy-2026-11.json',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"site": "Lisbon Alcântara"', '"peak_occupancy_pct": 97.5'] }],
      },
      {
        text: "On the front end: we're switching the floor-plan renderer from canvas to SVG. With canvas a screen reader sees one blank image; with SVG each desk can be announced. #reply Good call, SVG it is.",
        facts: [{ category: 'decision', strings: ["we're switching the floor-plan renderer from canvas to SVG"], reasons: ['with SVG each desk can be announced'] }],
      },
      {
        text: '门禁那边：如果下周一之前门禁厂商还没开放 API，就先用二维码签到顶上，别等他们。 #reply 好，周一没消息就上二维码。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['先用二维码签到顶上', '如果下周一之前门禁厂商还没开放 API'] }],
      },
      {
        text: '会議室の扱いも決めました。会議室の予約は座席予約とは別のカレンダーで管理します。同じ枠にすると、1 時間の会議室予約が座席の在庫計算に混ざってしまい、空席数がずれるからです。 #reply 了解、会議室は別カレンダーにします。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['会議室の予約は座席予約とは別のカレンダーで管理します'], reasons: ['座席の在庫計算に混ざってしまい、空席数がずれる'] }],
      },
      {
        text: 'For the runbook: the admin console for that floor is https://admin.deskhub.example.pt/sites/LIS-ALC/floors/3F, the double-booking fix went in as 27a70bd702ccdefe27f82d001616832ca1ceab5b, and the nightly occupancy exports are written to /var/lib/deskhub/exports/occupancy/. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://admin.deskhub.example.pt/sites/LIS-ALC/floors/3F'] },
          { category: 'identifier', kind: 'hash', strings: ['27a70bd702ccdefe27f82d001616832ca1ceab5b'] },
          { category: 'identifier', kind: 'path', strings: ['/var/lib/deskhub/exports/occupancy/'] },
        ],
      },
      { text: 'Now shorten the hold in the policy file. #write booking/src/policy/holds.ts // Hold policy for desk bookings (DESK-5530).\nexport const HOLD_EXPIRY_MINUTES = 5;\nexport const MAX_ADVANCE_DAYS = 28;\n\nexport function holdExpiresAt(createdAt: Date): Date {\n  return new Date(createdAt.getTime() + HOLD_EXPIRY_MINUTES * 60_000);\n}\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
