#!/usr/bin/env bash
# Puts the Node.js the project is tested on (.node-version) first on PATH, for machines whose
# own Node is older. Source it (`. scripts/node-runtime.sh`) or run a command through it
# (`scripts/node-runtime.sh npm ci`).
#
# The official Linux build is published on the npm registry as node-linux-<arch> (binary and
# headers), so the machine's older Node and npm only fetch it: nothing else is downloaded.
# npm_config_nodedir points node-gyp at its headers for any native addon built from source.
# NODE_RUNTIME_CACHE (default ~/.cache/esign-node) keeps one copy per version.

use_node_runtime() {
  local root version arch dir download
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  version="$(tr -d '[:space:]' <"$root/.node-version")"
  [[ "$(node --version 2>/dev/null || true)" == "v$version" ]] && return 0
  case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *)
    echo "node-runtime: no official Node.js build for $(uname -m); install Node $version yourself" >&2
    return 1
    ;;
  esac
  dir="${NODE_RUNTIME_CACHE:-$HOME/.cache/esign-node}/v$version-$arch"
  if [[ ! -x "$dir/bin/node" ]]; then
    if ! command -v npm >/dev/null; then
      echo "node-runtime: npm is needed to fetch Node $version; install any Node.js with npm first" >&2
      return 1
    fi
    download="$(mktemp -d)"
    echo "node-runtime: fetching node-linux-$arch@$version from the npm registry…" >&2
    (cd "$download" && npm pack --silent "node-linux-$arch@$version" >/dev/null) || return 1
    rm -rf "$dir.partial" && mkdir -p "$dir.partial"
    tar xzf "$download"/node-linux-*.tgz -C "$dir.partial" --strip-components=1 || return 1
    rm -rf "$download" "$dir"
    mv "$dir.partial" "$dir"
  fi
  export PATH="$dir/bin:$PATH"
  export npm_config_nodedir="$dir"
  if [[ "$(node --version)" != "v$version" ]]; then
    echo "node-runtime: $dir/bin/node is not v$version" >&2
    return 1
  fi
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  # Run as a command: the rest of the line under that Node.
  set -euo pipefail
  use_node_runtime
  [[ $# -gt 0 ]] && exec "$@"
else
  use_node_runtime
fi
