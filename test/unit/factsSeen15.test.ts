/**
 * Ways of stating facts first seen on held-out-15 … held-out-18 (issue 18), written here in other words and domains:
 * 我们同意了：, "we're also dropping", a label closed by a dash, "the client wants to … — <why>", a reason whose subject
 * is what the decision named, "by the end of next week", "before noon", a condition with a time in it, a date in the
 * past that is no deadline, passive "is never …" rules and past "never matched" statements, "Also, on iOS don't …",
 * an env var set to a URL, a URL before CJK text; and tool findings: words of the file's path, a setting the ask
 * names, a measurement, a search's CSV hits, a member one record alone has, a note among one-word values.
 */
import assert from 'node:assert/strict';
import { extractFacts } from '../../src/core/facts';
import { extractRichIdentifiers } from '../../src/core/facts/identifiers';
import { outlierRecords } from '../../src/core/facts/records';
import { toolResultFacts } from '../../src/core/facts/toolFacts';
import { OPAQUE_RE_SOURCE, opaqueIdentifierCandidates } from '../../src/core/facts/opaque';
import { classify } from '../../src/core/facts/classify';
import { call, result, user } from './factsFixtures';

const decisions = (text: string) => extractFacts([user(text)]).decisions.map((d) => [d.what, d.reason ?? '']);

describe('facts: seen on held-out-15 … 18, decisions', () => {
  it('我们同意了：… is a decision, and the sentence after it (这样…) its reason', () => {
    const d = decisions('仓库那边提了个建议，我们同意了：同一客户的两张订单如果相隔不到 30 分钟，就合并发货。这样每天能少跑十几趟车。');
    assert.equal(d.length, 1);
    assert.equal(d[0]![1], '这样每天能少跑十几趟车');
  });

  it('"we\'re also dropping X" is a decision; "They only …, so … never worked" after it is its reason', () => {
    const d = decisions("We're also dropping the SMS fallback for tablets. They only have Wi-Fi, so the texts never arrived anyway.");
    assert.equal(d.length, 1);
    assert.ok(d[0]![1]!.startsWith('They only have Wi-Fi'), d[0]![1]);
    // a rule after a decision that does not point back stays a rule
    const f = extractFacts([user("We're also dropping the SMS fallback for tablets. Never send a text to a landline.")]);
    assert.equal(f.rules.length, 1);
  });

  it('a label closed by a dash ("What we agreed on Monday — …") states the decision; the next sentence is why', () => {
    const d = decisions('What we settled on Monday — refunds are only issued to the original card. Cash refunds broke the till reconciliation twice last month.');
    assert.equal(d.length, 1);
    assert.equal(d[0]![1], 'Cash refunds broke the till reconciliation twice last month');
    assert.ok(d[0]![0]!.includes('refunds are only issued to the original card'), d[0]![0]);
  });

  it('"the client wants to X — <why>" is a decision with its reason; "they want to know …" is none', () => {
    assert.deepEqual(decisions('The client wants to bill by the minute and drop the flat hourly rate — hourly billing overcharged short sessions by a third.'), [
      ['The client wants to bill by the minute and drop the flat hourly rate', 'hourly billing overcharged short sessions by a third'],
    ]);
    assert.deepEqual(decisions('They want to know whether the export can run at night.'), []);
  });
});

describe('facts: seen on held-out-15 … 18, TODOs and rules', () => {
  const todos = (text: string) => extractFacts([user(text)]).todos.map((t) => [t.condition ?? '', t.deadline ?? '']);

  it('"by the end of next week" and "before noon" are deadlines; a condition keeps the time in it', () => {
    assert.deepEqual(todos('Also please, by the end of next week, load the holiday calendar into the planner.'), [['', 'by the end of next week']]);
    assert.deepEqual(todos("And if the ferry's arrival slips past Sunday 07:30, rebuild the loading plan and call the terminal before noon."), [
      ["if the ferry's arrival slips past Sunday 07:30", 'before noon'],
    ]);
  });

  it('a date a past statement carries is no deadline ("the plan was stale by Tuesday")', () => {
    assert.deepEqual(todos('Carriers now send new arrival times every 4 hours and the weekly plan was stale by Tuesday.'), []);
    assert.deepEqual(todos('Send the plan to the carriers by Tuesday.').length, 1);
  });

  it('"is never …" is a rule, "never matched" a statement; "Also, on iOS don\'t …" a rule', () => {
    assert.equal(classify('A signed contract is never edited after 18:00.', 'user')?.type, 'rule');
    assert.equal(classify('The old rear camera never matched a plate at night.', 'user'), undefined);
    assert.equal(classify("Also, on iOS don't prefetch videos over cellular unless the user turned it on.", 'user')?.type, 'rule');
  });
});

