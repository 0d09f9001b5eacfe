/**
 * Facts found by tools: the lines of a tool result that state something checkable, ranked. A line (or, in a long
 * prose paragraph, a sentence) scores for what makes it a finding — errors and failures (`KeyError:`, `FAIL`, a
 * process killed, out of memory, crashed, a pod in CrashLoopBackOff), warnings, TODO/FIXME notes, named constants and `key = literal`
 * settings, schema changes (`ALTER TABLE …`), quantities with units (in the value or in the setting's name:
 * `p99_slo_ms: 800`) and counts of things (`flagged 18 scripts`), a number set among words, limits and
 * thresholds stated with a number, owners, causes ("because", "due to", "因为", "ため"), wrong states ("stuck",
 * "stale", "missing"), rules ("must", "never"),
 * identifiers (tickets, hosts, versions …) — and for the ask's (and the call's grep / query) words. A signal that
 * most lines of the result share (every log line's `in 12ms`, a word every line of a file repeats) tells nothing
 * about any one line and counts less or not at all; routine log lines (INFO, DEBUG) and short headings rank lower;
 * a line repeated with other numbers (the same error retried) counts once. A line holding two of the ask's words,
 * one of them rare in the result, answers it and counts more. A few per result, whole lines; a line of an indented
 * JSON / YAML block carries its parent key (`refunds.partialCapture › "reason": "…"`), and in a list of records the
 * record's naming member as written (`clients › "name": "mobile-ios" › "redirect_uri": "…"`).
 */
import { flatten } from '../transcript/text';
import { extractRichIdentifiers } from './identifiers';
import { recordFindings } from './records';
import { sentences } from './sentences';

/** Lines taken per tool result. */
export const TOOL_FACTS_PER_RESULT = 4;
/** A line must score at least this. */
const MIN_SCORE = 3.5;
/** A line holding two of the ask's words, one of them rare in the result, answers the ask: this much more. */
const ANSWER_BONUS = 1;
/** A line of the record (or under the key) the ask names with a word rare in the result is part of the answer: this much more. */
const NAMED_BONUS = 2;
/** A setting (`compress_lossless_only: true`) named by a word of the ask that few lines have is what the ask asks for: this much more. */
const ASKED_SETTING_BONUS = 2;
/** A record that stands out of its list (records.ts): this much, and ANSWER_BONUS + 1 more when the ask names one of its standing-out keys. */
const OUTLIER_SCORE = 5;
/** An ask for the one that stands out: "which is the worst / biggest / most …". */
const SUPERLATIVE = /\b(?:most|least|worst|best|max(?:imum)?|min(?:imum)?|peak|(?:bigg|larg|high|low|small|slow|fast|long|short|strict|heavi|busi|old|new|great|hott|cold|wid|narrow|deep|cheap|dear|loud|hard|easi)est)\b|最|最も|一番/i;
/** Lines up to this long are read whole; longer ones (a long log line, one-line JSON) up to MAX_LONG_LINE, counting less. */
const MAX_LINE = 300;
const MAX_LONG_LINE = 500;
/** A longer line of prose is read sentence by sentence. */
const PROSE_LINE = 160;
/** Below this many candidate lines every signal counts in full (too few lines to tell common from rare). */
const RARITY_MIN_LINES = 8;

