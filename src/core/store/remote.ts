/**
 * State dirs of remote Gateways (live mode with no local store, core/gateway/remoteStore.ts) are named
 * `gateway:<url>`. They are names, never paths: nothing may read or write files under them, and the writers of
 * our own files (checkpoints, breaker, flush state) refuse them.
 */
export const REMOTE_PREFIX = 'gateway:';

export const isRemoteStateDir = (dir: string): boolean => dir.startsWith(REMOTE_PREFIX);

/** Throws when `stateDir` names a remote Gateway: for code that would otherwise build a path under it. */
export function assertLocalStateDir(stateDir: string, what: string): void {
  if (isRemoteStateDir(stateDir)) throw new Error(`${what}: ${stateDir} is a remote OpenClaw Gateway, not a local state directory`);
}
