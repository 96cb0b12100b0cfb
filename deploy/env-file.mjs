#!/usr/bin/env node
// Prints a .env file's settings as shell `export` lines, read the way the portal reads it
// (dotenv): a value may hold spaces, quotes, `<`, `>` or `#` (MAIL_FROM=eSign <no-reply@…>),
// which `source .env` would run as shell. A variable already set in the environment wins
// over the file, as it does for the portal. Used by deploy/backup.sh and deploy/restore.sh:
//   settings="$(node deploy/env-file.mjs .env)" && eval "$settings"
import { readFileSync } from 'node:fs';
import { parse } from 'dotenv';

const [file] = process.argv.slice(2);
if (!file) {
  console.error('usage: node deploy/env-file.mjs <.env file>');
  process.exit(2);
}
const quoted = (value) => `'${value.replaceAll("'", "'\\''")}'`;
for (const [name, value] of Object.entries(parse(readFileSync(file)))) {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || process.env[name] !== undefined) continue;
  console.log(`export ${name}=${quoted(value)}`);
}
