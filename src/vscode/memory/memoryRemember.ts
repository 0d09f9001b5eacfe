/**
 * Remember…: the text (InputBox, prefilled with the editor's selection; or the argument), its type (where it
 * goes), priority and an optional category; then core/actions (rememberFact) plans the append, this previews it
 * (and the MEMORY.md pointer when the target is not indexed yet), asks, and core writes it.
 */
import { closingPreviews } from '../shared/previewTabs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { rememberFact, type ActionPreview } from '../../core/actions';
import { MAX_CATEGORY_CHARS, MAX_REMEMBER_CHARS, REMEMBER_TYPES, type RememberPlan, type RememberResult, type RememberType } from '../../core/memory/remember';
import { dateStamp, userTimeZone } from '../../core/memory/workspace/dates';
import { agentWorkspaces, showChangePreview, writableDirOf, type AgentWorkspace, type MemoryDeps } from './memoryShared';
import { warnGroundRefusal } from '../shared/actions';

export const REMEMBER_BUTTON = 'Remember';
const OPEN_BUTTON = 'Open';

export interface RememberOutcome {
  status: 'written' | 'cancelled' | 'invalid' | 'preview-only' | 'refused' | 'failed';
  plan?: RememberPlan;
  result?: RememberResult;
  reason?: string;
  workspace?: string;
}

interface TypePickItem extends vscode.QuickPickItem {
  type: RememberType;
}
interface WorkspacePickItem extends vscode.QuickPickItem {
  ws: AgentWorkspace;
}

/** Where each remember type goes, and what it is for (the engine's routing, remember.ts). */
export const REMEMBER_TYPE_INFO: Record<RememberType, { target: string; detail: string }> = {
  preference: { target: 'USER.md', detail: 'A standing directive about how the user wants things done ("Always …", "Never …", "Prefer …").' },
  profile: { target: 'USER.md', detail: 'Who the user is (role, background), kept with the directives.' },
  decision: { target: 'memories/decisions.md', detail: 'A decision and why it was taken (the decision log: why, not what).' },
  error: { target: 'memories/errors.md', detail: 'A mistake to avoid: one line in the append-only error log.' },
  project: { target: 'memories/project.md', detail: 'Tech stack, project fingerprint, modules.' },
  fact: { target: 'memories/project.md', detail: 'A durable fact about the project.' },
  context: { target: 'memories/context.md', detail: 'The current task snapshot.' },
  task: { target: 'memories/context.md', detail: 'What is being worked on now.' },
  note: { target: 'daily', detail: "Today's daily log (OpenClaw's default place for \"remember this\")." },
  event: { target: 'daily', detail: 'Something that happened today, in the daily log.' },
};

const errText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** What Remember… needs from the memory commands. */
export interface RememberHost {
  deps: MemoryDeps;
  /** an untrusted workspace only previews */
  writesAllowed(): boolean;
  /** open a written file at its end */
  open(file: string): unknown;
}

async function pickWorkspace(h: RememberHost, title: string): Promise<AgentWorkspace | undefined> {
  const all = agentWorkspaces(h.deps.service);
  if (all.length <= 1) return all[0];
  const items: WorkspacePickItem[] = all.map((w) => ({ label: path.basename(w.dir), description: `agent ${w.agentId}`, detail: w.dir, ws: w }));
  return (await h.deps.ui().pick(items, { title, placeHolder: 'Which agent workspace?' }))?.ws;
}

