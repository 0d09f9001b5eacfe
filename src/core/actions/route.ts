/**
 * The routing of every write, in one place (reference §6 rule 2: never write a store OpenClaw owns, ask the
 * owner instead):
 *
 * | session                     | Gateway connection            | route                                             |
 * |-----------------------------|-------------------------------|---------------------------------------------------|
 * | remote (a Gateway's)        | open                          | Gateway                                           |
 * | remote                      | none                          | refused 'remote-unavailable' (before confirming)  |
 * | only the Gateway can do it  | open / can connect / none     | Gateway / Gateway after confirming / 'needs-gateway' |
 * | local, owned by the Gateway | open                          | Gateway (checked before confirming)               |
 * | local                       | —                             | our writer; refused owned/locked/busy → the Gateway (not for an embedded run), asked again; none → refused with why |
 * | local, plan stale           | —                             | refused 'changed' (the writer checks under its lock) |
 * | local, store on read-only ground | —                        | refused 'read-only' before confirming (ground.ts)  |
 * | any, untrusted workspace    | —                             | refused 'untrusted' before anything (ground.ts)   |
 */
import { isOwned } from '../context/queries';
import type { SessionState } from '../context/model';
import { checkOwnership } from '../store/ownership';
import type { SessionWriteTarget } from '../store/sessionWrite';
import type { WriteResult } from '../store/writeResult';
import { checkGround, untrustedRefusal } from './ground';
import * as path from 'node:path';
import { errText, type ActionContext, type ActionGateway, type ActionKind, type ActionOutcome, type NoGateway } from './types';

export const EMBEDDED_OWNER = 'An embedded OpenClaw run (`openclaw agent --local`) owns the store right now; try again when it ends.';
export const REMOTE_SESSION = 'The session is on a remote OpenClaw Gateway (no local files).';

export type Route =
  | { via: 'local' }
  | { via: 'gateway'; gateway: ActionGateway; why: string }
  /** only the Gateway can do it and there is no connection yet: connect after the confirmation */
  | { via: 'connect'; why: string }
  | { via: 'refuse'; code: string; message: string };

const isGateway = (g: ActionGateway | NoGateway | undefined): g is ActionGateway => !!g && 'client' in g;

/**
 * Where a write of `s` goes, decided before the confirmation (nothing is written; only a connection that is
 * already open is used). `gatewayOnly`: why only the Gateway can do this write (an SQLite undo, a reset).
 */
export async function routeWrite<P>(ctx: ActionContext<P>, s: SessionState, gatewayOnly?: string, hasGatewayForm = true): Promise<Route> {
  const current = ctx.gateway?.current(s);
  if (s.remote) {
    if (current && hasGatewayForm) return { via: 'gateway', gateway: current, why: REMOTE_SESSION };
    return { via: 'refuse', code: 'remote-unavailable', message: `${s.row.key} is on the remote OpenClaw Gateway ${s.remote}, and there is no connection to it. Nothing was changed.` };
  }
  if (gatewayOnly !== undefined) {
    if (current) return { via: 'gateway', gateway: current, why: gatewayOnly };
    if (ctx.gateway?.connect) return { via: 'connect', why: gatewayOnly };
    return { via: 'refuse', code: 'needs-gateway', message: gatewayOnly };
  }
  if (current && hasGatewayForm) {
    const own = await checkOwnership(s.stateDir);
    if (own.owned && own.by !== 'embedded') return { via: 'gateway', gateway: current, why: own.reason };
    await current.close?.();
  }
  return { via: 'local' };
}

/** After our writer refused because the store is owned: the Gateway (open, or connected now), or why not. */
export async function gatewayAfterRefusal<P>(ctx: ActionContext<P>, s: SessionState, result: WriteResult): Promise<ActionGateway | (NoGateway & { tried: boolean })> {
  if (!result.ok && result.ownership?.by === 'embedded') return { why: EMBEDDED_OWNER, tried: false };
  const current = ctx.gateway?.current(s);
  if (current) return current;
  if (!ctx.gateway?.connect) return { why: '', tried: false };
  const gw = await ctx.gateway.connect(s);
  return isGateway(gw) ? gw : { why: gw.why, tried: true };
}