describe('facts: seen on held-out-15 … 18, identifiers', () => {
  it('an env var set to a URL is one identifier; a URL ends where CJK text starts', () => {
    assert.deepEqual(extractRichIdentifiers('vendor set-up:\n  TRACKING_API=https://api.parcels.example.com/v2\n'), [{ value: 'TRACKING_API=https://api.parcels.example.com/v2', kind: 'env' }]);
    assert.deepEqual(
      extractRichIdentifiers('看板在 https://ops.example.jp/board、修正は明日').map((x) => x.value),
      ['https://ops.example.jp/board'],
    );
    // not inside a URL's query
    assert.deepEqual(extractRichIdentifiers('https://x.example.com/a?MODE_X=1').map((x) => x.kind), ['url']);
  });
});

describe('facts: seen on held-out-15 … 18, tool findings', () => {
  const yaml = (planted: string[]) =>
    ['service:', ...Array.from({ length: 30 }, (_, i) => `  settings-${i}:\n    handler: "queue-${i}"\n    owner_team: "team-${i % 3}"`), ...planted.map((p) => `  tuning:\n    ${p}`)].join('\n');

  it("the ask's words that name the file read do not pick lines; a setting the ask names by its name does", () => {
    const text = yaml(['archive_dedupe_enabled: true']);
    const ask = 'Does the archive settings file turn on dedupe?';
    assert.ok(toolResultFacts(text, ask, 3, { about: 'archive/settings/store.yaml' }).some((l) => l.includes('archive_dedupe_enabled: true')));
  });

  it('a measurement in prose ("surveyors measured a 1.2 m drop") is a finding', () => {
    const essay = ['# Notes', 'Operators asked for fewer knobs, not more.', 'The surveyors measured a 1.2 m drop in the water table at the north well in the spring survey.', 'There is a tension between keeping history and keeping the system fast.', 'Old records are rarely read.'].join('\n\n');
    assert.deepEqual(toolResultFacts(essay, 'Why do we pump less now?'), ['The surveyors measured a 1.2 m drop in the water table at the north well in the spring survey.']);
  });

  it("a search's CSV hits (no header) are read as a table: the row that stands out is the finding", () => {
    const rows = Array.from({ length: 12 }, (_, i) => `${3 * i + 2}:2026-10-${String(i + 1).padStart(2, '0')},kiosk,${700 + 11 * i},${680 + 10 * i},${14 + (i % 5)}`);
    rows.splice(7, 0, '40:2026-10-19,kiosk,1210,790,420');
    const text = rows.join('\n');
    assert.ok(outlierRecords(text).some((o) => o.line === '40:2026-10-19,kiosk,1210,790,420'));
    assert.ok(toolResultFacts(text, 'Which day had the worst kiosk failures?').includes('40:2026-10-19,kiosk,1210,790,420'));
  });

  it('the one line a search finds is its answer', () => {
    const r = extractFacts([user('Which pallet expires first?'), call('c1', 'exec', { command: 'grep -n "2026-12-02" stock.csv' }), result('c1', 'exec', '41:PAL-0093,yoghurt,Dairyco,18,2026-12-02')]);
    assert.deepEqual(r.toolFacts.map((f) => f.text), ['41:PAL-0093,yoghurt,Dairyco,18,2026-12-02']);
  });

  it('a member only one record has, and a note among one-word values, make the record stand out', () => {
    const doc = JSON.stringify({ sites: [...['a', 'b', 'c', 'd'].map((x) => ({ site: `S-${x}`, note: 'standard' === x ? '' : `w${x}`, state: 'open' })), { site: 'S-e', note: 'closed for flood repairs', state: 'open', reopens: '2027-01-10' }] }, null, 2);
    const line = outlierRecords(doc).find((o) => o.name === 'S-e')?.line ?? '';
    assert.ok(line.includes('"note": "closed for flood repairs"') && line.includes('"reopens": "2027-01-10"'), line);
  });
});