/** The four questions; undefined when one was dismissed. */
async function ask(h: RememberHost, ws: AgentWorkspace, arg: unknown): Promise<{ content: string; type: RememberType; priority: string; category?: string } | undefined> {
  const ui = h.deps.ui();
  let content = typeof arg === 'string' ? arg : undefined;
  if (content === undefined) {
    const ed = vscode.window.activeTextEditor;
    const sel = ed && !ed.selection.isEmpty ? ed.document.getText(ed.selection).trim() : '';
    content = await ui.input({
      title: 'Remember (1/4): what should the agent remember?',
      prompt: `One fact, decision, preference or note (at most ${MAX_REMEMBER_CHARS.toLocaleString('en')} characters).`,
      value: sel.length <= MAX_REMEMBER_CHARS ? sel : '',
      validateInput: (v) => (v.trim().length > MAX_REMEMBER_CHARS ? `${v.trim().length} characters; at most ${MAX_REMEMBER_CHARS}.` : undefined),
    });
  }
  if (content === undefined || !content.trim()) return undefined;
  const today = `memory/${dateStamp(new Date(), userTimeZone(ws.config))}.md`;
  const typeItems: TypePickItem[] = REMEMBER_TYPES.map((t) => {
    const info = REMEMBER_TYPE_INFO[t];
    return { label: t, description: `→ ${info.target === 'daily' ? today : info.target}`, detail: info.detail, type: t };
  });
  const type = await ui.pick(typeItems, { title: 'Remember (2/4): what kind of memory? (chooses the file)', placeHolder: 'note → today’s daily log', matchOnDescription: true, matchOnDetail: true });
  if (!type) return undefined;
  const prio = await ui.pick(
    [
      { label: 'normal', description: 'no tag' },
      { label: 'high', description: 'tagged [high]' },
      { label: 'low', description: 'tagged [low]' },
    ],
    { title: 'Remember (3/4): priority' },
  );
  if (!prio) return undefined;
  const category = await ui.input({
    title: 'Remember (4/4): category (optional)',
    prompt: `A short label kept with the entry (at most ${MAX_CATEGORY_CHARS} letters, digits, spaces or _ . / -). Leave empty for none.`,
    placeHolder: 'e.g. deploy',
    validateInput: (v) => (v.trim() && (v.trim().length > MAX_CATEGORY_CHARS || !/^[\p{L}\p{N} _./-]+$/u.test(v.trim())) ? `At most ${MAX_CATEGORY_CHARS} letters, digits, spaces or _ . / -.` : undefined),
  });
  if (category === undefined) return undefined;
  return { content, type: type.type, priority: prio.label, category: category.trim() || undefined };
}

