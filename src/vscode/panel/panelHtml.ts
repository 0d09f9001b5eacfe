/**
 * The Context panel's HTML shell (no vscode import, so a unit test reads it): a strict content security policy —
 * nothing but our own script (by its nonce) and stylesheet from the extension's dist/, no network, no inline
 * script or style — an empty <main> the script fills (from the first model, embedded as JSON data), and a live region
 * for what the panel says.
 */
import * as crypto from 'node:crypto';

export interface PanelHtmlInput {
  /** the webview's `cspSource` (its resource origin) */
  cspSource: string;
  scriptUri: string;
  styleUri: string;
  nonce?: string;
  /** the first view model, drawn as soon as the script runs (no round trip for the first paint) */
  initial?: unknown;
}

/** JSON inside a <script> block: no `<` (so no `</script>` or `<!--` can end or change it). */
export const scriptJson = (v: unknown): string => JSON.stringify(v).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

export const newNonce = (): string => crypto.randomBytes(18).toString('base64url');

const attr = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function panelHtml(i: PanelHtmlInput): string {
  const nonce = i.nonce ?? newNonce();
  const csp = [`default-src 'none'`, `style-src ${i.cspSource}`, `script-src 'nonce-${nonce}'`, `img-src ${i.cspSource} data:`, `font-src ${i.cspSource}`, `connect-src 'none'`, `form-action 'none'`, `base-uri 'none'`].join('; ');
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="UTF-8">',
    `<meta http-equiv="Content-Security-Policy" content="${attr(csp)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1.0">',
    `<link rel="stylesheet" href="${attr(i.styleUri)}">`,
    '<title>OpenClaw Context</title>',
    '</head>',
    '<body>',
    '<main id="app" aria-label="OpenClaw context panel"></main>',
    '<div id="live" class="sr-only" role="status" aria-live="polite"></div>',
    ...(i.initial !== undefined ? [`<script nonce="${nonce}" type="application/json" id="initial-model">${scriptJson(i.initial)}</script>`] : []),
    `<script nonce="${nonce}" src="${attr(i.scriptUri)}"></script>`,
    '</body>',
    '</html>',
  ].join('\n');
}