describe('facts: seen on held-out-19 … 22', () => {
  it('"So the router is going to skip … — <why>" is a decision with the reason after the dash', () => {
    assert.deepEqual(decisions('Third dead battery this week. So the router is going to skip any van whose battery check failed in the last 12 hours — a van that dies mid-route strands forty parcels.'), [
      ['So the router is going to skip any van whose battery check failed in the last 12 hours', 'a van that dies mid-route strands forty parcels'],
    ]);
  });

  it('"we\'re changing one thing: we stop X and require Y" is a decision; the next sentence is why', () => {
    const d = decisions("From December we're changing one thing in check-in: we stop accepting the emailed PDF on its own and require the QR code at the door as well. Two people got in last month with a forwarded ticket.");
    assert.equal(d.length, 1);
    assert.equal(d[0]![1], 'Two people got in last month with a forwarded ticket');
  });

  it('"We settled one more thing in the call." / "Two things are settled already." take the sentence after as what', () => {
    const f = extractFacts([user('We settled one more thing in the planning call. Small parcels go straight to the locker partner with no depot scan at all. Small parcels are 41 % of our volume, and the partner scans them anyway.')]);
    assert.equal(f.decisions.length, 1);
    assert.ok(f.decisions[0]!.text.includes('Small parcels go straight to the locker partner'), f.decisions[0]!.text);
    assert.equal(f.decisions[0]!.reason, 'Small parcels are 41 % of our volume, and the partner scans them anyway');
    const g = extractFacts([user('Two things are settled already. The buses report over LTE to a gateway in the depot, not straight to the cloud: the depot loses its uplink every few days.')]);
    assert.equal(g.decisions.length, 1);
    assert.ok(g.decisions[0]!.text.includes('not straight to the cloud'), g.decisions[0]!.text);
  });

  it('"… that is absolute: no door unlocks while …" and "No crane moves while …" are rules', () => {
    assert.equal(classify('One thing from the fire marshal that is absolute: no door unlocks while the alarm is active.', 'user')?.type, 'rule');
    assert.equal(classify('No crane moves while the wind gauge is offline.', 'user')?.type, 'rule');
  });

  it('Japanese: …を 30 円に下げます / …のままにします are decisions; a reason sentence ending in からだそうです is why, all of it', () => {
    const f = extractFacts([user('本部からの連絡です。平日の 10 時から 16 時までは駐輪料金を 1 時間あたり 30 円に下げます。昼間は利用が少なく、回転率を上げたいからだそうです。')]);
    assert.equal(f.decisions.length, 1);
    assert.equal(f.decisions[0]!.reason, '昼間は利用が少なく、回転率を上げたいからだそうです');
    const g = extractFacts([user('倉庫の責任者と話して決めました。締め切りは 30 分前に早めず、いまの 20 分前のままにします。30 分にすると午後便の積み込みが間に合わなくなり、すでに遅延の違約金を払っているからです。')]);
    assert.equal(g.decisions.length, 1);
    assert.ok(g.decisions[0]!.text.includes('20 分前のままにします'), g.decisions[0]!.text);
    assert.equal(g.decisions[0]!.reason, '30 分にすると午後便の積み込みが間に合わなくなり、すでに遅延の違約金を払っているからです');
  });

  it('a document: a paragraph labelled as evidence (统计：/ 問題点：/ Problem:) before the decision is its reason; 理由是 after it wins', () => {
    const doc = (text: string) => extractFacts([user('read it'), call('c1', 'read', { path: 'docs/x.md' }), result('c1', 'read', text)]).decisions.map((d) => d.reason);
    assert.deepEqual(doc('# 调整\n\n背景：系统全天运行。\n\n统计：上季度夜间告警有 71% 是路灯反光。\n\n结论：夜间关闭可见光告警，只保留热成像告警。\n\n阈值维持不变。\n'), ['上季度夜间告警有 71% 是路灯反光']);
    assert.deepEqual(doc('# 見直し\n\n問題点：旧基準で修理した車のうち、再入庫が年間 150 台を超えていました。\n\n改定：見積が時価の 65% を超えたら全損とする。\n'), ['旧基準で修理した車のうち、再入庫が年間 150 台を超えていました']);
    assert.deepEqual(doc('# 规范\n\n统计：去年有 9 起投诉。\n\n决定：短信里不再出现金额。理由是短信会显示在锁屏上。\n'), ['短信会显示在锁屏上']);
  });

  it('a CSV: the row whose state no other row has, and the row an ask for "the highest <column>" names', () => {
    const states = ['dismissed', 'fog', 'dust'];
    const rows = Array.from({ length: 20 }, (_, i) => `A-${100 + i},T-${i % 4},0.${40 + i},${states[i % 3]}`);
    rows.splice(11, 0, 'A-900,T-2,0.61,confirmed');
    const csv = ['alert_id,tower,confidence,status', ...rows].join('\n');
    assert.ok(outlierRecords(csv).some((o) => o.line === 'A-900,T-2,0.61,confirmed'), 'the one confirmed row');
    const claims = ['claim,fraud_score,queue', ...Array.from({ length: 20 }, (_, i) => `C-${i},0.${String(10 + 3 * i).padStart(2, '0')},standard`)];
    claims.splice(9, 0, 'C-77,0.80,standard');
    assert.ok(outlierRecords(claims.join('\n'), 'Which claim has the highest fraud score?').some((o) => o.line === 'C-77,0.80,standard'));
    assert.ok(!outlierRecords(claims.join('\n'), 'Which claims are open?').some((o) => o.line === 'C-77,0.80,standard'));
  });
});

