/**
 * Linting a workspace on disk (`lintWorkspace`): its memory and bootstrap files read safely (never outside
 * the workspace), pointer targets checked, and the errors.md baseline compared and moved.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { type EstimatorFamily } from '../../tokens/estimator';
import { resolveInside } from '../fsSafe';
import { ERRORS_REL } from '../workspace/layout';
import { scanWorkspace } from '../workspace/scan';
import { type LintInput, type MemoryProblem } from './problems';
import { lintMemory } from './rules';
import { ErrorsBaselineStore } from './errorsBaseline';

/** Existence of a pointer target inside `root`: true/false, or 'outside' when it leads out (symlink). */
export function pointerTargetStatus(root: string, rel: string): boolean | 'outside' {
  let abs: string;
  try {
    abs = resolveInside(root, rel);
  } catch {
    return 'outside';
  }
  return fs.existsSync(abs);
}

export interface LintWorkspaceOptions {
  /** parsed openclaw.json (bootstrap caps) */
  config?: unknown;
  agentId?: string;
  family?: EstimatorFamily;
  /** the errors.md baseline, given directly … */
  errorsBaseline?: string;
  /** … or kept in this store */
  baselineStore?: ErrorsBaselineStore;
  /** with a store: record the current errors.md as the new baseline when it passed (or there was none) */
  updateBaseline?: boolean;
}

/** Read the workspace's memory and bootstrap files and lint them. Never throws on workspace contents. */
export function lintWorkspace(workspaceDir: string, opts: LintWorkspaceOptions = {}): MemoryProblem[] {
  return lintWorkspaceDetailed(workspaceDir, opts).problems;
}

export interface LintWorkspaceDetailedOptions extends LintWorkspaceOptions {
  /** text to lint instead of the disk's, by workspace-relative path (an editor's unsaved text) */
  overrides?: ReadonlyMap<string, string>;
}

/**
 * lintWorkspace with what it linted: the text of every file (disk text, or the override) and whether the
 * errors.md baseline moved. The baseline only follows errors.md on disk, never an override, and is written
 * only when it changed.
 */
export function lintWorkspaceDetailed(workspaceDir: string, opts: LintWorkspaceDetailedOptions = {}): { problems: MemoryProblem[]; files: Map<string, string>; baselineMoved: boolean } {
  const root = path.resolve(workspaceDir);
  const scan = scanWorkspace(root, { config: opts.config, agentId: opts.agentId, family: opts.family, includeText: true });
  const files = new Map<string, string>();
  const unreadable = new Map<string, string>();
  for (const b of scan.bootstrap) {
    if (b.text !== undefined) files.set(b.rel, b.text);
    else if (b.exists && b.error) unreadable.set(b.rel, b.error);
  }
  const errors = scan.memories.find((m) => m.rel === ERRORS_REL);
  if (errors?.text !== undefined) files.set(ERRORS_REL, errors.text);
  else if (errors?.exists && errors.error) unreadable.set(ERRORS_REL, errors.error);
  for (const [rel, text] of opts.overrides ?? []) {
    files.set(rel, text);
    unreadable.delete(rel);
  }

  const baseline = opts.errorsBaseline ?? opts.baselineStore?.get(root);
  const input: LintInput = { files, unreadable, existing: (rel) => pointerTargetStatus(root, rel), caps: scan.caps, workspaceDir: root, family: scan.family };
  if (baseline !== undefined) input.errorsBaseline = baseline;
  const problems = lintMemory(input);
  let baselineMoved = false;
  const errorsLive = opts.overrides?.has(ERRORS_REL) === true;
  if (opts.baselineStore && opts.updateBaseline && !errorsLive && errors?.text !== undefined && errors.text !== baseline && !problems.some((p) => p.code === 'errors-not-append-only')) {
    try {
      opts.baselineStore.set(root, errors.text);
      baselineMoved = true;
    } catch {
      /* our own folder not writable: the check simply starts over next time */
    }
  }
  return { problems, files, baselineMoved };
}
