/**
 * Issue 6 item 5: the engine's permission denials and missing paths go to the agent's append-only
 * `memories/errors.md` (one line each, newest last), as seed 000 asks, so the agent reads them before it
 * retries what failed. Breaker trips are appended by the breaker itself. Each problem once per session of
 * the extension; never in an untrusted workspace; off with `openclawContext.memory.logEngineErrors`.
 */
import { Disposable } from '../shared/disposable';
import { appendEngineError } from '../../core/memory/errorsLog';
import { engineErrorFor, engineErrorKey } from '../../core/memory/engineErrors';
import { agentWorkspaces, writableDirOf, writesAllowed, type MemoryDeps } from './memoryShared';
import type { Diagnostic } from '../../core/store/types';

export class EngineErrorLog extends Disposable {
  private readonly done = new Set<string>();
  /** lines appended in this session (for the tests and the output channel) */
  readonly appended: Array<{ file: string; line: string }> = [];

  constructor(private readonly deps: MemoryDeps) {
    super();
    this.register(deps.diag.onDidReport((d) => void this.record(d)));
  }

  /** Log one engine diagnostic when it is a permission denial or a missing path (once per problem). */
  record(d: Diagnostic): { file: string; line: string } | undefined {
    const e = engineErrorFor(d);
    if (!e || !this.deps.settings().memory.logEngineErrors || !writesAllowed()) return undefined;
    const key = engineErrorKey(e);
    if (this.done.has(key)) return undefined;
    this.done.add(key);
    // the workspace of the state dir the problem is about, else the default agent's
    const all = agentWorkspaces(this.deps.service);
    const ws = all.find((w) => d.source.includes(w.stateDir) || d.message.includes(w.stateDir)) ?? all[0];
    const writable = ws && writableDirOf(ws); // never a folder standing in for a missing configured workspace
    if (!writable || 'error' in writable) return undefined;
    const r = appendEngineError(writable.dir, e);
    if (!r.written || !r.file) return undefined;
    const out = { file: r.file, line: r.line };
    this.appended.push(out);
    return out;
  }
}
