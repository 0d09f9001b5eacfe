// A HELD-OUT set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an independent writer
// who never saw the extraction code; never tuned on. New projects (a clinic network's home blood-pressure
// telemonitoring service, a timber yard's kiln-drying controller, a municipal library's e-reader device loans), new
// wording, work-style filler.
// Same format as tuning.mjs / held-out-4.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x36b1a7);

const NIGHT_ALERT_DOC = `# 夜间血压告警推送方式调整

护理部 · 2026 年 11 月

背景：家庭血压监测项目目前覆盖 1,840 名高血压患者，每天上传约 5,200 条测量值。所有超过阈值的测量值都会立即推送给值班护士。

上个月夜班护士平均每晚收到 40 多条告警，其中九成第二天复测就恢复正常。护士长反映，大量无效告警让真正危急的情况反而容易被忽略。

决定：夜间（22:00–07:00）的非危急告警不再实时推送，改为合并进早上 7:30 的晨间汇总。收缩压 ≥ 200 或伴有胸痛症状上报的仍然实时推送。

本调整从 12 月 1 日起在全部三家社区诊所执行。
`;

const DRYING_DOC = `# 乾燥スケジュールの見直しについて

製材課 · 2026 年 11 月

杉の構造材（105 角・120 角）は、これまで含水率 20 % 前後で出荷することがありました。納期を優先した結果です。

昨年の出荷分で 20 % 前後のまま納品し、現場で反りのクレームが 11 件出たため、次の通り方針を改めます。

方針：杉の構造材は含水率 15 % 以下になるまで出荷しない。納期が厳しい案件は営業が事前にお客様と調整すること。

測定は出荷前日にロットごとに行い、記録を乾燥日報に残してください。
`;

const HOLDS_DOC = `# 电子阅读器预约规则修订说明

市图书馆流通部 · 2026 年 11 月

电子阅读器借阅项目共有 6 个分馆参与，设备总数 240 台。目前的预约是全市统一排队，读者可以选择任意分馆取机。

统计显示，统一排队时有三分之一的读者要跨区取机，很多人超过 48 小时没来取，设备就在柜台空置。

决定：电子阅读器的预约改为按分馆排队，读者只能在自己登记的分馆预约和取机。

新规则从 2027 年 1 月 4 日起执行，之前已经排队的预约保留原顺序。
`;