/** One write: its local form (our writer) and its Gateway form. */
export interface WriteSteps<P, G> {
  action: ActionKind;
  s: SessionState;
  plan: P;
  /** why only the Gateway can do it (see routeWrite) */
  gatewayOnly?: string;
  local?(target: SessionWriteTarget): Promise<WriteResult>;
  /** absent: a write only our writer can do (an owned store is then refused, never sent to the Gateway) */
  gateway?(gw: ActionGateway): Promise<G>;
  /** the progress lines */
  localProgress?: string;
  gatewayProgress?: (url: string) => string;
}

/**
 * Route → confirm → write: the path every session write takes once it is planned. The outcome says what
 * happened; a local refusal that is not ownership is 'refused' when the plan is stale ('changed'), else 'failed'.
 */
export async function runWrite<P, G>(ctx: ActionContext<P>, w: WriteSteps<P, G>): Promise<ActionOutcome<P, G>> {
  const { s, plan } = w;
  const key = s.row.key;
  if (ctx.untrusted) return { ...untrustedRefusal(w.action), plan };
  const route = await routeWrite(ctx, s, w.gatewayOnly, !!w.gateway);
  if (route.via === 'refuse') return { status: 'refused', plan, code: route.code, message: route.message };
  if (route.via === 'local') {
    const ro = storeGround(ctx, s, w.action);
    if (ro) return { ...ro, plan };
  }
  const to = route.via === 'local' ? 'local' : 'gateway';
  if (!(await ctx.confirm({ action: w.action, key, plan, route: to, ...(route.via !== 'local' ? { why: route.why } : {}) }))) {
    if (route.via === 'gateway') await route.gateway.close?.();
    return { status: 'cancelled', plan, route: to };
  }
  if (route.via === 'gateway') return viaGateway(ctx, w, route.gateway);
  if (route.via === 'connect') {
    const gw = await ctx.gateway!.connect!(s);
    if (!isGateway(gw)) return { status: 'refused', plan, code: 'needs-gateway', message: route.why, gatewayWhy: gw.why, gatewayTried: true };
    return viaGateway(ctx, w, gw);
  }
  const target = ctx.model.writeTarget(s.uid);
  if (!target || !w.local) return { status: 'refused', plan, code: 'unavailable', message: `the store of ${key} is not available` };
  if (w.localProgress) ctx.progress?.(w.localProgress);
  const result = await w.local(target);
  if (result.ok) return { status: 'written', plan, via: 'local', result };
  if (isOwned(result) && w.gateway) {
    const gw = await gatewayAfterRefusal(ctx, s, result);
    if (!isGateway(gw)) return { status: 'refused', plan, code: result.code, message: result.message, result, gatewayWhy: gw.why, gatewayTried: gw.tried };
    if (!(await ctx.confirm({ action: w.action, key, plan, route: 'gateway', why: result.message, again: true }))) {
      await gw.close?.();
      return { status: 'cancelled', plan, route: 'gateway' };
    }
    return viaGateway(ctx, w, gw);
  }
  return { status: result.code === 'changed' || isOwned(result) ? 'refused' : 'failed', plan, code: result.code, message: result.message, result };
}

/** Our writer's ground: the SQLite database's folder (its journal is written beside it) or the JSONL sessions folder. */
function storeGround<P>(ctx: ActionContext<P>, s: SessionState, action: ActionKind) {
  const target = ctx.model.writeTarget(s.uid);
  if (!target) return undefined;
  return checkGround(action, 'The session store', target.era === 'sqlite' ? path.dirname(target.location) : target.location, ctx.ground);
}

async function viaGateway<P, G>(ctx: ActionContext<P>, w: WriteSteps<P, G>, gw: ActionGateway): Promise<ActionOutcome<P, G>> {
  try {
    if (w.gatewayProgress) ctx.progress?.(w.gatewayProgress(gw.url));
    return { status: 'written', plan: w.plan, via: 'gateway', url: gw.url, gateway: await w.gateway!(gw) };
  } catch (error) {
    return { status: 'failed', plan: w.plan, code: 'gateway', message: errText(error), error, url: gw.url };
  } finally {
    await gw.close?.();
  }
}
