/**
 * The memory files of an OpenClaw agent workspace by name and place (reference/openclaw-formats.md §3, OC-4.12
 * `src/agents/workspace.ts`): the bootstrap files and their prompt order, MEMORY.md, our `memories/` files, the
 * daily logs and DREAMS.md.
 *
 *   not injected.
 * - Prompt placement: sorted agents 10, soul 20, identity 30, user 40, tools 50, bootstrap 60, memory 70;
 *   slugged logs but flag only exact-date names, as the reference describes.)
 * - `memories/{project,decisions,errors,context}.md` are ours (seed 000, Step 1); DREAMS.md is OpenClaw's
 *   optional dream diary (parsed elsewhere).
 */

export const BOOTSTRAP_FIXED_FILES = ['AGENTS.md', 'SOUL.md', 'TOOLS.md', 'IDENTITY.md', 'USER.md', 'HEARTBEAT.md', 'BOOTSTRAP.md'] as const;
export const MEMORY_FILE = 'MEMORY.md';
export const MEMORY_ALT_FILE = 'memory.md';

/** Bootstrap files OpenClaw places after the prompt-cache boundary. */
export const DYNAMIC_BOOTSTRAP_FILES: ReadonlySet<string> = new Set(['HEARTBEAT.md']);

/** System-prompt sort keys by lower-case basename; other files come after (reference §3 "Prompt placement"). */
export const PROMPT_ORDER: Readonly<Record<string, number>> = {
  'agents.md': 10,
  'soul.md': 20,
  'identity.md': 30,
  'user.md': 40,
  'tools.md': 50,
  'bootstrap.md': 60,
  'memory.md': 70,
};

/** seed 000 Step 1: the four files under memories/. */
export const MEMORIES_DIR = 'memories';
export const MEMORIES_FILES = ['project.md', 'decisions.md', 'errors.md', 'context.md'] as const;
export const ERRORS_REL = 'memories/errors.md';
export const DAILY_DIR = 'memory';
export const DREAMS_FILE = 'DREAMS.md';

export const DEFAULT_DAILY_MEMORY_DAYS = 2;
export const DEFAULT_STARTUP_MAX_FILE_BYTES = 16_384;
