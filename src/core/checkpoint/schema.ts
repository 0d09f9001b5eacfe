/**
 * Checkpoint schema v1 (seed 001 §5.3): the types, the caps and a strict validator.
 *
 * The validator is the only way a parsed file becomes a `Checkpoint`: every field is checked, unknown
 * fields are refused, and the error names the file and the field (`meta.token_usage.input_tokens`).
 */

export const CHECKPOINT_SCHEMA = 'openclaw/checkpoint';
export const CHECKPOINT_SCHEMA_VERSION = 1;

export const TRIGGERS = ['auto-80pct', 'compaction', 'session-end', 'manual'] as const;
export type CheckpointTrigger = (typeof TRIGGERS)[number];

export const WORKING_STATUSES = ['in_progress', 'idle', 'waiting_for_user'] as const;
export type WorkingStatus = (typeof WORKING_STATUSES)[number];

/** Caps (seed 001 §12: 50 decisions, 8 exchanges, 100 tools, 100 files; open items and learnings are ours). */
export const CAPS = {
  decisions: 50,
  keyExchanges: 8,
  toolsUsed: 100,
  files: 100,
  openItems: 50,
  learnings: 50,
} as const;

export interface TokenUsage {
  input_tokens: number;
  context_window: number;
  /** 0–1 ratio (0.81 = 81 %); can exceed 1 when a session overflowed */
  utilization: number;
}

export interface CheckpointMeta {
  checkpoint_id: string;
  session_key: string;
  session_file: string | null;
  created_at: string;
  trigger: CheckpointTrigger;
  compaction_count: number;
  token_usage: TokenUsage;
  previous_checkpoint: string | null;
  channel: string | null;
  agent_id: string;
}

export interface LastToolCall {
  name: string;
  params_summary: string;
}

export interface Working {
  topic: string;
  status: WorkingStatus;
  interrupted: boolean;
  last_tool_call: LastToolCall | null;
  next_action: string;
}

export interface Decision {
  id: string;
  what: string;
  when: string;
}

export interface Resources {
  files_read: string[];
  files_modified: string[];
  tools_used: string[];
}

export interface KeyExchange {
  role: 'user' | 'agent';
  gist: string;
}

export interface Thread {
  summary: string;
  key_exchanges: KeyExchange[];
}

export interface Checkpoint {
  schema: typeof CHECKPOINT_SCHEMA;
  schema_version: typeof CHECKPOINT_SCHEMA_VERSION;
  meta: CheckpointMeta;
  working: Working;
  decisions: Decision[];
  resources: Resources;
  thread: Thread;
  open_items: string[];
  learnings: string[];
}

export const CHECKPOINT_ID_RE = /^cp_(\d{3,9})$/;
export const DECISION_ID_RE = /^d\d{1,9}$/;
const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

export const checkpointIdFor = (n: number): string => `cp_${String(n).padStart(3, '0')}`;
export const checkpointNumber = (id: string): number | undefined => {
  const m = CHECKPOINT_ID_RE.exec(id);
  return m ? Number(m[1]) : undefined;
};

export interface ValidationIssue {
  field: string;
  problem: string;
}

/** A checkpoint file that is not valid v1. `file` and `field` say where; `issues` lists every problem found. */
export class CheckpointValidationError extends Error {
  constructor(
    readonly file: string,
    readonly issues: ValidationIssue[],
  ) {
    const first = issues[0] ?? { field: '(document)', problem: 'invalid' };
    const more = issues.length > 1 ? ` (+${issues.length - 1} more: ${issues.slice(1, 4).map((i) => i.field).join(', ')}${issues.length > 4 ? ', …' : ''})` : '';
    super(`${file}: invalid checkpoint: ${first.field}: ${first.problem}${more}`);
    this.name = 'CheckpointValidationError';
  }
  get field(): string {
    return this.issues[0]?.field ?? '(document)';
  }
}

const MAX_ISSUES = 50;

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return `a list of ${v.length}`;
  if (typeof v === 'string') return v.length > 40 ? `a string of ${v.length} chars` : JSON.stringify(v);
  if (typeof v === 'object') return 'a mapping';
  return `${typeof v} ${String(v)}`;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const has = (o: Obj, k: string) => Object.prototype.hasOwnProperty.call(o, k);

