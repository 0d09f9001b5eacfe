/**
 * The base of every long-lived object of the extension: what it creates and subscribes to is registered once,
 * next to where it is made, and released together (last registered first) when the object is disposed.
 * Disposing twice is harmless; registering after dispose releases the thing at once.
 */
import type * as vscode from 'vscode';

export abstract class Disposable implements vscode.Disposable {
  private readonly owned: vscode.Disposable[] = [];
  private released = false;

  protected get isDisposed(): boolean {
    return this.released;
  }

  /** Own `d`: it is disposed with this object. Returns `d`, so a field can be declared and registered at once. */
  protected register<T extends vscode.Disposable>(d: T): T {
    if (this.released) d.dispose();
    else this.owned.push(d);
    return d;
  }

  dispose(): void {
    if (this.released) return;
    this.released = true;
    const errors: unknown[] = [];
    for (const d of this.owned.splice(0).reverse()) {
      try {
        d.dispose();
      } catch (err) {
        errors.push(err);
      }
    }
    if (errors.length) throw errors.length === 1 ? errors[0] : new AggregateError(errors, 'several disposables failed');
  }
}

/** A disposable from a function (a timer, a map of watchers). */
export function toDisposable(f: () => void): vscode.Disposable {
  return { dispose: f };
}
