/**
 * View models and the context document, over the real OpenClaw fixture state. Expected strings come
 * from OpenClaw's own printed figures (sessions-final.json) and the product's documented formats.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { renderContextDocument } from '../../src/core/context/document';
import { agentFamily, ContextModel, type SessionState } from '../../src/core/context/model';
import { bootstrapTokens, scanWorkspace } from '../../src/core/memory/workspace/scan';
import { formatTokens } from '../../src/core/context/format';
import {
  compactionLabel,
  entryLabel,
  gaugeShort,
  levelColor,
  sessionDescription,
  sessionLabel,
  sessionPickItems,
  GAUGE_SESSION_WORDS,
  shortKey,
  statusBarModel,
  turnLabel,
} from '../../src/core/context/viewModel';
import { groupTurns } from '../../src/core/context/rebuild';
import { processEnv, resolveStateDirs } from '../../src/core/store/config';
import { assertTablesLabelled, fixturePath, materializeRealState } from './helpers';

interface OcRow {
  key: string;
  totalTokens: number | null;
  totalTokensFresh: boolean;
}

describe('view models over the real fixture state', () => {
  let model: ContextModel;
  let oc: OcRow[];
  const get = (key: string): SessionState => {
    const s = model.findByKey(key);
    assert.ok(s, key);
    return model.ensureTranscript(s.uid)!;
  };

  before(() => {
    const dir = materializeRealState();
    model = new ContextModel({ stateDirs: resolveStateDirs(dir, undefined, processEnv()), env: processEnv() });
    model.refresh(true);
    oc = (JSON.parse(fs.readFileSync(fixturePath('openclaw-real', 'cli', 'sessions-final.json'), 'utf8')) as { sessions: OcRow[] }).sessions;
  });

  it('status bar text: percent then used/window, as OpenClaw rounds them; `~` for estimates', () => {
    for (const r of oc) {
      const s = get(r.key);
      const text = statusBarModel(s, { pinned: false, now: Date.now() }).text;
      if (r.totalTokensFresh && r.totalTokens !== null) {
        const pct = Math.round((r.totalTokens / 32768) * 100);
        const used = r.totalTokens >= 10000 ? `${(r.totalTokens / 1000).toFixed(0)}k` : `${(r.totalTokens / 1000).toFixed(1)}k`;
        assert.equal(text, `$(pulse) ${pct}% ${used}/33k`, r.key);
      } else assert.match(text, /^\$\(pulse\) ~\d+% ~[\d.]+k\/33k$/, r.key);
    }
  });

  it('status bar background follows the thresholds; tooltip names the lines and the source', () => {
    const s = get('agent:main:work');
    model.figures(s.uid); // the transcript read: the composition is broken down
    const m = statusBarModel(s, { pinned: true, now: Date.now() });
    assert.equal(m.background, 'none');
    for (const t of ['`agent:main:work`', 'pinned', 'To memory flush', 'To compaction', 'line at 25k, OpenClaw budget', 'Checkpoint line', 'reported by OpenClaw', 'Bootstrap files (5)', 'Tool schemas', '| **Used** |']) {
      assert.ok(m.tooltip.includes(t), `tooltip has ${t}`);
    }
    assert.ok(!m.tooltip.includes('$(pinned)'), 'no theme-icon syntax in the tooltip text');
    assert.match(m.tooltip, /Click to choose which session the gauge shows/);
    assert.match(statusBarModel(s, { pinned: false, now: 0, click: 'open' }).tooltip, /Click \(or Enter\) to open its active context/);
    assert.doesNotMatch(statusBarModel(s, { pinned: false, now: 0, click: 'open' }).tooltip, /Click to choose/);
    // every table column is labelled (Markdown preview drops a column without a header)
    assertTablesLabelled(m.tooltip);
    const hot = { ...s, figures: { ...s.figures, level: 'danger' as const } };
    assert.equal(statusBarModel(hot, { pinned: false, now: 0 }).background, 'error');
    const warm = { ...s, figures: { ...s.figures, level: 'checkpoint' as const } };
    assert.equal(statusBarModel(warm, { pinned: false, now: 0 }).background, 'warning');
  });

  it('status bar without a session explains why (e.g. no SQLite engine)', () => {
    const m = statusBarModel(undefined, { pinned: false, now: 0, problem: 'This runtime (Node v20) has no built-in SQLite' });
    assert.equal(m.text, '$(pulse) OpenClaw');
    assert.equal(m.background, 'warning');
    assert.match(m.tooltip, /no built-in SQLite/);
    assert.equal(statusBarModel(undefined, { pinned: false, now: 0 }).background, 'none');
  });

  it('status bar with nothing to fix (no state dir yet): the hint, and no warning colour', () => {
    const m = statusBarModel(undefined, { pinned: false, now: 0, hint: 'No OpenClaw state directory at /x. Open the OpenClaw Context view to choose one or open the demo state.' });
    assert.equal(m.background, 'none');
    assert.match(m.tooltip, /open the demo state/);
    assert.equal(statusBarModel(undefined, { pinned: false, now: 0, hint: 'h', problem: 'broken store' }).background, 'warning');
  });

  it('session labels are the key without the agent prefix; UUID segments shortened', () => {
    assert.equal(shortKey('agent:main:work', 'main'), 'work');
    assert.equal(shortKey('agent:main:dashboard:0c9e5420-4b4c-4526-9df1-2be93bb83f2a', 'main'), 'dashboard:0c9e5420');
    assert.equal(shortKey('agent:other:x', 'main'), 'agent:other:x');
    assert.equal(shortKey('agent:main:', 'main'), 'agent:main:');
    assert.equal(sessionLabel(get('agent:main:explicit:harness-explicit-001')), 'explicit:harness-explicit-001');
  });

  it('descriptions: `30% · 9.7k/33k`, compactions counted, display names appended', () => {
    assert.equal(sessionDescription(get('agent:main:work')), '30% · 9.7k/33k');
    const ext2 = get('agent:main:ext2');
    assert.equal(ext2.figures.compactions, 1);
    assert.equal(sessionDescription(ext2), '25% · 8.3k/33k · 1 compaction');
    assert.match(sessionDescription(get('agent:main:rpc')), /^27% · 8\.7k\/33k · First turn after reset/);
    // the fork has no count of OpenClaw's own (it prints "unknown"): the estimate, and the state that says so
    assert.match(sessionDescription(get('agent:main:dashboard:0c9e5420-4b4c-4526-9df1-2be93bb83f2a')), /^~\d+% · ~[\d.]+k\/33k · not current$/);
  });

  it('quick pick lists every session, most recent first, full keys as labels', () => {
    const items = sessionPickItems(model.sessions(), Date.now(), false);
    assert.equal(items.length, oc.length);
    assert.equal(items[0]!.label, 'agent:main:work');
    assert.deepEqual(new Set(items.map((i) => i.label)), new Set(oc.map((r) => r.key)));
  });

  it('quick pick puts the gauge’s session first and marks it; the rest stay most recent first', () => {
    const rpc = get('agent:main:rpc');
    const items = sessionPickItems(model.sessions(), Date.now(), false, rpc.uid);
    assert.equal(items[0]!.uid, rpc.uid);
    assert.equal(items[0]!.description, `${sessionDescription(rpc)} · ${GAUGE_SESSION_WORDS}`);
    const rest = sessionPickItems(model.sessions().filter((s) => s.uid !== rpc.uid), Date.now(), false);
    assert.deepEqual(items.slice(1).map((i) => i.uid), rest.map((i) => i.uid));
    assert.ok(items.slice(1).every((i) => !i.description.includes(GAUGE_SESSION_WORDS)));
  });

  it('compaction and turn labels carry the token figures OpenClaw recorded', () => {
    const rpcPre = get('agent:main:ext2');
    const c = rpcPre.context!.compactions[0]!;
    assert.equal(c.tokensBefore, 9999); // the external-write experiment H wrote tokensBefore 9999, no tokensAfter
    assert.ok(c.est! > 0 && c.est! < 1000);
    // one figure, one format: 9999 reads 10k (never "10.0k" here and "9999" there); no tokensAfter recorded
    assert.equal(compactionLabel(c).label, '10k → ?');
    assert.match(compactionLabel(c).description, new RegExp(` · summary ~${Math.round(c.est!)}$`));
    assert.match(compactionLabel(c).tooltip, new RegExp(`Summary ~${Math.round(c.est!)} tokens · recorded by OpenClaw: 10k before → \\? after`));
    const turns = groupTurns(rpcPre.context!.items);
    assert.equal(turns[0]!.opener?.kind, 'compaction');
    assert.match(turnLabel(turns[0]!, 1).label, /^1\. Compaction summary$/);
    const user = rpcPre.context!.items.find((e) => e.role === 'user')!;
    assert.equal(entryLabel(user).icon, 'account');
  });

  it('gaugeShort and level colours', () => {
    const s = get('agent:main:main');
    assert.equal(gaugeShort(s.figures), '26% 8.5k/33k');
    assert.equal(levelColor('ok'), 'charts.green');
    assert.equal(levelColor('danger'), 'charts.red');
  });

  it('context document: one heading per context item, in order, with the summary first after a compaction', () => {
    const s = get('agent:main:ext2');
    const full = model.loadEntries(s.uid, s.context!.items);
    const doc = renderContextDocument(s, full);
    const headings = doc.split('\n').filter((l) => /^### \d+\. /.test(l));
    assert.equal(headings.length, s.context!.items.length);
    assert.match(headings[0]!, /^### 1\. compaction summary/);
    assert.ok(doc.includes('The conversation history before this point was compacted into the following summary:'));
    assert.ok(doc.startsWith('# Active context — agent:main:ext2'));
  });
});

describe('breakdown: bootstrap files counted as the Memories view counts them', () => {
  it('each injected file is the workspace scan\'s figure (the Memories view\'s), unscaled; without a scan, chars/4', () => {
    const dir = materializeRealState();
    const cfgPath = `${dir}/openclaw.json`;
    const cfg = JSON.parse(fs.readFileSync(cfgPath, 'utf8'));
    cfg.agents.defaults.workspace = `${dir}/workspace`;
    fs.writeFileSync(cfgPath, JSON.stringify(cfg));
    const m = new ContextModel({ stateDirs: resolveStateDirs(dir, undefined, processEnv()), env: processEnv(), bootstrapTokens });
    const bare = new ContextModel({ stateDirs: resolveStateDirs(dir, undefined, processEnv()), env: processEnv() });
    try {
      m.refresh(true);
      bare.refresh(true);
      const s = m.ensureTranscript(m.findByKey('agent:main:main')!.uid)!;
      const boot = m.breakdown(s.uid).find((r) => r.id === 'bootstrap')!;
      const files = s.row.systemPromptReport!.injectedWorkspaceFiles!;
      const agent = m.agentOf(s)!.agent;
      const scan = scanWorkspace(`${dir}/workspace`, { config: cfg, agentId: s.agentId, family: agentFamily(agent) });
      const want = files.reduce((n, f) => n + scan.bootstrap.find((b) => b.name === f.name)!.injectedTokens, 0);
      assert.equal(boot.tokens, want);
      for (const f of files) assert.ok(boot.detail!.includes(`${f.name} ${formatTokens(scan.bootstrap.find((b) => b.name === f.name)!.injectedTokens)}`), `${f.name} in ${boot.detail}`);
      const charsOver4 = files.reduce((n, f) => n + Math.ceil((f.injectedChars ?? 0) / 4), 0);
      assert.notEqual(boot.tokens, charsOver4, 'not the chars/4 fallback');
      const b2 = bare.breakdown(bare.findByKey('agent:main:main')!.uid).find((r) => r.id === 'bootstrap')!;
      assert.equal(b2.tokens, charsOver4, 'no workspace scan: the report\'s chars/4');
    } finally {
      m.dispose();
      bare.dispose();
    }
  });
});
