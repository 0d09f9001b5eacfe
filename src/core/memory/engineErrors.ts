/**
 * Which of the engine's problems belong in the agent's `memories/errors.md` (seed 000: "permission denials /
 * wrong paths (append only)"; the L4 breaker appends its own line in compaction/breaker.ts). A pure
 * classifier: the VS Code adapter feeds it every diagnostic the engine reports and appends the ones it
 * keeps with `appendEngineError`, once per message per session of the extension.
 */
import type { Diagnostic } from '../store/types';
import type { EngineErrorEntry } from './errorsLog';

const PERMISSION = /\b(EACCES|EPERM|EROFS)\b|permission denied|operation not permitted|read-only file system/i;
const MISSING = /\b(ENOENT|ENOTDIR)\b|no such file or directory|no longer exists|state dir not found|workspace not found/i;

/** The errors.md entry for a diagnostic, or undefined when it is not a permission denial or a missing path. */
export function engineErrorFor(d: Diagnostic): EngineErrorEntry | undefined {
  if (d.severity === 'info') return undefined;
  const text = `${d.source}: ${d.message}`;
  if (PERMISSION.test(text)) return { kind: 'permission', message: text };
  if (MISSING.test(text)) return { kind: 'missing-path', message: text };
  return undefined;
}

/** A stable key for "the same problem" (digits and hex runs folded, so a new pid or time is not new). */
export function engineErrorKey(e: EngineErrorEntry): string {
  return `${e.kind}|${e.message.replace(/[0-9a-f]{8,}/gi, '#').replace(/\d+/g, '#')}`;
}
