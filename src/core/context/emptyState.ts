/**
 * Empty states that lead somewhere: what a command that needs a session says when there is none, by what is
 * missing (no OpenClaw state at all, a state with no sessions yet, or just no session chosen).
 */
export interface EmptyStateFacts {
  /** state dirs that hold OpenClaw data (hasOpenClawData) */
  stateDirs: number;
  /** sessions the model knows */
  sessions: number;
}

export const OPEN_DEMO_STATE = 'Open Demo State';
export const CHOOSE_STATE_DIR = 'Choose State Directory…';

/** One sentence for "no session to <what>", and the buttons that get one (command titles). */
export function noSessionHint(what: string, f: EmptyStateFacts): { message: string; buttons: string[] } {
  if (!f.stateDirs) return { message: `OpenClaw Context: no session to ${what}: no OpenClaw state found. Choose the state directory OpenClaw uses (default ~/.openclaw), or open the demo state to look around.`, buttons: [CHOOSE_STATE_DIR, OPEN_DEMO_STATE] };
  if (!f.sessions) return { message: `OpenClaw Context: no session to ${what}: OpenClaw has no sessions here yet. Run a turn (e.g. \`openclaw agent --message "hello"\`), or open the demo state to look around.`, buttons: [OPEN_DEMO_STATE] };
  return { message: `OpenClaw Context: no session to ${what}. Choose one in the Sessions view (OpenClaw Context in the activity bar).`, buttons: [] };
}
