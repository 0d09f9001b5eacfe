/** What the CLI talks to: injectable so tests run it in-process. */
import * as fs from 'node:fs';
import { SecretSet, terminalSafe } from '../core/gateway/redact';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: Record<string, string | undefined>;
  /** stdout is a terminal (colours only then, and never with NO_COLOR) */
  isTTY?: boolean;
  /** stdin is a terminal (then `estimate` without a file is a usage error, not a hang) */
  stdinIsTTY?: boolean;
  readStdin?: () => Promise<string>;
  cwd?: string;
  now?: () => number;
  /** ask a question on a terminal (stderr) and read one line from stdin */
  prompt?: (question: string) => Promise<string>;
  /** progress of long work: one line on stderr (never on stdout, so --json stays parseable) */
  progress?: (message: string) => void;
  /** the secrets known so far (env, --token-env, configs read, the Gateway client's); `guardedIo` redacts them from every output */
  secrets?: SecretSet;
}

/**
 * The io a command runs with: everything it writes (stdout, stderr, progress, prompts) has every known secret
 * redacted, in every form, when it is written — secrets learnt later (a config, a device token) count from then
 * on — and terminal control sequences other than our own colours neutralised. JSON output is redacted too.
 */
export function guardedIo(io: CliIo, secrets: SecretSet = new SecretSet()): CliIo & { secrets: SecretSet } {
  const safe = (t: string) => terminalSafe(secrets.redact(t));
  return {
    ...io,
    secrets,
    stdout: (t) => io.stdout(safe(t)),
    stderr: (t) => io.stderr(safe(t)),
    ...(io.progress ? { progress: (m: string) => io.progress!(safe(m)) } : {}),
    ...(io.prompt ? { prompt: (q: string) => io.prompt!(safe(q)) } : {}),
  };
}

/**
 * A writer to a standard stream that stops writing once the reader has gone (`openclaw-context sessions | head -1`:
 * EPIPE), instead of dying with an unhandled 'error' event and a stack trace; the command itself runs to its end
 * (a writer never stops half-way because nobody reads its report) and exits with its own code.
 */
export function pipeSafeWriter(stream: NodeJS.WriteStream): (t: string) => void {
  let closed = false;
  stream.on('error', () => {
    closed = true;
  });
  return (t) => {
    if (!closed) stream.write(t);
  };
}

export function processIo(): CliIo {
  const stderr = pipeSafeWriter(process.stderr);
  return {
    stdout: pipeSafeWriter(process.stdout),
    stderr,
    env: process.env,
    isTTY: !!process.stdout.isTTY,
    stdinIsTTY: !!process.stdin.isTTY,
    readStdin: () => new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      process.stdin.on('data', (c: Buffer) => chunks.push(c));
      process.stdin.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      process.stdin.on('error', reject);
    }),
    cwd: process.cwd(),
    prompt: (question) =>
      new Promise((resolve) => {
        stderr(question);
        let buf = '';
        const onData = (c: Buffer) => {
          buf += c.toString('utf8');
          const nl = buf.indexOf('\n');
          if (nl >= 0) {
            process.stdin.off('data', onData);
            process.stdin.pause();
            resolve(buf.slice(0, nl));
          }
        };
        process.stdin.on('data', onData);
        process.stdin.resume();
      }),
    progress: (message) => {
      if (!process.env.OPENCLAW_CONTEXT_QUIET) stderr(`${process.stderr.isTTY ? '\u001b[2m' : ''}… ${message}${process.stderr.isTTY ? '\u001b[0m' : ''}\n`);
    },
  };
}

/** NO_COLOR (any non-empty value) and non-TTY output turn colours off. */
export function useColor(io: CliIo): boolean {
  return !!io.isTTY && !io.env.NO_COLOR;
}

const CODES = { red: 31, yellow: 33, green: 32, magenta: 35, dim: 2, bold: 1 } as const;
export type Color = keyof typeof CODES;

export function painter(on: boolean): (c: Color, s: string) => string {
  return on ? (c, s) => `\u001b[${CODES[c]}m${s}\u001b[0m` : (_c, s) => s;
}

/** Strip control characters from text coming from transcripts before it reaches a terminal. */
export function clean(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '�');
}

/** A plain text table; `raw` are the visible strings, `cells` may hold colour codes. */
export function table(head: string[], rows: Array<Array<{ raw: string; cell?: string }>>): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.raw.length ?? 0)));
  const line = (cells: Array<{ raw: string; cell?: string }>) =>
    cells.map((c, i) => (i === cells.length - 1 ? c.cell ?? c.raw : (c.cell ?? c.raw) + ' '.repeat(widths[i]! - c.raw.length))).join('  ').trimEnd();
  return [line(head.map((h) => ({ raw: h }))), ...rows.map(line)].join('\n') + '\n';
}
