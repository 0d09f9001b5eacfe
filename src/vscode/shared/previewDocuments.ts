/**
 * Read-only virtual documents for previews (a compaction's before / after and report, a restore note, a memory
 * change): kept in memory under their own URI scheme, the oldest dropped past `cap`. Nothing on disk changes.
 */
import * as vscode from 'vscode';
import { Disposable } from './disposable';

export class PreviewDocuments extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly docs = new Map<string, string>();
  private n = 0;

  constructor(
    readonly scheme: string,
    private readonly cap: number,
    /** the document's path from its name (default: the name as given) */
    private readonly pathOf: (name: string) => string = (name) => name,
  ) {
    super();
    this.register(vscode.workspace.registerTextDocumentContentProvider(scheme, this));
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.docs.get(uri.toString()) ?? '';
  }

  put(name: string, content: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: this.scheme, path: `/${this.pathOf(name)}`, query: `n=${++this.n}` });
    this.docs.set(uri.toString(), content);
    if (this.docs.size > this.cap) this.docs.delete(this.docs.keys().next().value as string);
    return uri;
  }
}
