/**
 * State dir / config discovery and config reading. Oracles: openclaw-formats.md §1.1–1.3 and §4.1, and
 * OpenClaw's src/config/includes.ts and env-substitution.ts (arrays concatenate across $include; only
 * upper-case `${VAR}` names are substituted; `$${VAR}` is an escaped literal).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  compactionSettings,
  defaultAgentId,
  type Env,
  expandUserPath,
  homeDir,
  listDiskAgents,
  loadConfig,
  resolveAgents,
  resolveStateDirs,
  resolveWindow,
} from '../../src/core/store/config';
import { collectDiagnostics, fixturePath, tmpDir } from './helpers';

const HOME = '/home/ana';

function fakeEnv(vars: Record<string, string | undefined> = {}, existing: string[] = []): Env {
  const set = new Set(existing.map((p) => path.resolve(p)));
  return { vars: { HOME, ...vars }, homedir: '/os/home', exists: (p) => set.has(path.resolve(p)) };
}

/** A real-filesystem env with chosen variables. */
function fsEnv(vars: Record<string, string | undefined> = {}): Env {
  return { vars: { HOME, ...vars }, homedir: HOME, exists: (p) => fs.existsSync(p) };
}

describe('resolveStateDirs', function () {
  it('a setting string wins over everything', function () {
    const env = fakeEnv({ OPENCLAW_STATE_DIR: '/env/state', OPENCLAW_CONFIG_PATH: '/env/cfg.json' }, [`${HOME}/.openclaw`]);
    assert.deepEqual(resolveStateDirs('/data/oc', undefined, env), [{ dir: '/data/oc', source: 'setting', configPath: '/data/oc/openclaw.json' }]);
  });

  it('a setting list gives every dir once, side by side, each with its own config', function () {
    const env = fakeEnv({}, ['/b/clawdbot.json']);
    assert.deepEqual(resolveStateDirs(['/a', ' /b ', '/a/', ''], '/explicit.json', env), [
      { dir: '/a', source: 'setting', configPath: '/a/openclaw.json' },
      { dir: '/b', source: 'setting', configPath: '/b/clawdbot.json' },
    ]);
  });

  it('an empty or blank setting falls through to the environment', function () {
    const env = fakeEnv({ OPENCLAW_STATE_DIR: '/env/state' });
    for (const s of ['', '   ', [], ['  ']] as Array<string | string[]>) assert.equal(resolveStateDirs(s, undefined, env)[0]!.dir, '/env/state');
  });

  it('$OPENCLAW_STATE_DIR beats ~/.openclaw, and its `~` is expanded', function () {
    const env = fakeEnv({ OPENCLAW_STATE_DIR: '~/oc-state' }, [`${HOME}/.openclaw`]);
    assert.deepEqual(resolveStateDirs(undefined, undefined, env), [{ dir: `${HOME}/oc-state`, source: 'env', configPath: `${HOME}/oc-state/openclaw.json` }]);
  });

  it('~/.openclaw if it exists, else legacy ~/.clawdbot if it exists, else ~/.openclaw', function () {
    assert.deepEqual(
      resolveStateDirs(undefined, undefined, fakeEnv({}, [`${HOME}/.openclaw`, `${HOME}/.clawdbot`])).map((c) => [c.dir, c.source]),
      [[`${HOME}/.openclaw`, 'default']],
    );
    assert.deepEqual(
      resolveStateDirs(undefined, undefined, fakeEnv({}, [`${HOME}/.clawdbot`])).map((c) => [c.dir, c.source]),
      [[`${HOME}/.clawdbot`, 'legacy']],
    );
    assert.deepEqual(
      resolveStateDirs(undefined, undefined, fakeEnv({}, [])).map((c) => [c.dir, c.source]),
      [[`${HOME}/.openclaw`, 'default']],
    );
  });

  it('home: $OPENCLAW_HOME (with ~), else $HOME, else $USERPROFILE, else os.homedir()', function () {
    assert.equal(homeDir(fakeEnv({ OPENCLAW_HOME: '/srv/och' })), '/srv/och');
    assert.equal(homeDir(fakeEnv({ OPENCLAW_HOME: '~/alt' })), '/os/home/alt');
    assert.equal(homeDir(fakeEnv({})), HOME);
    assert.equal(homeDir({ vars: { USERPROFILE: '/win/user' }, homedir: '/os/home', exists: () => false }), '/win/user');
    assert.equal(homeDir({ vars: {}, homedir: '/os/home', exists: () => false }), '/os/home');
    assert.equal(resolveStateDirs(undefined, undefined, fakeEnv({ OPENCLAW_HOME: '/srv/och' }))[0]!.dir, '/srv/och/.openclaw');
  });

  it('expands ~ and ${env:VAR} / ${VAR} in settings', function () {
    const env = fakeEnv({ OC_ROOT: '/mnt/oc' });
    assert.equal(resolveStateDirs('${env:OC_ROOT}/state', undefined, env)[0]!.dir, '/mnt/oc/state');
    assert.equal(resolveStateDirs('${OC_ROOT}/s2', undefined, env)[0]!.dir, '/mnt/oc/s2');
    assert.equal(resolveStateDirs('~/my-oc', undefined, env)[0]!.dir, `${HOME}/my-oc`);
    assert.equal(resolveStateDirs('~', undefined, env)[0]!.dir, HOME);
    assert.equal(expandUserPath('${env:NOPE}/x', env), '/x');
  });

  describe('config path', function () {
    it('the configPath setting beats $OPENCLAW_CONFIG_PATH and the files', function () {
      const env = fakeEnv({ OPENCLAW_CONFIG_PATH: '/env/cfg.json' }, [`${HOME}/.openclaw`, `${HOME}/.openclaw/openclaw.json`]);
      assert.equal(resolveStateDirs(undefined, '~/my.json5', env)[0]!.configPath, `${HOME}/my.json5`);
      assert.equal(resolveStateDirs('/s', '/explicit.json', env)[0]!.configPath, '/explicit.json');
    });

    it('$OPENCLAW_CONFIG_PATH beats <dir>/openclaw.json for env and default dirs', function () {
      const files = [`${HOME}/.openclaw`, `${HOME}/.openclaw/openclaw.json`, '/env/state/openclaw.json'];
      assert.equal(resolveStateDirs(undefined, undefined, fakeEnv({ OPENCLAW_CONFIG_PATH: '/env/cfg.json' }, files))[0]!.configPath, '/env/cfg.json');
      assert.equal(resolveStateDirs(undefined, undefined, fakeEnv({ OPENCLAW_CONFIG_PATH: '/env/cfg.json', OPENCLAW_STATE_DIR: '/env/state' }, files))[0]!.configPath, '/env/cfg.json');
    });

    it('<dir>/openclaw.json, else the legacy <dir>/clawdbot.json when only it exists', function () {
      const d = `${HOME}/.openclaw`;
      assert.equal(resolveStateDirs(undefined, undefined, fakeEnv({}, [d, `${d}/openclaw.json`, `${d}/clawdbot.json`]))[0]!.configPath, `${d}/openclaw.json`);
      assert.equal(resolveStateDirs(undefined, undefined, fakeEnv({}, [d, `${d}/clawdbot.json`]))[0]!.configPath, `${d}/clawdbot.json`);
      assert.equal(resolveStateDirs(undefined, undefined, fakeEnv({}, [d]))[0]!.configPath, `${d}/openclaw.json`);
    });
  });
});

