/**
 * The memory part of seed 000's "Deployment Checklist", as checks a `doctor` command can print:
 *
 * | id                    | seed 000 item                                              | fails with |
 * |-----------------------|------------------------------------------------------------|------------|
 * | memory-index          | "MEMORY.md exists and is ≤ 800 tokens"                     | advice (info) when missing, warning when over, error when unreadable |
 * | memories-files        | "memories/ contains: project.md, decisions.md, errors.md, context.md" | advice (info) when missing, error when unreadable |
 * | errors-append-only    | errors.md "(append only)" — via the ErrorsBaselineStore    | error |
 * | memories-gitignored   | "memories/ is in .gitignore (if workspace is Git-synced)"  | warning; advice (info) while there is no memories/ |
 * | static-before-dynamic | "Dynamic content is after" the static section; Prompt Cache Protection | warning |
 * | memory-rules-static   | "Step 2 snippet is in the static section of the agent system prompt" | info/warning |
 * | bootstrap-within-caps | (not in the seed: OpenClaw's bootstrap caps, reference §3) | warning |
 *
 * Seed 000's layout (MEMORY.md, memories/*.md) is a recommendation, not something OpenClaw needs: a healthy
 * install without it gets advice (severity info, which never fails `doctor`); what is there and broken still fails.
 *
 * Prompt order in OpenClaw is fixed (reference §3): every bootstrap file but HEARTBEAT.md is injected
 * before the prompt-cache boundary. So "static before dynamic" is checkable as: no timestamps or per-turn
 * figures in those files (lint rule `cache-volatile`, warnings only), and no section headed "Dynamic"
 * inside them (it would sit in the cached prefix anyway).
 *
 * Git: when the workspace is inside a Git work tree, `git check-ignore -q -- memories/` decides (3 s
 * timeout, fsmonitor off); with git missing, timing out or refusing the repository, a small .gitignore
 * matcher reads `.git/info/exclude` and every `.gitignore` from the repository root down to the workspace
 * (last match wins, `!` re-includes, `/` anchors, trailing `/` = folders, `*`, `?`, `[…]`, `**`; an
 * ignored parent folder cannot be re-included). Files already tracked by Git are reported too.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readRegularText } from '../fs/safeRead';
import { MEMORY_TOKEN_LIMIT, type MemoryProblem, type Severity } from './lint/problems';
import { lintMemory } from './lint/rules';
import { type LintWorkspaceOptions } from './lint/lintWorkspace';
import { DYNAMIC_BOOTSTRAP_FILES, ERRORS_REL, MEMORIES_DIR, MEMORIES_FILES, MEMORY_FILE } from './workspace/layout';
import { scanWorkspace } from './workspace/scan';

export interface ChecklistItem {
  id: string;
  ok: boolean;
  /** how serious a failure is (for an ok item: how it would be shown; 'info') */
  severity: Severity;
  message: string;
  /** what to do, for a failed item */
  fix?: string;
}

/** The lint options (config, agent, family, errors.md baseline) plus how to ask git. */
export interface ChecklistOptions extends LintWorkspaceOptions {
  /** run git (default true); false = .gitignore matcher only */
  useGit?: boolean;
  /** the git executable (default 'git') */
  gitBinary?: string;
  gitTimeoutMs?: number;
}

const ok = (id: string, message: string): ChecklistItem => ({ id, ok: true, severity: 'info', message });
const fail = (id: string, severity: Severity, message: string, fix?: string): ChecklistItem => ({ id, ok: false, severity, message, ...(fix ? { fix } : {}) });
const list = (xs: string[]) => xs.join(', ');

// ---------------------------------------------------------------------------------------------------
// .gitignore matching (fallback when git cannot answer)

export interface IgnoreRule {
  /** folder of the ignore file, relative to the repository root ('' = root) */
  base: string;
  negate: boolean;
  dirOnly: boolean;
  re: RegExp;
}

