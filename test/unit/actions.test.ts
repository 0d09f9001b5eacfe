/**
 * core/actions: the routing table of every write (route.ts), driven through compactSession / undoCompaction
 * against temp copies of the real OpenClaw state (SQLite) and a scripted Gateway client. Each row says where the
 * write must go and checks it in the store itself: a write the row refuses or sends to the Gateway leaves the
 * database byte-identical; a local write adds exactly one compaction.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import { ContextModel, type SessionState } from '../../src/core/context/model';
import { isOwned, resolveSessionKey, isLocalStateDir } from '../../src/core/context/queries';
import { processEnv, resolveStateDirs } from '../../src/core/store/config';
import { appendToSession } from '../../src/core/store/sessionWrite';
import { CompactionBreaker } from '../../src/core/compaction/breaker';
import type { CompactionPlan } from '../../src/core/compaction/plan';
import { planShrink } from '../../src/core/compaction/shrink';
import { gatewayOfferPrompt } from '../../src/core/compaction/viewModel';
import { formatTokens } from '../../src/core/context/format';
import { compactSession, gatewayAfterRefusal, resetSession, routeWrite, undoCompaction, EMBEDDED_OWNER, REMOTE_SESSION, type ActionContext, type CompactPreview, type ActionGateway, type ActionPreview, type GatewayAccess, type UndoActionPlan } from '../../src/core/actions';
import { materializeRealState, realDbPath, simulateGatewayLock, tmpDir } from './helpers';

const WORK = 'agent:main:work';
const children: ChildProcess[] = [];
after(function () {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

const sha = (f: string) => crypto.createHash('sha256').update(fs.readFileSync(f)).digest('hex');

function openModel(state: string): ContextModel {
  const env = processEnv();
  const m = new ContextModel({ stateDirs: resolveStateDirs(state, undefined, env), env });
  m.refresh();
  return m;
}

function session(m: ContextModel, key = WORK): SessionState {
  const s = m.sessions().find((x) => x.row.key === key)!;
  return m.ensureTranscript(s.uid)!;
}

/** A scripted Gateway: records each call; `fail` makes every call throw (the Gateway refuses). */
function fakeGateway(opts: { fail?: string } = {}): ActionGateway & { calls: string[]; closed: number } {
  const calls: string[] = [];
  const gw = {
    calls,
    closed: 0,
    url: 'ws://127.0.0.1:1',
    async close() {
      gw.closed++;
    },
    client: {
      async sessionsCompact(p: { key: string }) {
        calls.push(`sessions.compact ${p.key}`);
        if (opts.fail) throw new Error(opts.fail);
        return { ok: true, key: p.key, compacted: true, result: { summary: 'GATEWAY SUMMARY', firstKeptEntryId: 'e1', tokensBefore: 9000, tokensAfter: 1200 } };
      },
      async sessionsRewind(p: { sessionKey: string; entryId: string }) {
        calls.push(`sessions.rewind ${p.sessionKey} ${p.entryId}`);
        if (opts.fail) throw new Error(opts.fail);
        return { editorText: 'the rewound message' };
      },
      async sessionsFork(p: { sessionKey: string }) {
        calls.push(`sessions.fork ${p.sessionKey}`);
        return { sessionKey: 'agent:main:fork' };
      },
      async sessionsReset(p: { key: string }) {
        calls.push(`sessions.reset ${p.key}`);
        return { ok: true, key: p.key, entry: { sessionId: 'new-sid' } };
      },
      async chatSend(p: { sessionKey: string }) {
        calls.push(`chat.send ${p.sessionKey}`);
        return { runId: 'run-1', status: 'started' };
      },
    } as unknown as ActionGateway['client'],
  };
  return gw;
}

type GatewaySetup = 'none' | 'open' | 'connect' | 'connect-fails' | 'refuses';

function access(setup: GatewaySetup, gw: ReturnType<typeof fakeGateway>): GatewayAccess | undefined {
  switch (setup) {
    case 'none':
      return undefined;
    case 'open':
    case 'refuses':
      return { current: () => gw };
    case 'connect':
      return { current: () => undefined, connect: async () => gw };
    case 'connect-fails':
      return { current: () => undefined, connect: async () => ({ why: 'The Gateway at ws://127.0.0.1:1 could not be used: unreachable.' }) };
  }
}