describe('loadConfig', function () {
  function write(dir: string, files: Record<string, string>): void {
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
  }

  it('parses the real OpenClaw config', function () {
    const diags = collectDiagnostics();
    const c = loadConfig(fixturePath('openclaw-real', 'state', 'openclaw.json'), fsEnv(), diags.sink);
    assert.equal(c.exists, true);
    assert.equal(((c.value.agents as { defaults: { model: { primary: string } } }).defaults.model.primary), 'fake/scripted-1');
    assert.deepEqual(diags.list, []);
  });

  it('JSON5: comments, trailing commas, unquoted keys, single quotes', function () {
    const dir = tmpDir();
    write(dir, { 'openclaw.json': "// top comment\n{\n  agents: { defaults: { model: 'a/b', /* inline */ }, },\n  list: [1, 2,],\n}\n" });
    const c = loadConfig(path.join(dir, 'openclaw.json'), fsEnv());
    assert.deepEqual(c.value, { agents: { defaults: { model: 'a/b' } }, list: [1, 2] });
  });

  it('a missing config is simply empty (no diagnostic)', function () {
    const diags = collectDiagnostics();
    const c = loadConfig(path.join(tmpDir(), 'openclaw.json'), fsEnv(), diags.sink);
    assert.deepEqual({ exists: c.exists, value: c.value }, { exists: false, value: {} });
    assert.deepEqual(diags.list, []);
  });

  it('invalid JSON5 → error diagnostic and an empty config, no throw', function () {
    const dir = tmpDir();
    write(dir, { 'openclaw.json': '{ agents: { defaults: ' });
    const diags = collectDiagnostics();
    const c = loadConfig(path.join(dir, 'openclaw.json'), fsEnv(), diags.sink);
    assert.deepEqual(c.value, {});
    assert.equal(c.exists, true);
    assert.ok(c.error);
    assert.deepEqual(
      diags.list.map((d) => d.severity),
      ['error'],
    );
  });

  it('$include (string): relative to the including file; sibling keys override what is included', function () {
    const dir = tmpDir();
    write(dir, {
      'openclaw.json': "{ $include: './parts/base.json5', agents: { defaults: { model: 'main/over' } } }",
      'parts/base.json5': "{ agents: { defaults: { model: 'base/model', workspace: '/ws' } }, gateway: { port: 1 } }",
    });
    const c = loadConfig(path.join(dir, 'openclaw.json'), fsEnv());
    assert.deepEqual(c.value, { agents: { defaults: { model: 'main/over', workspace: '/ws' } }, gateway: { port: 1 } });
  });

  it('$include (array): merged in order, later files win; nested includes resolve relative to their own file', function () {
    const dir = tmpDir();
    write(dir, {
      'openclaw.json': "{ $include: ['a.json5', 'sub/b.json5'] }",
      'a.json5': '{ x: 1, y: 1, deep: { a: 1 } }',
      'sub/b.json5': "{ $include: './c.json5', y: 2 }",
      'sub/c.json5': '{ z: 3, deep: { c: 3 } }',
    });
    const c = loadConfig(path.join(dir, 'openclaw.json'), fsEnv());
    assert.deepEqual(c.value, { x: 1, y: 2, z: 3, deep: { a: 1, c: 3 } });
  });

  it('$include inside a nested object replaces that object', function () {
    const dir = tmpDir();
    write(dir, {
      'openclaw.json': "{ models: { $include: './models.json5' }, other: true }",
      'models.json5': "{ providers: { fake: { models: [{ id: 'm', contextWindow: 1000 }] } } }",
    });
    const c = loadConfig(path.join(dir, 'openclaw.json'), fsEnv());
    assert.deepEqual(c.value, { models: { providers: { fake: { models: [{ id: 'm', contextWindow: 1000 }] } } }, other: true });
  });

  it('$include: arrays concatenate (OpenClaw includes.ts deepMerge)', function () {
    const dir = tmpDir();
    write(dir, {
      'openclaw.json': "{ $include: './agents.json5', agents: { list: [{ id: 'ops' }] } }",
      'agents.json5': "{ agents: { list: [{ id: 'main', default: true }] } }",
    });
    const c = loadConfig(path.join(dir, 'openclaw.json'), fsEnv());
    assert.deepEqual(c.value, { agents: { list: [{ id: 'main', default: true }, { id: 'ops' }] } });
  });

  it('$include outside the config directory is refused (as OpenClaw does)', function () {
    const root = tmpDir();
    write(root, { 'outside.json5': "{ secret: 1 }", 'cfg/openclaw.json': "{ $include: '../outside.json5', a: 1 }" });
    const diags = collectDiagnostics();
    const c = loadConfig(path.join(root, 'cfg', 'openclaw.json'), fsEnv(), diags.sink);
    assert.deepEqual(c.value, {});
    assert.match(c.error ?? '', /outside the config directory/);
    assert.equal(diags.list[0]?.severity, 'error');
  });

  it('$include cycle → error diagnostic naming the cycle, empty config, no throw', function () {
    const dir = tmpDir();
    write(dir, { 'openclaw.json': "{ $include: './a.json5' }", 'a.json5': "{ $include: './b.json5' }", 'b.json5': "{ $include: './a.json5' }" });
    const diags = collectDiagnostics();
    let c!: ReturnType<typeof loadConfig>;
    assert.doesNotThrow(() => (c = loadConfig(path.join(dir, 'openclaw.json'), fsEnv(), diags.sink)));
    assert.deepEqual(c.value, {});
    assert.equal(diags.list.length, 1);
    assert.equal(diags.list[0]!.severity, 'error');
    assert.match(diags.list[0]!.message, /cycle/i);
  });

  it('a missing $include file → error diagnostic, no throw', function () {
    const dir = tmpDir();
    write(dir, { 'openclaw.json': "{ $include: './nope.json5', a: 1 }" });
    const diags = collectDiagnostics();
    const c = loadConfig(path.join(dir, 'openclaw.json'), fsEnv(), diags.sink);
    assert.deepEqual(c.value, {});
    assert.equal(diags.list[0]?.severity, 'error');
  });

  it('${VAR} substitution (also inside included files and arrays), $${VAR} escape, missing var → warning', function () {
    const dir = tmpDir();
    write(dir, {
      'openclaw.json': "{ $include: './inc.json5', token: 'Bearer ${OC_TOKEN}', literal: '$${OC_TOKEN}', list: ['${OC_TOKEN}', 'x${MISSING_ONE}y'], n: 5 }",
      'inc.json5': "{ fromInclude: '${OC_TOKEN}-inc' }",
    });
    const diags = collectDiagnostics();
    const c = loadConfig(path.join(dir, 'openclaw.json'), fsEnv({ OC_TOKEN: 'abc' }), diags.sink);
    assert.deepEqual(c.value, { fromInclude: 'abc-inc', token: 'Bearer abc', literal: '${OC_TOKEN}', list: ['abc', 'xy'], n: 5 });
    assert.deepEqual(
      diags.list.map((d) => d.severity),
      ['warning'],
    );
    assert.match(diags.list[0]!.message, /MISSING_ONE/);
  });

  it('only upper-case names are env references: `${lower}` stays as written (env-substitution.ts)', function () {
    const dir = tmpDir();
    write(dir, { 'openclaw.json': "{ a: '${lower}', b: '${Mixed}', c: '${UP}' }" });
    const diags = collectDiagnostics();
    const c = loadConfig(path.join(dir, 'openclaw.json'), fsEnv({ lower: 'L', Mixed: 'M', UP: 'U' }), diags.sink);
    assert.deepEqual(c.value, { a: '${lower}', b: '${Mixed}', c: 'U' });
    assert.deepEqual(diags.list, []);
  });
});

