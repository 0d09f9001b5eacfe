/**
 * The facts of a range of messages (see types.ts): user, note and summary text is read with every marker,
 * assistant text with explicit labels only (`Decision:`, `TODO:`, `- [ ]`), tool results for tool facts,
 * tool calls for the artifact trail.
 */
import { extractMessageText, projectEntryMessage } from '../transcript/agentMessage';
import { isObj } from '../tokens/openclaw';
import { extractToolResultId } from '../transcript/toolCalls';
import { isRuntimeContextMessage } from '../tokens/openclaw';
import { truncateUtf16Safe } from '../tokens/utf16';
import { flatten, isSlashCommand, todoLines } from '../transcript/text';
import { ArtifactTrail, callArtifacts } from './artifacts';
import { classify, endsAsReason, isQuestion, isReasonSentence, reasonOf, type Speaker } from './classify';
import { extractRichIdentifiers } from './identifiers';
import { identifierSourceText, scanWindow } from './messages';
import { plain, sentences } from './sentences';
import { rankedToolResultFacts, type ToolCallContext } from './toolFacts';
import { type ArtifactAction, type ExtractedFacts, type ExtractFactsOptions, type FactMessage, type FactSource } from './types';

/** Tool results are read this far for findings (a log or a source file of about 12k tokens, whole). */
export const DEFAULT_TOOL_RESULT_FACT_CHARS = 50_000;
/** …and this far for decisions stated in a document. */
export const DOCUMENT_SCAN_CHARS = 20_000;

/** What a call looks for — its search pattern, query or command — read with the ask when ranking its result's lines. */
function callIntent(args: unknown): string {
  if (!isObj(args)) return '';
  return ['pattern', 'query', 'q', 'regex', 'search', 'filter', 'command', 'cmd']
    .map((k) => args[k])
    .filter((v): v is string => typeof v === 'string')
    .join('\n')
    .slice(0, 500);
}

/**
 * A document's `## Decision` (`## TODO`, `## Constraints` …) section read as labelled: its first paragraph becomes
 * `Decision: …`, as an ADR states what was decided under that heading.
 */
export function labelledSections(text: string): string {
  return text.replace(/^#{1,6}[ \t]*(decision|decisions|decision outcome|todo|next steps|constraints?|rules?|决定|决策|待办|規約|決定|やること|制約)[ \t]*[:：]?[ \t]*\r?\n(?:[ \t]*\r?\n)*(?=[^\s#])/gim, (_m, label: string) => `${/outcome/i.test(label) ? 'Decision' : label.replace(/s$/i, '')}: `);
}

/**
 * The sentence after a decision that has no reason of its own is its reason when it states something rather than
 * asking or ordering: what a person says right after a decision is why (`… at 04:15 instead of 04:45. The loaders
 * need the stop order half an hour earlier.`).
 */
function explainsBefore(next: string, speaker: Speaker, orDecides = false): boolean {
  // orDecides: after "We decided." the next sentence says what, as a decision or as a plan (a TODO) alike
  const t = plain(next).trim();
  if (t.length < (/[\u3040-\u30ff\u4e00-\u9fff]/.test(t) ? 6 : 12) || isQuestion(t) || /^#/.test(t)) return false;
  const st = classify(t, speaker);
  // "They only carry a rear plate, so …": a sentence about what the decision names states why, whatever else it says
  return st === undefined || (orDecides && st.type !== 'rule') || (st.type === 'rule' && REFERS_BACK.test(t));
}

/** A sentence whose subject is what the sentence before it named. */
const REFERS_BACK = /^(?:they|it|that|this|these|those|he|she)\b(?!\s+(?:must|should|shall|need|needs|have to|has to)\b)/i;

/** A sentence that only says a decision was made, not what: "We decided this morning.", 「話して決めました。」, 商量后定了。 */
const BARE_DECISION = /^[^.。!！?？]{0,40}(?:\bdecided|\bagreed|\bsettled|\btalked it (?:through|over)|決めました|決めた|決定しました|决定了|定了|定下来了)(?:\s+(?:on it|it|this|that|one more thing|one thing|two things|a few things|something|already))?(?:\s+(?:today|this morning|yesterday|(?:in|at|with|during|after) [^.。!！?？]{1,40}))?[.。!！]?$/i;

/** A decision that follows from the sentence before it: "So …", "That's why …", 所以…, だから…. */
const CONSEQUENCE = /^(?:so|therefore|hence|thus|that'?s why|this is why|which is why|for that reason|because of (?:that|this),?|as a result|instead|so instead|what we(?:'ll| will| are going to) do instead)(?=[\s,:]|$)|^(?:所以|因此|因而|于是|だから|そのため|なので|それで)/i;

/** A paragraph labelled as the evidence or the problem a decision answers: `统计：…`, `問題点：…`, `Problem: …`. */
const EVIDENCE_LABEL = /^(?:[一二三四五六七八九十]{1,3}、\s*|\d{1,2}[.)、]\s+)?(?:问题|原因|统计|数据|問題点|問題|課題|データ|統計|(?:the )?(?:problem|issue|findings?|evidence|data|numbers|stats?))\s*[:：]\s*/i;

