/** Which sessions are active while VS Code runs (the automatic offers act on those only). */
import type { ContextModel, SessionState } from '../../core/context/model';

export class SessionActivity {
  /** last seen activity per session */
  private readonly lastSeen = new Map<string, number>();

  constructor(private readonly model: () => ContextModel) {}

  /**
   * Of the sessions a refresh changed, those whose activity moved since they were last seen: never on first sight,
   * so a session merely sitting past a line on startup is left alone.
   */
  moved(uids: readonly string[]): SessionState[] {
    const out: SessionState[] = [];
    for (const uid of uids) {
      const s = this.model().get(uid);
      if (!s) {
        this.lastSeen.delete(uid);
        continue;
      }
      const prev = this.lastSeen.get(uid);
      this.lastSeen.set(uid, s.lastActivity);
      if (prev !== undefined && s.lastActivity > prev) out.push(s);
    }
    return out;
  }
}
