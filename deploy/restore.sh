#!/usr/bin/env bash
# Restores a backup made by deploy/backup.sh: the database, then the files, then DATA_DIR's
# operator files and generated secrets. Stop every portal node first; start them afterwards
# (migrations bring an older backup's schema up to date at start).
#   deploy/restore.sh <backup folder> --yes
# Uses the same settings as deploy/backup.sh, taken from the environment and ./.env, and
# restores to where they point: DATABASE_URL (best an empty database), DATA_DIR, S3_BUCKET.
set -euo pipefail

source_dir="${1:-}"
if [[ -z "$source_dir" || "${2:-}" != "--yes" ]]; then
  echo "usage: deploy/restore.sh <backup folder> --yes   (replaces the database and files)" >&2
  exit 2
fi
source "$(dirname "${BASH_SOURCE[0]}")/settings.sh"

# 0. Refuse a backup that is incomplete, or whose files changed since it was made.
node "$here/backup-check.mjs" "$source_dir" --verify

# 1. The database.
if [[ $database_kind == postgres ]]; then
  [[ -f "$source_dir/database.pgdump" ]] || { echo "no database.pgdump in $source_dir" >&2; exit 1; }
  pg_restore --clean --if-exists --no-owner --no-privileges --single-transaction \
    --exit-on-error --dbname="$database_url" "$source_dir/database.pgdump"
else
  [[ -f "$source_dir/esign.db" ]] || { echo "no esign.db in $source_dir" >&2; exit 1; }
  mkdir -p "$(dirname "$sqlite_file")"
  # The old write-ahead log belongs to the old database: it must not be replayed into this one.
  rm -f "$sqlite_file-wal" "$sqlite_file-shm"
  cp "$source_dir/esign.db" "$sqlite_file.restoring"
  mv "$sqlite_file.restoring" "$sqlite_file"
fi

# 2. The files. Objects newer than the backup stay where they are: orphans, harmless.
if [[ -n "${S3_BUCKET:-}" ]]; then
  aws s3 sync "$source_dir/files" "s3://$S3_BUCKET" --only-show-errors \
    --region "${S3_REGION:-us-east-1}" ${S3_ENDPOINT:+--endpoint-url "$S3_ENDPOINT"}
else
  mkdir -p "$data_dir/files"
  cp -a "$source_dir/files/." "$data_dir/files/"
fi

# 3. Operator files and generated secrets; a secret already in DATA_DIR is kept, never replaced.
if [[ -d "$source_dir/data-dir" ]]; then
  mkdir -p "$data_dir"
  for path in "$source_dir/data-dir/"*; do
    [[ -e "$path" ]] || continue
    name="$(basename "$path")"
    if [[ -e "$data_dir/$name" && ("$name" == session-secret || "$name" == pki-passphrase) ]]; then
      if ! cmp -s "$path" "$data_dir/$name"; then
        echo "warning: $data_dir/$name differs from the backup's; kept. Links and the PKI need the backup's." >&2
      fi
      continue
    fi
    cp -a "$path" "$data_dir/"
  done
fi
echo "restored $source_dir. Check SESSION_SECRET and PKI_PASSPHRASE are the backup's, then start the nodes."
