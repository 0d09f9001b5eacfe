/** Empty states that lead somewhere (core/context/emptyState.ts): what "no session" says, by what is missing. */
import assert from 'node:assert/strict';
import { CHOOSE_STATE_DIR, noSessionHint, OPEN_DEMO_STATE } from '../../src/core/context/emptyState';

describe('no session to act on: how to get one', function () {
  it('no state dir: choose one or open the demo', function () {
    const h = noSessionHint('checkpoint', { stateDirs: 0, sessions: 0 });
    assert.match(h.message, /^OpenClaw Context: no session to checkpoint: no OpenClaw state found\./);
    assert.deepEqual(h.buttons, [CHOOSE_STATE_DIR, OPEN_DEMO_STATE]);
  });
  it('a state dir without sessions: run a turn, or the demo', function () {
    const h = noSessionHint('compact', { stateDirs: 1, sessions: 0 });
    assert.match(h.message, /no sessions here yet\. Run a turn/);
    assert.deepEqual(h.buttons, [OPEN_DEMO_STATE]);
  });
  it('sessions there, none chosen: the Sessions view (not empty then)', function () {
    const h = noSessionHint('compact', { stateDirs: 1, sessions: 3 });
    assert.match(h.message, /Choose one in the Sessions view/);
    assert.deepEqual(h.buttons, []);
  });
});
