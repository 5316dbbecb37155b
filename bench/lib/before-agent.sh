# Sourced by the A/B benches: the agent as an earlier commit had it, for a "before" side whose agents run it.
# before_agent REF DIR CLASSPATH -> prints the class-path entry (DIR/classes) holding REF's versions of the agent
# sources that changed between REF and this checkout (the rest of the agent is identical, so this checkout's
# classes behind it complete REF's agent), compiled against CLASSPATH (this checkout's agent classes and
# libraries). Sources this checkout added are left out; REF's sources this checkout deleted are put back.
before_agent() {
  local ref=$1 dir=$2 cp=$3 file
  rm -rf "$dir" && mkdir -p "$dir/src" "$dir/classes"
  git -C "$here" diff --name-only "$ref" HEAD -- agent/src/main/java | grep '\.java$' | grep -v module-info.java \
    | while read -r file; do
        if git -C "$here" cat-file -e "$ref:$file" 2>/dev/null; then
          mkdir -p "$dir/src/$(dirname "$file")"
          git -C "$here" show "$ref:$file" > "$dir/src/$file"
        fi
      done
  find "$dir/src" -name '*.java' > "$dir/sources.txt"
  if [[ -s "$dir/sources.txt" ]]; then
    "$JAVA_HOME/bin/javac" --release 21 -nowarn -encoding UTF-8 -cp "$cp" -d "$dir/classes" @"$dir/sources.txt" \
      2> "$dir/javac.log" || { echo "compiling $ref's agent failed; see $dir/javac.log" >&2; return 1; }
  fi
  echo "$dir/classes"
}
