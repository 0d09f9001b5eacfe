// Interop setup (test/interop/README.md): the config, the fake LLM and `openclaw setup --baseline` in the shared fixture (../fixture.mjs).
import path from 'node:path';
import { createRequire } from 'node:module';
import { GW_PORT, LLM_PORT, log, oc, ROOT, shared, TMP, WS } from '../fixture.mjs';

const require = createRequire(import.meta.url);

it('setup: state dir, config, fake LLM, baseline', async function () {
  oc.writeConfig(require(path.join(ROOT, 'node_modules', 'json5')), (cfg) => (cfg.agents.defaults.workspace = WS));
  await oc.startFakeLlm({ FAKE_LLM_MAX_REQUESTS: '1000' });
  const b = await oc.setupBaseline(WS);
  log(b.version, `| node ${process.version} | fake LLM :${LLM_PORT} | gateway :${GW_PORT} | ${TMP}`);
  log(`config validate ${b.validateMs} ms, setup --baseline ${b.setupMs} ms`);
  shared.ready = true;
});
