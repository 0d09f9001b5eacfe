/** What the CLI talks to: injectable so tests run it in-process. */
import * as fs from 'node:fs';

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
}

export function processIo(): CliIo {
  return {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
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
        process.stderr.write(question);
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
      if (!process.env.OPENCLAW_CONTEXT_QUIET) process.stderr.write(`${process.stderr.isTTY ? '\u001b[2m' : ''}… ${message}${process.stderr.isTTY ? '\u001b[0m' : ''}\n`);
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
