#!/usr/bin/env bash
# Benchmark: Ferrum's image writer against the usual tools, side by side on this machine.
#
# What is compared (same files, same machine, runs interleaved Ferrum/baseline so drift hits both):
#  (a) raw write   Ferrum's writer, HTTP on loopback -> regular file (zeros written, fsync at end)
#                  vs  curl URL | dd bs=4M iflag=fullblock conv=fsync of=FILE   (same server, same URL)
#  (b) qcow2->raw  Ferrum's writer, HTTP on loopback -> fresh sparse file (fsync at end; since
#                  2026-11-27 also a background data sync every 64 MiB, as in the agent)
#                  vs  qemu-img convert -f qcow2 -O raw LOCAL_FILE FILE && sync FILE
#                  (the baseline reads the local file, no HTTP and no checksum: it is favoured)
#                  and vs  curl -s URL > F.qcow2 && qemu-img convert ... F.qcow2 FILE && sync FILE
#                  (what an operator without Ferrum would do: download, then convert; F.qcow2
#                  is written to the same file system and deleted after each run)
#  (c) sha256      Ferrum's streaming digest (HashAlgorithm.SHA256, reads of the writer's chunk)
#                  vs  sha256sum FILE   (and, printed as an extra row, openssl dgst -sha256 FILE)
#  (d) http read   The body read path alone (ReadBodyMain: one GET, reads into a reused 256 KiB array,
#                  nothing else), the agent's source and Helidon's, vs  curl -s URL > /dev/null
#                  (diagnostic: shows what the HTTP client costs before any digest or disk work)
#
# Method
#  - Images: SIZE_MIB (default 1024) MiB of /dev/urandom as raw (nothing compresses, no zero chunks,
#    so both sides write every byte), and the same bytes converted by qemu-img to a fully allocated
#    qcow2 (64 KiB clusters). Both are served by one loopback server, ServeFilesMain (the JDK
#    HttpServer streaming from the file, in its own JVM), which Ferrum and curl both download from.
#  - Each case runs RUNS times (default 5); the table shows medians. Ferrum's time is the write()
#    call inside its JVM (download, decode, hash, write, verify, fsync), as in the agent, where the
#    JVM is already up; the JVM's whole wall time (start included) is printed beside it. Baselines
#    are timed as whole commands. Every target is deleted after its run.
#  - Page cache: NOT dropped (dropping it would slow every other build on this shared machine).
#    Source files are read once before timing, so every run reads them from the cache; writes go
#    to disk through fsync on both sides.
#  - Ferrum runs with the agent's defaults (ImageWriterConfig.defaults(), the agent's image source).
#    A diagnostic row repeats (a) with --client helidon: http read through Helidon's WebClient, as
#    before PlainHttpImageSource, so the change is measured side by side. No goal applies to it.
#  - Ratio = Ferrum throughput / baseline throughput (= baseline time / Ferrum time); goals
#    >=0.95 (a), >=0.9 (b), >=0.9 (c) are printed beside them. Nothing is asserted.
#
# Run: agent/bench/image-write.sh   (from anywhere; env RUNS, SIZE_MIB, WORK=dir to use, JAVA_HOME)
# Needs: a JDK 21+, curl, dd, qemu-img, sha256sum; builds the agent if agent/target/lib is missing
# (mvnw -o -pl agent -am package -DskipTests); the class path is agent/target/{test-,}classes and
# agent/target/lib/* (the agent's runtime dependencies, the reactor's modules among them).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
RUNS=${RUNS:-5}
SIZE_MIB=${SIZE_MIB:-1024}
JAVA_HOME=${JAVA_HOME:-$("$root/scripts/find-jdk.sh")}
export JAVA_HOME
java="$JAVA_HOME/bin/java"
for tool in curl dd qemu-img sha256sum; do
  command -v "$tool" >/dev/null || { echo "image-write.sh: $tool is required" >&2; exit 2; }
done

if [[ ! -d "$root/agent/target/test-classes/dev/ferrum/agent/image/bench" || ! -d "$root/agent/target/lib" ]]; then
  (cd "$root" && ./mvnw -B -ntp -q -o -pl agent -am package -DskipTests)
fi
# The bench mains use only the agent's runtime dependencies (and the JDK), all in agent/target/lib.
cp="$root/agent/target/test-classes:$root/agent/target/classes:$root/agent/target/lib/*"
jvm=("$java" -Xmx256m -XX:+UseSerialGC -cp "$cp")

