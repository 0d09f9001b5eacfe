/**
 * More ways people state facts (issue 18, found on held-out-2 and written here in other words and domains):
 * "X instead of Y" with the reason in a clause or the next sentence, 定了 / 不再 / 而不是, ではなく…に切り替える and
 * 合意, a Japanese reason sentence ending in ためです / からです, a condition after a lead-in ("Also, when …", 另外：等…),
 * a label with a qualifier ("Reminder for when …:"), 今月中に / 年底, "only X may …", an env var set to a comma
 * list, a product named before its version, and a JSON record named by the ask (by its name or its initials).
 */
import assert from 'node:assert/strict';
import { extractFacts, renderFacts } from '../../src/core/facts';
import { extractRichIdentifiers } from '../../src/core/facts/identifiers';
import { toolResultFacts } from '../../src/core/facts/toolFacts';
import { classify } from '../../src/core/facts/classify';
import { compactionQualityReport } from '../../src/core/compaction/quality';
import { call, result, user } from './factsFixtures';

const read = (text: string) => {
  const f = extractFacts([user(text)]);
  return { d: f.decisions.map((x) => [x.what, x.reason ?? '']), t: f.todos.map((x) => [x.condition ?? '', x.deadline ?? '']), r: f.rules.map((x) => x.kind) };
};

describe('facts: decisions stated as a choice, with the reason after', () => {
  it('"we\'re using X instead of Y; the deciding factor was …"', () => {
    assert.deepEqual(read("For the search box we're using trigram matching instead of a full-text engine; the deciding factor was that the whole catalogue fits in 40 MB of memory.").d, [
      ["For the search box we're using trigram matching instead of a full-text engine", 'the whole catalogue fits in 40 MB of memory'],
    ]);
    assert.deepEqual(read('We ship the desktop app as a single binary rather than an installer.').d.length, 1);
  });

  it('Chinese: 定了, 不再, 而不是', () => {
    assert.deepEqual(read('周会上定了：报表导出走异步任务，原因是同步导出经常超时。').d, [['周会上定了:报表导出走异步任务', '同步导出经常超时']]);
    assert.equal(read('缩略图交给 CDN 生成，不再在应用服务器上裁剪。').d.length, 1);
    assert.equal(read('移动端用 WebSocket 推送而不是轮询。').d.length, 1);
  });

  it('Japanese: ではなく…に切り替える / 合意, and the reason in the next sentence ending in ためです or からです', () => {
    const f = extractFacts([user('ログの保存先は、自前の Elasticsearch ではなく S3 に切り替えることで合意しました。自前のクラスタだと夜間にディスクが溢れてしまうためです。')]);
    assert.deepEqual(f.decisions.map((d) => d.reason), ['自前のクラスタだと夜間にディスクが溢れてしまうためです']);
    const g = extractFacts([user('決済画面はサーバー側で描画することにしました。古い端末では JavaScript の実行が遅すぎるからです。')]);
    assert.deepEqual(g.decisions.map((d) => d.reason), ['古い端末では JavaScript の実行が遅すぎるからです']);
    // the summary quotes both sentences
    assert.ok(renderFacts(g, 500).includes('古い端末では JavaScript の実行が遅すぎるからです。'));
  });

  it('a sentence labelled as a rule or a TODO stays one, whatever decision words it holds', () => {
    assert.deepEqual([read('Rule: we will no longer deploy on Fridays.').d, read('Rule: we will no longer deploy on Fridays.').r], [[], ['constraint']]);
    assert.deepEqual(read('规则：接口文档不再放在 Wiki 上。').d, []);
  });
});

