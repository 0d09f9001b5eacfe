/**
 * Running the CLI in a child process with a time limit and a memory limit: for inputs that, without the
 * guards, hang forever (a FIFO) or grow without end (/dev/zero, a zstd bomb). A hang or a blow-up then
 * fails the test instead of stalling or swamping the run.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tmpDir } from './helpers';

export interface ChildRun {
  argv: string[];
  code: number | null;
  out: string;
  err: string;
  ms: number;
  peakRssMb: number;
  /** killed: over the time limit ('timeout') or over the memory limit ('memory') */
  killed?: 'timeout' | 'memory';
  json: () => Record<string, unknown>;
}

const MAIN = path.join(__dirname, '..', '..', 'src', 'cli', 'main.js');

function rssKb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

export async function cliChild(argv: string[], opts: { timeoutMs?: number; maxRssMb?: number } = {}): Promise<ChildRun> {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const maxRssMb = opts.maxRssMb ?? 600;
  const t0 = Date.now();
  const child = spawn(process.execPath, [MAIN, ...argv], { env: { ...process.env, HOME: tmpDir('occtx-child-home-'), NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => void (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => void (err += d));
  let peak = 0;
  let killed: ChildRun['killed'];
  const watch = setInterval(() => {
    peak = Math.max(peak, rssKb(child.pid!));
    if (!killed && peak > maxRssMb * 1024) killed = 'memory';
    else if (!killed && Date.now() - t0 > timeoutMs) killed = 'timeout';
    if (killed) child.kill('SIGKILL');
  }, 25);
  const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
  clearInterval(watch);
  const run: ChildRun = { argv, code, out, err, ms: Date.now() - t0, peakRssMb: Math.round(peak / 1024), json: () => JSON.parse(out) as Record<string, unknown> };
  if (killed) run.killed = killed;
  return run;
}

/** A readable account of a run for assertion messages. */
export const describeRun = (r: ChildRun): string => `${r.argv.join(' ')} → exit ${r.code}${r.killed ? ` KILLED (${r.killed})` : ''} in ${r.ms} ms, ${r.peakRssMb} MB\n${r.err.slice(0, 1500)}`;
