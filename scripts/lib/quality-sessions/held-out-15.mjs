// The fifteenth HELD-OUT set of the planted-facts compaction benchmark (issue 18), written on 2026-11-27 by an
// independent writer who never saw the extraction code, its tests or any benchmark result: new projects (a
// broadcaster's subtitle timing pipeline, a city's snow-plough dispatch, a dental chain's X-ray archive), new wording,
// work-style filler. Never tuned on: never tune extraction on it and never read its results while changing
// extraction; its figures are the ones the targets are checked on.
// Same format as tuning.mjs / held-out.mjs (see there): a turn is { text, facts? }, a fact { category, kind?, lang?,
// source?, strings, reasons? }, { filler: n, style } about n tokens of unrelated turns (style 'work': engineering side
// questions, see gen.mjs). `lang` is the language the fact is stated in.

import { WORDS, csv, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x15b7c3);

const LIVE_DOC = `# ライブ字幕の送出タイミングについて

編成・アクセシビリティ推進室 · 2026 年 11 月

生放送の字幕は現在、速記者の入力がそのまま送出されています。討論番組では話者の言い直しが多く、誤字幕の訂正が画面上に二重に出る苦情が先月だけで 41 件ありました。

各局の事例を調べたところ、送出を数秒遅らせて訂正を吸収する運用が一般的です。視聴者調査でも、多少の遅れより誤字幕のほうが不快だという回答が 7 割を超えました。

結論：生放送の字幕は映像より 4 秒遅らせて送出することにします。速記者が言い直しや誤変換をその場で直せる時間を確保するためです。

ニュース速報と緊急地震速報のテロップはこの遅延の対象外とし、即時に送出します。
`;

const HARBIN_DOC = `# 低温条件下的融雪剂配比（哈尔滨市政交流材料）

市政养护中心 · 2026 年 11 月

哈尔滨每年有四个月以上的冰冻期，主干道除雪作业以撒布融雪剂和防滑砂为主。过去三个冬季我们在 12 条主干道上做了对比试验。

试验发现：气温在零下 10 度以上时，纯盐的融雪效果最好；气温继续下降后，盐的效果迅速变差，而砂的防滑作用基本不受温度影响。

决定：气温低于零下 12 度时，撒布车改用盐砂比 3:7 的混合料。因为低于零下 12 度时盐几乎化不开冰面，多撒只是浪费而且腐蚀路面和车辆。

气温回升到零下 8 度以上时恢复纯盐撒布。
`;

const RETENTION_DOC = `# X 線画像の保存期間の見直し

法務・コンプライアンス部 · 2026 年 11 月

現在、全医院の X 線画像とパノラマ画像は撮影日から一律 5 年間保存し、その後自動削除しています。

矯正歯科の患者は治療が 10 年近く続くことがあり、初診時の画像と比較できないという声が医院長会議で繰り返し出ています。また、小児の患者については、成人後に医療紛争が起きた際の証拠として画像が必要になった例が昨年 2 件ありました。

方針：未成年の患者の画像は 20 歳の誕生日から 5 年間、削除せずに保存する。成人後に争いになった場合、撮影当時の画像がなければ説明責任を果たせないからです。

成人患者の保存期間は当面 5 年のまま変更しません。
`;

