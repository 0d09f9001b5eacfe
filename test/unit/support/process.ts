/**
 * The shared process and port helpers (test/support/process.mjs, plain ESM used from source by the .mjs harnesses),
 * for the compiled unit tests: loaded from the source tree, which Node 24 can `require`.
 */
import type * as ProcessHelpers from '../../support/process.mjs';
import { repoPath } from '../helpers';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const helpers = require(repoPath('test', 'support', 'process.mjs')) as typeof ProcessHelpers;
export const { freePort, portOpen, waitFor, sleep } = helpers;
