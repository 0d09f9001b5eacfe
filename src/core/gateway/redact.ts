/**
 * Redaction: the one place that decides what of a secret, a URL or a Gateway-sent string may be printed.
 * Every path that prints or shows text from the Gateway, an error with a URL, or anything that may hold a
 * known secret uses it: the Gateway client's errors and logger, the CLI's output (main.ts wraps stdout and
 * stderr with `SecretSet.redact` + `terminalSafe`), `doctor`, the extension's connection report, log and
 * messages.
 *
 * - Known secrets (the Gateway token from settings, env, config or SecretStorage, device tokens, the config's
 *   gateway.auth.token/password and provider apiKeys — `configSecrets`) are replaced by `<redacted>` in every
 *   form: verbatim in any letter case, URL-encoded (component, every byte, `+` for space, twice), JSON-escaped
 *   (once, twice, with `\uXXXX`), hex (either case), base64 and base64url with and without padding — also when
 *   the secret was encoded together with text before it (`Basic base64("user:" + token)`: the three alignments
 *   are matched), and without a `Bearer `/`Basic `/`Token ` prefix the secret was given with.
 * - Minimum length: secrets shorter than MIN_SECRET_LENGTH (8) characters are NOT redacted by value. A value
 *   that short cannot be told apart from ordinary words and ids (a token "main" would shred every session key)
 *   and is guessable anyway; OpenClaw's generated tokens are 48 hex characters. `doctor` warns about them.
 * - Without knowing any secret: PEM private keys and vendor-shaped keys (`sk-…`, `ghp_…`, AWS, JWTs…, the
 *   shapes of ../secrets/shapes, which the memory writers redact too), credentials in URLs (`scheme://user:password@host` → `scheme://user:<redacted>@host`;
 *   a user name alone of 16+ characters is taken for a token), sensitive query parameters (`?token=`,
 *   `access_token`, `auth`, `password`, `key`, `secret`, `sig`…, any case → `token=<redacted>`) and `Bearer …` /
 *   `Basic …` credentials (with a digit) anywhere in the text. URLs we print ourselves go through `redactUrl`
 *   (no userinfo, no query at all).
 * - Gateway-sent strings (`remoteText`) additionally lose control, bidi and zero-width characters (terminal
 *   escape injection, hidden text) and are cut to a length bound, before they are put in any message.
 */

import { redactSecretShapes } from '../secrets/shapes';

export const REDACTED = '<redacted>';
/** Secrets shorter than this are not redacted by value (see above). */
export const MIN_SECRET_LENGTH = 8;
/** Default bound of one Gateway-sent string in a message. */
export const MAX_REMOTE_TEXT = 300;

export type SecretList = Iterable<string | undefined | null>;

// ---------------------------------------------------------------------------------------------
// Forms of a known secret

const percentAll = (b: Buffer): string => [...b].map((x) => `%${x.toString(16).padStart(2, '0')}`).join('');
const jsonInner = (s: string): string => JSON.stringify(s).slice(1, -1);
const jsonAscii = (s: string): string => jsonInner(s).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const toUrlSafe = (b64: string): string => b64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/**
 * The base64 characters that depend only on the secret's bytes when it was encoded after `k` other bytes
 * (k = 0, 1, 2: every alignment), i.e. what any base64 text containing the secret must contain.
 */
function base64Cores(bytes: Buffer): string[] {
  const out: string[] = [];
  for (let k = 0; k < 3; k++) {
    const b64 = Buffer.concat([Buffer.alloc(k), bytes]).toString('base64');
    const core = b64.slice(Math.ceil((8 * k) / 6), Math.floor((8 * (k + bytes.length)) / 6));
    out.push(core, toUrlSafe(core));
  }
  return out;
}

