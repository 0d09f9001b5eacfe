/**
 * The Checkpoints view's labels, descriptions, tooltips and prompts (src/core/checkpoint/viewModel.ts),
 * for list entries read from real checkpoint files (valid and broken), with hostile text from a
 * conversation: a tooltip is markdown, so nothing from a checkpoint may become a link, an image, HTML,
 * a heading, a list or a broken code span.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { planRestore } from '../../src/core/checkpoint/restore';
import type { Checkpoint, CheckpointTrigger } from '../../src/core/checkpoint/schema';
import { listCheckpoints, listCheckpointSessions, writeCheckpoint, type CheckpointListEntry } from '../../src/core/checkpoint/store';
import { checkpointRow, checkpointSessionRow, checkpointTooltip, diffTitle, restorePrompt, resumeMessage, spiralMessage, writtenMessage } from '../../src/core/checkpoint/viewModel';
import { tmpDir } from './helpers';
import { seedExample } from './support/checkpoints';

const KEY = 'agent:main:telegram:direct:42';
const CREATED = Date.parse('2026-02-24T15:30:00Z'); // seedExample's created_at
const H = 3_600_000;

/** Write checkpoints and read them back as the view does (newest first). */
function entriesFor(cps: Checkpoint[], key = KEY): { state: string; entries: CheckpointListEntry[] } {
  const state = tmpDir('occtx-cp-vm-');
  for (const cp of cps) assert.equal(writeCheckpoint(state, { ...cp, meta: { ...cp.meta, session_key: key } }, { fsync: false, force: true }).status, 'written');
  return { state, entries: listCheckpoints(state, key) };
}

/** Markdown-special characters in `s` that are not backslash-escaped. */
function unescaped(s: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\\') {
      i++;
      continue;
    }
    if ('`*_[]<>()#!|{}~'.includes(s[i]!)) out.push(`${s[i]}@${i}`);
  }
  return out;
}

/**
 * The code spans of a markdown line (CommonMark: a run of N backticks up to the next run of exactly N;
 * one leading and trailing space stripped when both are there). Returns their contents.
 */
function codeSpans(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < line.length) {
    if (line[i] === '\\') {
      i += 2;
      continue;
    }
    if (line[i] !== '`') {
      i++;
      continue;
    }
    let n = 0;
    while (line[i + n] === '`') n++;
    const open = i + n;
    let j = open;
    let close = -1;
    while (j < line.length) {
      if (line[j] === '`') {
        let m = 0;
        while (line[j + m] === '`') m++;
        if (m === n) {
          close = j;
          break;
        }
        j += m;
      } else j++;
    }
    if (close < 0) {
      i = open;
      continue;
    }
    let c = line.slice(open, close);
    if (c.length > 1 && c.startsWith(' ') && c.endsWith(' ') && c.trim()) c = c.slice(1, -1);
    out.push(c);
    i = close + n;
  }
  return out;
}

