// The HELD-OUT sessions of the planted-facts compaction benchmark (issue 18): never tune extraction on these: what the user says, which workspace
// files the scripted model reads or writes (`#read` / `#write` directives of shared/tools/openclaw-real/
// fake-llm.mjs), and every fact planted in them with the exact strings that must survive a compaction.
// scripts/make-quality-sessions.mjs plays them through the real OpenClaw and writes expected.json per session;
// bench/quality.mjs scores compactions against those files. Two sets: `tuning` (to tune extraction on) and
// `held-out` (never tuned on; the targets are checked there).
//
// A turn is { text, facts? }. A fact is { category, kind?, lang?, source?, strings, reasons? }:
//   category  decision | todo | rule | identifier | tool-finding | artifact
//   strings   every one must appear verbatim (case-sensitive, whitespace-normalised) in the summary or kept tail
//   reasons   decisions only: the reason strings, scored separately (reason recall)
//   source    'user' (default) or 'tool' (found in a tool result: the file read in that turn)
// Artifacts (a file read, created or modified, with the tool) are derived from the #read / #write directives.
// { filler: n } is about n tokens of unrelated turns; facts before the first filler are `early`, the others `mid`.
// Nothing in the filler repeats a planted string (make-quality-sessions.mjs checks it).

import { WORDS, json, makeGen, rows } from './gen.mjs';

const { pick, code, log, essay } = makeGen(0x4e1d0c);

