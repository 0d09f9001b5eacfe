/**
 * Identifiers a summary must keep literally, found by shape: HTTP routes with their method, URLs, UUIDs,
 * host:port, environment variables, versions, container images, file paths (never a route, never `/dev/null`),
 * tickets, hashes, opaque codes (`Q2W8E4R6T0`) and OpenClaw's opaque tokens. First occurrence order, de-duplicated;
 * a span claimed by one kind is not re-read as another (`POST /v1/orders` is one route, not a path).
 */
import { opaqueIdentifierCandidates } from './opaque';
import { type IdentifierKind } from './types';

/** The four kinds of the compaction's original identifier list (the quality report's by-kind counts). */
export type BasicIdentifierKind = 'url' | 'path' | 'id' | 'hash';

export interface FoundIdentifier<K extends string = BasicIdentifierKind> {
  value: string;
  kind: K;
}

const HTTP_METHOD = String.raw`(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)`;
const ROUTE = new RegExp(String.raw`(?<![\w-])${HTTP_METHOD}\s+\/[\w\-.~%:{}\/@*?=&]*`, 'g');
/** A URL, up to a space, a quote or CJK text (`…/board、次は` ends at `、`). */
const URL_IN_TEXT = /(?<![\w.+-])[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s<>"'`\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]+/g;
/** `~/x`, `./x`, `../x`, `/a/b`; `a/b.ext` or `a/b/c`; `C:\x\y`. */
const PATH_IN_TEXT = /(?<![\w.\/~-])(?:(?:~|\.{1,2})(?:\/[\w.@+-]+)+|(?:\/[\w.@+-]+){2,})\/?|(?<![\w.\/~:-])[\w.@+-]+(?:\/[\w.@+-]+)+\/?|(?<![\w])[A-Za-z]:\\[\w\\.@+-]+/g;
const UUID = /\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b/g;
const TICKET = /(?<![\w-])[A-Z][A-Z0-9]*(?:[-_][A-Z0-9]+)*-\d+(?![\w-])|(?<![\w#])#\d{2,}\b/g;
/** An opaque code of capitals and digits mixed (an incident, an order, a device): ≥ 8 characters, ≥ 3 of each, not hex alone, not a name with a number (`AES256GCM`). */
const CODE = /(?<![\w-])(?=(?:[A-Z]*\d){3})(?=(?:\d*[A-Z]){3})[A-Z0-9]{8,40}(?![\w-])/g;
const HEX = /(?<![\w-])(?=[0-9a-fA-F]*\d)(?=[0-9a-fA-F]*[a-fA-F])[0-9a-fA-F]{7,64}(?![\w-])/g;
const HOST_PORT = /(?<![\w.\/:-])(?:localhost|\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-fA-F:]+\]|(?=[\w.-]*[A-Za-z])[A-Za-z0-9](?:[\w-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[\w-]*[A-Za-z0-9])?)*):\d{2,5}(?![\w:])/g;
/** `FOO_BAR` (with its `=value` when assigned, a comma list `=a,b` whole), `$FOO`, `${FOO}`: upper case with an underscore (or a `$`), not a ticket. */
const ENV_VAR = /\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|(?<![\w$-])[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9](?:=[^\s,;'"`()<>]+(?:,[^\s,;'"`()<>]+)*)?(?![\w-])/g;
/** An assignment `FOO_BAR=value` read before URLs, so `API_URL=https://…` stays one identifier (not inside a URL's query). */
const ENV_ASSIGN = /(?<![\w$\/.:?&=-])[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]=[^\s,;'"`()<>]+(?:,[^\s,;'"`()<>]+)*(?![\w-])/g;
const SEMVER = String.raw`v?\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?`;
/** A product named before its version (`Next.js 15.1.4`, `PostgreSQL 16.4.0`, `Unreal Engine 5.4.4`): a capitalised name, not a word that only counts or starts a sentence (`Step`, `Since`, `Upgrade`). */
const PRODUCT = String.raw`(?!(?:Step|Steps|Section|Chapter|Figure|Table|Page|Item|Part|Phase|Stage|Wave|Rule|Article|Appendix|Version|Release|Build|Tag|In|On|At|To|Of|For|From|Since|Until|Before|After|With|And|Or|Is|Was|Use|Pin|Ship|Bump|Upgrade|Downgrade|Keep|Run|Try|See|Then|Now|Only|Both|Also|Via) )[A-Z][A-Za-z0-9]*(?:[.-][A-Za-z0-9]+)*(?: [A-Z][A-Za-z0-9]*(?:[.-][A-Za-z0-9]+)*){0,2}`;
/** Two or three parts (`Python 3.12`, `Postgres 16.4.1`): after a capitalised product or a hyphenated package name. */
const SHORT_VERSION = String.raw`v?\d+\.\d+(?:\.\d+)?(?:-[0-9A-Za-z.-]+)?`;
/** Lower-case words that precede a version without naming anything (`upgrade to 1.2.3`, `is 2.0.1`). */
const NOT_A_NAME = String.raw`(?!(?:to|from|at|is|was|be|been|and|or|of|in|on|by|for|as|the|than|with|version|release|build|tag|pin|pinned|bump|bumped|upgrade|upgraded|downgrade|use|using|now|still|then|only|also|via|about|over|under|since|until|after|before|v) )`;
/** A lower-case package or image name before its version: hyphenated (`rota-solver 2.14`, `route-planner v3.8.2`) or one word with a full version (`pgbouncer 1.23.1`). */
const PACKAGE = String.raw`${NOT_A_NAME}(?:[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+ ${SHORT_VERSION}|[a-z][a-z0-9]{2,} v?\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)`;
/** `1.2.3`, `v2.0.0-rc.1`, `v4`, `Next.js 15.1.4`, `Python 3.12`; a release tag or a package pin with its name (`auth-v2.4.0`, `lodash@4.17.21`), not a file (`lib-1.2.3.jar`) nor a path segment (`docs/v3/`). */
const VERSION = new RegExp(String.raw`(?<![\w.\/@-])(?:${PRODUCT} ${SHORT_VERSION}|${PACKAGE})(?![\w\/-]|\.[A-Za-z0-9])|(?<![\w.\/@-])[A-Za-z][\w.-]*?[-_@]${SEMVER}(?![\w-]|\.[A-Za-z0-9])|(?<![\w.\/-])${SEMVER}(?![\w\/-])|(?<![\w.\/-])v\d+(?:\.\d+)?(?![\w.\/-])`, 'g');
/** A package pinned as a requirements file writes it: `astroplan==0.10.1`, `numpy>=1.26`, `rich~=13.7`. */
const PIN = /(?<![\w.\/@=<>~-])[A-Za-z][\w.-]*(?:==|>=|~=)v?\d+(?:\.\d+)+(?:[\w.+-]*\w)?(?![\w-])/g;
/** An IPv4 address, or a CIDR block (`10.20.0.0/16`): not a version. */
const IPV4 = /(?<![\w.\/:-])\d{1,3}(?:\.\d{1,3}){3}(?:\/\d{1,2})?(?![\w\/:-]|\.\d)/g;
const isIpv4 = (v: string) => v.split('/')[0]!.split('.').every((o) => Number(o) <= 255);
/** `ops@example.com`; an AWS ARN (`arn:aws:iam::123456789012:role/deployer`). */
const EMAIL = /(?<![\w.+%-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(?![\w-])/g;
const ARN = /(?<![\w-])arn:[\w-]+:[\w-]*:[\w-]*:\d*:[\w\/.:+=@-]+/g;
/** A container image with its tag or digest: `registry.example.com/team/app:1.4.2`, `ghcr.io/org/tool@sha256:…`. */
const IMAGE = /(?<![\w.\/:@-])(?:[a-z0-9][a-z0-9.-]*(?::\d{2,5})?\/)+[a-z0-9][\w.-]*(?::(?=[\w.-]*[.a-z])[\w][\w.-]{0,127}|@sha256:[0-9a-f]{64})(?![\w:\/@-])/g;

/** An image or package pinned by tag without a registry path: `glossary-svc:1.19.4`, `redis:7.2`. */
const TAGGED = /(?<![\w.\/:@-])[a-z][a-z0-9]*(?:[-_.][a-z0-9]+)*:v?\d+\.\d+(?:\.\d+)?(?:-[\w.]+)?(?![\w:\/-]|\.\w)/g;

/** A path with a letter in it that is rooted (`/`, `~`, `.`, a drive) or ends in `name.ext` or has ≥ 2 slashes (not `and/or`). */
function isPathLike(v: string): boolean {
  if (!/[A-Za-z]/.test(v) || v === '/dev/null') return false;
  if (/^(?:[~.\/]|[A-Za-z]:\\)/.test(v)) return true;
  const parts = v.replace(/\/$/, '').split('/');
  return parts.length >= 3 || /\.[A-Za-z][A-Za-z0-9]{0,9}$/.test(parts[parts.length - 1]!);
}

function trimIdent(v: string): string {
  return v.replace(/^[("'`[{<]+/, '').replace(/[)\]"'`,;:.!?<>]+$/, '');
}

interface Rule<K extends string> {
  re: RegExp;
  kind: K;
  min?: number;
  valid?: (v: string) => boolean;
  /** The kind of an OpenClaw opaque token that no rule claimed. */
}

function scan<K extends string>(text: string, rules: ReadonlyArray<Rule<K>>, opaqueKind: (raw: string) => K): Array<FoundIdentifier<K>> {
  const found: Array<FoundIdentifier<K> & { at: number }> = [];
  const covered = new Uint8Array(text.length + 1);
  const overlaps = (a: number, b: number) => {
    for (let i = a; i < b; i++) if (covered[i]) return true;
    return false;
  };
  for (const { re, kind, min = 3, valid } of rules) {
    for (const m of text.matchAll(re)) {
      const raw = m[0];
      const at = m.index ?? 0;
      if (overlaps(at, at + raw.length)) continue;
      const value = trimIdent(raw.replace(/\s+/g, ' '));
      if (value.length < min || (valid && !valid(value))) continue;
      covered.fill(1, at, at + raw.length);
      found.push({ value, kind, at });
    }
  }
  for (const c of opaqueIdentifierCandidates(text)) {
    if (overlaps(c.at, c.at + c.raw.length) || c.raw === '/dev/null') continue;
    found.push({ value: c.raw, kind: opaqueKind(c.raw), at: c.at });
  }
  found.sort((a, b) => a.at - b.at);
  const seen = new Set<string>();
  const out: Array<FoundIdentifier<K>> = [];
  for (const f of found) {
    if (seen.has(f.value)) continue;
    seen.add(f.value);
    out.push({ value: f.value, kind: f.kind });
  }
  return out;
}

const BASIC_RULES: ReadonlyArray<Rule<BasicIdentifierKind>> = [
  { re: URL_IN_TEXT, kind: 'url' },
  { re: UUID, kind: 'id' },
  { re: PATH_IN_TEXT, kind: 'path', min: 4, valid: isPathLike },
  { re: TICKET, kind: 'id' },
  { re: HEX, kind: 'hash' },
];

/**
 * The compaction's original identifier list, by shape only: URLs (any scheme), file paths (with a slash: code
 * like `items.reduce` is not a file name), ids (UUIDs, `ABC-123` tickets, `#412`, OpenClaw's opaque tokens with
 * ≥ 6 digits), hashes (hex runs of ≥ 7 with a digit and a letter).
 */
export function extractIdentifiers(text: string): Array<FoundIdentifier<BasicIdentifierKind>> {
  return scan(text, BASIC_RULES, (raw) => (/^https?:/.test(raw) ? 'url' : /[\\/]/.test(raw) ? 'path' : /^[0-9a-fA-F]+$/.test(raw) ? 'hash' : 'id'));
}

const RICH_RULES: ReadonlyArray<Rule<IdentifierKind>> = [
  { re: ROUTE, kind: 'route', min: 5 },
  { re: ENV_ASSIGN, kind: 'env', min: 5 },
  { re: URL_IN_TEXT, kind: 'url' },
  { re: ARN, kind: 'id' },
  { re: EMAIL, kind: 'id' },
  { re: UUID, kind: 'uuid' },
  { re: IMAGE, kind: 'id', min: 6 },
  { re: TAGGED, kind: 'version', min: 5 },
  { re: PIN, kind: 'version', min: 5 },
  { re: HOST_PORT, kind: 'hostPort', min: 4, valid: (v) => /:\d{2,5}$/.test(v) },
  { re: IPV4, kind: 'id', valid: isIpv4 },
  { re: ENV_VAR, kind: 'env', min: 3 },
  { re: VERSION, kind: 'version', min: 2 },
  { re: PATH_IN_TEXT, kind: 'path', min: 4, valid: isPathLike },
  { re: TICKET, kind: 'ticket' },
  { re: HEX, kind: 'hash' },
  { re: CODE, kind: 'id', valid: (v) => (v.match(/\d(?=\D)|\D(?=\d)/g) ?? []).length >= 4 },
];

/** Every identifier in `text` with its precise kind (routes keep their method). */
export function extractRichIdentifiers(text: string): Array<FoundIdentifier<IdentifierKind>> {
  return scan(text, RICH_RULES, (raw) => (/^https?:/.test(raw) ? 'url' : /[\\/]/.test(raw) ? 'path' : /^[0-9a-fA-F]+$/.test(raw) ? 'hash' : 'id'));
}