describe('checkpoint view model: checkpoint rows', function () {
  it('a valid checkpoint: id, trigger · % · age (· latest), icon per trigger, aria', function () {
    const triggers: CheckpointTrigger[] = ['auto-80pct', 'compaction', 'session-end', 'manual'];
    const { entries } = entriesFor(triggers.map((trigger) => seedExample({ trigger })));
    assert.deepEqual(entries.map((e) => e.id), ['cp_004', 'cp_003', 'cp_002', 'cp_001']);
    const rows = entries.map((e) => checkpointRow(e, CREATED + 2 * H + 5000));
    assert.deepEqual(
      rows.map((r) => [r.label, r.description, r.icon, r.error]),
      [
        ['cp_004', 'manual · 81% · 2h ago · latest', 'save', false],
        ['cp_003', 'session end · 81% · 2h ago', 'debug-stop', false],
        ['cp_002', 'before compaction · 81% · 2h ago', 'fold', false],
        ['cp_001', 'threshold · 81% · 2h ago', 'dashboard', false],
      ],
    );
    assert.equal(rows[3]!.aria, 'Checkpoint cp_001, threshold, 81% of the window, 2h ago');
    assert.equal(checkpointRow(entries[0]!, CREATED + 30_000).description, 'manual · 81% · just now · latest');
    assert.equal(checkpointRow(entries[0]!, CREATED + 3 * 24 * H).description, 'manual · 81% · 3d ago · latest');
  });

  it('the tooltip says what the checkpoint holds: session, tokens, compactions, working state, counts, previous, file', function () {
    const { entries } = entriesFor([seedExample()]);
    const e = entries[0]!;
    const t = checkpointRow(e, CREATED).tooltip;
    const lines = t.split('\n');
    assert.match(lines[0]!, /^\*\*cp_001\*\* · threshold · /);
    assert.ok(t.includes(`Session \`${KEY}\` · 162k/200k (81%) · 2 compactions`), t);
    assert.ok(t.includes('**Working on:** Helping user plan a trip to Japan'), t);
    assert.ok(t.includes('**Status:** in progress'), t);
    assert.ok(!t.includes('(interrupted)'));
    assert.ok(t.includes('**Next:** User asked about visa requirements -- need to answer'), t);
    assert.ok(t.includes('2 decisions · 2 open items · 0 files modified · 0 read · 2 tools'), t);
    assert.ok(!t.includes('Previous:'), 'the first checkpoint of the session has none');
    assert.deepEqual(codeSpans(lines.at(-1)!), [e.file], 'the file, exactly, in a code span');
    assert.equal(checkpointTooltip(e.checkpoint!), t.slice(0, t.lastIndexOf('\n\n')), 'without a file: the same minus the file line');
  });

  it('pluralisation: one of each, none of each', function () {
    const one = seedExample({ compaction_count: 1, previous_checkpoint: 'cp_002' });
    one.decisions = one.decisions.slice(0, 1);
    one.open_items = ['only one'];
    one.resources = { files_read: ['a.md'], files_modified: ['b.ts'], tools_used: ['exec'] };
    one.working.interrupted = true;
    one.working.status = 'waiting_for_user';
    let t = checkpointTooltip(one);
    assert.ok(t.includes('· 1 compaction'), t);
    assert.ok(!t.includes('1 compactions'));
    assert.ok(t.includes('1 decision · 1 open item · 1 file modified · 1 read · 1 tool'), t);
    assert.ok(t.includes('**Status:** waiting for user (interrupted)'), t);
    assert.ok(t.includes('Previous: cp_002'), t);
    const none = seedExample({ compaction_count: 0 });
    none.decisions = [];
    none.open_items = [];
    none.resources = { files_read: [], files_modified: [], tools_used: [] };
    none.working.topic = '';
    none.working.next_action = '';
    t = checkpointTooltip(none);
    assert.ok(t.includes('· 0 compactions'), t);
    assert.ok(t.includes('0 decisions · 0 open items · 0 files modified · 0 read · 0 tools'), t);
    assert.ok(!t.includes('Working on') && !t.includes('**Next:**'), 'empty fields are left out');
  });

  it('an unreadable file: its id, "unreadable", a warning icon, the reason and the file', function () {
    const { state, entries } = entriesFor([seedExample()]);
    const dir = path.dirname(entries[0]!.file);
    fs.writeFileSync(path.join(dir, 'cp_002.yaml'), 'schema: [not, a, checkpoint');
    fs.writeFileSync(path.join(dir, 'cp_003.yaml'), 'schema: "openclaw/checkpoint"\nschema_version: 1\nmeta: {}\n<script>alert(1)</script>: x\n');
    const list = listCheckpoints(state, KEY);
    assert.deepEqual(list.map((e) => [e.id, !!e.error]), [['cp_003', true], ['cp_002', true], ['cp_001', false]]);
    for (const e of list.slice(0, 2)) {
      const r = checkpointRow(e, CREATED);
      assert.equal(r.label, e.id);
      assert.equal(r.description, 'unreadable');
      assert.equal(r.icon, 'warning');
      assert.equal(r.error, true);
      assert.equal(r.aria, `${e.id}, unreadable: ${e.error}`);
      const lines = r.tooltip.split('\n');
      assert.equal(lines[0], `**${e.id}** cannot be read`);
      assert.deepEqual(codeSpans(lines.at(-1)!), [e.file]);
      const reason = lines.slice(1, -1).join('\n').trim();
      assert.deepEqual(unescaped(reason), [], reason);
      assert.equal(reason.replace(/\\(.)/g, '$1'), e.error!.replace(/\s+/g, ' ').trim(), 'the reason, unescaped, is the error (on one line)');
    }
    const missingReason = checkpointRow({ ...list[0]!, error: undefined }, CREATED);
    assert.match(missingReason.tooltip, /unknown error/);
  });
});

