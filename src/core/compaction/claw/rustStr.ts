/**
 * The few Rust `str`/`char`/`Path` behaviours claw-code's `compact.rs` relies on, reproduced on JS strings
 * (claw-code-compaction.md §4.9). JS strings are UTF-16; Rust strings are UTF-8. Where that matters:
 *
 * - lengths for the token estimate are UTF-8 bytes (see `tokens/clawcode.ts`);
 * - `chars()` counts Unicode scalar values, so a surrogate pair is one char (a lone surrogate, which a Rust
 *   string cannot hold, counts as one);
 * - `Ord for str` is byte order, which is code-point order, not UTF-16 code-unit order;
 * - `char::is_whitespace` is the Unicode White_Space property: JS `\s`/`trim()` add U+FEFF and miss U+0085.
 *
 * Everything here is a single linear scan that allocates only its result.
 */

/** Rust `char::is_whitespace` (Unicode White_Space) for a UTF-16 code unit. All such chars are in the BMP. */
export function isRustWhitespace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0x85) return false;
  return (
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** Rust `str::trim`. */
export function rustTrim(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && isRustWhitespace(s.charCodeAt(a))) a++;
  while (b > a && isRustWhitespace(s.charCodeAt(b - 1))) b--;
  return a === 0 && b === s.length ? s : s.slice(a, b);
}

/** Rust `str::trim_end`. */
export function rustTrimEnd(s: string): string {
  let b = s.length;
  while (b > 0 && isRustWhitespace(s.charCodeAt(b - 1))) b--;
  return b === s.length ? s : s.slice(0, b);
}

/** `s.trim().is_empty()`, stopping at the first non-whitespace unit (no allocation, O(1) for normal text). */
export function isRustBlank(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (!isRustWhitespace(s.charCodeAt(i))) return false;
  return true;
}

/**
 * Rust `str::lines` (current std: `split_inclusive('\n')`, then strip `"\n"` and, only after it, one `"\r"`).
 * A final line without `\n` keeps a trailing `\r`; a trailing `\n` does not start an empty last line.
 */
export function rustLines(s: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (;;) {
    const nl = s.indexOf('\n', start);
    if (nl < 0) {
      if (start < s.length) out.push(s.slice(start));
      return out;
    }
    const end = nl > start && s.charCodeAt(nl - 1) === 0x0d ? nl - 1 : nl;
    out.push(s.slice(start, end));
    start = nl + 1;
  }
}

/** `s.chars().count()`: UTF-16 length minus one per well-formed surrogate pair. */
export function rustCharCount(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/**
 * UTF-16 index just past the first `maxChars` chars of `s`, or -1 when `s` has at most `maxChars` chars.
 * Looks at no more than ~2·maxChars units, whatever the length of `s`.
 */
export function rustCharBoundaryAfter(s: string, maxChars: number): number {
  if (s.length <= maxChars) return -1; // chars ≤ UTF-16 units
  let i = 0;
  for (let n = 0; n < maxChars && i < s.length; n++) {
    const c = s.charCodeAt(i);
    i += c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
  }
  return i < s.length ? i : -1;
}

/** Byte-order comparison of the UTF-8 encodings (= code-point order), as Rust's `Ord for str`. */
export function compareRustStr(a: string, b: string): number {
  const n = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x !== y) {
      // Surrogates (astral code points) sort after U+E000..U+FFFF in code-point order.
      if (x >= 0xd800 && y >= 0xd800) {
        x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
        y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
      }
      return x - y;
    }
  }
  return a.length - b.length;
}

/** `v.sort(); v.dedup();` on strings (byte order; equal strings are indistinguishable, so stability is moot). */
export function sortDedupRust(v: string[]): string[] {
  v.sort(compareRustStr);
  const out: string[] = [];
  for (const s of v) if (out.length === 0 || out[out.length - 1] !== s) out.push(s);
  return out;
}

/**
 * Unix `std::path::Path::new(p).extension()`: the part after the last `.` of the file name, where the file
 * name is the last component (empty and `.` components are skipped, so trailing `/` and `/.` are ignored;
 * a last component of `..`, or none at all, has no file name), and a name whose only dot is its first
 * char (`.md`) has no extension. `undefined` is `None`; `""` is `Some("")` (name ending in a dot).
 */
export function rustPathExtension(p: string): string | undefined {
  let end = p.length;
  for (;;) {
    while (end > 0 && p.charCodeAt(end - 1) === 0x2f) end--;
    if (end === 0) return undefined;
    const slash = p.lastIndexOf('/', end - 1);
    const name = p.slice(slash + 1, end);
    if (name === '.') {
      end = slash + 1;
      continue;
    }
    if (name === '..') return undefined;
    const dot = name.lastIndexOf('.');
    if (dot <= 0) return undefined;
    return name.slice(dot + 1);
  }
}
