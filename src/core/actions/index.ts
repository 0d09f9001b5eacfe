/**
 * The one path for every action that writes: plan → confirm (the caller's seam) → route (our writer, the
 * Gateway, or refused with the reason) → outcome. The CLI and the extension both call these; neither routes
 * a write itself. How to call them: ./README.md.
 */
export type { ActionContext, ActionGateway, ActionKind, ActionOutcome, ActionPreview, Confirm, GatewayAccess, GatewayWrites, NoGateway, Progress, RouteKind, WriteOk } from './types';
export { EMBEDDED_OWNER, REMOTE_SESSION, routeWrite, gatewayAfterRefusal, runWrite, type Route, type WriteSteps } from './route';
export { checkpointPlanOptions, compactSession, keepRecentTokensOf, type CompactOptions, type CompactOutcome, type CompactPreview, type GatewayCompaction } from './compact';
export { planUndoAction, undoCompaction, SQLITE_UNDO_NEEDS_GATEWAY, type GatewayUndo, type UndoActionPlan, type UndoOptions, type UndoOutcome } from './undo';
export { planRestoreInto, restoreCheckpoint, type GatewayRestore, type RestoreOutcome } from './restore';
export { flushSession, rememberFact, type FlushOptions, type FlushOutcome, type RememberOptions, type RememberOutcome } from './memory';
export { resetSession, type ResetOutcome } from './reset';
export { clientGateway } from './gateway';
export { engineGuard, engineOf, type EngineGuard, type EngineGuardedAction } from './engineGuard';
export { checkGround, checkpointGround, groundNote, groundOf, groundWords, readOnlyRefusal, untrustedRefusal, type Ground } from './ground';