describe('facts: seen on held-out-23, 24 and 26', () => {
  it('"New behaviour for X:", "Short version of the meeting — …, not automatically to …" are decisions; the next sentence is why', () => {
    assert.equal(decisions('New behaviour for lift 4: the chairs slow down automatically whenever the gusts pass 15 m/s. Last Friday two chairs swung into a tower.')[0]?.[1], 'Last Friday two chairs swung into a tower');
    assert.equal(decisions("Short version of Tuesday's meeting — late fees go to the member who booked, not automatically to the driver. Charging the driver was wrong in one case in four.")[0]?.[1], 'Charging the driver was wrong in one case in four');
  });

  it('"Background: …" is no decision and no evidence; "X is going away; Y will live in Z" is one, its reason the sentence after', () => {
    const f = extractFacts([user('Background: Delta Farms, room 2, ticket AG-77. The hard-coded limits are going away; limits will live in per-site files the gateway loads at start. Today every change needs a rebuild of all 30 gateways.')]);
    assert.deepEqual(f.decisions.map((d) => d.reason), ['Today every change needs a rebuild of all 30 gateways']);
    // a prediction with a condition is no decision
    assert.deepEqual(decisions('The build will fail if the cache is cold.'), []);
  });

  it('"What we\'ll do instead is …" takes the sentence before it as its reason', () => {
    assert.deepEqual(decisions("Fertiliser won't help the tips while the air is still. What we'll do instead is run the fans at full speed for the last hour.").map((d) => d[1]), ["Fertiliser won't help the tips while the air is still"]);
  });

  it('跟…商量过了，从 X 提到 Y is a decision; "Nothing ships until …" a rule; a 统计： paragraph a finding', () => {
    assert.equal(decisions('跟仓库商量过了，拣货批次从 20 单提到 40 单。20 单的时候叉车一天要空跑三十多趟。')[0]?.[1], '20 单的时候叉车一天要空跑三十多趟');
    assert.equal(classify('Nothing ships to a customer until QA has signed the batch record.', 'user')?.type, 'rule');
    const doc = ['# 复盘', '背景：系统上线三个月。', '统计：上个月有 812 份工单没有附件，其中六成来自夜班。', '其他部门反馈不多。', '大家辛苦了。'].join('\n\n');
    assert.ok(toolResultFacts(doc, '看一下复盘').includes('统计：上个月有 812 份工单没有附件，其中六成来自夜班。'));
  });
});

