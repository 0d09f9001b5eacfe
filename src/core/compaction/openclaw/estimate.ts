/** Moved to src/core/tokens/openclaw.ts (OpenClaw's token estimate sits with the other estimators; the fact extraction reads it). */
export * from '../../tokens/openclaw';