export async function rememberCommand(h: RememberHost, arg?: unknown): Promise<RememberOutcome> {
  const ui = h.deps.ui();
  const ws = await pickWorkspace(h, 'Remember');
  if (!ws) {
    if (!agentWorkspaces(h.deps.service).length) void ui.error('OpenClaw Context: no agent workspace found. OpenClaw keeps memory (MEMORY.md, memories/, memory/) in the agent workspace, by default <state dir>/workspace.');
    return { status: 'cancelled' };
  }
  const writable = writableDirOf(ws);
  if ('error' in writable) {
    void ui.error(`OpenClaw Context cannot remember in ${ws.dir}: ${writable.error}.`);
    return { status: 'refused', reason: writable.error, workspace: ws.dir };
  }
  const input = await ask(h, ws, arg);
  if (!input) return { status: 'cancelled', workspace: ws.dir };
  let previewOnly = false;
  let planned: RememberPlan | undefined;
  const confirm = async ({ plan }: ActionPreview<RememberPlan>): Promise<boolean> => {
    planned = plan;
    await showChangePreview(h.deps.docs, `remember/${plan.targetRel}`, plan.before, plan.after, `Remember → ${plan.targetRel} (before ↔ after)`);
    if (plan.index) {
      const a = h.deps.docs.put(`remember/${plan.index.targetRel}.before`, plan.index.before);
      const b = h.deps.docs.put(`remember/${plan.index.targetRel}.after`, plan.index.after);
      await vscode.commands.executeCommand('vscode.diff', a, b, `Remember → pointer in ${plan.index.targetRel} (before ↔ after)`, { preview: true, viewColumn: vscode.ViewColumn.Beside, preserveFocus: true });
    }
    if (!h.writesAllowed()) {
      previewOnly = true;
      void ui.info(`OpenClaw Context: this workspace is not trusted, so nothing was written. The preview shows what would be added to ${plan.targetRel}${plan.index ? ` and ${plan.index.targetRel}` : ''}.`);
      return false;
    }
    const detail = [
      `Appended to ${path.join(ws.dir, plan.targetRel)}${plan.created ? ' (a new file)' : ''}:`,
      plan.addition.trimEnd(),
      plan.index ? `\nAnd a pointer in ${plan.index.targetRel}${plan.index.created ? ' (a new file)' : ''}:\n${plan.index.addition.trimEnd()}` : '',
      plan.warnings.length ? `\n${plan.warnings.map((w) => `⚠ ${w}`).join('\n')}` : '',
    ]
      .filter(Boolean)
      .join('\n');
    return (await ui.confirm(`Remember in ${plan.targetRel}?`, detail, REMEMBER_BUTTON)) === REMEMBER_BUTTON;
  };
  let o;
  try {
    o = await closingPreviews(() => rememberFact({ confirm }, input, { workspaceDir: ws.dir, config: ws.config, readOnly: !h.writesAllowed() }), () => previewOnly);
  } catch (err) {
    if (!planned) throw err;
    h.deps.diag.report({ severity: 'error', source: `remember ${planned.targetRel}`, message: errText(err) });
    void ui.error(`OpenClaw Context could not write ${planned.targetRel}: ${errText(err)}`);
    return { status: 'failed', plan: planned, reason: errText(err), workspace: ws.dir };
  }
  switch (o.status) {
    case 'invalid':
      void ui.error(`OpenClaw Context: ${o.message}`);
      return { status: 'invalid', reason: o.message, workspace: ws.dir };
    case 'planned':
    case 'cancelled':
      return { status: previewOnly ? 'preview-only' : 'cancelled', plan: o.plan, workspace: ws.dir };
    case 'written':
      return remembered(h, o.plan, o.result, ws);
    case 'nothing':
      return { status: 'cancelled', workspace: ws.dir };
  }
  const plan = o.plan!;
  if (warnGroundRefusal(ui, o)) return { status: 'refused', plan, reason: o.message, workspace: ws.dir };
  h.deps.diag.report({ severity: 'warning', source: `remember ${plan.targetRel}`, message: `${o.code}: ${o.message}` });
  if (o.code === 'readonly') void ui.info(`OpenClaw Context: ${plan.targetRel} is read-only here; nothing was written. The preview shows what would have been added.`);
  else if (o.code === 'changed') void ui.warn(`OpenClaw Context did not write: ${plan.targetRel} changed since the preview, so nothing was written. Run Remember… again to see the new preview.`);
  else void ui.error(`OpenClaw Context could not write ${plan.targetRel}: ${o.message}`);
  return { status: 'refused', plan, reason: o.message, workspace: ws.dir };
}

function remembered(h: RememberHost, plan: RememberPlan, result: RememberResult, ws: AgentWorkspace): RememberOutcome {
  const ui = h.deps.ui();
  h.deps.diag.info(`remembered in ${result.file}${result.index ? ` (pointer added to ${result.index.file})` : ''}`);
  if (result.indexError) void ui.warn(`OpenClaw Context: remembered in ${plan.targetRel}, but the pointer was not added to ${plan.index?.targetRel ?? 'MEMORY.md'}: ${result.indexError}`);
  const file = result.file;
  void Promise.resolve(ui.info(`OpenClaw Context: remembered in ${plan.targetRel}${result.index ? ` (pointer added to ${plan.index!.targetRel})` : ''}.`, OPEN_BUTTON)).then((b) => (b === OPEN_BUTTON ? h.open(file) : undefined));
  return { status: 'written', plan, result, workspace: ws.dir };
}