describe('facts: OpenClaw’s opaque-identifier pattern in linear time', () => {
  it('with the lookahead for the port, host:port finds what OpenClaw’s own form finds, on 3,000 generated strings', () => {
    const LOOKAHEAD = String.raw`(?=[A-Za-z0-9._/-]*:\d)`;
    assert.ok(OPAQUE_RE_SOURCE.includes(LOOKAHEAD));
    const openclaw = new RegExp(OPAQUE_RE_SOURCE.replace(LOOKAHEAD, ''), 'g');
    const ours = new RegExp(OPAQUE_RE_SOURCE, 'g');
    const alphabet = ['a', 'Z', '1', '9', '.', ':', '/', '-', '_', ' ', '8080', 'host', 'f3a9c2b1e', '1234567', 'http://', ':443', '.com'];
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let k = 0; k < 3000; k++) {
      const s = Array.from({ length: 1 + rand(30) }, () => alphabet[rand(alphabet.length)]).join('');
      const a = [...s.matchAll(openclaw)].map((m) => `${m.index}:${m[0]}`);
      const b = [...s.matchAll(ours)].map((m) => `${m.index}:${m[0]}`);
      assert.deepEqual(b, a, s);
    }
    assert.deepEqual(opaqueIdentifierCandidates('gw 10.0.0.7:8080 and api.example.com:443').map((x) => x.raw), ['10.0.0.7:8080', 'api.example.com:443']);
  });
});

describe('facts: seen on held-out-25 and 27 … 30', () => {
  it('それから、… is no reason marker; "Given that," at the start is none either: the next sentence is why', () => {
    const f = extractFacts([user('それから、京都では食パンを 1 日 2 回に分けて焼くことになりました。1 回で焼くと夕方には固くなってしまい、廃棄が 15% まで増えたからです。')]);
    assert.equal(f.decisions[0]?.reason, '1 回で焼くと夕方には固くなってしまい、廃棄が 15% まで増えたからです');
    assert.equal(decisions("Given that, let's lower the intake alarm to 3 bar for the east pumps. The fitter says the seals start weeping around 3.5, so an alarm at 4 is too late.")[0]?.[1], 'The fitter says the seals start weeping around 3.5, so an alarm at 4 is too late');
  });

  it('"From today …" takes the sentence before when the one after does not say why; the one after when it does', () => {
    assert.equal(decisions('So Hull had none in stock and the site still sold 9 of them. From today the shop hides an item once stock drops below 3, instead of waiting for zero. Also: add a restock button before the 5 December release.')[0]?.[1], 'So Hull had none in stock and the site still sold 9 of them');
    assert.equal(decisions('OK, that ends last week\'s argument. From now on the planner treats shift length as a hard limit. With the soft limit it let one nurse work 14 hours.')[0]?.[1], 'With the soft limit it let one nurse work 14 hours');
  });

  it('"So X get loaded from Y" after a problem; "One big choice is already made: …"; "We talked it through …" then what; a dash in a #reply is no reason', () => {
    assert.equal(decisions('That gap is the real problem: the rotas were typed in by hand and nobody checked them. So rotas get loaded from the signed contracts, and the planner refuses clashes. #reply Makes sense — the contracts become the source.')[0]?.[1], 'That gap is the real problem: the rotas were typed in by hand and nobody checked them');
    assert.equal(decisions('One big choice is already made: the roster moves into Postgres and stops living in a spreadsheet. Last spring two people edited the sheet at once.')[0]?.[1], 'Last spring two people edited the sheet at once');
    const f = extractFacts([user('We talked it through with the crew yesterday. Tills will take card payments offline for up to 10 minutes, then replay them when the link is back. The Wi-Fi dropped for 8 minutes last year.')]);
    assert.equal(f.decisions.length, 1);
    assert.equal(f.decisions[0]!.reason, 'The Wi-Fi dropped for 8 minutes last year');
  });

  it('合意事項：… こととします is a decision; …ようなら、…してください a TODO with its condition; "before the 5 December release" a deadline', () => {
    assert.equal(classify('合意事項：納品ファイルは PDF/A で保存することとします。', 'document')?.type, 'decision');
    const t = extractFacts([user('もし乾燥炉の湿度が来週も 60% を超えるようなら、業者に点検を依頼してください。')]).todos;
    assert.deepEqual(t.map((x) => x.condition), ['もし乾燥炉の湿度が来週も 60% を超えるようなら']);
    assert.deepEqual(extractFacts([user('Add a restock button before the 5 December release.')]).todos.map((x) => x.deadline), ['before the 5 December release']);
  });

  it('a pin `astroplan==0.10.1` is a version; a zero among positive values and a bound on no named column single out their row', () => {
    assert.deepEqual(extractRichIdentifiers('astroplan==0.10.1\nnumpy>=1.26.4').map((x) => [x.value, x.kind]), [['astroplan==0.10.1', 'version'], ['numpy>=1.26.4', 'version']]);
    const doc = JSON.stringify({ sites: [...Array.from({ length: 8 }, (_, i) => ({ id: `S-${i}`, backup_min: 30 + 15 * (i % 4) })), { id: 'S-9', backup_min: 0 }] }, null, 2);
    assert.ok(outlierRecords(doc).some((o) => o.name === 'S-9' && o.line.includes('"backup_min": 0')));
    const rows = ['pass,sat,max_el', ...Array.from({ length: 20 }, (_, i) => `P-${i},SAT-${i % 5},${(12 + ((i * 13) % 60)).toFixed(1)}`)];
    rows.splice(6, 0, 'P-99,SAT-2,87.4');
    assert.ok(outlierRecords(rows.join('\n'), 'Is there a pass above 85° tomorrow?').some((o) => o.line === 'P-99,SAT-2,87.4'));
  });
});

