/**
 * Type-ahead for our input boxes and quick picks. VS Code closes the command palette before it runs the chosen
 * command and gives the focus back to what had it (usually a text editor); our box shows about one extension-host
 * round trip later (measured on code-server: 60–400 ms after Enter, over a second under load). A quick typist's
 * first keys land in between: in the user's file (with auto save, on disk). The same happens between Enter in one of
 * our boxes and the flow's next box (Search's results, while the index is built).
 *
 * `EditorTypeAhead` watches the active editor from the moment a box is asked for until the box takes its first key,
 * takes what was typed at the cursor back out of the file (the file is left as it was; never saved by us: a file
 * that was clean is reverted to its bytes on disk only when they are exactly what the editor then shows)
 * and hands it to the box. `BoxValue` puts it in front of the keys typed into the box and sets the box when it is
 * quiet; Enter takes the whole text even if the box does not show it yet. After Enter, the keys typed into the
 * closing box and then into the editor are carried to the flow's next box for a few seconds (nothing is taken back
 * if no box comes).
 *
 * Only plain typing at the editor's one cursor is taken: a change elsewhere, an undo, several cursors, a mouse click
 * or another editor ends the watch and leaves the file alone. Keys typed while no text editor has the focus reach no
 * extension and stay lost (VS Code's limit; see the README).
 */
import * as vscode from 'vscode';
import { BoxValue } from './boxValue';

/** After this long without a key in the editor, what was typed there is moved to the box. */
const EDITOR_QUIET_MS = 80;
/** The box is set (with what it is missing) after this long without a key in it or a piece of type-ahead. */
const BOX_QUIET_MS = 250;

export class EditorTypeAhead implements vscode.Disposable {
  private readonly editor = vscode.window.activeTextEditor;
  private watching = false;
  private readonly subs: vscode.Disposable[] = [];
  /** where typing must begin: the editor's selection (offsets) and the text it covered */
  private from = 0;
  private to = 0;
  private covered = '';
  /** the typed region [anchor, anchor + typed.length), once typing began */
  private anchor = -1;
  private typed = '';
  private wasDirty = false;
  private timer: NodeJS.Timeout | undefined;
  private taking: Promise<void> = Promise.resolve();
  /** the box the text goes to; none yet (a capture carried to the flow's next box): nothing is taken */
  private onTaken: ((text: string) => void) | undefined;

  /**
   * `after`: the capture of the flow's previous box, in the same editor; typing resumes where it left the cursor
   * (the editor's selection as this extension host sees it may not yet show the text that capture took back).
   */
  constructor(after?: EditorTypeAhead) {
    const ed = this.editor;
    if (!ed || ed.selections.length !== 1 || ed.document.isClosed) return;
    const doc = ed.document;
    const same = after?.editor === ed && after.anchor < 0;
    this.from = same ? after.from : doc.offsetAt(ed.selection.start);
    this.to = same ? after.to : doc.offsetAt(ed.selection.end);
    this.covered = doc.getText(new vscode.Range(doc.positionAt(this.from), doc.positionAt(this.to)));
    this.wasDirty = same ? after.wasDirty : doc.isDirty;
    this.watching = true;
    this.subs.push(
      vscode.workspace.onDidChangeTextDocument((e) => this.changed(e)),
      vscode.window.onDidChangeTextEditorSelection((e) => {
        if (e.textEditor === ed && e.kind === vscode.TextEditorSelectionChangeKind.Mouse) this.stop();
      }),
      vscode.window.onDidChangeActiveTextEditor(() => this.stop()),
    );
  }

