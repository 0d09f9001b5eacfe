/**
 * Reading a session's figures back from every surface that shows them (status bar text and tooltip, Sessions
 * tree description, context document header, the Context panel's view model, CLI text and --json, Memories view), for the property test that
 * they all agree with the figures model (test/unit/figuresSurfaces.test.ts). Each reader parses the rendered
 * text, not the model, so a surface that computes its own figure fails.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import type { ContextModel, SessionState } from '../../../src/core/context/model';
import { agentFamily } from '../../../src/core/context/model';
import { formatTokens } from '../../../src/core/context/format';
import { renderContextDocument } from '../../../src/core/context/document';
import { forecastSentence, sessionDescription, statusBarModel } from '../../../src/core/context/viewModel';
import { panelModel } from '../../../src/core/context/panelModel';
import { scanWorkspace } from '../../../src/core/memory/workspace/scan';
import { bootstrapSection } from '../../../src/core/memory/viewModel/bootstrap';

type Json = Record<string, unknown>;

/** What a surface says about a session's fullness. */
export interface Shown {
  approx: boolean;
  percent: number;
  used: string;
  window: string;
}

const SHORT = /(~?)(\d+)% (~?)([\d.]+[km]?)\/([\d.]+[km]?)/;

function parseShort(text: string, where: string): Shown {
  const m = SHORT.exec(text.replace(/\\~/g, '~'));
  assert.ok(m, `${where}: no figure in ${JSON.stringify(text.slice(0, 120))}`);
  assert.equal(m[1], m[3], `${where}: percent and used are both approximate or both not`);
  return { approx: m[1] === '~', percent: Number(m[2]), used: m[4]!, window: m[5]! };
}

export function expected(s: SessionState): Shown {
  const f = s.figures;
  return { approx: f.estimated, percent: f.percent, used: formatTokens(f.used), window: formatTokens(f.window) };
}

/** The composition rows of the tooltip's "What is in it" table: the figure each shows, signed. */
function tooltipComposition(tip: string): { parts: string[]; used?: string } {
  const lines = tip.split('\n');
  const at = lines.findIndex((l) => l.startsWith('**What is in it**'));
  if (at < 0) return { parts: [] };
  const parts: string[] = [];
  let used: string | undefined;
  for (const l of lines.slice(at + 1)) {
    const m = /^\| (.+) \| (−?)(?:\\~)?([\d.]+[km]?) \|$/.exec(l);
    const u = /^\| \*\*Used\*\* \| \*\*(?:\\~)?([\d.]+[km]?)\*\* \|$/.exec(l);
    if (u) used = u[1];
    else if (m) parts.push(`${m[2]}${m[3]}`);
  }
  return { parts, used };
}

const signed = (n: number): string => `${n < 0 ? '−' : ''}${formatTokens(Math.abs(n))}`;

