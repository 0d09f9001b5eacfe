// Builds demo/openclaw-state from the real OpenClaw fixtures (test/fixtures/openclaw-real):
//  - agent "main": the real OpenClaw 2026.9.6 agent database (SQLite era), gzipped;
//  - agent "legacy": two of the same real transcripts laid out the JSONL-era way
//    (sessions.json + <sessionId>.jsonl, header version 3), so the demo shows both store eras;
//  - the real workspace files.
// Re-running reproduces the same files.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const src = 'test/fixtures/openclaw-real';
const out = 'demo/openclaw-state';
rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'agents/main/agent'), { recursive: true });
cpSync(join(src, 'state/agents/main/agent/openclaw-agent.sqlite.gz'), join(out, 'agents/main/agent/openclaw-agent.sqlite.gz'));
cpSync(join(src, 'state/workspace'), join(out, 'workspace'), { recursive: true });

const cfg = JSON.parse(readFileSync(join(src, 'state/openclaw.json'), 'utf8'));
delete cfg.agents.defaults.workspace; // the default agent's workspace is <stateDir>/workspace
cfg.agents.entries = { main: {}, legacy: { name: 'JSONL-era copy', model: 'fake/scripted-1' } };
cfg.gateway.auth.token = 'demo-token-not-secret';
writeFileSync(join(out, 'openclaw.json'), JSON.stringify(cfg, null, 2) + '\n');

const sessions = {};
const legacyDir = join(out, 'agents/legacy/sessions');
mkdirSync(legacyDir, { recursive: true });
for (const [key, file] of [
  ['agent:legacy:main', 'agent_main_main__43a6baf9-3f84-4b0e-a72a-454f354be293.jsonl'],
  ['agent:legacy:work', 'agent_main_work__9335172d-fe7b-41f1-b0db-bad58368e4f9.jsonl'],
]) {
  const lines = readFileSync(join(src, 'transcripts', file), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  lines[0].version = 3;
  const sessionId = lines[0].id;
  writeFileSync(join(legacyDir, `${sessionId}.jsonl`), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  // The JSONL-era row: prompt tokens of the last real call (input + cacheRead + cacheWrite).
  const last = [...lines].reverse().find((l) => l.type === 'message' && l.message.role === 'assistant' && l.message.provider !== 'openclaw' && l.message.usage?.input);
  const u = last.message.usage;
  sessions[key] = {
    sessionId,
    updatedAt: Date.parse(lines[lines.length - 1].timestamp),
    sessionFile: `${sessionId}.jsonl`,
    totalTokens: u.input + u.cacheRead + u.cacheWrite,
    totalTokensFresh: true,
    contextTokens: 32768,
    model: 'scripted-1',
    modelProvider: 'fake',
    compactionCount: lines.filter((l) => l.type === 'compaction').length,
  };
}
writeFileSync(join(legacyDir, 'sessions.json'), JSON.stringify(sessions, null, 2) + '\n');
console.log(`demo state written to ${out}`);