  private changed(e: vscode.TextDocumentChangeEvent): void {
    if (!this.watching || e.document !== this.editor?.document || !e.contentChanges.length) return;
    const c = e.contentChanges[0]!;
    // an undo, several cursors, or a change that is not at the cursor: not the user typing at the box
    if (e.reason !== undefined || e.contentChanges.length !== 1) return this.stop();
    if (this.anchor < 0) {
      if (c.rangeOffset !== this.from || c.rangeLength !== this.to - this.from) return this.stop();
      this.anchor = this.from;
      this.typed = c.text;
    } else {
      const k = c.rangeOffset - this.anchor;
      if (k < 0 || k + c.rangeLength > this.typed.length) return this.stop();
      this.typed = this.typed.slice(0, k) + c.text + this.typed.slice(k + c.rangeLength);
    }
    clearTimeout(this.timer);
    if (this.onTaken) this.timer = setTimeout(() => void this.take(), EDITOR_QUIET_MS);
  }

  /** Hand what is typed to `onTaken` (each piece taken back out of the editor, in order), from now on. */
  attach(onTaken: (text: string) => void): void {
    this.onTaken = onTaken;
    void this.take();
  }

  /** Take what was typed back out of the editor (the covered text put back) and hand it over. */
  take(): Promise<void> {
    clearTimeout(this.timer);
    this.taking = this.taking.then(() => this.takeNow());
    return this.taking;
  }

  private async takeNow(): Promise<void> {
    const ed = this.editor;
    if (!ed || !this.onTaken || this.anchor < 0 || !this.typed) return;
    const doc = ed.document;
    const typed = this.typed;
    const range = new vscode.Range(doc.positionAt(this.anchor), doc.positionAt(this.anchor + typed.length));
    if (doc.getText(range) !== typed) return this.stop();
    // the edit applies only to this version of the document: a key typed meanwhile makes it fail, and the next take retries
    const ok = await ed.edit((b) => b.replace(range, this.covered), { undoStopBefore: false, undoStopAfter: false }).then(
      (r) => r,
      () => false,
    );
    if (!ok) return;
    // our own edit came through changed() as a change inside the region: start a new region after the covered text
    this.anchor = -1;
    this.from = this.to = doc.offsetAt(range.start) + this.covered.length;
    this.covered = '';
    this.typed = '';
    this.onTaken(typed.split(/\r?\n/)[0]!);
    if (!this.wasDirty && doc.isDirty && !doc.isClosed) await clearDirtyMark(doc);
  }

  /** Stop watching (what was taken stays taken; what was not stays in the editor). */
  stop(): void {
    this.watching = false;
    clearTimeout(this.timer);
  }

  /** Take what is left, then stop. */
  async finish(): Promise<void> {
    await this.take();
    this.stop();
  }

  dispose(): void {
    this.stop();
    this.onTaken = undefined;
    for (const s of this.subs.splice(0)) s.dispose();
  }
}

/** How long after one of our boxes closed the keys typed into the editor are kept for the flow's next box. */
const CARRY_MS = 3000;
/**
 * Started when one of our boxes is accepted, adopted by the flow's next box (Search's results, Remember's next
 * step): the keys typed into the accepted box before it closed (`before`), then those typed into the editor.
 */
class Carried {
  readonly ahead: EditorTypeAhead;
  private before = '';
  private sink: ((text: string) => void) | undefined;

  constructor(after: EditorTypeAhead) {
    this.ahead = new EditorTypeAhead(after);
  }

  /** Keys typed into the accepted box after Enter (they come before those typed into the editor). */
  typed(text: string): void {
    if (this.sink) this.sink(text);
    else this.before += text;
  }

  /** The next box takes over: what was typed so far, and from now on what is typed. */
  adopt(sink: (text: string) => void): void {
    this.sink = sink;
    if (this.before) sink(this.before);
    this.before = '';
  }
}
let carried: Carried | undefined;

function carryToNextBox(before: string, after: EditorTypeAhead): Carried {
  carried?.ahead.dispose();
  const c = (carried = new Carried(after));
  c.typed(before);
  // no box came: stop watching; what was typed stays in the editor (it was never taken)
  setTimeout(() => {
    if (carried !== c) return;
    carried = undefined;
    c.ahead.dispose();
  }, CARRY_MS);
  return c;
}