/** Status bar text and tooltip, tree description, context document: the same figures as the model's. */
export function assertViewSurfaces(model: ContextModel, s: SessionState, label: string): void {
  const f = s.figures;
  const want = expected(s);
  assert.equal(f.composition.reduce((n, p) => n + p.tokens, 0), f.used, `${label}: the composition sums to used`);
  for (const p of f.composition) assert.ok(Number.isInteger(p.tokens), `${label}: ${p.id} is an integer`);
  assert.ok(Number.isInteger(f.used), `${label}: used is an integer`);
  if (f.basis === 'next-prompt' || (f.basis === 'estimate' && f.calibrated?.lastUsageIndex === null)) assert.ok(f.used >= f.overhead, `${label}: used below the overhead`);

  const bar = statusBarModel(s, { pinned: false, now: Date.now() });
  assert.deepEqual(parseShort(bar.text, `${label} status bar`), want);
  const tip = /\| Used \| (\\~)?([\d.]+[km]?) \/ ([\d.]+[km]?) \((\\~)?(\d+)%\)/.exec(bar.tooltip);
  assert.ok(tip, `${label}: tooltip Used row`);
  assert.deepEqual({ approx: tip[1] !== undefined, percent: Number(tip[5]), used: tip[2], window: tip[3] }, want, `${label}: tooltip`);
  assert.doesNotMatch(bar.tooltip.replace(/`[^`]*`/g, ''), /(?<!\\)~/, `${label}: an unescaped ~ in the tooltip (strikethrough)`);
  assert.ok(!bar.tooltip.includes('$('), `${label}: theme-icon syntax in the tooltip`);
  const comp = tooltipComposition(bar.tooltip);
  assert.deepEqual(comp.parts, f.composition.map((p) => signed(p.tokens)), `${label}: tooltip composition`);
  if (f.composition.length) assert.equal(comp.used, want.used, `${label}: tooltip composition total`);

  const desc = sessionDescription(s).split(' · ');
  assert.deepEqual(parseShort(`${desc[0]} ${desc[1]}`, `${label} tree`), want);

  const doc = renderContextDocument(s, s.context ? model.loadEntries(s.uid, s.context.items) : []);
  const gaugeLine = doc.split('\n').find((l) => l.startsWith('- Gauge: '));
  assert.ok(gaugeLine, `${label}: document gauge line`);
  assert.deepEqual(parseShort(gaugeLine, `${label} document`), want);
  const what = doc.split('\n').find((l) => l.startsWith('- What is in it: '));
  if (f.composition.length) {
    assert.ok(what, `${label}: document composition`);
    const total = /= (?:\\~)?([\d.]+[km]?)$/.exec(what)?.[1];
    assert.equal(total, want.used, `${label}: document composition total`);
    const nums = [...what.replace(/= .*$/, '').matchAll(/ (−?)(?:\\~)([\d.]+[km]?)(?= \+|\s*$)/g)].map((m) => `${m[1]}${m[2]}`);
    assert.deepEqual(nums, f.composition.map((p) => signed(p.tokens)), `${label}: document composition parts`);
  }
  assertPanelSurface(model, s, label);
}

/** The Context panel: its headline and table row, its bar's parts, and the second level adding up to each part. */
function assertPanelSurface(model: ContextModel, s: SessionState, label: string): void {
  const f = s.figures;
  const want = expected(s);
  const m = panelModel({ session: s, sessions: model.sessions(), followsGauge: true, now: Date.now() });
  const c = m.composition!;
  assert.equal(m.uid, s.uid);
  assert.deepEqual(parseShort(c.headline, `${label} panel`), want);
  const row = m.sessions.find((r) => r.uid === s.uid);
  assert.ok(row?.selected, `${label}: the panel's table marks its session`);
  assert.deepEqual(parseShort(row.fillText.replace(' · ', ' '), `${label} panel table`), want);
  assert.deepEqual(c.parts.map((p) => [p.id, p.tokens]), f.composition.map((p) => [p.id, p.tokens]), `${label}: panel parts`);
  const items = new Set((s.context?.items ?? []).map((e) => e.id));
  for (const p of c.parts) {
    if (p.groups.length) assert.equal(p.groups.reduce((n, g) => n + g.tokens, 0), p.tokens, `${label}: ${p.id} groups sum to the part`);
    for (const [i, it] of p.largest.entries()) {
      assert.ok(it.tokens <= p.tokens, `${label}: ${p.id} item within its part`);
      if (i) assert.ok(it.tokens <= p.largest[i - 1]!.tokens, `${label}: ${p.id} largest first`);
      assert.ok(it.entryId && items.has(it.entryId), `${label}: ${p.id} item is in the context`);
    }
    if (p.entryId) assert.ok(items.has(p.entryId), `${label}: ${p.id} opens at a context item`);
  }
}

/** Every number of a --json document is an integer, except the named ratios. */
export function assertIntegers(v: unknown, at = '$', ratios: ReadonlySet<string> = new Set(['ratio'])): void {
  if (typeof v === 'number') assert.ok(Number.isInteger(v) || ratios.has(at.split('.').pop()!), `${at} = ${v} is not an integer`);
  else if (Array.isArray(v)) v.forEach((x, i) => assertIntegers(x, `${at}[${i}]`, ratios));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) assertIntegers(x, `${at}.${k}`, ratios);
}