describe('agents', function () {
  const STATE = '/st';

  it('agents.list[]: ids lower-cased, default:true picks the default, per-agent model, agentDir override', function () {
    const cfg = {
      agents: {
        defaults: { model: { primary: 'fake/scripted-1' } },
        list: [{ id: 'Ops', model: 'openai/gpt-5.4', name: 'Operations' }, { id: 'main', default: true }, { id: 'x y' }, { id: 'tools', agentDir: '~/custom-agent', model: { primary: 'anthropic/claude' } }],
      },
    };
    assert.equal(defaultAgentId(cfg), 'main');
    const agents = resolveAgents(STATE, cfg, fakeEnv(), []);
    assert.deepEqual(
      agents.map((a) => [a.id, a.isDefault, a.model, a.agentDir, a.inConfig, a.name]),
      [
        ['ops', false, 'openai/gpt-5.4', '/st/agents/ops/agent', true, 'Operations'],
        ['main', true, 'fake/scripted-1', '/st/agents/main/agent', true, undefined],
        ['tools', false, 'anthropic/claude', `${HOME}/custom-agent`, true, undefined],
      ],
    );
  });

  it('without default:true the first listed agent is the default; without agents, main', function () {
    assert.equal(defaultAgentId({ agents: { list: [{ id: 'alpha' }, { id: 'beta' }] } }), 'alpha');
    assert.equal(defaultAgentId({}), 'main');
    assert.deepEqual(
      resolveAgents(STATE, {}, fakeEnv(), []).map((a) => [a.id, a.isDefault, a.inConfig]),
      [['main', true, false]],
    );
  });

  it('agents.entries.<id> (the 2026.9 shape, as in the real config)', function () {
    const cfg = JSON.parse(fs.readFileSync(fixturePath('openclaw-real', 'state', 'openclaw.json'), 'utf8')) as Record<string, unknown>;
    const agents = resolveAgents(STATE, cfg, fakeEnv(), []);
    assert.deepEqual(
      agents.map((a) => [a.id, a.isDefault, a.model, a.workspace, a.inConfig]),
      [['main', true, 'fake/scripted-1', '/tmp/openclaw-real/state/workspace', true]],
    );
    const two = resolveAgents(STATE, { agents: { entries: { main: {}, Ops: { model: 'x/y' } } } }, fakeEnv(), []);
    assert.deepEqual(
      two.map((a) => [a.id, a.isDefault, a.model]),
      [
        ['main', true, undefined],
        ['ops', false, 'x/y'],
      ],
    );
  });

  it('agents found only on disk are included (after the configured ones)', function () {
    const state = tmpDir();
    for (const d of ['main', 'zeta', 'Alpha', 'not valid!']) fs.mkdirSync(path.join(state, 'agents', d), { recursive: true });
    fs.writeFileSync(path.join(state, 'agents', 'file-not-dir'), '');
    const disk = listDiskAgents(state);
    assert.deepEqual(disk, ['alpha', 'main', 'zeta']);
    const agents = resolveAgents(state, { agents: { list: [{ id: 'main' }] } }, fakeEnv(), disk);
    assert.deepEqual(
      agents.map((a) => [a.id, a.inConfig, a.agentDir]),
      [
        ['main', true, path.join(state, 'agents', 'main', 'agent')],
        ['alpha', false, path.join(state, 'agents', 'alpha', 'agent')],
        ['zeta', false, path.join(state, 'agents', 'zeta', 'agent')],
      ],
    );
    assert.deepEqual(listDiskAgents(path.join(state, 'nope')), []);
  });

  describe('workspace (openclaw-formats.md §1.2)', function () {
    const ws = (cfg: Record<string, unknown>, id: string, env = fakeEnv()) => resolveAgents(STATE, cfg, env, []).find((a) => a.id === id)!.workspace;

    it('agents.list[i].workspace wins (with ~ expanded)', function () {
      assert.equal(ws({ agents: { defaults: { workspace: '/d' }, list: [{ id: 'main', workspace: '~/ws-main' }] } }, 'main'), `${HOME}/ws-main`);
    });
    it('default agent: agents.defaults.workspace, else the state dir’s own workspace (workspace-<profile> with OPENCLAW_PROFILE), never the home state dir’s', function () {
      const home = [`${HOME}/.openclaw/workspace`, `${HOME}/.openclaw/workspace-work`]; // present, and never chosen for another state dir
      assert.equal(ws({ agents: { defaults: { workspace: '/d' }, list: [{ id: 'main' }] } }, 'main'), '/d');
      assert.equal(ws({ agents: { list: [{ id: 'main' }] } }, 'main', fakeEnv({}, home)), '/st/workspace');
      assert.equal(ws({ agents: { list: [{ id: 'main' }] } }, 'main', fakeEnv({ OPENCLAW_PROFILE: 'work' }, home)), '/st/workspace-work');
      assert.equal(ws({ agents: { list: [{ id: 'main' }] } }, 'main', fakeEnv({ OPENCLAW_PROFILE: 'default' }, home)), '/st/workspace');
      // for the home state dir itself this is OpenClaw's ~/.openclaw/workspace
      assert.equal(resolveAgents(`${HOME}/.openclaw`, {}, fakeEnv({}, home), [])[0]!.workspace, `${HOME}/.openclaw/workspace`);
    });
    it('a relative workspace in the config is taken from the state dir, not the working directory', function () {
      assert.equal(ws({ agents: { list: [{ id: 'main', workspace: 'ws-main' }] } }, 'main'), '/st/ws-main');
      assert.equal(ws({ agents: { defaults: { workspace: '../shared' }, list: [{ id: 'main' }, { id: 'ops' }] } }, 'ops'), '/shared/ops');
    });
    it('a configured workspace missing here: the state dir’s own is shown in its place, and the configured one is kept (for the writers to refuse)', function () {
      const a = resolveAgents(STATE, { agents: { defaults: { workspace: '/gone' } } }, fakeEnv({}, ['/st/workspace']), [])[0]!;
      assert.deepEqual([a.workspace, a.configuredWorkspace], ['/st/workspace', '/gone']);
      const b = resolveAgents(STATE, { agents: { defaults: { workspace: '/gone' } } }, fakeEnv(), [])[0]!;
      assert.deepEqual([b.workspace, b.configuredWorkspace], ['/gone', undefined], 'no other folder: the missing one stays');
    });
    it('other agents: <agents.defaults.workspace>/<id>, else <stateDir>/workspace-<id>', function () {
      assert.equal(ws({ agents: { defaults: { workspace: '/d' }, list: [{ id: 'main' }, { id: 'ops' }] } }, 'ops'), '/d/ops');
      assert.equal(ws({ agents: { list: [{ id: 'main' }, { id: 'ops' }] } }, 'ops'), '/st/workspace-ops');
    });
  });
});

