/** Diagnostics go to one Output channel; malformed rows and lines never become exceptions. */
import * as vscode from 'vscode';
import type { Diagnostic } from '../../core/store/types';

export class DiagnosticsChannel implements vscode.Disposable {
  private channel: vscode.LogOutputChannel | undefined;
  private seen = new Set<string>();
  private readonly reported = new vscode.EventEmitter<Diagnostic>();
  /** every new (not yet seen) diagnostic, after it was written to the channel */
  readonly onDidReport = this.reported.event;
  count = 0;

  private get out(): vscode.LogOutputChannel {
    this.channel ??= vscode.window.createOutputChannel('OpenClaw Context', { log: true });
    return this.channel;
  }

  report = (d: Diagnostic): void => {
    const line = `${d.source}: ${d.message}`;
    if (this.seen.has(line)) return; // the same problem is reported once per session
    if (this.seen.size > 5000) this.seen.clear();
    this.seen.add(line);
    this.count++;
    if (d.severity === 'error') this.out.error(line);
    else if (d.severity === 'warning') this.out.warn(line);
    else this.out.info(line);
    this.reported.fire(d);
  };

  info(message: string): void {
    this.out.info(message);
  }

  show(): void {
    this.out.show(true);
  }

  dispose(): void {
    this.reported.dispose();
    this.channel?.dispose();
  }
}
