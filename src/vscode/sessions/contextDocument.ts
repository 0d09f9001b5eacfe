/** Read-only virtual documents showing a session's active context (`openclaw-context:` scheme). */
import * as vscode from 'vscode';
import { renderContextDocument } from '../../core/context/document';
import type { ContextService } from './service';
import { Disposable } from '../shared/disposable';

export const CONTEXT_SCHEME = 'openclaw-context';

export function contextUri(uid: string, key: string): vscode.Uri {
  const safe = key.replace(/[^a-zA-Z0-9._-]/g, '_').slice(0, 80) || 'session';
  return vscode.Uri.from({ scheme: CONTEXT_SCHEME, path: `/${safe}.md`, query: new URLSearchParams({ uid }).toString() });
}

export class ContextDocumentProvider extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly emitter = this.register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.emitter.event;
  private readonly open = new Map<string, vscode.Uri>();

  constructor(private readonly service: ContextService) {
    super();
    this.register(
      service.onDidChange((r) => {
        for (const uid of r.changed) {
          const uri = this.open.get(uid);
          if (uri) this.emitter.fire(uri);
        }
      }),
    );
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const uid = new URLSearchParams(uri.query).get('uid') ?? '';
    this.open.set(uid, uri);
    const s = this.service.model.ensureTranscript(uid);
    if (!s) return '# Session not found\n\nIt may have been removed, or the state directory changed.';
    const items = s.context?.items ?? [];
    const full = this.service.model.loadEntries(uid, items);
    return renderContextDocument(s, full);
  }
}
