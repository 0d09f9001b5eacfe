/** Which engine diagnostics reach the agent's append-only memories/errors.md (issue 6 item 5). */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { engineErrorFor, engineErrorKey } from '../../src/core/memory/engineErrors';
import { appendEngineError } from '../../src/core/memory/errorsLog';
import { tmpDir } from './helpers';

describe('engine errors → memories/errors.md', function () {
  it('permission denials and missing paths are kept; other problems and info are not', function () {
    assert.equal(engineErrorFor({ severity: 'error', source: '/s/context/checkpoints', message: "EACCES: permission denied, open '/s/context/checkpoints/x.yaml'" })?.kind, 'permission');
    assert.equal(engineErrorFor({ severity: 'warning', source: 'write', message: 'EROFS: read-only file system' })?.kind, 'permission');
    assert.equal(engineErrorFor({ severity: 'warning', source: '/s/agents/main/sessions', message: "ENOENT: no such file or directory, open 'a.jsonl'" })?.kind, 'missing-path');
    assert.equal(engineErrorFor({ severity: 'warning', source: 'row 12', message: 'unknown entry type "frobnicate" skipped' }), undefined);
    assert.equal(engineErrorFor({ severity: 'info', source: 'x', message: 'EACCES while probing' }), undefined);
  });

  it('the same problem with another pid, time or id is one problem', function () {
    const a = engineErrorFor({ severity: 'error', source: 'lock', message: 'EPERM: operation not permitted, kill 12345 at 2026-11-21T10:00:00Z' })!;
    const b = engineErrorFor({ severity: 'error', source: 'lock', message: 'EPERM: operation not permitted, kill 777 at 2026-11-21T11:30:02Z' })!;
    assert.equal(engineErrorKey(a), engineErrorKey(b));
    const c = engineErrorFor({ severity: 'error', source: 'other', message: 'EPERM: operation not permitted' })!;
    assert.notEqual(engineErrorKey(a), engineErrorKey(c));
  });

  it('appended as one line each, newest last, earlier text untouched', function () {
    const ws = tmpDir('occtx-errlog-');
    const e1 = engineErrorFor({ severity: 'error', source: 'checkpoints', message: 'EACCES: permission denied\nsecond line' })!;
    const e2 = engineErrorFor({ severity: 'warning', source: 'sessions', message: 'ENOENT: no such file or directory' })!;
    assert.equal(appendEngineError(ws, e1).written, true);
    const t1 = fs.readFileSync(path.join(ws, 'memories', 'errors.md'), 'utf8');
    assert.equal(appendEngineError(ws, e2).written, true);
    const t2 = fs.readFileSync(path.join(ws, 'memories', 'errors.md'), 'utf8');
    assert.ok(t2.startsWith(t1));
    const lines = t2.trimEnd().split('\n').filter((l) => l.startsWith('- '));
    assert.equal(lines.length, 2);
    assert.match(lines[0]!, /\[permission\] checkpoints: EACCES: permission denied second line$/);
    assert.match(lines[1]!, /\[missing-path\] sessions: ENOENT/);
  });
});