/** Where the evidence for the decision at `i` starts: one of the two sentences before it, labelled as evidence. */
function evidenceBefore(list: readonly string[], i: number): number | undefined {
  for (let j = i - 1; j >= Math.max(0, i - 2); j--) if (EVIDENCE_LABEL.test(plain(list[j]!).trim())) return j;
  return undefined;
}

/** A change that starts now ("From today …"): it follows from the sentence before it unless the one after it says why. */
const STARTS_NOW = /^(?:from (?:today|tomorrow|now on|this (?:week|month|sprint))|starting (?:today|tomorrow|now))\b/i;

/** A statement after a rule says why when it is a clause of substance ("The auditors want every change …"), not a note ("The ticket is X."). */
const REASON_WORDS = 8;
const wordCount = (s: string) => (/[\u3040-\u30ff\u4e00-\u9fff]/.test(s) ? Math.ceil(plain(s).length / 3) : plain(s).trim().split(/\s+/).length);

/** Decisions, TODOs and rules read from one document a tool returned, at most. */
export const DOCUMENT_STATEMENTS_MAX = 8;

/** This many identifiers of one shape in one tool result are a column of data (`S-0301`, `S-0304` …). */
export const BULK_IDENTIFIERS = 8;
/** An identifier's shape: digits blanked, so the rows of one column share it. */
const idShape = (v: string) => v.replace(/\d/g, '0');

/** A sentence without its closing mark (`.`, `。`, `!`, `?` …). */
const withoutEndMark = (s: string) => s.replace(/[.。!！?？]+$/, '');

const key = (s: string) => plain(s).replace(/[\s:：]+/g, '').toLowerCase();

class Collector {
  readonly facts: ExtractedFacts = { decisions: [], todos: [], rules: [], identifiers: [], toolFacts: [], artifacts: [] };
  private readonly seen = new Set<string>();

  private fresh(kind: string, text: string): boolean {
    const k = `${kind}\u0000${key(text)}`;
    if (this.seen.has(k)) return false;
    this.seen.add(k);
    return true;
  }

