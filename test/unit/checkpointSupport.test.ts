/** The shared checkpoint builders (support/checkpoints.ts) make valid checkpoints. */
import assert from 'node:assert/strict';
import { checkpointIssues } from '../../src/core/checkpoint/schema';
import { filledWith, seedExample } from './support/checkpoints';

describe('checkpoint test support', function () {
  it('the seed example is a valid v1 checkpoint, and the filler keeps it valid', function () {
    assert.deepEqual(checkpointIssues(seedExample()), []);
    assert.deepEqual(checkpointIssues(filledWith('x: y')), []);
    assert.notDeepEqual(checkpointIssues({ ...seedExample(), schema_version: 2 }), []);
  });
});
