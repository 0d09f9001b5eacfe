/**
 * Finding OpenClaw's state dir(s) and reading its config (openclaw-formats.md §1.1–1.3).
 * Pure functions over an explicit environment so tests can drive every branch.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseJson5Safe } from '../fs/safeJson';
import { READ_LIMITS, readRegularText } from '../fs/safeRead';
import type { DiagnosticSink } from './types';

export interface Env {
  vars: Record<string, string | undefined>;
  homedir: string;
  exists(p: string): boolean;
}

export function processEnv(): Env {
  return { vars: process.env, homedir: os.homedir(), exists: (p) => fs.existsSync(p) };
}

export function homeDir(env: Env): string {
  const v = env.vars;
  const h = v.OPENCLAW_HOME || v.HOME || v.USERPROFILE || env.homedir;
  return expandHome(h, env.homedir);
}

function expandHome(p: string, home: string): string {
  if (p === '~') return home;
  if (p.startsWith('~/') || p.startsWith('~\\')) return path.join(home, p.slice(2));
  return p;
}

/** Expand `~` and `${env:VAR}` / `${VAR}` in a user-supplied path; a relative result is taken from `base` (default: the working directory). */
export function expandUserPath(p: string, env: Env, base?: string): string {
  const withVars = p.replace(/\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)\}/g, (_m, name: string) => env.vars[name] ?? '');
  const expanded = expandHome(withVars, homeDir(env));
  return base === undefined ? path.resolve(expanded) : path.resolve(base, expanded);
}

export type StateDirSource = 'setting' | 'env' | 'default' | 'legacy';

export interface StateDirCandidate {
  dir: string;
  source: StateDirSource;
  configPath: string;
}

/**
 * Setting (string or list) > $OPENCLAW_STATE_DIR > ~/.openclaw (if present) > legacy ~/.clawdbot (if present) > ~/.openclaw.
 * Config: explicit setting (single state dir only) > $OPENCLAW_CONFIG_PATH (for env/default dirs) > <dir>/openclaw.json > <dir>/clawdbot.json.
 */
export function resolveStateDirs(setting: string | string[] | undefined, configSetting: string | undefined, env: Env): StateDirCandidate[] {
  const list = (Array.isArray(setting) ? setting : setting ? [setting] : []).map((s) => s.trim()).filter(Boolean);
  const out: StateDirCandidate[] = [];
  const seen = new Set<string>();
  const add = (dir: string, source: StateDirSource, explicitConfig?: string) => {
    const key = path.resolve(dir);
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ dir: key, source, configPath: explicitConfig ?? defaultConfigPath(key, env) });
  };
  const cfg = configSetting?.trim() ? expandUserPath(configSetting.trim(), env) : undefined;
  if (list.length) {
    for (const s of list) add(expandUserPath(s, env), 'setting', list.length === 1 ? cfg : undefined);
    return out;
  }
  const envCfg = env.vars.OPENCLAW_CONFIG_PATH ? expandUserPath(env.vars.OPENCLAW_CONFIG_PATH, env) : undefined;
  const explicit = cfg ?? envCfg;
  if (env.vars.OPENCLAW_STATE_DIR) {
    add(expandUserPath(env.vars.OPENCLAW_STATE_DIR, env), 'env', explicit);
    return out;
  }
  const home = homeDir(env);
  const modern = path.join(home, '.openclaw');
  const legacy = path.join(home, '.clawdbot');
  if (env.exists(modern)) add(modern, 'default', explicit);
  else if (env.exists(legacy)) add(legacy, 'legacy', explicit);
  else add(modern, 'default', explicit);
  return out;
}

function defaultConfigPath(dir: string, env: Env): string {
  const modern = path.join(dir, 'openclaw.json');
  const legacy = path.join(dir, 'clawdbot.json');
  if (!env.exists(modern) && env.exists(legacy)) return legacy;
  return modern;
}

// ---------------------------------------------------------------------------------------------
// Config loading: JSON5 + $include + ${VAR}

const MAX_INCLUDE_DEPTH = 10;

type Json = Record<string, unknown>;

