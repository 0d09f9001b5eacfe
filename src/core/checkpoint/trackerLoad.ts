/**
 * Reading the tracker's state files back, defensively: a state dir is untrusted input, so every field is
 * checked, capped and defaulted before it becomes part of the running state.
 */
import { CAPS } from './schema';
import { type Activity, type Cursor, type Json, MAX_ERRORS, MAX_PAIRS, MAX_PENDING_TOOLS, MAX_PIVOTS, type Msg, type OpenItemKind, RECENT_IDS, STATE_LEARNINGS, STATE_OPEN_ITEMS, type StateFile, type TrackerData } from './trackerState';

const num = (v: unknown, d = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);
const str = (v: unknown, max = 4096): string => (typeof v === 'string' ? v.slice(0, max) : '');
const strList = (v: unknown, cap: number): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(-cap) : []);
function msg(v: unknown): Msg | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const o = v as Json;
  return { id: str(o.id, 200), when: num(o.when), gist: str(o.gist, 400) };
}
const list = <T>(v: unknown, cap: number, f: (o: Json) => T | undefined): T[] => (Array.isArray(v) ? v.slice(-cap).flatMap((o) => (o && typeof o === 'object' ? [f(o as Json)].filter((x): x is T => x !== undefined) : [])) : []);

export function sanitizeCursor(v: unknown): Cursor {
  const o = (v && typeof v === 'object' ? v : {}) as Json;
  const c: Cursor = { last_ts: num(o.last_ts), recent: list(o.recent, RECENT_IDS, (r) => (typeof r.id === 'string' ? { id: r.id.slice(0, 200), when: num(r.when) } : undefined)) };
  if (typeof o.session_id === 'string') c.session_id = o.session_id;
  return c;
}

const ACTIVITIES: Activity[] = ['none', 'user', 'tool', 'agent_text', 'agent_question', 'error'];
const KINDS: OpenItemKind[] = ['todo', 'checkbox', 'unanswered', 'tool_error'];

export function mergeFile(d: TrackerData, f: StateFile, b: Json): void {
  switch (f) {
    case 'resources.json':
      d.resources = { files_read: strList(b.files_read, CAPS.files), files_modified: strList(b.files_modified, CAPS.files), tools_used: strList(b.tools_used, CAPS.toolsUsed) };
      return;
    case 'decisions.json':
      d.decisions = list(b.decisions, CAPS.decisions, (o) => ({ what: str(o.what), when: num(o.when), id: str(o.id, 200) }));
      d.learnings = list(b.learnings, STATE_LEARNINGS, (o) => ({ text: str(o.text), when: num(o.when) }));
      return;
    case 'open_items.json':
      d.open_items = list(b.open_items, STATE_OPEN_ITEMS, (o) => (KINDS.includes(o.kind as OpenItemKind) ? { text: str(o.text), kind: o.kind as OpenItemKind, when: num(o.when), id: str(o.id, 200) } : undefined));
      return;
    case 'thread.json': {
      d.cursor = sanitizeCursor(b.cursor);
      const t = (b.thread && typeof b.thread === 'object' ? b.thread : {}) as Json;
      const pa = msg(t.pending_ask);
      d.thread = {
        first_user: msg(t.first_user),
        last_user: msg(t.last_user),
        pivots: list(t.pivots, MAX_PIVOTS, msg),
        pairs: list(t.pairs, MAX_PAIRS, (o) => {
          const user = msg(o.user);
          if (!user) return undefined;
          const agent = msg(o.agent);
          return agent ? { user, agent } : { user };
        }),
        response_chars: num(t.response_chars),
        response_tail: str(t.response_tail, 400),
        pending_ask: pa ? { ...pa, failed: (t.pending_ask as Json).failed === true } : undefined,
        pending_tools: list(t.pending_tools, MAX_PENDING_TOOLS, (o) => ({
          id: str(o.id, 200),
          name: str(o.name, 200),
          params: str(o.params, 400),
          access: o.access === 'read' || o.access === 'modified' ? o.access : 'none',
          paths: strList(o.paths, 100),
          when: num(o.when),
        })),
        errors: list(t.errors, MAX_ERRORS, (o) => ({ tool: str(o.tool, 200), gist: str(o.gist, 400), when: num(o.when), id: str(o.id, 200) })),
        last_activity: ACTIVITIES.includes(t.last_activity as Activity) ? (t.last_activity as Activity) : 'none',
        last_entry_at: num(t.last_entry_at),
        user_messages: num(t.user_messages),
        compactions: num(t.compactions),
      };
      if (!d.thread.first_user) delete d.thread.first_user;
      if (!d.thread.last_user) delete d.thread.last_user;
      if (!d.thread.pending_ask) delete d.thread.pending_ask;
      return;
    }
  }
}
