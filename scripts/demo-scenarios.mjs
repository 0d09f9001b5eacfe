// What scripts/make-demo.mjs asks the real OpenClaw to do for the bundled demo state: the agents, the config
// changes, the seeded workspace files and the scripted turns (fake-model directives: #read, #write, #exec, #pad,
// #reply, #overflow; see ../shared/tools/openclaw-real/README.md).
import fs from 'node:fs';
import path from 'node:path';

/** The harness's default ports and a fixed, obviously fake Gateway token: what the shipped config says. */
const DEMO_GATEWAY_PORT = 18789;
const DEMO_LLM_URL = 'http://127.0.0.1:18555/v1';
const BIG_MODEL = { id: 'scripted-128k', name: 'Scripted Fake (128k window)', contextWindow: 131_072 };

/**
 * The agents of the demo. `main` and `research` run in OpenClaw (SQLite stores) with different context windows;
 * `legacy` is a JSONL-era copy (sessions.json + <sessionId>.jsonl) of two of main's real transcripts.
 */
export const AGENTS = {
  main: { workspaceDir: 'workspace' },
  research: { workspaceDir: 'workspace-research', name: 'Research', model: `fake/${BIG_MODEL.id}` },
  legacy: { name: 'JSONL-era copy', model: 'fake/scripted-1', jsonlFrom: { 'agent:legacy:main': 'agent:main:main', 'agent:legacy:incident': 'agent:main:incident' } },
};

export const KEYS = {
  /** several compactions: two automatic (each after OpenClaw's memory flush) and one manual */
  compacted: 'agent:main:main',
  /** the last turn failed with a context overflow */
  overflow: 'agent:main:incident',
  /** long, never compacted, in the 128k window: well over the 20k kept tail, so Compact Session… has work */
  long: 'agent:research:main',
  /** the session our checkpoint is made of */
  checkpoint: 'agent:research:main',
};

export const DEMO_CONFIG = {
  token: 'demo-token-not-secret',
  /** The run's config: the shared template plus the research agent and its 128k model, workspaces in the state dir. */
  forRun(cfg, wsOf) {
    const fake = cfg.models.providers.fake;
    const base = fake.models.find((m) => m.id === 'scripted-1');
    if (!base) throw new Error('the shared config template has no fake/scripted-1 model');
    fake.models.push({ ...base, id: BIG_MODEL.id, name: BIG_MODEL.name, contextWindow: BIG_MODEL.contextWindow, contextTokens: BIG_MODEL.contextWindow });
    cfg.agents.defaults.workspace = wsOf('main');
    // agents.entries; a roster of several agents needs explicit ownership (2026.9 retired `default`; the first
    // entry is the one our reader takes as the default agent)
    cfg.agents.ownership = 'explicit';
    cfg.agents.defaults.systemAgent = { agentId: 'main' };
    cfg.agents.entries = {};
    for (const [id, a] of Object.entries(AGENTS).filter(([, x]) => !x.jsonlFrom)) cfg.agents.entries[id] = { ...(a.name ? { name: a.name } : {}), workspace: wsOf(id), ...(a.model ? { model: a.model } : {}) };
  },
  /** The shipped config: no temp paths (workspaces resolve inside the state dir), the harness's ports, the JSONL agent. */
  forDemo(cfg) {
    delete cfg.agents.defaults.workspace;
    for (const a of Object.values(cfg.agents.entries)) delete a.workspace;
    for (const [id, a] of Object.entries(AGENTS).filter(([, x]) => x.jsonlFrom)) cfg.agents.entries[id] = { name: a.name, model: a.model };
    cfg.gateway.port = DEMO_GATEWAY_PORT;
    cfg.models.providers.fake.baseUrl = DEMO_LLM_URL;
    if (cfg.logging) delete cfg.logging.file;
    if (cfg.logging && !Object.keys(cfg.logging).length) delete cfg.logging;
    return cfg;
  },
};

const day = (now, back) => new Date(now.getTime() - back * 86_400_000).toISOString().slice(0, 10);
function write(dir, rel, text) {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), text);
}