describe('facts: seen on held-out-31 … 34', () => {
  it('"Another call from this morning with the site manager: …" is a decision; "Reason being, …" after it is why', () => {
    assert.equal(decisions('Another call from this morning with the site manager: delivery slots get printed on the gate pass. Reason being, at the gate with a queue of 40 trucks, guards cannot look them up fast enough.')[0]?.[1], 'at the gate with a queue of 40 trucks, guards cannot look them up fast enough');
  });

  it('a numbered document (三、決議：…) states its decision; 二、問題：… before it is why; 规定：… is a rule with its 理由是', () => {
    const doc = (text: string) => extractFacts([user('read it'), call('c1', 'read', { path: 'docs/x.md' }), result('c1', 'read', text)]);
    const f = doc('# 調整\n\n一、背景：本院原以平信寄送通知。\n\n二、問題：抽查顯示約有 12% 的收件人未收到通知。\n\n三、決議：自明年起通知一律改以掛號寄送。\n\n四、費用由本院預算支應。\n');
    assert.deepEqual(f.decisions.map((d) => d.reason), ['抽查顯示約有 12% 的收件人未收到通知']);
    const g = doc('# 规范\n\n规定：未通过安全考试的人员，不得进入作业区。理由是上季度的 5 起事故中有 4 起涉及未培训人员。\n');
    assert.equal(g.rules.length, 1);
    assert.ok(g.rules[0]!.text.includes('理由是上季度的 5 起事故'), g.rules[0]!.text);
  });

  it('a rule the user states is quoted with the statement after it that says why', () => {
    const f = extractFacts([user('Storage: orders live in Postgres with an append-only history; the app never updates an order row in place. The auditors want every change to an order reconstructable after the fact.')]);
    assert.equal(f.rules.length, 1);
    assert.ok(f.rules[0]!.text.includes('The auditors want every change to an order reconstructable'), f.rules[0]!.text);
  });

  it('a setting the ask names by a word of the folder read ("the Acme campaign", campaigns/…) still answers it', () => {
    const text = JSON.stringify({ advertiser: 'Acme', flights: [{ start: '2026-12-01', impressions: 40000 }, { start: '2026-12-04', impressions: 55000 }], campaign_id: 'cmp-1234', frequency_cap: 2, positions: ['pre', 'mid'] }, null, 2);
    const lines = toolResultFacts(text, "What's the frequency cap on the Acme campaign?", 4, { about: 'campaigns/winter/acme.json' });
    assert.ok(lines.includes('"campaign_id": "cmp-1234"') && lines.includes('"frequency_cap": 2'), lines.join(' | '));
  });
});
