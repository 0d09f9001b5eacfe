/**
 * `openclaw-context`: the engine from a terminal, for people and for agents. `main(argv, io)` is the
 * whole CLI (tests call it in-process); the bundle (dist/cli.js) runs it on process.argv.
 *
 * Exit codes: 0 ok · 1 a check failed (e.g. `status --fail-over`) · 2 usage error · 3 store unavailable.
 */
import { GLOBAL_OPTIONS, parseArgs, StoreError, UsageError, type OptionSpec } from './args';
import { COMMANDS } from './commands';
import { CLI_NAME, JSON_VERSION, type Command } from './common';
import { redact } from '../core/gateway/redact';
import { guardedIo, processIo, type CliIo } from './io';
import { isUnsafePathError } from '../core/fs/safePath';
import { MemoryWriteError } from '../core/memory/fsSafe';
import type { GlobalOptions } from './session';

export const EXIT = { ok: 0, checkFailed: 1, usage: 2, store: 3 } as const;

function optionLines(specs: readonly OptionSpec[]): string[] {
  const left = specs.map((s) => `--${s.name}${s.arg ? ` ${s.arg}` : ''}`);
  const w = Math.max(...left.map((l) => l.length));
  return specs.map((s, i) => `  ${left[i]!.padEnd(w)}  ${s.help}`);
}

export function commandHelp(c: Command): string {
  return [
    `${CLI_NAME} ${c.name}: ${c.purpose}`,
    '',
    `Usage: ${CLI_NAME} ${c.usage} [--state-dir <dir>]… [--agent <id>] [--json]`,
    '',
    'Options:',
    ...optionLines([...c.options, ...GLOBAL_OPTIONS]),
    '',
    'Example:',
    `  ${c.example}`,
    '',
    `JSON (--json, schema schemas/cli/${c.name}.schema.json):`,
    `  ${c.jsonShape}`,
    '',
    `Exit codes: ${c.exitCodes ?? '0 ok · 2 usage error (bad arguments, unknown session) · 3 state dir or store unavailable'}`,
    '',
  ].join('\n');
}

