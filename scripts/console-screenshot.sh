#!/usr/bin/env bash
# Regenerates the README's picture of the web console (docs/images/console-fleet.png): runs the
# browser test (integration's ConsoleBrowserTest: a sandbox of three machines, one redeployed from
# the console and one failed on purpose) and keeps its final fleet-table screenshot.
# Needs Debian's chromium (apt-get install chromium) and Node.js; takes about two minutes.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$here"
JAVA_HOME=$(scripts/find-jdk.sh)
export JAVA_HOME
[[ -x /usr/bin/chromium ]] || { echo "console-screenshot: needs /usr/bin/chromium (apt-get install chromium)" >&2; exit 1; }
./mvnw -B -ntp -q -pl integration -am verify -Dtest=ConsoleBrowserTest -Dsurefire.failIfNoSpecifiedTests=false \
  -Djazzer.skip
shot=integration/target/console-screenshots/fleet-final.png
[[ -s "$shot" ]] || { echo "console-screenshot: the test left no $shot" >&2; exit 1; }
mkdir -p docs/images
cp "$shot" docs/images/console-fleet.png
echo "console-screenshot: wrote docs/images/console-fleet.png"
