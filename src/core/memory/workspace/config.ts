/**
 * Reading an agent's settings from OpenClaw's config: `agents.defaults` and the agent's `agents.list[]` entry
 * (which wins when present).
 */

type Json = Record<string, unknown>;
export const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
export const positiveInt = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : undefined);

export function agentsDefaults(config: unknown): Json | undefined {
  const agents = isObj(config) ? config.agents : undefined;
  return isObj(agents) && isObj(agents.defaults) ? agents.defaults : undefined;
}

export function agentEntry(config: unknown, agentId: string | undefined): Json | undefined {
  if (!agentId) return undefined;
  const agents = isObj(config) ? config.agents : undefined;
  const list = isObj(agents) ? agents.list : undefined;
  return Array.isArray(list) ? (list.find((a) => isObj(a) && a.id === agentId) as Json | undefined) : undefined;
}
