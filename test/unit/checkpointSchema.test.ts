/**
 * Checkpoint schema v1 and its YAML: round trips on generated and hostile content, what the reader
 * refuses, and the shape of the written document (seed 001 §5.1, §5.3).
 */
import assert from 'node:assert/strict';
import { parseAllDocuments } from 'yaml';
import { canonicalCheckpoint, CheckpointValidationError, checkpointIssues, validateCheckpoint, type Checkpoint } from '../../src/core/checkpoint/schema';
import { blockSafe, CheckpointYamlError, parseCheckpointYaml, serializeCheckpoint } from '../../src/core/checkpoint/yamlCodec';
import { filledWith, seedExample } from './support/checkpoints';
import { seededRandom } from './helpers';

const roundTrip = (cp: Checkpoint): Checkpoint => parseCheckpointYaml(serializeCheckpoint(cp), 'mem.yaml');

const rng = seededRandom;

/** Pieces that break naive YAML writers. */
const HOSTILE = [
  'a: b', 'key: value # not a comment', '"quoted"', "'single'", '---', '...', '--- !!js/function "function(){}"', '!!js/function', '!!python/object:os.system',
  '&a', '*a', '&a [*a, *a]', '<<: *a', '{a: 1}', '[1, 2]', '- item', '? complex', '| block', '> folded', '%YAML 1.1', '@at', '`tick`', '#', '# comment',
  'null', '~', 'true', 'no', 'yes', 'on', '0x1F', '1e3', '.inf', '-.NaN', '012', '2026-02-24', '', ' ', '  ', '\t', '\n', '\n\n', ' \n', '\r\n', '\r', '\u0000', '\u0001',
  '\u0007', '\u001b[31m', '\u007f', '\u0085', '\u00a0', '\u2028', '\u2029', '\ufeff', '\ufffe', '\ud800', '\udc00', '😀', '👩‍👩‍👧‍👦', '中文', '日本語テキスト', '한국어', 'العربية',
  '\\', '\\n', '\\x00', '%', '${env:HOME}', '../..', 'C:\\Windows', '<script>', 'x'.repeat(300),
];

function hostileString(r: () => number): string {
  let s = '';
  const n = 1 + Math.floor(r() * 12);
  for (let i = 0; i < n; i++) s += HOSTILE[Math.floor(r() * HOSTILE.length)]! + (r() < 0.3 ? '\n' : r() < 0.5 ? ' ' : '');
  return s;
}

describe('checkpoint schema v1: YAML round trip', function () {
  it('the seed §5.3 example round-trips exactly', function () {
    assert.deepEqual(roundTrip(seedExample()), seedExample());
  });

  it('each hostile piece, in every free-text, key-like and list field, round-trips exactly', function () {
    for (const h of HOSTILE) {
      const cp = filledWith(h);
      assert.deepEqual(roundTrip(cp), cp, JSON.stringify(h));
    }
  });

  it('2,000 generated mixtures of hostile pieces round-trip exactly', function () {
    const r = rng(7);
    for (let i = 0; i < 2000; i++) {
      const s = hostileString(r);
      const cp = filledWith(s);
      assert.deepEqual(roundTrip(cp), cp, JSON.stringify(s));
    }
  });

  it('random code units (every BMP class, lone surrogates, controls) round-trip exactly', function () {
    const r = rng(11);
    for (let i = 0; i < 500; i++) {
      let s = '';
      const n = Math.floor(r() * 40);
      for (let j = 0; j < n; j++) s += String.fromCharCode(r() < 0.5 ? Math.floor(r() * 128) : Math.floor(r() * 65536));
      const cp = filledWith(s);
      assert.deepEqual(roundTrip(cp), cp, JSON.stringify(s));
    }
  });

  it('a 10 MB string (CJK, emoji, newlines) and a 10 MB control-character string round-trip', function () {
    this.timeout(120_000);
    const big = ('Plan: 中文 😀 "q" a: b\n- [ ] x\n').repeat(Math.ceil((10 * 1024 * 1024) / 28)).slice(0, 10 * 1024 * 1024);
    const cp = filledWith('x');
    cp.working.topic = big;
    assert.equal(roundTrip(cp).working.topic, big);
    const ctl = '\u0000\u0001\r'.repeat(3_500_000);
    const cp2 = filledWith('x');
    cp2.learnings = [ctl];
    assert.equal(roundTrip(cp2).learnings[0], ctl);
  });

  it('numbers keep their value (utilization, large token counts)', function () {
    const cp = seedExample();
    cp.meta.token_usage = { input_tokens: 9_007_199_254_740_991, context_window: 1_000_000, utilization: 0.123456789 };
    assert.deepEqual(roundTrip(cp).meta.token_usage, cp.meta.token_usage);
  });
});