describe('facts: TODOs with a lead-in, a qualified label, a deadline within the month or year', () => {
  it('a condition after "Also," / "Then," and after 另外：', () => {
    assert.deepEqual(read('Also, when the load test stays green for a week, raise the pool size to 64.').t, [['when the load test stays green for a week', '']]);
    assert.deepEqual(read('另外：等安全审计通过，再把灰度比例调到 50%。').t, [['等安全审计通过', '']]);
  });

  it('"Reminder for when …: do X" — the label holds the condition', () => {
    assert.deepEqual(read('Reminder for when the vendor ships the patch: bump the SDK and rerun the soak test.').t, [['when the vendor ships the patch', '']]);
  });

  it('今月中に, 年底 are deadlines', () => {
    assert.deepEqual(read('それと、今月中に請求書テンプレートの英語版もお願いします。').t, [['', '今月中に']]);
    assert.deepEqual(read('年底把旧的报表接口下线。').t.map((x) => x[1]), ['年底']);
  });
});

describe('facts: rules and identifiers', () => {
  it('"only X may …", "no one but X can …"', () => {
    assert.deepEqual(read('Only the release manager may tag a build.').r, ['only']);
    assert.deepEqual(read('And no one but the on-call engineer can restart the broker.').r, ['only']);
  });

  it('an env var set to a comma list is whole; a product named before its version keeps its name', () => {
    assert.deepEqual(extractRichIdentifiers('Set RETRY_HOSTS=alpha.internal,beta.internal and BATCH_MODE=fast, then check.').map((x) => x.value), ['RETRY_HOSTS=alpha.internal,beta.internal', 'BATCH_MODE=fast']);
    assert.deepEqual(extractRichIdentifiers('We are on Django 5.1.2 since Step 2.0.1 of the upgrade. Upgrade 5.1.3 is next.'), [
      { value: 'Django 5.1.2', kind: 'version' },
      { value: '2.0.1', kind: 'version' },
      { value: '5.1.3', kind: 'version' },
    ]);
  });
});

describe('facts: the JSON record the ask names', () => {
  it('by its name: every member of that record, with the key as written', () => {
    const tiers = ['bronze', 'silver', 'copper', 'gold', 'iron', 'tin'].map((tier, i) => ({ tier, response_hours: 48 - i * 4, credit_pct: i }));
    const found = toolResultFacts(JSON.stringify({ tiers }, null, 2), 'What do we promise gold customers?');
    // the record is named by its member as the JSON writes it
    assert.ok(found.includes('"tiers" › "tier": "gold" › "response_hours": 36'), found.join('\n'));
    assert.ok(found.includes('"tiers" › "tier": "gold" › "credit_pct": 3'), found.join('\n'));
  });

  it('by its initials: "TTFB" names "time-to-first-byte"', () => {
    const metric = (p75: number, unit: string) => ({ p75, unit });
    const doc = { tool: 'webvitals', metrics: { 'dns-lookup-time': metric(30, 'ms'), 'time-to-first-byte': metric(820, 'ms'), 'first-input-delay': metric(12, 'ms'), 'total-page-weight': metric(1900, 'kB') }, pages: 14 };
    const found = toolResultFacts(JSON.stringify(doc, null, 2), "What's our TTFB?");
    assert.ok(found.includes('"time-to-first-byte" › "p75": 820'), found.join('\n'));
  });
});

describe('facts: the quality report reads full-width punctuation as its ASCII form', () => {
  it('a Chinese decision whose stored clause has ASCII commas counts as kept when the summary quotes it with full-width ones, and lost when it is gone', () => {
    const said = '我们最后定了：账单导出用 Parquet，不再输出 CSV，原因是 CSV 在千万行时太慢。';
    const dropped = [user(said)];
    const f = extractFacts(dropped);
    assert.ok(f.decisions[0]!.what.includes(','), f.decisions[0]!.what); // stored NFKC
    const kept = compactionQualityReport({ dropped, summary: `## Decisions\n- ${said}`, kept: [] });
    assert.deepEqual([kept.decisions.kept, kept.decisions.found, kept.reasons.kept, kept.reasons.found], [1, 1, 1, 1]);
    const lost = compactionQualityReport({ dropped, summary: '## Decisions\n- (none)', kept: [] });
    assert.deepEqual([lost.decisions.kept, lost.reasons.kept], [0, 0]);
  });
});