const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** As OpenClaw's includes.ts: arrays concatenate, objects merge recursively, otherwise `over` wins. */
function deepMerge(base: unknown, over: unknown): unknown {
  if (Array.isArray(base) && Array.isArray(over)) return [...base, ...over];
  if (isObj(base) && isObj(over)) {
    const out: Json = { ...base };
    for (const [k, v] of Object.entries(over)) out[k] = k in out ? deepMerge(out[k], v) : v;
    return out;
  }
  return over;
}

function substituteVars(v: unknown, vars: Env['vars'], missing: Set<string>): unknown {
  if (typeof v === 'string') {
    // `$${X}` is an escaped literal `${X}`. Only upper-case names are env references (env-substitution.ts).
    return v.replace(/\$?\$\{([A-Z_][A-Z0-9_]*)\}/g, (m, name: string) => {
      if (m.startsWith('$$')) return m.slice(1);
      const val = vars[name];
      if (val === undefined) {
        missing.add(name);
        return '';
      }
      return val;
    });
  }
  if (Array.isArray(v)) return v.map((x) => substituteVars(x, vars, missing));
  if (isObj(v)) {
    const out: Json = {};
    for (const [k, x] of Object.entries(v)) out[k] = substituteVars(x, vars, missing);
    return out;
  }
  return v;
}

export interface LoadedConfig {
  path: string;
  exists: boolean;
  value: Json;
  error?: string;
}

export function loadConfig(configPath: string, env: Env, diag?: DiagnosticSink): LoadedConfig {
  if (!env.exists(configPath)) return { path: configPath, exists: false, value: {} };
  try {
    const stack: string[] = [];
    const value = readWithIncludes(configPath, stack, 0);
    const missing = new Set<string>();
    const substituted = substituteVars(value, env.vars, missing) as Json;
    for (const name of missing) diag?.({ severity: 'warning', source: configPath, message: `config references \${${name}}, which is not set; using an empty string` });
    return { path: configPath, exists: true, value: isObj(substituted) ? substituted : {} };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    diag?.({ severity: 'error', source: configPath, message: `config not readable: ${message}` });
    return { path: configPath, exists: true, value: {}, error: message };
  }
}

function readWithIncludes(file: string, stack: string[], depth: number): unknown {
  let real = path.resolve(file);
  try {
    real = fs.realpathSync(real);
  } catch {
    throw new Error(`$include target not found: ${path.basename(real)}`);
  }
  // Like OpenClaw, an $include must stay inside the directory of the top-level config file.
  const rootDir = stack.length ? path.dirname(stack[0]!) : path.dirname(real);
  const rel = path.relative(rootDir, real);
  if (stack.length && (rel.startsWith('..') || path.isAbsolute(rel))) throw new Error(`$include ${JSON.stringify(file)} is outside the config directory ${rootDir}; refused`);
  if (stack.includes(real)) throw new Error(`$include cycle: ${[...stack, real].map((p) => path.basename(p)).join(' → ')}`);
  if (depth > MAX_INCLUDE_DEPTH) throw new Error(`$include nested deeper than ${MAX_INCLUDE_DEPTH}`);
  // a regular file of at most 8 MB (a FIFO or /dev/zero in its place is refused, not read)
  const text = readRegularText(real, { maxBytes: READ_LIMITS.config });
  const parsed = parseJson5Safe(text);
  if (!parsed.ok) throw new Error(`${path.basename(real)} is ${parsed.error}`);
  return resolveIncludes(parsed.value, path.dirname(real), [...stack, real], depth);
}

function resolveIncludes(v: unknown, dir: string, stack: string[], depth: number): unknown {
  if (Array.isArray(v)) return v.map((x) => resolveIncludes(x, dir, stack, depth));
  if (!isObj(v)) return v;
  let merged: unknown = {};
  const inc = v.$include;
  if (inc !== undefined) {
    const list = Array.isArray(inc) ? inc : [inc];
    for (const p of list) {
      if (typeof p !== 'string') throw new Error('$include must be a path or a list of paths');
      merged = deepMerge(merged, readWithIncludes(path.resolve(dir, p), stack, depth + 1));
    }
  }
  const own: Json = {};
  for (const [k, x] of Object.entries(v)) if (k !== '$include') own[k] = resolveIncludes(x, dir, stack, depth);
  return deepMerge(merged, own);
}

// ---------------------------------------------------------------------------------------------
// Agents, workspaces, models