  statements(text: string, speaker: Speaker, source: FactSource): void {
    const list = sentences(text);
    let taken = 0;
    for (let i = 0; i < list.length; i++) {
      const s = list[i]!;
      const following = list[i + 1];
      // a statement the next sentence justifies ("…カメラは使いません。…反対したためです。") is a decision
      // …and so is "We settled one more thing in the meeting.", whose next sentence says what
      const bare = speaker !== 'assistant' && BARE_DECISION.test(plain(s).trim());
      const st = classify(s, speaker) ?? ((speaker === 'user' && following && isReasonSentence(following) && !isQuestion(s) && s.length >= 12) || bare ? { type: 'decision' as const, what: withoutEndMark(s) } : undefined);
      if (!st) continue;
      // a document states a few decisions and rules; dozens of "statements" in one are a shape we misread (a table)
      if (speaker === 'document' && ++taken > DOCUMENT_STATEMENTS_MAX) break;
      if (st.type === 'decision') {
        let sentence = s;
        let reason = st.reason;
        // "Talked it over with ops and decided." / 「大阪本部と話して決めました。」: what was decided is the next sentence
        if (!reason && following && BARE_DECISION.test(plain(s).trim()) && speaker !== 'assistant' && explainsBefore(following, speaker, true)) {
          sentence = `${s} ${following}`;
          i++;
        }
        const next = list[i + 1];
        const prev = i > 0 ? list[i - 1] : undefined;
        if (!reason) {
          const plainS = plain(s);
          const evidence = speaker !== 'assistant' ? evidenceBefore(list, i) : undefined;
          const nextIsReason = !!next && isReasonSentence(next);
          let nextStates: boolean | undefined; // whether the next sentence states something (read once, when needed)
          const states = () => (nextStates ??= !!next && speaker !== 'assistant' && explainsBefore(next, speaker));
          if (prev && speaker !== 'assistant' && (CONSEQUENCE.test(plainS) || (STARTS_NOW.test(plainS) && !nextIsReason && !states())) && explainsBefore(prev, speaker)) {
            // "The old box keeps running out of memory. So we'll move to the 8 GB plan." — the reason came first
            sentence = `${prev} ${sentence}`;
            reason = withoutEndMark(prev);
          } else if (next && (nextIsReason || (evidence === undefined && states()))) {
            sentence = `${sentence} ${next}`;
            reason = endsAsReason(next) ? withoutEndMark(next) : reasonOf(next) ?? withoutEndMark(next);
            i++;
          } else if (evidence !== undefined) {
            // "统计：…83% 是车灯…。结论：…" — the paragraph before, labelled as evidence, is why (before a plain statement after it)
            const before = list.slice(evidence, i).join(' ');
            reason = withoutEndMark(before.replace(EVIDENCE_LABEL, ''));
            sentence = `${before} ${sentence}`;
          }
        }
        if (!this.fresh('d', sentence)) continue;
        const d = { text: sentence, what: st.what, strings: [st.what, ...(reason ? [reason] : [])], source, ...(reason ? { reason } : {}) };
        this.facts.decisions.push(d);
      } else if (st.type === 'todo') {
        const same = this.facts.todos.findIndex((x) => key(x.text) === key(s));
        if (!this.fresh('t', s) && same < 0) continue;
        // a checklist line holding this sentence (and more) gives way to the sentence, which has its condition and deadline
        const k = key(s).replace(/[.。!！?？]+$/, '');
        this.facts.todos = this.facts.todos.filter((x) => x.source.index !== source.index || !key(x.text).includes(k) || key(x.text) === key(s));
        const strings = [st.what, st.condition, st.deadline].filter((x): x is string => !!x);
        const todo = { text: s, what: st.what, strings: [...new Set(strings)], source, ...(st.condition ? { condition: st.condition } : {}), ...(st.deadline ? { deadline: st.deadline } : {}) };
        if (same >= 0) this.facts.todos[same] = todo; // the checklist's copy of this sentence, now with its condition and deadline
        else this.facts.todos.push(todo);
      } else {
        // a rule followed by its reason ("方針：… 。…ためです。", "… never updates a row. The auditors want …") is quoted with it
        const next = list[i + 1];
        const why = next && (isReasonSentence(next) || (speaker === 'user' && wordCount(next) >= REASON_WORDS && explainsBefore(next, speaker))) ? next : undefined;
        if (!this.fresh('r', why ? `${s} ${why}` : s)) continue;
        this.facts.rules.push({ text: why ? `${s} ${why}` : s, kind: st.kind, strings: [plain(s).replace(/[\s.。!！?？]+$/, '')], source });
        if (why) i++;
      }
    }
  }

  /** `- [ ]` items and `TODO:` lines (any speaker); `- [x]` closes an open one. */
  checklist(text: string, source: FactSource): void {
    for (const t of todoLines(text, 50)) {
      const k = key(t.text.replace(/^(?:TODO|FIXME):\s*/, ''));
      if (t.kind === 'done') {
        this.facts.todos = this.facts.todos.filter((x) => key(x.what) !== k && key(x.text) !== k);
        continue;
      }
      if (this.facts.todos.some((x) => x.source.index === source.index && (k.includes(key(x.text)) || key(x.text).includes(k)))) continue;
      if (this.fresh('t', t.text)) this.facts.todos.push({ text: t.text, what: t.text, strings: [t.text.replace(/…$/, '')], source });
    }
  }

  identifiers(text: string, source: FactSource): void {
    const found = extractRichIdentifiers(text);
    // a tool's column of like ids (a CSV's keys, a listing's names) is data, not identifiers to keep one by one
    const shapes = new Map<string, number>();
    if (source.role === 'toolResult') for (const f of found) shapes.set(idShape(f.value), (shapes.get(idShape(f.value)) ?? 0) + 1);
    for (const f of found) {
      if ((shapes.get(idShape(f.value)) ?? 0) >= BULK_IDENTIFIERS) continue;
      if (this.fresh('i', f.value)) this.facts.identifiers.push({ value: f.value, kind: f.kind, source });
    }
  }

  toolFacts(text: string, toolName: string, source: FactSource, ask: string, call: ToolCallContext): void {
    for (const { line, rank } of rankedToolResultFacts(text, ask, undefined, call)) if (this.fresh('f', line)) this.facts.toolFacts.push({ text: line, toolName, strings: [line], source, rank });
  }
}

