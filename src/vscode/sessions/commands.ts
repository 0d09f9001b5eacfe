/** Command handlers. Each is small: find the session, call the model, render. */
import * as vscode from 'vscode';
import { sessionPickItems } from '../../core/context/viewModel';
import { contextUri } from './contextDocument';
import type { DiagnosticsChannel } from '../shared/output';
import type { ContextService } from './service';
import { SECTION } from '../shared/settings';
import { sessionFromArg } from './sessionsTree';
import { materializeDemo } from '../../core/store/demoState';
import { showNoSession } from '../shared/emptyState';

/** Where Open Demo State puts its copy (the extension's global storage). */
export const demoStateDir = (context: Pick<vscode.ExtensionContext, 'globalStorageUri'>): string => vscode.Uri.joinPath(context.globalStorageUri, 'demo', 'state').fsPath;

export function registerCommands(service: ContextService, diag: DiagnosticsChannel, context: Pick<vscode.ExtensionContext, 'extensionUri' | 'globalStorageUri'>): vscode.Disposable[] {
  const reg = (id: string, fn: (...args: unknown[]) => unknown) => vscode.commands.registerCommand(`openclawContext.${id}`, fn);
  const noSession = (): undefined => void showNoSession(service, 'act on');

  return [
    reg('refresh', () => service.refreshNow(true)),

    reg('pickSession', async () => {
      const sessions = service.model.sessions();
      if (!sessions.length) {
        const choice = await vscode.window.showInformationMessage('No OpenClaw sessions found.', 'Choose State Directory…', 'Show Diagnostics');
        if (choice === 'Choose State Directory…') await vscode.commands.executeCommand('openclawContext.chooseStateDir');
        if (choice === 'Show Diagnostics') diag.show();
        return;
      }
      const multiDir = service.model.stateDirs().length > 1;
      const pinned = service.pinnedUid;
      type Item = vscode.QuickPickItem & { uid?: string };
      const items: Item[] = [
        { label: '$(sync) Follow the most recently active session', description: pinned ? '' : 'current', uid: '' },
        { label: 'Sessions', kind: vscode.QuickPickItemKind.Separator },
        ...sessionPickItems(sessions, Date.now(), multiDir).map((m) => ({ label: `${m.uid === pinned ? '$(pinned) ' : ''}${m.label}`, description: m.description, detail: m.detail, uid: m.uid })),
      ];
      const picked = await vscode.window.showQuickPick(items, { title: 'OpenClaw Context: session for the gauge', placeHolder: 'Pin a session to the status-bar gauge', matchOnDescription: true, matchOnDetail: true });
      if (!picked || picked.uid === undefined) return;
      await service.pin(picked.uid || undefined);
    }),

    reg('pinSession', async (arg) => {
      const s = sessionFromArg(service, arg);
      if (!s) return noSession();
      await service.pin(s.uid);
    }),

    reg('unpinSession', async () => service.pin(undefined)),

    // entryId: open at that context item; beside: in the next editor group (from a Context panel tab, so it stays in view)
    reg('openContext', async (arg, entryId, beside) => {
      const s = sessionFromArg(service, arg);
      if (!s) return noSession();
      const doc = await vscode.workspace.openTextDocument(contextUri(s.uid, s.row.key));
      const md = doc.languageId === 'markdown' ? doc : await vscode.languages.setTextDocumentLanguage(doc, 'markdown');
      const editor = await vscode.window.showTextDocument(md, { preview: true, ...(beside === true ? { viewColumn: vscode.ViewColumn.Beside } : {}) });
      if (typeof entryId === 'string') {
        const items = service.model.get(s.uid)?.context?.items ?? [];
        const n = items.findIndex((e) => e.id === entryId) + 1;
        if (n > 0) {
          const line = md.getText().split('\n').findIndex((l) => l.startsWith(`### ${n}. `));
          if (line >= 0) {
            const pos = new vscode.Position(line, 0);
            editor.selection = new vscode.Selection(pos, pos);
            editor.revealRange(new vscode.Range(pos, pos), vscode.TextEditorRevealType.AtTop);
          }
        }
      }
    }),

    reg('copySessionKey', async (arg) => {
      const s = sessionFromArg(service, arg);
      if (!s) return noSession();
      await vscode.env.clipboard.writeText(s.row.key);
      void vscode.window.setStatusBarMessage(`Copied ${s.row.key}`, 2500);
    }),

    reg('showOutput', () => diag.show()),

    reg('chooseStateDir', async () => {
      const uris = await vscode.window.showOpenDialog({ canSelectFolders: true, canSelectFiles: false, canSelectMany: false, openLabel: 'Use as OpenClaw state directory', title: 'OpenClaw state directory (contains openclaw.json and agents/)' });
      if (!uris?.length) return;
      await vscode.workspace.getConfiguration(SECTION).update('stateDir', uris[0]!.fsPath, vscode.ConfigurationTarget.Global);
    }),

    // a fresh copy of the bundled demo state, then the stateDir setting points at it (Choose State Directory… goes back)
    reg('openDemoState', async () => {
      let dir: string;
      try {
        dir = materializeDemo(vscode.Uri.joinPath(context.extensionUri, 'demo', 'openclaw-state').fsPath, demoStateDir(context));
      } catch (err) {
        diag.report({ severity: 'error', source: 'demo state', message: err instanceof Error ? err.message : String(err) });
        void vscode.window.showErrorMessage(`OpenClaw Context could not open the demo state: ${err instanceof Error ? err.message : String(err)}`);
        return undefined;
      }
      await vscode.workspace.getConfiguration(SECTION).update('stateDir', dir, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('workbench.view.extension.openclawContext');
      void vscode.window.showInformationMessage('OpenClaw Context: showing the demo state (a copy; your own state is untouched). Choose State Directory… to go back to yours.');
      return dir;
    }),

    reg('openSettings', () => vscode.commands.executeCommand('workbench.action.openSettings', `@ext:openclaw-context.openclaw-context`)),
  ];
}
