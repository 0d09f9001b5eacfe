/**
 * The shapes every writing action shares: the confirm seam, the Gateway seam, the outcome.
 * See ./README.md for how the CLI and the extension call the actions.
 */
import type { ContextModel, SessionState } from '../context/model';
import type { GatewayClient } from '../gateway/client';
import type { WriteResult } from '../store/writeResult';

/** Every kind of write; the last three are not session writes (no route): a checkpoint deleted, a memory quick fix, the breaker reset. */
export type ActionKind = 'compact' | 'undo' | 'restore' | 'flush' | 'remember' | 'reset' | 'checkpoint' | 'delete-checkpoint' | 'fix' | 'breaker';

/** Where a write goes: our writer (the files), or OpenClaw's Gateway (its API; the files are not touched). */
export type RouteKind = 'local' | 'gateway';

/** What the confirm seam is shown: the plan, and where the write will go. */
export interface ActionPreview<P> {
  action: ActionKind;
  /** the session key (remember: the workspace dir) */
  key: string;
  plan: P;
  route: RouteKind;
  /** gateway: why the write goes there (OpenClaw owns the store, a remote session, only the Gateway can) */
  why?: string;
  /** a second confirmation: the store was taken over between the check and the write, so it goes to the Gateway */
  again?: boolean;
  /** a caveat to show before confirming (a context-engine plugin compacts: see engineGuard.ts) */
  note?: string;
}

/** The caller's confirmation: a modal dialog in the editor, `--yes` or a y/N prompt in the CLI. */
export type Confirm<P> = (preview: ActionPreview<P>) => Promise<boolean>;

/** Can this user write in a folder (core/actions/ground.ts)? */
export type Ground = { writable: true } | { writable: false; dir: string; code: string };

/** A progress line (a notification title in the editor, stderr in the CLI). */
export type Progress = (message: string) => void;

/** The Gateway methods the actions call. */
export type GatewayWrites = Pick<GatewayClient, 'sessionsCompact' | 'sessionsRewind' | 'sessionsFork' | 'sessionsReset' | 'chatSend'>;

/** One usable Gateway connection. */
export interface ActionGateway {
  client: GatewayWrites;
  /** for messages: no credentials, no query */
  url: string;
  /** called when the action is done with it (a shared connection: leave it out) */
  close?(): Promise<void>;
}

/** There is no connection: one sentence a user can act on (no secrets). */
export interface NoGateway {
  why: string;
}

/**
 * How an action reaches the Gateway. `current`: a connection that is open already (the extension's live mode;
 * the CLI's remote-Gateway model), never connecting. `connect` (the CLI): open one now, for a write that needs
 * it; without it only `current` counts and a write that needs the Gateway is refused before the confirmation.
 */
export interface GatewayAccess {
  current(s: SessionState): ActionGateway | undefined;
  connect?(s: SessionState): Promise<ActionGateway | NoGateway>;
}

/** What every action is given. */
export interface ActionContext<P> {
  model: ContextModel;
  confirm: Confirm<P>;
  gateway?: GatewayAccess;
  progress?: Progress;
  /** plan only: return 'planned' (no breaker check, no routing, no confirmation, no write) */
  dryRun?: boolean;
  now?: () => number;
  /** an untrusted VS Code workspace: reading only, every write is refused 'untrusted' before its preview */
  untrusted?: boolean;
  /** can this user write there (default groundOf: access(2)); tests replace it */
  ground?: (dir: string) => Ground;
}

/**
 * The end of an action. `refused`: nothing was written for a reason that is not an error (someone else owns
 * the store and no Gateway could do it, the plan is stale — code 'changed' —, the circuit breaker is open, the
 * session is remote and not connected). `failed`: the write or the Gateway call failed.
 */
export type ActionOutcome<P, G, L = WriteOk> =
  | { status: 'nothing'; reason: string }
  | { status: 'planned'; plan: P }
  | { status: 'cancelled'; plan: P; route: RouteKind }
  | { status: 'written'; plan: P; via: 'local'; result: L }
  | { status: 'written'; plan: P; via: 'gateway'; url: string; gateway: G }
  | { status: 'refused'; plan?: P; code: string; message: string; result?: WriteResult; gatewayWhy?: string; gatewayTried?: boolean }
  | { status: 'failed'; plan?: P; code: string; message: string; result?: WriteResult; error?: unknown; url?: string; gatewayWhy?: string; gatewayTried?: boolean };

/** A write our writer did. */
export type WriteOk = Extract<WriteResult, { ok: true }>;

export const errText = (err: unknown): string => (err instanceof Error ? err.message : String(err));
