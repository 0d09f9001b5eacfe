// Real transcript texts for the token estimator: what OpenClaw and pi actually wrote and sent, cut into the
// pieces the estimator is called on (one message text, one thinking block, one tool call's JSON arguments,
// one tool result, one summary, one system-prompt section, one workspace file, one tool schema).
//
//   node scripts/corpus/real.mjs            # rebuild bench/data/real-texts.json from the sources below
//
// Sources (read only): the repo's test/fixtures (openclaw-real transcripts and workspace, demo-v1's legacy
// JSONL sessions, pi-samples), bench/data/real-run-transcripts.jsonl and real-run-short2.jsonl (short turns
// recorded from the real OpenClaw by scripts/corpus/real-run.mjs), the bundled demo state (its JSONL-era transcripts and workspaces) and, when present, ../shared/openclaw-real-fixtures (the model request log:
// system prompts, tool schemas and the messages as sent; the trajectory export). All of it was written by
// real OpenClaw 2026.9.6 / pi runs; none of it was used to build the fitted corpus before this file existed.
//
// The file keeps every distinct text once with its category and split. The split is a fixed rule: a hash
// of the text's key (the text without OpenClaw's `[Sat 2026-11-21 15:39 UTC] ` envelope, so a message and
// its enveloped copy land on the same side) sends ~half to `tune` and the rest to `heldout`. The fit
// (scripts/fit-estimator.mjs) may use `tune`; nothing may ever be fitted on `heldout`.
//
// Categories (by what the text is, not by how the estimator does on it):
//   short_en   < 100 chars, no CJK: one-line asks and answers, `#`/`/` commands, tool notices, small tool
//              arguments and results
//   short_cjk  < 100 chars with CJK: short Chinese asks and replies
//   message    ≥ 100 chars: user/assistant/custom message texts, thinking, compaction summaries
//   prompt     ≥ 100 chars: system-prompt sections and workspace files
//   tool       ≥ 100 chars: tool schemas, tool-call arguments, tool results
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sha1, cjkCount, flat } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
export const REAL_TEXTS = path.join(root, 'bench', 'data', 'real-texts.json');
export const REAL_CATEGORIES = ['short_en', 'short_cjk', 'message', 'prompt', 'tool'];
export const SHORT = 100;

const ENVELOPE = /^\[[A-Z][a-z]{2} \d{4}-\d\d-\d\d \d\d:\d\d(?::\d\d)? [A-Z]{2,5}\] /;
/** The split key: OpenClaw's timestamp envelope removed, so a message and its enveloped copy share a side. */
export const splitKey = (text) => text.replace(ENVELOPE, '');
/** The fixed split rule: first byte of sha1('real-split:' + key) < 128 → tune, else heldout. */
export const splitOf = (text) => (parseInt(sha1(`real-split:${splitKey(text)}`).slice(0, 2), 16) < 128 ? 'tune' : 'heldout');

function categoryOf(kind, text) {
  if (text.length < SHORT) return cjkCount(text) > 0 ? 'short_cjk' : 'short_en';
  return kind;
}