function globToRegExp(glob: string): string {
  const esc = (ch: string) => ch.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        const atStart = i === 0 || glob[i - 1] === '/';
        if (atStart && glob[i + 2] === '/') {
          re += '(?:.*/)?'; // "**/": any folders, or none
          i += 2;
          continue;
        }
        if (atStart && i + 2 === glob.length) {
          re += '.*'; // trailing "/**": everything inside
          i += 1;
          continue;
        }
        i += 1; // another "**": like "*"
      }
      re += '[^/]*';
    } else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close < 0) re += '\\[';
      else {
        let cls = glob.slice(i + 1, close).replace(/\\/g, '\\\\');
        if (cls.startsWith('!')) cls = '^' + cls.slice(1);
        re += `[${cls}]`;
        i = close;
      }
    } else if (c === '\\' && i + 1 < glob.length) {
      re += esc(glob[i + 1]!);
      i++;
    } else re += esc(c);
  }
  return re;
}

/** Parse one ignore file's text. */
export function parseGitignore(text: string, base = ''): IgnoreRule[] {
  const rules: IgnoreRule[] = [];
  for (let raw of text.split(/\r?\n/)) {
    if (!raw || raw.startsWith('#')) continue;
    raw = raw.replace(/(?<!\\)\s+$/, '');
    if (!raw) continue;
    let negate = false;
    if (raw.startsWith('!')) {
      negate = true;
      raw = raw.slice(1);
    } else if (raw.startsWith('\\!') || raw.startsWith('\\#')) raw = raw.slice(1);
    let dirOnly = false;
    if (raw.endsWith('/')) {
      dirOnly = true;
      raw = raw.replace(/\/+$/, '');
    }
    if (!raw) continue;
    const anchored = raw.includes('/');
    const body = globToRegExp(raw.replace(/^\//, ''));
    rules.push({ base, negate, dirOnly, re: new RegExp(anchored ? `^${body}$` : `^(?:.*/)?${body}$`) });
  }
  return rules;
}

/**
 * Is `rel` (relative to the repository root, '/'-separated; a folder when `isDir`) ignored by `rules` (in
 * precedence order, lowest first)? Anything under an ignored folder is ignored whatever later rules say.
 */
export function isIgnored(rel: string, rules: IgnoreRule[], isDir = true): boolean {
  const parts = rel.split('/').filter(Boolean);
  for (let n = 1; n <= parts.length; n++) {
    const p = parts.slice(0, n).join('/');
    const dir = n < parts.length || isDir;
    let ignored = false;
    for (const r of rules) {
      if (r.dirOnly && !dir) continue;
      if (r.base && !p.startsWith(r.base + '/')) continue;
      const sub = r.base ? p.slice(r.base.length + 1) : p;
      if (r.re.test(sub)) ignored = !r.negate;
    }
    if (ignored) return true;
  }
  return false;
}

function findRepoRoot(dir: string): string | undefined {
  let d = dir;
  for (;;) {
    if (fs.existsSync(path.join(d, '.git'))) return d;
    const up = path.dirname(d);
    if (up === d) return undefined;
    d = up;
  }
}

function readSmall(file: string): string {
  try {
    return readRegularText(file, { maxBytes: 1024 * 1024 });
  } catch {
    return '';
  }
}

function gitDirOf(repoRoot: string): string {
  const dotgit = path.join(repoRoot, '.git');
  try {
    if (fs.statSync(dotgit).isFile()) {
      const m = /^gitdir:\s*(.+)$/m.exec(readSmall(dotgit));
      if (m) return path.resolve(repoRoot, m[1]!.trim());
    }
  } catch {
    /* plain folder */
  }
  return dotgit;
}

/** memories/ ignored — the folder itself, or at least each of the four files in it (`memories/*`). */
function ignoredByFiles(repoRoot: string, workspace: string): boolean {
  const rules: IgnoreRule[] = parseGitignore(readSmall(path.join(gitDirOf(repoRoot), 'info', 'exclude')), '');
  const relWs = path.relative(repoRoot, workspace).split(path.sep).filter(Boolean);
  for (let n = 0; n <= relWs.length; n++) {
    const base = relWs.slice(0, n).join('/');
    rules.push(...parseGitignore(readSmall(path.join(repoRoot, ...relWs.slice(0, n), '.gitignore')), base));
  }
  rules.push(...parseGitignore(readSmall(path.join(workspace, MEMORIES_DIR, '.gitignore')), [...relWs, MEMORIES_DIR].join('/')));
  const dir = [...relWs, MEMORIES_DIR].join('/');
  return isIgnored(dir, rules, true) || MEMORIES_FILES.every((f) => isIgnored(`${dir}/${f}`, rules, false));
}

type GitAnswer = { ignored: boolean; tracked: string[]; via: 'git' | 'gitignore' };

function gitIgnoreStatus(repoRoot: string, workspace: string, opts: ChecklistOptions): GitAnswer {
  if (opts.useGit !== false) {
    const git = opts.gitBinary ?? 'git';
    const common = { cwd: workspace, timeout: opts.gitTimeoutMs ?? 3000, windowsHide: true, env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0' } };
    const args = (...a: string[]) => ['-c', 'core.fsmonitor=false', '-C', workspace, ...a];
    const r = spawnSync(git, args('check-ignore', '-q', '--', `${MEMORIES_DIR}/`), { ...common, stdio: 'ignore' });
    if (!r.error && (r.status === 0 || r.status === 1)) {
      let ignored = r.status === 0;
      if (!ignored) {
        // `memories/*` ignores the contents, not the folder: accept when each of the four files is ignored
        const files = MEMORIES_FILES.map((f) => `${MEMORIES_DIR}/${f}`);
        const each = spawnSync(git, args('check-ignore', '-z', '--', ...files), { ...common, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
        const listed = new Set(String(each.stdout ?? '').split('\0').filter(Boolean));
        ignored = !each.error && files.every((f) => listed.has(f));
      }
      const ls = spawnSync(git, args('ls-files', '-z', '--', `${MEMORIES_DIR}/`), { ...common, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 1024 * 1024 });
      const tracked = !ls.error && ls.status === 0 ? String(ls.stdout).split('\0').filter(Boolean) : [];
      return { ignored, tracked, via: 'git' };
    }
  }
  return { ignored: ignoredByFiles(repoRoot, workspace), tracked: [], via: 'gitignore' };
}

// ---------------------------------------------------------------------------------------------------

const DYNAMIC_HEADING_RE = /^\s{0,3}#{1,6}\s*(?:dynamic\b|动态)|^\s*<!--\s*dynamic\b/i;
const STEP2_RE = /memory integrity rules|记忆完整性规则/i;

/** Run the memory checks on a workspace. Never throws on workspace contents. */
export function memoryChecklist(workspaceDir: string, opts: ChecklistOptions = {}): ChecklistItem[] {
  const root = path.resolve(workspaceDir);
  const scan = scanWorkspace(root, { config: opts.config, agentId: opts.agentId, family: opts.family, includeText: true });
  const items: ChecklistItem[] = [];
  if (!scan.exists) {
    return [fail('workspace', 'error', `The workspace ${root} cannot be read: ${scan.error ?? 'not found'}.`, 'Check agents.defaults.workspace (or the agent entry) in openclaw.json.')];
  }

  // memory-index
  const mem = scan.bootstrap.find((b) => b.loadIndex === scan.bootstrap.length - 1)!;
  if (!mem.exists) items.push(fail('memory-index', 'info', `Advice: no ${MEMORY_FILE}, the always-loaded memory index of the recommended layout (OpenClaw runs fine without it).`, `Create ${MEMORY_FILE} with one-line pointers (≤ 150 chars each) to the memories/ files, e.g. "- Project facts → memories/project.md".`));
  else if (mem.error) items.push(fail('memory-index', 'error', `${mem.rel} cannot be read: ${mem.error}`, `Make ${mem.rel} a readable text file under 16 MiB.`));
  else if (mem.rawTokens > MEMORY_TOKEN_LIMIT) items.push(fail('memory-index', 'warning', `${mem.rel} is about ${mem.rawTokens} tokens (limit ${MEMORY_TOKEN_LIMIT}).`, `Move content into memories/ files and keep one-line pointers in ${mem.rel}.`));
  else items.push(ok('memory-index', `${mem.rel} exists, about ${mem.rawTokens} tokens (≤ ${MEMORY_TOKEN_LIMIT}).`));

  // memories-files
  const missing = scan.memories.filter((m) => !m.exists).map((m) => m.rel);
  const broken = scan.memories.filter((m) => m.exists && m.error).map((m) => `${m.rel} (${m.error})`);
  if (broken.length) items.push(fail('memories-files', 'error', `Unreadable: ${list(broken)}.`, 'Each must be a readable text file.'));
  else if (missing.length) items.push(fail('memories-files', 'info', `Advice: the recommended memory layout also has ${list(missing)} (optional; OpenClaw runs fine without them).`, `To follow it, create ${list(missing)} (empty files are fine).`));
  else items.push(ok('memories-files', 'memories/ has project.md, decisions.md, errors.md and context.md.'));

  // errors-append-only
  const errors = scan.memories.find((m) => m.rel === ERRORS_REL)!;
  const baseline = opts.errorsBaseline ?? opts.baselineStore?.get(root);
  if (baseline === undefined) {
    if (opts.baselineStore && opts.updateBaseline && errors.text !== undefined) {
      try {
        opts.baselineStore.set(root, errors.text);
      } catch {
        /* our folder not writable: checked next time */
      }
    }
    items.push(ok('errors-append-only', opts.baselineStore || opts.errorsBaseline !== undefined ? `No earlier copy of ${ERRORS_REL} to compare with yet${opts.updateBaseline && errors.text !== undefined ? '; the current one is recorded now' : ''}.` : `Not checked: no earlier copy of ${ERRORS_REL} is kept.`));
  } else if (errors.exists && errors.error) {
    items.push(fail('errors-append-only', 'error', `${ERRORS_REL} cannot be read: ${errors.error}`));
  } else {
    const files: Record<string, string> = {};
    if (errors.text !== undefined) files[ERRORS_REL] = errors.text;
    const p = lintMemory({ files, existing: () => true, errorsBaseline: baseline }).find((x) => x.code === 'errors-not-append-only');
    if (p) items.push(fail('errors-append-only', p.severity, p.message, `Restore the earlier entries of ${ERRORS_REL}; add new ones at the end only.`));
    else {
      items.push(ok('errors-append-only', `${ERRORS_REL} only grew since it was last seen.`));
      if (opts.baselineStore && opts.updateBaseline && errors.text !== undefined) {
        try {
          opts.baselineStore.set(root, errors.text);
        } catch {
          /* see above */
        }
      }
    }
  }

  // memories-gitignored
  const repo = findRepoRoot(realOrSelf(root));
  if (!repo) items.push(ok('memories-gitignored', 'The workspace is not in a Git repository: nothing to ignore.'));
  else {
    const g = gitIgnoreStatus(repo, realOrSelf(root), opts);
    const how = g.via === 'git' ? 'git check-ignore' : '.gitignore files (git not available)';
    if (g.tracked.length) items.push(fail('memories-gitignored', 'warning', `${g.tracked.length} file(s) under memories/ are tracked by Git (${list(g.tracked.slice(0, 4))}${g.tracked.length > 4 ? ', …' : ''}); ignoring does not untrack them.`, `Run "git rm -r --cached memories" in ${root} and add "memories/" to .gitignore.`));
    // no memories/ (the recommended layout not adopted; OpenClaw's own setup makes every workspace a Git repository): advice
    else if (!g.ignored && !fs.existsSync(path.join(root, 'memories'))) items.push(fail('memories-gitignored', 'info', `Advice: memories/ does not exist, and Git (checked with ${how}) would not ignore it if it did; private memory there would be committed and synced.`, `If you adopt the layout, add a line "memories/" to ${path.join(root, '.gitignore')}.`));
    else if (!g.ignored) items.push(fail('memories-gitignored', 'warning', `memories/ is not ignored by Git (checked with ${how}); private memory would be committed and synced.`, `Add a line "memories/" to ${path.join(root, '.gitignore')}.`));
    else items.push(ok('memories-gitignored', `memories/ is ignored by Git (${how}).`));
  }

  // static-before-dynamic
  const files: Record<string, string> = {};
  for (const b of scan.bootstrap) if (b.text !== undefined) files[b.rel] = b.text;
  const problems = lintMemory({ files, existing: () => true, caps: scan.caps, workspaceDir: root, family: scan.family });
  const volatile = problems.filter((p) => p.code === 'cache-volatile' && p.severity === 'warning');
  const dynamicSections: string[] = [];
  for (const b of scan.bootstrap) {
    if (b.text === undefined || DYNAMIC_BOOTSTRAP_FILES.has(b.name)) continue;
    const i = b.text.split('\n').findIndex((l) => DYNAMIC_HEADING_RE.test(l));
    if (i >= 0) dynamicSections.push(`${b.rel}:${i + 1}`);
  }
  if (volatile.length || dynamicSections.length) {
    const parts: string[] = [];
    if (volatile.length) parts.push(`timestamps or per-turn figures in static bootstrap files (${list(volatile.slice(0, 5).map((p: MemoryProblem) => `${p.file}:${p.line + 1}`))}${volatile.length > 5 ? ', …' : ''})`);
    if (dynamicSections.length) parts.push(`a "Dynamic" section inside a static file (${list(dynamicSections)}), which OpenClaw still injects before the cache boundary`);
    items.push(fail('static-before-dynamic', 'warning', `Dynamic content sits in the cached static prompt: ${parts.join('; ')}.`, 'Only HEARTBEAT.md is injected after the cache boundary. Move changing content to memories/context.md or memory/YYYY-MM-DD.md and keep the bootstrap files static.'));
  } else items.push(ok('static-before-dynamic', 'No timestamps, per-turn figures or dynamic sections in the static bootstrap files.'));

  // memory-rules-static (seed 000 Step 2 snippet)
  const withRules = scan.bootstrap.filter((b) => b.text !== undefined && STEP2_RE.test(b.text));
  const staticRules = withRules.filter((b) => !DYNAMIC_BOOTSTRAP_FILES.has(b.name));
  if (staticRules.length) items.push(ok('memory-rules-static', `The memory integrity rules are in ${list(staticRules.map((b) => b.rel))} (static).`));
  else if (withRules.length) items.push(fail('memory-rules-static', 'warning', `The memory integrity rules are only in ${list(withRules.map((b) => b.rel))}, which OpenClaw places after the cache boundary.`, 'Move the "Memory Integrity Rules" section to AGENTS.md.'));
  else items.push(fail('memory-rules-static', 'info', 'No "Memory Integrity Rules" section (seed 000 Step 2) in the bootstrap files.', 'Add the Step 2 rules (MEMORY.md is a hint; check memories/errors.md before acting; trust source files) to AGENTS.md.'));

  // bootstrap-within-caps
  const cut = problems.filter((p) => p.code === 'bootstrap-truncated');
  if (cut.length) items.push(fail('bootstrap-within-caps', cut.some((p) => p.severity === 'error') ? 'error' : 'warning', cut.map((p) => p.message).join(' '), 'Shorten the files (point to detail instead of copying it) or raise agents.defaults.bootstrapMaxChars / bootstrapTotalMaxChars.'));
  else items.push(ok('bootstrap-within-caps', `All bootstrap files fit OpenClaw's caps (${scan.caps.maxChars.toLocaleString('en-US')} per file, ${scan.caps.totalMaxChars.toLocaleString('en-US')} in all): ${scan.totals.injectedChars.toLocaleString('en-US')} chars injected.`));

  return items;
}

function realOrSelf(p: string): string {
  try {
    return fs.realpathSync.native(p);
  } catch {
    return p;
  }
}
