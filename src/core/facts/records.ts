/**
 * Records that stand out in a JSON list a tool returned: in a list of three or more objects, a record whose number
 * under some key (`212`, `"HKD 1,284,905.10"`, a ratio `"1:1"`) lies farther from all the others than they lie from
 * each other — the largest or the smallest by a clear gap. Such a record is what "which one is the worst / biggest /
 * strictest" asks for; so is the one record whose value differs where all others agree (`"metered": false` among
 * `true`s). Its name and the standing-out values belong together: one line per record,
 * `"regions" › "region": "ap-northeast-1", "p95_wait_s": 212`, each member as JSON writes it. In a CSV table, the row
 * as written.
 */

/** Records needed before one can stand out. */
const MIN_RECORDS = 3;

export interface OutlierRecord {
  /** `"list" › "name": "…", "key": value, …` */
  line: string;
  /** The record's name (its first string member's value). */
  name: string;
  /** That member as the text writes it (`"id": "BK-7284"`), when the record is JSON. */
  label?: string;
  /** The keys whose values stand out. */
  keys: string[];
}

/** A value read as a number: `212`, `"HKD 1,284,905.10"`, `"12.5 ms"`, a ratio `"1:4"` (0.25). */
export function numberOf(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v !== 'string') return undefined;
  const ratio = /^\s*(\d+(?:\.\d+)?)\s*[:/]\s*(\d+(?:\.\d+)?)\s*$/.exec(v);
  if (ratio) return Number(ratio[2]) === 0 ? undefined : Number(ratio[1]) / Number(ratio[2]);
  // a currency before the number (`HKD 1,284,905.10`, `$12`), not a name (`CF-2290` is no −2290)
  const m = /^\s*(?:[A-Za-z]{1,4}\s|[$€£¥]\s?)?(-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?)\s?(?:%|[A-Za-z]{1,5})?\s*$/.exec(v);
  return m ? Number(m[1]!.replace(/,/g, '')) : undefined;
}

/** Values needed before one can lie far out of the rest by their spread. */
const MIN_FAR_OUT = 8;
/** How far, in median absolute deviations from the median, a value lies to stand out of a longer list. */
const FAR_OUT_MADS = 4.5;

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** The indexes of the (at most two) values of a longer list that lie ≥ 4.5 median absolute deviations from its median. */
function farOut(values: readonly number[]): number[] {
  if (values.length < MIN_FAR_OUT) return [];
  const m = median(values);
  const mad = median(values.map((v) => Math.abs(v - m)));
  if (mad === 0) return [];
  const far = values.flatMap((v, i) => (Math.abs(v - m) / mad >= FAR_OUT_MADS ? [i] : []));
  return far.length <= 2 ? far : [];
}

/** The index of the value that stands out of `values` by a clear gap (largest or smallest), or lies far out of a longer list. */
export function standsOut(values: number[]): number[] {
  if (values.length < MIN_RECORDS) return [];
  const far = farOut(values);
  if (far.length > 0) return far;
  const sorted = [...values].sort((a, b) => a - b);
  const out: number[] = [];
  const [lo, lo2, hi2, hi] = [sorted[0]!, sorted[1]!, sorted[sorted.length - 2]!, sorted[sorted.length - 1]!];
  if (hi - hi2 > hi2 - lo && hi > hi2) out.push(values.indexOf(hi));
  // the one zero among positive values (`"battery_backup_min": 0`): none of it, which a gap may not show
  if ((lo2 - lo > hi - lo2 || (lo === 0 && lo2 > 0)) && lo2 > lo) out.push(values.indexOf(lo));
  return out;
}

