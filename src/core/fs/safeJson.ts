/**
 * Parsing untrusted JSON / JSON5 text with messages that never quote it, and a bound on nesting depth.
 *
 * - A parser's own message quotes the input ("Unexpected token 'r', "root:x:0:0"... is not valid JSON"): a
 *   file that is a link to /etc/passwd would print its first characters. parseErrorReason keeps only where
 *   it failed (line and column) and how (invalid syntax, ends too early).
 * - JSON.parse and JSON5.parse accept any depth, but every recursive walker after them (config $include
 *   resolution, ${VAR} substitution, JSON.stringify) dies with "Maximum call stack size exceeded". Values
 *   nested deeper than MAX_JSON_DEPTH are refused at the parse point instead, with a message saying so.
 * - JSON5.parse is a parser written in JavaScript: a config of 2 MB nested a million deep took it 3 s and
 *   800 MB per parse. JSON5 text is scanned for its nesting first (textNestedDeeperThan), and not parsed when
 *   too deep.
 */
import JSON5 from 'json5';

/** No OpenClaw file nests anywhere near this deep; every walker stays far from the stack limit below it. */
export const MAX_JSON_DEPTH = 200;

function lineColumn(text: string, pos: number): { line: number; column: number } {
  let line = 1;
  let last = -1;
  const end = Math.min(pos, text.length);
  for (let i = text.indexOf('\n'); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) {
    line++;
    last = i;
  }
  return { line, column: end - last };
}

/**
 * Why a JSON or JSON5 parse failed, in words that quote nothing of the input: "invalid syntax at line 3,
 * column 7", "the text ends too early", … `text` lets a byte position be turned into a line and column.
 */
export function parseErrorReason(err: unknown, text?: string): string {
  const m = err instanceof Error ? err.message : String(err);
  if (err instanceof RangeError || /call stack/i.test(m)) return `nested too deeply (more than ${MAX_JSON_DEPTH} levels)`;
  let where = '';
  const lc = /\(line (\d+) column (\d+)\)/.exec(m) ?? /\bat (\d+):(\d+)\s*$/.exec(m);
  const pos = /\bposition (\d+)/.exec(m);
  if (lc) where = ` at line ${lc[1]}, column ${lc[2]}`;
  else if (pos && text !== undefined) {
    const p = lineColumn(text, Number(pos[1]));
    where = ` at line ${p.line}, column ${p.column}`;
  }
  const early = /end of (JSON )?input|unterminated|unexpected end/i.test(m);
  return `${early ? 'the text ends too early' : 'invalid syntax'}${where}`;
}

/** True when `v` nests objects/arrays deeper than `max` (iterative: safe on any depth). */
export function nestedDeeperThan(v: unknown, max: number = MAX_JSON_DEPTH): boolean {
  if (!v || typeof v !== 'object') return false;
  const nodes: object[] = [v];
  const depths: number[] = [1];
  while (nodes.length) {
    const cur = nodes.pop()! as Record<string, unknown>;
    const d = depths.pop()!;
    if (d > max) return true;
    if (Array.isArray(cur)) {
      for (let i = 0; i < cur.length; i++) {
        const k: unknown = cur[i];
        if (k && typeof k === 'object') {
          nodes.push(k);
          depths.push(d + 1);
        }
      }
    } else {
      for (const key in cur) {
        const k = cur[key];
        if (k && typeof k === 'object') {
          nodes.push(k);
          depths.push(d + 1);
        }
      }
    }
  }
  return false;
}

export type ParsedJson = { ok: true; value: unknown } | { ok: false; error: string };

/** Parse with `parse`, report a failure without quoting the text, refuse a value nested deeper than `maxDepth`. */
function parseBounded(text: string, maxDepth: number, parse: (t: string) => unknown, format: string): ParsedJson {
  let value: unknown;
  try {
    value = parse(text);
  } catch (err) {
    return { ok: false, error: `not valid ${format} (${parseErrorReason(err, text)})` };
  }
  if (nestedDeeperThan(value, maxDepth)) return { ok: false, error: `nested deeper than ${maxDepth} levels` };
  return { ok: true, value };
}

/** JSON.parse that reports failures without quoting the text, and refuses values nested deeper than `maxDepth`. */
export function parseJsonSafe(text: string, maxDepth: number = MAX_JSON_DEPTH): ParsedJson {
  return parseBounded(text, maxDepth, JSON.parse, 'JSON');
}

/**
 * True when the brackets of a JSON / JSON5 text nest deeper than `max`, counted in one pass without parsing:
 * brackets inside strings ("…" or '…', with backslash escapes) and comments (// and /* *\/) do not count.
 * Never true for a text whose values nest `max` deep or less.
 */
export function textNestedDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
    else if (c === 0x22 || c === 0x27) {
      // a string: to its closing quote, skipping escaped characters
      for (i++; i < text.length && text.charCodeAt(i) !== c; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x2f && text.charCodeAt(i + 1) === 0x2f) {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? text.length : nl;
    } else if (c === 0x2f && text.charCodeAt(i + 1) === 0x2a) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
    }
  }
  return false;
}

/** JSON5.parse with parseJsonSafe's guarantees: no quoting in errors, and a text nested too deep is not parsed. */
export function parseJson5Safe(text: string, maxDepth: number = MAX_JSON_DEPTH): ParsedJson {
  if (textNestedDeeperThan(text, maxDepth)) return { ok: false, error: `nested deeper than ${maxDepth} levels` };
  return parseBounded(text, maxDepth, (t) => JSON5.parse(t), 'JSON5');
}
