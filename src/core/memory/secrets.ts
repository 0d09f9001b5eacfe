/**
 * Secrets in text a memory write would copy (a flush, a dream candidate, a fact): replaced by `[REDACTED]`, key
 * names and URL user names kept so the fact still reads.
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
const PEM_RE = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g;
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
  let t = s.replace(PEM_RE, () => (count++, REDACTED));
  t = t.replace(URL_CREDENTIALS_RE, (_m, scheme: string, user: string) => (count++, `${scheme}${user}:${REDACTED}@`));
  for (const re of SECRET_SHAPES) t = t.replace(re, () => (count++, REDACTED));
  t = t.replace(AUTH_SCHEME_RE, (_m, scheme: string) => (count++, `${scheme} ${REDACTED}`));
  t = t.replace(KEY_VALUE_RE, (m, key: string, sep: string, value: string) => (value === REDACTED || value.startsWith('[REDACTED') ? m : (count++, `${key}${sep}${REDACTED}`)));
  t = t.replace(LONG_RUN_RE, (m) => (looksRandom(m) ? (count++, REDACTED) : m));
  return { text: t, count };
}
