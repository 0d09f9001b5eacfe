/**
 * The one UI seam: every dialog, picker and input box the extension shows goes through a `Ui`. The in-host tests
 * replace `UiSeam.current` (the extension API's `ui`) to answer them.
 */
import * as vscode from 'vscode';

export interface Ui {
  /** modal confirmation; resolves to the button chosen */
  confirm(message: string, detail: string, ...buttons: string[]): Thenable<string | undefined>;
  info(message: string, ...buttons: string[]): Thenable<string | undefined>;
  warn(message: string, ...buttons: string[]): Thenable<string | undefined>;
  error(message: string, ...buttons: string[]): Thenable<string | undefined>;
  pick<T extends vscode.QuickPickItem>(items: T[], opts: vscode.QuickPickOptions): Thenable<T | undefined>;
  input(opts: vscode.InputBoxOptions): Thenable<string | undefined>;
}

export const vscodeUi: Ui = {
  confirm: (message, detail, ...buttons) => vscode.window.showWarningMessage(message, { modal: true, detail }, ...buttons),
  info: (message, ...buttons) => vscode.window.showInformationMessage(message, ...buttons),
  warn: (message, ...buttons) => vscode.window.showWarningMessage(message, ...buttons),
  error: (message, ...buttons) => vscode.window.showErrorMessage(message, ...buttons),
  pick: (items, opts) => vscode.window.showQuickPick(items, opts),
  input: (opts) => vscode.window.showInputBox(opts),
};

/** Holds the Ui every feature uses; one per extension instance (the container makes it). */
export class UiSeam {
  current: Ui = vscodeUi;
}