describe('checkpoint schema v1: the written document', function () {
  const text = serializeCheckpoint(seedExample());

  it('is one YAML document with keys in schema order, whatever order the object had', function () {
    assert.equal(parseAllDocuments(text).length, 1);
    const keys = [...text.matchAll(/^([a-z_]+):/gm)].map((m) => m[1]);
    assert.deepEqual(keys, ['schema', 'schema_version', 'meta', 'working', 'decisions', 'resources', 'thread', 'open_items', 'learnings']);
    const s = seedExample();
    const shuffled = { learnings: s.learnings, open_items: s.open_items, thread: s.thread, resources: s.resources, decisions: s.decisions, working: { ...s.working }, meta: Object.fromEntries(Object.entries(s.meta).reverse()), schema_version: 1, schema: s.schema } as Checkpoint;
    assert.equal(serializeCheckpoint(shuffled), text, 'same bytes for the same content');
  });

  it('free text is in block scalars; tool names, ids, timestamps and enums are double-quoted', function () {
    assert.match(text, /^ {2}topic: \|\n {4}Helping user plan a trip to Japan\n/m);
    assert.match(text, /^ {2}next_action: \|\n/m);
    assert.match(text, /^ {4}what: \|\n {6}User prefers budget options over luxury\n/m);
    assert.match(text, /^ {2}summary: \|\n/m);
    assert.match(text, /^ {6}gist: \|\n/m);
    assert.match(text, /^ {2}- \|-\n {4}Visa requirements for Serbian passport$/m);
    assert.match(text, /^ {4}- "web_search"\n {4}- "memory_search"$/m);
    assert.match(text, /^ {2}checkpoint_id: "cp_003"$/m);
    assert.match(text, /^ {2}created_at: "2026-02-24T15:30:00Z"$/m);
    assert.match(text, /^ {2}trigger: "auto-80pct"$/m);
    assert.match(text, /^ {2}compaction_count: 2$/m);
    assert.doesNotMatch(text, /[&*!]\w/, 'no anchors, aliases or tags');
  });

  it('text from the conversation never becomes a key: every key is a schema field', function () {
    const evil = 'evil_key: 1\nschema: hacked\n  nested: x\n---\nother: doc';
    const t = serializeCheckpoint(filledWith(evil));
    const allowed = new Set(['schema', 'schema_version', 'meta', 'checkpoint_id', 'session_key', 'session_file', 'created_at', 'trigger', 'compaction_count', 'token_usage', 'input_tokens', 'context_window', 'utilization', 'previous_checkpoint', 'channel', 'agent_id', 'working', 'topic', 'status', 'interrupted', 'last_tool_call', 'name', 'params_summary', 'next_action', 'decisions', 'id', 'what', 'when', 'resources', 'files_read', 'files_modified', 'tools_used', 'thread', 'summary', 'key_exchanges', 'role', 'gist', 'open_items', 'learnings']);
    const doc = parseAllDocuments(t);
    assert.equal(doc.length, 1);
    const keys: string[] = [];
    const walk = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) keys.push(k), walk(x);
    };
    walk(doc[0]!.toJS());
    assert.deepEqual(keys.filter((k) => !allowed.has(k)), []);
    assert.equal(parseCheckpointYaml(t, 'x').working.topic, evil);
  });

  it('values a block scalar cannot carry are written double-quoted with escapes', function () {
    for (const s of ['\u0000', ' ', 'a\r\nb', '\ud800', 'x\n \ny', '']) assert.equal(blockSafe(s), false, JSON.stringify(s));
    for (const s of ['plain', 'a: b', 'multi\nline\n', '  indented', '中文 😀', '---\n...']) assert.equal(blockSafe(s), true, JSON.stringify(s));
    const t = serializeCheckpoint(filledWith('nul\u0000here'));
    assert.match(t, /topic: "nul\\0here"/);
  });

  it('the read-back check catches a writer mistake: the document is written again, all quoted', function () {
    const cp = filledWith(' '); // yaml writes a whitespace-only block line that reads back empty
    const text = serializeCheckpoint(cp, { blockSafe: () => true }); // pretend every string fits a block scalar
    assert.deepEqual(parseCheckpointYaml(text, 'x'), cp);
    assert.doesNotMatch(text, /: \|/, 'no block scalars in the fallback');
  });

  it('canonicalCheckpoint drops unknown fields of a hand-built object', function () {
    const cp = { ...seedExample(), extra: 1, meta: { ...seedExample().meta, injected: 'x' } } as unknown as Checkpoint;
    assert.deepEqual(canonicalCheckpoint(cp), seedExample());
  });

  it('an invalid object is refused before anything is written', function () {
    const cp = seedExample();
    (cp.meta as { trigger: string }).trigger = 'whenever';
    assert.throws(() => serializeCheckpoint(cp), (e: unknown) => e instanceof CheckpointValidationError && e.field === 'meta.trigger');
  });
});