/**
 * Show `box` with type-ahead into its value (an input box's text, a quick pick's filter): the editor capture carried
 * from the flow's previous box, or one from now, merged by BoxValue. On Enter, `accept` gets the whole text the user
 * meant and returns the result, or undefined to keep the box open; Escape resolves to undefined.
 */
function showWithTypeAhead<R>(box: vscode.InputBox | vscode.QuickPick<vscode.QuickPickItem>, initial: string, onValue: (v: string) => void, accept: (intended: string) => R | undefined): Promise<R | undefined> {
  const value = new BoxValue(initial);
  const adopted = carried;
  carried = undefined;
  const ahead = adopted?.ahead ?? new EditorTypeAhead();
  let typedInBox = false;
  let done = false;
  /** the box's value as last reported or set, and as last reported */
  let shown = initial;
  let reported = initial;
  /** from Enter on: the box's value then, the keys typed since (meant for the flow's next box), where they go */
  let enter: { shown: string; typed: string; carry?: Carried } | undefined;
  /** the value we set last, until the box reports it (a quick pick does): not a key */
  let lastSet: string | undefined;
  let quiet: NodeJS.Timeout | undefined;
  const set = () => {
    if (done) return;
    const v = value.takeSet(Date.now());
    if (v !== undefined) box.value = shown = lastSet = v;
    // a set of ours may still be on its way: look again (a set is taken as arrived after a second)
    else if (value.behind) sync(BOX_QUIET_MS);
  };
  const sync = (ms: number) => {
    clearTimeout(quiet);
    quiet = setTimeout(set, ms);
  };
  const typedAhead = (text: string) => {
    value.typedAhead(text);
    onValue(value.intended);
    // not at once: the box may be showing already, with keys on their way to it that a set would overwrite
    sync(BOX_QUIET_MS);
  };
  adopted?.adopt(typedAhead);
  ahead.attach(typedAhead);
  box.onDidChangeValue((v) => {
    if (enter) {
      // typed after Enter, before the box closed: after what the box held then (our last set, or, if that had not
      // arrived yet, what the box last reported)
      const base = [enter.shown, reported].filter((b) => v.startsWith(b)).sort((a, b) => b.length - a.length)[0];
      if (base === undefined) return;
      const t = v.slice(base.length);
      if (t.startsWith(enter.typed) && t.length > enter.typed.length) enter.carry?.typed(t.slice(enter.typed.length));
      enter.typed = t;
      return;
    }
    shown = reported = v;
    const echo = v === lastSet;
    lastSet = undefined;
    if (!typedInBox && !echo) {
      // the box has the focus now: keys no longer go to the editor
      typedInBox = true;
      void ahead.finish();
    }
    value.reported(v);
    onValue(value.intended);
    if (value.behind) sync(BOX_QUIET_MS);
  });
  return new Promise((resolve) => {
    const end = (result: R | undefined) => {
      if (done) return;
      done = true;
      clearTimeout(quiet);
      ahead.dispose();
      // accepted: keys typed from Enter on (into this box until it closes, then into the editor) go to the flow's next box
      if (result !== undefined && enter) enter.carry = carryToNextBox(enter.typed, ahead);
      resolve(result);
      box.hide();
    };
    box.onDidAccept(async () => {
      enter = { shown, typed: '' };
      await ahead.finish();
      const r = accept(value.intended);
      if (r !== undefined) return end(r);
      // refused (validation): the box stays, with what was typed after Enter
      const v = enter.shown + enter.typed;
      enter = undefined;
      if (v !== shown) {
        shown = reported = v;
        value.reported(v);
      }
    });
    box.onDidHide(async () => {
      if (!done) {
        await ahead.finish();
        end(undefined);
      }
      box.dispose();
    });
    box.show();
  });
}