/** Files a user would have before these sessions: MEMORY.md, notes, the daily logs of the two days before. */
export function seedWorkspaces(wsOf, now) {
  const ws = wsOf('main');
  write(ws, 'MEMORY.md', [
    '# MEMORY.md',
    '',
    '- Project codename: BLUE-HERON (billing export rewrite). Tracking ticket: TICKET-981.',
    '- Deploys: Tuesday 14:00 UTC window; rollback owner is Dana.',
    '- Daily logs live in memory/YYYY-MM-DD.md; open items in notes/todo.md.',
    '',
  ].join('\n'));
  write(ws, 'notes/todo.md', '- renew passport\n- book dentist\n- ship ORD-4471\n- review the BLUE-HERON export plan\n');
  const dailyLog = (back, lines) => write(ws, `memory/${day(now, back)}.md`, [`# ${day(now, back)}`, '', ...lines, ''].join('\n'));
  dailyLog(2, [
    '- Decided: the billing export moves to the v2 ledger (BLUE-HERON); CSV stays for one release.',
    '- Preference: short answers first, details after; code samples in TypeScript.',
    '- Open: confirm the S3 bucket policy with Priya.',
  ]);
  dailyLog(1, [
    '- ORD-4471 packed; courier pickup booked for tomorrow morning.',
    '- Learned: the nightly export times out when the DB pool is exhausted (INC-2277, fixed by raising the pool to 20).',
    '- Next: draft notes/plan.md for BLUE-HERON.',
  ]);
  const rs = wsOf('research');
  write(rs, 'MEMORY.md', '# MEMORY.md\n\n- Research agent for ORBIT-77: choosing the message queue of the billing pipeline.\n- Findings go to notes/findings-*.md; the brief is notes/brief.md.\n');
  write(rs, 'notes/brief.md', [
    '# ORBIT-77: a message queue for the billing pipeline',
    '',
    'Goal: replace the cron-driven export with events. Invoices, payments and refunds are published once and',
    'consumed by the ledger, the notifier and the analytics loader.',
    '',
    '## Requirements',
    '- at-least-once delivery with idempotent consumers; ordering per customer account',
    '- 3,000 events/s sustained, 12,000 events/s peak (month-end close), p99 end-to-end under 250 ms',
    '- 14 days of retention for replays; dead-letter queue with alerting',
    '- runs on our Kubernetes clusters (eu-west-1, eu-central-1); no new vendor contract this quarter',
    '',
    '## Candidates',
    '1. Kafka (managed by the platform team, already used by search)',
    '2. NATS JetStream (small footprint, new to us)',
    '3. RabbitMQ quorum queues (used by the notifier today)',
    '',
    '## Open questions',
    '- Can the platform team give us a dedicated Kafka cluster before 2026-12-15?',
    '- What does replaying 14 days cost on each candidate?',
    '',
  ].join('\n'));
}

const DECISIONS = [
  'Decision: partition by customer account id, 48 partitions to start.',
  'Decision: consumers write an idempotency key (event id) before acting; duplicates are dropped.',
  'Decision: dead letters go to billing.dlq with a PagerDuty alert after 10 in 5 minutes.',
  'Decision: retention 14 days on the main topics, 30 days on billing.dlq.',
  'Decision: schemas in Avro with the registry, backward compatible only.',
  'Decision: the analytics loader reads from a compacted topic, not the raw stream.',
];

