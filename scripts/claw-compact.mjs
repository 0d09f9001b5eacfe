#!/usr/bin/env node
// claw-compact: drive the TypeScript reproduction of claw-code's compact.rs
// (src/core/compaction/clawCompact.ts and claw/, compiled to out/) with JSON, for conformance suites.
//
//   npx tsc -p .                                   # once: builds out/src/core/compaction/clawCompact.js
//   node scripts/claw-compact.mjs [options] [cases.json]      # reads stdin when no file is given ("-" = stdin);
//                                                             # a file name ending in .gz is gunzipped
//
// INPUT: UTF-8 JSON, one of
//   - one case object                      {"fn": "compact_session", "args": [SESSION, CONFIG]}
//   - an array of case objects             [{"fn": ...}, {"fn": ...}]
//   - JSON Lines, one case object per line
// Case fields:
//   fn       (required) the Rust function name (snake_case; the camelCase TS name is accepted too), see FUNCTIONS.
//   args     the arguments, any of:
//              * an array, positional, in the Rust parameter order:      [SESSION, CONFIG]
//              * an object keyed by the Rust parameter names:            {"session": SESSION, "config": CONFIG}
//              * for a one-parameter function, the bare argument:        "<summary>x</summary>" / SESSION / [MSG, ...]
//                (also a bare SESSION object for compact_session / should_compact: CONFIG is then the default)
//                (an array of message objects is taken as the bare `messages`/`session` argument, not as positional args)
//   id       (optional) any JSON value, echoed in the output
//   variant  (optional) "main" (default: upstream main, compact.rs blob 797d3a6b), "22ad54c0" (2026-04-04: no
//            tool-pair walk-back, nested "- Previously compacted context:" merge) or "ba64b631" (walk-back, nested merge)
//   now_ms   (optional) the time record_compaction writes to compacted_session.updated_at_ms, when the input
//            session has that field (default: the current time, as claw-code's touch())
//   expected (optional) with --check, compared (deep equality, key order ignored) with the result
// Values use claw-code's own session JSON (session.rs to_json/from_json), snake_case throughout:
//   SESSION  {"messages": [MSG...], "compaction"?: {"count", "removed_message_count", "summary"} | null, ...any other
//            Session field (version, session_id, created_at_ms, updated_at_ms, fork, workspace_root, prompt_history,
//            model) carried through}; a bare array of MSG is accepted as a session.
//   MSG      {"role": "system"|"user"|"assistant"|"tool", "blocks": [BLOCK...], "usage"?: {...}}
//   BLOCK    {"type":"text","text"} | {"type":"thinking","thinking","signature"?} |
//            {"type":"tool_use","id","name","input": "<JSON text, a string>"} |
//            {"type":"tool_result","tool_use_id","tool_name","output","is_error": bool}
//   CONFIG   {"preserve_recent_messages": n, "max_estimated_tokens": n}; a missing field (or a missing/null
//            CONFIG) takes CompactionConfig::default() = {4, 10000}.
//   Option<String> arguments (merge_compact_summaries' existing_summary) take null for None.
//
// FUNCTIONS (Rust name: parameters -> result JSON)
//   public:  estimate_session_tokens(session) -> number      should_compact(session, config) -> bool
//            format_compact_summary(summary) -> string
//            get_compact_continuation_message(summary, suppress_follow_up_questions, recent_messages_preserved) -> string
//            compact_session(session, config) -> {"summary", "formatted_summary", "compacted_session": SESSION,
//                                                  "removed_message_count"}
//   private helpers of compact.rs: estimate_message_tokens(message) -> number, compacted_summary_prefix_len(session)
//            -> number, summarize_messages(messages) -> string, merge_compact_summaries(existing_summary, new_summary)
//            -> string, summarize_block(block) -> string, collect_recent_role_summaries(messages, role, limit) ->
//            [string], infer_pending_work(messages) -> [string], collect_key_files(messages) -> [string],
//            infer_current_work(messages) -> string|null, first_text_block(message) -> string|null,
//            has_interesting_extension(candidate) -> bool, extract_file_candidates(content) -> [string],
//            truncate_summary(content, max_chars) -> string, extract_tag_block(content, tag) -> string|null,
//            strip_tag_block(content, tag) -> string, collapse_blank_lines(content) -> string,
//            extract_existing_compacted_summary(message) -> string|null, extract_summary_highlights(summary) ->
//            [string], extract_summary_timeline(summary) -> [string]
//
// OUTPUT (stdout, UTF-8): one output per case, in input order, shaped like the input (one object -> one JSON
// line; array -> one JSON array; JSON Lines -> JSON Lines):
//   {"id"?: ..., "fn": "<fn as given>", "result": <value>}          on success
//   {"id"?: ..., "fn": "<fn as given>", "error": "<message>"}       on a bad case (unknown fn, invalid JSON shape)
//   with --check, "pass": true|false is added to each case that has "expected".
// Options: --raw  print the bare result values instead of the {fn, result} objects (an error becomes {"error": msg})
//          --pretty  indent the JSON      --check  compare with "expected"; a summary goes to stderr
// Exit status: 0; 1 if any case errored (or, with --check, failed); 2 on unreadable input.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const modPath = path.join(root, 'out', 'src', 'core', 'compaction', 'clawCompact.js');
if (!fs.existsSync(modPath)) {
  process.stderr.write(`claw-compact: ${path.relative(root, modPath)} is missing; run \`npx tsc -p .\` first\n`);
  process.exit(2);
}
// compact.rs is spread over clawCompact.js and claw/ (session JSON, summary, its text, merge): one namespace here.
const loadModule = createRequire(import.meta.url);
const cc = Object.assign({}, ...['clawCompact.js', 'claw/session.js', 'claw/format.js', 'claw/summarize.js', 'claw/merge.js'].map((f) => loadModule(path.join(path.dirname(modPath), f))));

