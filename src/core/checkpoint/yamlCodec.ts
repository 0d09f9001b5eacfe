/**
 * Checkpoint <-> YAML (seed 001 §5.1), with the `yaml` package.
 *
 * Writing: keys in schema order (diff-friendly); free text as literal block scalars (`|`, with the
 * chomping/indentation indicators the value needs); tool names, ids, paths and timestamps double-quoted;
 * no anchors, aliases or tags. A value a block scalar cannot carry exactly (control characters, NUL, CR,
 * lone surrogates, whitespace-only lines …) is written double-quoted on one line with escapes instead.
 * Every document is read back and compared before it is returned; should that ever differ, the
 * document is written again with every string double-quoted (always exact).
 *
 * Reading: one document, YAML 1.2 core schema, unique keys, no anchors, aliases or explicit tags at all
 * (our writer never emits them, so an alias bomb or `!!js/function` is refused before anything is
 * resolved), no parser warnings, bounded size, then the strict v1 validator.
 */
import { Document, isAlias, parseDocument, Scalar, visit } from 'yaml';
import { canonicalCheckpoint, CheckpointValidationError, validateCheckpoint, type Checkpoint } from './schema';

/** Largest checkpoint file we parse (bytes). A normal checkpoint is 2–5 KB. */
export const MAX_CHECKPOINT_BYTES = 64 * 1024 * 1024;

// Characters a literal block cannot hold as-is (non-printable in YAML, or line breaks other than \n).
const NOT_BLOCK_SAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]|\p{Surrogate}/u;

/** A literal block scalar reproduces this string exactly. */
export function blockSafe(s: string): boolean {
  return s.length > 0 && !NOT_BLOCK_SAFE.test(s) && !/(?:^|\n)[ \t]+(?:\n|$)/.test(s);
}

const TO_STRING = { lineWidth: 0, minContentWidth: 0, doubleQuotedMinMultiLineLength: Number.MAX_SAFE_INTEGER } as const;

/** Paths of the free-text fields (block scalars). */
function blockPaths(c: Checkpoint): Array<Array<string | number>> {
  const out: Array<Array<string | number>> = [['working', 'topic'], ['working', 'next_action'], ['thread', 'summary']];
  if (c.working.last_tool_call) out.push(['working', 'last_tool_call', 'params_summary']);
  c.decisions.forEach((_, i) => out.push(['decisions', i, 'what']));
  c.thread.key_exchanges.forEach((_, i) => out.push(['thread', 'key_exchanges', i, 'gist']));
  c.open_items.forEach((_, i) => out.push(['open_items', i]));
  c.learnings.forEach((_, i) => out.push(['learnings', i]));
  return out;
}

function render(c: Checkpoint, allQuoted: boolean, isBlockSafe: (s: string) => boolean): string {
  const doc = new Document(c, { aliasDuplicateObjects: false });
  // Every string value double-quoted (ids, timestamps, enums, tool names, paths); keys stay plain.
  visit(doc, {
    Scalar(key, node) {
      if (key !== 'key' && typeof node.value === 'string') node.type = Scalar.QUOTE_DOUBLE;
    },
  });
  if (!allQuoted) {
    for (const p of blockPaths(c)) {
      const n = doc.getIn(p, true);
      if (n instanceof Scalar && typeof n.value === 'string' && isBlockSafe(n.value)) n.type = Scalar.BLOCK_LITERAL;
    }
  }
  return '# OpenClaw checkpoint (schema v1, seed 001 §5.3)\n' + doc.toString(TO_STRING);
}

export interface SerializeOptions {
  /** which strings the writer puts in block scalars (tests replace it to exercise the read-back fallback) */
  blockSafe?: (s: string) => boolean;
}

/**
 * The YAML text of a checkpoint: canonical key order, block scalars for free text, verified to read
 * back equal.
 */
export function serializeCheckpoint(cp: Checkpoint, opts: SerializeOptions = {}): string {
  const c = canonicalCheckpoint(cp);
  validateCheckpoint(c, `(checkpoint ${c.meta?.checkpoint_id ?? '?'} being written)`);
  const isBlockSafe = opts.blockSafe ?? blockSafe;
  let text = render(c, false, isBlockSafe);
  if ((opts.blockSafe || !plainOnly(c)) && !readsBack(text, c)) {
    text = render(c, true, blockSafe);
    if (!readsBack(text, c)) throw new Error(`checkpoint ${c.meta.checkpoint_id}: the YAML writer could not produce a document that reads back equal`);
  }
  return text;
}

// A single line without leading/trailing whitespace and without characters YAML escapes.
const PLAIN_LINE = /^(?:[^\s\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])(?:(?:[^\n\r\t\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*(?:[^\s\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff]))?$/;

/**
 * Every string is empty or one plain line (what the builder produces: gists are flattened). Such a
 * document needs no read-back check: a one-line literal block and a double-quoted string without
 * escapes are the simplest things the emitter writes (and the round-trip tests pin them down). Anything
 * else (hand-built checkpoints, control characters, multi-line text) is read back.
 */
function plainOnly(c: Checkpoint): boolean {
  let ok = true;
  const check = (v: unknown): void => {
    if (!ok) return;
    if (typeof v === 'string') {
      if (v !== '' && !PLAIN_LINE.test(v)) ok = false;
    } else if (Array.isArray(v)) v.forEach(check);
    else if (v && typeof v === 'object') for (const x of Object.values(v)) check(x);
  };
  check(c);
  return ok;
}

function readsBack(text: string, cp: Checkpoint): boolean {
  try {
    return deepEqual(parseCheckpointYaml(text, '(verify)'), cp);
  } catch {
    return false;
  }
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => deepEqual(x, bb[i]));
  }
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** A YAML document that is not acceptable as a checkpoint (syntax, aliases, tags …), before schema checks. */
export class CheckpointYamlError extends CheckpointValidationError {
  constructor(file: string, problem: string) {
    super(file, [{ field: '(document)', problem }]);
    this.name = 'CheckpointYamlError';
  }
}

/**
 * Parse and validate checkpoint YAML. Throws CheckpointValidationError (or its CheckpointYamlError
 * subclass) naming `file` and the field.
 */
export function parseCheckpointYaml(text: string, file: string): Checkpoint {
  if (text.length > MAX_CHECKPOINT_BYTES) throw new CheckpointYamlError(file, `too large (${text.length} chars; limit ${MAX_CHECKPOINT_BYTES})`);
  const doc = parseDocument(text, {
    version: '1.2',
    schema: 'core',
    merge: false,
    uniqueKeys: true,
    strict: true,
    prettyErrors: false,
    keepSourceTokens: false,
    stringKeys: true,
  });
  const first = doc.errors[0] ?? doc.warnings[0];
  if (first) throw new CheckpointYamlError(file, `YAML: ${first.message.split('\n')[0]}`);
  let refused: string | undefined;
  visit(doc, {
    Node(_k, node) {
      if (isAlias(node)) refused = `alias *${node.source} refused (checkpoints never use anchors or aliases)`;
      else if (node.anchor) refused = `anchor &${node.anchor} refused (checkpoints never use anchors or aliases)`;
      else if (node.tag) refused = `explicit tag ${node.tag} refused`;
      return refused ? visit.BREAK : undefined;
    },
  });
  if (refused) throw new CheckpointYamlError(file, refused);
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 0 });
  } catch (err) {
    throw new CheckpointYamlError(file, err instanceof Error ? err.message : String(err));
  }
  return validateCheckpoint(value, file);
}