/** Every printable form of one secret (see the module comment); empty for a secret below the minimum. */
export function secretForms(secret: string): string[] {
  const s = secret.trim();
  if (s.length < MIN_SECRET_LENGTH) return [];
  const bases = [s];
  const bare = /^(?:bearer|basic|token)\s+(\S.*)$/i.exec(s)?.[1];
  if (bare && bare.length >= MIN_SECRET_LENGTH) bases.push(bare);
  const forms = new Set<string>();
  for (const v of bases) {
    const bytes = Buffer.from(v, 'utf8');
    const b64 = bytes.toString('base64');
    const uri = encodeURIComponent(v);
    for (const f of [
      v,
      uri,
      uri.replace(/%20/g, '+'),
      encodeURIComponent(uri),
      percentAll(bytes),
      jsonInner(v),
      jsonAscii(v),
      jsonInner(jsonInner(v)),
      bytes.toString('hex'),
      b64,
      b64.replace(/=+$/, ''),
      toUrlSafe(b64),
      ...base64Cores(bytes),
    ])
      if (f.length >= MIN_SECRET_LENGTH - 2) forms.add(f);
  }
  return [...forms];
}

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Compiled matchers by secret list (the CLI's sink and the extension redact with the same few lists often). */
const matcherCache = new Map<string, RegExp | null>();

function matcherFor(secrets: SecretList): RegExp | null {
  const list = [...new Set([...secrets].filter((s): s is string => typeof s === 'string' && s.trim().length >= MIN_SECRET_LENGTH))].sort();
  if (!list.length) return null;
  const key = list.join('\u0000');
  const hit = matcherCache.get(key);
  if (hit !== undefined) return hit;
  // longest first, so a form containing another is replaced whole
  const forms = [...new Set(list.flatMap(secretForms))].sort((a, b) => b.length - a.length);
  const re = forms.length ? new RegExp(forms.map(escapeRe).join('|'), 'gi') : null;
  if (matcherCache.size >= 64) matcherCache.delete(matcherCache.keys().next().value!);
  matcherCache.set(key, re);
  return re;
}

// ---------------------------------------------------------------------------------------------
// Shapes redacted without knowing the secret

/** `scheme://user[:password]@` (userinfo up to the first `@` before any `/`, `?` or `#`). */
const URL_USERINFO_RE = /\b([a-z][a-z0-9+.-]*:\/\/)([^\s/?#@:"'<>\\`]*)(:[^\s/?#@"'<>\\`]*)?@/gi;
/** A user name alone this long is taken for a token (`https://<token>@github.com`); shorter ones (`git@`) stay. */
const TOKEN_USER_LENGTH = 16;
/** A query parameter (after `?`, `&` or `;`) and its value. */
const QUERY_PARAM_RE = /([?&;])([^=&#?\s"'<>\\`]{1,64})=([^&#\s"'<>\\`]*)/g;
/** Parameter names whose value is a credential (matched anywhere in the name, any case). */
export const SENSITIVE_PARAM_RE = /token|auth|pass|pwd|secret|key|sig|credential/i;
/** `Bearer …` / `Basic …` credentials: 12 or more token characters with a digit ("Basic understanding" stays). */
export const AUTH_SCHEME_RE = /\b(Bearer|Basic)\s+(?=[A-Za-z._~+/=-]*\d)[A-Za-z0-9._~+/=-]{12,}/g;

/**
 * Credentials in URLs, sensitive query parameters and auth-scheme credentials, in any text; and (from the
 * memory redactor, ../secrets/shapes) PEM private keys and vendor-shaped keys and tokens, so a key a transcript
 * holds is not printed either.
 */
export function redactShapes(text: string): string {
  return redactSecretShapes(text, REDACTED)
    .text
    .replace(URL_USERINFO_RE, (m, scheme: string, user: string, password: string | undefined) =>
      password && password.length > 1 ? `${scheme}${user}:${REDACTED}@` : user.length >= TOKEN_USER_LENGTH ? `${scheme}${REDACTED}@` : m,
    )
    .replace(QUERY_PARAM_RE, (m, sep: string, name: string, value: string) => (value && SENSITIVE_PARAM_RE.test(name) ? `${sep}${name}=${REDACTED}` : m))
    .replace(AUTH_SCHEME_RE, (m, scheme: string) => `${scheme} ${REDACTED}`);
}

/**
 * `text` with every form of each known secret (≥ MIN_SECRET_LENGTH characters), URL credentials, sensitive
 * query parameters and auth-scheme credentials replaced by `<redacted>`.
 */
export function redact(text: string, secrets: SecretList = []): string {
  const re = matcherFor(secrets);
  const out = re ? String(text).replace(re, REDACTED) : String(text);
  return redactShapes(out);
}

/** A URL to print: no credentials, no query, no fragment (`ws://user:pw@host/?token=x` → `ws://host`). */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    u.search = '';
    u.hash = '';
    return stripControls(u.toString().replace(/\/$/, ''));
  } catch {
    return '(invalid URL)';
  }
}

/** Deep copy of a JSON value with secrets redacted from every string. */
export function redactValue<T>(value: T, secrets: SecretList): T {
  const list = [...secrets];
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return redact(v, list);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = walk(x);
      return out;
    }
    return v;
  };
  return walk(value) as T;
}

// ---------------------------------------------------------------------------------------------
// Control characters and length

/** C0 (but tab, line feed), DEL, C1, bidi overrides and isolates, zero-width characters, BOM. */
// eslint-disable-next-line no-control-regex
const CONTROLS_RE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** Terminal escape sequences, whole: CSI (`ESC [` or C1 CSI … final byte), OSC / DCS / APC / PM strings (… BEL or ST), two-byte ESC x. */
// eslint-disable-next-line no-control-regex
const ESCAPES_RE = /(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]|(?:\u001b[\]P_^X]|[\u0090\u0098\u009d-\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u001b[ -~]?/g;

/**
 * Escape sequences (whole, so none of their text is left to split a secret) and control, bidi and zero-width
 * characters removed; with `oneLine`, tabs and line breaks become spaces.
 */
export function stripControls(text: string, opts: { oneLine?: boolean } = {}): string {
  const t = text.replace(ESCAPES_RE, '').replace(CONTROLS_RE, '');
  return opts.oneLine ? t.replace(/[\t\n]+/g, ' ') : t;
}

/** At most `max` characters (a surrogate pair is never split), `…` when cut. */
export function bound(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = Math.max(0, max - 1);
  if (/[\ud800-\udbff]/.test(text.charAt(cut - 1))) cut--;
  return `${text.slice(0, cut)}…`;
}

/** Text we composed, that may hold parts a Gateway sent, made safe to show: control characters removed (line breaks kept), redacted. */
export function printable(text: string, secrets: SecretList = []): string {
  return redact(stripControls(text), secrets);
}

/**
 * A string a Gateway sent (a version, an error message, a close reason, a scope or method name), made safe
 * to print: one line without control characters (removed before redaction, so a secret split by them is still
 * found), redacted, at most `max` characters.
 */
export function remoteText(value: unknown, secrets: SecretList = [], max = MAX_REMOTE_TEXT): string {
  const s = typeof value === 'string' ? value : value === undefined || value === null ? '' : typeof value === 'object' ? safeJson(value) : String(value);
  return bound(redact(stripControls(s, { oneLine: true }).trim(), secrets), max);
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? '';
  } catch {
    return '';
  }
}

/** The SGR colour codes our own painter writes (src/cli/io.ts); everything else of that kind is neutralised. */
// eslint-disable-next-line no-control-regex
const TERMINAL_RE = /\u001b\[(?:0|1|2|31|32|33|35)m|[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Text for a terminal: every control character but tab, line feed and our own colour codes becomes `�`. */
export function terminalSafe(text: string): string {
  return text.replace(TERMINAL_RE, (m) => (m.length > 1 ? m : '\ufffd'));
}

// ---------------------------------------------------------------------------------------------
// Known secrets

/** Config keys whose string value is a credential: gateway.auth.token/password, gateway.remote.token, models.providers.*.apiKey, channel bot tokens… */
const SECRET_KEY_RE = /(?:token|password|passwd|secret|api_?key|private_?key|credentials?)$/i;

/** Every credential in a parsed openclaw.json (bounded walk: depth 32, 20,000 nodes). */
export function configSecrets(config: unknown): string[] {
  const out = new Set<string>();
  let budget = 20_000;
  const walk = (v: unknown, key: string, depth: number): void => {
    if (budget-- <= 0 || depth > 32) return;
    if (typeof v === 'string') {
      const t = v.trim();
      if (SECRET_KEY_RE.test(key) && t.length >= MIN_SECRET_LENGTH && !/^\$\{[A-Za-z_][A-Za-z0-9_]*\}$/.test(t)) out.add(t);
    } else if (Array.isArray(v)) for (const x of v) walk(x, key, depth + 1);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k, depth + 1);
  };
  walk(config, '', 0);
  return [...out];
}

/** The environment variables that hold the Gateway's credentials (OpenClaw's names). */
export const SECRET_ENV_VARS = ['OPENCLAW_GATEWAY_TOKEN', 'OPENCLAW_GATEWAY_PASSWORD'] as const;

/** A growing set of known secrets, for a printing path that learns them as it goes (the CLI's output). */
export class SecretSet implements Iterable<string> {
  private readonly values = new Set<string>();

  /** Add secrets (strings below the minimum length are ignored). */
  add(...values: ReadonlyArray<string | undefined | null>): this {
    for (const v of values) if (typeof v === 'string' && v.trim().length >= MIN_SECRET_LENGTH) this.values.add(v.trim());
    return this;
  }

  /** Add every credential of a parsed openclaw.json. */
  addConfig(config: unknown): this {
    return this.add(...configSecrets(config));
  }

  /** Add the Gateway credentials of an environment (and the variable named by --token-env). */
  addEnv(env: Record<string, string | undefined>, extraVar?: string): this {
    for (const name of [...SECRET_ENV_VARS, ...(extraVar ? [extraVar] : [])]) this.add(env[name]);
    return this;
  }

  get size(): number {
    return this.values.size;
  }

  [Symbol.iterator](): Iterator<string> {
    return this.values.values();
  }

  redact(text: string): string {
    return redact(text, this.values);
  }
}
