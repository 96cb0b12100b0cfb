#!/usr/bin/env node
// Copies a live SQLite database consistently while the portal keeps running: SQLite's online
// backup API (what `sqlite3 db ".backup target"` does), through better-sqlite3, because the
// sqlite3 command is often missing. Then checks the copy's integrity.
//   node deploy/sqlite-backup.mjs <DATA_DIR/esign.db> <target.db>
// Run it as the user the portal runs as (in the image: docker exec <container> node
// deploy/sqlite-backup.mjs /data/esign.db /data/backup.db), so no file changes owner.
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';

const [source, target] = process.argv.slice(2);
if (!source || !target) {
  console.error('usage: node deploy/sqlite-backup.mjs <source.db> <target.db>');
  process.exit(2);
}
if (existsSync(target)) {
  console.error(`${target} exists already; give a new file name`);
  process.exit(2);
}

const live = new Database(source, { readonly: true, fileMustExist: true });
try {
  // Pages are copied in steps; a write by the portal in between restarts the copy, so the
  // result is one consistent state of the database.
  await live.backup(target);
} finally {
  live.close();
}

// One self-contained file: no write-ahead log beside it to lose or to replay by mistake.
const copy = new Database(target, { fileMustExist: true });
copy.pragma('journal_mode = DELETE');
const verdict = copy.pragma('integrity_check', { simple: true });
const flows = copy.prepare('select count(*) as n from sign_flows').get();
copy.close();
if (verdict !== 'ok') {
  console.error(`the copy ${target} failed its integrity check: ${verdict}`);
  process.exit(1);
}
console.log(`backed up ${source} to ${target} (${flows.n} sign flows, integrity ok)`);
