/**
 * Planted-fact sessions for the fact extraction and the compaction summary: facts stated early by the user (and
 * found by tools) among padding turns, in English, Chinese and Japanese, with the exact strings each fact needs.
 * The expected strings are written by hand from the planted sentences, not computed by the code under test.
 */
import type { AgentMessage } from '../../src/core/compaction/openclaw/estimate';

type Json = Record<string, unknown>;
let clock = 1_790_000_000_000;
export const user = (text: string): AgentMessage => ({ role: 'user', content: text, timestamp: clock++ });
export const assistant = (text: string): AgentMessage => ({ role: 'assistant', content: [{ type: 'text', text }], stopReason: 'stop', timestamp: clock++ });
export const call = (id: string, name: string, args: Json): AgentMessage => ({ role: 'assistant', content: [{ type: 'toolCall', id, name, arguments: args }], stopReason: 'toolUse', timestamp: clock++ });
export const result = (id: string, name: string, text: string, isError = false): AgentMessage => ({ role: 'toolResult', toolCallId: id, toolName: name, content: [{ type: 'text', text }], isError, timestamp: clock++ });

export interface PlantedFact {
  category: 'decision' | 'reason' | 'todo' | 'rule' | 'identifier' | 'toolFact' | 'artifact';
  /** Every one of these must be in the summary (or kept tail) for the fact to be kept. */
  strings: string[];
}

export interface PlantedSession {
  name: string;
  messages: AgentMessage[];
  facts: PlantedFact[];
}

const ESSAY = (topic: string, n: number) =>
  Array.from({ length: n }, (_, i) => `Paragraph ${i + 1} about ${topic}: the history of the subject is long and full of detours, and every generation retells it with different emphasis, which makes a short answer hard to give without losing the texture of the whole story.`).join('\n\n');

/** Unrelated chat after the facts: long enough that the facts fall in the dropped part. */
export function padding(turns: number, topic = 'tea ceremonies'): AgentMessage[] {
  const out: AgentMessage[] = [];
  for (let i = 0; i < turns; i++) {
    out.push(user(`Tell me more about ${topic}, part ${i + 1}. What else is interesting there?`));
    out.push(assistant(ESSAY(`${topic} (${i + 1})`, 5)));
  }
  return out;
}

export function englishSession(): PlantedSession {
  const messages: AgentMessage[] = [
    user('We are building the billing service. Decision: we will use PostgreSQL 16 for the ledger because we need serializable transactions across accounts.'),
    assistant('Understood, PostgreSQL 16 for the ledger.'),
    user("Let's go with gRPC for the internal API since the mobile team already ships protobuf schemas. Also, the public endpoint is POST /v1/invoices/{id}/refunds and it reads STRIPE_WEBHOOK_SECRET from the environment."),
    assistant('Noted the route and the env var.'),
    user('Always run the migration dry-run before applying a schema change. Never log card numbers, not even masked ones. Only deploy from the release branch.'),
    assistant('Those rules are clear.'),
    user('TODO: rotate the staging API key by Friday. If the refund volume exceeds 500 per day, we need to add a queue in front of the refund worker. The staging database is at db-staging.internal:5433 and the incident ticket is BILL-2291.'),
    call('c1', 'read', { path: 'src/billing/ledger.ts' }),
    result('c1', 'read', 'export const LEDGER_TABLE = "ledger_entries";\nexport function post() {}'),
    call('c2', 'exec', { command: 'curl -s http://127.0.0.1:9100/metrics | grep refund' }),
    result('c2', 'exec', 'refund_queue_depth 1874\nrefund_worker_errors_total{reason="timeout"} 37\nERROR refund worker 3 crashed: connection refused to redis-billing:6380'),
    call('c3', 'write', { path: 'docs/adr/0007-ledger-store.md', content: '# ADR 7' }),
    result('c3', 'write', 'wrote 8 bytes'),
    call('c4', 'edit', { path: 'src/billing/refunds.ts', oldText: 'a', newText: 'b' }),
    result('c4', 'edit', 'ok'),
    user('We decided to keep the refund worker single-threaded. The reason is that the payment provider rate-limits us per account.'),
    assistant('OK.'),
    ...padding(12),
  ];
  const facts: PlantedFact[] = [
    { category: 'decision', strings: ['use PostgreSQL 16 for the ledger'] },
    { category: 'reason', strings: ['we need serializable transactions across accounts'] },
    { category: 'decision', strings: ['gRPC for the internal API'] },
    { category: 'reason', strings: ['the mobile team already ships protobuf schemas'] },
    { category: 'decision', strings: ['keep the refund worker single-threaded'] },
    { category: 'reason', strings: ['the payment provider rate-limits us per account'] },
    { category: 'identifier', strings: ['POST /v1/invoices/{id}/refunds'] },
    { category: 'identifier', strings: ['STRIPE_WEBHOOK_SECRET'] },
    { category: 'identifier', strings: ['db-staging.internal:5433'] },
    { category: 'identifier', strings: ['BILL-2291'] },
    { category: 'rule', strings: ['Always run the migration dry-run before applying a schema change'] },
    { category: 'rule', strings: ['Never log card numbers, not even masked ones'] },
    { category: 'rule', strings: ['Only deploy from the release branch'] },
    { category: 'todo', strings: ['rotate the staging API key', 'by Friday'] },
    { category: 'todo', strings: ['If the refund volume exceeds 500 per day', 'add a queue in front of the refund worker'] },
    { category: 'toolFact', strings: ['refund_queue_depth 1874'] },
    { category: 'toolFact', strings: ['connection refused to redis-billing:6380'] },
    { category: 'artifact', strings: ['src/billing/ledger.ts'] },
    { category: 'artifact', strings: ['docs/adr/0007-ledger-store.md'] },
    { category: 'artifact', strings: ['src/billing/refunds.ts'] },
  ];
  return { name: 'english', messages, facts };
}