interface Row {
  name: string;
  owned: boolean;
  gateway: GatewaySetup;
  breakerOpen?: boolean;
  resetBreaker?: boolean;
  /** another writer appends to the session between the plan and the write */
  changeUnderLock?: boolean;
  decline?: boolean;
  expect: { status: string; via?: 'local' | 'gateway'; code?: RegExp; confirms: Array<{ route: 'local' | 'gateway'; again?: boolean }>; gatewayCalls: number; storeChanged: boolean };
}

const ROWS: Row[] = [
  { name: 'not owned, no Gateway → our writer', owned: false, gateway: 'none', expect: { status: 'written', via: 'local', confirms: [{ route: 'local' }], gatewayCalls: 0, storeChanged: true } },
  { name: 'not owned, Gateway open → our writer (the Gateway is only for an owned store)', owned: false, gateway: 'open', expect: { status: 'written', via: 'local', confirms: [{ route: 'local' }], gatewayCalls: 0, storeChanged: true } },
  { name: 'owned, no Gateway → refused owned, nothing written', owned: true, gateway: 'none', expect: { status: 'refused', code: /^(owned|locked|busy)$/, confirms: [{ route: 'local' }], gatewayCalls: 0, storeChanged: false } },
  { name: 'owned, Gateway open → the Gateway, decided before the confirmation', owned: true, gateway: 'open', expect: { status: 'written', via: 'gateway', confirms: [{ route: 'gateway' }], gatewayCalls: 1, storeChanged: false } },
  { name: 'owned, Gateway reachable (CLI) → our writer refused, asked again, the Gateway', owned: true, gateway: 'connect', expect: { status: 'written', via: 'gateway', confirms: [{ route: 'local' }, { route: 'gateway', again: true }], gatewayCalls: 1, storeChanged: false } },
  { name: 'owned, Gateway unreachable → refused with why', owned: true, gateway: 'connect-fails', expect: { status: 'refused', code: /^(owned|locked|busy)$/, confirms: [{ route: 'local' }], gatewayCalls: 0, storeChanged: false } },
  { name: 'owned, the Gateway refuses the call → failed (gateway), nothing written', owned: true, gateway: 'refuses', expect: { status: 'failed', code: /^gateway$/, confirms: [{ route: 'gateway' }], gatewayCalls: 1, storeChanged: false } },
  { name: 'breaker open → refused before planning, no confirmation', owned: false, gateway: 'none', breakerOpen: true, expect: { status: 'refused', code: /^breaker-open$/, confirms: [], gatewayCalls: 0, storeChanged: false } },
  { name: 'breaker open, the caller resets it → our writer', owned: false, gateway: 'none', breakerOpen: true, resetBreaker: true, expect: { status: 'written', via: 'local', confirms: [{ route: 'local' }], gatewayCalls: 0, storeChanged: true } },
  { name: 'plan changed under the lock → refused changed (the other write is all that was written)', owned: false, gateway: 'none', changeUnderLock: true, expect: { status: 'refused', code: /^changed$/, confirms: [{ route: 'local' }], gatewayCalls: 0, storeChanged: true } },
  { name: 'declined → cancelled, nothing written', owned: false, gateway: 'none', decline: true, expect: { status: 'cancelled', confirms: [{ route: 'local' }], gatewayCalls: 0, storeChanged: false } },
];

