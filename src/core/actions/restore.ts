/**
 * Restore a checkpoint into a session: the §8.2 note as one custom_message (our writer; the model sees it on
 * the next turn), or, when OpenClaw owns the store, the same text through the Gateway's chat.send — not
 * chat.inject, which the real Gateway stores as an assistant row the model never gets (test/interop/README.md).
 */
import { planRestore, type RestorePlan } from '../checkpoint/restore';
import type { Checkpoint } from '../checkpoint/schema';
import { planBasisOf, type SessionState } from '../context/model';
import { appendToSession } from '../store/sessionWrite';
import type { WriteEntryInput } from '../store/writeEntries';
import { familyFor } from '../tokens/estimator';
import { runWrite } from './route';
import type { ActionContext, ActionOutcome } from './types';

export interface GatewayRestore {
  method: 'chat.send';
  runId?: string;
}

export type RestoreOutcome = ActionOutcome<RestorePlan, GatewayRestore>;

/** The note for a target session (its tokenizer family and compaction count), within `maxTokens`. */
export function planRestoreInto(cp: Checkpoint, target: SessionState | undefined, maxTokens: number | undefined): RestorePlan {
  const family = target ? familyFor(target.row.modelProvider, target.row.model ?? target.transcriptModel) : undefined;
  return planRestore(cp, { family, compactionCount: target ? target.row.compactionCount ?? target.figures.compactions : undefined, maxTokens });
}

export async function restoreCheckpoint(ctx: ActionContext<RestorePlan>, s: SessionState, cp: Checkpoint, opts: { maxTokens?: number } = {}): Promise<RestoreOutcome> {
  const basis = planBasisOf(s);
  const plan = planRestoreInto(cp, s, opts.maxTokens);
  if (ctx.dryRun) return { status: 'planned', plan };
  const key = s.row.key;
  return runWrite<RestorePlan, GatewayRestore>(ctx, {
    action: 'restore',
    s,
    plan,
    local: (target) => appendToSession(target, [plan.entry as WriteEntryInput], { expect: basis }),
    gatewayProgress: (url) => `OpenClaw owns the store: sending the restore note through the Gateway at ${url}…`,
    gateway: async (gw) => ({ method: 'chat.send', runId: (await gw.client.chatSend({ sessionKey: key, message: plan.render.text })).runId }),
  });
}