export function cjkSession(): PlantedSession {
  const messages: AgentMessage[] = [
    user('我们在做库存同步服务。决定：消息队列用 NATS JetStream，因为运维团队已经在生产环境维护它。'),
    assistant('好的，使用 NATS JetStream。'),
    user('接口是 PUT /api/v2/stock/{sku}，密钥从环境变量 INVENTORY_SYNC_TOKEN 读取。必须在每次发布前跑完整的回归测试。不要在周五下午部署。'),
    assistant('明白。'),
    user('如果同步延迟超过 30 秒，需要在 10月15日之前加上告警。版本锁定在 v3.8.2，相关工单是 INV-774。'),
    assistant('记下了。'),
    user('キャッシュは Redis を使うことにした。理由は、既存の監視基盤がそのまま使えるからだ。'),
    assistant('了解です。'),
    user('本番のデータベースには直接書き込まないでください。必ずレビューを通してからマージすること。リリースノートは金曜日までに書く必要がある。'),
    assistant('承知しました。'),
    ...padding(12, '京都の庭園'),
  ];
  const facts: PlantedFact[] = [
    { category: 'decision', strings: ['消息队列用 NATS JetStream'] },
    { category: 'reason', strings: ['运维团队已经在生产环境维护它'] },
    { category: 'decision', strings: ['キャッシュは Redis を使う'] },
    { category: 'reason', strings: ['既存の監視基盤がそのまま使える'] },
    { category: 'identifier', strings: ['PUT /api/v2/stock/{sku}'] },
    { category: 'identifier', strings: ['INVENTORY_SYNC_TOKEN'] },
    { category: 'identifier', strings: ['v3.8.2'] },
    { category: 'identifier', strings: ['INV-774'] },
    { category: 'rule', strings: ['必须在每次发布前跑完整的回归测试'] },
    { category: 'rule', strings: ['不要在周五下午部署'] },
    { category: 'rule', strings: ['本番のデータベースには直接書き込まないでください'] },
    { category: 'rule', strings: ['必ずレビューを通してからマージすること'] },
    { category: 'todo', strings: ['如果同步延迟超过 30 秒', '10月15日之前加上告警'] },
    { category: 'todo', strings: ['リリースノートは金曜日までに書く'] },
  ];
  return { name: 'cjk', messages, facts };
}
