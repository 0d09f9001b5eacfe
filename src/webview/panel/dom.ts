/**
 * Building the panel's DOM without HTML strings: every text (session keys, previews: untrusted) goes in through
 * text nodes or setAttribute, never parsed as markup.
 */
type Attrs = Record<string, string | number | boolean | undefined>;
type Child = Node | string | undefined | false | null;

function fill<E extends Element>(el: E, attrs: Attrs, children: Child[]): E {
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== false) el.setAttribute(k, v === true ? '' : String(v));
  for (const c of children) if (c !== undefined && c !== false && c !== null) el.append(typeof c === 'string' ? document.createTextNode(c) : c);
  return el;
}

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  return fill(document.createElement(tag), attrs, children);
}

const SVG_NS = 'http://www.w3.org/2000/svg';
export function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): SVGElementTagNameMap[K] {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** A button (keyboard and screen readers get it for free). */
export function button(label: string, onClick: () => void, attrs: Attrs = {}): HTMLButtonElement {
  const b = h('button', { type: 'button', ...attrs }, label);
  b.addEventListener('click', onClick);
  return b;
}

/** Enter and Space run `fn` on an element that is not a button (an SVG segment, a table row). */
export function onActivate(el: Element, fn: () => void): void {
  el.addEventListener('click', fn);
  el.addEventListener('keydown', (e) => {
    const k = (e as KeyboardEvent).key;
    if (k === 'Enter' || k === ' ') {
      e.preventDefault();
      fn();
    }
  });
}

/**
 * Roving focus over `items` (one tab stop for the group; arrow keys, Home and End move). `keys` are the arrow keys
 * that move back and forth; the item whose data-key is `current` keeps the tab stop across re-renders.
 */
export function roving(items: readonly HTMLElement[] | readonly SVGElement[], keys: [string, string], current: string | undefined, onMove?: (el: Element) => void): void {
  const list = [...items] as Array<HTMLElement | SVGElement>;
  if (!list.length) return;
  const start = Math.max(0, list.findIndex((el) => el.dataset.key === current));
  list.forEach((el, i) => el.setAttribute('tabindex', i === start ? '0' : '-1'));
  list.forEach((el, i) =>
    el.addEventListener('keydown', (e) => {
      const k = (e as KeyboardEvent).key;
      const to = k === keys[1] ? i + 1 : k === keys[0] ? i - 1 : k === 'Home' ? 0 : k === 'End' ? list.length - 1 : -2;
      if (to === -2) return;
      e.preventDefault();
      const next = list[Math.max(0, Math.min(list.length - 1, to))]!;
      el.setAttribute('tabindex', '-1');
      next.setAttribute('tabindex', '0');
      next.focus();
      onMove?.(next);
    }),
  );
}