export const AGENT_ID_RE = /^[a-z0-9][a-z0-9_-]{0,63}$/i;

export interface AgentInfo {
  id: string;
  name?: string;
  isDefault: boolean;
  workspace: string;
  /** "provider/model" the agent runs with by default */
  model?: string;
  /** agent directory (holds openclaw-agent.sqlite in the SQLite era) */
  agentDir: string;
  inConfig: boolean;
  /**
   * the workspace the config names, when it does not exist and the state dir's own workspace folder is used
   * instead (a state dir copied from another machine or user keeps absolute paths that point nowhere here)
   */
  configuredWorkspace?: string;
}

export interface ModelWindow {
  tokens: number;
  source: 'session' | 'modelsConfig' | 'agentContextTokens' | 'default';
}

export const DEFAULT_CONTEXT_TOKENS = 200_000;

function modelRef(v: unknown): string | undefined {
  if (typeof v === 'string' && v.trim()) return v.trim();
  if (isObj(v) && typeof v.primary === 'string' && v.primary.trim()) return v.primary.trim();
  return undefined;
}

interface RawAgent {
  id: string;
  raw: Json;
}

function configAgents(cfg: Json): RawAgent[] {
  const agents = isObj(cfg.agents) ? cfg.agents : {};
  const out: RawAgent[] = [];
  if (Array.isArray(agents.list)) {
    for (const a of agents.list) if (isObj(a) && typeof a.id === 'string') out.push({ id: a.id.toLowerCase(), raw: a });
  }
  if (isObj(agents.entries)) {
    for (const [id, a] of Object.entries(agents.entries)) if (!out.some((x) => x.id === id.toLowerCase())) out.push({ id: id.toLowerCase(), raw: isObj(a) ? a : {} });
  }
  return out.filter((a) => AGENT_ID_RE.test(a.id));
}

export function defaultAgentId(cfg: Json): string {
  const list = configAgents(cfg);
  return (list.find((a) => a.raw.default === true) ?? list[0])?.id ?? 'main';
}

/**
 * Agents from the config (both shapes) plus every `<stateDir>/agents/<id>/` on disk.
 */
export function resolveAgents(stateDir: string, cfg: Json, env: Env, diskAgentIds: string[]): AgentInfo[] {
  const agentsCfg = isObj(cfg.agents) ? cfg.agents : {};
  const defaults = isObj(agentsCfg.defaults) ? agentsCfg.defaults : {};
  // a workspace the config names relatively is taken from the state dir (the config's home), not the working directory
  const wsPath = (p: string) => expandUserPath(p, env, path.resolve(stateDir));
  const defWorkspace = typeof defaults.workspace === 'string' && defaults.workspace ? wsPath(defaults.workspace) : undefined;
  const defModel = modelRef(defaults.model);
  const defId = defaultAgentId(cfg);
  const profile = env.vars.OPENCLAW_PROFILE && env.vars.OPENCLAW_PROFILE !== 'default' ? env.vars.OPENCLAW_PROFILE : undefined;
  const fromCfg = configAgents(cfg);
  const ids = [...fromCfg.map((a) => a.id)];
  for (const id of diskAgentIds) if (!ids.includes(id)) ids.push(id);
  if (!ids.includes(defId) && fromCfg.length === 0 && diskAgentIds.length === 0) ids.push(defId);

  return ids.map((id) => {
    const raw = fromCfg.find((a) => a.id === id)?.raw ?? {};
    const isDefault = id === defId;
    // the state dir's own folder: `workspace` (`workspace-<profile>`) for the default agent, `workspace-<id>` for the others
    const local = path.join(stateDir, isDefault ? (profile ? `workspace-${profile}` : 'workspace') : `workspace-${id}`);
    let workspace: string;
    if (typeof raw.workspace === 'string' && raw.workspace) workspace = wsPath(raw.workspace);
    // OpenClaw's default for the default agent is ~/.openclaw/workspace whatever the state dir; here it is the
    // state dir's own, so a `--state-dir S` run never reads or writes the home state dir's workspace (for
    // ~/.openclaw itself the two are the same folder)
    else if (isDefault) workspace = defWorkspace ?? local;
    else workspace = defWorkspace ? path.join(defWorkspace, id) : local;
    let configuredWorkspace: string | undefined;
    if (!env.exists(workspace) && workspace !== local && env.exists(local)) {
      configuredWorkspace = workspace;
      workspace = local;
    }
    const agentDir = typeof raw.agentDir === 'string' && raw.agentDir ? expandUserPath(raw.agentDir, env) : path.join(stateDir, 'agents', id, 'agent');
    const info: AgentInfo = { id, isDefault, workspace, agentDir, inConfig: fromCfg.some((a) => a.id === id) };
    if (configuredWorkspace) info.configuredWorkspace = configuredWorkspace;
    const m = modelRef(raw.model) ?? defModel;
    if (m) info.model = m;
    if (typeof raw.name === 'string') info.name = raw.name;
    return info;
  });
}