/** Files that exist before the session starts (so a #write to them is a modification). */
export const SESSIONS = [
  {
    id: 'h1-auth',
    set: 'held-out',
    files: {
      'services/auth/src/config.ts': code('ts', 85, [
        [0.4, 'export const ACCESS_TOKEN_TTL_SECONDS = 900;'],
        [0.41, 'export const REFRESH_TOKEN_TTL_DAYS = 30;'],
      ]),
      'logs/auth/gateway-2026-11-18.log': log('auth-gateway', '2026-11-18', 115, [[0.35, '2026-11-18T01:07:55Z ERROR auth-gateway jwks: failed to fetch https://login.acme-id.com/.well-known/jwks.json: x509: certificate has expired']]),
      'services/auth/clients.json': json({ clients: [...rows(6, (i) => ({ client_id: `svc-${pick(WORDS)}-${i}`, redirect_uri: `https://app${i}.acme.io/callback`, scopes: ['openid', pick(WORDS)] })), { client_id: 'mobile-ios', redirect_uri: 'com.acme.app:/oauth2redirect', scopes: ['openid', 'offline_access'] }] }),
      'services/auth/README.md': '# Auth service\n\nSession cookies, bcrypt.\n',
    },
    turns: [
      {
        text: "We're migrating session auth to OAuth2 PKCE under AUTH-517. We decided to keep refresh tokens server-side in Redis rather than in cookies, since Safari ITP wipes third-party storage after 7 days. Never commit .env files, not even the example with real hosts. #reply OK.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['AUTH-517'] },
          { category: 'decision', strings: ['keep refresh tokens server-side in Redis rather than in cookies'], reasons: ['Safari ITP wipes third-party storage after 7 days'] },
          { category: 'rule', strings: ['Never commit .env files, not even the example with real hosts'] },
        ],
      },
      {
        text: 'Token exchange is POST /oauth/token, revocation is POST /oauth/revoke, and Redis is at auth-redis-01.internal:6380. #reply Noted.',
        facts: [
          { category: 'identifier', kind: 'route', strings: ['POST /oauth/token'] },
          { category: 'identifier', kind: 'route', strings: ['POST /oauth/revoke'] },
          { category: 'identifier', kind: 'host:port', strings: ['auth-redis-01.internal:6380'] },
        ],
      },
      {
        text: 'How long do access tokens live today? #read services/auth/src/config.ts',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['ACCESS_TOKEN_TTL_SECONDS = 900'] }],
      },
      {
        text: '決定：ログイン試行の上限を 1 分あたり 10 回に設定します。理由：クレデンシャルスタッフィング攻撃が先週から増えているためです。 #reply 承知しました。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['ログイン試行の上限を 1 分あたり 10 回に設定します'], reasons: ['クレデンシャルスタッフィング攻撃が先週から増えている'] }],
      },
      {
        text: 'Logins failed for an hour on the 18th; find out why. #read logs/auth/gateway-2026-11-18.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['failed to fetch https://login.acme-id.com/.well-known/jwks.json', 'x509: certificate has expired'] }],
      },
      { filler: 6000 },
      {
        text: "Let's go with Argon2id for password hashing instead of bcrypt — the security review (SEC-88) requires memory-hard hashing. The setting is AUTH_ARGON2_MEMORY_KIB=65536. #reply Sounds right.",
        facts: [
          { category: 'decision', strings: ['Argon2id for password hashing instead of bcrypt'], reasons: ['the security review (SEC-88) requires memory-hard hashing'] },
          { category: 'identifier', kind: 'env', strings: ['AUTH_ARGON2_MEMORY_KIB=65536'] },
        ],
      },
      {
        text: 'TODO：12月10日までに、古いセッションテーブルを削除する前にバックアップを取る。 #reply 了解。',
        facts: [{ category: 'todo', lang: 'ja', strings: ['古いセッションテーブルを削除する前にバックアップを取る', '12月10日までに'] }],
      },
      {
        text: 'What redirect does the iOS client use? #read services/auth/clients.json',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"redirect_uri": "com.acme.app:/oauth2redirect"'] }],
      },
      { text: 'Update the service README. #write services/auth/README.md # Auth service\n\nOAuth2 PKCE; refresh tokens in Redis; Argon2id password hashes.' },
      {
        text: 'TODO: if the PKCE rollout error rate stays under 0.5% for 48 hours, delete the legacy /login/form handler. The release tag is auth-v2.4.0 and the migration commit is 0c7e2d9b4f1a63e8d5b2c0f9a7e4d1b3c6f82a57. Preference: squash-merge only, with conventional commit titles. #reply OK.',
        facts: [
          { category: 'todo', strings: ['delete the legacy /login/form handler', 'if the PKCE rollout error rate stays under 0.5% for 48 hours'] },
          { category: 'identifier', kind: 'version', strings: ['auth-v2.4.0'] },
          { category: 'identifier', kind: 'hash', strings: ['0c7e2d9b4f1a63e8d5b2c0f9a7e4d1b3c6f82a57'] },
          { category: 'rule', strings: ['squash-merge only, with conventional commit titles'] },
        ],
      },
      { filler: 4000 },
      { filler: 22000, tail: true },
    ],
  },
  {
    id: 'h2-k8s',
    set: 'held-out',
    files: {
      'deploy/k8s/checkout-api/deployment.yaml': code('yaml', 70, [[0.3, '    image: registry.acme.io/checkout-api:7.14.2']]),
      'logs/k8s/checkout-api-events.log': log('kubelet', '2026-11-22', 105, [[0.55, '2026-11-22T04:12:09Z WARN  kubelet OOMKilling node/ip-10-2-3-41 Memory cgroup out of memory: Killed process 28817 (java)']]),
      'dashboards/checkout-latency.json': json({ title: 'Checkout latency', panels: rows(8, (i) => ({ id: i + 1, title: `${pick(WORDS)} ${pick(WORDS)}`, type: 'timeseries' })), slo: { p99_slo_ms: 800, error_budget_percent: 0.1 } }),
    },
    turns: [
      {
        text: "Incident follow-up for OPS-4410: the checkout pods were OOM-killed. Decision: raise the memory limit of checkout-api to 1536Mi, because the JVM heap alone peaks at 1.1 GiB under the Black Friday load. Don't ever run kubectl apply against prod from a laptop; go through Argo CD. #reply Noted.",
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['OPS-4410'] },
          { category: 'decision', strings: ['raise the memory limit of checkout-api to 1536Mi'], reasons: ['the JVM heap alone peaks at 1.1 GiB under the Black Friday load'] },
          { category: 'rule', strings: ["Don't ever run kubectl apply against prod from a laptop; go through Argo CD"] },
        ],
      },
      {
        text: 'Which image is deployed right now? #read deploy/k8s/checkout-api/deployment.yaml',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['registry.acme.io/checkout-api:7.14.2'] }],
      },
      {
        text: '决定：Prometheus 的抓取间隔从 15s 改成 30s，因为 TSDB 的磁盘每周增长 40%。规则：所有告警必须附带 runbook 链接。 #reply 收到。',
        facts: [
          { category: 'decision', lang: 'zh', strings: ['Prometheus 的抓取间隔从 15s 改成 30s'], reasons: ['TSDB 的磁盘每周增长 40%'] },
          { category: 'rule', lang: 'zh', strings: ['所有告警必须附带 runbook 链接'] },
        ],
      },
      {
        text: 'Grafana is at https://grafana.ops.acme.io/d/checkout-latency, the OTLP collector listens on otel-collector.observability.svc:4317, and the readiness probe is GET /healthz/ready. #reply OK.',
        facts: [
          { category: 'identifier', kind: 'url', strings: ['https://grafana.ops.acme.io/d/checkout-latency'] },
          { category: 'identifier', kind: 'host:port', strings: ['otel-collector.observability.svc:4317'] },
          { category: 'identifier', kind: 'route', strings: ['GET /healthz/ready'] },
        ],
      },
      {
        text: 'Show me what the kubelet said when the pod died. #read logs/k8s/checkout-api-events.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['Memory cgroup out of memory: Killed process 28817 (java)'] }],
      },
      { filler: 6000 },
      {
        text: "We're going with a PodDisruptionBudget of minAvailable 2 for checkout-api, since the cluster autoscaler drained two nodes at once last week. Set OTEL_EXPORTER_OTLP_TIMEOUT=5000 on the collector sidecar. #reply OK.",
        facts: [
          { category: 'decision', strings: ['a PodDisruptionBudget of minAvailable 2 for checkout-api'], reasons: ['the cluster autoscaler drained two nodes at once last week'] },
          { category: 'identifier', kind: 'env', strings: ['OTEL_EXPORTER_OTLP_TIMEOUT=5000'] },
        ],
      },
      {
        text: 'What is the p99 SLO on the latency dashboard? #read dashboards/checkout-latency.json',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['"p99_slo_ms": 800'] }],
      },
      {
        text: 'TODO：等 Black Friday 流量回落之后，把 HPA 的最大副本数从 40 降回 20。 #reply 好。',
        facts: [{ category: 'todo', lang: 'zh', strings: ['把 HPA 的最大副本数从 40 降回 20', '等 Black Friday 流量回落之后'] }],
      },
      { text: 'Add the disruption budget manifest. #write deploy/k8s/checkout-api/pdb.yaml apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  name: checkout-api\nspec:\n  minAvailable: 2\n  selector:\n    matchLabels:\n      app: checkout-api' },
      {
        text: 'TODO by 2026-12-05: upgrade the ingress controller to 1.11.3. The PagerDuty incident is Q2W8E4R6T0Y1U3, the node pool id is 6a0c4e2f-8b1d-4f3a-9c5e-7d2b0a4f6e18, and the kubeconfig lives at /etc/ops/kube/prod-eu.yaml. #reply Noted.',
        facts: [
          { category: 'todo', strings: ['upgrade the ingress controller to 1.11.3', 'by 2026-12-05'] },
          { category: 'identifier', kind: 'ticket', strings: ['Q2W8E4R6T0Y1U3'] },
          { category: 'identifier', kind: 'uuid', strings: ['6a0c4e2f-8b1d-4f3a-9c5e-7d2b0a4f6e18'] },
          { category: 'identifier', kind: 'path', strings: ['/etc/ops/kube/prod-eu.yaml'] },
        ],
      },
      { filler: 4000 },
      { filler: 22000, tail: true },
    ],
  },
  {
    id: 'h3-docs-search',
    set: 'held-out',
    files: {
      'site/search/indexer.mjs': code('ts', 80, [[0.25, 'const MAX_DOC_BYTES = 262144;']]),
      'docs/adr/0007-search-engine.md': essay('ADR 0007: Search engine', 6, [
        [0.4, 'Decision: we choose Meilisearch over Algolia because self-hosting keeps the docs searchable inside air-gapped customer installs. Algolia stays possible for the public site later.'],
      ]),
      'logs/search/reindex-2026-11-21.log': log('reindex', '2026-11-21', 100, [[0.66, '2026-11-21T05:30:02Z ERROR reindex document docs/v3/api/webhooks.md exceeds MAX_DOC_BYTES (301877 > 262144), skipped']]),
      'site/search/synonyms.json': json({ synonyms: { ctx: ['context'], k8s: ['kubernetes'] } }),
    },
    turns: [
      {
        text: 'Working on the docs search revamp, DOCS-233. Decision: index only the latest two major versions, because the old v1 pages pollute the results with deprecated APIs. Rule: always keep URLs stable; add redirects instead of renaming. #reply OK.',
        facts: [
          { category: 'identifier', kind: 'ticket', strings: ['DOCS-233'] },
          { category: 'decision', strings: ['index only the latest two major versions'], reasons: ['the old v1 pages pollute the results with deprecated APIs'] },
          { category: 'rule', strings: ['always keep URLs stable; add redirects instead of renaming'] },
        ],
      },
      {
        text: '決定：検索結果のスニペットは 160 文字に制限します。理由：モバイルで 3 行を超えると離脱率が上がるからです。 #reply 了解です。',
        facts: [{ category: 'decision', lang: 'ja', strings: ['検索結果のスニペットは 160 文字に制限します'], reasons: ['モバイルで 3 行を超えると離脱率が上がる'] }],
      },
      {
        text: 'How large may a document be for the indexer? #read site/search/indexer.mjs',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['MAX_DOC_BYTES = 262144'] }],
      },
      {
        text: 'The search API is GET /api/search and reindexing is POST /api/admin/reindex; Meilisearch runs on search-01.docs.internal:7700. #reply OK.',
        facts: [
          { category: 'identifier', kind: 'route', strings: ['GET /api/search'] },
          { category: 'identifier', kind: 'route', strings: ['POST /api/admin/reindex'] },
          { category: 'identifier', kind: 'host:port', strings: ['search-01.docs.internal:7700'] },
        ],
      },
      {
        text: 'Why did we pick this engine again? Read the ADR. #read docs/adr/0007-search-engine.md',
        facts: [{ category: 'decision', source: 'tool', strings: ['we choose Meilisearch over Algolia'], reasons: ['self-hosting keeps the docs searchable inside air-gapped customer installs'] }],
      },
      { filler: 6000 },
      {
        text: '决定：中文文档的分词改用 jieba，因为默认分词器把「上下文窗口」拆成了单字。TODO：下周五之前补上繁体中文的同义词表。 #reply 好的。',
        facts: [
          { category: 'decision', lang: 'zh', strings: ['中文文档的分词改用 jieba'], reasons: ['默认分词器把「上下文窗口」拆成了单字'] },
          { category: 'todo', lang: 'zh', strings: ['补上繁体中文的同义词表', '下周五之前'] },
        ],
      },
      {
        text: 'Some pages are missing from search since the last reindex; check its log. #read logs/search/reindex-2026-11-21.log',
        facts: [{ category: 'tool-finding', source: 'tool', strings: ['docs/v3/api/webhooks.md exceeds MAX_DOC_BYTES'] }],
      },
      {
        text: 'TODO: when the v4 docs freeze lands, regenerate the sitemap and ping Search Console. Set DOCS_SEARCH_KEY_ROTATION_DAYS=30. The deploy preview is https://preview-233.docs.acme.dev/search. #reply OK.',
        facts: [
          { category: 'todo', strings: ['regenerate the sitemap and ping Search Console', 'when the v4 docs freeze lands'] },
          { category: 'identifier', kind: 'env', strings: ['DOCS_SEARCH_KEY_ROTATION_DAYS=30'] },
          { category: 'identifier', kind: 'url', strings: ['https://preview-233.docs.acme.dev/search'] },
        ],
      },
      { text: 'Add the Chinese synonyms we have so far. #write site/search/synonyms.json {"synonyms": {"ctx": ["context"], "k8s": ["kubernetes"], "上下文": ["语境", "上下文窗口"]}}' },
      {
        text: 'Preference: write all docs in second person and present tense. The release is docs-site v4.0.0-beta.2 and the index build hash is e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855. #reply OK.',
        facts: [
          { category: 'rule', strings: ['write all docs in second person and present tense'] },
          { category: 'identifier', kind: 'version', strings: ['v4.0.0-beta.2'] },
          { category: 'identifier', kind: 'hash', strings: ['e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'] },
        ],
      },
      { filler: 4000 },
      { filler: 22000, tail: true },
    ],
  },
];
