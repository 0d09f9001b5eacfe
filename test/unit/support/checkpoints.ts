/** Shared builders for the checkpoint tests: the seed example checkpoint, session figures, transcript entries. */
import type { Checkpoint } from '../../../src/core/checkpoint/schema';
import type { SessionFigures } from '../../../src/core/checkpoint/build';

type Json = Record<string, unknown>;

/** The seed 001 §5.3 example as a Checkpoint. */
export function seedExample(over: Partial<Checkpoint['meta']> = {}): Checkpoint {
  return {
    schema: 'openclaw/checkpoint',
    schema_version: 1,
    meta: {
      checkpoint_id: 'cp_003',
      session_key: 'telegram:user123',
      session_file: 'sessions/telegram-user123.jsonl',
      created_at: '2026-02-24T15:30:00Z',
      trigger: 'auto-80pct',
      compaction_count: 2,
      token_usage: { input_tokens: 162431, context_window: 200000, utilization: 0.81 },
      previous_checkpoint: 'cp_002',
      channel: 'telegram',
      agent_id: 'default',
      ...over,
    },
    working: {
      topic: 'Helping user plan a trip to Japan\n',
      status: 'in_progress',
      interrupted: false,
      last_tool_call: null,
      next_action: 'User asked about visa requirements -- need to answer\n',
    },
    decisions: [
      { id: 'd1', what: 'User prefers budget options over luxury\n', when: '2026-02-24T14:15:00Z' },
      { id: 'd2', what: 'Flights from Belgrade, March 15-29 window\n', when: '2026-02-24T14:22:00Z' },
    ],
    resources: { files_read: [], files_modified: [], tools_used: ['web_search', 'memory_search'] },
    thread: {
      summary: 'Planning Japan trip. Settled on March dates, budget focus.\n',
      key_exchanges: [
        { role: 'user', gist: 'I want to go to Japan in March, budget-friendly\n' },
        { role: 'agent', gist: 'Proposed 2-week itinerary Tokyo-Kyoto-Osaka, ~$2k budget\n' },
        { role: 'user', gist: 'Looks good, what about visa?\n' },
      ],
    },
    open_items: ['Visa requirements for Serbian passport', "User hasn't decided on accommodation style"],
    learnings: ['User is price-sensitive, always ask about budget first'],
  };
}

/** A checkpoint whose every free-text field (and list item) is `text`. */
export function filledWith(text: string, base = seedExample()): Checkpoint {
  return {
    ...base,
    meta: { ...base.meta, session_key: text, session_file: text, channel: text, agent_id: text },
    working: { ...base.working, topic: text, next_action: text, interrupted: true, last_tool_call: { name: text, params_summary: text } },
    decisions: [{ id: 'd1', what: text, when: '2026-02-24T14:15:00.123Z' }],
    resources: { files_read: [text], files_modified: [text, 'b'], tools_used: [text] },
    thread: { summary: text, key_exchanges: [{ role: 'user', gist: text }, { role: 'agent', gist: text }] },
    open_items: [text, text],
    learnings: [text],
  };
}

export function figures(over: Partial<SessionFigures> = {}): SessionFigures {
  return { sessionKey: 'agent:main:main', agentId: 'main', sessionFile: null, channel: null, inputTokens: 160_000, contextWindow: 200_000, compactionCount: 0, ...over };
}

let seq = 0;
const T0 = Date.parse('2026-03-01T10:00:00.000Z');

/** Synthetic transcript entries in OpenClaw's shapes (openclaw-2026.9.6.md §4.1). */
export const E = {
  reset(): void {
    seq = 0;
  },
  at(i: number): string {
    return new Date(T0 + i * 1000).toISOString();
  },
  header(id = 'sess-1'): Json {
    return { type: 'session', version: 4, id, timestamp: E.at(seq++), cwd: '/w' };
  },
  user(text: string, id = `u${seq}`): Json {
    return { type: 'message', id, parentId: null, timestamp: E.at(seq++), message: { role: 'user', content: text, timestamp: T0 } };
  },
  agent(text: string, id = `a${seq}`, extra: Json = {}): Json {
    return { type: 'message', id, parentId: null, timestamp: E.at(seq++), message: { role: 'assistant', content: [{ type: 'text', text }], provider: 'fake', model: 'm', stopReason: 'stop', ...extra } };
  },
  toolCall(name: string, args: Json, callId = `call_${seq}`, id = `tc${seq}`): Json {
    return { type: 'message', id, parentId: null, timestamp: E.at(seq++), message: { role: 'assistant', content: [{ type: 'toolCall', id: callId, name, arguments: args }], provider: 'fake', stopReason: 'toolUse' } };
  },
  toolResult(name: string, callId: string, text: string, isError = false, id = `tr${seq}`): Json {
    return { type: 'message', id, parentId: null, timestamp: E.at(seq++), message: { role: 'toolResult', toolCallId: callId, toolName: name, content: [{ type: 'text', text }], isError } };
  },
  error(id = `err${seq}`): Json {
    return { type: 'message', id, parentId: null, timestamp: E.at(seq++), message: { role: 'assistant', content: [], provider: 'fake', stopReason: 'error', errorMessage: '400 context_length_exceeded' } };
  },
  runFailed(id = `rf${seq}`): Json {
    return { type: 'custom_message', customType: 'run-failed-before-reply', content: 'This turn ended before a reply: x', display: true, id, parentId: null, timestamp: E.at(seq++) };
  },
  note(text: string, id = `n${seq}`): Json {
    return { type: 'custom_message', customType: 'vscode-ext', content: text, display: true, id, parentId: null, timestamp: E.at(seq++) };
  },
  leaf(targetId: string, id = `lf${seq}`): Json {
    return { type: 'leaf', id, parentId: null, targetId, timestamp: E.at(seq++) };
  },
  resetEntry(id = `rs${seq}`): Json {
    return { type: 'reset', id, parentId: null, reason: 'reset', timestamp: E.at(seq++) };
  },
  compaction(tokensBefore: number, details: Json = { readFiles: [], modifiedFiles: [] }, id = `cmp${seq}`, firstKeptEntryId?: string): Json {
    return { type: 'compaction', id, parentId: null, timestamp: E.at(seq++), summary: '## Summary', firstKeptEntryId, tokensBefore, tokensAfter: 1000, details };
  },
};
