/**
 * Live mode (issue 7 item 5), the UI side: what a Gateway error means for the user, the buttons that can fix
 * a missing connection, and the Reset Session command. Which write goes where (our writer, the Gateway, or
 * refused) is decided in src/core/actions, never here: a routed write never touches the files, it asks the
 * owner (reference §6 rule 2).
 */
import * as vscode from 'vscode';
import { classifyGatewayError, type GatewayErrorInfo, type GatewayErrorKind } from '../../core/gateway/errors';
import { printable, remoteText } from '../../core/gateway/redact';
import { resetSession } from '../../core/actions';
import { runAction, warnGroundRefusal } from '../shared/actions';
import type { SessionState } from '../../core/context/model';
import type { Ui, UiSeam } from '../shared/ui';
import type { LiveGateway } from './gatewayShared';
import type { DiagnosticsChannel } from '../shared/output';
import type { ContextService } from '../sessions/service';
import { showNoSession } from '../shared/emptyState';
import { chooseSession } from '../sessions/sessionPicker';

export const CONNECT_BUTTON = 'Connect to the Gateway';
export const SET_TOKEN_BUTTON = 'Set Gateway Token…';

/**
 * A remote Gateway's session with no connection to that Gateway: the message to show (nothing can be written,
 * there are no local files). Undefined for sessions in a local state dir.
 */
export function remoteUnavailable(s: SessionState, what: string): string | undefined {
  if (!s.remote) return undefined;
  return `OpenClaw Context: ${s.row.key} is on the remote OpenClaw Gateway ${s.remote}, and live mode is not connected to it, so it cannot ${what}. Nothing was changed. Reconnect (OpenClaw Context: Show Gateway Connection).`;
}

/** The buttons that can fix "owned, but no connection to the Gateway". */
export function connectButtons(ownership: { by?: string } | undefined): string[] {
  return ownership?.by === 'embedded' ? [] : [CONNECT_BUTTON, SET_TOKEN_BUTTON];
}

/** Run the Gateway command behind a button (the commands live in gateway.ts; missing ones are ignored). */
export async function runGatewayButton(choice: string | undefined): Promise<void> {
  const cmd = choice === CONNECT_BUTTON ? 'openclawContext.gateway.reconnect' : choice === SET_TOKEN_BUTTON ? 'openclawContext.gateway.setToken' : undefined;
  if (!cmd) return;
  try {
    await vscode.commands.executeCommand(cmd);
  } catch {
    /* not registered (yet): nothing to do */
  }
}

const KINDS: readonly GatewayErrorKind[] = ['unauthorized', 'missing-scope', 'unreachable', 'protocol-mismatch', 'timeout', 'closed', 'server-error', 'other-state-dir'];

/**
 * A Gateway error as the user should see it. A GatewayError from the client keeps its fields (its message is
 * already redacted with the client's secrets; control characters and credential shapes are removed again here); it is recognised by shape, not by class, because a client made by another bundle
 * (the in-host tests) throws its own GatewayError class.
 */
export function gatewayErrorInfo(err: unknown): GatewayErrorInfo {
  const e = err as Partial<GatewayErrorInfo> | undefined;
  if (e && typeof e === 'object' && typeof e.message === 'string' && typeof e.kind === 'string' && (KINDS as readonly string[]).includes(e.kind)) {
    const word = (v: unknown) => remoteText(v, [], 100);
    return { kind: e.kind, message: printable(e.message), retryable: e.retryable === true, ...(e.missingScope ? { missingScope: word(e.missingScope) } : {}), ...(e.code ? { code: word(e.code) } : {}), ...(e.detailCode ? { detailCode: word(e.detailCode) } : {}), ...(e.method ? { method: word(e.method) } : {}) };
  }
  return classifyGatewayError(err);
}

/** One message (no token text: the client redacts its secrets) and the buttons that can fix it. */
export function gatewayFailure(err: unknown, what: string): { info: GatewayErrorInfo; message: string; buttons: string[] } {
  const info = gatewayErrorInfo(err);
  switch (info.kind) {
    case 'missing-scope':
      return {
        info,
        message: `OpenClaw Context could not ${what} through the Gateway: the connection lacks the scope ${info.missingScope ?? '(unnamed)'}${info.method ? ` that ${info.method} needs` : ''}. Approve this device with ${info.missingScope ?? 'that scope'} (\`openclaw devices list\`, then approve it), or use a Gateway token with operator access. (${info.message})`,
        buttons: [SET_TOKEN_BUTTON],
      };
    case 'unauthorized':
      return { info, message: `OpenClaw Context could not ${what} through the Gateway: it refused the credentials. ${info.message}`, buttons: [SET_TOKEN_BUTTON] };
    case 'unreachable':
    case 'closed':
    case 'timeout':
      return { info, message: `OpenClaw Context could not ${what} through the Gateway: it is not reachable right now. ${info.message}`, buttons: [CONNECT_BUTTON] };
    default:
      return { info, message: `OpenClaw Context could not ${what} through the Gateway: ${info.message}`, buttons: [] };
  }
}

