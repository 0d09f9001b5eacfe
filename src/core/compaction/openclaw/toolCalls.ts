/** Moved to src/core/transcript/toolCalls.ts (the fact extraction pairs tool results too). */
export * from '../../transcript/toolCalls';
