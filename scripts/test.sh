#!/usr/bin/env bash
# The one test command (`npm test`): installs what the tests need, then runs every check and test.
# Used as is by CI (.ci/run) on a fresh clone.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== install"
bash scripts/ensure-system-deps.sh
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

echo "== format";    npx prettier --check . --log-level warn
echo "== lint";      npx eslint . --max-warnings 0
echo "== typecheck"; npm run typecheck --silent
echo "== build";     npm run build --silent
echo "== readme";    node scripts/check-readme.mjs
# The public API of the published packages against the reports in packages/*/api/ (`npm run api`
# rewrites them): a change to either surface shows in review.
echo "== api"
# The client's other entries, @vitrine/client/wix and /identity, have reports of their own.
for config in client/api-extractor.json client/api-extractor.wix.json client/api-extractor.identity.json react/api-extractor.json; do
  package="${config%%/*}"
  if ! log="$(npx api-extractor run -c "packages/$config" 2>&1)"; then
    echo "$log"
    echo "The public API of @vitrine/$package changed: run \`npm run api\` and commit packages/$package/api/."
    exit 1
  fi
done
echo "== size";      node bench/size.mjs
# The build step built the shop (apps/storefront/build and its route manifest): measure it.
echo "== storefront size"; node bench/storefront-size.mjs --no-build

echo "== tests"
report="$(mktemp -d)/vitest.json"
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json="$report" || status=$?
# One plain closing line that any CI can read.
node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"))
  console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`)
' "$report" || true
exit "$status"