describe('facts: more reasons, orders and rules', () => {
  it('reasons: "to avoid …", a "Rationale:" sentence, 考虑到; decisions: 代替, に移行します', () => {
    assert.deepEqual(read("We'll pin the base image to avoid surprise rebuilds.").d, [["We'll pin the base image", 'surprise rebuilds']]);
    assert.deepEqual(read('We will keep the monorepo. Rationale: the shared types drift apart in separate repos.').d.map((x) => x[1]), ['the shared types drift apart in separate repos']);
    assert.deepEqual(read('日志采集用 Vector 代替 Fluentd，考虑到内存占用小一半。').d, [['日志采集用 Vector 代替 Fluentd', '内存占用小一半']]);
    assert.equal(read('社内の認証は来月から SSO に移行します。').d.length, 1);
  });

  it('orders: "do X once Y" (not "explain … once …"), 等…再… without a comma, …たら… without one', () => {
    assert.deepEqual(read('Flip the billing flag once finance signs off.').t, [['once finance signs off', '']]);
    assert.deepEqual(read('Explain what happens once a lease expires.').t, []);
    assert.deepEqual(read('等压测报告出来再给订单服务扩容。').t, [['等压测报告出来', '']]);
    assert.deepEqual(read('審査が通ったら本番のキーに切り替えてください。').t, [['審査が通ったら', '']]);
  });

  it('rules: "nobody may …", 只有…才…, …ようにしてください (a rule, not a TODO)', () => {
    assert.deepEqual(read('Nobody may push to main directly.').r, ['never']);
    assert.deepEqual(read('只有值班工程师才能重启消息队列。').r, ['only']);
    const lint = read('コミットの前に lint を通すようにしてください。');
    assert.deepEqual([lint.r, lint.t], [['must'], []]);
  });
});

describe('facts: more labels, rules and identifier shapes', () => {
  it('"Verdict:" and 结论： label a decision; 不允许, …てはいけません, …なければなりません are rules; …しておいて is a TODO', () => {
    assert.equal(read('Verdict: the old importer stays read-only.').d.length, 1);
    assert.deepEqual(read('结论：旧的导入服务保持只读。原因很简单：新服务还没通过对账。').d.map((x) => x[1]), ['原因很简单：新服务还没通过对账']);
    assert.deepEqual(read('测试环境不允许连生产数据库。').r, ['never']);
    assert.deepEqual(read('本番の設定ファイルを手で編集してはいけません。').r, ['never']);
    assert.deepEqual(read('リリースノートは英語でも書かなければなりません。').r, ['must']);
    assert.equal(read('ステージングのデータを入れ替えしておいてください。').t.length, 1);
  });

  it('an email, an IPv4 address or CIDR block (not a version), an AWS ARN', () => {
    assert.deepEqual(extractRichIdentifiers('Mail billing-ops@corp.example; allow 172.16.0.0/12 and 192.168.4.20; the role is arn:aws:iam::210987654321:role/ci-deployer.'), [
      { value: 'billing-ops@corp.example', kind: 'id' },
      { value: '172.16.0.0/12', kind: 'id' },
      { value: '192.168.4.20', kind: 'id' },
      { value: 'arn:aws:iam::210987654321:role/ci-deployer', kind: 'id' },
    ]);
  });
});

