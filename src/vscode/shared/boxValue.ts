/**
 * What the user meant to type into one of our quick input boxes, when some of it arrived elsewhere (no `vscode`
 * import: unit-tested in test/unit/boxValue.test.ts).
 *
 * A command run from the command palette shows its box one extension-host round trip after the palette closed;
 * keys typed in between go to the editor that had the focus (typeAhead.ts takes them back from there). They come
 * first: `ahead`. Putting them into the box means setting its value from the extension, and that update lands one
 * more round trip later, replacing whatever the box then holds: keys typed into the box in that time would be lost.
 * So this keeps, from the box's own reports (each carries the box's whole value), what the box holds and what it is
 * missing, sets the box only when it is quiet, and finds the keys a set overwrote.
 */
export class BoxValue {
  /** what the box holds (reported, or set by us) */
  private dom: string;
  /** the box still shows its first value, selected: the first key replaces it */
  private pristine: boolean;
  /** typed elsewhere before the box had the focus, not yet in the box: it goes at `aheadAt`, after what was typed
   * elsewhere earlier (already set into the box) and before every key typed into the box */
  private ahead = '';
  private aheadAt = 0;
  /** keys a set of ours overwrote: missing from `dom` at `at` (after the text we set) */
  private owed = '';
  private at = 0;
  /** our last set, until a report shows it arrived: the box's value when we set it, the value, when */
  private inflight?: { base: string; value: string; t: number };

  constructor(initial: string) {
    this.dom = initial;
    this.pristine = initial.length > 0;
  }

  /** The query as the user typed it, in order. */
  get intended(): string {
    const dom = this.pristine && this.ahead ? '' : this.dom;
    const a = Math.min(this.aheadAt, dom.length);
    const at = Math.max(a, Math.min(this.at, dom.length));
    return dom.slice(0, a) + this.ahead + dom.slice(a, at) + this.owed + dom.slice(at);
  }

  /** Whether the box shows something other than what was meant. */
  get behind(): boolean {
    return this.intended !== this.dom || this.inflight !== undefined;
  }

  /** Keys typed elsewhere before the box had the focus (in the order they were typed). */
  typedAhead(text: string): void {
    if (this.pristine && !this.ahead) this.aheadAt = 0;
    this.ahead += text;
  }

  /** The box reported its value (a key, a paste, a deletion). */
  reported(v: string): void {
    this.pristine = false;
    const f = this.inflight;
    if (!f || v.startsWith(f.value)) {
      this.inflight = undefined;
      this.dom = v;
      return;
    }
    // typed before our set arrived: the set replaces these keys, so they are owed after what we set
    this.owed = v.startsWith(f.base) ? v.slice(f.base.length) : v;
    this.at = f.value.length;
    this.dom = f.value;
  }

  /**
   * The value to set now, or undefined when the box already shows what was meant or a set of ours may still be on
   * its way (`landedMs` after a set, it is taken as arrived). Call when the box has been quiet for a moment.
   */
  takeSet(now: number, landedMs = 1000): string | undefined {
    if (this.inflight) {
      if (now - this.inflight.t < landedMs) return undefined;
      this.inflight = undefined;
    }
    const value = this.intended;
    if (value === this.dom) return undefined;
    this.inflight = { base: this.dom, value, t: now };
    this.aheadAt = Math.min(this.aheadAt, this.pristine ? 0 : this.dom.length) + this.ahead.length;
    this.dom = value;
    this.pristine = false;
    this.ahead = '';
    this.owed = '';
    this.at = 0;
    return value;
  }
}
