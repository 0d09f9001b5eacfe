/**
 * Exact token counts on demand: "Count Tokens Exactly" (the active editor's selection or file) and
 * "Count Active Session Exactly". The tokenizer (gpt-tokenizer, one bundle per vocabulary:
 * dist/tokenizer-o200k.js, dist/tokenizer-cl100k.js) runs in a worker thread started on the first
 * count, reused, and ended after a minute idle and on deactivate. Activation creates no worker and
 * loads no vocabulary. The guard, the batching and the messages are pure (src/core/tokens/exact.ts).
 */
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import * as vscode from 'vscode';
import { Disposable } from '../shared/disposable';
import type { SessionState } from '../../core/context/model';
import { familyFor, type EstimatorFamily } from '../../core/tokens/estimator';
import { countExactly, exactFamilyFor, formatExactResult, formatSessionResult, modelTexts, type ExactCountResult, type ExactFamily } from '../../core/tokens/exact';
import type { ContextService } from './service';
import { SECTION } from '../shared/settings';
import { chooseSession } from './sessionPicker';
import type { UiSeam } from '../shared/ui';

export const IDLE_MS = 60_000;
const DEFAULT_MAX_CHARS = 5_000_000;
/** entries loaded per step when reading a session's full JSON */
const LOAD_STEP = 200;

/** The count was refused (over `exactCount.maxChars`); the user was told. */
class RefusedError extends Error {}

export interface ExactSessionResult extends ExactCountResult {
  key: string;
  uid: string;
  /** context items counted */
  messages: number;
  /** pi's chars/4 over the same items (what OpenClaw estimates) */
  piTokens: number;
}

/** What the extension API exposes (tests, other extensions). */
export interface ExactCountApi {
  /** true once a tokenizer worker was started; activation never starts one */
  readonly workerStarted: boolean;
  /** workers alive now (0 after the idle timeout) */
  readonly liveWorkers: number;
  /** how many workers were started so far */
  readonly workerStarts: number;
  /** ms from starting the last worker to its first answer (load + vocabulary + first count) */
  readonly lastStartupMs: number | undefined;
  /** count texts exactly (each on its own, summed) */
  count(texts: readonly string[], family: EstimatorFamily): Promise<ExactCountResult>;
}

interface Pending {
  resolve: (n: number) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
  idle?: NodeJS.Timeout;
  /** performance.now() at start, until the first answer */
  startedAt?: number;
}

/** One worker per vocabulary, started on demand. */
export class TokenizerWorkers extends Disposable {
  private readonly slots = new Map<ExactFamily, Slot>();
  private nextId = 1;
  starts = 0;
  lastStartupMs: number | undefined;

  constructor(
    private readonly distDir: string,
    private readonly idleMs = IDLE_MS,
  ) {
    super();
  }

  get live(): number {
    return this.slots.size;
  }

  private slot(family: ExactFamily): Slot {
    let s = this.slots.get(family);
    if (s) return s;
    const worker = new Worker(path.join(this.distDir, `tokenizer-${family}.js`));
    this.starts++;
    const slot: Slot = { worker, pending: new Map(), startedAt: performance.now() };
    const fail = (err: Error) => {
      if (this.slots.get(family) === slot) this.slots.delete(family);
      if (slot.idle) clearTimeout(slot.idle);
      for (const p of slot.pending.values()) p.reject(err);
      slot.pending.clear();
    };
    worker.on('message', (m: { id: number; count?: number; error?: string }) => {
      if (slot.startedAt !== undefined) {
        this.lastStartupMs = performance.now() - slot.startedAt;
        slot.startedAt = undefined;
      }
      const p = slot.pending.get(m.id);
      if (!p) return;
      slot.pending.delete(m.id);
      if (typeof m.count === 'number') p.resolve(m.count);
      else p.reject(new Error(m.error ?? 'tokenizer worker: no count'));
      if (!slot.pending.size) this.armIdle(family, slot);
    });
    worker.on('error', (err) => fail(err));
    worker.on('exit', (code) => fail(new Error(`tokenizer worker exited (code ${code})`)));
    this.slots.set(family, slot);
    return slot;
  }

  private armIdle(family: ExactFamily, slot: Slot): void {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = setTimeout(() => {
      if (slot.pending.size || this.slots.get(family) !== slot) return;
      this.slots.delete(family);
      void slot.worker.terminate();
    }, this.idleMs);
  }

  /** Token count of `texts` (summed) in the worker for `family`. */
  count(family: ExactFamily, texts: string[]): Promise<number> {
    const slot = this.slot(family);
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = undefined;
    const id = this.nextId++;
    return new Promise<number>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.postMessage({ id, texts });
    });
  }

  override dispose(): void {
    super.dispose();
    for (const [family, slot] of [...this.slots]) {
      this.slots.delete(family);
      if (slot.idle) clearTimeout(slot.idle);
      for (const p of slot.pending.values()) p.reject(new Error('tokenizer worker stopped'));
      slot.pending.clear();
      void slot.worker.terminate();
    }
  }
}

function maxChars(): number {
  const v = vscode.workspace.getConfiguration(SECTION).get<number>('exactCount.maxChars');
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : DEFAULT_MAX_CHARS;
}

function sessionFamily(s: SessionState | undefined): EstimatorFamily {
  return familyFor(s?.row.modelProvider, s?.row.model ?? s?.transcriptModel);
}

const isFamily = (f: unknown): f is EstimatorFamily => f === 'o200k' || f === 'cl100k' || f === 'claude';

