/**
 * Issue 14: the README's two commands work nested under `npm run …` and stop at once, with one line naming
 * the failed step and its log, when a setup step fails (scripts/lib/setup-lib.sh, scripts/setup-e2e.sh,
 * scripts/test-all.sh, scripts/demo.sh, scripts/make-demo.sh).
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoPath, tmpDir } from './helpers';

const LIB = repoPath('scripts', 'lib', 'setup-lib.sh');

/** What an outer `npm run` (npm 11 on Node 20) exports, as observed with `npm exec -c env`. */
const OUTER_NPM_ENV: Record<string, string> = {
  npm_config_user_agent: 'npm/11.19.1 node/v20.20.2 linux x64 workspaces/false',
  npm_config_local_prefix: '/some/outer/project',
  npm_config_prefix: '/usr',
  npm_config_global_prefix: '/usr',
  npm_config_nodedir: '/usr',
  npm_config_node_gyp: '/usr/lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js',
  npm_lifecycle_event: 'test',
  npm_lifecycle_script: 'bash scripts/test-all.sh',
  npm_package_json: '/some/outer/project/package.json',
  npm_package_name: 'outer',
  npm_command: 'run-script',
  npm_execpath: '/usr/lib/node_modules/npm/bin/npm-cli.js',
  npm_node_execpath: '/usr/bin/node',
  NODE: '/usr/bin/node',
  INIT_CWD: '/some/outer/project',
  // the user's own settings, which npm would read again from its config files anyway: kept
  npm_config_registry: 'https://registry.example.invalid/',
  npm_config_cache: '/root/.npm',
  npm_config_cafile: '/etc/ssl/certs/ca-certificates.crt',
};

function bash(script: string, env: NodeJS.ProcessEnv, cwd = repoPath()) {
  return spawnSync('bash', ['-c', script], { cwd, env, encoding: 'utf8', timeout: 60_000 });
}

describe('setup scripts (issue 14: fresh machine, nested under npm)', function () {
  this.timeout(90_000);

  it('clean_npm removes everything an outer npm passes down that changes a nested install, and keeps the user settings', function () {
    const cache = tmpDir('occtx-setup-');
    const r = bash(`. "${LIB}"; clean_npm env`, { ...process.env, ...OUTER_NPM_ENV, OC_CTX_CACHE: cache });
    assert.equal(r.status, 0, r.stderr);
    const seen = new Map(r.stdout.split('\n').filter(Boolean).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
    for (const gone of ['npm_config_user_agent', 'npm_config_local_prefix', 'npm_config_prefix', 'npm_config_global_prefix', 'npm_config_nodedir', 'npm_config_node_gyp', 'npm_lifecycle_event', 'npm_lifecycle_script', 'npm_package_json', 'npm_package_name', 'npm_command', 'npm_execpath', 'npm_node_execpath', 'NODE', 'INIT_CWD']) {
      assert.ok(!seen.has(gone), `${gone} must not reach the nested npm`);
    }
    for (const kept of ['npm_config_registry', 'npm_config_cache', 'npm_config_cafile']) assert.equal(seen.get(kept), OUTER_NPM_ENV[kept], kept);
    assert.equal(seen.get('PATH'), process.env.PATH, 'PATH is left as it is');
  });

  it('a nested npm install under clean_npm computes its own user agent (code-server reads the Node major from it)', function () {
    // A local package whose install script records what the nested npm tells it; no registry is asked.
    const root = tmpDir('occtx-setup-');
    const dep = path.join(root, 'dep');
    fs.mkdirSync(dep);
    fs.writeFileSync(path.join(dep, 'package.json'), JSON.stringify({ name: 'dep', version: '1.0.0', scripts: { install: 'node -e "require(\'fs\').writeFileSync(process.env.UA_OUT, process.env.npm_config_user_agent || \'\')"' } }));
    const app = path.join(root, 'app');
    fs.mkdirSync(app);
    fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ private: true, dependencies: { dep: 'file:../dep' } }));
    const uaOut = path.join(root, 'ua.txt');
    const env = { ...process.env, ...OUTER_NPM_ENV, npm_config_user_agent: 'npm/0.0.0 node/v12.0.0 outer', OC_CTX_CACHE: path.join(root, 'cache'), UA_OUT: uaOut };
    delete (env as Record<string, string | undefined>).npm_config_registry; // the install is offline: a file: dependency
    const r = bash(`. "${LIB}"; cd "${app}" && clean_npm npm install --no-package-lock --no-audit --no-fund --loglevel=error --install-links=false`, env);
    assert.equal(r.status, 0, r.stderr);
    const ua = fs.readFileSync(uaOut, 'utf8');
    assert.ok(ua.startsWith('npm/'), ua);
    assert.ok(!ua.includes('node/v12.0.0'), `the outer user agent leaked: ${ua}`);
    assert.ok(ua.includes(`node/${spawnSync('node', ['--version'], { encoding: 'utf8' }).stdout.trim()}`), ua);
  });

  it('a failed step stops with one line naming the step and its log', function () {
    const cache = tmpDir('occtx-setup-');
    const r = bash(`. "${LIB}"; step demo-step sh -c 'echo detail-of-the-failure; exit 3'; echo after`, { ...process.env, OC_CTX_CACHE: cache });
    assert.equal(r.status, 1);
    assert.equal(r.stdout, '', 'nothing runs after the failed step');
    const log = path.join(cache, 'logs', 'demo-step.log');
    assert.equal(r.stderr, `setup failed at step 'demo-step' (log: ${log})\n`);
    assert.equal(fs.readFileSync(log, 'utf8'), 'detail-of-the-failure\n');
  });

  for (const [name, script] of [
    ['npm test (scripts/test-all.sh)', 'scripts/test-all.sh'],
    ['npm run demo (scripts/demo.sh)', 'scripts/demo.sh'],
    ['npm run make:demo (scripts/make-demo.sh)', 'scripts/make-demo.sh'],
  ] as const) {
    it(`${name} stops at once when installing Node 24 fails, naming the step and its log`, function () {
      // An empty tool cache and an `npm` that fails: the first install step (Node 24) cannot succeed.
      const root = tmpDir('occtx-setup-');
      const bin = path.join(root, 'bin');
      fs.mkdirSync(bin);
      fs.writeFileSync(path.join(bin, 'npm'), '#!/bin/sh\necho "npm ERR! registry unreachable (test stub)" >&2\nexit 1\n', { mode: 0o755 });
      const cache = path.join(root, 'cache');
      const env = { ...process.env, ...OUTER_NPM_ENV, PATH: `${bin}:${process.env.PATH}`, OC_CTX_CACHE: cache, DEMO_DIR: path.join(root, 'demo'), NODE24_BIN: '' };
      // chromium, libkrb5-dev and strace are on this machine by now (the suite's own setup installed them).
      const r = bash(`bash ${script}`, env);
      const out = r.stdout + r.stderr;
      assert.equal(r.status, 1, out);
      const log = path.join(cache, 'logs', 'node24.log');
      assert.ok(out.includes(`setup failed at step 'node24' (log: ${log})`), out);
      assert.ok(!/unbound variable/.test(out), out);
      assert.ok(!out.includes('== 1/4') && !out.includes('OpenClaw Context demo: open') && !out.includes('== setup done'), `nothing after setup ran: ${out}`);
      assert.match(fs.readFileSync(log, 'utf8'), /registry unreachable \(test stub\)/);
    });
  }
});
