/**
 * The shape-based redactor (formerly core/memory/secrets.ts; the lowest layer, so every writer and the printing
 * redactor can use it). Secrets in text a write would copy (a memory flush, a dream candidate, a fact, a checkpoint
 * and the tracker's state files): replaced by `[REDACTED]`, key names and URL user names kept so the fact still reads.
 *
 * `redactSecretShapes` is the high-confidence part (vendor key prefixes, JWTs, PEM private keys) with no
 * false positives on ids or hashes; the printing redactor (../gateway/redact) applies it to everything the CLI
 * prints, so a key in a transcript is not shown by `show` either.
 */
export const REDACTED = '[REDACTED]';

const SECRET_SHAPES: RegExp[] = [
  /\bsk-(?:ant-|proj-|live-|test-|or-)?[A-Za-z0-9_-]{16,}/g, // OpenAI, Anthropic, OpenRouter
  /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}/g, // GitHub tokens
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g,
  /\bglpat-[A-Za-z0-9_-]{20,}/g, // GitLab
  /\bxox[abposr]-[A-Za-z0-9-]{10,}/g, // Slack
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, // AWS access key ids
  /\bAIza[0-9A-Za-z_-]{35}/g, // Google API keys
  /\b[rs]k_(?:live|test)_[0-9A-Za-z]{16,}/g, // Stripe
  /\bnpm_[A-Za-z0-9]{30,}/g,
  /\bhf_[A-Za-z0-9]{30,}/g, // Hugging Face
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, // JWT
];
/**
 * A PEM private key: the header, its body (base64, whitespace, `Proc-Type:`-style header lines, and `\n` `\r` `\t`
 * escapes when it sits in JSON text) and the footer when there is one. The body never runs past a quote, any other
 * backslash escape (`\"` ends a JSON string) or other punctuation, so a cut key inside a JSON document or a
 * sentence is redacted without eating what follows.
 */
const PEM_RE = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(?:(?!-----END )(?:\\[nrt]|[A-Za-z0-9+/=\s:,.-]))*(?:-----END [A-Z0-9 ]*PRIVATE KEY-----)?/g;
const URL_CREDENTIALS_RE = /\b([A-Za-z][A-Za-z0-9+.-]*:\/\/)([^\s:@/]+):([^\s@/]+)@/g;
const AUTH_SCHEME_RE = /\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]{12,}/g;
const KEY_VALUE_RE =
  /\b((?:[A-Za-z0-9]+[_-])*(?:api[_-]?key|apikey|secret(?:[_-]?key)?|token|password|passwd|pwd|passphrase|authorization|access[_-]?key(?:[_-]?id)?|private[_-]?key|client[_-]?secret|credentials?))(["']?\s*[:=]\s*["']?)([^\s"',;&]{4,})/gi;
/** A long run of token characters; redacted when one segment looks random (see `looksRandom`). */
const LONG_RUN_RE = /[A-Za-z0-9_+/=-]{24,}/g;

/** A segment of ≥ 24 characters mixing letters and digits with both cases, or ≥ 32 hex digits. */
function looksRandom(run: string): boolean {
  for (const seg of run.split(/[-_/.]+/)) {
    if (seg.length < 24 || !/\d/.test(seg) || !/[A-Za-z]/.test(seg)) continue;
    if (/[a-z]/.test(seg) && /[A-Z]/.test(seg)) return true;
    if (seg.length >= 32 && /^[0-9a-fA-F]+$/.test(seg)) return true;
  }
  return false;
}

/**
 * `s` with anything that looks like a secret replaced by `[REDACTED]` (key names and URL user names are
 * kept so the fact still reads). Returns the text and the number of replacements.
 */
export function redactSecrets(s: string): { text: string; count: number } {
  let count = 0;
  const shaped = redactSecretShapes(s, REDACTED);
  count += shaped.count;
  let t = shaped.text.replace(URL_CREDENTIALS_RE, (_m, scheme: string, user: string) => (count++, `${scheme}${user}:${REDACTED}@`));
  t = t.replace(AUTH_SCHEME_RE, (_m, scheme: string) => (count++, `${scheme} ${REDACTED}`));
  t = t.replace(KEY_VALUE_RE, (m, key: string, sep: string, value: string) => (value === REDACTED || value.startsWith('[REDACTED') ? m : (count++, `${key}${sep}${REDACTED}`)));
  t = t.replace(LONG_RUN_RE, (m) => (looksRandom(m) ? (count++, REDACTED) : m));
  return { text: t, count };
}

/**
 * PEM private keys and vendor-shaped keys and tokens (`sk-…`, `ghp_…`, AWS, Google, Stripe, Slack, JWTs…) replaced
 * by `marker`. Returns the text and the number of replacements.
 */
export function redactSecretShapes(s: string, marker: string = REDACTED): { text: string; count: number } {
  let count = 0;
  let t = s.replace(PEM_RE, () => (count++, marker));
  for (const re of SECRET_SHAPES) t = t.replace(re, () => (count++, marker));
  return { text: t, count };
}

/**
 * A JSON value (a tool call's arguments) with its secrets redacted as text, so a key name redacts its value
 * (`{"password":"…"}`); the redacted text when it no longer parses, undefined when it does not serialise.
 */
export function redactSecretsInJson(v: unknown): unknown {
  let json: string | undefined;
  try {
    json = JSON.stringify(v);
  } catch {
    return undefined;
  }
  if (json === undefined) return undefined;
  const r = redactSecrets(json);
  if (!r.count) return v;
  try {
    return JSON.parse(r.text) as unknown;
  } catch {
    return r.text;
  }
}