describe('checkpoint view model: hostile text in tooltips', function () {
  const HOSTILE = 'Run `rm -rf /` [click me](command:workbench.action.terminal.new?%5B%5D) ![img](https://x/y.png) <img src=x onerror=alert(1)> <b>bold</b> **not bold** _nor_ ~~struck~~ # nor | table | {braces} \\`';

  it('free text is escaped: no code span, link, image, HTML or emphasis survives', function () {
    const cp = seedExample();
    cp.working.topic = HOSTILE;
    cp.working.next_action = HOSTILE;
    const t = checkpointTooltip(cp);
    for (const label of ['**Working on:** ', '**Next:** ']) {
      const line = t.split('\n').find((l) => l.startsWith(label));
      assert.ok(line, label);
      const value = line.slice(label.length).replace(/ {2}$/, '');
      assert.deepEqual(unescaped(value), [], value);
      assert.ok(!/(^|[^\\])<(img|b)\b/.test(value) && !/[^\\]\]\(/.test(value), value);
      assert.equal(value.replace(/\\(.)/g, '$1').replace(/…$/, ''), HOSTILE.slice(0, value.replace(/\\(.)/g, '$1').length - 1), 'the text itself is kept');
    }
  });

  it('text with line breaks stays on its line: no heading, list, rule or quote of its own', function () {
    const cp = seedExample();
    cp.working.topic = 'first line\n\n# Heading\n- list item\n1. numbered\n> quote\n===\n    indented code';
    const t = checkpointTooltip(cp);
    const line = t.split('\n').find((l) => l.startsWith('**Working on:** '));
    assert.ok(line);
    assert.ok(line.includes('first line') && line.includes('indented code'), line);
    for (const l of t.split('\n')) assert.doesNotMatch(l, /^\s*(#|- |\d+\. |>|===|\s{4})/, `a line of its own: ${JSON.stringify(l)}`);
  });

  it('session keys and file names in code spans are shown exactly (no backslashes inside the span), even with backticks', function () {
    for (const key of ['agent:main:explicit:harness_explicit_001', 'agent:main:a`b', '`edge`', 'agent:main:x``y', 'agent:main:*[x](y)*']) {
      const { entries } = entriesFor([seedExample()], key);
      const e = entries[0]!;
      const t = checkpointRow(e, CREATED).tooltip;
      const sessionLine = t.split('\n').find((l) => l.startsWith('Session '))!;
      assert.deepEqual(codeSpans(sessionLine), [key], sessionLine);
      assert.deepEqual(codeSpans(t.split('\n').at(-1)!), [e.file], t.split('\n').at(-1));
      assert.ok(e.file.includes('_'), 'checkpoint paths hold underscores (cp_001, sanitized keys)');
    }
  });
});

describe('checkpoint view model: session rows, prompts, messages', function () {
  it('session rows: count (pluralised), newest age, "session gone"', function () {
    const { state } = entriesFor([seedExample(), seedExample()]);
    const info = listCheckpointSessions(state)[0]!;
    assert.equal(info.count, 2);
    const live = checkpointSessionRow(info, { shortKey: 'telegram:direct:42', live: true, newest: seedExample(), now: CREATED + 5 * 60_000 });
    assert.deepEqual([live.label, live.description, live.live], ['telegram:direct:42', '2 checkpoints · newest 5m ago', true]);
    assert.equal(live.tooltip, `${KEY}\n2 checkpoints in ${info.dir}`);
    assert.equal(info.createdAt, '2026-02-24T15:30:00Z', 'the pointer carries the newest checkpoint\'s time');
    assert.equal(checkpointSessionRow(info, { shortKey: 'x', live: true, now: CREATED + 2 * H }).description, '2 checkpoints · newest 2h ago', 'from the pointer when no checkpoint is given');
    const gone = checkpointSessionRow({ ...info, count: 1, createdAt: undefined }, { shortKey: 'x', live: false, now: CREATED });
    assert.equal(gone.description, '1 checkpoint · session gone', 'no time known: no age');
    assert.equal(gone.live, false);
    assert.match(gone.tooltip, /^agent:main:telegram:direct:42\n1 checkpoint in .*\nThis session is no longer in the store/);
  });

  it('restorePrompt names the checkpoint, the target, the note\'s tokens and the store era', function () {
    const cp = seedExample({ checkpoint_id: 'cp_005' });
    const small = planRestore(cp).render;
    const s = restorePrompt(cp, small, { key: 'agent:main:main', era: 'sqlite' });
    assert.equal(s.message, 'Restore cp_005 into agent:main:main?');
    assert.ok(s.detail.includes(`A ${Math.ceil(small.tokens)}-token note is appended`), s.detail);
    assert.match(s.detail, /SQLite transcript/);
    assert.doesNotMatch(s.detail, /JSONL|trimmed/);
    assert.match(s.detail, /as an injected message/);
    assert.doesNotMatch(s.detail, /custom_message/, 'no internal entry type in the prompt');
    assert.match(s.detail, /only grows by one entry/);
    const j = restorePrompt(cp, small, { key: 'k', era: 'jsonl' });
    assert.match(j.detail, /JSONL transcript/);
    assert.doesNotMatch(j.detail, /SQLite/);

    const big = seedExample();
    big.learnings = Array.from({ length: 30 }, (_, i) => `learning ${i} `.repeat(20));
    const trimmedOnce = planRestore(big, { maxTokens: 250 }).render;
    const n = trimmedOnce.trimmed.length;
    assert.ok(n > 1);
    assert.ok(restorePrompt(big, trimmedOnce, { key: 'k', era: 'sqlite' }).detail.includes(`A ${Math.ceil(trimmedOnce.tokens)}-token note (trimmed to fit: ${n} steps) is appended`));
    const oneStep = { ...trimmedOnce, trimmed: trimmedOnce.trimmed.slice(0, 1) };
    assert.ok(restorePrompt(big, oneStep, { key: 'k', era: 'sqlite' }).detail.includes('(trimmed to fit: 1 step)'));
  });

  it('diff titles, written / spiral / resume messages', function () {
    const a = seedExample({ checkpoint_id: 'cp_001', session_key: KEY });
    const b = seedExample({ checkpoint_id: 'cp_004', session_key: KEY });
    assert.equal(diffTitle(a, b), `cp_001 ↔ cp_004 (${KEY})`);
    assert.equal(diffTitle(a, 'live'), `cp_001 ↔ live state (${KEY})`);
    const msgs = (['auto-80pct', 'compaction', 'session-end', 'manual'] as CheckpointTrigger[]).map((t) => writtenMessage(KEY, 'cp_009', t));
    for (const m of msgs) {
      assert.ok(m.startsWith('OpenClaw Context: '));
      assert.ok(m.includes(KEY) && m.includes('cp_009'), m);
    }
    assert.equal(new Set(msgs).size, 4, 'each trigger says what happened');
    assert.match(msgs[0]!, /checkpoint line/);
    assert.match(msgs[1]!, /compacted/);
    assert.match(msgs[2]!, /new session/);
    assert.match(spiralMessage(KEY, 5), new RegExp(`${KEY} has been compacted 5 times`));
    assert.equal(resumeMessage(KEY, 'cp_002', '2026-02-24T15:30:00Z', CREATED + 3 * H), `OpenClaw Context: ${KEY} started a new session. Restore its last checkpoint (cp_002, 3h ago)?`);
    assert.equal(resumeMessage(KEY, 'cp_002', 'not a date', CREATED), `OpenClaw Context: ${KEY} started a new session. Restore its last checkpoint (cp_002)?`);
  });
});
