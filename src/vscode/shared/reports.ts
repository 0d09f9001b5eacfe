/**
 * Reports (a compaction's quality, the Gateway connection, tool statistics) open rendered, in VS Code's Markdown
 * preview, from read-only virtual documents (nothing on disk). Their tables label every column
 * (the view models in src/core).
 */
import * as vscode from 'vscode';
import { Disposable } from './disposable';
import { PreviewDocuments } from './previewDocuments';

export const REPORT_SCHEME = 'openclaw-report';

const isMarkdownPreview = (t: vscode.Tab): boolean => t.input instanceof vscode.TabInputWebview && /markdown\.preview/.test(t.input.viewType);

/**
 * Show a Markdown document (any of our virtual documents) in the Markdown preview, here or beside; resolves once
 * its tab is there (so a flow that ends right after still finds it to close), or after `waitMs`.
 */
export async function showMarkdownPreview(uri: vscode.Uri, beside = false, waitMs = 10_000): Promise<vscode.Uri> {
  const label = uri.path.split('/').pop() ?? '';
  const shown = () => vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => isMarkdownPreview(t) && t.label.includes(label)));
  let sub: vscode.Disposable | undefined;
  let timer: NodeJS.Timeout | undefined;
  const appeared = new Promise<void>((resolve) => {
    sub = vscode.window.tabGroups.onDidChangeTabs(() => (shown() ? resolve() : undefined));
    timer = setTimeout(resolve, waitMs);
  });
  try {
    await vscode.commands.executeCommand(beside ? 'markdown.showPreviewToSide' : 'markdown.showPreview', uri);
    if (!shown()) await appeared;
  } finally {
    sub?.dispose();
    clearTimeout(timer);
  }
  return uri;
}

export class Reports extends Disposable {
  private readonly docs = this.register(new PreviewDocuments(REPORT_SCHEME, 20, (name) => name.replace(/[^a-zA-Z0-9._/-]/g, '_').slice(0, 120) || 'report.md'));

  /** Open `markdown` as the report `name` (e.g. `gateway/connection.md`) in the Markdown preview. */
  show(name: string, markdown: string, beside = false): Promise<vscode.Uri> {
    return showMarkdownPreview(this.docs.put(name, markdown), beside);
  }
}
