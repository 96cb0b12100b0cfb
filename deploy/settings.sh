# Sourced by deploy/backup.sh and deploy/restore.sh: the portal's settings, read as the portal
# reads them. Sets here, data_dir, database_url, database_kind (postgres or sqlite) and, for
# SQLite, sqlite_file; exports the AWS credentials the aws CLI takes from S3_*.
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [[ -f .env ]]; then
  # Read as the portal reads it (dotenv), not run as shell; the environment wins over it.
  settings="$(node "$here/env-file.mjs" .env)"
  eval "$settings"
fi
data_dir="${DATA_DIR:-./data}"
database_url="${DATABASE_URL:-}"
case "$database_url" in
  postgres://* | postgresql://*) database_kind=postgres ;;
  sqlite:* | "")
    database_kind=sqlite
    # sqlite:path and sqlite://path, as the portal reads them (src/db/database.ts).
    sqlite_file="${database_url#sqlite:}"
    sqlite_file="${sqlite_file#//}"
    sqlite_file="${sqlite_file:-$data_dir/esign.db}"
    ;;
  *)
    echo "DATABASE_URL is neither postgres:// nor sqlite: (or sqlite://)" >&2
    exit 2
    ;;
esac
if [[ -n "${S3_BUCKET:-}" ]]; then
  if [[ -n "${S3_ACCESS_KEY_ID:-}" ]]; then export AWS_ACCESS_KEY_ID="$S3_ACCESS_KEY_ID"; fi
  if [[ -n "${S3_SECRET_ACCESS_KEY:-}" ]]; then export AWS_SECRET_ACCESS_KEY="$S3_SECRET_ACCESS_KEY"; fi
fi
