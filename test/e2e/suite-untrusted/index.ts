/**
 * Entry point of the untrusted launch (test/e2e/run-in-host.mjs with OC_CTX_UNTRUSTED=1): workspace trust on and
 * the folder untrusted, so VS Code runs the extension in Restricted Mode. The same runner as ../suite.
 */
import { runSuiteIn } from '../suite/index';

export function run(): Promise<void> {
  return runSuiteIn(__dirname);
}