/** The CLI's status/sessions/show output for a session: the same figures as the model's. */
export function assertCliSurfaces(s: SessionState, docs: { status: Json; sessions: Json; show: Json; statusText: string; showText: string }, label: string): void {
  const f = s.figures;
  const st = (docs.status.sessions as Json[]).find((x) => x.key === s.row.key && x.agentId === s.agentId)!;
  assert.ok(st, `${label}: in status --json`);
  assert.deepEqual([st.used, st.percent, st.estimated, st.basis, st.window], [f.used, f.percent, f.estimated, f.basis, f.window], `${label}: status --json`);
  assert.deepEqual((st.composition as Json[]).map((p) => p.tokens), f.composition.map((p) => p.tokens), `${label}: status --json composition`);
  const se = (docs.sessions.sessions as Json[]).find((x) => x.key === s.row.key && x.agentId === s.agentId)!;
  assert.deepEqual([se.used, se.percent, se.estimated], [f.used, f.percent, f.estimated], `${label}: sessions --json`);
  const sh = docs.show.session as Json;
  assert.deepEqual([sh.used, sh.percent, sh.estimated], [f.used, f.percent, f.estimated], `${label}: show --json`);
  const b = docs.show.breakdown as Json[];
  assert.deepEqual(b.map((p) => p.tokens), f.composition.map((p) => p.tokens), `${label}: show --breakdown --json`);
  assert.equal(b.reduce((n, p) => n + (p.tokens as number), 0), sh.used, `${label}: show --breakdown sums to used`);
  // the forecast: the panel's and the tooltip's figures (figures.forecast), in status --json, show --json and show's text
  const turns = f.forecast.lines.map((l) => [l.id, l.turns ?? null]);
  for (const [where, fc] of [['status --json', st.forecast], ['show --json', sh.forecast]] as const) {
    assert.deepEqual(((fc as Json).lines as Json[]).map((l) => [l.id, l.turns]), turns, `${label}: ${where} forecast`);
    assert.equal((fc as Json).sentence, forecastSentence(f.forecast), `${label}: ${where} forecast sentence`);
  }
  if (s.context) assert.ok(docs.showText.includes(`\nForecast: ${forecastSentence(f.forecast)}\n`), `${label}: show text forecast`);
  for (const d of [docs.status, docs.sessions, docs.show]) assertIntegers(d);
  const want = expected(s);
  const line = docs.statusText.split('\n').find((l) => l.includes(`  ${s.row.key}  `))!;
  assert.deepEqual(parseShort(line.trim(), `${label} status text`), want);
  const head = /^\S+\s+(~?)([\d.]+[km]?)\/([\d.]+[km]?) \((~?)(\d+)%\)/.exec(docs.showText);
  assert.ok(head, `${label}: show text header`);
  assert.deepEqual({ approx: head[1] === '~', percent: Number(head[5]), used: head[2], window: head[3] }, want, `${label}: show text`);
  const total = docs.showText.split('\n').find((l) => l.includes('Total (= used)'));
  assert.ok(total?.trim().endsWith(`${want.approx ? '~' : ''}${want.used}`), `${label}: show --breakdown total ${total}`);
}

/** The Memories view's bootstrap figures for the files OpenClaw reported: the ones the composition counts. */
export function assertMemoriesSurface(model: ContextModel, s: SessionState, label: string): void {
  const agent = model.agentOf(s)?.agent;
  const files = s.row.systemPromptReport?.injectedWorkspaceFiles ?? [];
  if (!agent || s.remote || !files.length || !fs.existsSync(agent.workspace)) return;
  const scan = scanWorkspace(agent.workspace, { config: model.stateDirOf(s)?.config.value, agentId: s.agentId, family: agentFamily(agent) });
  const section = bootstrapSection(scan);
  const boot = s.figures.composition.find((p) => p.id === 'bootstrap');
  assert.ok(boot, `${label}: bootstrap part`);
  let checked = 0;
  for (const f of files) {
    const info = scan.bootstrap.find((b) => b.name === f.name);
    if (!info || (info.error && !info.missingMarker)) continue;
    const shown = section.tooltip.split('\n').find((l) => l.startsWith(`| ${f.name} |`));
    const memFigure = shown && /\| ([\d.]+[km]?) \|$/.exec(shown)?.[1];
    assert.ok(boot.detail?.includes(`${f.name} ${memFigure}`), `${label}: ${f.name} is ${memFigure} in the Memories view, ${boot.detail} in the composition`);
    checked++;
  }
  if (checked === files.length) assert.equal(boot.tokens, files.reduce((n, f) => n + scan.bootstrap.find((b) => b.name === f.name)!.injectedTokens, 0), `${label}: bootstrap total`);
}
