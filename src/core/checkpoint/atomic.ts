/** Moved to src/core/fs/atomic.ts (kept so existing imports still resolve). */
export * from '../fs/atomic';
