/**
 * The scorer of the planted-facts compaction benchmark (issue 18; bench/quality.mjs, fixtures made by
 * scripts/make-quality-sessions.mjs). A fact is kept only when ALL its exact strings appear in the text that
 * replaces the dropped part (a summary, a checkpoint note, a flush section) or in the kept tail: case-sensitive,
 * whitespace-normalised. A decision's reasons are scored apart (reason recall). An artifact (a file read, created
 * or modified) is kept when its path is there; `withTool` also counts whether the tool or the action is named on
 * the path's line or on the heading / tag line above it.
 */

export const FACT_CATEGORIES = ['decision', 'todo', 'rule', 'identifier', 'tool-finding', 'artifact'] as const;
export type FactCategory = (typeof FACT_CATEGORIES)[number];

export interface ExpectedFact {
  /** f01, f02… in the order planted */
  id: string;
  category: FactCategory;
  /** identifiers: route | env | host:port | url | hash | uuid | ticket | version | path; artifacts: read | created | modified */
  kind?: string;
  lang: 'en' | 'zh' | 'ja';
  /** said by the user, or found in a tool result (a file the model read) */
  source: 'user' | 'tool';
  /** before the first run of unrelated turns, or after it */
  position: 'early' | 'mid';
  /** every one must survive */
  strings: string[];
  /** decisions: the reason strings, scored apart */
  reasons?: string[];
  /** artifacts: the tool that touched the file */
  tool?: string;
  /** the 0-based index of the turn it was planted in, and what that turn said (cut) */
  turn: number;
  said: string;
}

/** Case-sensitive match text: NFC, every run of whitespace one space, trimmed. */
export function normalizeText(s: string): string {
  return s.normalize('NFC').replace(/\s+/g, ' ').trim();
}

interface SpecFact {
  category: FactCategory;
  kind?: string;
  lang?: 'en' | 'zh' | 'ja';
  source?: 'user' | 'tool';
  strings: string[];
  reasons?: string[];
}
interface PlannedTurn {
  text: string;
  filler?: boolean;
  position?: 'early' | 'mid';
  facts?: SpecFact[];
}

const DIRECTIVE = /#(read|write)\s+(\S+)/;

/**
 * The expected facts of one session: the planted ones of each turn, and an artifact for each file the scripted
 * model reads (`#read`) or writes (`#write`: created, or modified when it existed before, `preexisting`).
 */
export function expectedFacts(spec: { id: string }, turns: readonly PlannedTurn[], preexisting: ReadonlySet<string>): ExpectedFact[] {
  const out: ExpectedFact[] = [];
  const touched = new Set(preexisting);
  turns.forEach((t, i) => {
    if (t.filler) return;
    const said = t.text.replace(/#(reply|read|write|exec|pad)\b[\s\S]*$/, '').trim().slice(0, 200);
    const position = t.position ?? 'early';
    const add = (f: Omit<ExpectedFact, 'id' | 'turn' | 'said' | 'position'>) => out.push({ id: `f${String(out.length + 1).padStart(2, '0')}`, ...f, position, turn: i, said });
    for (const f of t.facts ?? []) {
      if (!f.strings.length) throw new Error(`${spec.id}: a fact without strings in turn ${i}`);
      add({ category: f.category, ...(f.kind ? { kind: f.kind } : {}), lang: f.lang ?? 'en', source: f.source ?? 'user', strings: [...f.strings], ...(f.reasons ? { reasons: [...f.reasons] } : {}) });
    }
    const m = DIRECTIVE.exec(t.text);
    if (m) {
      const [, tool, file] = m as unknown as [string, string, string];
      const kind = tool === 'read' ? 'read' : touched.has(file) ? 'modified' : 'created';
      touched.add(file);
      add({ category: 'artifact', kind, lang: 'en', source: 'tool', strings: [file], tool });
    }
  });
  return out;
}

export interface FactResult {
  id: string;
  category: FactCategory;
  kept: boolean;
  /** the strings not found */
  missing: string[];
  /** decisions with reasons */
  reasonsKept?: boolean;
  missingReasons?: string[];
  /** artifacts: the tool or action named with the path */
  withTool?: boolean;
}

export interface Recall {
  kept: number;
  total: number;
}

export interface FactScore {
  facts: FactResult[];
  all: Recall;
  byCategory: Record<FactCategory, Recall>;
  reasons: Recall;
  artifactsWithTool: Recall;
  /** the facts lost, named: `f03 decision "…"` */
  lost: string[];
}

const ratioOf = (r: Recall): number => (r.total ? r.kept / r.total : 1);
export { ratioOf as recallRatio };

/** Words that name what happened to a file, by the tool of the artifact. */
const TOOL_WORDS: Record<string, RegExp> = {
  read: /\bread\b|\bopened\b/i,
  write: /\bwrite\b|\bwrote\b|\bcreated?\b|\bmodified\b|\bedit(ed)?\b|\bchanged\b/i,
};

/** Is the tool (or its action) named on a line holding `file`, or on the nearest heading / tag / label line above it? */
function namesTool(lines: readonly string[], file: string, tool: string): boolean {
  const words = TOOL_WORDS[tool] ?? new RegExp(`\\b${tool}\\b`, 'i');
  // `<read-files>`, `files_read:`, `modified-files` name the action too
  const re = { test: (s: string) => words.test(s.replace(/[_-]/g, ' ')) };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.includes(file)) continue;
    if (re.test(line.split(file).join(' '))) return true;
    for (let j = i - 1; j >= 0; j--) {
      const h = lines[j]!.trim();
      if (/^(#|<|\*\*)|:$/.test(h)) {
        if (re.test(h)) return true;
        break;
      }
    }
  }
  return false;
}