class Checker {
  issues: ValidationIssue[] = [];
  add(field: string, problem: string): void {
    if (this.issues.length < MAX_ISSUES) this.issues.push({ field, problem });
  }
  /** A mapping with exactly these keys (missing and unknown keys are both issues). */
  mapping(v: unknown, field: string, keys: readonly string[]): Obj | undefined {
    if (!isObj(v)) {
      this.add(field, `expected a mapping, got ${describe(v)}`);
      return undefined;
    }
    for (const k of keys) if (!has(v, k)) this.add(field ? `${field}.${k}` : k, 'missing');
    for (const k of Object.keys(v)) if (!keys.includes(k)) this.add(field ? `${field}.${safeKey(k)}` : safeKey(k), 'unknown field');
    return v;
  }
  str(v: unknown, field: string): void {
    if (typeof v !== 'string') this.add(field, `expected a string, got ${describe(v)}`);
  }
  strOrNull(v: unknown, field: string): void {
    if (v !== null && typeof v !== 'string') this.add(field, `expected a string or null, got ${describe(v)}`);
  }
  iso(v: unknown, field: string): void {
    if (typeof v !== 'string' || !ISO_RE.test(v) || !Number.isFinite(Date.parse(v))) this.add(field, `expected an ISO-8601 timestamp, got ${describe(v)}`);
  }
  int(v: unknown, field: string, min = 0): void {
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min) this.add(field, `expected an integer ≥ ${min}, got ${describe(v)}`);
  }
  num(v: unknown, field: string): void {
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) this.add(field, `expected a number ≥ 0, got ${describe(v)}`);
  }
  bool(v: unknown, field: string): void {
    if (typeof v !== 'boolean') this.add(field, `expected true or false, got ${describe(v)}`);
  }
  oneOf(v: unknown, field: string, values: readonly string[]): void {
    if (typeof v !== 'string' || !values.includes(v)) this.add(field, `expected one of ${values.join(' | ')}, got ${describe(v)}`);
  }
  re(v: unknown, field: string, re: RegExp, what: string): void {
    if (typeof v !== 'string' || !re.test(v)) this.add(field, `expected ${what}, got ${describe(v)}`);
  }
  list(v: unknown, field: string, max: number): unknown[] | undefined {
    if (!Array.isArray(v)) {
      this.add(field, `expected a list, got ${describe(v)}`);
      return undefined;
    }
    if (v.length > max) this.add(field, `at most ${max} entries allowed, got ${v.length}`);
    return v;
  }
  strList(v: unknown, field: string, max: number): void {
    const l = this.list(v, field, max);
    l?.forEach((x, i) => this.str(x, `${field}[${i}]`));
  }
}

/** Field names from the file are shown, never trusted: cut and escaped. */
function safeKey(k: string): string {
  const s = JSON.stringify(k.length > 40 ? k.slice(0, 40) + '…' : k);
  return /^"[A-Za-z0-9_]+"$/.test(s) ? s.slice(1, -1) : s;
}

const TOP_KEYS = ['schema', 'schema_version', 'meta', 'working', 'decisions', 'resources', 'thread', 'open_items', 'learnings'] as const;
const META_KEYS = ['checkpoint_id', 'session_key', 'session_file', 'created_at', 'trigger', 'compaction_count', 'token_usage', 'previous_checkpoint', 'channel', 'agent_id'] as const;
const USAGE_KEYS = ['input_tokens', 'context_window', 'utilization'] as const;
const WORKING_KEYS = ['topic', 'status', 'interrupted', 'last_tool_call', 'next_action'] as const;
const TOOL_CALL_KEYS = ['name', 'params_summary'] as const;
const DECISION_KEYS = ['id', 'what', 'when'] as const;
const RESOURCE_KEYS = ['files_read', 'files_modified', 'tools_used'] as const;
const THREAD_KEYS = ['summary', 'key_exchanges'] as const;
const EXCHANGE_KEYS = ['role', 'gist'] as const;

