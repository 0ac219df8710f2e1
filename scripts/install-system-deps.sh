#!/usr/bin/env bash
# Installs the system packages the server needs beyond npm: Chromium (PNG export of charts via
# plotly.js in headless Chromium) and fonts so chart text renders. Idempotent and quiet: it installs
# only what is missing, and skips with a message (exit 0) where it cannot install (not root, no apt).
# Usage: scripts/install-system-deps.sh        (set CHROMIUM_PATH instead to use another Chromium)
set -euo pipefail

log() { echo "install-system-deps: $*" >&2; }

# Debian package -> a file that proves it is installed.
declare -A CHECKS=(
  [chromium]=/usr/bin/chromium
  [fonts-dejavu-core]=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
  [fonts-liberation]=/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf
)
if [[ -n "${CHROMIUM_PATH:-}" && -x "${CHROMIUM_PATH}" ]]; then
  log "CHROMIUM_PATH=${CHROMIUM_PATH} is set; not installing Chromium"
  unset 'CHECKS[chromium]'
fi

missing=()
for pkg in "${!CHECKS[@]}"; do
  [[ -e "${CHECKS[$pkg]}" ]] || missing+=("$pkg")
done

if [[ ${#missing[@]} -eq 0 ]]; then
  log "Chromium and fonts already present"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  log "apt-get not available; install these yourself or set CHROMIUM_PATH: ${missing[*]}"
  exit 0
fi

SUDO=""
if [[ $(id -u) -ne 0 ]]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO="sudo -n"
  else
    log "not root (and no passwordless sudo); run as root: apt-get install -y --no-install-recommends ${missing[*]}"
    exit 0
  fi
fi

log "installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null
# No recommends: Chromium recommends desktop packages (printing, notifications) a server never uses.
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
log "done: $(/usr/bin/chromium --version 2>/dev/null || echo 'chromium installed')"
