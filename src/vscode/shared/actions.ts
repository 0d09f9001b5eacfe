/**
 * How the extension calls src/core/actions: the one write path. Core plans, routes (our writer, the Gateway,
 * or refused with the reason) and writes; the extension only gives it the confirm seam (previews, then the question
 * through the one Ui seam, beside them), live mode's shared Gateway connections, and shows the progress lines.
 * The previews the action opened close when it ends.
 */
import * as vscode from 'vscode';
import { clientGateway, type ActionContext, type ActionKind, type ActionPreview, type GatewayAccess } from '../../core/actions';
import type { ContextModel, SessionState } from '../../core/context/model';
import type { LiveGateway } from '../gateway/gatewayShared';
import { closingPreviews } from './previewTabs';
import { untrustedWrite, writesAllowed } from './trust';

/** Live mode's connection for a session's state dir: already open and shared, so never connected or closed here. */
export function liveAccess(live: LiveGateway | undefined): GatewayAccess {
  return {
    current: (s: SessionState) => {
      try {
        const c = live?.clientFor(s.stateDir);
        return c ? clientGateway(c, s.remote ?? 'the OpenClaw Gateway') : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

/** A refusal the user can do nothing about here but know: read-only ground, an untrusted workspace. */
export const isGroundRefusal = (o: { status: string; code?: string }): o is { status: 'refused'; code: 'read-only' | 'untrusted'; message: string } =>
  o.status === 'refused' && (o.code === 'read-only' || o.code === 'untrusted');

/** Say a ground refusal (one warning, the core's sentence); true when `o` was one. */
export function warnGroundRefusal(ui: { warn(message: string): Thenable<unknown> }, o: { status: string; code?: string; message?: string }): boolean {
  if (!isGroundRefusal(o)) return false;
  void ui.warn(`OpenClaw Context: ${o.message}`);
  return true;
}

/** A write that is not a session write, in an untrusted workspace: say why it writes nothing; true when refused. */
export function refusedUntrusted(ui: { warn(message: string): Thenable<unknown> }, action: ActionKind): boolean {
  const r = untrustedWrite(action);
  return !!r && warnGroundRefusal(ui, r);
}

/** One progress notification at a time; each line replaces the last, a dialog closes it. */
class Notification {
  private end: (() => void) | undefined;
  show(line: string): void {
    this.close();
    const title = line.charAt(0).toUpperCase() + line.slice(1);
    void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, () => new Promise<void>((resolve) => (this.end = resolve)));
  }
  close(): void {
    this.end?.();
    this.end = undefined;
  }
}

/**
 * Run one action with the editor's seams. `planningShown`: the caller shows its own progress while the action
 * plans (the compaction planner, cancellable), so only the lines after the confirmation are shown here.
 * `keepPreviews`: true when the preview is the outcome (nothing may be written, the preview shows what would be).
 */
export async function runAction<P, O>(model: ContextModel, live: LiveGateway | undefined, confirm: (pv: ActionPreview<P>) => Promise<boolean>, run: (ctx: ActionContext<P>) => Promise<O>, opts: { planningShown?: boolean; keepPreviews?: () => boolean } = {}): Promise<O> {
  const planningShown = opts.planningShown === true;
  const note = new Notification();
  let showing = !planningShown;
  const ctx: ActionContext<P> = {
    model,
    gateway: liveAccess(live),
    untrusted: !writesAllowed(),
    confirm: async (pv) => {
      note.close();
      showing = true;
      return confirm(pv);
    },
    progress: (line) => {
      if (showing) note.show(line);
    },
  };
  try {
    return await closingPreviews(() => run(ctx), opts.keepPreviews);
  } finally {
    note.close();
  }
}
