#!/usr/bin/env bash
# Backs up the eSign portal while it runs: the database first, then the files, then a check
# that every file the database copy refers to is in the backup (deploy/backup-check.mjs).
#   deploy/backup.sh [backup root]        (default: $BACKUP_DIR, else ./backups)
# Reads the portal's own settings from the environment and a .env file in the working
# directory, as the portal does (the environment wins; deploy/env-file.mjs): DATABASE_URL,
# DATA_DIR, S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY.
# Needs node (from a checkout with `npm ci` done); for PostgreSQL pg_dump and pg_restore
# (Debian's postgresql-client, same major version as the server or newer); for S3 the aws CLI.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/settings.sh"
root="${1:-${BACKUP_DIR:-./backups}}"
target="$root/esign-$(date -u +%Y%m%dT%H%M%SZ)"
umask 077 # a backup holds personal data and, where they were generated, the secrets
mkdir -p "$root"
# Never into an earlier backup's folder (two backups started within the same second).
mkdir "$target"
echo "backing up to $target"

# 1. The database, as one consistent snapshot.
if [[ $database_kind == postgres ]]; then
  pg_dump --format=custom --no-owner --no-privileges --file="$target/database.pgdump" "$database_url"
else
  node "$here/sqlite-backup.mjs" "$sqlite_file" "$target/esign.db"
fi

# 2. The files, after the database: a file written since is an orphan in the backup, which
#    is harmless; a file the database copy refers to was stored before it (see README).
if [[ -n "${S3_BUCKET:-}" ]]; then
  aws s3 sync "s3://$S3_BUCKET" "$target/files" --only-show-errors \
    --region "${S3_REGION:-us-east-1}" ${S3_ENDPOINT:+--endpoint-url "$S3_ENDPOINT"}
else
  mkdir -p "$target/files"
  if [[ -d "$data_dir/files" ]]; then cp -a "$data_dir/files/." "$target/files/"; fi
  # A write in progress while copying leaves its temporary file; it belongs to no record.
  find "$target/files" -name '*.partial-*' -type f -delete
fi
mkdir -p "$target/files"

# 3. What the operator put in DATA_DIR, and the secrets the portal generated there when
#    SESSION_SECRET and PKI_PASSPHRASE are not set: without them the links and the PKI die.
mkdir -p "$target/data-dir"
for name in locales logo.svg favicon.ico session-secret pki-passphrase; do
  if [[ -e "$data_dir/$name" ]]; then cp -a "$data_dir/$name" "$target/data-dir/"; fi
done

# 4. Every file the database copy refers to must be in the backup.
node "$here/backup-check.mjs" "$target"
echo "done: $target"
