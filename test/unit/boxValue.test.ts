/**
 * BoxValue (src/vscode/shared/boxValue.ts): the query a user typed when its first keys went to the editor before our
 * box showed, and keys typed into the box raced a set of ours. The sequences are the ones seen in the real VS Code
 * (code-server, typed with no delay), replayed as the box reports them.
 */
import assert from 'node:assert/strict';
import { BoxValue } from '../../src/vscode/shared/boxValue';

describe('BoxValue: type-ahead merged into an input box', () => {
  it('keys typed ahead, none in the box yet: set at once, the whole text', () => {
    const b = new BoxValue('');
    b.typedAhead('reading list');
    assert.equal(b.intended, 'reading list');
    assert.equal(b.takeSet(0), 'reading list');
    assert.equal(b.behind, true, 'until the box reports it, the set may be on its way');
    assert.equal(b.takeSet(10), undefined, 'no second set while the first may be on its way');
    b.reported('reading list');
    assert.equal(b.behind, false);
    assert.equal(b.takeSet(20), undefined);
  });

  it('the first keys in the editor, the rest in the box: the editor text comes first', () => {
    const b = new BoxValue('');
    for (const v of ['a', 'ad', 'ading', 'ading list']) b.reported(v);
    b.typedAhead('re');
    assert.equal(b.intended, 'reading list');
    assert.equal(b.takeSet(0), 'reading list');
    b.reported('reading list');
    assert.equal(b.intended, 'reading list');
  });

  it('keys typed into the box before our set arrived are kept (the set replaced them in the box)', () => {
    const b = new BoxValue('');
    b.reported('d');
    b.typedAhead('rea');
    assert.equal(b.takeSet(0), 'read');
    // typed before the set arrived: the box reports them on top of "d", then the set replaces the box's value
    for (const v of ['di', 'din', 'ding', 'ding list']) b.reported(v);
    assert.equal(b.intended, 'reading list');
    assert.equal(b.takeSet(500), undefined, 'the first set may still be on its way');
    assert.equal(b.takeSet(1500), 'reading list', 'a second later it is taken as arrived: the box is set again');
    b.reported('reading list');
    assert.equal(b.behind, false);
  });

  it('keys typed after the set arrived go after it; keys it replaced stay in their place', () => {
    const b = new BoxValue('');
    b.reported('d');
    b.typedAhead('rea');
    b.takeSet(0); // "read"
    b.reported('di'); // before the set arrived: "i" is owed after "read"
    b.reported('readn'); // after it arrived: the box holds "read" + "n"
    assert.equal(b.intended, 'readin');
    assert.equal(b.takeSet(300), 'readin');
  });

  it('a prefilled, selected value is replaced by the first key, also one typed ahead', () => {
    const b = new BoxValue('BLUE-HERON');
    assert.equal(b.intended, 'BLUE-HERON');
    assert.equal(b.takeSet(0), undefined, 'nothing to set');
    b.typedAhead('ord');
    assert.equal(b.intended, 'ord');
    const c = new BoxValue('BLUE-HERON');
    c.reported('x');
    assert.equal(c.intended, 'x');
  });

  it('pieces typed ahead come in order: after those already in the box, before the keys typed into it', () => {
    const b = new BoxValue('');
    b.typedAhead('M');
    assert.equal(b.takeSet(0), 'M');
    b.typedAhead('EMORY.');
    assert.equal(b.intended, 'MEMORY.');
    b.reported('M');
    assert.equal(b.takeSet(10), 'MEMORY.');
    b.reported('MEMORY.d'); // "d" typed into the box
    b.typedAhead('m'); // typed into the editor before the box had the focus (taken back later)
    assert.equal(b.intended, 'MEMORY.md');
    assert.equal(b.takeSet(300), 'MEMORY.md');
  });

  it('nothing typed ahead: the box is never set', () => {
    const b = new BoxValue('');
    for (const v of ['r', 're', 'rea']) b.reported(v);
    assert.equal(b.takeSet(0), undefined);
    assert.equal(b.intended, 'rea');
  });
});