/** The facts of `messages` (oldest first). */
export function extractFacts(messages: readonly FactMessage[], opts: ExtractFactsOptions = {}): ExtractedFacts {
  const c = new Collector();
  const scanChars = opts.toolResultScanChars ?? DEFAULT_TOOL_RESULT_FACT_CHARS;
  if (opts.previousSummary?.trim()) {
    const source: FactSource = { index: -1, role: 'summary' };
    c.statements(scanWindow(opts.previousSummary), 'user', source);
    c.identifiers(scanWindow(opts.previousSummary), source);
  }
  const trail = new ArtifactTrail();
  const pending = new Map<string, { name: string; touches: Array<{ path: string; action: ArtifactAction }>; intent: string }>();
  let lastAsk = '';
  messages.forEach((m, index) => {
    if (!isObj(m) || isRuntimeContextMessage(m)) return;
    switch (m.role) {
      case 'user': {
        const text = extractMessageText(m);
        if (!text || isSlashCommand(text)) return;
        lastAsk = text;
        const source: FactSource = { index, role: 'user' };
        c.checklist(scanWindow(text), source);
        c.statements(scanWindow(text), 'user', source);
        c.identifiers(identifierSourceText(m), source);
        return;
      }
      case 'assistant': {
        if (m.provider === 'openclaw') return;
        const source: FactSource = { index, role: 'assistant' };
        const text = scanWindow(extractMessageText(m));
        c.checklist(text, source);
        c.statements(text, 'assistant', source);
        c.identifiers(identifierSourceText(m), source);
        if (Array.isArray(m.content)) {
          for (const b of m.content) {
            if (!isObj(b) || b.type !== 'toolCall') continue;
            const name = String(b.name ?? 'tool');
            const touches = callArtifacts(name, b.arguments);
            if (typeof b.id === 'string') pending.set(b.id, { name, touches, intent: callIntent(b.arguments) });
            else trail.add(name, touches);
          }
        }
        return;
      }
      case 'toolResult': {
        const id = extractToolResultId(m);
        const call = id ? pending.get(id) : undefined;
        const toolName = typeof m.toolName === 'string' && m.toolName ? m.toolName : call?.name ?? 'tool';
        if (call) {
          pending.delete(id!);
          if (m.isError !== true) trail.add(call.name, call.touches);
        }
        const source: FactSource = { index, role: 'toolResult', toolName };
        const text = truncateUtf16Safe(extractMessageText(m), scanChars);
        // a write's or an edit's result acknowledges it ("Successfully wrote …"): the trail has it, it finds nothing
        const acknowledges = m.isError !== true && !!call && call.touches.length > 0 && call.touches.every((t) => t.action !== 'read');
        if (!acknowledges) c.toolFacts(text, toolName, source, call?.intent ? `${lastAsk}\n${call.intent}` : lastAsk, { about: call?.touches.map((t) => t.path).join(' ') ?? '', search: !!call?.intent });
        if (m.isError !== true) c.statements(labelledSections(truncateUtf16Safe(text, DOCUMENT_SCAN_CHARS)), 'document', source);
        c.identifiers(identifierSourceText(m, scanChars), source);
        return;
      }
      case 'custom':
      case 'branchSummary':
      case 'compactionSummary': {
        if (m.role === 'custom' && isObj(m.details) && m.details.runtimeContextCarrier === true) return;
        const text = scanWindow(m.role === 'custom' ? extractMessageText(m) : typeof m.summary === 'string' ? m.summary : '');
        if (!text) return;
        const source: FactSource = { index, role: m.role === 'custom' ? 'custom' : 'summary' };
        c.checklist(text, source);
        c.statements(text, 'user', source);
        c.identifiers(text, source);
        return;
      }
      default:
        return;
    }
  });
  // Calls whose result is not in the range (still running, or the result was cut): their intent is the trail.
  for (const p of pending.values()) trail.add(p.name, p.touches);
  c.facts.artifacts = trail.list();
  // a budget that cannot hold every finding keeps each result's best one first (the sort is stable)
  c.facts.toolFacts.sort((a, b) => a.rank - b.rank);
  return c.facts;
}

/** The facts of transcript entries (message, custom_message, branch_summary …), oldest first. */
export function extractFactsFromEntries(entries: readonly unknown[], opts: ExtractFactsOptions = {}): ExtractedFacts {
  const messages: FactMessage[] = [];
  for (const e of entries) {
    const m = projectEntryMessage(e);
    if (m) messages.push(m);
    else if (isObj(e) && e.type === 'compaction' && typeof e.summary === 'string') messages.push({ role: 'compactionSummary', summary: e.summary });
  }
  return extractFacts(messages, opts);
}
