// The interop suite's mocha reporter: `== <scenario>` before each, `PASS|FAIL <scenario> (<s> s)` after it (a
// failure with its stack), and at the end a one-line summary with every scenario's time and the line
// `N passed, M failed` that scripts/test-interop.sh and scripts/test-all.sh parse. A failed hook counts as a failure.
import Mocha from 'mocha';

const { EVENT_RUN_END, EVENT_TEST_BEGIN, EVENT_TEST_FAIL, EVENT_TEST_PASS } = Mocha.Runner.constants;

export class InteropReporter extends Mocha.reporters.Base {
  constructor(runner, options = {}) {
    super(runner, options);
    const opts = options.reporterOption ?? options.reporterOptions ?? {};
    const t0 = Date.now();
    const started = new Map();
    const results = [];
    const secs = (t) => ((Date.now() - (started.get(t) ?? Date.now())) / 1000).toFixed(1);
    runner.on(EVENT_TEST_BEGIN, (t) => {
      started.set(t, Date.now());
      process.stdout.write(`\n== ${t.title}\n`);
    });
    runner.on(EVENT_TEST_PASS, (t) => {
      const s = secs(t);
      results.push({ name: t.title, ok: true, s });
      console.log(`PASS ${t.title} (${s} s)`);
    });
    runner.on(EVENT_TEST_FAIL, (t, err) => {
      const s = secs(t);
      results.push({ name: t.fullTitle(), ok: false, s });
      console.log(`FAIL ${t.fullTitle()} (${s} s)\n  ${String(err && err.stack ? err.stack : err).split('\n').slice(0, 8).join('\n  ')}`);
    });
    runner.once(EVENT_RUN_END, () => {
      const passed = results.filter((r) => r.ok).length;
      console.log(`\ninterop: ${results.map((r) => `${r.ok ? 'PASS' : 'FAIL'} ${r.name.split(':')[0]} ${r.s}s`).join(' | ')} | total ${((Date.now() - t0) / 1000).toFixed(0)} s`);
      if (opts.skipped?.length) console.log(`interop: OCCTX_INTEROP_ONLY skipped test(s) ${opts.skipped.join(', ')}`);
      console.log(`${passed} passed, ${results.length - passed} failed`);
    });
  }
}
