#!/usr/bin/env bash
# An integration from start to end with curl: create a flow, upload the file, add a signer,
# send it, hear the webhooks, and download the signed file once the flow has finished.
# docs/integration.md explains each step. Needs: curl, node (for the receiver and for reading
# JSON), and these variables:
#   ESIGN_URL             the portal, e.g. https://esign.example.fi
#   ESIGN_TOKEN           an API token (esign_pat_…) with signflows:read and signflows:write
#   ESIGN_WEBHOOK_SECRET  the secret of a webhook endpoint that points at this receiver
#   RECEIVER_PORT         where the receiver listens (the endpoint's URL), default 8080
#   SIGNER_NAME, SIGNER_EMAIL, PDF   the signer and the file to sign
#   WAIT_SECONDS          how long to wait for the signer, default 600
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
: "${ESIGN_URL:?}" "${ESIGN_TOKEN:?}" "${ESIGN_WEBHOOK_SECRET:?}" "${SIGNER_EMAIL:?}" "${PDF:?}"
api="${ESIGN_URL%/}/api/esign"
auth=(-H "Authorization: Bearer $ESIGN_TOKEN")
work="$(mktemp -d)"
# Prints one field of the JSON on stdin: json .Data.SignedFile.DownloadPath
json() {
  node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
    let v = JSON.parse(s); for (const k of process.argv[1].split(".").filter(Boolean)) v = v[k]; console.log(v); })' "$1"
}

# 0. The receiver: every verified event becomes a line of events.jsonl.
PORT="${RECEIVER_PORT:-8080}" node "$here/webhook-receiver.mjs" >"$work/events.jsonl" &
receiver=$!
trap 'kill $receiver 2>/dev/null; rm -rf "$work"' EXIT

# 1. Create the flow (a draft).
guid=$(curl -fsS "${auth[@]}" -H 'Content-Type: application/json' \
  -d '{"Name":"Työsopimus","SignatureProcess":"Sequential","MinimumSignatureLevel":"Low","Language":"fi"}' \
  "$api/SignFlows" | json .Guid)
echo "created flow $guid"

# 2. Upload the file to sign.
curl -fsS "${auth[@]}" -F "file=@$PDF;type=application/pdf" "$api/SignFlows/$guid/signfile" >/dev/null

# 3. Add the signer: saving the draft again with its Guid.
curl -fsS "${auth[@]}" -H 'Content-Type: application/json' \
  -d "{\"Guid\":\"$guid\",\"Name\":\"Työsopimus\",\"SignatureProcess\":\"Sequential\",\"MinimumSignatureLevel\":\"Low\",\"Language\":\"fi\",\"Signers\":[{\"Name\":\"${SIGNER_NAME:-Signer}\",\"Email\":\"$SIGNER_EMAIL\"}]}" \
  "$api/SignFlows" >/dev/null

# 4. Send it: the signer gets their link by e-mail.
curl -fsS -X POST "${auth[@]}" "$api/SignFlows/$guid/send" | json .Status

# 5. Wait for signflow.finished about this flow.
deadline=$((SECONDS + ${WAIT_SECONDS:-600}))
until grep -q "\"Type\":\"signflow.finished\".*\"Guid\":\"$guid\"" "$work/events.jsonl"; do
  ((SECONDS < deadline)) || { echo "no signflow.finished within ${WAIT_SECONDS:-600} s" >&2; exit 1; }
  sleep 1
done
# The events about this flow, in the order they came.
grep "\"Guid\":\"$guid\"" "$work/events.jsonl" | while read -r event; do
  printf '%s ' "$(json .Type <<<"$event")"
done
echo
path=$(grep "\"Type\":\"signflow.finished\"" "$work/events.jsonl" | grep "$guid" | head -1 | json .Data.SignedFile.DownloadPath)

# 6. Download the signed file.
curl -fsS "${auth[@]}" -o "${OUT:-signed.pdf}" "${ESIGN_URL%/}$path"
echo "signed file saved as ${OUT:-signed.pdf}"