/** Collects { text, cat, src } from every source present, distinct texts only, in a stable order. */
export function collectRealTexts() {
  const seen = new Map();
  const add = (src, kind, text) => {
    if (typeof text !== 'string' || !text.trim() || seen.has(text)) return;
    seen.set(text, { text, cat: categoryOf(kind, text), src });
  };
  const content = (src, c, kind = 'message') => {
    if (typeof c === 'string') return add(src, kind, c);
    if (!Array.isArray(c)) return;
    for (const b of c) {
      if (b?.type === 'text') add(src, kind, b.text);
      else if (b?.type === 'thinking') add(src, kind, b.thinking);
      else if (b?.type === 'toolCall' || b?.type === 'tool_use') add(src, 'tool', JSON.stringify(b.arguments ?? b.input ?? {}));
    }
  };
  const message = (src, m) => {
    if (!m || typeof m !== 'object') return;
    if (m.role === 'toolResult' || m.role === 'tool') return content(src, m.content, 'tool');
    if (m.role === 'system') return systemPrompt(src, m.content);
    for (const tc of m.tool_calls ?? []) add(src, 'tool', tc?.function?.arguments);
    content(src, m.content);
  };
  // a system prompt is one string; its sections (at Markdown headings) are what varies between agents
  const systemPrompt = (src, s) => {
    if (typeof s !== 'string') return;
    for (const sec of s.split(/\n(?=#{1,3} )/)) add(src, 'prompt', sec);
  };
  const jsonl = (file, fn) => {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        fn(JSON.parse(line));
      } catch {
        /* a torn line: not a text */
      }
    }
  };
  const entry = (src) => (e) => {
    if (e.type === 'message') message(src, e.message);
    else if (e.type === 'compaction' || e.type === 'branch_summary') add(src, 'message', e.summary);
    else if (e.type === 'custom_message') content(src, e.content);
  };
  const files = (dir, re) => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => re.test(f)).sort().map((f) => path.join(dir, f)) : []);
  const rel = (f) => path.relative(root, f);

  const fx = path.join(root, 'test', 'fixtures');
  for (const f of files(path.join(fx, 'openclaw-real', 'transcripts'), /\.jsonl$/)) jsonl(f, entry(rel(f)));
  for (const f of files(path.join(fx, 'demo-v1', 'openclaw-state', 'agents'), /\.jsonl$/)) jsonl(f, entry(rel(f)));
  for (const f of files(path.join(fx, 'pi-samples'), /\.jsonl$/)) jsonl(f, entry(rel(f)));
  for (const f of files(path.join(fx, 'pi-samples'), /\.json$/)) message(rel(f), JSON.parse(fs.readFileSync(f, 'utf8')));
  for (const f of files(path.join(fx, 'openclaw-real', 'state', 'workspace'), /\.md$/)) add(rel(f), 'prompt', fs.readFileSync(f, 'utf8'));
  // short turns recorded from the real OpenClaw for this split (scripts/corpus/real-run.mjs)
  for (const name of ['real-run-transcripts.jsonl', 'real-run-short2.jsonl']) {
    const run = path.join(root, 'bench', 'data', name);
    if (fs.existsSync(run)) jsonl(run, entry(rel(run)));
  }
  // the bundled demo (scripts/make-demo.sh, the real OpenClaw too): its JSONL-era transcripts and workspaces
  const demo = path.join(root, 'demo', 'openclaw-state');
  for (const f of files(path.join(demo, 'agents'), /\.jsonl$/)) jsonl(f, entry(rel(f)));
  for (const f of files(demo, /^workspace[^/]*\/.*\.md$/)) add(rel(f), 'prompt', fs.readFileSync(f, 'utf8'));

  const shared = path.resolve(root, '..', 'shared', 'openclaw-real-fixtures');
  const log = path.join(shared, 'llm', 'fake-llm-requests.trimmed.jsonl');
  if (fs.existsSync(log)) {
    jsonl(log, (r) => {
      const src = `shared/llm/${path.basename(log)}#${r.n}`;
      for (const m of r.body?.messages ?? []) message(src, m);
      for (const t of r.body?.tools?.full ?? []) if (t?.function?.description) add(src, 'tool', JSON.stringify(t.function));
    });
  }
  const traj = path.join(shared, 'trajectory-export', 'work-export');
  if (fs.existsSync(traj)) {
    for (const t of JSON.parse(fs.readFileSync(path.join(traj, 'tools.json'), 'utf8'))) add('shared/trajectory-export/tools.json', 'tool', JSON.stringify(t));
    jsonl(path.join(traj, 'events.jsonl'), (e) => message('shared/trajectory-export/events.jsonl', e.data?.message));
  }
  for (const f of files(path.join(shared, 'state', 'workspace'), /\.md$/)) add(`shared/${path.relative(shared, f)}`, 'prompt', fs.readFileSync(f, 'utf8'));

  return [...seen.values()].map((t) => ({ ...t, split: splitOf(t.text) }));
}

/** The committed texts: [{ text, cat, src, split }] (strings flattened as an extension gets them from JSON). */
export function loadRealTexts(file = REAL_TEXTS) {
  const texts = JSON.parse(fs.readFileSync(file, 'utf8')).texts;
  for (const t of texts) {
    t.text = flat(t.text);
    // the rule is fixed: a file edited by hand cannot move a text to the other side
    if (t.split !== splitOf(t.text)) throw new Error(`${file}: split of a text does not follow the rule (${JSON.stringify(t.text.slice(0, 40))})`);
  }
  return texts;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const texts = collectRealTexts();
  const body = {
    note: 'Real transcript texts for the token-estimator bench; written by scripts/corpus/real.mjs (see there). split: tune may be fitted on, heldout never. Texts whose src is test/fixtures/pi-samples/… are from badlogic/pi-mono, MIT, Copyright (c) 2025 Mario Zechner (see that folder\'s README).',
    texts,
  };
  fs.mkdirSync(path.dirname(REAL_TEXTS), { recursive: true });
  fs.writeFileSync(`${REAL_TEXTS}.tmp`, `${JSON.stringify(body, null, 1)}\n`);
  fs.renameSync(`${REAL_TEXTS}.tmp`, REAL_TEXTS);
  const by = {};
  for (const t of texts) {
    const k = `${t.cat}/${t.split}`;
    by[k] = (by[k] ?? 0) + 1;
  }
  console.log(`${texts.length} texts → ${path.relative(root, REAL_TEXTS)}`, by);
}
