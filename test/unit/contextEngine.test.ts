/**
 * Context-engine plugins (core/store/contextEngine.ts, core/actions/engineGuard.ts): which engine OpenClaw's config
 * selects (JSON5, $include, disabled plugins, engines we cannot name), and what our actions do when a plugin
 * compacts: Compact is refused with the reason and writes nothing, Flush and the trimmed view say why they may
 * not match, the CLI reports it. Against temp copies of the real OpenClaw state with the slot added.
 */
import assert from 'node:assert/strict';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { compactSession, engineGuard, flushSession, type ActionPreview } from '../../src/core/actions';
import { ContextModel, type SessionState } from '../../src/core/context/model';
import { processEnv, resolveStateDirs } from '../../src/core/store/config';
import { contextEngineLine, contextEngineOf, pluginCompacts } from '../../src/core/store/contextEngine';
import { discoverStateDir } from '../../src/core/store/stateDir';
import { realDbPath, realStateForWrites } from './helpers';
import { assertSchema, cli, WORK } from './support/cli';

type Json = Record<string, unknown>;

describe('context engine: what the config selects', () => {
  const table: Array<[string, unknown, ReturnType<typeof contextEngineOf>]> = [
    ['no config', undefined, { id: 'legacy', ownsCompaction: false }],
    ['no plugins key', { agents: {} }, { id: 'legacy', ownsCompaction: false }],
    ['slot "legacy"', { plugins: { slots: { contextEngine: 'legacy' } } }, { id: 'legacy', ownsCompaction: false }],
    ['empty slot', { plugins: { slots: { contextEngine: '  ' } } }, { id: 'legacy', ownsCompaction: false }],
    ['a slot that is not a string', { plugins: { slots: { contextEngine: 42 } } }, { id: 'legacy', ownsCompaction: false }],
    ['lossless-claw', { plugins: { slots: { contextEngine: 'lossless-claw' }, entries: { 'lossless-claw': { enabled: true } } } }, { id: 'lossless-claw', ownsCompaction: true }],
    ['lossless-claw, padded', { plugins: { slots: { contextEngine: ' lossless-claw ' } } }, { id: 'lossless-claw', ownsCompaction: true }],
    ['an engine we cannot name', { plugins: { slots: { contextEngine: 'my-engine' } } }, { id: 'my-engine', ownsCompaction: 'unknown' }],
    ['a hostile name: control characters and a huge length are not shown as they are', { plugins: { slots: { contextEngine: `evil\u001b[2J${'x'.repeat(500)}` } } }, { id: `evil?[2J${'x'.repeat(55)}…`, ownsCompaction: 'unknown' }],
    ['a name that is an Object.prototype key', { plugins: { slots: { contextEngine: 'toString' } } }, { id: 'toString', ownsCompaction: 'unknown' }],
    ['the plugin entry is disabled: OpenClaw falls back', { plugins: { slots: { contextEngine: 'lossless-claw' }, entries: { 'lossless-claw': { enabled: false } } } }, { id: 'legacy', ownsCompaction: false, disabled: 'lossless-claw' }],
    ['plugins are off', { plugins: { enabled: false, slots: { contextEngine: 'lossless-claw' } } }, { id: 'legacy', ownsCompaction: false, disabled: 'lossless-claw' }],
  ];
  for (const [name, cfg, want] of table) it(name, () => assert.deepEqual(contextEngineOf(cfg), want));

  it('pluginCompacts and the tooltip line', () => {
    assert.equal(pluginCompacts(undefined), false);
    assert.equal(pluginCompacts({ id: 'legacy', ownsCompaction: false }), false);
    assert.equal(pluginCompacts({ id: 'lossless-claw', ownsCompaction: true }), true);
    assert.equal(pluginCompacts({ id: 'my-engine', ownsCompaction: 'unknown' }), true);
    assert.equal(contextEngineLine({ id: 'legacy', ownsCompaction: false }), undefined);
    assert.match(contextEngineLine({ id: 'lossless-claw', ownsCompaction: true })!, /^Compaction is done by the lossless-claw plugin/);
    assert.match(contextEngineLine({ id: 'my-engine', ownsCompaction: 'unknown' })!, /may compact on its own/);
  });
});

/** A writable copy of the real state whose openclaw.json gets `text` appended as JSON5 keys (or nothing). */
function stateWith(pluginsJson5?: string, include?: string): string {
  const state = realStateForWrites();
  const file = path.join(state, 'openclaw.json');
  if (pluginsJson5 !== undefined || include !== undefined) {
    const cfg = fs.readFileSync(file, 'utf8').trimEnd();
    assert.ok(cfg.endsWith('}'));
    const extra = [pluginsJson5 !== undefined ? `  // a context engine (JSON5: comments, unquoted keys, trailing commas)\n  plugins: ${pluginsJson5},` : '', include !== undefined ? `  $include: ${JSON.stringify(include)},` : ''].filter(Boolean).join('\n');
    fs.writeFileSync(file, `${cfg.slice(0, -1).trimEnd()},\n${extra}\n}\n`);
  }
  return state;
}

function openModel(state: string): ContextModel {
  const env = processEnv();
  const m = new ContextModel({ stateDirs: resolveStateDirs(state, undefined, env), env });
  m.refresh();
  return m;
}

const sessionOf = (m: ContextModel, key = WORK): SessionState => m.ensureTranscript(m.findByKey(key)!.uid)!;
const sha = (f: string) => crypto.createHash('sha256').update(fs.readFileSync(f)).digest('hex');
const LOSSLESS = "{ slots: { contextEngine: 'lossless-claw', }, entries: { 'lossless-claw': { enabled: true, }, }, }";

