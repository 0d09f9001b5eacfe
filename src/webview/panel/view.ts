/** What the panel's sections share: posting to the extension, the UI state kept across reloads, announcements. */
import type { PanelRequest } from '../../core/context/panelTypes';

export interface UiState {
  sortKey: string;
  sortDir: 1 | -1;
  /** composition parts opened to their second level */
  expanded: string[];
  /** the chart's visible range of call numbers (undefined: everything) */
  zoom?: [number, number];
  /** per roving group, the data-key that holds the tab stop */
  stops: Record<string, string>;
  /** the session chosen in this panel (a tab restored after a reload shows it again); undefined: the gauge's */
  session?: string;
}

export interface View {
  post(r: PanelRequest): void;
  readonly uid: string | undefined;
  readonly ui: UiState;
  save(): void;
  /** say it (the live region) and show it (the status line): hover and focus details */
  status(text: string): void;
  rerender(): void;
}
