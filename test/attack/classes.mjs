/**
 * The classes of the attack suite. Each: specs(seed, mode, count?) → the cases (plain JSON, saved as
 * fixtures when they fail), run(spec, mode) → { problems: [{kind, msg}], detail }, describe(spec),
 * signature(spec) (what makes two failures "the same" when saving cases), serial (run one at a time).
 */
import { fuzzSpec, runFuzz } from './fuzz.mjs';
import { describeKill, killSpecs, runKill } from './kill.mjs';
import { concurrentSpecs, describeConcurrent, runConcurrent } from './concurrent.mjs';
import { describeHostile, hostileSpecs, runHostile } from './hostile.mjs';
import { describeSecrets, runSecrets, secretSpecs } from './secrets.mjs';

const range = (n) => Array.from({ length: n }, (_, i) => i);

export const CLASSES = {
  fuzz: {
    specs: (seed, mode, count) => range(count ?? (mode === 'full' ? 10_000 : 500)).map((n) => fuzzSpec(seed, n, mode)),
    run: runFuzz,
    describe: (s) => `[${s.base}] ${s.mutations.join(' + ')} → ${s.argv.join(' ')}`,
    signature: (s) => `${s.mutations.join('+')}|${s.argv[0]}`,
  },
  kill: {
    specs: killSpecs,
    run: runKill,
    describe: describeKill,
    signature: (s) => `${s.writer}|${s.store}|${s.name}`,
  },
  concurrent: {
    specs: concurrentSpecs,
    run: runConcurrent,
    describe: describeConcurrent,
    signature: (s) => `${s.writer}|${s.store}|${s.procs}`,
  },
  hostile: {
    specs: hostileSpecs,
    run: runHostile,
    describe: describeHostile,
    signature: (s) => `${s.attack}|${s.writer}|${s.store}`,
  },
  secrets: {
    specs: secretSpecs,
    run: runSecrets,
    describe: describeSecrets,
    signature: (s) => `${s.probe}|${s.where ?? ''}|${s.form ?? ''}|${s.cmd}`,
  },
};