export const SESSIONS = [
  {
    id: 'q1-bp-telemonitoring',
    set: 'held-out-36',
    files: {
      'ingest/thresholds.py': code('py', 85, [
        [0.4, 'SYSTOLIC_ALERT_MMHG = 180'],
        [0.41, 'DIASTOLIC_ALERT_MMHG = 110'],
      ]),
      'ingest/gateway.yaml': code('yaml', 70, [[0.55, '    max_readings_per_upload: 64']]),
      'logs/bp-ingest/gateway-2026-11-26.log': log('bp-ingest', '2026-11-26', 115, [[0.47, '2026-11-26T06:12:40Z ERROR bp-ingest upload 8da35787-b124-4709-a87a-1d618079a9ce rejected 17 readings from cuff OMR-0042: clock skew 46 min beyond tolerance']]),
      'config/alert-routing.json': json({
        pools: [
          ...rows(5, (i) => ({ pool: `clinic-${['north', 'east', 'harbour', 'valley', 'central'][i]}`, escalate_after_min: 30 + 5 * i, channel: pick(['sms', 'app', 'pager']), owner: `nurse-${pick(WORDS)}` })),
          { pool: 'night-triage', escalate_after_min: 15, channel: 'pager', owner: 'duty-cardiology' },
        ],
      }),
      'docs/护理/夜间告警.md': NIGHT_ALERT_DOC,
      'docs/design/cuff-pairing.md': essay('Design note: pairing cuffs with patients', 6, [
        [0.5, "Decision: a cuff is paired with a patient's phone only during the clinic visit, never at home, because home pairing produced 23 swapped-patient incidents in the pilot when family members shared one cuff."],
      ]),
      'ingest/CHANGELOG.md': '# Changelog\n\n## 2.13.0\n\n- Readings from Withings cuffs via webhook.\n- Nurse triage queue (beta).\n',
    },
    turns: [
      {
        text: "Before we talk about anything, open the thresholds module. I want to know what actually makes a reading page a nurse today. #read ingest/thresholds.py",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['SYSTOLIC_ALERT_MMHG = 180', 'DIASTOLIC_ALERT_MMHG = 110'] }],
      },
      {
        text: "Right, that's the problem. Context: I'm on HTN-2290 for the home blood-pressure programme. We are dropping single-reading alerts; an alert fires on the mean of the last three readings taken within 10 minutes. In the pilot, single readings were wrong about 1 in 8 times, mostly a badly placed cuff. And one hard rule from the DPO before I forget: readings never leave the EU region, not even in debug dumps. #reply Clear: three-reading mean, and nothing leaves the EU region.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['HTN-2290'] },
          { category: 'decision', strings: ['an alert fires on the mean of the last three readings taken within 10 minutes'], reasons: ['single readings were wrong about 1 in 8 times'] },
          { category: 'rule', strings: ['readings never leave the EU region, not even in debug dumps'] },
        ],
      },
      {
        text: '提携クリニックの API 仕様をもらいました。測定値の取り込みは POST /bp/v2/patients/{patientId}/readings、看護師向けのアラート一覧は GET /bp/v2/clinics/{clinicId}/alerts です。検証用の FHIR ゲートウェイは fhir-gw.bp-stg.internal:9443 にあります。 #reply ありがとうございます、三つとも控えました。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /bp/v2/patients/{patientId}/readings'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /bp/v2/clinics/{clinicId}/alerts'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['fhir-gw.bp-stg.internal:9443'] },
        ],
      },
      {
        text: 'A patient in the east clinic says her morning readings vanished yesterday. Look through the gateway log. #read logs/bp-ingest/gateway-2026-11-26.log',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['rejected 17 readings from cuff OMR-0042', 'clock skew 46 min'] },
          { category: 'identifier', kind: 'uuid', source: 'tool', strings: ['8da35787-b124-4709-a87a-1d618079a9ce'] },
        ],
      },
      {
        text: '原来是时钟漂移。TODO：下周五之前把袖带的时钟同步补丁推到全部 212 台设备上。还有，staging 的三读数窗口用环境变量 BP_ALERT_WINDOW_MIN=10 控制，部署时别漏了。 #reply 好的，补丁下周五前推完，环境变量我会加上。',
        facts: [
          { category: 'todo', lang: 'zh', strings: ['把袖带的时钟同步补丁推到全部 212 台设备上', '下周五之前'] },
          { category: 'identifier', kind: 'env', lang: 'zh', strings: ['BP_ALERT_WINDOW_MIN=10'] },
        ],
      },
      { text: 'Start a notes file so the flow is written down somewhere. #write ingest/NOTES.md # BP ingest\n\ncuff -> phone app -> gateway upload -> clock check -> three-reading mean -> threshold -> nurse queue or morning digest.' },
      { filler: 5500, style: 'work' },
      {
        text: 'The upload batches look odd on the dashboard. How many readings does the gateway accept per upload? #exec grep -n "max_readings_per_upload" ingest/gateway.yaml',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['max_readings_per_upload: 64'] }],
      },
      {
        text: '护理部发了一份关于夜间告警的文件，帮我看看对我们有什么影响。 #read docs/护理/夜间告警.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['夜间（22:00–07:00）的非危急告警不再实时推送，改为合并进早上 7:30 的晨间汇总'], reasons: ['其中九成第二天复测就恢复正常'] }],
      },
      {
        text: 'Which pool escalates fastest in the alert routing config? #read config/alert-routing.json',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"pool": "night-triage"', '"escalate_after_min": 15'] }],
      },
      {
        text: "Deploy notes, so we don't lose them: staging runs bp-ingest 2.14.0, the three-reading mean went in as ca0e6f1b7d2c94e85f3a60b9d41e7c28f5a3b916, and nurses triage from https://care.heartline.example.eu/triage/queue. #reply Noted, all three.",
        facts: [
          { category: 'identifier', kind: 'version', strings: ['bp-ingest 2.14.0'] },
          { category: 'identifier', kind: 'hash', strings: ['ca0e6f1b7d2c94e85f3a60b9d41e7c28f5a3b916'] },
          { category: 'identifier', kind: 'url', strings: ['https://care.heartline.example.eu/triage/queue'] },
        ],
      },
      {
        text: 'Why can patients not pair a cuff at home? Someone asked on the support channel. #read docs/design/cuff-pairing.md',
        facts: [{ category: 'decision', source: 'tool', strings: ["a cuff is paired with a patient's phone only during the clinic visit, never at home"], reasons: ['home pairing produced 23 swapped-patient incidents in the pilot'] }],
      },
      {
        text: 'それと、通知の件で一点だけ。患者の氏名と測定値を同じプッシュ通知に載せないでください。スマホのロック画面にそのまま出てしまいます。 #reply 承知しました、氏名と測定値は分けます。',
        facts: [{ category: 'rule', lang: 'ja', strings: ['患者の氏名と測定値を同じプッシュ通知に載せないでください'] }],
      },
      {
        text: "Rejected uploads are parked under /var/lib/bp-ingest/quarantine/ for now. After the clinic pilot ends on 15 January, delete the quarantine files older than 90 days; until then we keep everything for the evaluation. #reply OK, cleanup after 15 January.",
        facts: [
          { category: 'identifier', kind: 'path', strings: ['/var/lib/bp-ingest/quarantine/'] },
          { category: 'todo', strings: ['delete the quarantine files older than 90 days', 'After the clinic pilot ends on 15 January'] },
        ],
      },
      {
        text: '看護師チームと相談して決めました。測定値が 180/110 を超えたら、アプリから患者に 5 分後の再測定を促します。カフの巻き方が悪くて高く出るケースがかなり多いからです。 #reply 了解です、再測定の案内を入れます。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['アプリから患者に 5 分後の再測定を促します'], reasons: ['カフの巻き方が悪くて高く出るケースがかなり多い'] }],
      },
      { text: 'Add an entry for the coming release to the changelog. #write ingest/CHANGELOG.md # Changelog\n\n## 2.14.0\n\n- Alerts on the mean of three readings.\n- Re-measure prompt above threshold.\n- Night alerts folded into the morning digest.\n\n## 2.13.0\n\n- Readings from Withings cuffs via webhook.\n- Nurse triage queue (beta).\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'q2-kiln-drying',
    set: 'held-out-36',
    files: {
      'kiln/controller/schedule.c': code('c', 90, [
        [0.35, '#define MAX_DRY_BULB_C 82'],
        [0.36, '#define FAN_REVERSAL_MINUTES 180'],
      ]),
      'logs/kiln/kiln-ctl-2026-11-25.log': log('kiln-ctl', '2026-11-25', 110, [[0.58, '2026-11-25T02:47:09Z ERROR kiln-ctl K4 charge CH-7731: wet-bulb probe WB-2 stuck at 61.0 C for 38 min, modbus master 10.20.4.14:502 not answering, steam valve held open']]),
      'data/moisture/CH-7731.csv': csv(
        'board_id,species,size_mm,length_m,mc_percent,status',
        65,
        (i) => `B-${String(40 + i).padStart(3, '0')},${pick(['radiata', 'douglas-fir', 'macrocarpa'])},${pick(['45x90', '45x140', '90x90'])},${pick(['3.6', '4.8', '6.0'])},${(12 + (i % 5) * 0.4).toFixed(1)},ok`,
        [[0.7, 'B-118,radiata,45x190,4.8,19.6,over-target']],
      ),
      'deploy/kiln-gateway.yaml': code('yaml', 60, [[0.3, '    image: registry.rotorua-timber.example.nz/kiln-gateway:4.2.1']]),
      'docs/kiln/hardwood-schedules.md': essay('Kiln schedules for hardwood charges', 6, [
        [0.3, 'The September audit counted 14 charges of tawa and 9 of imported oak; the oak charges took on average 31 % longer than the schedule promised.'],
        [0.7, "Decision: hardwood charges always run the conservative T3-D2 schedule, whatever lead time the customer asks for, because the two accelerated charges in September both showed internal checking in more than 20 % of boards."],
      ]),
      'docs/製材/乾燥スケジュール.md': DRYING_DOC,
      'kiln/RUNBOOK.md': '# Kiln runbook\n\n## Probe fault\n\n1. Check the probe wick.\n2. Call the shift supervisor.\n',
    },
    turns: [
      {
        text: "I've inherited the kiln controller for the Rotorua yard from Hemi, four kilns, all on the same code. The one thing he made me promise, and it's a rule for you too: the controller must never raise the dry-bulb temperature while a wet-bulb probe reports a fault. #reply Understood: no dry-bulb increase during a wet-bulb probe fault.",
        facts: [{ category: 'rule', strings: ['the controller must never raise the dry-bulb temperature while a wet-bulb probe reports a fault'] }],
      },
      {
        text: 'Show me the schedule code, I want the limits and the fan settings. #read kiln/controller/schedule.c',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['MAX_DRY_BULB_C 82', 'FAN_REVERSAL_MINUTES 180'] }],
      },
      {
        text: "Good. The work is tracked as KILN-412. What we settled yesterday with the sales side: every charge ends with a 12-hour conditioning phase at high humidity — the joinery customers kept rejecting boards for case-hardening. Separately, please recalibrate all eight wet-bulb probes before the Christmas shutdown on 19 December. #reply Conditioning phase added to the plan; probe recalibration before 19 December.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['KILN-412'] },
          { category: 'decision', strings: ['every charge ends with a 12-hour conditioning phase at high humidity'], reasons: ['the joinery customers kept rejecting boards for case-hardening'] },
          { category: 'todo', strings: ['recalibrate all eight wet-bulb probes', 'before the Christmas shutdown on 19 December'] },
        ],
      },
      {
        text: 'Kiln 4 tripped on Tuesday night and the night shift found the steam valve open. What does the controller log show? #read logs/kiln/kiln-ctl-2026-11-25.log',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['wet-bulb probe WB-2 stuck at 61.0 C for 38 min'] },
          { category: 'identifier', kind: 'host:port', source: 'tool', strings: ['10.20.4.14:502'] },
        ],
      },
      {
        text: '控制器这边的接口我先贴一下：切换干燥阶段用 POST /kiln/api/v1/kilns/{kilnId}/phase，读实时温湿度曲线用 GET /kiln/api/v1/charges/{chargeId}/curve。采样间隔由 KILN_SAMPLE_SECONDS=30 决定。 #reply 收到，接口和采样间隔都记下了。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['POST /kiln/api/v1/kilns/{kilnId}/phase'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['GET /kiln/api/v1/charges/{chargeId}/curve'] },
          { category: 'identifier', kind: 'env', lang: 'zh', strings: ['KILN_SAMPLE_SECONDS=30'] },
        ],
      },
      {
        text: 'The moisture readings for charge CH-7731 came in this morning. Anything over target? #read data/moisture/CH-7731.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['B-118,radiata,45x190,4.8,19.6'] }],
      },
      { text: "Write what we know so far into a notes file. #write kiln/NOTES.md # Kiln controller notes\n\nload charge -> warm-up -> drying steps (dry-bulb / wet-bulb pairs) -> equalise -> conditioning 12 h -> cool-down -> moisture sample -> unload." },
      { filler: 5500, style: 'work' },
      {
        text: "Sales asked again whether we can speed up the oak orders. What did we write about hardwood schedules? #read docs/kiln/hardwood-schedules.md",
        facts: [{ category: 'decision', source: 'tool', strings: ['hardwood charges always run the conservative T3-D2 schedule, whatever lead time the customer asks for'], reasons: ['both showed internal checking in more than 20 % of boards'] }],
      },
      {
        text: '製材課と話して決めたことを共有します。含水率の抜き取り検査を 10 本から 20 本に増やします。10 本だと桟積みの中央部の乾き残りを見落としていたので。 #reply 了解しました、20 本で集計します。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['含水率の抜き取り検査を 10 本から 20 本に増やします'], reasons: ['10 本だと桟積みの中央部の乾き残りを見落としていた'] }],
      },
      {
        text: 'Which gateway build is actually deployed in the yard? #exec grep -n "image:" deploy/kiln-gateway.yaml',
        facts: [{ category: 'identifier', kind: 'version', source: 'tool', strings: ['kiln-gateway:4.2.1'] }],
      },
      {
        text: "For the handover page: the yard dashboard lives at https://kilns.rotorua-timber.example.nz/yard/overview, the run record of charge CH-7731 is d2cdd923-0fb9-4e39-afe4-3e8ec1929487, and Hemi's probe-fault interlock is commit 99dc0cf29be21a187c27e1159dd6f969e7372460. #reply Recorded on the handover list.",
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://kilns.rotorua-timber.example.nz/yard/overview'] },
          { category: 'identifier', kind: 'uuid', strings: ['d2cdd923-0fb9-4e39-afe4-3e8ec1929487'] },
          { category: 'identifier', kind: 'hash', strings: ['99dc0cf29be21a187c27e1159dd6f969e7372460'] },
        ],
      },
      {
        text: '製材課から乾燥スケジュールの見直しの文書が届きました。読んでおいてください。 #read docs/製材/乾燥スケジュール.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['杉の構造材は含水率 15 % 以下になるまで出荷しない'], reasons: ['現場で反りのクレームが 11 件出た'] }],
      },
      {
        text: '再补充两点。第一，窑门打开期间，任何人都不能远程启动风机，这是安全底线。第二，如果下周 4 号窑的能耗还是比 2 号窑高 15 % 以上，就把 4 号窑的门封条换掉。 #reply 明白：开门禁止远程启风机；4 号窑能耗下周再看。',
        facts: [
          { category: 'rule', lang: 'zh', strings: ['窑门打开期间，任何人都不能远程启动风机'] },
          { category: 'todo', lang: 'zh', strings: ['把 4 号窑的门封条换掉', '如果下周 4 号窑的能耗还是比 2 号窑高 15 % 以上'] },
        ],
      },
      {
        text: 'Power on the spot market roughly triples between 17:00 and 21:00 here, so the heating ramps now start at 22:00 instead of 18:00. #reply Ramps moved to 22:00.',
        facts: [{ category: 'decision', strings: ['the heating ramps now start at 22:00 instead of 18:00'], reasons: ['Power on the spot market roughly triples between 17:00 and 21:00'] }],
      },
      {
        text: 'The controller archives every finished drying curve to /data/kiln-archive/curves/, in case a customer disputes a charge later. #reply Good to know.',
        facts: [{ category: 'identifier', kind: 'path', strings: ['/data/kiln-archive/curves/'] }],
      },
      { text: 'Extend the runbook with what to do on a stuck probe. #write kiln/RUNBOOK.md # Kiln runbook\n\n## Probe fault\n\n1. Check the probe wick.\n2. Hold dry-bulb; do not raise it until the probe reads again.\n3. Close the steam valve by hand if the controller does not.\n4. Call the shift supervisor.\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'q3-ereader-loans',
    set: 'held-out-36',
    files: {
      'loans/src/policy.ts': code('ts', 95, [
        [0.5, 'export const LOAN_DAYS_EREADER = 21;'],
        [0.51, 'const MAX_RENEWALS = 1; // the holds queue is rarely empty'],
      ]),
      'logs/loans/device-wipe-2026-11-26.log': log('device-wipe', '2026-11-26', 110, [[0.43, "2026-11-26T18:22:05Z ERROR device-wipe branch NORTHCOTE device KB-0318: factory reset not confirmed after 3 attempts, previous borrower's account still signed in"]]),
      'reports/fleet-2026-11.json': json({
        month: '2026-11',
        branches: [
          ...rows(4, (i) => ({ branch: ['Central', 'Northcote', 'Devonport', 'Takapuna'][i], devices: 40 + 10 * i, on_loan: 31 + 7 * i, lost_or_damaged: 1 + (i % 3), note: pick(WORDS) })),
          { branch: 'Glenfield', devices: 40, on_loan: 22, lost_or_damaged: 9, note: 'self-service locker' },
        ],
      }),
      'docs/committee/deposit.md': essay('Libraries committee: should e-reader loans carry a deposit?', 6, [
        [0.5, "Decision: the library will not charge a deposit for e-reader loans, because the council's equity review found a deposit would shut out exactly the borrowers the scheme was funded for."],
      ]),
      'docs/流通/预约规则.md': HOLDS_DOC,
    },
    turns: [
      {
        text: 'Quick orientation before we start. This is the e-reader loan scheme at Harbourside Libraries, ticket LIB-5067. The loans service runs on loans-api.harbourside.lib.internal:8080, and a device is checked out with POST /circ/v1/devices/{deviceId}/checkout. #reply Got it, thanks.',
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['LIB-5067'] },
          { category: 'identifier', kind: 'host:port', strings: ['loans-api.harbourside.lib.internal:8080'] },
          { category: 'identifier', kind: 'route', strings: ['POST /circ/v1/devices/{deviceId}/checkout'] },
        ],
      },
      {
        text: 'What are the loan period and renewal limits in the policy module right now? #read loans/src/policy.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['LOAN_DAYS_EREADER = 21', 'MAX_RENEWALS = 1'] }],
      },
      {
        text: '跟流通部商量好了：电子阅读器的借期从 21 天缩短为 14 天，预约排队的读者平均要等 9 周，太久了。TODO：在 12 月 1 日新借期生效之前，给所有在借的读者发一封说明邮件。 #reply 好的，借期改 14 天，通知邮件 12 月 1 日前发出。',
        facts: [
          { category: 'decision', lang: 'zh', strings: ['电子阅读器的借期从 21 天缩短为 14 天'], reasons: ['预约排队的读者平均要等 9 周'] },
          { category: 'todo', lang: 'zh', strings: ['给所有在借的读者发一封说明邮件', '在 12 月 1 日新借期生效之前'] },
        ],
      },
      { text: 'Keep a notes file for this project. #write loans/NOTES.md # E-reader loans\n\nhold placed -> device assigned at branch -> checkout -> 14-day loan -> return at counter -> wipe confirmed by device -> back on shelf.' },
      {
        text: 'Northcote says a returned Kobo still showed the last borrower\'s books. Check last night\'s wipe log. #read logs/loans/device-wipe-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['device KB-0318', 'factory reset not confirmed after 3 attempts'] }],
      },
      {
        text: "That's exactly what the branch managers were afraid of. Their condition, and it's not negotiable: a device goes back on the shelf only after the wipe has been confirmed by the device itself, never on a staff click. #reply Understood, device confirmation only.",
        facts: [{ category: 'rule', strings: ['a device goes back on the shelf only after the wipe has been confirmed by the device itself'] }],
      },
      {
        text: '残りの API です。返却処理は POST /circ/v1/devices/{deviceId}/return、分館ごとの予約状況は GET /circ/v1/holds/{branchCode}/queue で取れます。初期化完了の待ち時間は WIPE_CONFIRM_TIMEOUT_S=300 で設定しています。 #reply ありがとうございます、記録しました。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /circ/v1/devices/{deviceId}/return'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /circ/v1/holds/{branchCode}/queue'] },
          { category: 'identifier', kind: 'env', lang: 'ja', strings: ['WIPE_CONFIRM_TIMEOUT_S=300'] },
        ],
      },
      { filler: 5500, style: 'work' },
      {
        text: 'A councillor asked whether we charge a deposit on the e-readers. The committee paper should say. #read docs/committee/deposit.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['the library will not charge a deposit for e-reader loans'], reasons: ['a deposit would shut out exactly the borrowers the scheme was funded for'] }],
      },
      {
        text: 'Which branch is losing the most devices? #read reports/fleet-2026-11.json',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"branch": "Glenfield"', '"lost_or_damaged": 9'] }],
      },
      {
        text: "About the broken ones — my call: devices with a cracked screen get written off, not repaired. The repair shop quoted $118 per screen, and a new Kobo Clara is $149. #reply Write-off for cracked screens, noted.",
        facts: [{ category: 'decision', strings: ['devices with a cracked screen get written off, not repaired'], reasons: ['The repair shop quoted $118 per screen, and a new Kobo Clara is $149'] }],
      },
      {
        text: '流通部把预约规则的修订说明发过来了，帮我读一下。 #read docs/流通/预约规则.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['电子阅读器的预约改为按分馆排队'], reasons: ['统一排队时有三分之一的读者要跨区取机'] }],
      },
      {
        text: 'Two follow-ups. If Glenfield loses more than 5 devices again in December, move the Glenfield e-readers behind the counter instead of the self-service locker. また、12 月 26 日の年末休館までに、点字ディスプレイ対応の端末を 3 台、中央館に追加してください。 #reply Both on the list.',
        facts: [
          { category: 'todo', strings: ['move the Glenfield e-readers behind the counter', 'If Glenfield loses more than 5 devices again in December'] },
          { category: 'todo', lang: 'ja', strings: ['点字ディスプレイ対応の端末を 3 台、中央館に追加してください', '12 月 26 日の年末休館までに'] },
        ],
      },
      {
        text: 'Where things live: the device fleet console is https://mdm.harbourside.lib.example.org/fleet/ereaders, the wipe agent on the branch PCs is harbourside-mdm-agent 0.9.14, and signed wipe receipts are written to /var/lib/circ/wipe-receipts/. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://mdm.harbourside.lib.example.org/fleet/ereaders'] },
          { category: 'identifier', kind: 'version', strings: ['harbourside-mdm-agent 0.9.14'] },
          { category: 'identifier', kind: 'path', strings: ['/var/lib/circ/wipe-receipts/'] },
        ],
      },
      {
        text: '個人情報の扱いについて、図書館の方針として必ず守ってください：貸出履歴は返却から 30 日で削除し、それ以降は統計用の件数だけを残すこと。 #reply 承知しました、30 日で削除します。',
        facts: [{ category: 'rule', lang: 'ja', strings: ['貸出履歴は返却から 30 日で削除し、それ以降は統計用の件数だけを残すこと'] }],
      },
      {
        text: 'Last two references: the wipe batch that failed at Northcote was e6c40314-4f3b-4012-a524-82b717fe72cb, and the retry-until-confirmed fix is fadbfff9f02b4a5ebf111dd5f6685971281f736e. #reply Both noted.',
        facts: [
          { category: 'identifier', kind: 'uuid', strings: ['e6c40314-4f3b-4012-a524-82b717fe72cb'] },
          { category: 'identifier', kind: 'hash', strings: ['fadbfff9f02b4a5ebf111dd5f6685971281f736e'] },
        ],
      },
      { text: 'Apply the new loan period in the policy module. #write loans/src/policy.ts // Loan rules for lendable devices.\nexport const LOAN_DAYS_EREADER = 14;\nexport const MAX_RENEWALS_EREADER = 1;\nexport const HOLDS_PER_BRANCH = true;\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
