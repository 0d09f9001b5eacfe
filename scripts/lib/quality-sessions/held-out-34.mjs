// A HELD-OUT set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an independent writer
// who never saw the extraction code; never tuned on. New projects (a bike-share operator's van rebalancing planner, a
// court's jury summons mailer, a chemical plant's permit-to-work system), new wording, work-style filler.
// Same format as tuning.mjs / held-out-4.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x34c0de);

const BATTERY_DOC = `# 電動アシスト車のバッテリー交換について

なにわサイクルシェア 運用部 · 2026 年 11 月

10 月から電動アシスト車が 1,200 台に増え、バッテリー交換の巡回ルートが再配置（リバランス）のバンと同じ道路を走るようになりました。

これまでは夜間に全台を巡回して交換していましたが、実際に残量が少なかった車両は全体の 3 割程度でした。

方針：今後、バッテリー交換は残量 25% を下回った車両だけを対象とします。全台を巡回していた 10 月は、交換作業員の残業が月 180 時間を超えたためです。

交換対象の一覧は毎朝 5 時にリバランス計画と一緒に配信します。交換と再配置を同じバンで行う場合は、交換を先に済ませてください。
`;

const NOTICE_DOC = `# 國民法官選任通知書寄送方式調整

臺北地方法院 國民法官事務科 · 2026 年 11 月

一、背景：本院自 2023 年起寄發候選國民法官選任通知書，原以平信寄送，並以電話抽查送達情形。

二、問題：抽查結果顯示，平信寄送時約有 18% 的候選國民法官表示未收到通知，法院無法依法裁罰未到庭者。

三、決議：自 2027 年第一季起，選任通知書一律改以掛號郵件寄送，掛號回執由郵局以電子檔回傳，系統應自動比對並更新送達狀態。

四、郵資增加部分由本院年度預算支應，不另向候選人收取任何費用。
`;

const CONFINED_DOC = `# 閉所作業の許可に関する運用変更

川崎工場 安全環境課 · 2026 年 11 月

第 4 ユニットの定期修理では、タンク内部やピット内での閉所作業が 60 件以上予定されています。

閉所作業の許可証には、酸素濃度と可燃性ガスの測定結果、換気の方法、監視人の氏名を必ず記載します。

結論：閉所作業の監視人は他の許可証を兼務できないこととします。昨年 9 月のヒヤリハットでは、監視人が別の作業の立会いに呼ばれて 12 分間持ち場を離れていたためです。

監視人の交代は、許可証の発行者に連絡したうえで、許可証に交代時刻を記入して行ってください。
`;

const CONTRACTOR_DOC = `# 宁波工厂承包商安全管理补充规定

安全管理部 · 2026 年 11 月

今年检修高峰期，宁波工厂每天进场的承包商人员超过 400 人，其中相当一部分是临时招来的短期工。

现行流程中，承包商可以在作业许可系统里自行填写作业人员名单，系统不做任何资质校验。

规定：承包商人员未通过线上安全考试的，不得列入作业许可的作业人员名单。理由是三季度的 9 起违章中有 7 起涉及未经培训的临时工。

线上考试由安全管理部统一出题，成绩有效期为一年。请信息部在系统中增加相应的校验。
`;