/** The scripted sessions, in order; each says what it shows and checks OpenClaw's row for it afterwards. */
export const SCENARIOS = [
  {
    key: KEYS.compacted,
    shows: 'tools, code, JSON and Chinese text; two memory flushes + automatic compactions, then a manual one',
    async run(d) {
      const K = KEYS.compacted;
      await d.turn(K, "Good morning! What's on my list today? #read notes/todo.md");
      await d.turn(K, 'Please save the plan. #write notes/plan.md # Plan for BLUE-HERON\n1. Build the exporter (src/export.ts)\n2. Wire it into the nightly job\n3. Ship ORD-4471 by Friday');
      await d.turn(K, 'Check the notes folder. #exec ls -la notes && cat notes/todo.md');
      for (let i = 1; i <= 16 && (d.row(K)?.compactionCount ?? 0) < 2; i++) {
        await d.turn(K, i % 2 ? `Show me sample export log lines with code and 中文 mixed in, batch ${i}. #pad 150` : `请用中文总结一下导出日志，第 ${i} 批，并给出更多示例。 #pad 150`);
        await d.turn(K, `Short question ${i}: when is the deploy window? #reply The deploy window is Tuesday 14:00 UTC; Dana owns the rollback.`);
      }
      await d.compact(K);
      await d.turn(K, 'Quick check on ORD-4471? #reply ORD-4471 shipped on Monday; tracking number TRK-55120.');
      await d.turn(K, 'What is next on the plan? #read notes/plan.md');
    },
    check: (r) => ((r?.compactionCount ?? 0) < 3 ? 'fewer than 3 compactions' : r.memoryFlush?.kind !== 'succeeded' ? 'no memory flush' : undefined),
  },
  {
    key: KEYS.overflow,
    shows: 'a short incident session whose last turn fails with a provider context overflow',
    async run(d) {
      const K = KEYS.overflow;
      await d.turn(K, 'Incident INC-2291: the nightly billing export failed at 02:14 UTC. What should we check first? #reply Check the export job log, the DB connection pool and the S3 upload step.');
      await d.turn(K, 'Here is the job log. #exec printf "02:14:03 export start\\n02:14:33 ERROR timeout after 30s (pool exhausted)\\n"');
      await d.turn(K, 'Paste the full export log of the last 30 days and analyse every line. #overflow', { expectFail: true });
    },
    check: (r) => (r?.status !== 'failed' ? `status ${r?.status}, not failed` : undefined),
  },
  {
    key: KEYS.long,
    shows: 'a long research session in the 128k window: tool reads, writes, decisions and benchmark dumps, never compacted',
    async run(d) {
      const K = KEYS.long;
      await d.turn(K, 'We are choosing the message queue for ORBIT-77. Read the brief first. #read notes/brief.md');
      await d.turn(K, 'What do we have so far? #exec ls -la notes');
      for (let i = 1; i <= 24 && (d.row(K)?.totalTokens ?? 0) < 48_000; i++) {
        await d.turn(K, `Benchmark run ${i}: show the raw latency samples and the log lines of the test harness. #pad 200`);
        const decision = DECISIONS[(i - 1) % DECISIONS.length];
        if (i % 3 === 0) await d.turn(K, `Record the findings of runs ${i - 2}-${i}. #write notes/findings-${i / 3}.md # Findings ${i - 2}-${i}\n- Kafka p99 181 ms at 12k ev/s; JetStream p99 142 ms; RabbitMQ p99 390 ms.\n- ${decision}`);
        else await d.turn(K, `Point ${i}: how do we handle this in the design? #reply ${decision}`);
      }
      // a long answer that ends in a question, then a short choice: what the checkpoint engine records as a decision
      await d.turn(K, [
        'Compare the two finalists for me. #reply Here is how the finalists compare.',
        '1. Kafka on the platform cluster: p99 181 ms at 12k events/s, 14-day retention is cheap on tiered storage, the platform team runs it, but a dedicated cluster may not be ready before 2026-12-15.',
        '2. NATS JetStream: p99 142 ms, a small footprint and simple operations, but nobody on the team has run it in production and replays of 14 days need large volumes.',
        'Kafka fits if the platform team commits to the date; JetStream fits if we must ship before it.',
        'Which one should we take: Kafka or JetStream?',
      ].join('\n'));
      await d.turn(K, 'Kafka. #reply Kafka it is.'); // under 50 characters: a short reply
      await d.turn(K, 'Where are we? #reply Kafka on the platform cluster, partitioned by account, idempotent consumers, 14-day retention. Open: the dedicated cluster date and the replay cost.');
    },
    check: (r) => ((r?.compactionCount ?? 0) > 0 ? 'it was compacted' : !(r?.totalTokensFresh && r.totalTokens >= 40_000) ? 'under 40k tokens' : undefined),
  },
];