describe('core/actions: the routing table (compact, real SQLite store)', function () {
  this.timeout(60_000);

  for (const row of ROWS) {
    it(row.name, async function () {
      const state = materializeRealState();
      if (row.owned) await simulateGatewayLock(state, children);
      if (row.breakerOpen) {
        const b = new CompactionBreaker(state);
        for (let i = 0; i < 3; i++) b.recordFailure(WORK, `test failure ${i}`);
        assert.ok(b.isOpen(WORK));
      }
      const db = realDbPath(state);
      const m = openModel(state);
      try {
        const s = session(m);
        const compactionsBefore = s.context!.compactions.length;
        const before = sha(db);
        const gw = fakeGateway(row.gateway === 'refuses' ? { fail: 'missing scope: operator.admin' } : {});
        const seen: Array<ActionPreview<CompactionPlan | undefined>> = [];
        const ctx: ActionContext<CompactionPlan | undefined> = {
          model: m,
          gateway: access(row.gateway, gw),
          confirm: async (pv) => {
            seen.push(pv);
            if (row.changeUnderLock && seen.length === 1) {
              const w = await appendToSession(m.writeTarget(s.uid)!, [{ type: 'custom_message', customType: 'test', content: 'another writer', display: false }]);
              assert.ok(w.ok, 'the other write lands');
            }
            return !row.decline;
          },
        };
        const o = await compactSession(ctx, s, { keepRecentTokens: 300, onBreakerOpen: async () => row.resetBreaker === true });
        assert.equal(o.status, row.expect.status, JSON.stringify(o, (k, v) => (k === 'plan' ? undefined : v)));
        if (row.expect.via) assert.equal((o as { via?: string }).via, row.expect.via);
        if (row.expect.code) assert.match((o as { code: string }).code, row.expect.code);
        assert.deepEqual(
          seen.map((p) => ({ route: p.route, ...(p.again ? { again: true } : {}) })),
          row.expect.confirms,
        );
        if (seen.length) assert.ok(seen.every((p) => p.plan && p.key === WORK && p.action === 'compact'), 'every confirmation shows the plan');
        if (row.expect.confirms[0]?.route === 'gateway') assert.match(seen[0]!.why ?? '', /\S/, 'a Gateway route says why');
        assert.equal(gw.calls.length, row.expect.gatewayCalls, gw.calls.join(', '));
        if (row.expect.gatewayCalls) assert.equal(gw.closed, 1, 'the connection is released once');
        assert.equal(sha(db) !== before, row.expect.storeChanged, 'the store changed only when the row writes');
        m.refresh();
        const after = session(m);
        const added = after.context!.compactions.length - compactionsBefore;
        assert.equal(added, o.status === 'written' && o.via === 'local' ? 1 : 0, 'one compaction exactly when our writer wrote');
        if (o.status === 'written' && o.via === 'local') assert.equal(after.context!.compactions.at(-1)!.id, o.result.written[0]!.id);
        if (o.status === 'refused' && row.owned) {
          assert.ok(o.result && isOwned(o.result));
          if (row.gateway === 'connect-fails') assert.ok(o.gatewayTried && /unreachable/.test(o.gatewayWhy ?? ''));
        }
        // the breaker counts real failures only: a stale plan or an owned store does not open it
        const b = new CompactionBreaker(state).status(WORK);
        if (!row.breakerOpen) assert.equal(b.consecutiveFailures, 0);
        if (row.resetBreaker) assert.equal(b.open, false);
      } finally {
        m.dispose();
      }
    });
  }

  it('dry run: planned, no confirmation, no route, nothing written (even with the breaker open)', async function () {
    const state = materializeRealState();
    const b = new CompactionBreaker(state);
    for (let i = 0; i < 3; i++) b.recordFailure(WORK, 'x');
    const before = sha(realDbPath(state));
    const m = openModel(state);
    try {
      let asked = 0;
      const o = await compactSession({ model: m, dryRun: true, confirm: async () => (asked++, true) }, session(m), { keepRecentTokens: 300 });
      assert.equal(o.status, 'planned');
      assert.ok(o.status === 'planned' && o.plan && o.plan.entry.firstKeptEntryId);
      assert.equal(asked, 0);
      assert.equal(sha(realDbPath(state)), before);
    } finally {
      m.dispose();
    }
  });
});

