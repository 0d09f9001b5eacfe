/**
 * The forms a hostile peer may print a secret in, computed independently of src/core/gateway/redact.ts
 * (Buffer, encodeURIComponent, JSON), and the check that an output leaks none of them. Used by the redaction
 * unit tests and the secret probes (test/unit/redact.test.ts, secretProbes.test.ts).
 */

/** A token with characters that every encoding changes (+ / = " \ and a space). */
export const HOSTILE_TOKEN = 'oc+Probe/Tok3n="9f2d\\81c4 a7e6b5';

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const b64url = (s: string) => b64(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const hex = (s: string) => Buffer.from(s, 'utf8').toString('hex');

export interface SecretForm {
  name: string;
  /** what the peer sends */
  text: string;
  /** the part of it that carries the secret (must never be printed) */
  payload: string;
}

export function secretFormsOf(t: string): SecretForm[] {
  const f = (name: string, text: string, payload = text): SecretForm => ({ name, text, payload });
  const basic = b64(`operator:${t}`);
  return [
    f('verbatim', t),
    f('upper-case', t.toUpperCase()),
    f('lower-case', t.toLowerCase()),
    f('base64', b64(t)),
    f('base64 without padding', b64(t).replace(/=+$/, '')),
    f('base64url', b64url(t)),
    f('base64 after a prefix (Basic user:token)', `Basic ${basic}`, basic),
    f('base64 after a 2-byte prefix', b64(`ab${t}`)),
    f('base64url after a 1-byte prefix', b64url(`a${t}`)),
    f('hex', hex(t)),
    f('HEX', hex(t).toUpperCase()),
    f('URL-encoded', encodeURIComponent(t)),
    f('URL-encoded, upper-case', encodeURIComponent(t).toUpperCase()),
    f('URL-encoded twice', encodeURIComponent(encodeURIComponent(t))),
    f('every byte percent-encoded', [...Buffer.from(t)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('')),
    f('form-encoded', encodeURIComponent(t).replace(/%20/g, '+')),
    f('JSON-escaped', JSON.stringify(t).slice(1, -1)),
    f('JSON-escaped twice', JSON.stringify(JSON.stringify(t)).slice(1, -1)),
    f('after Bearer', `Authorization: Bearer ${t}`, t),
    f('after Bearer, on the next line', `Bearer\n${t}`, t),
    f('split by escape and zero-width characters', `${t.slice(0, 6)}\u001b[0m${t.slice(6, 12)}\u200b${t.slice(12)}`, t),
  ];
}

/** What of `secret` (in `form`) an output shows: [] when nothing. Case-insensitive for the verbatim secret. */
export function leaks(output: string, secret: string, form?: SecretForm): string[] {
  const out: string[] = [];
  if (output.toLowerCase().includes(secret.toLowerCase())) out.push('the secret (any case)');
  if (form && output.includes(form.payload)) out.push(`its ${form.name} form`);
  // the JSON-escaped secret, as a --json document would hold it
  const lower = output.toLowerCase();
  if (lower.includes(JSON.stringify(secret).slice(1, -1).toLowerCase())) out.push('the secret JSON-escaped (any case)');
  // the secret still readable once the split form's escape and zero-width characters (raw, JSON-escaped, or shown as �) are taken out
  const joined = lower.replace(/\\u001b|\u001b|\ufffd|\[0m|\u200b|\\u200b/g, '');
  if (!out.length && (joined.includes(secret.toLowerCase()) || joined.includes(JSON.stringify(secret).slice(1, -1).toLowerCase()))) out.push('the secret split by escapes');
  return out;
}

/** Raw control characters a terminal would act on (ESC, BEL, C1, bidi overrides), other than line breaks and tabs. */
// eslint-disable-next-line no-control-regex
export const TERMINAL_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