/** Every issue of `v` as a v1 checkpoint (empty when valid). */
export function checkpointIssues(v: unknown): ValidationIssue[] {
  const c = new Checker();
  const top = c.mapping(v, '', TOP_KEYS);
  if (!top) return c.issues;
  if (top.schema !== CHECKPOINT_SCHEMA) c.add('schema', `expected "${CHECKPOINT_SCHEMA}", got ${describe(top.schema)}`);
  if (top.schema_version !== CHECKPOINT_SCHEMA_VERSION) {
    const v2 = top.schema_version;
    c.add('schema_version', typeof v2 === 'number' && v2 > CHECKPOINT_SCHEMA_VERSION ? `unsupported version ${v2} (this reader knows ${CHECKPOINT_SCHEMA_VERSION})` : `expected ${CHECKPOINT_SCHEMA_VERSION}, got ${describe(v2)}`);
  }
  const meta = has(top, 'meta') ? c.mapping(top.meta, 'meta', META_KEYS) : undefined;
  if (meta) {
    c.re(meta.checkpoint_id, 'meta.checkpoint_id', CHECKPOINT_ID_RE, 'an id like "cp_003"');
    c.str(meta.session_key, 'meta.session_key');
    c.strOrNull(meta.session_file, 'meta.session_file');
    c.iso(meta.created_at, 'meta.created_at');
    c.oneOf(meta.trigger, 'meta.trigger', TRIGGERS);
    c.int(meta.compaction_count, 'meta.compaction_count');
    const u = has(meta, 'token_usage') ? c.mapping(meta.token_usage, 'meta.token_usage', USAGE_KEYS) : undefined;
    if (u) {
      c.int(u.input_tokens, 'meta.token_usage.input_tokens');
      c.int(u.context_window, 'meta.token_usage.context_window');
      c.num(u.utilization, 'meta.token_usage.utilization');
    }
    if (meta.previous_checkpoint !== null) c.re(meta.previous_checkpoint, 'meta.previous_checkpoint', CHECKPOINT_ID_RE, 'null or an id like "cp_002"');
    c.strOrNull(meta.channel, 'meta.channel');
    c.str(meta.agent_id, 'meta.agent_id');
  }
  const w = has(top, 'working') ? c.mapping(top.working, 'working', WORKING_KEYS) : undefined;
  if (w) {
    c.str(w.topic, 'working.topic');
    c.oneOf(w.status, 'working.status', WORKING_STATUSES);
    c.bool(w.interrupted, 'working.interrupted');
    if (w.last_tool_call !== null && has(w, 'last_tool_call')) {
      const t = c.mapping(w.last_tool_call, 'working.last_tool_call', TOOL_CALL_KEYS);
      if (t) {
        c.str(t.name, 'working.last_tool_call.name');
        c.str(t.params_summary, 'working.last_tool_call.params_summary');
      }
    }
    c.str(w.next_action, 'working.next_action');
  }
  if (has(top, 'decisions')) {
    const ds = c.list(top.decisions, 'decisions', CAPS.decisions);
    ds?.forEach((d, i) => {
      const o = c.mapping(d, `decisions[${i}]`, DECISION_KEYS);
      if (!o) return;
      c.re(o.id, `decisions[${i}].id`, DECISION_ID_RE, 'an id like "d1"');
      c.str(o.what, `decisions[${i}].what`);
      c.iso(o.when, `decisions[${i}].when`);
    });
  }
  const r = has(top, 'resources') ? c.mapping(top.resources, 'resources', RESOURCE_KEYS) : undefined;
  if (r) {
    c.strList(r.files_read, 'resources.files_read', CAPS.files);
    c.strList(r.files_modified, 'resources.files_modified', CAPS.files);
    c.strList(r.tools_used, 'resources.tools_used', CAPS.toolsUsed);
  }
  const t = has(top, 'thread') ? c.mapping(top.thread, 'thread', THREAD_KEYS) : undefined;
  if (t) {
    c.str(t.summary, 'thread.summary');
    const xs = c.list(t.key_exchanges, 'thread.key_exchanges', CAPS.keyExchanges);
    xs?.forEach((x, i) => {
      const o = c.mapping(x, `thread.key_exchanges[${i}]`, EXCHANGE_KEYS);
      if (!o) return;
      c.oneOf(o.role, `thread.key_exchanges[${i}].role`, ['user', 'agent']);
      c.str(o.gist, `thread.key_exchanges[${i}].gist`);
    });
  }
  if (has(top, 'open_items')) c.strList(top.open_items, 'open_items', CAPS.openItems);
  if (has(top, 'learnings')) c.strList(top.learnings, 'learnings', CAPS.learnings);
  return c.issues;
}

/** `v` as a v1 checkpoint, or a CheckpointValidationError naming `file` and the first bad field. */
export function validateCheckpoint(v: unknown, file: string): Checkpoint {
  const issues = checkpointIssues(v);
  if (issues.length) throw new CheckpointValidationError(file, issues);
  return v as Checkpoint;
}

/**
 * A copy with every mapping's keys in schema order (what the YAML writer emits, so files diff well)
 * and nothing else: unknown keys of a hand-built object are dropped.
 */
export function canonicalCheckpoint(cp: Checkpoint): Checkpoint {
  const m = cp.meta;
  const w = cp.working;
  return {
    schema: CHECKPOINT_SCHEMA,
    schema_version: CHECKPOINT_SCHEMA_VERSION,
    meta: {
      checkpoint_id: m.checkpoint_id,
      session_key: m.session_key,
      session_file: m.session_file,
      created_at: m.created_at,
      trigger: m.trigger,
      compaction_count: m.compaction_count,
      token_usage: { input_tokens: m.token_usage.input_tokens, context_window: m.token_usage.context_window, utilization: m.token_usage.utilization },
      previous_checkpoint: m.previous_checkpoint,
      channel: m.channel,
      agent_id: m.agent_id,
    },
    working: {
      topic: w.topic,
      status: w.status,
      interrupted: w.interrupted,
      last_tool_call: w.last_tool_call ? { name: w.last_tool_call.name, params_summary: w.last_tool_call.params_summary } : null,
      next_action: w.next_action,
    },
    decisions: cp.decisions.map((d) => ({ id: d.id, what: d.what, when: d.when })),
    resources: { files_read: [...cp.resources.files_read], files_modified: [...cp.resources.files_modified], tools_used: [...cp.resources.tools_used] },
    thread: { summary: cp.thread.summary, key_exchanges: cp.thread.key_exchanges.map((x) => ({ role: x.role, gist: x.gist })) },
    open_items: [...cp.open_items],
    learnings: [...cp.learnings],
  };
}