describe('core/actions: compact where our planner would not, and plans that do not shrink the context', function () {
  this.timeout(60_000);
  /** a kept tail larger than the whole session: our planner has nothing to summarise */
  const ALL = 1_000_000;

  type Where = 'local' | 'owned' | 'remote';
  const offerRows: Array<{ name: string; where: Where; gateway: GatewaySetup; status: string; code?: string; confirms: number; calls: number }> = [
    { name: 'local, not owned: our planner says nothing → nothing (no confirmation, no Gateway even when open)', where: 'local', gateway: 'open', status: 'nothing', confirms: 0, calls: 0 },
    { name: 'owned by the Gateway, open connection → OpenClaw’s compaction offered, then sessions.compact', where: 'owned', gateway: 'open', status: 'written', confirms: 1, calls: 1 },
    { name: 'owned by the Gateway, reachable (CLI) → offered, connected after the confirmation, sessions.compact', where: 'owned', gateway: 'connect', status: 'written', confirms: 1, calls: 1 },
    { name: 'owned by the Gateway, no way to reach it → refused needs-gateway before the confirmation', where: 'owned', gateway: 'none', status: 'refused', code: 'needs-gateway', confirms: 0, calls: 0 },
    { name: 'remote, open connection → offered, sessions.compact', where: 'remote', gateway: 'open', status: 'written', confirms: 1, calls: 1 },
    { name: 'remote, no connection → refused remote-unavailable', where: 'remote', gateway: 'none', status: 'refused', code: 'remote-unavailable', confirms: 0, calls: 0 },
  ];
  for (const row of offerRows) {
    it(row.name, async function () {
      const state = materializeRealState();
      if (row.where === 'owned') await simulateGatewayLock(state, children);
      const db = realDbPath(state);
      const before = sha(db);
      const m = openModel(state);
      try {
        const s = row.where === 'remote' ? ({ ...session(m), remote: 'ws://gw.example:18789' } as SessionState) : session(m);
        // the model hands the action this session (a remote Gateway's, for the remote rows)
        const model = Object.assign(Object.create(m) as ContextModel, { ensureTranscript: () => s });
        const gw = fakeGateway();
        const seen: CompactPreview[] = [];
        const o = await compactSession({ model, gateway: access(row.gateway, gw), confirm: async (pv: CompactPreview) => (seen.push(pv), true) }, s, { keepRecentTokens: ALL });
        assert.equal(o.status, row.status, JSON.stringify(o));
        if (row.code) assert.equal((o as { code: string }).code, row.code);
        assert.equal(seen.length, row.confirms);
        assert.equal(gw.calls.length, row.calls, gw.calls.join(', '));
        if (row.calls) assert.deepEqual(gw.calls, [`sessions.compact ${WORK}`]);
        assert.equal(sha(db), before, 'our writer wrote nothing');
        if (row.where === 'local') {
          assert.ok(o.status === 'nothing' && /fits in the kept tail/.test(o.reason));
          return;
        }
        // what OpenClaw will do is in the outcome, and in every confirmation (no plan of ours to show)
        assert.ok(o.offer, 'the offer');
        assert.match(o.noPlanReason ?? '', /fits in the kept tail/);
        assert.equal(o.offer.why, row.where === 'remote' ? REMOTE_SESSION : o.offer.why);
        if (row.where === 'owned') assert.match(o.offer.why, /Gateway/);
        assert.equal(o.offer.justCompacted, false);
        assert.equal(o.offer.explicit, false, 'not known not to shrink: Compact stays the default');
        for (const pv of seen) {
          assert.deepEqual([pv.plan, pv.route, pv.offer], [undefined, 'gateway', o.offer]);
        }
        const text = gatewayOfferPrompt(WORK, o.offer);
        assert.equal(text.message, `Compact ${WORK} through the Gateway?`);
        assert.deepEqual(text.buttons, ['Compact']);
        assert.match(text.detail, /summarises the older messages with its own model and keeps its own recent tail/);
        assert.match(text.detail, new RegExp(`compacts on its own before a turn at ${formatTokens(s.figures.compactionAt)}`));
        assert.match(text.detail, /Undo: only through a running OpenClaw Gateway/);
      } finally {
        m.dispose();
      }
    });
  }

  it('a plan that grows the context: refused does-not-shrink before the confirmation when asked to (CLI --yes); confirmed otherwise', async function () {
    const state = materializeRealState();
    const db = realDbPath(state);
    const before = sha(db);
    const m = openModel(state);
    try {
      let asked = 0;
      const r = await compactSession({ model: m, confirm: async () => (asked++, true) }, session(m), { keepRecentTokens: 300, notShrinking: 'refuse' });
      assert.equal(r.status, 'refused');
      assert.ok(r.status === 'refused' && r.code === 'does-not-shrink' && r.plan);
      assert.equal(r.shrink?.kind, 'grows');
      assert.equal(r.message, r.shrink.headline);
      assert.equal(asked, 0, 'refused before the confirmation');
      assert.equal(sha(db), before);
      const seen: CompactPreview[] = [];
      const w = await compactSession({ model: m, confirm: async (pv: CompactPreview) => (seen.push(pv), true) }, session(m), { keepRecentTokens: 300 });
      assert.equal(w.status, 'written');
      assert.equal(seen.length, 1);
      assert.equal(planShrink(seen[0]!.plan!).kind, 'grows', 'the confirm seam sees the verdict (its default answer must not be Compact)');
    } finally {
      m.dispose();
    }
  });

  it('right after a compaction, on a store the Gateway owns: the offer says OpenClaw would re-summarise its summary, and needs an explicit choice', async function () {
    const state = materializeRealState();
    const m = openModel(state);
    try {
      assert.equal((await compactSession({ model: m, confirm: async () => true }, session(m), { keepRecentTokens: 300 })).status, 'written');
      await simulateGatewayLock(state, children);
      m.refresh();
      const gw = fakeGateway();
      const refused = await compactSession({ model: m, gateway: access('open', gw), confirm: async () => true }, session(m), { notShrinking: 'refuse' });
      assert.equal(refused.status, 'refused', JSON.stringify(refused));
      assert.ok(refused.status === 'refused' && refused.code === 'does-not-shrink');
      assert.deepEqual([refused.offer?.justCompacted, refused.offer?.explicit, gw.calls.length], [true, true, 0]);
      assert.match(refused.message, /^Nothing was said since the last compaction of agent:main:work: OpenClaw would summarise its own summary again/);
      const p = gatewayOfferPrompt(WORK, refused.offer!);
      assert.equal(p.message, `Compact ${WORK} through the Gateway? It would not shrink the context.`);
      assert.deepEqual([p.buttons, p.accept], [['Keep As Is', 'Compact Anyway'], 'Compact Anyway']);
      const o = await compactSession({ model: m, gateway: access('open', gw), confirm: async () => true }, session(m));
      assert.equal(o.status, 'written');
      assert.deepEqual(gw.calls, [`sessions.compact ${WORK}`]);
    } finally {
      m.dispose();
    }
  });
});

