/**
 * Our checks of an agent database must never release SQLite's POSIX locks. Closing any descriptor of a file
 * releases every lock the process holds on it; a reader that opened and closed `<db>-shm` while a write
 * connection of the same process had it mapped dropped that connection's lock, and another process then
 * truncated `-shm` under the mapping: SIGBUS (attack suite, full form, seed 15001, `concurrent #100`).
 * Oracle: the kernel's own table of POSIX locks, /proc/locks (Linux).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { assertSqliteFiles } from '../../src/core/store/sqliteFiles';
import { SqliteSessionStore } from '../../src/core/store/sqliteStore';
import { materializeRealState, realDbPath, sqlite } from './helpers';

/** The POSIX locks this process holds on `file`, as /proc/locks lines. */
function locksOn(file: string): string[] {
  const ino = fs.statSync(file).ino;
  return fs
    .readFileSync('/proc/locks', 'utf8')
    .split('\n')
    .filter((l) => {
      const f = l.trim().split(/\s+/);
      // "1: POSIX  ADVISORY  READ 1234 08:01:5678 128 128"
      return f[1] === 'POSIX' && Number(f[4]) === process.pid && Number(f[5]?.split(':')[2]) === ino;
    });
}

describe('SQLite locks survive our checks of the database files', function () {
  before(function () {
    if (!fs.existsSync('/proc/locks')) this.skip(); // Linux only; CI and this machine are Linux
  });

  for (const mode of ['wal', 'delete'] as const) {
    it(`a write connection keeps its locks while the reader checks and opens the same database (${mode})`, function () {
      const db = realDbPath(materializeRealState());
      const writer = new (sqlite().DatabaseSync)(db);
      try {
        writer.exec(`PRAGMA journal_mode = ${mode}`);
        // a read transaction held open: in WAL mode a read lock on -shm besides the DMS lock; in rollback mode
        // a SHARED lock on the database file itself
        writer.exec('BEGIN');
        writer.prepare('SELECT count(*) FROM sqlite_master').get();
        const held = mode === 'wal' ? `${db}-shm` : db;
        const before = locksOn(held);
        assert.ok(before.length > 0, `SQLite holds a lock on ${held} (else this test proves nothing)`);

        assertSqliteFiles(db);
        const store = new SqliteSessionStore('main', db);
        try {
          assert.ok(store.readRows(true).rows.length > 0);
        } finally {
          store.close();
        }
        assert.deepEqual(locksOn(held), before, 'the write connection still holds exactly the locks it held');
        writer.exec('COMMIT');
      } finally {
        writer.close();
      }
    });
  }
});