describe('checkpoint schema v1: the reader refuses', function () {
  const valid = serializeCheckpoint(seedExample());
  const refuse = (text: string, re: RegExp, file = 'cp_009.yaml') =>
    assert.throws(
      () => parseCheckpointYaml(text, file),
      (e: unknown) => e instanceof CheckpointValidationError && e.message.startsWith(`${file}: invalid checkpoint: `) && re.test(e.message),
    );

  it('alias bombs (billion laughs) before expanding anything', function () {
    const bomb = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 0; i < 9; i++) bomb.push(`${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(9).fill(`*${String.fromCharCode(97 + i)}`).join(',')}]`);
    const t0 = performance.now();
    refuse(bomb.join('\n') + '\n', /alias|anchor/);
    assert.ok(performance.now() - t0 < 1000, 'refused quickly');
    refuse(valid.replace('schema_version: 1', 'schema_version: &v 1\nx: *v'), /anchor|alias/);
    refuse(valid.replace('schema_version: 1', 'schema_version: &v 1'), /anchor &v refused/, 'cp_009.yaml');
  });

  it('explicit tags (!!js/function, !!python/object, custom !tags, even !!str)', function () {
    refuse(valid.replace(/topic: \|\n {4}Helping user plan a trip to Japan\n/, 'topic: !!js/function "function(){ return 1 }"\n'), /tag/);
    refuse(valid.replace(/topic: \|\n {4}Helping user plan a trip to Japan\n/, 'topic: !!python/object:os.system "ls"\n'), /tag/);
    refuse(valid.replace(/topic: \|\n {4}Helping user plan a trip to Japan\n/, 'topic: !custom x\n'), /tag/);
    refuse(valid.replace(/topic: \|\n {4}Helping user plan a trip to Japan\n/, 'topic: !!str x\n'), /tag/);
  });

  it('several documents, duplicate keys, merge keys, syntax errors', function () {
    refuse(valid + '---\nschema: x\n', /YAML/);
    refuse(valid.replace('schema_version: 1', 'schema_version: 1\nschema_version: 1'), /YAML/);
    refuse(valid.replace('meta:', 'base: {a: 1}\nmeta:'), /unknown field/);
    refuse('schema: [unclosed\n', /YAML/);
    refuse('', /expected a mapping/);
  });

  it('__proto__ and constructor keys are unknown fields, and nothing is polluted', function () {
    refuse(valid.replace('meta:', '__proto__: {polluted: 1}\nmeta:'), /__proto__.*unknown field/);
    refuse(valid.replace('  agent_id: "default"', '  agent_id: "default"\n  constructor: {prototype: {polluted: 1}}'), /meta\.constructor.*unknown field/);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('each schema violation names the field', function () {
    const cases: Array<[string, string, RegExp]> = [
      ['schema: "openclaw/checkpoint"', 'schema: "other"', /: schema: expected "openclaw\/checkpoint"/],
      ['schema_version: 1', 'schema_version: 2', /schema_version: unsupported version 2/],
      ['checkpoint_id: "cp_003"', 'checkpoint_id: "../etc"', /meta\.checkpoint_id: expected an id/],
      ['input_tokens: 162431', 'input_tokens: "many"', /meta\.token_usage\.input_tokens: expected an integer/],
      ['input_tokens: 162431', 'input_tokens: -1', /meta\.token_usage\.input_tokens: expected an integer ≥ 0/],
      ['utilization: 0.81', 'utilization: .nan', /meta\.token_usage\.utilization: expected a number/],
      ['created_at: "2026-02-24T15:30:00Z"', 'created_at: "yesterday"', /meta\.created_at: expected an ISO-8601/],
      ['trigger: "auto-80pct"', 'trigger: "nightly"', /meta\.trigger: expected one of auto-80pct \| compaction \| session-end \| manual/],
      ['previous_checkpoint: "cp_002"', 'previous_checkpoint: 2', /meta\.previous_checkpoint/],
      ['status: "in_progress"', 'status: "busy"', /working\.status: expected one of/],
      ['interrupted: false', 'interrupted: "no"', /working\.interrupted: expected true or false/],
      ['  - id: "d1"', '  - id: "decision-1"', /decisions\[0\]\.id/],
      ['    - "web_search"', '    - 42', /resources\.tools_used\[0\]: expected a string/],
      ['    - role: "user"', '    - role: "system"', /thread\.key_exchanges\[0\]\.role/],
      ['  agent_id: "default"\n', '', /meta\.agent_id: missing/],
    ];
    for (const [from, to, re] of cases) {
      assert.ok(valid.includes(from), from);
      refuse(valid.replace(from, to), re);
    }
  });

  it('lists over the caps (50 decisions, 8 exchanges, 100 files/tools)', function () {
    const cp = seedExample();
    cp.thread.key_exchanges = Array.from({ length: 9 }, () => ({ role: 'user' as const, gist: 'x' }));
    assert.match(checkpointIssues(cp)[0]!.problem, /at most 8/);
    cp.thread.key_exchanges = [];
    cp.resources.tools_used = Array.from({ length: 101 }, (_, i) => `t${i}`);
    assert.equal(checkpointIssues(cp)[0]!.field, 'resources.tools_used');
    cp.resources.tools_used = [];
    cp.decisions = Array.from({ length: 51 }, (_, i) => ({ id: `d${i + 1}`, what: 'x', when: '2026-01-01T00:00:00Z' }));
    assert.equal(checkpointIssues(cp)[0]!.field, 'decisions');
  });

  it('validateCheckpoint collects every issue and names the file', function () {
    const e = (() => {
      try {
        validateCheckpoint({ schema: 'x', meta: 1 }, '/s/cp_001.yaml');
      } catch (err) {
        return err as CheckpointValidationError;
      }
      return undefined;
    })();
    assert.ok(e instanceof CheckpointValidationError);
    assert.equal(e.file, '/s/cp_001.yaml');
    assert.ok(e.issues.length >= 5, String(e.issues.length));
    assert.match(e.message, /^\/s\/cp_001\.yaml: invalid checkpoint: /);
    assert.ok(!(e instanceof CheckpointYamlError));
  });
});