describe('core/actions: writes only the Gateway can do', function () {
  this.timeout(60_000);

  const undoRows: Array<{ name: string; gateway: GatewaySetup; status: string; code?: string; confirms: number; calls: number }> = [
    { name: 'SQLite undo, no Gateway access → refused needs-gateway before the confirmation', gateway: 'none', status: 'refused', code: 'needs-gateway', confirms: 0, calls: 0 },
    { name: 'SQLite undo, Gateway open → sessions.rewind', gateway: 'open', status: 'written', confirms: 1, calls: 1 },
    { name: 'SQLite undo, Gateway reachable → confirmed, then connected, sessions.rewind', gateway: 'connect', status: 'written', confirms: 1, calls: 1 },
    { name: 'SQLite undo, Gateway unreachable → confirmed, then refused needs-gateway with why', gateway: 'connect-fails', status: 'refused', code: 'needs-gateway', confirms: 1, calls: 0 },
  ];
  for (const row of undoRows) {
    it(row.name, async function () {
      const state = materializeRealState();
      const m = openModel(state);
      try {
        // a compaction to undo, written by our writer first
        const c = await compactSession({ model: m, confirm: async () => true }, session(m), { keepRecentTokens: 300 });
        assert.equal(c.status, 'written');
        m.refresh();
        const before = sha(realDbPath(state));
        const s = session(m);
        assert.equal(s.era, 'sqlite');
        const gw = fakeGateway();
        const seen: Array<ActionPreview<UndoActionPlan>> = [];
        const o = await undoCompaction({ model: m, gateway: access(row.gateway, gw), confirm: async (pv) => (seen.push(pv), true) }, s);
        assert.equal(o.status, row.status, JSON.stringify(o));
        if (row.code) assert.equal((o as { code: string }).code, row.code);
        assert.equal(seen.length, row.confirms);
        assert.ok(seen.every((p) => p.route === 'gateway' && p.plan.kind === 'gateway'));
        assert.equal(gw.calls.length, row.calls);
        if (o.status === 'written' && o.via === 'gateway') {
          assert.equal(o.gateway.editorText, 'the rewound message');
          const plan = o.plan;
          assert.ok(plan.kind === 'gateway' && gw.calls[0] === `sessions.rewind ${WORK} ${plan.user.id}`);
        }
        assert.equal(sha(realDbPath(state)), before, 'the Gateway path never writes the files');
      } finally {
        m.dispose();
      }
    });
  }

  it('reset: no Gateway → refused; Gateway open → sessions.reset after one confirmation', async function () {
    const state = materializeRealState();
    const m = openModel(state);
    try {
      const s = session(m);
      let asked = 0;
      const none = await resetSession({ model: m, confirm: async () => (asked++, true) }, s);
      assert.equal(none.status, 'refused');
      assert.equal(asked, 0);
      const gw = fakeGateway();
      const o = await resetSession({ model: m, gateway: access('open', gw), confirm: async () => (asked++, true) }, s);
      assert.equal(o.status, 'written');
      assert.equal(asked, 1);
      assert.deepEqual(gw.calls, [`sessions.reset ${WORK}`]);
    } finally {
      m.dispose();
    }
  });

  it('a remote session: the open connection, else refused remote-unavailable; an embedded owner is never sent to the Gateway', async function () {
    const state = materializeRealState();
    const m = openModel(state);
    try {
      const remote = { ...session(m), remote: 'ws://gw.example:18789' } as SessionState;
      const ctx = (gateway?: GatewayAccess): ActionContext<unknown> => ({ model: m, gateway, confirm: async () => true });
      const r1 = await routeWrite(ctx(), remote);
      assert.equal(r1.via, 'refuse');
      assert.equal(r1.via === 'refuse' && r1.code, 'remote-unavailable');
      const gw = fakeGateway();
      assert.equal((await routeWrite(ctx(access('open', gw)), remote)).via, 'gateway');
      // a local session with no owner and an open connection: our writer
      assert.equal((await routeWrite(ctx(access('open', gw)), session(m))).via, 'local');
      // an embedded run owns the store: it is never sent to the Gateway, even with one open
      const embedded = await gatewayAfterRefusal(ctx(access('open', gw)), session(m), { ok: false, code: 'owned', message: 'owned', ownership: { owned: true, by: 'embedded', reason: 'an embedded run', locks: [], probes: [] } });
      assert.deepEqual(embedded, { why: EMBEDDED_OWNER, tried: false });
      const byGateway = await gatewayAfterRefusal(ctx(access('open', gw)), session(m), { ok: false, code: 'owned', message: 'owned', ownership: { owned: true, by: 'gateway', reason: 'the Gateway', locks: [], probes: [] } });
      assert.equal(byGateway, gw);
    } finally {
      m.dispose();
    }
  });
});

