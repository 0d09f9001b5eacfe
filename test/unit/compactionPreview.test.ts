/**
 * The compaction preview's two documents (before ↔ after): the dropped messages must be a pure deletion and the
 * summary a pure insertion, so the diff editor never pairs them and diffs them character by character (which ran
 * past VS Code's 5-second limit on the 50k-token demo session). Checked with a Myers line diff (jsdiff).
 */
import assert from 'node:assert/strict';
import { diffLines } from 'diff';
import { COMPACTION_POINT, renderCompactionPreview, SUMMARY_BAR } from '../../src/core/context/document';
import type { EntryMeta } from '../../src/core/store/types';

type Json = Record<string, unknown>;
let n = 0;
function meta(role: string, kind: EntryMeta['kind'] = 'message'): EntryMeta {
  n++;
  return { id: `e${n}`, parentId: null, type: 'message', kind, pos: n, bytes: 10, timestamp: 1_764_000_000_000 + n * 1000, role, tokens: 5, est: 5, modelVisible: true } as EntryMeta;
}
const user = (text: string): [EntryMeta, Json] => [meta('user'), { message: { role: 'user', content: text } }];
const tool = (text: string): [EntryMeta, Json] => [meta('toolResult'), { message: { role: 'toolResult', content: [{ type: 'text', text }] } }];
const think = (text: string): [EntryMeta, Json] => [meta('assistant'), { message: { role: 'assistant', content: [{ type: 'thinking', thinking: text }, { type: 'text', text: 'Done.\n\n## Decisions\n' }] } }];

describe('compaction preview documents', function () {
  // dropped content shares many lines with the summary: blank lines, headings, fences, quoted lines, bullets
  const summaryText = ['## Goal', '', 'Ship it.', '', '## Decisions', '', '- Use Postgres because of JSONB.', '', '```', 'DATABASE_URL=postgres://db:5432/app', '```', '', '> quoted', ''].join('\n');
  const droppedPairs = [
    user('## Goal\n\nShip it.\n\n- Use Postgres because of JSONB.'),
    tool('```\nDATABASE_URL=postgres://db:5432/app\n```\n\n> quoted\n\n' + 'log line\n'.repeat(400)),
    think('\n\nmulti\n\nline\n'),
    user('## Decisions\n\n'),
  ];
  const keptPairs = [user('What next?\n\n## Goal'), tool('done\n\n```\nok\n```')];
  const { before, after } = renderCompactionPreview(
    'agent:main:main',
    ['Session `agent:main:main` · SQLite store'],
    { items: droppedPairs.map((p) => p[0]), full: droppedPairs.map((p) => p[1]) },
    { meta: meta('', 'compaction'), text: summaryText },
    { items: keptPairs.map((p) => p[0]), full: keptPairs.map((p) => p[1]) },
  );

  it('the dropped messages are a pure deletion, the summary a pure insertion, the kept tail unchanged', function () {
    const parts = diffLines(before, after);
    // a change pair (removed next to added) is what the diff editor refines character by character: only the title
    const pairs: string[] = [];
    parts.forEach((p, i) => {
      const q = parts[i + 1];
      if (p.removed && q?.added) pairs.push(p.value);
    });
    assert.deepEqual(pairs, ['# Context before — agent:main:main\n']);
    const removed = parts.filter((p) => p.removed).map((p) => p.value).join('');
    const added = parts.filter((p) => p.added).map((p) => p.value).join('');
    assert.ok(removed.includes('log line\n'.repeat(400)), 'the dropped tool result is deleted whole');
    assert.ok(added.includes(`${SUMMARY_BAR}- Use Postgres because of JSONB.`), 'the summary is inserted');
    assert.ok(!removed.includes('What next?') && !added.includes('What next?'), 'the kept tail is unchanged');
  });

  it('one compaction point on each side; every summary line carries the bar; the summary text is all there', function () {
    assert.equal(before.split('\n').filter((l) => l === COMPACTION_POINT).length, 1);
    assert.equal(after.split('\n').filter((l) => l === COMPACTION_POINT).length, 1);
    const barred = after.split('\n').filter((l) => l.startsWith(SUMMARY_BAR.trimEnd()));
    assert.match(barred[0]!, /compaction summary/);
    assert.equal(barred.slice(2).map((l) => l.slice(SUMMARY_BAR.length)).join('\n'), summaryText.split('\n').map((l) => l.trimEnd()).join('\n'));
    // the kept tail reads the same on both sides, after the compaction point
    const tail = (doc: string) => doc.slice(doc.indexOf('What next?'));
    assert.equal(tail(before), tail(after));
  });
});