export const SESSIONS = [
  {
    id: 'q1-subtitle-timing',
    set: 'held-out-15',
    files: {
      'subsync/config/aligner.yaml': code('yaml', 72, [
        [0.22, '    max_drift_ms: 180'],
        [0.64, '    min_cue_gap_frames: 2'],
      ]),
      'logs/subsync/live-2026-11-26.log': log('subsync', '2026-11-26', 120, [[0.08, '2026-11-26T01:00:03Z INFO  subsync attached to playout bridge at ntv-playout-02.nordlys.internal:9120'], [0.52, '2026-11-26T02:14:09Z ERROR subsync channel NTV-3 cue 48817 rejected: end timecode 21:04:11:12 precedes start 21:04:11:19']]),
      'reports/drift-by-channel.csv': csv(
        'channel,genre,date,p95_drift_ms',
        48,
        (i) => `NTV-${1 + (i % 6)},${pick(['news', 'drama', 'sport', 'kids', 'docs'])},2026-11-${String(10 + (i % 15)).padStart(2, '0')},${300 + 13 * i}`,
        [[0.7, 'NTV-3,talk,2026-11-25,2412']],
      ),
      'docs/字幕/ライブ字幕の送出.md': LIVE_DOC,
      'subsync/src/aligner.py': code('py', 60, []),
    },
    turns: [
      {
        text: "Before we talk about anything else, what are the drift and cue-gap limits in the aligner config? #read subsync/config/aligner.yaml",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['max_drift_ms: 180', 'min_cue_gap_frames: 2'] }],
      },
      {
        text: "OK, background: this is the subtitle timing work for Nordlys Broadcasting, ticket CAPS-2094. We'll re-time every cue with forced alignment against the programme audio rather than trusting the stenographers' keystroke timestamps. Those drift by up to 2.5 seconds on the fast talk shows. #reply Forced alignment it is.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['CAPS-2094'] },
          { category: 'decision', strings: ['re-time every cue with forced alignment against the programme audio'], reasons: ['drift by up to 2.5 seconds on the fast talk shows'] },
        ],
      },
      {
        text: '放送基準の話です。字幕は 1 キューあたり最低 1.2 秒は必ず表示させてください。あと、キューの登録は POST /captions/v2/programmes/{programmeId}/cues、チャンネル別のずれは GET /captions/v2/channels/{channelId}/drift で取れます。 #reply 了解です、1.2 秒は必ず守ります。',
        facts: [
          { category: 'rule', lang: 'ja', strings: ['字幕は 1 キューあたり最低 1.2 秒は必ず表示させてください'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /captions/v2/programmes/{programmeId}/cues'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['GET /captions/v2/channels/{channelId}/drift'] },
        ],
      },
      {
        text: 'Last night NTV-3 had captions vanish for a few seconds during the late debate. Anything in the live log? #read logs/subsync/live-2026-11-26.log',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['cue 48817 rejected', 'end timecode 21:04:11:12 precedes start 21:04:11:19'] },
          { category: 'identifier', kind: 'host:port', source: 'tool', strings: ['ntv-playout-02.nordlys.internal:9120'] },
        ],
      },
      {
        text: "For the staging aligner: it listens on aligner.caps-stg.nordlys.internal:7443, the build we're on is subsync-aligner 2.7.0, and it reads its audio window from SUBSYNC_AUDIO_WINDOW_S=12. Also — 请在 12 月 8 日之前把体育频道的字幕延迟参数重新校准一遍，球赛解说的语速和新闻完全不一样。 #reply 记下了，8 号之前校准体育频道。",
        facts: [
          { category: 'identifier', kind: 'host:port', strings: ['aligner.caps-stg.nordlys.internal:7443'] },
          { category: 'identifier', kind: 'version', strings: ['subsync-aligner 2.7.0'] },
          { category: 'identifier', kind: 'env', strings: ['SUBSYNC_AUDIO_WINDOW_S=12'] },
          { category: 'todo', lang: 'zh', strings: ['把体育频道的字幕延迟参数重新校准一遍', '12 月 8 日之前'] },
        ],
      },
      { text: 'Start a notes file with the pipeline as it stands. #write subsync/NOTES.md # Subtitle timing pipeline\n\nstenographer feed -> cue parser -> forced alignment on programme audio -> gap and duration checks -> playout inserter -> OTT packager.' },
      { filler: 5500, style: 'work' },
      {
        text: 'The accessibility office sent their decision on live delay, please read it. #read docs/字幕/ライブ字幕の送出.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['生放送の字幕は映像より 4 秒遅らせて送出する'], reasons: ['速記者が言い直しや誤変換をその場で直せる時間を確保するため'] }],
      },
      {
        text: "Which channel drifts worst in the report? #read reports/drift-by-channel.csv",
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['NTV-3,talk,2026-11-25,2412'] }],
      },
      {
        text: "One thing I want settled: we do not burn captions into the OTT renditions, we ship them as WebVTT sidecars. The regulator counts burned-in text against us since viewers can't switch it off. And a standing rule for the whole project: never write to the archived masters, only to the proxy copies. #reply Sidecars, and masters stay read-only.",
        facts: [
          { category: 'decision', strings: ['we do not burn captions into the OTT renditions'], reasons: ["viewers can't switch it off"] },
          { category: 'rule', strings: ['never write to the archived masters, only to the proxy copies'] },
        ],
      },
      {
        text: "When the Finnish feed goes live: if the aligner's confidence drops below 0.7 on more than 5 % of cues, fall back to keystroke timing for that channel only. #reply Will do.",
        facts: [{ category: 'todo', strings: ['fall back to keystroke timing for that channel only', "if the aligner's confidence drops below 0.7 on more than 5 % of cues"] }],
      },
      {
        text: 'Links and refs for the hand-over doc: review queue https://caps.nordlys.example.no/review/queue?channel=NTV-3, the gap-check fix is commit 9b41d0c7e3a25f8816cd0e4a7b2f95c3d1e06a8b, and the rendered VTT files go to /srv/subsync/spool/vtt/. The failing programme has id 0c5e8f12-7a3b-4d96-b1e4-58a9d2c6f731. #reply All four noted.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://caps.nordlys.example.no/review/queue?channel=NTV-3'] },
          { category: 'identifier', kind: 'hash', strings: ['9b41d0c7e3a25f8816cd0e4a7b2f95c3d1e06a8b'] },
          { category: 'identifier', kind: 'path', strings: ['/srv/subsync/spool/vtt/'] },
          { category: 'identifier', kind: 'uuid', strings: ['0c5e8f12-7a3b-4d96-b1e4-58a9d2c6f731'] },
        ],
      },
      {
        text: '还有一件事定下来了：字幕文件统一用 UTF-8 不带 BOM 输出。原因是机顶盒的老固件遇到 BOM 会把第一行显示成乱码。 #reply 明白，不带 BOM。',
        facts: [{ category: 'decision', lang: 'zh', strings: ['字幕文件统一用 UTF-8 不带 BOM 输出'], reasons: ['机顶盒的老固件遇到 BOM 会把第一行显示成乱码'] }],
      },
      { text: 'Add a clamp so an end timecode can never come before its start. #write subsync/src/aligner.py def clamp_cue(cue):\n    if cue.end <= cue.start:\n        cue.end = cue.start + cue.min_duration\n    return cue\n' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'q2-snow-plough-dispatch',
    set: 'held-out-15',
    files: {
      'dispatch/config/service-levels.json': json({
        city: 'Lakeshore',
        season: '2026-27',
        priority_1_max_minutes: 95,
        priority_2_max_minutes: 240,
        residential_trigger_cm: 8,
        telemetry_url: 'https://avl.snowops.lakeshore.example.ca/v1/positions',
        zones: rows(14, (i) => ({ zone: `Z-${String(i + 1).padStart(2, '0')}`, trucks: 3 + (i % 4), depot: pick(['North', 'East', 'Harbour', 'West']) })),
      }),
      'logs/avl/ingest-2026-11-26.log': log('avl-ingest', '2026-11-26', 110, [
        [0.35, '2026-11-26T01:37:44Z INFO  avl-ingest storm event 3f9c2a71-8d4e-4b0a-9e55-1c7d2b6a0f43 opened by duty supervisor'],
        [0.61, '2026-11-26T02:22:05Z WARN  avl-ingest truck P-214 no GPS fix for 23 minutes, last seen Bayview Ave / Quarry Rd'],
        [0.83, '2026-11-26T02:49:30Z WARN  avl-ingest 17 position messages dropped: payload over 2048 bytes'],
      ]),
      'data/salt/depots.csv': csv(
        'depot,site,salt_tonnes,sand_tonnes',
        30,
        (i) => `D-${pick(['East', 'West', 'South'])}${i},${pick(WORDS)} yard ${i},${800 + 31 * i},${150 + 9 * i}`,
        [[0.4, 'D-North,Harlow Yard,212,940']],
      ),
      'docs/除雪/低温配比.md': HARBIN_DOC,
      'dispatch/src/assign.ts': code('ts', 70, []),
    },
    turns: [
      {
        text: "Two ground rules before you touch the dispatch code. School bus routes are always cleared before residential streets, no exceptions. And only the duty supervisor may close a storm event — the code must never close one on a timer. #reply Understood, both rules.",
        facts: [
          { category: 'rule', strings: ['School bus routes are always cleared before residential streets'] },
          { category: 'rule', strings: ['only the duty supervisor may close a storm event'] },
        ],
      },
      {
        text: "What are our service levels this season? #read dispatch/config/service-levels.json",
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['"priority_1_max_minutes": 95', '"residential_trigger_cm": 8'] },
          { category: 'identifier', kind: 'url', source: 'tool', strings: ['https://avl.snowops.lakeshore.example.ca/v1/positions'] },
        ],
      },
      {
        text: "Right. We're replacing the fixed beat maps with dynamic assignment: each free plough gets the highest-priority uncleared segment within 4 km. Fixed beats left Harbour district untouched for nine hours in the February storm while two trucks idled in the north. #reply Makes sense — dynamic assignment.",
        facts: [{ category: 'decision', strings: ['replacing the fixed beat maps with dynamic assignment'], reasons: ['Fixed beats left Harbour district untouched for nine hours'] }],
      },
      {
        text: 'GPS 端末のベンダー（北斗テレマティクス）から連絡です。位置情報は PUT /avl/v1/vehicles/{vehicleId}/position で送られてきて、受け口は avl-gw.snowops.lakeshore.internal:5683 です。ファームは hokuto-fw 4.12.3 に揃っています。 #reply 了解しました。',
        facts: [
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['PUT /avl/v1/vehicles/{vehicleId}/position'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['avl-gw.snowops.lakeshore.internal:5683'] },
          { category: 'identifier', kind: 'version', lang: 'ja', strings: ['hokuto-fw 4.12.3'] },
        ],
      },
      {
        text: 'Did anything odd happen in last night\'s telemetry ingest? #read logs/avl/ingest-2026-11-26.log',
        facts: [
          { category: 'tool-finding', source: 'tool', strings: ['truck P-214 no GPS fix for 23 minutes'] },
          { category: 'tool-finding', source: 'tool', strings: ['17 position messages dropped: payload over 2048 bytes'] },
          { category: 'identifier', kind: 'uuid', source: 'tool', strings: ['3f9c2a71-8d4e-4b0a-9e55-1c7d2b6a0f43'] },
        ],
      },
      { filler: 5500, style: 'work' },
      {
        text: "Tracking this under PLOW-733 from now on. Deadline item: before the first forecast snowfall of over 10 cm, load the new zone polygons into the assignment service, and Marta needs them by December 3 at the latest. #reply PLOW-733, polygons before the first big snowfall.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['PLOW-733'] },
          { category: 'todo', strings: ['load the new zone polygons into the assignment service', 'by December 3 at the latest'] },
        ],
      },
      {
        text: '哈尔滨那边发来了他们的经验材料，你看一下。 #read docs/除雪/低温配比.md',
        facts: [{ category: 'decision', lang: 'zh', source: 'tool', strings: ['气温低于零下 12 度时，撒布车改用盐砂比 3:7 的混合料'], reasons: ['低于零下 12 度时盐几乎化不开冰面'] }],
      },
      {
        text: 'Which depot is lowest on salt? #read data/salt/depots.csv',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['D-North,Harlow Yard,212,940'] }],
      },
      {
        text: '那就这么定：北区仓库的盐先从东区调 300 吨过去，不等供应商补货了，供应商这周的排期已经满了。另外，如果夜间气温连续两天低于零下 20 度，就提前通知所有承包商启用备用车。 #reply 好的，调盐和备用车都记下了。',
        facts: [
          { category: 'decision', lang: 'zh', strings: ['北区仓库的盐先从东区调 300 吨过去'], reasons: ['供应商这周的排期已经满了'] },
          { category: 'todo', lang: 'zh', strings: ['提前通知所有承包商启用备用车', '如果夜间气温连续两天低于零下 20 度'] },
        ],
      },
      {
        text: "Config bits for the deploy: the assignment radius is ASSIGN_RADIUS_M=4000, the release is tagged dispatch-core v1.9.0 at 5e7a0c3b91d24f68a0b1c9e2d47f8a36b5c10e92, and route snapshots land in /var/lib/snowops/snapshots/. #reply Noted, thanks.",
        facts: [
          { category: 'identifier', kind: 'env', strings: ['ASSIGN_RADIUS_M=4000'] },
          { category: 'identifier', kind: 'version', strings: ['dispatch-core v1.9.0'] },
          { category: 'identifier', kind: 'hash', strings: ['5e7a0c3b91d24f68a0b1c9e2d47f8a36b5c10e92'] },
          { category: 'identifier', kind: 'path', strings: ['/var/lib/snowops/snapshots/'] },
        ],
      },
      { text: 'Write the dynamic assignment step into assign.ts. #write dispatch/src/assign.ts export function nextSegment(truck: Truck, open: Segment[]): Segment | undefined {\n  return open.filter((s) => distanceM(truck, s) <= radiusM).sort(byPriorityThenAge)[0];\n}\n' },
      {
        text: "Last call on plough blades: we'll switch the arterial trucks to carbide-edged blades. Steel edges were wearing through in about 30 hours on the new concrete, so crews were swapping mid-storm. #reply Carbide on the arterials.",
        facts: [{ category: 'decision', strings: ['switch the arterial trucks to carbide-edged blades'], reasons: ['Steel edges were wearing through in about 30 hours'] }],
      },
      { text: 'Leave a short storm-night checklist for the supervisors. #write docs/runbook/storm-night.md # Storm night\n\n1. Open the storm event in the console.\n2. Check every truck reports a position within five minutes.\n3. Watch the uncleared priority list every half hour.' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
  {
    id: 'q3-dental-xray-archive',
    set: 'held-out-15',
    files: {
      'archive/config/pacs.yaml': code('yaml', 66, [
        [0.18, '    ae_title: KOYO_ARCH01'],
        [0.57, '    compress_lossless_only: true'],
      ]),
      'logs/pacs/cstore-2026-11-26.log': log('pacs-gw', '2026-11-26', 118, [[0.47, '2026-11-26T03:05:51Z ERROR pacs-gw C-STORE from SENSOR-OSAKA-07 failed: status 0xA700 out of resources, 312 images queued']]),
      'reports/storage-by-clinic.json': json({
        generated: '2026-11-26',
        clinics: [
          ...rows(9, (i) => ({ clinic: `${pick(['Kobe', 'Nara', 'Sakai', 'Kyoto'])}-${i}`, tb_used: Number((2 + i * 0.7).toFixed(2)), studies: 4000 + 211 * i })),
          { clinic: 'Umeda', tb_used: 14.27, studies: 61388 },
        ],
      }),
      'docs/保存方針/画像保存期間.md': RETENTION_DOC,
      'archive/src/migrate.py': code('py', 64, []),
      'archive/NOTES.md': '# X-ray archive\n\nOn-prem PACS per clinic today; moving to one central archive.\n',
    },
    turns: [
      {
        text: '法務部から保存期間の新しい方針が来たので、まずそれを読んでください。 #read docs/保存方針/画像保存期間.md',
        facts: [{ category: 'decision', lang: 'ja', source: 'tool', strings: ['未成年の患者の画像は 20 歳の誕生日から 5 年間、削除せずに保存する'], reasons: ['撮影当時の画像がなければ説明責任を果たせない'] }],
      },
      {
        text: "Context for the rest: Kōyō Dental Group is consolidating 23 clinics' X-ray PACS into one archive, ticket DENT-4410. Design call: we store the images in S3-compatible object storage with Orthanc as the DICOM front end, not another vendor PACS. The vendor quote was per-study licensing, roughly ¥38 million a year at our volume. #reply Orthanc plus object storage, noted.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['DENT-4410'] },
          { category: 'decision', strings: ['store the images in S3-compatible object storage with Orthanc as the DICOM front end'], reasons: ['per-study licensing, roughly ¥38 million a year'] },
        ],
      },
      {
        text: 'What AE title and compression does the archive config use? #read archive/config/pacs.yaml',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['ae_title: KOYO_ARCH01', 'compress_lossless_only: true'] }],
      },
      {
        text: "Privacy constraint, non-negotiable: patient names and birth dates must never leave Japan, so no replica of the archive outside ap-northeast regions. Also prefer re-using the clinics' existing DICOM modality worklists rather than building our own. #reply Both understood.",
        facts: [
          { category: 'rule', strings: ['patient names and birth dates must never leave Japan'] },
          { category: 'rule', strings: ["prefer re-using the clinics' existing DICOM modality worklists"] },
        ],
      },
      {
        text: '接続先です。移行用の DICOMweb は https://pacs.koyo-dental.example.jp/dicom-web/studies、STOW は POST /dicom-web/studies、Orthanc のステージングは orthanc-stg.koyo.internal:8042 です。梅田院の移行バッチの ID は 6d2b9e47-1f08-4c3a-a5d7-93e0b8f14c26 です。 #reply 控えました。',
        facts: [
          { category: 'identifier', kind: 'url', lang: 'ja', strings: ['https://pacs.koyo-dental.example.jp/dicom-web/studies'] },
          { category: 'identifier', kind: 'route', lang: 'ja', strings: ['POST /dicom-web/studies'] },
          { category: 'identifier', kind: 'host:port', lang: 'ja', strings: ['orthanc-stg.koyo.internal:8042'] },
          { category: 'identifier', kind: 'uuid', lang: 'ja', strings: ['6d2b9e47-1f08-4c3a-a5d7-93e0b8f14c26'] },
        ],
      },
      {
        text: 'Osaka says a sensor stopped sending overnight. What does the gateway log show? #read logs/pacs/cstore-2026-11-26.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['C-STORE from SENSOR-OSAKA-07 failed', 'status 0xA700 out of resources'] }],
      },
      {
        text: "Two follow-ups. By Friday 4 December, send each clinic manager the list of studies that will move in their clinic's batch. And if any batch's checksum mismatch rate goes above 0.1 %, pause the migration and re-copy that batch from the clinic NAS. #reply Both on my list.",
        facts: [
          { category: 'todo', strings: ['send each clinic manager the list of studies that will move', 'By Friday 4 December'] },
          { category: 'todo', strings: ['pause the migration and re-copy that batch from the clinic NAS', "if any batch's checksum mismatch rate goes above 0.1 %"] },
        ],
      },
      { filler: 5500, style: 'work' },
      {
        text: 'Which clinic uses the most storage? #read reports/storage-by-clinic.json',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"tb_used": 14.27'] }],
      },
      {
        text: '梅田院はデータが多いので、移行は最後に回します。先に小さい医院で手順を固めておけば、梅田で問題が出ても止める時間を短くできるからです。 #reply 梅田は最後にします。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['梅田院はデータが多いので、移行は最後に回します'], reasons: ['先に小さい医院で手順を固めておけば'] }],
      },
      {
        text: "Technical decision on thumbnails: we generate previews as 512 px WebP at ingest, not on demand. The reception PCs in the older clinics take over four seconds to render a full panoramic, and staff open dozens per morning. #reply Previews at ingest.",
        facts: [{ category: 'decision', strings: ['generate previews as 512 px WebP at ingest, not on demand'], reasons: ['take over four seconds to render a full panoramic'] }],
      },
      {
        text: 'Deploy details: ORTHANC_STORAGE_BUCKET=koyo-xray-archive-apne1, the image is orthanc-koyo 1.12.4-r2, the migration tool is pinned at commit c3f18a9e04b7d26519e8a0f4b3d7c62e9a15f0d8, and local spool is /data/orthanc/spool/. #reply Recorded.',
        facts: [
          { category: 'identifier', kind: 'env', strings: ['ORTHANC_STORAGE_BUCKET=koyo-xray-archive-apne1'] },
          { category: 'identifier', kind: 'version', strings: ['orthanc-koyo 1.12.4-r2'] },
          { category: 'identifier', kind: 'hash', strings: ['c3f18a9e04b7d26519e8a0f4b3d7c62e9a15f0d8'] },
          { category: 'identifier', kind: 'path', strings: ['/data/orthanc/spool/'] },
        ],
      },
      {
        text: '另外：迁移期间所有诊所每天晚上 22 点以后才允许跑批量上传，白天的带宽要留给远程会诊。还有，新档案上线以后旧 PACS 至少保留只读三个月，审计那边要求的。 #reply 好的，晚上 22 点以后，旧系统只读三个月。',
        facts: [
          { category: 'rule', lang: 'zh', strings: ['每天晚上 22 点以后才允许跑批量上传'] },
          { category: 'decision', lang: 'zh', strings: ['旧 PACS 至少保留只读三个月'], reasons: ['审计那边要求的'] },
        ],
      },
      { text: 'Make the migration skip studies already present by SOP instance UID. #write archive/src/migrate.py def should_copy(study, archive):\n    return not archive.has_instance(study.sop_instance_uid)\n' },
      {
        text: '还有一个待办：在 12 月 15 日之前和各诊所确认 CBCT 原始数据要不要一起迁移。 #reply 好，15 号之前确认。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['和各诊所确认 CBCT 原始数据要不要一起迁移', '在 12 月 15 日之前'] }],
      },
      { text: 'Add the batch order to the archive notes. #write archive/NOTES.md # X-ray archive\n\nOn-prem PACS per clinic today; moving to one central archive.\n\nBatches: small clinics first, then the Kobe group, Umeda last.' },
      { filler: 4500, style: 'work' },
      { filler: 22000, tail: true, style: 'work' },
    ],
  },
];
