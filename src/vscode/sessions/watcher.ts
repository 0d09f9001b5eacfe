/**
 * Watches the state dirs with chokidar: each agent DB and its `-wal`, the JSONL sessions dirs, the
 * config. Changes schedule a debounced refresh; the model then reads only what is new.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { watch, type FSWatcher } from 'chokidar';
import type { ContextService } from './service';
import { Disposable, toDisposable } from '../shared/disposable';

export class StateWatcher extends Disposable {
  private watcher: FSWatcher | undefined;
  private key = '';
  events = 0;

  constructor(private readonly service: ContextService) {
    super();
    this.register(toDisposable(() => void this.watcher?.close()));
  }

  /** (Re)start watching what the model currently reads; cheap when nothing changed. */
  sync(): void {
    if (this.isDisposed) return;
    const targets = this.service.model.watchTargets();
    const stateDirs = this.service.model.stateDirs().map((d) => d.candidate.dir);
    const configs = new Set(this.service.model.stateDirs().map((d) => path.resolve(d.candidate.configPath)));
    // The agents dir (depth 2 reaches agents/<id>/agent/*.sqlite* and agents/<id>/sessions/*) catches
    // new agents and new stores; DB files and sessions dirs are covered by it too.
    const paths = new Set<string>([...configs, ...stateDirs.map((d) => path.join(d, 'agents')), ...targets.files, ...targets.dirs.filter((d) => !stateDirs.includes(d))]);
    const key = [...paths].sort().join('\n');
    if (key === this.key && this.watcher) return;
    this.key = key;
    void this.watcher?.close();
    const w = watch([...paths], {
      ignoreInitial: true,
      persistent: true,
      depth: 2,
      ignorePermissionErrors: true,
      // lock and coordinator files churn on every turn and say nothing about content
      ignored: (p: string) => /\.(lock|lock\.sqlite)$|generation-(lock|writer)\.sqlite|reindex-lock|memory-reindex-|-shm$|\.tmp$/.test(p),
    });
    w.on('all', (event, file) => {
      this.events++;
      const full =
        configs.has(path.resolve(file)) ||
        event === 'addDir' ||
        event === 'unlinkDir' ||
        ((event === 'add' || event === 'unlink') && (file.endsWith('openclaw-agent.sqlite') || path.basename(file) === 'sessions.json'));
      this.service.scheduleRefresh(full);
    });
    w.on('error', () => this.service.scheduleRefresh(true));
    this.watcher = w;
  }
}