export const SESSIONS = [
  {
    id: 'q1-bike-rebalancing',
    set: 'held-out-34',
    files: {
      'rebalancer/solver/targets.py': code('py', 85, [
        [0.4, 'LOW_DOCK_THRESHOLD = 0.15  # share of docks that must stay free'],
        [0.41, 'VAN_CAPACITY_BIKES = 22'],
      ]),
      'logs/rebalancer/run-2026-11-26.log': log('rebalancer', '2026-11-26', 120, [[0.55, '2026-11-26T06:48:02Z ERROR rebalancer plan P-40518 rejected: station ST-0913 Namba Parks reports 0 docks online, 17 bikes stranded in the van queue']]),
      'rebalancer/config/depots.yaml': code('yaml', 70, [[0.6, '    max_stops_per_van_loop: 9']]),
      'deploy/solver-release.json': json({
        service: 'rebalancer',
        environment: 'staging',
        components: [
          ...rows(4, (i) => ({ name: `${pick(WORDS)}-${pick(WORDS)}`, image: `registry.naniwa.example/${pick(WORDS)}:1.${i}.${i + 3}`, replicas: 1 + (i % 3) })),
          { name: 'solver', image: 'registry.naniwa.example/rebalancer-solver:2.14.0', replicas: 2 },
        ],
      }),
      'docs/運用/バッテリー交換.md': BATTERY_DOC,
      'data/stations/occupancy-2026-11-27.csv': csv(
        'station_id,name,docks,bikes,fill,status',
        65,
        (i) => `ST-${String(120 + i * 7).padStart(4, '0')},${pick(['Umeda', 'Namba', 'Tennoji', 'Kyobashi', 'Honmachi'])} ${pick(WORDS)} ${i},${20 + (i % 5) * 4},${5 + (i % 11)},0.${30 + (i % 40)},ok`,
        [[0.5, 'ST-0471,Umeda Chayamachi,40,39,0.98,overflow']],
      ),
    },
    turns: [
      {
        text: "Before we plan anything, open the solver targets so we're looking at the same numbers. #read rebalancer/solver/targets.py",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['LOW_DOCK_THRESHOLD = 0.15', 'VAN_CAPACITY_BIKES = 22'] }],
      },
      {
        text: "OK so this work sits under RBL-2207. What we agreed with ops on Tuesday: the planner recomputes van moves every 20 minutes on a rolling horizon, and the single overnight plan goes away. By 8 am that plan is already stale — commuter flows into Umeda empty about 30 stations before 07:45. Please also set REBALANCE_HORIZON_MIN=90 on the planner deployment. #reply Done: rolling 20-minute replans, horizon 90 minutes.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['RBL-2207'] },
          { category: 'decision', strings: ['the planner recomputes van moves every 20 minutes on a rolling horizon'], reasons: ['commuter flows into Umeda empty about 30 stations before 07:45'] },
          { category: 'identifier', kind: 'env', strings: ['REBALANCE_HORIZON_MIN=90'] },
        ],
      },
      {
        text: '配車アプリ側の API をまとめておきます。バンへの作業指示は POST /ops/v2/vans/{vanId}/tasks、ステーションの在庫は GET /ops/v2/stations/{stationId}/occupancy です。検証用のソルバーは solver.naniwa-stg.internal:7070 に立っています。 #reply ありがとうございます、3 つとも控えました。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /ops/v2/vans/{vanId}/tasks'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /ops/v2/stations/{stationId}/occupancy'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['solver.naniwa-stg.internal:7070'] },
        ],
      },
      {
        text: "This morning's 06:45 plan never reached the vans. What happened? #read logs/rebalancer/run-2026-11-26.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['plan P-40518 rejected', '17 bikes stranded'] }],
      },
      {
        text: '上海来的运营顾问提了一条硬性要求，你写代码时一定要遵守：调度车绝不能被安排在御堂筋的自行车道上停车装卸。 #reply 明白，路线里会排除这种停靠点。',
        facts: [{ category: 'rule', lang: 'zh', strings: ['调度车绝不能被安排在御堂筋的自行车道上停车装卸'] }],
      },
      { text: 'Write down how a replan flows, for the team. #write rebalancer/NOTES.md # Rolling replan\n\nstation occupancy poll -> demand forecast (next 90 min) -> targets per station -> solver -> van tasks -> driver app ack.' },
      { filler: 5500, style: 'work' },
      {
        text: 'Which solver build is staging actually running? #read deploy/solver-release.json',
        facts: [{ category: 'identifier', kind: 'version', source: 'tool', strings: ['rebalancer-solver:2.14.0'] }],
      },
      {
        text: '需要予測の件、決めました。雨の日は需要予測の係数を 0.6 に下げます。先月の雨天日に計画したバン移動のうち 4 割が空振りだったので。それと、梅田エリアに新設する 6 ステーションを 12 月 12 日までに台帳へ登録してください。 #reply 承知しました。係数の変更と、12 日までの登録ですね。',
        facts: [
          { category: 'decision', lang: 'ja', strings: ['雨の日は需要予測の係数を 0.6 に下げます'], reasons: ['先月の雨天日に計画したバン移動のうち 4 割が空振りだった'] },
          { category: 'todo', lang: 'ja', strings: ['梅田エリアに新設する 6 ステーションを', '12 月 12 日までに台帳へ登録してください'] },
        ],
      },
      {
        text: '運用部からバッテリー交換の文書が届きました。計画に影響しますか？ #read docs/運用/バッテリー交換.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['バッテリー交換は残量 25% を下回った車両だけを対象とします'], reasons: ['交換作業員の残業が月 180 時間を超えた'] }],
      },
      {
        text: "Which station is closest to full in tomorrow's snapshot? #read data/stations/occupancy-2026-11-27.csv",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['ST-0471,Umeda Chayamachi,40,39,0.98'] }],
      },
      {
        text: "For the incident write-up: the ops dashboard for Umeda is https://ops.naniwa-cycle.example.jp/areas/umeda/rebalance and the rejected plan's trace id is 44e02d4f-0020-4134-81d8-7a39b9367edf. #reply Both in the write-up.",
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://ops.naniwa-cycle.example.jp/areas/umeda/rebalance'] },
          { category: 'identifier', kind: 'uuid', strings: ['44e02d4f-0020-4134-81d8-7a39b9367edf'] },
        ],
      },
      {
        text: "Two things. If the solver misses its 20-minute slot three times in one morning, fall back to the static overnight plan and page the ops lead. And please, always leave at least two free docks at any station a van drops bikes at — riders get stuck otherwise. #reply Fallback rule and the two-dock margin, noted.",
        facts: [
          { category: 'todo', strings: ['fall back to the static overnight plan and page the ops lead', 'If the solver misses its 20-minute slot three times in one morning'] },
          { category: 'rule', strings: ['always leave at least two free docks at any station a van drops bikes at'] },
        ],
      },
      {
        text: 'How many stops can one van loop have per depot config? #exec grep -n "max_stops_per_van_loop" rebalancer/config/depots.yaml',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['max_stops_per_van_loop: 9'] }],
      },
      {
        text: 'The fill-ratio rounding fix went in as 11468bedf68820b1ab478a348474670f58f89ff0, and every plan the solver emits gets snapshotted to /var/lib/rebalancer/plans/ now. #reply Noted, commit and snapshot dir.',
        facts: [
          { category: 'identifier', kind: 'hash', strings: ['11468bedf68820b1ab478a348474670f58f89ff0'] },
          { category: 'identifier', kind: 'path', strings: ['/var/lib/rebalancer/plans/'] },
        ],
      },
      { text: 'Update the notes with the fallback and the rain factor. #write rebalancer/NOTES.md # Rolling replan\n\nstation occupancy poll -> demand forecast (next 90 min, x0.6 on rain) -> targets per station -> solver -> van tasks -> driver app ack.\n\nFallback: three missed slots in a morning -> static overnight plan, page ops lead.' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'q2-jury-summons',
    set: 'held-out-34',
    files: {
      'mailer/config/print-vendor.yaml': code('yaml', 75, [
        [0.35, '    batch_size_envelopes: 2500'],
        [0.36, '    postage_class: "USPS-FirstClass-Presort"'],
      ]),
      'logs/mailer/dispatch-2026-11-25.log': log('summons-mailer', '2026-11-25', 110, [[0.45, '2026-11-25T02:17:40Z ERROR summons-mailer batch SB-20871 held: 312 addresses failed NCOA check (moved, no forwarding), 0 envelopes printed']]),
      'deploy/mailer/cronjob.yaml': code('yaml', 60, [[0.5, '    image: registry.marlow-courts.example/summons-mailer:4.2.0']]),
      'docs/policy/deferrals.md': essay('Jury office policy: deferrals and excusals', 6, [
        [0.5, 'Decision: a juror may defer online only once in any 12-month period; a second request goes to the jury commissioner in person. In the pilot, 23% of jurors who deferred online deferred again and never served at all.'],
      ]),
      'docs/國民法官/通知書寄送.md': NOTICE_DOC,
      'exports/undeliverable-2026-11.csv': csv(
        'juror_id,status,reason,returned_on,pool',
        70,
        (i) => `J-2026-00${String(3100 + i * 13)},${pick(['undeliverable', 'returned'])},${pick(['moved', 'no-such-street', 'vacant'])},2026-11-${String(3 + (i % 20)).padStart(2, '0')},P-${17 + (i % 4)}`,
        [[0.6, 'J-2026-004471,undeliverable,deceased,2026-11-19,P-19']],
      ),
      'mailer/CHANGELOG.md': '# Changelog\n\n## 4.2.0\n\n- Batch printing through the vendor SFTP drop.\n- NCOA check before printing.\n',
    },
    turns: [
      {
        text: "Ground rule before we touch anything: a summons letter never shows the juror's full date of birth, birth year only. #reply Understood, birth year only on letters.",
        facts: [{ category: 'rule', strings: ["a summons letter never shows the juror's full date of birth, birth year only"] }],
      },
      {
        text: "The mailer rewrite for Marlow County is JURY-5120. The court has decided summonses go out 8 weeks before the service date instead of 6. Roughly one letter in seven comes back undeliverable, and 6 weeks left the jury office no time to summon replacements. #reply Got it, 8 weeks.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['JURY-5120'] },
          { category: 'decision', strings: ['summonses go out 8 weeks before the service date instead of 6'], reasons: ['6 weeks left the jury office no time to summon replacements'] },
        ],
      },
      {
        text: 'What batch size and postage class do we hand the print vendor? #read mailer/config/print-vendor.yaml',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['batch_size_envelopes: 2500', 'postage_class: "USPS-FirstClass-Presort"'] }],
      },
      {
        text: '台北開發組整理好的介面：建立寄送批次是 POST /summons/api/v1/batches，查單一陪審員的送達狀態是 GET /summons/api/v1/jurors/{jurorId}/status，地址清洗服務跑在 ncoa-proxy.court-dev.internal:9443。 #reply 收到，三個都記下來了。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['POST /summons/api/v1/batches'] },
          { category: 'identifier', kind: 'route', lang: 'zh', strings: ['GET /summons/api/v1/jurors/{jurorId}/status'] },
          { category: 'identifier', kind: 'host:port', lang: 'zh', strings: ['ncoa-proxy.court-dev.internal:9443'] },
        ],
      },
      { filler: 3000, style: 'work' },
      {
        text: "Tuesday's batch never got printed. Find out why in the dispatch log. #read logs/mailer/dispatch-2026-11-25.log",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['batch SB-20871 held', '312 addresses failed NCOA check'] }],
      },
      {
        text: '另外麻煩你：12 月 8 日（星期一）以前，把 2027 年第一季的候選陪審員名冊匯入測試環境，書記處要先核對。 #reply 好的，8 號以前匯入。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['把 2027 年第一季的候選陪審員名冊匯入測試環境', '12 月 8 日（星期一）以前'] }],
      },
      {
        text: 'Which mailer image does the nightly cron job run? #exec grep -n "image:" deploy/mailer/cronjob.yaml',
        facts: [{ category: 'identifier', kind: 'version', source: 'tool', strings: ['summons-mailer:4.2.0'] }],
      },
      {
        text: 'The jury office sent their deferral policy. Does it change the self-service flow? #read docs/policy/deferrals.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['a juror may defer online only once in any 12-month period'], reasons: ['23% of jurors who deferred online deferred again and never served'] }],
      },
      {
        text: "For the runbook: dry runs are switched on with MAILER_DRY_RUN=1, the vendor's job for the January pool is e142760d-b7c6-4720-8afb-4cb5ebf3bd4a, and proofs can be checked at https://proofs.printhaus.example.com/jobs/marlow-jury. #reply All three are in the runbook.",
        facts: [
          { category: 'identifier', kind: 'env', strings: ['MAILER_DRY_RUN=1'] },
          { category: 'identifier', kind: 'uuid', strings: ['e142760d-b7c6-4720-8afb-4cb5ebf3bd4a'] },
          { category: 'identifier', kind: 'url', strings: ['https://proofs.printhaus.example.com/jobs/marlow-jury'] },
        ],
      },
      {
        text: "Let's switch the return address to the jury office's PO box. Returned envelopes sent to the courthouse were getting mixed in with general mail and sat unopened for weeks. #reply Return address becomes the PO box.",
        facts: [{ category: 'decision', strings: ["switch the return address to the jury office's PO box"], reasons: ['Returned envelopes sent to the courthouse were getting mixed in with general mail'] }],
      },
      { text: 'Start a mailing calendar page. #write mailer/docs/mailing-calendar.md # Mailing calendar\n\nservice date minus 8 weeks: summons batch\nminus 6 weeks: undeliverable report\nminus 5 weeks: replacement batch\nminus 1 week: reminder postcard' },
      { filler: 2500, style: 'work' },
      {
        text: '臺北地院的國民法官事務科也改了寄送方式，幫我看一下。 #read docs/國民法官/通知書寄送.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['選任通知書一律改以掛號郵件寄送'], reasons: ['平信寄送時約有 18% 的候選國民法官表示未收到通知'] }],
      },
      {
        text: 'Anything odd in the November undeliverables? #read exports/undeliverable-2026-11.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['J-2026-004471,undeliverable,deceased'] }],
      },
      {
        text: "Once the print vendor confirms the new envelope window size, regenerate the address block template. The January 5 mailing can't go out with the old one. #reply I'll redo the template when they confirm.",
        facts: [{ category: 'todo', strings: ['regenerate the address block template', 'Once the print vendor confirms the new envelope window size'] }],
      },
      {
        text: '書記處的規矩：任何寄送批次都必須先在 staging 跑過一次 dry run，才可以送印。 #reply 了解，沒跑過 dry run 不送印。',
        facts: [{ category: 'rule', lang: 'zh', strings: ['任何寄送批次都必須先在 staging 跑過一次 dry run，才可以送印'] }],
      },
      {
        text: '大阪のチームから報告です。呼出状の PDF はフォントを埋め込んで生成する方針にしました。埋め込まずに出したところ、古い Windows の端末で氏名の旧字体が文字化けしたそうです。 #reply 了解です、フォント埋め込みで生成します。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['呼出状の PDF はフォントを埋め込んで生成する'], reasons: ['古い Windows の端末で氏名の旧字体が文字化けした'] }],
      },
      {
        text: 'NCOA retry landed as ae4557cb567c84638f1968dff3816ec963957712; printed batch PDFs are archived under /srv/summons/archive/2026/ from now on. #reply Recorded both.',
        facts: [
          { category: 'identifier', kind: 'hash', strings: ['ae4557cb567c84638f1968dff3816ec963957712'] },
          { category: 'identifier', kind: 'path', strings: ['/srv/summons/archive/2026/'] },
        ],
      },
      { text: 'Add this release to the changelog. #write mailer/CHANGELOG.md # Changelog\n\n## 4.3.0\n\n- Summonses mailed 8 weeks ahead.\n- Return address: jury office PO box.\n- Fonts embedded in summons PDFs.\n\n## 4.2.0\n\n- Batch printing through the vendor SFTP drop.\n- NCOA check before printing.\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'q3-permit-to-work',
    set: 'held-out-34',
    files: {
      'ptw/src/isolation/checks.ts': code('ts', 95, [
        [0.5, 'export const GAS_TEST_VALID_MINUTES = 120;'],
        [0.51, 'const MAX_CONCURRENT_HOT_WORK_PER_UNIT = 2;'],
      ]),
      'logs/ptw/permit-service-2026-11-26.log': log('permit-service', '2026-11-26', 115, [[0.5, '2026-11-26T04:33:19Z WARN permit-service permit PTW-77812 auto-suspended: LEL reading 12% at tank farm TF-3 exceeds the 10% limit, hot work stopped']]),
      'config/areas.json': json({
        site: 'kawasaki',
        areas: [
          ...rows(5, (i) => ({ code: `U${i + 1}`, name: `${pick(WORDS)} unit ${i + 1}`, area_id: `0000000${i}-0000-4000-8000-00000000000${i}`, hot_work: i % 2 === 0 })),
          { code: 'TF-3', name: 'tank farm 3', area_id: '3d738479-0620-4f32-ab4f-0e1c9d40ea78', hot_work: false },
        ],
      }),
      'docs/安全/閉所作業.md': CONFINED_DOC,
      'docs/宁波/承包商安全.md': CONTRACTOR_DOC,
      'data/isolations/unit-4-lockouts.csv': csv(
        'loto_id,valve,state,locked_by,permit',
        60,
        (i) => `LOTO-${4300 + i},V-${4100 + i},closed-locked,op${String(10 + (i % 30)).padStart(3, '0')},PTW-${77700 + i}`,
        [[0.4, 'LOTO-4419,V-4102,open,op017,PTW-77812']],
      ),
    },
    turns: [
      {
        text: "Right, permit-to-work. The big one we settled yesterday: hot-work permits will be issued per job, not per shift, since per-shift permits let a second crew inherit a gas test that was done for a different location. #reply Per job it is.",
        facts: [{ category: 'decision', strings: ['hot-work permits will be issued per job, not per shift'], reasons: ['per-shift permits let a second crew inherit a gas test that was done for a different location'] }],
      },
      {
        text: '川崎工場の安全課からの注意点です。許可証の発行者と作業責任者を同じ人が兼ねてはいけません。あと、今月 30 日までに第 4 ユニットの隔離点リストを最新版に差し替えておいてください。 #reply 承知しました。兼務のチェックと、30 日までの差し替えですね。',
        facts: [
          { category: 'rule', lang: 'ja', strings: ['許可証の発行者と作業責任者を同じ人が兼ねてはいけません'] },
          { category: 'todo', lang: 'ja', strings: ['第 4 ユニットの隔離点リストを最新版に差し替えておいてください', '今月 30 日までに'] },
        ],
      },
      {
        text: 'How long is a gas test valid in the code, and how much hot work can run at once? #read ptw/src/isolation/checks.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['GAS_TEST_VALID_MINUTES = 120', 'MAX_CONCURRENT_HOT_WORK_PER_UNIT = 2'] }],
      },
      {
        text: 'Integration points, so they are written down somewhere: the DCS bridge suspends a permit with POST /ptw/v1/permits/{permitId}/suspend, the gas detector gateway is gasgw.kwsk-plant.internal:502 over Modbus, and the poller runs with PTW_GAS_POLL_SECONDS=30. #reply Noted all three.',
        facts: [
          { category: 'identifier', kind: 'route', strings: ['POST /ptw/v1/permits/{permitId}/suspend'] },
          { category: 'identifier', kind: 'host:port', strings: ['gasgw.kwsk-plant.internal:502'] },
          { category: 'identifier', kind: 'env', strings: ['PTW_GAS_POLL_SECONDS=30'] },
        ],
      },
      {
        text: 'A welding job at the tank farm got stopped overnight. Check the permit service log. #read logs/ptw/permit-service-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['permit PTW-77812 auto-suspended', 'LEL reading 12% at tank farm TF-3'] }],
      },
      { text: 'Keep a notes file for the permit lifecycle. #write ptw/NOTES.md # Permit lifecycle\n\nrequest -> isolation plan -> gas test -> issue (issuer != performing authority) -> work -> suspend on alarm -> hand back -> close at the job site.' },
      { filler: 5500, style: 'work' },
      {
        text: 'チケットは Jira の SAFE-4471 にまとめてあります。ワークフローの仕様書は https://confluence.kwsk-chem.example.jp/ptw/workflow-v3 を見てください。 #reply ありがとうございます、両方とも確認しました。',
        facts: [
          { category: 'identifier', kind: 'ticket', lang: 'ja', strings: ['SAFE-4471'] },
          { category: 'identifier', kind: 'url', lang: 'ja', strings: ['https://confluence.kwsk-chem.example.jp/ptw/workflow-v3'] },
        ],
      },
      {
        text: '安全環境課から閉所作業の運用変更が出ています。読んでください。 #read docs/安全/閉所作業.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['閉所作業の監視人は他の許可証を兼務できない'], reasons: ['監視人が別の作業の立会いに呼ばれて 12 分間持ち場を離れていた'] }],
      },
      {
        text: 'What is the area id of the tank farm where that permit was suspended? #read config/areas.json',
        facts: [{ category: 'identifier', kind: 'uuid', source: 'tool', strings: ['3d738479-0620-4f32-ab4f-0e1c9d40ea78'] }],
      },
      {
        text: '宁波工厂那边定了：承包商的作业许可一律要由我方的区域负责人会签。上个月两起未遂事件，都是承包商自己开票、没有人核对隔离点。还有，如果宁波的 SAP 接口到 12 月 15 日还上不了线，就先每天用 CSV 导一次工单。 #reply 好的：会签规则照做，SAP 接口延期的话先用 CSV。',
        facts: [
          { category: 'decision', lang: 'zh', strings: ['承包商的作业许可一律要由我方的区域负责人会签'], reasons: ['都是承包商自己开票、没有人核对隔离点'] },
          { category: 'todo', lang: 'zh', strings: ['就先每天用 CSV 导一次工单', '如果宁波的 SAP 接口到 12 月 15 日还上不了线'] },
        ],
      },
      {
        text: 'Is any valve in the unit 4 lockouts not where it should be? #read data/isolations/unit-4-lockouts.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['LOTO-4419,V-4102,open'] }],
      },
      {
        text: '宁波安全管理部的补充规定，看看系统要改什么。 #read docs/宁波/承包商安全.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['承包商人员未通过线上安全考试的，不得列入作业许可的作业人员名单'], reasons: ['三季度的 9 起违章中有 7 起涉及未经培训的临时工'] }],
      },
      {
        text: 'Non-negotiable from the site manager: a permit can only be closed after the area operator has signed off at the job location, never from the control room. #reply Closing needs the on-site sign-off, understood.',
        facts: [{ category: 'rule', strings: ['a permit can only be closed after the area operator has signed off at the job location'] }],
      },
      {
        text: "Storage: permits live in Postgres with an append-only audit table; the app never updates a permit row in place. The regulator's auditors want every change to a permit reconstructable after the fact. #reply Append-only audit table, agreed.",
        facts: [{ category: 'decision', strings: ['permits live in Postgres with an append-only audit table'], reasons: ["The regulator's auditors want every change to a permit reconstructable"] }],
      },
      {
        text: 'Release notes for the pilot: ptw-service 1.9.0 is what runs in Kawasaki, the auto-suspend fix is 746b4265fbffc1d67f85704ca99c51dca8e35896, signed permit PDFs are stored under /data/ptw/signed/, and the control room reads GET /ptw/v1/units/{unitId}/active-permits. #reply All four in the release notes.',
        facts: [
          { category: 'identifier', kind: 'version', strings: ['ptw-service 1.9.0'] },
          { category: 'identifier', kind: 'hash', strings: ['746b4265fbffc1d67f85704ca99c51dca8e35896'] },
          { category: 'identifier', kind: 'path', strings: ['/data/ptw/signed/'] },
          { category: 'identifier', kind: 'route', strings: ['GET /ptw/v1/units/{unitId}/active-permits'] },
        ],
      },
      {
        text: 'Before the turnaround starts on 12 January, load the turnaround job list into the permit planner and flag every job that needs confined-space entry. #reply Will do before the 12th.',
        facts: [{ category: 'todo', strings: ['load the turnaround job list into the permit planner', 'Before the turnaround starts on 12 January'] }],
      },
      { text: 'Update the lifecycle notes with the contractor rules. #write ptw/NOTES.md # Permit lifecycle\n\nrequest -> isolation plan -> gas test -> issue (issuer != performing authority; contractors countersigned by our area lead, trained crew only) -> work -> suspend on alarm -> hand back -> close at the job site.\n\nConfined space: a dedicated standby person per permit.' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