/**
 * `window.showInputBox` with type-ahead: the keys typed into the active editor before the box took the focus are
 * moved into the box. Resolves to the value (undefined on Escape), as showInputBox.
 */
export function inputWithTypeAhead(opts: vscode.InputBoxOptions): Promise<string | undefined> {
  const box = vscode.window.createInputBox();
  const validate = (v: string) => {
    const r = opts.validateInput?.(v);
    const msg = r && typeof r === 'object' && 'message' in r ? r.message : r;
    box.validationMessage = typeof msg === 'string' ? msg : undefined;
    return !msg;
  };
  box.title = opts.title;
  box.prompt = opts.prompt;
  box.placeholder = opts.placeHolder;
  box.password = opts.password === true;
  box.ignoreFocusOut = opts.ignoreFocusOut === true;
  box.value = opts.value ?? '';
  if (opts.valueSelection) box.valueSelection = opts.valueSelection;
  return showWithTypeAhead(box, box.value, validate, (v) => (validate(v) ? v : undefined));
}

/**
 * `window.showQuickPick` (one item) with type-ahead into its filter. Resolves to the item chosen (undefined on
 * Escape), as showQuickPick.
 */
export function pickWithTypeAhead<T extends vscode.QuickPickItem>(items: readonly T[], opts: vscode.QuickPickOptions): Promise<T | undefined> {
  const box = vscode.window.createQuickPick<T>();
  box.items = items;
  box.title = opts.title;
  box.placeholder = opts.placeHolder;
  box.matchOnDescription = opts.matchOnDescription === true;
  box.matchOnDetail = opts.matchOnDetail === true;
  box.ignoreFocusOut = opts.ignoreFocusOut === true;
  // the item is the one active when Enter was pressed (before the rest of the type-ahead refilters the list)
  let chosen: T | undefined;
  box.onDidAccept(() => (chosen = box.selectedItems[0] ?? box.activeItems[0]));
  return showWithTypeAhead(box as unknown as vscode.QuickPick<vscode.QuickPickItem>, '', () => undefined, () => chosen);
}

/** The argument of the one run of a prompt command that only marks its activation event done. */
const WARM_UP = Symbol('warm up');

/**
 * Register a command that opens a box at once (Search…, Remember…). VS Code runs a command chosen in the palette
 * only after the command's activation event (`onCommand:…`) is done in every extension host; on the command's first
 * use that is a round trip more (measured on code-server: 0.2–1 s) while the user's keys go to the editor, before the
 * command starts and type-ahead can watch them. Running the command once from here marks the event done (the
 * extension host fires it for a command it runs itself) and does nothing else.
 */
export function registerPromptCommand(id: string, run: (arg?: unknown) => unknown): vscode.Disposable {
  const d = vscode.commands.registerCommand(id, (arg?: unknown) => (arg === WARM_UP ? undefined : run(arg)));
  void vscode.commands.executeCommand(id, WARM_UP).then(undefined, () => undefined);
  return d;
}

/**
 * The file was clean before the keys arrived and, with them taken out, reads as it was: revert it (a reload of the
 * same bytes) so it is not left marked as changed. Only when the bytes on disk are exactly the editor's text (an auto
 * save may have written the keys meanwhile: then the mark stays and the next save writes the right text) and the
 * editor is still the active one (the revert command acts on it). Never a save: no save participant runs.
 */
async function clearDirtyMark(doc: vscode.TextDocument): Promise<void> {
  if (doc.uri.scheme !== 'file' || vscode.window.activeTextEditor?.document !== doc) return;
  const disk = await vscode.workspace.fs.readFile(doc.uri).then(
    (b) => new TextDecoder('utf-8', { fatal: true }).decode(b),
    () => undefined,
  );
  if (disk !== undefined && disk === doc.getText() && doc.isDirty) await vscode.commands.executeCommand('workbench.action.files.revert');
}