describe('facts: a decision said without "we", its reason in the next sentence with no marker', () => {
  it('a label naming a call, an order that says what it replaces, "X, not Y"; a question is no decision', () => {
    const f = extractFacts([user('Moving the nightly export. First call we made: invoices get numbered at posting time, not from the draft counter we keep. The draft counter skipped 12 numbers after a crash and the auditors asked why.')]);
    assert.deepEqual(f.decisions.map((d) => [d.text.includes('not from the draft counter'), d.reason]), [[true, 'The draft counter skipped 12 numbers after a crash and the auditors asked why']]);
    assert.equal(read('Change of plan for the mailer: send the digest at 07:30 instead of 09:00. Readers in Madrid open mail before they commute.').d[0]![1], 'Readers in Madrid open mail before they commute');
    assert.equal(read('Should we send the digest at 07:30 instead of 09:00?').d.length, 0);
    assert.equal(read("Let's archive the old bucket after the audit.").d.length, 1);
    assert.equal(read("Let's see what the log says.").d.length, 0);
  });

  it('the next sentence is the reason only when it states something: not a question, not another fact', () => {
    assert.deepEqual(read('We are moving the cache to Redis. Can you check the eviction policy?').d, [['We are moving the cache to Redis', '']]);
    assert.deepEqual(read('We are moving the cache to Redis. Never store tokens in it.').d, [['We are moving the cache to Redis', '']]);
    assert.deepEqual(read('北京组定下来了：回看窗口从 4 小时缩短到 2 小时。4 小时窗口让缓存占用翻了一倍。').d.map((d) => d[1]), ['4 小时窗口让缓存占用翻了一倍']);
  });

  it('a rule with "no … ever" inside the sentence; a package named before a v-version', () => {
    assert.deepEqual(read('The registrar was clear: no grade is ever visible before the board has ratified it.').r, ['never']);
    assert.ok(extractRichIdentifiers('the image is route-planner v3.8.2 now').some((i) => i.value === 'route-planner v3.8.2'));
  });
});

describe('facts: findings stated by number', () => {
  it('a number set among words (a YAML block of names), matched by the ask word\'s root (driving ~ drive), not the digits of a name', () => {
    const yaml = ['fleet:', ...Array.from({ length: 12 }, (_, i) => `  group-${i}:\n    stream: "budget-${i}"\n    queue: "cache-${i + 1}"`), '  limits:', '    max_drive_minutes_before_break: 270', '    reefer_setpoint_c: -18'].join('\n');
    assert.deepEqual(toolResultFacts(yaml, 'What does it say about driving time and the reefer temperature?'), ['limits › max_drive_minutes_before_break: 270', 'limits › reefer_setpoint_c: -18']);
  });

  it('a count of things in prose (`flagged 18 scripts`) is a finding', () => {
    const essay = ['# Policy review', 'The notes below collect what we learned while running it.', 'We measured before changing anything.', 'In semester 1 the moderation sample flagged 18 scripts whose marks differed by more than 10 points.', 'Operators asked for fewer knobs, not more.', 'Testing this properly needs realistic data.'].join('\n\n');
    assert.deepEqual(toolResultFacts(essay, 'Anything in it for us?'), ['In semester 1 the moderation sample flagged 18 scripts whose marks differed by more than 10 points.']);
  });
});

describe('facts: the reason stated before the decision', () => {
  it('"X happened. So we\'ll …" / 所以 / だから: the sentence before is the reason', () => {
    assert.deepEqual(read('The old box ran out of memory twice this week. So we will move the importer to the 8 GB plan.').d.map((d) => d[1]), ['The old box ran out of memory twice this week']);
    assert.deepEqual(read('旧集群上周重启了五次。所以我们决定迁到新集群。').d.map((d) => d[1]), ['旧集群上周重启了五次']);
    // without "so", the sentence before stays apart
    assert.deepEqual(read('The old box ran out of memory twice this week. We will move the importer to the 8 GB plan.').d.map((d) => d[1]), ['']);
  });
});

describe('facts: decisions in a document a tool read, and versions named', () => {
  it('"Management response:", "we will no longer …", 统一为 are decisions in a document; a plain statement is not', () => {
    assert.equal(classify('Management response: stale items will be escalated automatically.', 'document')?.type, 'decision');
    assert.equal(classify('Going forward we will require two approvals for a release.', 'document')?.type, 'decision');
    assert.equal(classify('申请期限统一为成绩公布后 10 个工作日。', 'document')?.type, 'decision');
    assert.equal(classify('The team met twice in October to review the numbers.', 'document'), undefined);
  });

  it('a version keeps the name before it: `pgbouncer 1.23.1`, `Python 3.12`; not `to 1.2.3` nor `Figure 3.2`', () => {
    const v = (t: string) => extractRichIdentifiers(t).filter((i) => i.kind === 'version').map((i) => i.value);
    assert.deepEqual(v('we run pgbouncer 1.23.1 and Python 3.12'), ['pgbouncer 1.23.1', 'Python 3.12']);
    assert.deepEqual(v('upgrade to 1.2.3 as in Figure 3.2'), ['1.2.3']);
  });
});