/** Report a Gateway failure: the diagnostics channel, an error with the buttons that can fix it. */
export function reportGatewayFailure(ui: Ui, diag: DiagnosticsChannel, source: string, err: unknown, what: string, extraButtons: string[] = []): { info: GatewayErrorInfo; message: string; choice: Promise<string | undefined> } {
  const f = gatewayFailure(err, what);
  diag.report({ severity: 'warning', source, message: `${f.info.kind}${f.info.missingScope ? ` (${f.info.missingScope})` : ''}: ${f.info.message}` });
  const choice = Promise.resolve(ui.error(f.message, ...f.buttons, ...extraButtons)).then(async (c) => {
    await runGatewayButton(c);
    return c;
  });
  return { ...f, choice };
}

export interface ResetOutcome {
  status: 'reset' | 'cancelled' | 'refused' | 'failed';
  reason?: string;
  sessionId?: string;
}

/** Reset Session… (through the Gateway): `sessions.reset` after a modal confirmation. */
export class LiveActions {
  constructor(
    private readonly service: ContextService,
    private readonly diag: DiagnosticsChannel,
    private readonly uiSeam: UiSeam,
    private readonly live: LiveGateway,
  ) {}

  register(): vscode.Disposable[] {
    return [vscode.commands.registerCommand('openclawContext.resetSession', (arg) => this.reset(arg))];
  }

  async reset(arg: unknown): Promise<ResetOutcome> {
    const ui = this.uiSeam.current;
    const { session: s, cancelled } = await chooseSession(this.service, ui, arg, 'Reset');
    if (!s) {
      if (!cancelled) showNoSession(this.service, 'reset', ui);
      return cancelled ? { status: 'cancelled' } : { status: 'refused', reason: 'no session' };
    }
    const key = s.row.key;
    const confirm = async (): Promise<boolean> =>
      (await ui.confirm(
        `Reset ${key} through the Gateway?`,
        `OpenClaw's sessions.reset starts ${key} over: its context becomes empty (0 tokens, 0 compactions) and the next turn begins fresh.\n\n` +
          `The session id (${s.row.sessionId}) is kept and the transcript is not deleted: OpenClaw records the reset as an entry and every earlier row stays in the store. Checkpoints are not touched.`,
        'Reset',
      )) === 'Reset';
    const o = await runAction(this.service.model, this.live, confirm, (ctx) => resetSession(ctx, s));
    switch (o.status) {
      case 'written':
        if (o.via !== 'gateway') break;
        this.diag.info(`reset ${key} through the Gateway (session ${o.gateway.sessionId ?? s.row.sessionId})`);
        this.service.refreshNow();
        void ui.info(`OpenClaw Context: ${key} was reset through the Gateway; its context is empty now. The transcript is kept.`);
        return { status: 'reset', sessionId: o.gateway.sessionId };
      case 'cancelled':
      case 'planned':
      case 'nothing':
        return { status: 'cancelled' };
      case 'failed':
        if (o.code !== 'gateway') break;
        return { status: 'failed', reason: reportGatewayFailure(ui, this.diag, `reset ${key}`, o.error, `reset ${key}`).message };
      case 'refused': {
        if (warnGroundRefusal(ui, o)) return { status: 'refused', reason: o.message };
        // no connection (needs-gateway, or a remote session's Gateway is not connected)
        const msg = `OpenClaw Context: resetting ${key} needs a connection to the OpenClaw Gateway (sessions.reset); live mode is not connected. Nothing was changed.`;
        void Promise.resolve(ui.warn(msg, CONNECT_BUTTON, SET_TOKEN_BUTTON)).then(runGatewayButton);
        return { status: 'refused', reason: msg };
      }
    }
    return { status: 'failed', reason: 'message' in o ? o.message : o.status };
  }
}