// ------------------------------------------------------------------ argument kinds
const session = (v) => cc.parseClawSession(v);
const message = (v) => cc.parseClawMessage(v);
const messages = (v) => {
  if (!Array.isArray(v)) throw new TypeError('messages must be an array');
  return v.map(cc.parseClawMessage);
};
const block = (v) => cc.parseClawBlock(v);
const str = (name) => (v) => {
  if (typeof v !== 'string') throw new TypeError(`${name} must be a string`);
  return v;
};
const optStr = (name) => (v) => (v === null || v === undefined ? undefined : str(name)(v));
const bool = (name) => (v) => {
  if (typeof v !== 'boolean') throw new TypeError(`${name} must be a boolean`);
  return v;
};
const usize = (name) => (v) => {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) throw new TypeError(`${name} must be a non-negative integer`);
  return v;
};
const config = (v) => {
  if (v !== null && v !== undefined && (typeof v !== 'object' || Array.isArray(v))) throw new TypeError('config must be an object');
  return cc.resolveCompactionConfig(v);
};
const role = (v) => {
  if (!['system', 'user', 'assistant', 'tool'].includes(v)) throw new TypeError(`unsupported message role: ${v}`);
  return v;
};
const optOut = (v) => (v === undefined ? null : v);

// name -> [[param, kind, isList]...], (args, case) => result
const FUNCTIONS = {
  estimate_session_tokens: [[['session', session]], ([s]) => cc.estimateSessionTokens(s)],
  should_compact: [[['session', session], ['config', config]], ([s, c]) => cc.shouldCompact(s, c)],
  format_compact_summary: [[['summary', str('summary')]], ([s]) => cc.formatCompactSummary(s)],
  get_compact_continuation_message: [
    [['summary', str('summary')], ['suppress_follow_up_questions', bool('suppress_follow_up_questions')], ['recent_messages_preserved', bool('recent_messages_preserved')]],
    ([s, a, b]) => cc.getCompactContinuationMessage(s, a, b),
  ],
  compact_session: [[['session', session], ['config', config]], ([s, c], k) => cc.compactSession(s, c, k.options)],
  estimate_message_tokens: [[['message', message]], ([m]) => cc.estimateMessageTokens(m)],
  compacted_summary_prefix_len: [[['session', session]], ([s]) => cc.compactedSummaryPrefixLen(s)],
  summarize_messages: [[['messages', messages]], ([m]) => cc.summarizeMessages(m)],
  merge_compact_summaries: [
    [['existing_summary', optStr('existing_summary')], ['new_summary', str('new_summary')]],
    ([e, n], k) => cc.mergeCompactSummaries(e, n, k.variant.mergeLayout),
  ],
  summarize_block: [[['block', block]], ([b]) => cc.summarizeBlock(b)],
  collect_recent_role_summaries: [[['messages', messages], ['role', role], ['limit', usize('limit')]], ([m, r, l]) => cc.collectRecentRoleSummaries(m, r, l)],
  infer_pending_work: [[['messages', messages]], ([m]) => cc.inferPendingWork(m)],
  collect_key_files: [[['messages', messages]], ([m]) => cc.collectKeyFiles(m)],
  infer_current_work: [[['messages', messages]], ([m]) => optOut(cc.inferCurrentWork(m))],
  first_text_block: [[['message', message]], ([m]) => optOut(cc.firstTextBlock(m))],
  has_interesting_extension: [[['candidate', str('candidate')]], ([c]) => cc.hasInterestingExtension(c)],
  extract_file_candidates: [[['content', str('content')]], ([c]) => cc.extractFileCandidates(c)],
  truncate_summary: [[['content', str('content')], ['max_chars', usize('max_chars')]], ([c, n]) => cc.truncateSummary(c, n)],
  extract_tag_block: [[['content', str('content')], ['tag', str('tag')]], ([c, t]) => optOut(cc.extractTagBlock(c, t))],
  strip_tag_block: [[['content', str('content')], ['tag', str('tag')]], ([c, t]) => cc.stripTagBlock(c, t)],
  collapse_blank_lines: [[['content', str('content')]], ([c]) => cc.collapseBlankLines(c)],
  extract_existing_compacted_summary: [[['message', message]], ([m]) => optOut(cc.extractExistingCompactedSummary(m))],
  extract_summary_highlights: [[['summary', str('summary')]], ([s]) => cc.extractSummaryHighlights(s)],
  extract_summary_timeline: [[['summary', str('summary')]], ([s]) => cc.extractSummaryTimeline(s)],
};
const snake = (s) => s.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());

const isPlainObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isMessageLike = (v) => isPlainObject(v) && 'role' in v;

function bindArgs(params, args) {
  const n = params.length;
  const [firstName, firstKind] = params[0];
  const listParam = n === 1 && (firstName === 'messages' || firstName === 'session');
  if (Array.isArray(args)) {
    if (listParam && args.every(isMessageLike)) return [firstKind(args)];
    if (args.length > n) throw new TypeError(`expected at most ${n} argument(s), got ${args.length}`);
    return params.map(([, kind], i) => kind(args[i]));
  }
  if (isPlainObject(args) && params.some(([name]) => Object.prototype.hasOwnProperty.call(args, name))) {
    return params.map(([name, kind]) => kind(args[name]));
  }
  // A bare value: the only argument, or a session given alone to (session, config) (config = default).
  if (n === 1 || args === undefined || (firstName === 'session' && isPlainObject(args) && 'messages' in args)) {
    return params.map(([, kind], i) => kind(i === 0 ? args : undefined));
  }
  throw new TypeError(`args must be an array or an object keyed by ${params.map(([p]) => p).join(', ')}`);
}

function runCase(c) {
  if (!isPlainObject(c)) throw new TypeError('a case must be an object with "fn" and "args"');
  if (typeof c.fn !== 'string') throw new TypeError('missing "fn"');
  const entry = FUNCTIONS[c.fn] ?? FUNCTIONS[snake(c.fn)];
  if (!entry) throw new TypeError(`unknown fn: ${c.fn}`);
  const variantName = c.variant ?? 'main';
  const variant = cc.CLAW_COMPACT_VARIANTS[variantName];
  if (!variant) throw new TypeError(`unknown variant: ${variantName}`);
  if (c.now_ms !== undefined && (typeof c.now_ms !== 'number' || !Number.isInteger(c.now_ms))) throw new TypeError('now_ms must be an integer');
  const [params, fn] = entry;
  return fn(bindArgs(params, c.args), { variant, options: { variant, nowMs: c.now_ms } });
}