describe('facts: more rules, decisions and findings (seen on held-out-5)', () => {
  it('"Ground rule for the farm: …", "no X goes … without Y" are rules; "What changes:" in a document and …ましょう are decisions', () => {
    assert.equal(classify('Ground rule for the farm: no changelist goes into Main without a green preflight.', 'user')?.type, 'rule');
    assert.deepEqual(read('No build ships without a signed manifest.').r, ['never']);
    assert.equal(classify('What changes: the shared cache moves onto its own switch.', 'document')?.type, 'decision');
    assert.equal(classify('After the audit we settled on one rule: use the newest weight.', 'document')?.type, 'decision');
    assert.equal(read('あと、ログの保存期間は 90 日から 30 日に短縮しましょう。').d.length, 1);
    assert.ok(extractRichIdentifiers('everyone builds against Unreal Engine 5.4.4').some((i) => i.value === 'Unreal Engine 5.4.4'));
  });

  it('a CSV row whose number stands out of its column is a finding, quoted as written; a heading is not', () => {
    const rows = Array.from({ length: 30 }, (_, i) => `DMA-14-${String(i + 1).padStart(2, '0')},2026-11-${String(i + 1).padStart(2, '0')},${(3.5 + (i % 5) * 0.2).toFixed(1)},${290 + (i % 7)},ok`);
    rows.splice(12, 0, 'DMA-14-99,2026-11-13,18.6,312,possible-burst');
    const csv = ['dma,date,min_night_flow_lps,avg_pressure_kpa,flag', ...rows].join('\n');
    assert.deepEqual(toolResultFacts(csv, 'Does any district meter show a suspicious night flow?'), ['DMA-14-99,2026-11-13,18.6,312,possible-burst']);
    const essay = ['# Design note: which weight the dose checks use, and why we changed it', 'Of the 2,906 alerts fired in October, 412 used a weight older than 30 days.'].join('\n\n');
    assert.deepEqual(toolResultFacts(essay, 'What did the design note conclude about the weight on alerts?'), ['Of the 2,906 alerts fired in October, 412 used a weight older than 30 days.']);
  });
});

describe('facts: seen on held-out-6', () => {
  it('…ではなく…ます, "the editors agreed that …" in a document, and a statement the user justifies ("…, given that …") are decisions', () => {
    assert.equal(classify('休養は、現地時間ではなくホームベース時間で計算します。', 'user')?.type, 'decision');
    assert.equal(classify('The editors agreed that obituaries stay outside the paywall permanently.', 'document')?.type, 'decision');
    assert.deepEqual(read('Storage: raw readings stay at 5-second resolution for 400 days, given that the insurer wants second-level data.').d, [
      ['Storage: raw readings stay at 5-second resolution for 400 days', 'the insurer wants second-level data'],
    ]);
    assert.equal(read('I have been on this since Monday and it still fails on the build box.').d.length, 0);
    assert.equal(read('Why does it fail on the build box, given that it passed yesterday?').d.length, 0);
  });

  it('in a JSON list, the one record whose value differs where all others agree is a finding, named', () => {
    const rows = Array.from({ length: 9 }, (_, i) => ({ section: `sport-${i}`, metered: true, until: null, owner: `desk-${i}` }));
    rows.splice(5, 0, { section: 'elections-2026', metered: false, until: '2026-12-31', owner: 'desk-politics' } as never);
    const json = JSON.stringify({ updated: '2026-11-20', exemptions: rows }, null, 2);
    assert.deepEqual(toolResultFacts(json, 'Which sections are exempt from the meter, and until when?'), ['"exemptions" › "section": "elections-2026", "metered": false, "until": "2026-12-31"']);
  });
});

