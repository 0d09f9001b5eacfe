/**
 * The texts of the Memories view's Dream / Accept / Reject prompts, and the messages for a refusal, nothing to
 * dream, or a preview-only workspace.
 */
import { type DreamPlanOk, type NothingToDream } from '../dream/plan';
import { type AcceptPlan, type RejectPlan } from '../dream/decide';
import { MEMORY_TOKEN_LIMIT } from '../lint/problems';
import { plural } from './rows';
import { cutLabel } from './dreams';

export interface MemoryPrompt {
  message: string;
  detail: string;
  /** the confirming button */
  button: string;
}

export const NEVER_WITHOUT_CONFIRMATION = 'MEMORY.md is never changed without your confirmation.';

/** Dream: stage the new candidates in DREAMS.md? */
export function dreamPrompt(plan: DreamPlanOk): MemoryPrompt {
  const n = plan.added.length;
  const days = plan.daysRead.length ? `${plan.daysRead[0]}${plan.daysRead.length > 1 ? ` … ${plan.daysRead[plan.daysRead.length - 1]}` : ''}` : '';
  const skipped: string[] = [];
  if (plan.skipped.known) skipped.push(`${plan.skipped.known} already in memory`);
  if (plan.skipped.staged) skipped.push(`${plan.skipped.staged} already staged`);
  if (plan.skipped.overLimit) skipped.push(`${plan.skipped.overLimit} over the limit`);
  const list = plan.added.slice(0, 6).map((c) => `• ${c.category}: ${cutLabel(c.finding)}`);
  if (n > 6) list.push(`• … and ${n - 6} more (see the preview)`);
  return {
    message: `Stage ${plan.added.length === 1 ? '1 memory candidate' : `${n} memory candidates`} in ${plan.targetRel}?`,
    detail: [
      `From ${plural(plan.daysRead.length, 'daily log')} (${days})${skipped.length ? `; ${skipped.join(', ')}` : ''}.`,
      '',
      ...list,
      '',
      `Only ${plan.targetRel} changes (inside its marked block). Accept or Reject each candidate afterwards. ${NEVER_WITHOUT_CONFIRMATION}`,
    ].join('\n'),
    button: `Write ${plan.targetRel}`,
  };
}

/** Dream found nothing: the info message. */
export function nothingToDreamMessage(plan: NothingToDream): string {
  return `Nothing to dream: ${plan.message}`;
}

/** Accept: add the pointer line to MEMORY.md? */
export function acceptPrompt(plan: AcceptPlan): MemoryPrompt {
  const m = plan.memory!;
  const id = plan.candidate?.id ?? plan.candidateId;
  const dreamsRel = plan.dreams?.targetRel ?? 'DREAMS.md';
  if (m.alreadyPresent) {
    return {
      message: `${m.targetRel} already has this memory. Mark ${id} accepted in ${dreamsRel}?`,
      detail: [`${m.targetRel} is not changed.`, `${dreamsRel}: ${id} → Status: accepted.`, ...plan.warnings.map((w) => `⚠ ${w}`)].join('\n'),
      button: 'Mark Accepted',
    };
  }
  return {
    message: `Add this line to ${m.targetRel}?`,
    detail: [
      m.line,
      '',
      `${m.targetRel}: about ${m.tokensBefore} → ${m.tokensAfter} tokens (budget ${MEMORY_TOKEN_LIMIT}).`,
      `${dreamsRel}: ${id} → Status: accepted.`,
      ...plan.warnings.map((w) => `⚠ ${w}`),
      '',
      NEVER_WITHOUT_CONFIRMATION,
    ].join('\n'),
    button: `Accept and Write ${m.targetRel}`,
  };
}

/** Reject: mark the candidate rejected? */
export function rejectPrompt(plan: RejectPlan): MemoryPrompt {
  const id = plan.candidate?.id ?? plan.candidateId;
  const rel = plan.dreams?.targetRel ?? 'DREAMS.md';
  return {
    message: `Reject this memory candidate?`,
    detail: [cutLabel(plan.candidate?.finding ?? id), '', `${rel}: ${id} → Status: rejected; Dream will not propose it again. MEMORY.md is not changed.`, ...plan.warnings.map((w) => `⚠ ${w}`)].join('\n'),
    button: 'Reject',
  };
}

/** A refused accept / reject, in words, and how loud to say it. */
export function refusalMessage(plan: AcceptPlan | RejectPlan): { severity: 'info' | 'warn' | 'error'; message: string } {
  const id = plan.candidate?.id ?? plan.candidateId;
  switch (plan.reason) {
    case 'already-accepted':
      return { severity: 'info', message: `${id} is already accepted; nothing to do.` };
    case 'already-rejected':
      return { severity: 'info', message: `${id} is already rejected; nothing to do.` };
    case 'not-found':
      return { severity: 'warn', message: `${id} is no longer in DREAMS.md (the file changed). Nothing was written; the Memories view is refreshed.` };
    case 'memory-over-budget':
      return { severity: 'warn', message: `Not accepted: ${plan.message}` };
    case 'unreadable':
      return { severity: 'error', message: `Not accepted: ${plan.message}` };
    default:
      return { severity: 'warn', message: plan.message };
  }
}

/** What the user sees when the write is not made (untrusted or read-only workspace). */
export function previewOnlyMessage(reason: 'untrusted' | 'readonly', files: readonly string[], workspaceDir: string): string {
  const names = files.join(' and ') || 'the memory files';
  return reason === 'untrusted'
    ? `This VS Code workspace is not trusted: nothing was written to ${names}. The preview shows what would have been written.`
    : `${workspaceDir} is read-only here: nothing was written to ${names}. The preview shows what would have been written.`;
}
