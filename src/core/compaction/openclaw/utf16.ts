/** Moved to src/core/tokens/utf16.ts. */
export * from '../../tokens/utf16';