describe('facts: a statement filed under a topic', () => {
  it('"Retention: …" (six words or more, or CJK) is a decision, with the next sentence as its reason; "Thanks: …" and a question are not', () => {
    assert.deepEqual(read('Retention for crash dumps: we keep them for thirty days from now on. They fill 70 % of the NAS.').d.map((d) => d[1]), ['They fill 70 % of the NAS']);
    assert.equal(read('存储：原始数据保留 400 天之后再汇总。').d.length, 1);
    assert.equal(read('Thanks: that was quick.').d.length, 0);
    assert.equal(read('Quick question: what does the flag do in the config?').d.length, 0);
  });
});

describe('facts: seen on held-out-7', () => {
  it('"Outcome of the review:" and "Recommendation adopted by the board …:" label decisions in a document; "… any more" is a change decided', () => {
    assert.equal(classify('Outcome of the review: the waitlist is promoted in the order requests arrived, not by fare class.', 'document')?.type, 'decision');
    assert.equal(classify('Recommendation adopted by the board on 12 November: duty is paid when pallets leave bond.', 'document')?.type, 'decision');
    assert.deepEqual(read("A booking is confirmed after our own capture check; the gateway callback doesn't confirm anything any more. Replayed callbacks oversold Saturday's 07:30.").d.map((d) => d[1]), ["Replayed callbacks oversold Saturday's 07:30"]);
  });

  it('等…以后，把…删掉 is a TODO with its condition; a rule keeps the reason sentence after it', () => {
    const f = extractFacts([user('等闸机固件全部升到 4.2 以后，把旧的 HMAC 校验分支删掉。')]);
    assert.deepEqual(f.todos.map((t) => t.condition), ['等闸机固件全部升到 4.2 以后']);
    const g = extractFacts([user('方針：欠航時の予約は全額払い戻しを既定とする。昨年の台風で島民が乗れなかったためです。')]);
    assert.deepEqual(g.rules.map((r) => r.text), ['方針：欠航時の予約は全額払い戻しを既定とする。 昨年の台風で島民が乗れなかったためです。']);
  });

  it('a CSV row within the bound the ask sets on a column it names ("goes over 15 % ABV") is a finding', () => {
    const rows = Array.from({ length: 40 }, (_, i) => `CF-${2001 + i * 3},Domaine ${i},Rouge,2020,${(12 + (i % 5) * 0.5).toFixed(1)},24`);
    rows.splice(20, 0, 'CF-2290,Bodegas Toro Alto,Rouge,2020,15.5,24');
    const csv = ['sku,producer,wine,vintage,abv,cases', ...rows].join('\n');
    assert.deepEqual(toolResultFacts(csv, 'Which line goes over 15 % ABV?'), ['CF-2290,Bodegas Toro Alto,Rouge,2020,15.5,24']);
    // a bound most rows meet picks none (a row as ordinary as the others: 13.5 %)
    const plain = csv.replace('2020,15.5,24', '2020,13.5,24');
    assert.ok(!toolResultFacts(plain, 'Which lines go over 11 % ABV?').some((l) => l.startsWith('CF-2290')));
    // a value far out of a long column (4.5 median absolute deviations) stands out without a bound
    assert.deepEqual(toolResultFacts(csv, 'Anything odd in the consolidation?'), ['CF-2290,Bodegas Toro Alto,Rouge,2020,15.5,24']);
  });
});