work=${WORK:-$(mktemp -d /var/tmp/ferrum-imagebench.XXXXXX)}
mkdir -p "$work"
server_pid=
cleanup() {
  if [[ -n "$server_pid" ]]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  if [[ -z "${WORK:-}" ]]; then rm -rf "$work"; else rm -f "$work"/target.*; fi
}
trap cleanup EXIT

need=$(( SIZE_MIB * 4 + 1024 ))
free=$(( $(df -Pm "$work" | awk 'NR==2 {print $4}') ))
if (( free < need )); then echo "image-write.sh: $free MiB free in $work, need $need" >&2; exit 2; fi

bytes=$(( SIZE_MIB * 1024 * 1024 ))
if [[ ! -f "$work/raw.img" || $(stat -c %s "$work/raw.img") -ne $bytes ]]; then
  head -c "$bytes" /dev/urandom > "$work/raw.img"
  rm -f "$work/image.qcow2"
fi
[[ -f "$work/image.qcow2" ]] || qemu-img convert -f raw -O qcow2 "$work/raw.img" "$work/image.qcow2"
raw_sum=$(sha256sum "$work/raw.img" | cut -d' ' -f1)
qcow_sum=$(sha256sum "$work/image.qcow2" | cut -d' ' -f1)   # also warms the page cache

"${jvm[@]}" dev.ferrum.agent.image.bench.ServeFilesMain "$work" > "$work/server.out" 2> "$work/server.err" &
server_pid=$!
for _ in $(seq 50); do grep -q '^port=' "$work/server.out" 2>/dev/null && break; sleep 0.2; done
port=$(sed -n 's/^port=//p' "$work/server.out")
[[ -n "$port" ]] || { echo "image-write.sh: server did not start: $(cat "$work/server.err")" >&2; exit 1; }
base_url="http://127.0.0.1:$port"

now_ns() { date +%s%N; }
median() { sort -n | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }
field() { tr ' ' '\n' | sed -n "s/^$1=//p"; }

# ferrum_write NAME SHA FORMAT ZEROS CLIENT -> "write_ns jvm_ns"
ferrum_write() {
  local t0 t1 out
  t0=$(now_ns)
  out=$("${jvm[@]}" dev.ferrum.agent.image.bench.WriteImageMain --url "$base_url/$1" --sha256 "$2" \
    --target "$work/target.ferrum" --disk-format "$3" --zeros "$4" --client "$5" 2>"$work/ferrum.err") \
    || { echo "Ferrum write of $1 failed: $(tail -5 "$work/ferrum.err")" >&2; exit 1; }
  t1=$(now_ns)
  rm -f "$work/target.ferrum"
  echo "$(field write_ns <<<"$out") $(( t1 - t0 ))"
}

timed() { local t0 t1; t0=$(now_ns); "$@"; t1=$(now_ns); echo $(( t1 - t0 )); }
curl_dd() { curl -sSf "$base_url/raw.img" | dd of="$work/target.dd" bs=4M iflag=fullblock conv=fsync status=none; rm -f "$work/target.dd"; }
qemu_convert() { qemu-img convert -f qcow2 -O raw "$work/image.qcow2" "$work/target.qemu" && sync "$work/target.qemu"; rm -f "$work/target.qemu"; }
curl_qemu_convert() {
  curl -sSf "$base_url/image.qcow2" > "$work/target.download.qcow2"
  qemu-img convert -f qcow2 -O raw "$work/target.download.qcow2" "$work/target.qemu" && sync "$work/target.qemu"
  rm -f "$work/target.qemu" "$work/target.download.qcow2"
}
sha256sum_file() { sha256sum "$work/raw.img" >/dev/null; }
# coreutils' sha256sum may not use the CPU's SHA extensions; openssl does, so it is shown too.
openssl=$(command -v openssl || true)
openssl_file() { "$openssl" dgst -sha256 "$work/raw.img" >/dev/null; }

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
declare -a a_f a_fj a_b b_f b_fj b_b c_f c_fj c_b d_f d_fj e_b g_b h_f h_fj i_f i_fj h_b
read_body() { # CLIENT -> "read_ns jvm_ns"
  local t0 t1 out
  t0=$(now_ns)
  out=$("${jvm[@]}" dev.ferrum.agent.image.bench.ReadBodyMain --url "$base_url/raw.img" --client "$1" 2>"$work/ferrum.err") \
    || { echo "ReadBodyMain failed: $(tail -5 "$work/ferrum.err")" >&2; exit 1; }
  t1=$(now_ns)
  [[ $(field bytes <<<"$out") == "$bytes" ]] || { echo "ReadBodyMain read $(field bytes <<<"$out") bytes, not $bytes" >&2; exit 1; }
  echo "$(field read_ns <<<"$out") $(( t1 - t0 ))"
}
curl_null() { curl -sSf "$base_url/raw.img" > /dev/null; }
for ((i = 0; i < RUNS; i++)); do
  r=$(ferrum_write raw.img "$raw_sum" raw write agent); read -r w j <<<"$r"; a_f+=("$w"); a_fj+=("$j")
  a_b+=("$(timed curl_dd)")
  r=$(ferrum_write raw.img "$raw_sum" raw write helidon); read -r w j <<<"$r"; d_f+=("$w"); d_fj+=("$j")
  r=$(ferrum_write image.qcow2 "$qcow_sum" qcow2 skip agent); read -r w j <<<"$r"; b_f+=("$w"); b_fj+=("$j")
  b_b+=("$(timed qemu_convert)")
  g_b+=("$(timed curl_qemu_convert)")
  r=$(read_body agent); read -r w j <<<"$r"; h_f+=("$w"); h_fj+=("$j")
  h_b+=("$(timed curl_null)")
  r=$(read_body helidon); read -r w j <<<"$r"; i_f+=("$w"); i_fj+=("$j")
  t0=$(now_ns)
  out=$("${jvm[@]}" dev.ferrum.agent.image.bench.HashFileMain "$work/raw.img")
  t1=$(now_ns)
  [[ $(field sha256 <<<"$out") == "$raw_sum" ]] || { echo "Ferrum's sha256 differs from sha256sum" >&2; exit 1; }
  c_f+=("$(field hash_ns <<<"$out")"); c_fj+=("$(( t1 - t0 ))")
  c_b+=("$(timed sha256sum_file)")
  if [[ -n "$openssl" ]]; then e_b+=("$(timed openssl_file)"); fi
  echo "run $((i + 1))/$RUNS done" >&2