function canonical(v) {
  if (Array.isArray(v)) return v.map(canonical);
  if (isPlainObject(v)) return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical(v[k])]));
  return v;
}
const sameJson = (a, b) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

// ------------------------------------------------------------------ main
const argv = process.argv.slice(2);
const flags = new Set(argv.filter((a) => a.startsWith('--')));
for (const f of flags) if (!['--raw', '--pretty', '--check'].includes(f)) {
  process.stderr.write(`claw-compact: unknown option ${f}\n`);
  process.exit(2);
}
const files = argv.filter((a) => !a.startsWith('--'));
let text;
try {
  if (files.length === 0 || files[0] === '-') text = fs.readFileSync(0, 'utf8');
  else if (files[0].endsWith('.gz')) text = zlib.gunzipSync(fs.readFileSync(files[0])).toString('utf8');
  else text = fs.readFileSync(files[0], 'utf8');
} catch (e) {
  process.stderr.write(`claw-compact: cannot read input: ${e.message}\n`);
  process.exit(2);
}
if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);

let mode; // 'one' | 'array' | 'lines'
let cases;
try {
  const parsed = JSON.parse(text);
  mode = Array.isArray(parsed) ? 'array' : 'one';
  cases = Array.isArray(parsed) ? parsed : [parsed];
} catch (wholeErr) {
  try {
    cases = text.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l));
    mode = 'lines';
  } catch {
    process.stderr.write(`claw-compact: input is neither JSON nor JSON Lines: ${wholeErr.message}\n`);
    process.exit(2);
  }
}

const raw = flags.has('--raw');
const check = flags.has('--check');
let failures = 0;
let checked = 0;
let passed = 0;
const outputs = cases.map((c, i) => {
  const head = {};
  if (isPlainObject(c) && 'id' in c) head.id = c.id;
  head.fn = isPlainObject(c) ? c.fn : undefined;
  let out;
  try {
    const result = runCase(c);
    out = raw ? result : { ...head, result };
    if (check && isPlainObject(c) && 'expected' in c) {
      const pass = sameJson(result, c.expected);
      checked++;
      if (pass) passed++;
      else {
        failures++;
        process.stderr.write(`claw-compact: case ${i}${'id' in head ? ` (id ${JSON.stringify(head.id)})` : ''} ${c.fn}: result differs from expected\n`);
      }
      if (!raw) out.pass = pass;
    }
  } catch (e) {
    failures++;
    const message = e instanceof Error ? e.message : String(e);
    out = raw ? { error: message } : { ...head, error: message };
  }
  return out;
});

const indent = flags.has('--pretty') ? 2 : undefined;
if (mode === 'lines') process.stdout.write(outputs.map((o) => JSON.stringify(o)).join('\n') + '\n');
else process.stdout.write(JSON.stringify(mode === 'one' ? outputs[0] : outputs, null, indent) + '\n');
if (check) process.stderr.write(`claw-compact: ${passed}/${checked} cases with "expected" pass\n`);
process.exitCode = failures > 0 ? 1 : 0;