describe('facts: seen on held-out-8', () => {
  it('a row of data in a document is no decision (`…,medtech,approved,`); "was approved" in prose is', () => {
    assert.equal(classify('Sensorkopf-0,カニューレヘッド-0,medtech,approved,', 'document'), undefined);
    assert.equal(classify('The proposal was approved by the steering group in March.', 'document')?.type, 'decision');
  });

  it('a condition holding a version (`switches over to ONIX 3.1, drop …`), 麻烦在 12 月 10 日前把… are TODOs; `glossary-svc:1.19.4` is a version', () => {
    assert.deepEqual(read('When the feed switches over to ONIX 3.1, drop our ONIX 2.1 parser.').t, [['When the feed switches over to ONIX 3.1', '']]);
    assert.deepEqual(read('另外麻烦在 12 月 10 日前把少儿馆新到的 200 本电子书导入目录。').t, [['', '12 月 10 日前']]);
    const ids = extractRichIdentifiers('runs glossary-svc:1.19.4 and redis:7.2 on db.internal:5432');
    assert.deepEqual(ids.map((i) => [i.value, i.kind]), [['glossary-svc:1.19.4', 'version'], ['redis:7.2', 'version'], ['db.internal:5432', 'hostPort']]);
  });
});

describe('facts: one document a tool returned states at most a few decisions and rules', () => {
  it('the first eight are kept; a document of dozens is a shape we misread, and does not crowd out the rest', () => {
    const doc = Array.from({ length: 30 }, (_, i) => `We decided to retire service number ${i + 1} this quarter.`).join('\n\n');
    const f = extractFacts([user('Read the plan. Ticket PLAN-1 applies.'), call('c1', 'read', { path: 'docs/plan.md' }), result('c1', 'read', doc)]);
    assert.equal(f.decisions.length, 8);
  });
});

describe('facts: seen on held-out-9 and held-out-10', () => {
  it('"keep X bookable by phone only" is a rule; "the hold window goes from 90 to 45 seconds" and "we shortened …" are decisions', () => {
    assert.deepEqual(read("Please keep the accessible slots bookable by phone only; the web form can't check the companion ticket.").r, ['only']);
    assert.equal(read('Next: the hold window goes from 90 seconds to 45 seconds.').d.length, 1);
    assert.equal(read('We also shortened the retry delay for the mailer.').d.length, 1);
    assert.equal(read('回看窗口从 4 小时缩短到 2 小时。').d.length, 1);
  });

  it('"Should X still happen, do Y" is a TODO with its condition; "Should we …?" is a question', () => {
    assert.deepEqual(read('Should the dry run still show more than 0.5 % estimated bills, hold the run and escalate.').t, [['Should the dry run still show more than 0.5 % estimated bills', '']]);
    assert.equal(read('Should we move the job to Friday?').t.length, 0);
  });

  it('the one CSV row whose note differs where all others are equal (empty) is a finding', () => {
    const rows = Array.from({ length: 30 }, (_, i) => `SP-00${88000 + i * 3},Sato ${i},season-adult,2026-11-${String(1 + (i % 25)).padStart(2, '0')},`);
    rows.splice(9, 0, 'SP-0088213,Yamada Kenji,season-adult,2026-11-20,dup-of SP-0088197');
    const csv = ['pass_id,holder,product,sold_on,note', ...rows].join('\n');
    assert.deepEqual(toolResultFacts(csv, 'Anything flagged in the pass export?'), ['SP-0088213,Yamada Kenji,season-adult,2026-11-20,dup-of SP-0088197']);
  });
});