describe('resolveWindow (context-window-guard resolution, openclaw-formats.md §1.3, §4.1)', function () {
  const cfg = (models: unknown[], extra: Record<string, unknown> = {}) => ({ models: { providers: { fake: { models } } }, ...extra });

  it('the session row contextTokens wins', function () {
    assert.deepEqual(resolveWindow(cfg([{ id: 'm', contextTokens: 1000 }]), 32768, 'fake', 'm', undefined), { tokens: 32768, source: 'session' });
  });
  it('model contextTokens beats contextWindow; contextWindow alone; else 200000', function () {
    assert.deepEqual(resolveWindow(cfg([{ id: 'm', contextWindow: 64000, contextTokens: 32768 }]), undefined, 'fake', 'm', undefined), { tokens: 32768, source: 'modelsConfig' });
    assert.deepEqual(resolveWindow(cfg([{ id: 'm', contextWindow: 64000 }]), undefined, 'fake', 'm', undefined), { tokens: 64000, source: 'modelsConfig' });
    assert.deepEqual(resolveWindow(cfg([{ id: 'other', contextWindow: 64000 }]), undefined, 'fake', 'm', undefined), { tokens: 200000, source: 'default' });
    assert.deepEqual(resolveWindow({}, 0, undefined, undefined, undefined), { tokens: 200000, source: 'default' });
  });
  it('agents.defaults.contextTokens caps only when smaller', function () {
    const c = cfg([{ id: 'm', contextWindow: 64000 }], { agents: { defaults: { contextTokens: 50000 } } });
    assert.deepEqual(resolveWindow(c, undefined, 'fake', 'm', undefined), { tokens: 50000, source: 'agentContextTokens' });
    const big = cfg([{ id: 'm', contextWindow: 64000 }], { agents: { defaults: { contextTokens: 100000 } } });
    assert.deepEqual(resolveWindow(big, undefined, 'fake', 'm', undefined), { tokens: 64000, source: 'modelsConfig' });
    const nomodel = { agents: { defaults: { contextTokens: 100000 } } };
    assert.deepEqual(resolveWindow(nomodel, undefined, undefined, undefined, undefined), { tokens: 100000, source: 'agentContextTokens' });
  });
  it('the provider must match (case-insensitively); without a provider any provider matches', function () {
    const c = { models: { providers: { fake: { models: [{ id: 'm', contextWindow: 1000 }] }, other: { models: [{ id: 'm', contextWindow: 2000 }] } } } };
    assert.equal(resolveWindow(c, undefined, 'other', 'm', undefined).tokens, 2000);
    assert.equal(resolveWindow(c, undefined, 'FAKE', 'm', undefined).tokens, 1000);
    assert.equal(resolveWindow(c, undefined, 'nope', 'm', undefined).tokens, 200000);
    assert.equal(resolveWindow(c, undefined, undefined, 'm', undefined).tokens, 1000);
  });
  it('a row without a model uses the agent model "provider/model"', function () {
    const c = { models: { providers: { fake: { models: [{ id: 'scripted-1', contextWindow: 32768, contextTokens: 32768 }] } } } };
    assert.deepEqual(resolveWindow(c, undefined, undefined, undefined, 'fake/scripted-1'), { tokens: 32768, source: 'modelsConfig' });
    assert.deepEqual(resolveWindow(c, undefined, undefined, undefined, 'other/scripted-1'), { tokens: 200000, source: 'default' });
  });
});

