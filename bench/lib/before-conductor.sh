# Sourced by the A/B benches: compiles the conductor sources of a git ref against this checkout's
# libraries, so that a bench can run "before" and "after" side by side with only Ferrum's code differing.
# before_conductor REF DIR -> prints the class-path entry (DIR/classes) holding REF's conductor classes.
# Needs JAVA_HOME and $libs (this checkout's runtime class path). REF must have the same poms as HEAD.
before_conductor() {
  local ref=$1 dir=$2
  rm -rf "$dir" && mkdir -p "$dir/src" "$dir/classes"
  git -C "$here" archive "$ref" conductor/src/main | tar -x -C "$dir/src"
  # On the class path, as the benches run both sides: module-info would need every module on a module path.
  find "$dir/src/conductor/src/main/java" -name '*.java' ! -name module-info.java > "$dir/sources.txt"
  "$JAVA_HOME/bin/javac" --release 21 -nowarn -encoding UTF-8 -cp "$libs" -d "$dir/classes" @"$dir/sources.txt" \
    2> "$dir/javac.log" || { echo "compiling $ref failed; see $dir/javac.log" >&2; return 1; }
  cp -r "$dir/src/conductor/src/main/resources/." "$dir/classes/"
  echo "$dir/classes"
}
