/** Diagnostics go to one Output channel; malformed rows and lines never become exceptions. */
import * as vscode from 'vscode';
import type { Diagnostic } from '../../core/store/types';
import { Disposable, toDisposable } from './disposable';

export class DiagnosticsChannel extends Disposable {
  private channel: vscode.LogOutputChannel | undefined;
  private seen = new Set<string>();
  private readonly reported = this.register(new vscode.EventEmitter<Diagnostic>());
  /** every new (not yet seen) diagnostic, after it was written to the channel */
  readonly onDidReport = this.reported.event;
  count = 0;

  constructor() {
    super();
    this.register(toDisposable(() => this.channel?.dispose()));
  }

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
}