describe('compactionSettings', function () {
  it('defaults: reserveTokensFloor 20000, softThresholdTokens 4000', function () {
    assert.deepEqual(compactionSettings({}), { reserveTokensFloor: 20000, softThresholdTokens: 4000 });
    const real = JSON.parse(fs.readFileSync(fixturePath('openclaw-real', 'state', 'openclaw.json'), 'utf8')) as Record<string, unknown>;
    assert.deepEqual(compactionSettings(real), { reserveTokensFloor: 20000, softThresholdTokens: 4000 });
  });
  it('overrides, 0 allowed, junk ignored, userTimezone kept', function () {
    assert.deepEqual(compactionSettings({ agents: { defaults: { userTimezone: 'Europe/Vienna', compaction: { reserveTokensFloor: 24000, memoryFlush: { softThresholdTokens: 6000 } } } } }), {
      reserveTokensFloor: 24000,
      softThresholdTokens: 6000,
      userTimezone: 'Europe/Vienna',
    });
    assert.deepEqual(compactionSettings({ agents: { defaults: { compaction: { reserveTokensFloor: 0, memoryFlush: { softThresholdTokens: 0 } } } } }), { reserveTokensFloor: 0, softThresholdTokens: 0 });
    assert.deepEqual(compactionSettings({ agents: { defaults: { compaction: { reserveTokensFloor: -1, memoryFlush: { softThresholdTokens: '5' } } } } }), { reserveTokensFloor: 20000, softThresholdTokens: 4000 });
  });
});