done

med() { printf '%s\n' "$@" | median; }
row() { # name baseline goal ferrum_ns[] jvm_ns[] base_ns[] (passed as three space-separated strings)
  local name=$1 base=$2 goal=$3 f j b
  f=$(med $4); j=$(med $5); b=$(med $6)
  awk -v n="$name" -v base="$base" -v goal="$goal" -v f="$f" -v j="$j" -v b="$b" -v bytes="$bytes" 'BEGIN {
    mib = bytes / 1048576
    printf "%-12s %9.0f %9.0f %9.2f %9.0f %-30s %6.3f  %s\n", n, mib / (f / 1e9), mib / (j / 1e9), j / 1e9,
      mib / (b / 1e9), base, b / f, goal }'
}
echo
echo "Ferrum image writer vs baselines: $SIZE_MIB MiB, median of $RUNS runs, page cache warm (not dropped), $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores"
printf "%-12s %9s %9s %9s %9s %-30s %6s  %s\n" case "ferrum" "ferrum" "ferrum" "baseline" "" "ratio" "goal"
printf "%-12s %9s %9s %9s %9s %-30s %6s  %s\n" "" "MiB/s" "+JVM MiB/s" "+JVM s" "MiB/s" "baseline" "" ""
row "raw write" "curl|dd bs=4M conv=fsync" ">=0.95" "${a_f[*]}" "${a_fj[*]}" "${a_b[*]}"
row "raw helidon" "curl|dd (same runs as above)" "(diagnostic)" "${d_f[*]}" "${d_fj[*]}" "${a_b[*]}"
row "qcow2->raw" "qemu-img convert -O raw; sync" ">=0.9" "${b_f[*]}" "${b_fj[*]}" "${b_b[*]}"
row "qcow2->raw" "curl >f; qemu-img convert; sync" "(operator's way)" "${b_f[*]}" "${b_fj[*]}" "${g_b[*]}"
row "http read" "curl -s URL > /dev/null" "(diagnostic)" "${h_f[*]}" "${h_fj[*]}" "${h_b[*]}"
row "http helidon" "curl -s URL > /dev/null" "(diagnostic)" "${i_f[*]}" "${i_fj[*]}" "${h_b[*]}"
row "sha256" "sha256sum" ">=0.9" "${c_f[*]}" "${c_fj[*]}" "${c_b[*]}"
if [[ -n "$openssl" ]]; then
  row "sha256" "openssl dgst -sha256" "(extra baseline)" "${c_f[*]}" "${c_fj[*]}" "${e_b[*]}"
fi
echo "(ratio = ferrum MiB/s without JVM start / baseline MiB/s; qcow2 MiB/s counts virtual bytes)"
echo "(load average before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg))"
