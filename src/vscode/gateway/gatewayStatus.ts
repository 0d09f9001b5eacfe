/**
 * Show Gateway Connection: the report opens in the Markdown preview (gateway.ts); over it, the connections' details
 * as a quick pick, with the actions (Set Token, Reconnect, Copy, Diagnostics).
 */
import * as vscode from 'vscode';
import { connectionLine, connectionMarkdown, type ConnectionView, tokenSourceText } from '../../core/gateway/viewModel';
import type { LiveMode } from '../../core/gateway/pool';
import type { Ui } from '../shared/ui';

/** The connections' details as markdown (what Copy copies; no secrets). */
export function statusMarkdown(views: ConnectionView[], mode: LiveMode, secrets: string[]): string {
  return connectionMarkdown(views, { mode, secrets });
}

/** Show the quick pick and run the action picked (`md`: the details for Copy). */
export async function showGatewayStatus(ui: Ui, views: ConnectionView[], md: string, o: { mode: LiveMode; secrets: string[]; title: string; redact(s: string): string }): Promise<void> {
  const items: vscode.QuickPickItem[] = [];
  if (!views.length) items.push({ label: o.mode === 'off' ? '$(circle-slash) Live mode is off' : '$(circle-slash) No Gateway to connect to', detail: 'Files only.' });
  for (const c of views) {
    items.push({ label: c.url, kind: vscode.QuickPickItemKind.Separator });
    items.push({ label: `${c.state === 'live' ? '$(broadcast)' : '$(circle-slash)'} ${connectionLine(c, o.mode, o.secrets)}`, description: c.urlSource, detail: `State dirs: ${c.stateDirs.join(', ') || '(remote Gateway, no local state dir)'}` });
    if (c.serverVersion) items.push({ label: `$(server) OpenClaw ${c.serverVersion}`, description: `protocol ${c.protocol ?? '?'} · ${c.clientId}/${c.clientMode}${c.authMethod ? ` · auth ${c.authMethod}` : ''}` });
    if (c.scopes) items.push({ label: `$(shield) Scopes: ${c.scopes.join(', ') || '(none)'}` });
    items.push({ label: `$(key) Token: ${tokenSourceText(c.tokenSource)}`, ...(c.tokenSource === 'none' ? { detail: 'No token: run Set Gateway Token… (or allow the local token: openclawContext.gateway.useLocalToken).' } : {}) });
    const err = c.error ?? (c.unreachable ? { kind: 'unreachable', message: `Nothing listens at ${c.url}${c.probeError ? ` (${c.probeError})` : ''}.` } : undefined);
    if (err) items.push({ label: `$(error) ${err.kind}`, detail: o.redact(err.message) });
    for (const s of (c.remoteSessions ?? []).slice(0, 20)) items.push({ label: `$(comment-discussion) ${s.key}`, description: `${s.totalTokens ?? '?'}/${s.contextTokens ?? '?'} tokens${s.compactionCount ? ` · ${s.compactionCount} compactions` : ''}` });
  }
  const actions: Array<[string, string]> = [
    ['$(key) Set Gateway Token…', 'openclawContext.gateway.setToken'],
    ['$(plug) Reconnect', 'openclawContext.gateway.reconnect'],
    ['$(copy) Copy these details (no token)', 'copy'],
    ['$(output) Show diagnostics', 'openclawContext.showOutput'],
  ];
  items.push({ label: 'Actions', kind: vscode.QuickPickItemKind.Separator });
  for (const [label] of actions) items.push({ label });
  const pick = await ui.pick(items, { title: `OpenClaw Gateway — ${o.title}`, placeHolder: 'Connection details; pick an action', matchOnDescription: true, matchOnDetail: true });
  const action = actions.find(([l]) => l === pick?.label)?.[1];
  if (action === 'copy') await vscode.env.clipboard.writeText(md);
  else if (action) await vscode.commands.executeCommand(action);
}