function tooBig(chars: number, what: string): boolean {
  const max = maxChars();
  if (chars <= max) return false;
  void vscode.window.showWarningMessage(
    `OpenClaw Context: ${what} has ${chars.toLocaleString('en-US')} characters, more than openclawContext.exactCount.maxChars (${max.toLocaleString('en-US')}). Count a selection, or raise the setting.`,
  );
  return true;
}

/** Run a count under a cancellable progress notification. */
function withCount(title: string, run: (onProgress: (done: number, total: number) => void, isCancelled: () => boolean) => Promise<ExactCountResult>): Thenable<ExactCountResult> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
    let shown = 0;
    return run(
      (done, total) => {
        const pct = total ? Math.floor((done / total) * 100) : 100;
        if (pct > shown) {
          progress.report({ increment: pct - shown, message: `${pct}%` });
          shown = pct;
        }
      },
      () => token.isCancellationRequested,
    );
  });
}

function reportError(err: unknown): undefined {
  void vscode.window.showErrorMessage(`OpenClaw Context: exact count failed: ${err instanceof Error ? err.message : String(err)}`);
  return undefined;
}

export function registerExactCount(context: vscode.ExtensionContext, service: ContextService, ui: UiSeam): ExactCountApi {
  const workers = new TokenizerWorkers(path.join(context.extensionPath, 'dist'));

  const count = (texts: readonly string[], modelFamily: EstimatorFamily, onProgress?: (d: number, t: number) => void, isCancelled?: () => boolean) => {
    const { family, note } = exactFamilyFor(modelFamily);
    return countExactly(texts, family, (batch) => workers.count(family, batch), { modelFamily, note, onProgress, isCancelled });
  };

  /** Arguments: none (palette, menus), or `{ family }` to choose the vocabulary (tests, keybindings). */
  const countEditor = async (arg?: unknown): Promise<ExactCountResult | undefined> => {
    const editor = vscode.window.activeTextEditor;
    if (!editor) {
      void vscode.window.showInformationMessage('OpenClaw Context: open a file (or select text) to count its tokens exactly.');
      return undefined;
    }
    const doc = editor.document;
    const ranges = editor.selections.filter((s) => !s.isEmpty);
    const texts = ranges.length ? ranges.map((r) => doc.getText(r)) : [doc.getText()];
    const what = ranges.length ? 'the selection' : path.basename(doc.fileName) || 'the file';
    const chars = texts.reduce((n, t) => n + t.length, 0);
    if (tooBig(chars, what)) return undefined;
    const requested = arg && typeof arg === 'object' ? (arg as { family?: unknown }).family : undefined;
    const modelFamily = isFamily(requested) ? requested : sessionFamily(service.active());
    try {
      const r = await withCount(`Counting tokens exactly (${exactFamilyFor(modelFamily).family}) in ${what}`, (p, c) => count(texts, modelFamily, p, c));
      if (r.cancelled) void vscode.window.showInformationMessage('OpenClaw Context: exact count cancelled.');
      else void vscode.window.showInformationMessage(formatExactResult(r));
      return r;
    } catch (err) {
      return reportError(err);
    }
  };

  const countSession = async (arg?: unknown): Promise<ExactSessionResult | undefined> => {
    const { session: found, cancelled } = await chooseSession(service, ui.current, arg, 'Count exactly');
    const s = found && service.model.ensureTranscript(found.uid);
    if (!s) {
      if (!cancelled) void vscode.window.showInformationMessage('OpenClaw Context: no session to count. Check the Sessions view or set openclawContext.stateDir.');
      return undefined;
    }
    const items = s.context?.items ?? [];
    const modelFamily = sessionFamily(s);
    const { family } = exactFamilyFor(modelFamily);
    try {
      const r = await withCount(`Counting session ${s.row.key} exactly (${family})`, async (onProgress, isCancelled) => {
        // Full entries are read in steps so a long session never holds the extension host for long.
        const texts: string[] = [];
        for (let k = 0; k < items.length && !isCancelled(); k += LOAD_STEP) {
          for (const e of service.model.loadEntries(s.uid, items.slice(k, k + LOAD_STEP))) modelTexts(e, texts);
          await new Promise((r) => setImmediate(r));
        }
        const chars = texts.reduce((n, t) => n + t.length, 0);
        if (tooBig(chars, `session ${s.row.key}`)) throw new RefusedError();
        return count(texts, modelFamily, onProgress, isCancelled);
      });
      const piTokens = items.reduce((n, e) => n + e.tokens, 0);
      const result: ExactSessionResult = { ...r, key: s.row.key, uid: s.uid, messages: items.length, piTokens };
      if (r.cancelled) void vscode.window.showInformationMessage('OpenClaw Context: exact count cancelled.');
      else void vscode.window.showInformationMessage(formatSessionResult(s.row.key, r, piTokens));
      return result;
    } catch (err) {
      return err instanceof RefusedError ? undefined : reportError(err);
    }
  };

  context.subscriptions.push(
    workers,
    vscode.commands.registerCommand('openclawContext.countTokensExactly', countEditor),
    vscode.commands.registerCommand('openclawContext.countSessionExactly', countSession),
  );

  return {
    get workerStarted() {
      return workers.starts > 0;
    },
    get liveWorkers() {
      return workers.live;
    },
    get workerStarts() {
      return workers.starts;
    },
    get lastStartupMs() {
      return workers.lastStartupMs;
    },
    count: (texts, family) => count(texts, family),
  };
}

