#!/usr/bin/env bash
# Prints the home of a JDK 21 or newer: $JAVA_HOME if it qualifies, else the `java` on PATH,
# else the newest under /usr/lib/jvm. Exits 1 with a message when there is none.
set -euo pipefail

major_of() { # java executable -> major version number
  # The JDK's release file says it without starting a JVM (which would cost ./ferrum's every start ~0.1 s), read with
  # bash alone: ./ferrum runs this on every start, and each sed or grep it forked cost milliseconds. Asking the JVM is
  # the fallback for a JDK without one.
  local release=${1%/bin/java}/release line
  if [[ -f "$release" ]]; then
    while IFS= read -r line || [[ -n "$line" ]]; do
      if [[ "$line" =~ ^JAVA_VERSION=\"(1\.)?([0-9]+) ]]; then
        echo "${BASH_REMATCH[2]}"
        return
      fi
    done < "$release"
  fi
  "$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = //p' | head -n 1
}

qualifies() { # java home
  local bin="$1/bin/java"
  [[ -x "$bin" && -x "$1/bin/javac" ]] || return 1
  local major
  major=$(major_of "$bin")
  [[ -n "$major" && "$major" -ge 21 ]]
}

if [[ -n "${JAVA_HOME:-}" ]] && qualifies "$JAVA_HOME"; then
  echo "$JAVA_HOME"; exit 0
fi
if command -v javac >/dev/null 2>&1; then
  home=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
  if qualifies "$home"; then echo "$home"; exit 0; fi
fi
best=""; best_major=0
for home in /usr/lib/jvm/*/; do
  home=${home%/}
  [[ -L "$home" ]] && continue
  if qualifies "$home"; then
    major=$(major_of "$home/bin/java")
    if [[ "$major" -gt "$best_major" ]]; then best="$home"; best_major="$major"; fi
  fi
done
if [[ -n "$best" ]]; then echo "$best"; exit 0; fi
echo "Ferrum needs a JDK 21 or newer; none found in JAVA_HOME, on PATH or under /usr/lib/jvm." >&2
echo "Install one (e.g. 'apt-get install openjdk-21-jdk-headless' or Temurin) and set JAVA_HOME." >&2
exit 1
