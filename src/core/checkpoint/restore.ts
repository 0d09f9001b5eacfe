/**
 * Restoring a checkpoint into a session: the §8.2 block becomes a `custom_message` appended to the
 * session's transcript (OpenClaw hands it to the model as a user message on the next turn; reference
 * §6 A/E). Only the entry is built here; writing goes through store/sessionWrite (ownership rules).
 */
import type { CustomMessageInput } from '../store/writeEntries';
import type { EstimatorFamily } from '../tokens/estimator';
import { renderInjection, type RenderResult } from './render';
import type { Checkpoint } from './schema';

/** `customType` of our restore notes (OpenClaw shows it; we recognise our own notes by it). */
export const RESTORE_CUSTOM_TYPE = 'openclaw-context.checkpoint-restore';

export interface RestorePlan {
  checkpoint: Checkpoint;
  render: RenderResult;
  entry: CustomMessageInput;
}

/**
 * The note to append for `cp`. `compactionCount` is the target session's count now (the render warns
 * when it is over 3); `family` its tokenizer family (the 700-token budget is measured with it).
 */
export function planRestore(cp: Checkpoint, opts: { family?: EstimatorFamily; compactionCount?: number; maxTokens?: number } = {}): RestorePlan {
  const render = renderInjection(cp, { family: opts.family, compactionCount: opts.compactionCount, maxTokens: opts.maxTokens });
  const entry: CustomMessageInput = {
    type: 'custom_message',
    customType: RESTORE_CUSTOM_TYPE,
    content: render.text,
    display: true,
    details: { checkpointId: cp.meta.checkpoint_id, sessionKey: cp.meta.session_key, createdAt: cp.meta.created_at, tokens: render.tokens },
  };
  return { checkpoint: cp, render, entry };
}
