/**
 * A small argument parser for the CLI (no dependency): `--name value`, `--name=value`, boolean flags,
 * repeatable options, `--` ends options, `-h` is `--help`. Global options are accepted anywhere.
 */

export class UsageError extends Error {
  readonly exitCode = 2;
}

/** A store or state dir that cannot be read (exit 3). */
export class StoreError extends Error {
  readonly exitCode = 3;
}

export interface OptionSpec {
  name: string;
  type: 'boolean' | 'string' | 'number';
  repeatable?: boolean;
  /** `<value>` placeholder in help */
  arg?: string;
  help: string;
}

export interface Parsed {
  positionals: string[];
  /** boolean → true; string/number → last value; repeatable → array */
  options: Record<string, boolean | string | number | string[]>;
}

export const GLOBAL_OPTIONS: OptionSpec[] = [
  { name: 'state-dir', type: 'string', repeatable: true, arg: '<dir>', help: 'OpenClaw state dir (repeatable). Default: $OPENCLAW_STATE_DIR, else ~/.openclaw, else ~/.clawdbot' },
  { name: 'agent', type: 'string', arg: '<id>', help: 'only sessions of this agent id' },
  { name: 'gateway', type: 'string', arg: '<url>', help: 'the OpenClaw Gateway to use when OpenClaw owns the store (default: ws://127.0.0.1:<gateway.port of the config, else 18789>); with no local state dir, status, sessions, show, compact and undo-compact read that (remote) Gateway\'s sessions' },
  { name: 'token-env', type: 'string', arg: '<VAR>', help: 'the environment variable holding the Gateway token (default OPENCLAW_GATEWAY_TOKEN, then the local config\'s gateway.auth.token)' },
  { name: 'json', type: 'boolean', help: 'print one JSON document on stdout (stable shape, see its schema)' },
  { name: 'help', type: 'boolean', help: 'show help for the command' },
];

const MAX_ARG_CHARS = 4096;

export function parseArgs(argv: readonly string[], specs: readonly OptionSpec[]): Parsed {
  const byName = new Map(specs.map((s) => [s.name, s]));
  const out: Parsed = { positionals: [], options: {} };
  let onlyPositionals = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.length > MAX_ARG_CHARS) throw new UsageError(`argument ${i + 1} is ${a.length} characters long (limit ${MAX_ARG_CHARS})`);
    if (a.includes('\0')) throw new UsageError(`argument ${i + 1} contains a NUL character`);
    if (onlyPositionals || a === '-' || !a.startsWith('-')) {
      out.positionals.push(a);
      continue;
    }
    if (a === '--') {
      onlyPositionals = true;
      continue;
    }
    if (a === '-h') {
      out.options.help = true;
      continue;
    }
    if (!a.startsWith('--')) throw new UsageError(`unknown option ${JSON.stringify(a)} (options are spelled --name)`);
    const eq = a.indexOf('=');
    const name = a.slice(2, eq < 0 ? undefined : eq);
    const spec = byName.get(name);
    if (!spec) throw new UsageError(`unknown option --${name}${suggest(name, specs)}`);
    let value: string | undefined = eq < 0 ? undefined : a.slice(eq + 1);
    if (spec.type === 'boolean') {
      if (value !== undefined) throw new UsageError(`--${name} takes no value`);
      out.options[name] = true;
      continue;
    }
    if (value === undefined) {
      const next = argv[i + 1];
      if (next === undefined || (next.startsWith('--') && next.length > 2)) throw new UsageError(`--${name} needs a value ${spec.arg ?? ''}`.trimEnd());
      value = next;
      i++;
    }
    if (value.length > MAX_ARG_CHARS) throw new UsageError(`--${name}: value too long`);
    if (spec.type === 'number') {
      const n = Number(value);
      if (value.trim() === '' || !Number.isFinite(n)) throw new UsageError(`--${name} needs a number, got ${JSON.stringify(value)}`);
      out.options[name] = n;
    } else if (spec.repeatable) {
      const prev = out.options[name];
      out.options[name] = [...(Array.isArray(prev) ? prev : []), value];
    } else out.options[name] = value;
  }
  return out;
}

function suggest(name: string, specs: readonly OptionSpec[]): string {
  const close = specs.find((s) => s.name.startsWith(name) || name.startsWith(s.name));
  return close ? ` (did you mean --${close.name}?)` : '';
}
