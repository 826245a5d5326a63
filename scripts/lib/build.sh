# Builds the shaded jar when a source file is newer than it.
# shellcheck shell=bash

jar_stale() {
  [ -f "$SQLEXAM_JAR" ] || return 0
  [ -f "$(dirname "$SQLEXAM_JAR")/sqlexam-cluster.jar" ] || return 0
  [ -f "$SQLEXAM_BENCH_JAR" ] || return 0
  [ -n "$(find "$SQLEXAM_ROOT/pom.xml" "$SQLEXAM_ROOT/operators" "$SQLEXAM_ROOT/jobs" "$SQLEXAM_ROOT/bench" \
      \( -name target -prune \) -o -type f -newer "$SQLEXAM_JAR" -print -quit)" ]
}

ensure_jar() {
  jar_stale || return 0
  say "building sqlexam (mvn package)"
  local t0=$SECONDS log="$SQLEXAM_STATE_DIR/logs/build.log"
  mkdir -p "$(dirname "$log")"
  if ! (cd "$SQLEXAM_ROOT" && mvn -B -Dstyle.color=never --no-transfer-progress -DskipTests -Dspotless.check.skip=true -Dsqlexam.commit="$(source_commit)" package) >"$log" 2>&1; then
    grep -E 'ERROR|BUILD' "$log" | head -30 >&2
    die "the build failed; full log: $log"
  fi
  say "built in $((SECONDS - t0)) s"
}

# The checkout's commit (and whether it has local changes), for the jar and run.json.
source_commit() {
  local commit
  commit=$(git -C "$SQLEXAM_ROOT" rev-parse --short=12 HEAD 2>/dev/null) || { echo "no git checkout"; return 0; }
  git -C "$SQLEXAM_ROOT" diff --quiet HEAD 2>/dev/null || commit="$commit, with local changes"
  echo "$commit"
}

# Class data sharing: the first exam, grade or regrade after a build records the classes it loaded into an archive
# (a few seconds at its exit); later commands map them from it instead of reading and verifying them from the jar.
# SQLEXAM_CDS=off does without; a JDK without its base archive (needed to record) never records.
CDS_ARCHIVE_FLAGS=()
cds_archive() { echo "${SQLEXAM_JAR%.jar}.jsa"; }
cds_flags() { # command
  CDS_ARCHIVE_FLAGS=()
  [ "${SQLEXAM_CDS:-on}" = off ] && return 0
  local archive java_home
  archive=$(cds_archive)
  if [ -f "$archive" ] && [ "$archive" -nt "$SQLEXAM_JAR" ]; then
    CDS_ARCHIVE_FLAGS=(-XX:SharedArchiveFile="$archive" -Xlog:cds=off -Xlog:cds+dynamic=off)
    return 0
  fi
  case "$1" in exam|grade|regrade) ;; *) return 0 ;; esac
  java_home=$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")
  [ -f "$java_home/lib/server/classes.jsa" ] || return 0
  CDS_ARCHIVE_FLAGS=(-XX:ArchiveClassesAtExit="$archive.$$" -Xlog:cds=off -Xlog:cds+dynamic=off)
}

# The JIT: quick compiles with C1 only, full keeps C2. C2 spends much of a short run's CPU compiling code the run ends
# before using, and pays back on long CPU-bound runs, so the long-lived commands (watch, the MCP server) default to
# full. The figures: docs/benchmarks.md, "Behind the code's choices".
jit_flags() { # command
  local default=quick
  case "${1:-}" in watch|mcp) default=full ;; esac
  case "${SQLEXAM_JIT:-$default}" in
    quick) echo "-XX:TieredStopAtLevel=1" ;;
    full) ;;
    *) echo "sqlexam: SQLEXAM_JIT must be quick or full, not '${SQLEXAM_JIT}'" >&2; return 2 ;;
  esac
}

# The heap grows only when collection takes more than half the JVM's time (GCTimeRatio=1; the JVM's default, 12,
# grows it at 8%): a large grade keeps a third of the resident memory in the same wall and CPU time (docs/benchmarks.md,
# "Behind the code's choices"). The heap limit (SQLEXAM_JAVA_HEAP) stays what a run may need.
GC_FLAGS="-XX:GCTimeRatio=1"

run_java() {
  local status=0 archive jit
  local entry=(-jar "$SQLEXAM_JAR")
  archive=$(cds_archive)
  cds_flags "${1:-}"
  # the bench is not in the product jar: its own jar joins the class path (its commands join sqlexam's), and the
  # class archive, recorded for the product jar alone, is not used
  if [ "${1:-}" = bench ]; then
    entry=(-cp "$SQLEXAM_JAR:$SQLEXAM_BENCH_JAR" dev.sqlexam.jobs.cli.SqlExamCli)
    CDS_ARCHIVE_FLAGS=()
  fi
  jit=$(jit_flags "${1:-}") || return 2
  # shellcheck disable=SC2086 # SQLEXAM_JAVA_OPTS: further JVM options, split on spaces; $jit: none or one flag
  java "${CDS_ARCHIVE_FLAGS[@]}" $jit $GC_FLAGS -Dsqlexam.commit="$(source_commit)" -Xmx${SQLEXAM_JAVA_HEAP:-4g} ${SQLEXAM_JAVA_OPTS:-} \
    -Dlog4j2.configurationFile="$SQLEXAM_ROOT/flink-conf/log4j2-cli.xml" \
    -Dsqlexam.home="$SQLEXAM_ROOT" -Dsqlexam.state="$SQLEXAM_STATE_DIR" "${entry[@]}" "$@" || status=$?
  if [ -f "$archive.$$" ]; then
    if [ "$status" = 0 ]; then mv -f "$archive.$$" "$archive"; else rm -f "$archive.$$"; fi
  fi
  return "$status"
}
