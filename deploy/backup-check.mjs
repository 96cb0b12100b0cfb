#!/usr/bin/env node
// Checks a backup made by deploy/backup.sh: every file the backed-up database refers to must
// be in its files/ folder with the SHA-256 the database recorded; exits 1 when one is not.
//   node deploy/backup-check.mjs <backup folder>            writes manifest.json (sizes, SHA-256)
//   node deploy/backup-check.mjs <backup folder> --verify   compares the files with manifest.json
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createReadStream,
  existsSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';

const [folder, mode] = process.argv.slice(2);
if (!folder || (mode !== undefined && mode !== '--verify')) {
  console.error('usage: node deploy/backup-check.mjs <backup folder> [--verify]');
  process.exit(2);
}

/** The files (storage key, SHA-256) sign_flow_files lists in an SQLite copy. */
async function filesInSqlite(file) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const rows = db.prepare('select storage_key as key, sha256 from sign_flow_files').all();
  db.close();
  return rows;
}

/** The files sign_flow_files lists in a pg_dump archive, read back with pg_restore. */
function filesInPgDump(file) {
  const sql = execFileSync(
    'pg_restore',
    ['--data-only', '--table=sign_flow_files', '--file=-', file],
    { encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024 },
  );
  const lines = sql.split('\n');
  const start = lines.findIndex((line) => /^COPY \S*sign_flow_files \(/.test(line));
  if (start < 0) return [];
  const columns = /\(([^)]*)\)/
    .exec(lines[start])[1]
    .split(',')
    .map((name) => name.trim());
  const [keyColumn, hashColumn] = [columns.indexOf('storage_key'), columns.indexOf('sha256')];
  const rows = [];
  for (const line of lines.slice(start + 1)) {
    if (line === '\\.') break;
    const values = line.split('\t');
    rows.push({ key: values[keyColumn], sha256: values[hashColumn] });
  }
  return rows;
}

function* filesUnder(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

const sha256 = (path) =>
  new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });

const sqliteCopy = join(folder, 'esign.db');
const pgArchive = join(folder, 'database.pgdump');
const database = existsSync(pgArchive) ? 'postgres' : existsSync(sqliteCopy) ? 'sqlite' : null;
if (!database) {
  console.error(`${folder} holds neither database.pgdump nor esign.db`);
  process.exit(1);
}
const referenced =
  database === 'postgres' ? filesInPgDump(pgArchive) : await filesInSqlite(sqliteCopy);
const filesDir = join(folder, 'files');
const files = [];
for (const path of filesUnder(filesDir)) {
  files.push({
    key: relative(filesDir, path),
    size: statSync(path).size,
    sha256: await sha256(path),
  });
}
const stored = new Map(files.map((file) => [file.key, file.sha256]));
const missing = referenced.filter((file) => !stored.has(file.key)).map((file) => file.key);
const corrupt = referenced
  .filter((file) => stored.has(file.key) && stored.get(file.key) !== file.sha256)
  .map((file) => file.key);
const manifestFile = join(folder, 'manifest.json');
if (mode === '--verify') {
  if (!existsSync(manifestFile)) {
    console.error(`${folder} has no manifest.json: it was not checked when it was made`);
    process.exit(1);
  }
  const recorded = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const changed = recorded.files.filter((file) => stored.get(file.key) !== file.sha256);
  if (changed.length > 0) {
    console.error(
      `changed or lost since the backup was made:\n  ${changed.map((f) => f.key).join('\n  ')}`,
    );
    process.exit(1);
  }
} else {
  const manifest = { checkedAt: new Date().toISOString(), database, missing, corrupt, files };
  writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
}

if (corrupt.length > 0) {
  console.error(
    `files whose content is not what the database recorded:\n  ${corrupt.join('\n  ')}`,
  );
}
if (missing.length > 0) {
  console.error(
    `${missing.length} of ${referenced.length} files the database refers to are not in the backup:\n  ` +
      missing.join('\n  ') +
      '\nThey were deleted between the database copy and the file copy (a signature replaced a' +
      " working document, a draft's file was replaced, a flow was deleted). Run the backup again.",
  );
}
if (missing.length > 0 || corrupt.length > 0) process.exit(1);
const orphans = files.length - new Set(referenced.map((file) => file.key)).size;
console.log(
  `backup ${folder}: ${database}, ${referenced.length} referenced files present and intact` +
    (orphans > 0 ? `, ${orphans} more not referenced (harmless)` : ''),
);