export function mainHelp(): string {
  const w = Math.max(...COMMANDS.map((c) => c.usage.length));
  return [
    `${CLI_NAME}: how full an OpenClaw agent's context window is, what is in it, what compaction would drop — and the memory the agent keeps.`,
    'Reads OpenClaw state with the same discovery as the VS Code extension. Commands that change a session (compact, undo-compact,',
    'checkpoint restore) plan first and write only with --yes (or a y/N on a terminal), never while OpenClaw owns the store: then',
    'through its Gateway when one is reachable, else they stop with exit 3.',
    '',
    `Usage: ${CLI_NAME} <command> [arguments] [options]`,
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.usage.padEnd(w)}  ${c.purpose}`),
    '',
    'Global options:',
    ...optionLines(GLOBAL_OPTIONS),
    '',
    'Example:',
    `  ${CLI_NAME} status --json --fail-over 80`,
    '',
    `Every command takes --help (options, an example, its JSON shape). --json prints one JSON document {"command","version":${JSON_VERSION},…};`,
    'on an error it prints {"command","version","error":{"exitCode","message"}} and the message also goes to stderr.',
    'Colours only on a terminal, never with NO_COLOR.',
    'Exit codes: 0 ok · 1 a check failed (e.g. status --fail-over) · 2 usage error · 3 state dir or store unavailable.',
    '',
  ].join('\n');
}

function errorJson(command: string | undefined, exitCode: number, message: string): string {
  return JSON.stringify({ command: command ?? null, version: JSON_VERSION, error: { exitCode, message } }, null, 2) + '\n';
}

/** Run the CLI; returns the exit code. Never throws. */
export async function main(argv: readonly string[], rawIo: CliIo): Promise<number> {
  const io = guardedIo(rawIo, rawIo.secrets);
  io.secrets.addEnv(io.env);
  const wantsJson = argv.includes('--json');
  // the command is the first positional (global options may come before it)
  let first = -1;
  for (let i = 0; i < argv.length && first < 0; i++) {
    if (argv[i] === '--') break;
    if (!argv[i]!.startsWith('-') && !isOptionValue(argv, i)) first = i;
  }
  const name = first >= 0 ? argv[first] : undefined;
  const cmd = COMMANDS.find((c) => c.name === name);
  const label = cmd && cmd.name === 'checkpoint' ? `checkpoint ${argv[first + 1] ?? ''}`.trim() : cmd?.name;
  try {
    if (!cmd) {
      const g = parseArgs(argv, GLOBAL_OPTIONS);
      if (name === undefined || name === 'help') {
        const topic = name === 'help' ? COMMANDS.find((c) => c.name === g.positionals[1]) : undefined;
        if (name === undefined && !g.options.help) {
          io.stderr(mainHelp());
          return EXIT.usage;
        }
        io.stdout(topic ? commandHelp(topic) : mainHelp());
        return EXIT.ok;
      }
      throw new UsageError(`unknown command ${JSON.stringify(name)}; commands: ${COMMANDS.map((c) => c.name).join(', ')}. Run \`${CLI_NAME} --help\`.`);
    }
    const rest = [...argv.slice(0, first), ...argv.slice(first + 1)];
    const parsed = parseArgs(rest, [...cmd.options, ...GLOBAL_OPTIONS]);
    if (parsed.options.help) {
      io.stdout(commandHelp(cmd));
      return EXIT.ok;
    }
    const g: GlobalOptions = {
      stateDirs: (parsed.options['state-dir'] as string[] | undefined) ?? [],
      json: parsed.options.json === true,
    };
    const gw = parsed.options.gateway as string | undefined;
    if (gw !== undefined) {
      if (!/^wss?:\/\/[^\s/]+/i.test(gw)) throw new UsageError(`--gateway must be a ws:// or wss:// URL, got ${JSON.stringify(redact(gw))}`);
      g.gateway = gw;
    }
    const tokenEnv = parsed.options['token-env'] as string | undefined;
    if (tokenEnv !== undefined) {
      if (!/^[A-Za-z_][A-Za-z0-9_]{0,127}$/.test(tokenEnv)) throw new UsageError(`--token-env must name an environment variable, got ${JSON.stringify(tokenEnv)}`);
      g.tokenEnv = tokenEnv;
      io.secrets.addEnv(io.env, tokenEnv);
    }
    const agent = parsed.options.agent as string | undefined;
    if (agent !== undefined) {
      if (!/^[a-z0-9][a-z0-9_-]{0,63}$/i.test(agent)) throw new UsageError(`--agent must be an agent id (letters, digits, _ and -), got ${JSON.stringify(agent)}`);
      g.agent = agent;
    }
    const r = await cmd.run(parsed, g, io);
    for (const w of r.warnings ?? []) io.stderr(`warning: ${w}\n`);
    io.stdout(g.json ? JSON.stringify(r.json, null, 2) + '\n' : r.text);
    return r.exitCode;
  } catch (err) {
    const code = err instanceof UsageError || err instanceof StoreError ? err.exitCode : EXIT.store;
    const msg = err instanceof Error ? err.message : String(err);
    // a refused path (a link leading out of the state dir or workspace) is a clear message, not a crash
    const known = err instanceof UsageError || err instanceof StoreError || isUnsafePathError(err) || err instanceof MemoryWriteError;
    io.stderr(`${CLI_NAME}${label ? ` ${label}` : ''}: ${known ? '' : 'unexpected error: '}${msg}\n${code === EXIT.usage ? `Run \`${CLI_NAME} ${cmd ? `${cmd.name} ` : ''}--help\` for usage.\n` : ''}`);
    if (wantsJson) io.stdout(errorJson(label, code, msg));
    return code;
  }
}

/** A positional right after an option that takes a value is that value, not the command. */
function isOptionValue(argv: readonly string[], i: number): boolean {
  const prev = argv[i - 1];
  if (!prev || !prev.startsWith('--') || prev.includes('=')) return false;
  const spec = GLOBAL_OPTIONS.find((s) => `--${s.name}` === prev);
  return !!spec && spec.type !== 'boolean';
}

if (require.main === module) {
  main(process.argv.slice(2), processIo()).then(
    (code) => {
      process.exitCode = code;
    },
    (err) => {
      process.stderr.write(`${CLI_NAME}: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
      process.exitCode = 3;
    },
  );
}
