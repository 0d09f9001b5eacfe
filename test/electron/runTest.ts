/**
 * Entry point for @vscode/test-electron, for machines that can download VS Code (this one cannot:
 * see README "Tests"). Runs the same in-host suite as the code-server harness, on a prepared copy of
 * the real fixture state.
 *   npm run test:electron   (after `npx tsc -p .`)
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import { runTests } from '@vscode/test-electron';

async function main(): Promise<void> {
  const root = path.resolve(__dirname, '../../..');
  const state = fs.mkdtempSync(path.join(os.tmpdir(), 'oc-ctx-electron-'));
  fs.cpSync(path.join(root, 'test/fixtures/openclaw-real/state'), state, { recursive: true });
  execFileSync('gunzip', ['-f', path.join(state, 'agents/main/agent/openclaw-agent.sqlite.gz')]);
  fs.writeFileSync(path.join(state, '.openclaw-context-demo'), '');
  try {
    await runTests({
      extensionDevelopmentPath: root,
      extensionTestsPath: path.join(root, 'out/test/e2e/suite/index.js'),
      launchArgs: [path.join(state, 'workspace'), '--disable-extensions'],
      extensionTestsEnv: { OPENCLAW_STATE_DIR: state, OPENCLAW_CONFIG_PATH: path.join(state, 'openclaw.json'), OC_CTX_FIXTURES: path.join(root, 'test/fixtures') },
    });
  } finally {
    fs.rmSync(state, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
