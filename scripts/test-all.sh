#!/usr/bin/env bash
# The whole test suite: types, boundaries, unit and integration tests (vitest), then the production
# build and the end-to-end tests (Playwright: HTTP API and browser) against the real server and workers.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

step "System packages (Chromium for chart images and browser tests)"
if [[ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]]; then
  bash scripts/install-system-deps.sh || true
  # Without Debian's package (no root, another OS): Playwright's own browser, which needs internet.
  [[ -x /usr/bin/chromium ]] || npx playwright install chromium
fi
step "Prisma client"
npx prisma generate >/dev/null
step "Type check"
npx tsc --noEmit -p .
step "Library boundaries"
npx tsx scripts/check-boundaries.ts
step "Unit and integration tests (vitest)"
npx vitest run
step "Production build"
npx next build
step "End-to-end tests (Playwright)"
npx playwright test