describe('context queries', function () {
  it('resolveSessionKey: exact, case-folded, by suffix; ambiguous is never a guess', function () {
    const mk = (key: string, stateDir = '/s') => ({ row: { key }, stateDir }) as unknown as SessionState;
    const list = [mk('agent:main:work'), mk('agent:main:main'), mk('agent:ops:work')];
    const one = (k: string) => {
      const r = resolveSessionKey(list, k);
      return r.ok ? r.session.row.key : r.reason;
    };
    assert.equal(one('agent:main:work'), 'agent:main:work');
    assert.equal(one('Agent:Main:Work'), 'agent:main:work');
    assert.equal(one('main:work'), 'agent:main:work');
    assert.equal(one('work'), 'ambiguous');
    assert.equal(one('nope'), 'none');
    const twice = resolveSessionKey([mk('k:a', '/one'), mk('k:a', '/two')], 'k:a');
    assert.ok(!twice.ok && twice.reason === 'ambiguous' && twice.hits.length === 2);
  });

  it("isLocalStateDir (core's rule): a config or an agent with a store; an empty agents/ folder is not", function () {
    const env = processEnv();
    const dir = tmpDir('occtx-local-');
    fs.mkdirSync(`${dir}/agents/main`, { recursive: true });
    const m = new ContextModel({ stateDirs: resolveStateDirs(dir, undefined, env), env });
    m.refresh();
    try {
      assert.equal(isLocalStateDir(m.stateDirs()[0]!), false);
    } finally {
      m.dispose();
    }
    const real = openModel(materializeRealState());
    try {
      assert.equal(isLocalStateDir(real.stateDirs()[0]!), true);
      const s = session(real);
      assert.equal(real.agentOf(s)?.agent.id, s.agentId);
      assert.equal(real.stateDirOf(s)?.candidate.dir, s.stateDir);
    } finally {
      real.dispose();
    }
  });
});
