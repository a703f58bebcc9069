#!/usr/bin/env bash
# Installs the Debian packages the tests need when they are missing (CI starts on a clean machine):
# PostgreSQL 15 server binaries for the platform's PostgreSQL tests, and Chromium for the browser tests
# (Playwright drives Debian's /usr/bin/chromium; it never downloads a browser), and nginx for the
# deployment test (deploy/nginx.conf in front of the shop's and the platform's instances).
set -euo pipefail

need=()
[ -x /usr/lib/postgresql/15/bin/initdb ] || need+=(postgresql)
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/sbin/nginx ] || need+=(nginx)

if [ ${#need[@]} -gt 0 ]; then
  echo "installing: ${need[*]}"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${need[@]}" >/dev/null
fi