/** Score `facts` against the text that replaces the dropped part and the kept tail (rendered as text). */
export function scoreFacts(facts: readonly ExpectedFact[], text: { summary: string; keptTail?: string }): FactScore {
  const raw = `${text.summary}\n${text.keptTail ?? ''}`;
  const hay = normalizeText(raw);
  const lines = raw.split('\n');
  const has = (s: string) => hay.includes(normalizeText(s));
  const byCategory = Object.fromEntries(FACT_CATEGORIES.map((c) => [c, { kept: 0, total: 0 }])) as Record<FactCategory, Recall>;
  const all: Recall = { kept: 0, total: 0 };
  const reasons: Recall = { kept: 0, total: 0 };
  const artifactsWithTool: Recall = { kept: 0, total: 0 };
  const results: FactResult[] = [];
  const lost: string[] = [];
  for (const f of facts) {
    const missing = f.strings.filter((s) => !has(s));
    const r: FactResult = { id: f.id, category: f.category, kept: missing.length === 0, missing };
    all.total++;
    byCategory[f.category].total++;
    if (r.kept) all.kept++, byCategory[f.category].kept++;
    else lost.push(`${f.id} ${f.category}${f.kind ? `/${f.kind}` : ''}: ${missing.map((m) => JSON.stringify(m)).join(', ')}`);
    if (f.reasons?.length) {
      r.missingReasons = f.reasons.filter((s) => !has(s));
      r.reasonsKept = r.missingReasons.length === 0;
      reasons.total++;
      if (r.reasonsKept) reasons.kept++;
      else lost.push(`${f.id} reason: ${r.missingReasons.map((m) => JSON.stringify(m)).join(', ')}`);
    }
    if (f.category === 'artifact' && f.tool) {
      r.withTool = r.kept && namesTool(lines, f.strings[0]!, f.tool);
      artifactsWithTool.total++;
      if (r.withTool) artifactsWithTool.kept++;
    }
    results.push(r);
  }
  return { facts: results, all, byCategory, reasons, artifactsWithTool, lost };
}

/** Sum several scores (a set of sessions). */
export function sumScores(scores: readonly FactScore[]): Omit<FactScore, 'facts'> {
  const add = (a: Recall, b: Recall): Recall => ({ kept: a.kept + b.kept, total: a.total + b.total });
  const zero = (): Recall => ({ kept: 0, total: 0 });
  const byCategory = Object.fromEntries(FACT_CATEGORIES.map((c) => [c, scores.reduce((s, x) => add(s, x.byCategory[c]), zero())])) as Record<FactCategory, Recall>;
  return {
    all: scores.reduce((s, x) => add(s, x.all), zero()),
    byCategory,
    reasons: scores.reduce((s, x) => add(s, x.reasons), zero()),
    artifactsWithTool: scores.reduce((s, x) => add(s, x.artifactsWithTool), zero()),
    lost: scores.flatMap((x) => x.lost),
  };
}