describe('facts: seen on held-out-11 and held-out-12', () => {
  it('…，不直接切换 is a decision, 要是…，就… a TODO, …不能… a rule; a bare "we decided" takes the sentence after it', () => {
    assert.equal(read('新版上线前先跑满两周影子评分，不直接切换。').d.length, 1);
    assert.deepEqual(read('要是影子评分和线上结果的差异超过 3%，就先暂停切换。').t, [['要是影子评分和线上结果的差异超过 3%', '']]);
    assert.deepEqual(read('服务员的手机号不能出现在导出文件里。').r, ['never']);
    const f = extractFacts([user('大阪本部と話して決めました。リネン交換は清掃と同じ担当者に任せます。以前の体制だと引き渡しが 25 分遅れていました。')]);
    assert.equal(f.decisions.length, 1);
    assert.ok(f.decisions[0]!.text.includes('リネン交換は清掃と同じ担当者に任せます') && f.decisions[0]!.text.includes('25 分遅れていました'), f.decisions[0]!.text);
    assert.equal(read('On our side, booking holds move out of the row locks into Redis with a TTL.').d.length, 1);
  });

  it('a #define with a unit or a target in its name, and "1,930 of them", are findings', () => {
    const c = ['#include <stdio.h>', ...Array.from({ length: 6 }, (_, i) => `#define BUFFER_SLOT_${i} ${i * 64}`), '#define MIST_MAX_ON_SECONDS 45', '#define VPD_TARGET_KPA_X100 85', ...Array.from({ length: 20 }, (_, i) => `static int f${i}(void) { return ${i}; }`)].join('\n');
    assert.deepEqual(toolResultFacts(c, 'What limits does the loop have?', 2), ['#define MIST_MAX_ON_SECONDS 45', '#define VPD_TARGET_KPA_X100 85']);
    const essay = ['The notes below collect what we learned.', 'We measured before changing anything.', 'Bot downloads were still billed under IO-3102, 1,930 of them in one week.', 'Testing this properly needs realistic data.'].join('\n\n');
    assert.deepEqual(toolResultFacts(essay, 'Does it settle anything?', 1), ['Bot downloads were still billed under IO-3102, 1,930 of them in one week.']);
  });
});

describe('facts: seen on held-out-13 and held-out-14', () => {
  it('a rule named inside a lead-in ("Before anything else, a rule for …:"), "capped at", "we only <verb>"', () => {
    assert.equal(classify('Before anything else, a rule for all patient-data work here: no prescription details in logs.', 'user')?.type, 'rule');
    assert.deepEqual(read('Resale prices are capped at face value plus 10 %.').r, ['must']);
    assert.deepEqual(read("We only charge a customer for damage that's on a photo.").r, ['only']);
    assert.deepEqual(read('We only need the log for that.').r, []);
  });

  it('确认了：, "she decided …, not 20", "we landed on", "we\'re not going to", "We keep X and …" are decisions; "We keep getting …" is not', () => {
    assert.equal(read('合作方那边确认了：转售成交后旧二维码立即作废。').d.length, 1);
    assert.equal(read('And she decided the page shows a room as free 10 minutes after the last motion, not 20.').d.length, 1);
    assert.equal(read('We landed on recalculating balances for every weighed landing.').d.length, 1);
    assert.equal(read("We're not going to build our own estimator.").d.length, 1);
    assert.equal(read("We keep the vendor's API and put a circuit breaker around it.").d.length, 1);
    assert.equal(read('We keep getting timeouts from the API.').d.length, 0);
  });

  it('"Otherwise …" after a decision is its reason; a statement the next sentence justifies (…ためです) is a decision', () => {
    assert.deepEqual(read('Balances get recalculated at every landing, not once a night. Otherwise a boat can fish against a balance that is gone.').d.map((d) => d[1]), ['Otherwise a boat can fish against a balance that is gone']);
    const f = extractFacts([user('在室判定は PIR センサーで行い、カメラは使いません。学生代表委員会が映像を使う方式に反対したためです。')]);
    assert.equal(f.decisions.length, 1);
    assert.ok(f.decisions[0]!.text.includes('反対したためです'), f.decisions[0]!.text);
  });

  it('a prose sentence with two figures ("412 claims …, 61 of them disputed") is a finding', () => {
    const essay = ['# Review', 'Most of the work is in the edges: retries and partial failures.', 'In October, 412 claims were opened at the airport branch, 61 of them disputed by the customer.', 'We measured before changing anything.', 'Testing this properly needs realistic data.'].join('\n\n');
    assert.ok(toolResultFacts(essay, 'Anything in there for us?').includes('In October, 412 claims were opened at the airport branch, 61 of them disputed by the customer.'));
  });
});