function splitModelRef(ref: string): { provider?: string; model: string } {
  const i = ref.indexOf('/');
  return i > 0 ? { provider: ref.slice(0, i), model: ref.slice(i + 1) } : { model: ref };
}

/** The configured window of a model: models.providers[p].models[id].contextTokens ?? contextWindow. */
export function configuredModelWindow(cfg: Json, provider: string | undefined, model: string | undefined): number | undefined {
  if (!model) return undefined;
  const providers = isObj(cfg.models) && isObj(cfg.models.providers) ? cfg.models.providers : {};
  const wanted = provider?.toLowerCase();
  for (const [pname, p] of Object.entries(providers)) {
    if (wanted && pname.toLowerCase() !== wanted) continue;
    if (!isObj(p) || !Array.isArray(p.models)) continue;
    for (const m of p.models) {
      if (!isObj(m) || m.id !== model) continue;
      const v = typeof m.contextTokens === 'number' && m.contextTokens > 0 ? m.contextTokens : m.contextWindow;
      if (typeof v === 'number' && v > 0) return Math.floor(v);
    }
  }
  return undefined;
}

/**
 * Window for a session: the session row's `contextTokens`, else the model's configured window
 * (capped by a smaller `agents.defaults.contextTokens`, as older OpenClaw did), else 200000.
 */
export function resolveWindow(
  cfg: Json,
  sessionContextTokens: number | undefined,
  provider: string | undefined,
  model: string | undefined,
  agentModel: string | undefined,
): ModelWindow {
  if (typeof sessionContextTokens === 'number' && sessionContextTokens > 0) return { tokens: Math.floor(sessionContextTokens), source: 'session' };
  let p = provider;
  let m = model;
  if (!m && agentModel) ({ provider: p, model: m } = splitModelRef(agentModel));
  let tokens = configuredModelWindow(cfg, p, m);
  let source: ModelWindow['source'] = tokens ? 'modelsConfig' : 'default';
  tokens ??= DEFAULT_CONTEXT_TOKENS;
  const defaults = isObj(cfg.agents) && isObj(cfg.agents.defaults) ? cfg.agents.defaults : {};
  const cap = defaults.contextTokens;
  if (typeof cap === 'number' && cap > 0 && cap < tokens) {
    tokens = Math.floor(cap);
    source = 'agentContextTokens';
  }
  return { tokens, source };
}

export interface CompactionSettings {
  reserveTokensFloor: number;
  softThresholdTokens: number;
  userTimezone?: string;
}

export function compactionSettings(cfg: Json): CompactionSettings {
  const d = isObj(cfg.agents) && isObj(cfg.agents.defaults) ? cfg.agents.defaults : {};
  const c = isObj(d.compaction) ? d.compaction : {};
  const mf = isObj(c.memoryFlush) ? c.memoryFlush : {};
  const out: CompactionSettings = {
    reserveTokensFloor: typeof c.reserveTokensFloor === 'number' && c.reserveTokensFloor >= 0 ? c.reserveTokensFloor : 20_000,
    softThresholdTokens: typeof mf.softThresholdTokens === 'number' && mf.softThresholdTokens >= 0 ? mf.softThresholdTokens : 4_000,
  };
  if (typeof d.userTimezone === 'string') out.userTimezone = d.userTimezone;
  return out;
}

export function listDiskAgents(stateDir: string): string[] {
  const dir = path.join(stateDir, 'agents');
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && AGENT_ID_RE.test(d.name))
      .map((d) => d.name.toLowerCase())
      .sort();
  } catch {
    return [];
  }
}