const ERROR = /\b(?:error|fatal|failed|failure|exception|panic|refused|denied|does not exist|not found|cannot|can't|unable to)\b|\b[A-Z]\w*(?:Error|Exception)\b|错误|失败|異常|エラー|失敗/i;
/** A process that died or was stopped by the system: out of memory, killed, crashed, a non-zero exit. */
const DIED = /\b(?:out of memory|oom(?:[ -]?kill(?:ed|ing|er)?)?|killed|crash(?:ed|es|ing)?|crashloop\w*|imagepullbackoff|errimagepull|segfault|segmentation fault|core dumped|evicted|exited with (?:code|status) [1-9]\d*|exit (?:code|status) [1-9]\d*|non-zero exit)\b|内存不足|崩溃|被杀|被终止|メモリ不足|クラッシュ|強制終了/i;
const FAIL = /\bFAIL(?:ED|S|URE)?\b|✗|✘/;
const WARN = /\bwarn(?:ing)?\b|警告/i;
const ROUTINE = /\b(?:INFO|DEBUG|TRACE)\b/;
const NOTE = /\b(?:TODO|FIXME|HACK|XXX|NOTE)\b/;
const CONSTANT = /(?:^|\s)[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\s*[:=]\s*\S|^#\s*define\s+[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\s+\S/;
/** `name = 42`, `name: "x"`, `"key": true`, `const name = 8` — a named setting with a literal value. */
const SETTING = /^(?:(?:export|const|let|var|val|final|static|readonly|public|private)\s+)*["']?[\w.$-]+["']?\s*(?::=|=|:)\s*(?:"[^"]*"|'[^']*'|-?\d|true\b|false\b)/i;
/** A setting whose value is a number (`max_drive_minutes: 270`, `"retries": 3`). */
const NUMERIC_SETTING = /^(?:(?:export|const|let|var|val|final|static|readonly|public|private)\s+)*["']?[\w.$-]+["']?\s*(?::=|=|:)\s*-?\d[\d.,_]*\s*(?:[,;]|\/\/.*|#.*)?$|^#\s*define\s+\w+\s+-?\d[\d.]*\s*(?:\/\/.*|\/\*.*)?$/i;
const COMMENT = /\s(?:\/\/|#)\s*\S/;
const QUANTITY = /\d(?:[\d.,]*\d)?\s?(?:%|(?:ms|µs|us|ns|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|weeks?|months?|years?|[KMGTP]i?B|[KMGT]i|bytes?|rows?|records?|items?|requests?|req\/s|rps|qps|[MG]Hz|UTC|x|mm|cm|m|km|kg|mg|tonnes?|kn|knots?|mph|kph|km\/h)\b|°[CF])|\d\s?(?:秒|分|時間|小时|天|日|件|个|行|条|份|张|次|人|台|辆|名|例|起|笔|単|枚|回|か所|箇所|ヶ所|处)|(?<![\w.,-])\d[\d,]*\s+(?:[a-z]+-)?[a-z]{3,}s\b|(?<![\w.,-])\d[\d,]*\s+of (?:them|these|those)\b/i;
/** Limit words, matched on the line with camelCase / snake_case split (`maxUploadMb` → `max upload mb`). */
const LIMIT = /\b(?:max(?:imum)?|min(?:imum)?|limits?|threshold|cap(?:ped)?|quota|ceiling|at most|at least|up to|more than|fewer than|less than|exceed(?:s|ed|ing)?|timeout|ttl|retries|rate|budget|deadline|target|setpoint|expires?|percent|rollout|size|until|before|after|trigger)\b|上限|下限|阈值|限制|超过|まで/i;
const OWNER = /\b(?:owners?|owned by|maintainers?|maintained by|assignee|on-?call|contact)\b|负责人|担当/i;
const CAUSE = /\b(?:because|due to|caused by|root cause|so that|which is why|as a result|therefore|since)\b|因为|由于|导致|原因|ため|ので/i;
/** A state that is wrong without being an error: `stuck`, `stale`, `missing`, `degraded` … */
const PROBLEM = /\b(?:stuck|stale|missing|mismatch(?:ed)?|invalid|rejected|dropped|blocked|degraded|expired|overdue|leak(?:s|ing)?|deadlock(?:ed)?|corrupt(?:ed)?|unhealthy|broken|regress(?:ion|ed)?|timed out|wrong|incorrect(?:ly)?|misrouted|duplicated?)\b|卡住|丢失|过期|不一致|欠落/i;
/** A labelled finding of a report or review: `Finding 3: …`, `Issue: …`, `Observation 2 — …`. */
const FINDING = /^(?:(?:key |audit )?findings?|issues?|observations?|defects?|discrepanc(?:y|ies)|stat(?:s|istics)|问题|发现|统计|統計|数据|データ|指摘|所見)\s*#?\d*\s*(?:[:：]|[—–-]\s)/i;
/** A line that reports what someone measured or saw: `The harbour master measured a 0.6 m shoaling …`. */
const OBSERVED = /\b(?:measured|observed|detected|noticed|spotted|surveyed)\b|测得|观测到|検出|観測/i;
const NORMATIVE = /\b(?:must|must not|never|always|required?|do not|don't|deprecated|decided|should not)\b|必须|不要|禁止|必ず|しないこと/i;

/** The last word of a setting's name that is a unit: `p99_slo_ms`, `TTL_SECONDS`, `maxUploadMb`. */
const UNIT_WORD = /^(?:ms|msec|millis|milliseconds?|us|ns|seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|bytes?|kb|mb|gb|tb|kib|mib|gib|pct|percent(?:age)?|ratio|rps|qps|hz|mhz|ghz|kpa|pa|bar|psi|ppm|rpm|lps|kw|kwh|mbps|gbps|kbps|celsius|degc|volts?|watts?|amps?|mm|cm|m|km|kg|mg|tonnes?|kn|knots?|mph|kph|degrees?|deg)$/;

/** A statement that changes a schema or drops data: `ALTER TABLE …`, `DROP COLUMN …`. */
const SCHEMA_CHANGE = /\b(?:ALTER|DROP|TRUNCATE|RENAME)\s+(?:TABLE|COLUMN|INDEX|DATABASE|SCHEMA|CONSTRAINT)\b/i;
/** `name = 900` where the name ends in a unit: a quantity stated by its key. */
function keyedQuantity(body: string): boolean {
  const m = /^(?:(?:export|const|let|var|val|final|static|readonly|public|private)\s+)*["']?([\w.$-]+)["']?\s*(?::=|=|:)\s*-?\d|^#\s*define\s+(\w+)\s+-?\d/.exec(body);
  if (!m) return false;
  return spaced(m[1] ?? m[2]!).split(/[^a-z0-9]+/).some((p) => UNIT_WORD.test(p)); // `p99_slo_ms`, `max_drive_minutes_before_break`
}

/** Three-letter words that say nothing about a line (the rest of 3 letters — `ios`, `slo`, `p99`, `jvm` — are names). */
const SHORT_STOP = new Set('the and for are was you how why who did can its our has had not but all any use get got set new old one two now per via out off too yes may let see put ask say own him her his she way lot few ago yet try end top etc'.split(' '));

/**
 * Lower-case words: 4+ characters, or 3 that are no stop word; letters and digits (`p99`, `http2`), camelCase /
 * snake_case / dotted names split and also whole (`iOS` → `ios`), a plural `s` dropped.
 */
function words(s: string): Set<string> {
  const out = new Set<string>();
  for (const w of `${spaced(s)} ${s.toLowerCase()} ${initials(s)}`.split(/[^a-z0-9\u3040-\u30ff\u4e00-\u9fff]+/)) {
    if (w.length < 3 || !/^[a-z\u3040-\u30ff\u4e00-\u9fff]/.test(w) || (w.length === 3 && SHORT_STOP.has(w))) continue;
    out.add(w.endsWith('s') && w.length > 4 ? w.slice(0, -1) : w);
  }
  return out;
}

/**
 * The initials of every name of three to five words (`largest-contentful-paint` → `lcp`, `timeToLive` → `ttl`): an ask says "LCP".
 * A name starts at the first letter of its run of letters and digits, a camelCase name where a run of lower case
 * does: the same matches as without the look-behinds, but a long run is not read again from every letter.
 */
function initials(s: string): string {
  const out: string[] = [];
  for (const name of s.match(/(?<![A-Za-z][A-Za-z0-9]*?)[A-Za-z][A-Za-z0-9]*(?:[-_][A-Za-z0-9]+)+|(?<![a-z])[a-z]+(?:[A-Z][a-z0-9]*)+/g) ?? []) {
    const parts = spaced(name).split(/[-_\s]+/).filter(Boolean);
    if (parts.length >= 3 && parts.length <= 5 && parts.every((p) => /^[a-z]/.test(p))) out.push(parts.map((p) => p[0]).join(''));
  }
  return out.join(' ');
}

/** A word without its usual English ending (`driving`, `drive`, `drives` → `driv`); at least four letters stay. */
function root(w: string): string {
  const r = w.replace(/(?:ing|ed|es|er|e|s)$/, '');
  return r.length >= 4 ? r : w;
}

/** camelCase and snake_case split into lower-case words. */
function spaced(s: string): string {
  return s.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ').toLowerCase();
}

/** Signals that count only while they are rare in the result, with their points. */
type Signal = 'setting' | 'number' | 'figures' | 'comment' | 'quantity' | 'limit' | 'owner' | 'cause' | 'problem' | 'observed' | 'normative' | 'ident';

interface Candidate {
  line: string;
  i: number;
  words: Set<string>;
  signals: Map<Signal, number>;
  fixed: number;
}

function candidate(line: string, i: number): Candidate {
  const sp = spaced(line);
  const signals = new Map<Signal, number>();
  const body = line.replace(/^.* › /, '').replace(/^[\w./-]+:\d+:/, ''); // without its parent key, or a grep hit's `file:line:`
  const digit = /(?<![\w-])-?\d/.test(body); // a number, not the digits of a name (`budget-71`, `r2d2`)
  if (SETTING.test(body)) signals.set('setting', 1);
  if (NUMERIC_SETTING.test(body)) signals.set('number', 2); // a number among names and words: a figure the file sets
  // a sentence that states two figures or more ("412 claims …, 61 of them disputed"), dates and times aside
  if (/[a-z]{3,} [a-z]{3,}/i.test(line) && (line.replace(/\d{4}-\d\d-\d\d(?:[T ][\d:.]+Z?)?|\d{1,2}:\d\d/g, '').match(/(?<![\w.-])\d[\d,.]*(?![\w-])/g) ?? []).length >= 2) signals.set('figures', 2);
  if (COMMENT.test(line)) signals.set('comment', 1);
  if (QUANTITY.test(line) || keyedQuantity(body)) signals.set('quantity', 2);
  if (LIMIT.test(sp) && (digit || line.split(/\s+/).length >= 6)) signals.set('limit', digit ? 3 : 1); // a bare `timeout` key or name is no limit
  if (OWNER.test(sp)) signals.set('owner', 2);
  if (CAUSE.test(line)) signals.set('cause', 2);
  if (PROBLEM.test(line)) signals.set('problem', 2);
  if (OBSERVED.test(line) && digit) signals.set('observed', 2); // what was measured, with its figure
  if (NORMATIVE.test(line)) signals.set('normative', 1);
  const ids = extractRichIdentifiers(line).filter((x) => x.kind !== 'path' && x.kind !== 'id');
  if (ids.length > 0) signals.set('ident', Math.min(4, ids.length * 2));
  let fixed = 0;
  if (ERROR.test(line) || FAIL.test(line) || DIED.test(line)) fixed += 4;
  else if (WARN.test(line)) fixed += 2;
  if (NOTE.test(line) || FINDING.test(body)) fixed += 4;
  if (CONSTANT.test(line)) fixed += 3;
  if (SCHEMA_CHANGE.test(line)) fixed += 4; // it changes or drops stored data: as notable as an error
  if (ROUTINE.test(line)) fixed -= 3;
  if (line.length > MAX_LINE) fixed -= 1; // it costs a summary more
  if (/^#{1,6}\s/.test(line) && !NOTE.test(line) && !digit) fixed -= 4; // a heading names, it states nothing
  return { line, i, words: words(line), signals, fixed };
}

/** The name a setting line sets (`parser-36 › compress_lossless_only: true` → `compress_lossless_only`). */
const settingName = (line: string) => /^["']?([\w.$-]+)["']?\s*(?::=|=|:)/.exec(line.replace(/^.* › /, ''))?.[1] ?? '';

/** A scalar member of a JSON / YAML object: `"key": "value"`, `key: 42` (the value, unquoted). */
const MEMBER = /^(?:"[^"]+"|[\w.-]+)\s*:\s*(?:"([^"]{1,60})"|([\w.:/@-]{1,60}))$/;

/**
 * Lines with the parent key of the indented JSON / YAML block they sit in. A line of a record in a list (an
 * anonymous `{ … }`, a YAML `- key: value` item) also carries the record's first scalar member, as written, which
 * names it: `clients › "name": "mobile-ios" › "redirect_uri": "…"`.
 */
function linesWithParents(text: string): string[] {
  const out: string[] = [];
  const stack: Array<{ indent: number; key?: string; label?: string; anonymous: boolean; list: boolean }> = [];
  for (const raw of text.split(/\r?\n/)) {
    const indent = raw.length - raw.trimStart().length;
    while (stack.length > 0 && stack[stack.length - 1]!.indent >= indent) stack.pop();
    const open = /^\s*("[^"]{1,80}"|[^"\s][^"]{0,79}?)\s*:\s*[{[]?\s*$/.exec(raw); // the key as written (`"audits"`, `limits`)
    const body = raw.trim().replace(/,$/, '');
    const parent = [...stack].reverse().find((e) => e.key !== undefined)?.key;
    const record = stack[stack.length - 1]?.anonymous ? stack[stack.length - 1] : undefined;
    const member = MEMBER.exec(body);
    let prefix = parent;
    if (record && record.label === undefined && member) record.label = body; // the record's name as written (`"id": "BK-7284"`): this line states it
    else if (record?.label !== undefined) prefix = parent ? `${parent} › ${record.label}` : record.label;
    out.push(prefix && /^(?:"[^"]+"|[\w.-]+)\s*:\s*\S/.test(body) ? `${prefix} › ${body}` : body);
    if (open) stack.push({ indent, key: open[1]!, anonymous: false, list: body.endsWith('[') });
    else if (body === '{' || body === '[') stack.push({ indent, anonymous: body === '{' && !!stack[stack.length - 1]?.list, list: body === '[' });
    else {
      const item = /^-\s+(.*)$/.exec(body);
      const m = item ? MEMBER.exec(item[1]!) : null;
      if (m) stack.push({ indent, label: item![1]!.trim(), anonymous: true, list: false });
    }
  }
  return out;
}

/** The units a line is scored as: itself, or the sentences of a long prose paragraph. */
function units(line: string): string[] {
  if (line.length <= PROSE_LINE || /[{}<>=]|;\s*$|^\S+:\d/.test(line) || /^\d{4}-\d\d-\d\d/.test(line)) return [line];
  const list = sentences(line);
  return list.length > 1 ? list : [line];
}

/** A line's shape: hex runs and numbers blanked (the same error retried, at another time, has one shape). */
const shape = (line: string) => line.replace(/\b(?=[a-f]*\d)[0-9a-f]{6,}\b/gi, 'H').replace(/\d+/g, '0');

/** What else is known of the call: `about` names what it read (the file's path); `search` says it searched or ran a query. */
export interface ToolCallContext {
  about?: string;
  search?: boolean;
}

/**
 * Every distinct candidate line of a tool result with its score, in order. A word of the ask that names the file
 * read ("the archive config") does not name a record of it. The few lines a search found are what it looked for.
 */
export function scoreToolResultLines(text: string, ask = '', call: ToolCallContext = {}): Array<{ line: string; s: number; i: number }> {
  const askWords = words(ask);
  const fileWords = words(call.about ?? '');
  const all: Candidate[] = [];
  const cands: Candidate[] = [];
  const seen = new Set<string>();
  let i = 0;
  for (const raw of linesWithParents(text)) {
    for (const unit of units(flatten(raw).replace(/^[-*•]\s+/, ''))) {
      i++;
      if (unit.length < 8 || unit.length > MAX_LONG_LINE || /[{[]$/.test(unit)) continue; // an opening line holds no value
      const c = candidate(unit, i);
      all.push(c);
      const sh = shape(unit);
      if (seen.has(sh)) continue;
      seen.add(sh);
      cands.push(c);
    }
  }
  // How many lines share each signal and each ask word: what most lines share distinguishes none of them.
  const n = all.length;
  const weight = (count: number) => (n < RARITY_MIN_LINES || count <= Math.max(2, n * 0.2) ? 1 : count <= n * 0.5 ? 0.5 : 0);
  const signalCount = new Map<Signal, number>();
  const wordCount = new Map<string, number>();
  for (const c of all) {
    for (const s of c.signals.keys()) signalCount.set(s, (signalCount.get(s) ?? 0) + 1);
    for (const w of c.words) wordCount.set(w, (wordCount.get(w) ?? 0) + 1);
  }
  // percent ~ percentage: one word of letters the start of another, at least five of them
  // driving ~ drive, limits ~ limited: one root once the usual endings are off
  const stem = (a: string, b: string) => (a.length >= 5 && b.startsWith(a) && /^[a-z]+$/.test(a) && /^[a-z]+$/.test(b)) || (a.length >= 5 && b.length >= 5 && root(a) === root(b));
  const asked = (w: string) => askWords.has(w) || [...askWords].some((a) => stem(w, a) || stem(a, w));
  const { outliers, csvHeader } = recordFindings(text, ask);
  const covered = (line: string) => outliers.some((o) => o.label && line.includes(` › ${o.label} › `) && o.keys.some((k) => line.includes(`${JSON.stringify(k)}:`)));
  const outlierLines = new Set(outliers.map((o) => o.line));
  if (csvHeader) outlierLines.add(csvHeader); // a CSV header names columns: no finding
  const scored = cands.filter((c) => !covered(c.line) && !outlierLines.has(c.line)).map((c) => {
    let s = c.fixed;
    for (const [sig, pts] of c.signals) s += pts * weight(signalCount.get(sig)!);
    let shared = 0;
    let matched = 0;
    let rare = false;
    for (const w of c.words) {
      if (!asked(w)) continue;
      const wt = weight(wordCount.get(w)!);
      shared += wt;
      if (wt > 0) matched++;
      if (wt === 1) rare = true;
    }
    s += Math.min(4, shared * 2);
    if (matched >= 2 && rare) s += ANSWER_BONUS; // two of the ask's words, one that few lines have: the line answers it
    else if (rare && c.signals.has('setting') && c.line.split(' › ').length <= 2 && [...words(settingName(c.line))].some(asked)) s += ASKED_SETTING_BONUS; // the setting the ask names by its name (not a member of one record of many)
    const at = c.line.lastIndexOf(' › ');
    // the record the ask names (not by a word of the file's name: "the archive config" names the file, not `config-54`)
    if (at > 0 && [...words(c.line.slice(0, at))].some((w) => asked(w) && !fileWords.has(w) && weight(wordCount.get(w) ?? n) === 1)) s += NAMED_BONUS;
    if (call.search && cands.length <= TOOL_FACTS_PER_RESULT && !ROUTINE.test(c.line)) s = Math.max(s, MIN_SCORE);
    return { line: c.line, s, i: c.i };
  });
  // a record standing out of its list, its name and its standing-out values on one line (the named members it covers go)
  const outlying = outliers.map((o) => ({ line: o.line, s: OUTLIER_SCORE + (SUPERLATIVE.test(ask) || o.keys.some((k) => [...words(k)].some(asked)) ? ANSWER_BONUS + 1 : 0), i: 0 }));
  return [...outlying, ...scored];
}

/** The finding lines of one tool result in order, whole lines ≤ 500 characters, each with its rank (0: the best). */
export function rankedToolResultFacts(text: string, ask = '', max = TOOL_FACTS_PER_RESULT, call: ToolCallContext = {}): Array<{ line: string; rank: number }> {
  return scoreToolResultLines(text, ask, call)
    .filter((x) => x.s >= MIN_SCORE)
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .slice(0, max)
    .map((x, rank) => ({ ...x, rank }))
    .sort((a, b) => a.i - b.i)
    .map(({ line, rank }) => ({ line, rank }));
}

/** The finding lines of one tool result (the best few, in order), whole lines ≤ 500 characters. */
export function toolResultFacts(text: string, ask = '', max = TOOL_FACTS_PER_RESULT, call: ToolCallContext = {}): string[] {
  return rankedToolResultFacts(text, ask, max, call).map((x) => x.line);
}