const isScalar = (v: unknown) => v === null || typeof v !== 'object';
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const member = (k: string, v: unknown) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`;

/** A CSV line split on commas (no quoted commas: a row that has them is not read). */
const cells = (line: string) => line.split(',').map((c) => c.trim());

/** A search's line number before a line (`29:`, `src/a.csv:29:`, `29-`), as `grep -n` writes it. */
const GREP_PREFIX = /^(?:[\w./-]+:)?\d+[:-]/;

/**
 * A CSV table: a header, then rows of as many cells; or rows only, as a search (`grep -n ",app," x.csv`) returns
 * them, their columns then unnamed. Rows as written (`rows`) and their cells (`table`).
 */
function csvTable(text: string): { header: string[]; headerLine?: string; rows: string[]; table: string[][] } | undefined {
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  const searched = lines.length > 0 && lines.every((l) => GREP_PREFIX.test(l));
  const bare = searched ? lines.map((l) => l.replace(GREP_PREFIX, '')) : lines;
  const first = bare[0] ? cells(bare[0]) : [];
  if (first.length < 2 || /"/.test(bare[0]!)) return undefined;
  // a first line with two numbers or more is a row (a search's hits have no header)
  const headerless = first.filter((c) => numberOf(c) !== undefined).length >= 2;
  if (!headerless && (searched || first.some((h) => !/^[\w .()%/-]{1,40}$/.test(h)))) return undefined;
  const header = headerless ? first.map((_, i) => `column ${i + 1}`) : first;
  const keep = (i: number) => !/"/.test(bare[i]!) && cells(bare[i]!).length === header.length;
  const at = (headerless ? bare.map((_, i) => i) : bare.slice(1).map((_, i) => i + 1)).filter(keep);
  if (at.length < MIN_RECORDS || at.length < (bare.length - (headerless ? 0 : 1)) * 0.8) return undefined;
  return { header, ...(headerless ? {} : { headerLine: bare[0]!.trim() }), rows: at.map((i) => lines[i]!.trim()), table: at.map((i) => cells(bare[i]!)) };
}

/** Rows an ask picks by a bound: "which line goes over 15 % ABV", "any sensor below 2.5 bar" (at most this many). */
const MAX_BOUND_ROWS = 3;
const BOUND = /\b(over|above|more than|greater than|higher than|exceed(?:s|ing)?|at least|below|under|less than|lower than|fewer than|at most)\s+(-?\d+(?:\.\d+)?)/i;

/** The bound an ask sets on a number, if any: `over 15` → values > 15. */
export function askedBound(ask: string): ((v: number) => boolean) | undefined {
  const m = BOUND.exec(ask);
  if (!m) return undefined;
  const n = Number(m[2]);
  const word = m[1]!.toLowerCase();
  if (word === 'at least') return (v) => v >= n;
  if (word === 'at most') return (v) => v <= n;
  return /^(?:below|under|less|lower|fewer)/.test(word) ? (v) => v < n : (v) => v > n;
}

/** An ask for the row at one end of a column: "the highest fraud score", "the lowest stock". */
const EXTREME = /\b(?:highest|largest|biggest|most|maximum|max|top|worst|lowest|smallest|least|fewest|minimum|min|earliest|oldest|latest|newest)\b/i;
const LOWEST = /^(?:lowest|smallest|least|fewest|minimum|min|earliest|oldest)$/i;

/** Rows needed, and distinct values allowed at most, before a value one row alone has is a state that stands out. */
const CATEGORY_MIN_ROWS = 12;
const CATEGORY_MAX_VALUES = 6;

/** The row whose value no other row has, in a column of a few values each many rows share (`confirmed` among `dismissed`, `fog`, `dust`). */
function rareCategory(column: readonly (string | undefined)[]): number | undefined {
  if (column.length < CATEGORY_MIN_ROWS || column.some((v) => v === undefined || numberOf(v) !== undefined)) return undefined;
  const counts = new Map<string, number>();
  for (const v of column) counts.set(v!, (counts.get(v!) ?? 0) + 1);
  if (counts.size > CATEGORY_MAX_VALUES) return undefined;
  const once = [...counts].filter(([, n]) => n === 1);
  return once.length === 1 ? column.indexOf(once[0]![0]) : undefined;
}

/** A column the ask names: one of its words (three letters or more) is a word of the ask. */
const namedBy = (column: string, ask: string) => {
  const words = new Set(ask.toLowerCase().split(/[^a-z0-9]+/));
  return column.toLowerCase().split(/[^a-z0-9]+/).some((w) => w.length >= 3 && words.has(w));
};

/** Record `key` as one that makes record `i` stand out (once). */
function mark(keys: Map<number, string[]>, i: number, key: string): void {
  const ks = keys.get(i) ?? [];
  if (!ks.includes(key)) keys.set(i, [...ks, key]);
}

function csvOutliers(t: NonNullable<ReturnType<typeof csvTable>>, ask: string): OutlierRecord[] {
  const { header, rows, table } = t;
  const keys = new Map<number, string[]>();
  const bound = askedBound(ask);
  const extreme = EXTREME.exec(ask)?.[0];
  // a bound on no numeric column the ask names ("a pass above 85°") applies to every numeric column
  const boundAnywhere = !!bound && !header.some((x, k) => namedBy(x, ask) && table.every((r) => numberOf(r[k]) !== undefined));
  header.forEach((h, c) => {
    const column = table.map((r) => r[c]);
    const odd = oddOneOut(column) ?? rareCategory(column);
    if (odd !== undefined) mark(keys, odd, h); // a note, a flag or a state only one row has
    const values = table.map((r) => numberOf(r[c]));
    if (values.some((x) => x === undefined)) return;
    for (const i of standsOut(values as number[])) mark(keys, i, h);
    // "the claim with the highest fraud score": the row at the end of the column the ask names
    if (extreme && namedBy(h, ask)) {
      const nums = values as number[];
      const best = (LOWEST.test(extreme) ? Math.min : Math.max)(...nums);
      mark(keys, nums.indexOf(best), h);
    }
    if (!bound || !(namedBy(h, ask) || boundAnywhere)) return;
    const within = (values as number[]).flatMap((v, i) => (bound(v) ? [i] : []));
    if (within.length > 0 && within.length <= MAX_BOUND_ROWS) for (const i of within) mark(keys, i, h);
  });
  return [...keys].map(([i, ks]) => ({ line: rows[i]!, name: table[i]![0]!, keys: ks }));
}

/**
 * What stands out in a tool result read as records: the records of every list of objects of a JSON text, or the
 * rows of a CSV table (there also the few rows within a bound the ask sets on a column it names: "which line goes
 * over 15 % ABV"); and a CSV table's header line, which names columns and states nothing.
 */
export function recordFindings(text: string, ask = ''): { outliers: OutlierRecord[]; csvHeader?: string } {
  const t = text.trim();
  if (!/^[{[]/.test(t)) {
    const table = csvTable(t);
    return table ? { outliers: csvOutliers(table, ask), ...(table.headerLine ? { csvHeader: table.headerLine } : {}) } : { outliers: [] };
  }
  return { outliers: jsonOutliers(t) };
}

/** The records that stand out (see `recordFindings`). */
export const outlierRecords = (text: string, ask = ''): OutlierRecord[] => recordFindings(text, ask).outliers;

function jsonOutliers(t: string): OutlierRecord[] {
  let doc: unknown;
  try {
    doc = JSON.parse(t);
  } catch {
    return [];
  }
  const out: OutlierRecord[] = [];
  const visit = (v: unknown, key: string | undefined, depth: number): void => {
    if (depth > 6) return;
    if (Array.isArray(v)) {
      const recs = v.filter(isRecord);
      if (recs.length >= MIN_RECORDS && recs.length === v.length) listOutliers(recs, key, out);
      v.forEach((x) => visit(x, key, depth + 1));
    } else if (isRecord(v)) for (const [k, x] of Object.entries(v)) visit(x, k, depth + 1);
  };
  visit(doc, undefined, 0);
  return out;
}

/** Records needed before one value alone among equal ones stands out (`"metered": false` among thirteen `true`). */
const MIN_ODD_ONE_OUT = 4;

/** The index of the one value that differs when every other value is the same, if there is one. */
export function oddOneOut(values: readonly unknown[]): number | undefined {
  if (values.length < MIN_ODD_ONE_OUT) return undefined;
  const keyed = values.map((v) => JSON.stringify(v ?? null));
  const common = keyed[0] === keyed[1] ? keyed[0] : keyed[2];
  const odd = keyed.flatMap((k, i) => (k === common ? [] : [i]));
  return odd.length === 1 ? odd[0] : undefined;
}

/** Words in a string value that make it a note among names: the longest of a list by a clear gap, this many or more. */
const NOTE_WORDS = 3;

function listOutliers(recs: Array<Record<string, unknown>>, key: string | undefined, out: OutlierRecord[]): void {
  const keys = new Map<number, string[]>();
  for (const k of new Set(recs.flatMap((r) => Object.keys(r)))) {
    const having = recs.flatMap((r, i) => (k in r ? [i] : []));
    // a member only one record has (`"reason": "license renewal pending"`) says what sets it apart
    if (having.length === 1 && recs.length >= MIN_ODD_ONE_OUT && isScalar(recs[having[0]!]![k])) mark(keys, having[0]!, k);
    if (having.length !== recs.length && !(k in recs[0]!)) continue;
    const raw = recs.map((r) => r[k]);
    const odd = raw.every(isScalar) ? oddOneOut(raw) : undefined;
    if (odd !== undefined) mark(keys, odd, k);
    // one note among one-word values (`"note": "mobile unit, plasma only"`)
    if (raw.every((v) => typeof v === 'string')) {
      const counts = raw.map((v) => String(v).split(/\s+/).filter(Boolean).length);
      const most = Math.max(...counts);
      for (const i of standsOut(counts)) if (counts[i]! >= NOTE_WORDS && counts[i] === most) mark(keys, i, k);
    }
    const values = raw.map(numberOf);
    if (values.some((x) => x === undefined)) continue;
    for (const i of standsOut(values as number[])) mark(keys, i, k);
  }
  for (const [i, ks] of keys) {
    const rec = recs[i]!;
    const nameKey = Object.keys(rec).find((k) => typeof rec[k] === 'string' && !ks.includes(k));
    const parts = [...(nameKey ? [member(nameKey, rec[nameKey])] : []), ...ks.map((k) => member(k, rec[k]))];
    out.push({ line: `${key ? `${JSON.stringify(key)} › ` : ''}${parts.join(', ')}`, name: nameKey ? String(rec[nameKey]) : '', ...(nameKey ? { label: member(nameKey, rec[nameKey]) } : {}), keys: ks });
  }
}
