/**
 * Running the CLI in-process for the unit tests (`cli(argv)` → exit code, stdout, stderr) and checking its JSON
 * outputs against schemas/cli/*.schema.json (a tiny validator for the subset of JSON Schema they use).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { main } from '../../../src/cli/main';
import type { CliIo } from '../../../src/cli/io';
import { repoPath, tmpDir } from '../helpers';

type Json = Record<string, unknown>;

// --- a tiny validator for the subset of JSON Schema the CLI's schemas use ---------------------------
const KNOWN = new Set(['$schema', '$id', 'title', 'description', 'type', 'const', 'enum', 'properties', 'required', 'additionalProperties', 'items', 'oneOf', 'pattern']);

function typeOk(v: unknown, t: string): boolean {
  switch (t) {
    case 'null': return v === null;
    case 'object': return !!v && typeof v === 'object' && !Array.isArray(v);
    case 'array': return Array.isArray(v);
    case 'integer': return typeof v === 'number' && Number.isInteger(v);
    case 'number': return typeof v === 'number' && Number.isFinite(v);
    case 'string': return typeof v === 'string';
    case 'boolean': return typeof v === 'boolean';
    default: throw new Error(`validator: unknown type ${t}`);
  }
}

export function validate(schema: Json, v: unknown, at = '$'): string[] {
  for (const k of Object.keys(schema)) if (!KNOWN.has(k)) throw new Error(`validator: unsupported keyword ${k} at ${at}`);
  const errs: string[] = [];
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    if (!types.some((t) => typeOk(v, t))) return [`${at}: expected ${types.join('|')}, got ${JSON.stringify(v)?.slice(0, 60)}`];
  }
  if ('const' in schema && JSON.stringify(v) !== JSON.stringify(schema.const)) errs.push(`${at}: expected ${JSON.stringify(schema.const)}`);
  if (schema.enum && !(schema.enum as unknown[]).some((e) => e === v)) errs.push(`${at}: ${JSON.stringify(v)} not in ${JSON.stringify(schema.enum)}`);
  if (typeof schema.pattern === 'string' && typeof v === 'string' && !new RegExp(schema.pattern, 'u').test(v)) errs.push(`${at}: ${v} does not match ${schema.pattern}`);
  if (typeOk(v, 'object')) {
    const o = v as Json;
    const props = (schema.properties ?? {}) as Record<string, Json>;
    for (const r of (schema.required ?? []) as string[]) if (!(r in o)) errs.push(`${at}: missing ${r}`);
    for (const [k, x] of Object.entries(o)) {
      if (props[k]) errs.push(...validate(props[k], x, `${at}.${k}`));
      else if (schema.additionalProperties === false) errs.push(`${at}: unexpected property ${k}`);
    }
  }
  if (Array.isArray(v) && schema.items) v.forEach((x, i) => errs.push(...validate(schema.items as Json, x, `${at}[${i}]`)));
  if (schema.oneOf) {
    const ok = (schema.oneOf as Json[]).filter((s) => validate(s, v, at).length === 0).length;
    if (ok !== 1) errs.push(`${at}: matches ${ok} of oneOf (want 1): ${(schema.oneOf as Json[]).map((s) => validate(s, v, at).slice(0, 2).join('; ')).join(' | ')}`);
  }
  return errs;
}

export const schemaOf = (name: string): Json => JSON.parse(fs.readFileSync(repoPath('schemas', 'cli', `${name}.schema.json`), 'utf8')) as Json;
export function assertSchema(name: string, doc: unknown): void {
  const errs = validate(schemaOf(name), doc);
  assert.deepEqual(errs, [], `${name}: ${errs.slice(0, 5).join('\n')}`);
}

// --- running the CLI in-process ------------------------------------------------------------------
export interface Run {
  code: number;
  out: string;
  err: string;
  json: () => Json;
}

export async function cli(argv: string[], over: Partial<CliIo> = {}): Promise<Run> {
  let out = '';
  let err = '';
  const io: CliIo = {
    stdout: (t) => void (out += t),
    stderr: (t) => void (err += t),
    env: { HOME: tmpDir('occtx-cli-home-') },
    isTTY: false,
    stdinIsTTY: true,
    cwd: process.cwd(),
    ...over,
  };
  const code = await main(argv, io);
  return { code, out, err, json: () => JSON.parse(out) as Json };
}

export const WORK = 'agent:main:work';