describe('context engine: read from a real state dir', function () {
  this.timeout(30_000);

  it('JSON5 config with the slot; the real config without it; the slot through $include', () => {
    const env = processEnv();
    const dirOf = (state: string) => discoverStateDir(resolveStateDirs(state, undefined, env)[0]!, env, () => undefined);
    const plain = dirOf(stateWith());
    assert.deepEqual(plain.contextEngine, { id: 'legacy', ownsCompaction: false });
    plain.agents.forEach((a) => a.store?.close());
    const withSlot = dirOf(stateWith(LOSSLESS));
    assert.equal(withSlot.config.error, undefined);
    assert.deepEqual(withSlot.contextEngine, { id: 'lossless-claw', ownsCompaction: true });
    withSlot.agents.forEach((a) => a.store?.close());
    const st = stateWith(undefined, 'plugins.json5');
    fs.writeFileSync(path.join(st, 'plugins.json5'), "{ plugins: { slots: { contextEngine: 'my-engine' } } }\n");
    const included = dirOf(st);
    assert.deepEqual(included.contextEngine, { id: 'my-engine', ownsCompaction: 'unknown' });
    included.agents.forEach((a) => a.store?.close());
  });
});

describe('context engine: our actions do not fight the plugin', function () {
  this.timeout(60_000);

  it('Compact is refused with the reason before anything is planned or confirmed; the store is untouched', async () => {
    for (const [slot, owns] of [[LOSSLESS, /the lossless-claw plugin compacts this session/], ["{ slots: { contextEngine: 'my-engine' } }", /context engine is the my-engine plugin, which may compact on its own/]] as const) {
      const state = stateWith(slot);
      const db = realDbPath(state);
      const before = sha(db);
      const m = openModel(state);
      try {
        const asked: unknown[] = [];
        for (const dryRun of [false, true]) {
          const o = await compactSession({ model: m, confirm: async (pv) => (asked.push(pv), true), dryRun }, sessionOf(m));
          assert.equal(o.status, 'refused');
          assert.ok(o.status === 'refused' && o.code === 'context-engine');
          assert.match(o.message, owns);
          assert.match(o.message, /OpenClaw's own \/compact.*Nothing was changed\./);
        }
        assert.deepEqual(asked, []);
      } finally {
        m.dispose();
      }
      assert.equal(sha(db), before);
    }
  });

  it('without the plugin (or with it disabled) Compact plans as before', async () => {
    for (const slot of [undefined, "{ slots: { contextEngine: 'lossless-claw' }, entries: { 'lossless-claw': { enabled: false } } }"]) {
      const m = openModel(stateWith(slot));
      try {
        const o = await compactSession({ model: m, confirm: async () => false, dryRun: true }, sessionOf(m, 'agent:main:main'));
        assert.notEqual(o.status, 'refused', JSON.stringify(o));
        assert.equal(engineGuard(m, sessionOf(m), 'compact'), undefined);
      } finally {
        m.dispose();
      }
    }
  });

  it('Flush says, before confirming and in its outcome, that OpenClaw runs no flush of its own', async () => {
    const state = stateWith(LOSSLESS);
    const m = openModel(state);
    try {
      const s = sessionOf(m, 'agent:main:main');
      const previews: Array<ActionPreview<unknown>> = [];
      const ws = m.agentOf(s)!.agent.workspace;
      const o = await flushSession({ model: m, confirm: async (pv) => (previews.push(pv as ActionPreview<unknown>), false) }, s, { workspaceDir: ws, force: true, readOnly: true });
      assert.equal(o.status, 'cancelled', JSON.stringify(o));
      assert.match(previews[0]?.note ?? '', /OpenClaw does not flush memory before compacting/);
      assert.equal(o.note, previews[0]!.note);
    } finally {
      m.dispose();
    }
  });

  it('the trimmed view is warned, not refused', () => {
    const m = openModel(stateWith(LOSSLESS));
    try {
      const g = engineGuard(m, sessionOf(m), 'trimmed-view')!;
      assert.equal(g.refuse, false);
      assert.match(g.message, /what OpenClaw sends the model is the plugin's own assembly/);
    } finally {
      m.dispose();
    }
  });

  it('CLI: status and sessions name the plugin; compact --yes is refused (exit 1, code context-engine)', async () => {
    const state = stateWith(LOSSLESS);
    const db = realDbPath(state);
    const before = sha(db);
    const st = await cli(['status', '--state-dir', state, '--json']);
    assert.equal(st.code, 0, st.err);
    assertSchema('status', st.json());
    for (const s of st.json().sessions as Json[]) assert.equal(s.compactionBy, 'lossless-claw');
    const text = await cli(['status', WORK, '--state-dir', state]);
    assert.match(text.out, /compaction by lossless-claw/);
    assert.doesNotMatch(text.out, /compaction at/);
    const ls = await cli(['sessions', '--state-dir', state, '--json']);
    assertSchema('sessions', ls.json());
    const c = await cli(['compact', WORK, '--state-dir', state, '--yes', '--json']);
    assert.equal(c.code, 1, c.out + c.err);
    assert.deepEqual((c.json().refusal as Json).code, 'context-engine');
    assert.equal(c.json().status, 'refused');
    assert.equal(sha(db), before);
    const doc = await cli(['doctor', '--state-dir', state, '--json']);
    assertSchema('doctor', doc.json());
    const check = (doc.json().checks as Json[]).find((x) => x.id === 'context-engine');
    assert.match(String(check?.message), /^Compaction is done by the lossless-claw plugin: OpenClaw's own memory flush and compaction do not run for this state dir's sessions\.$/);
    const plain = await cli(['doctor', '--state-dir', stateWith(), '--json']);
    assert.equal((plain.json().checks as Json[]).some((x) => x.id === 'context-engine'), false);
  });
});
