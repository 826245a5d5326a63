# Shared helpers for the sqlexam scripts: paths, logging, privileges.
# shellcheck shell=bash

SQLEXAM_ROOT=${SQLEXAM_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
SQLEXAM_STATE_DIR=${SQLEXAM_STATE_DIR:-$SQLEXAM_ROOT/.sqlexam}
SQLEXAM_PG_PORT=${SQLEXAM_PG_PORT:-55432}
SQLEXAM_PG_VERSION=${SQLEXAM_PG_VERSION:-15}
SQLEXAM_PG_SUPERUSER=${SQLEXAM_PG_SUPERUSER:-sqlexam}
# the Java side finds the private cluster (sqlexam's state) by these
export SQLEXAM_PG_PORT SQLEXAM_PG_SUPERUSER
SQLEXAM_JAR="$SQLEXAM_ROOT/jobs/target/sqlexam.jar"
# the measurements' own classes, outside the product jar: ./sqlexam bench runs them on its class path
SQLEXAM_BENCH_JAR="$SQLEXAM_ROOT/bench/target/sqlexam-bench.jar"
PG_BIN="/usr/lib/postgresql/$SQLEXAM_PG_VERSION/bin"
PG_PASSWORD_FILE="$SQLEXAM_STATE_DIR/pg-password"
# the user's own password file, read after the private cluster's line (PGPASSFILE is pointed at the project's copy)
SQLEXAM_USER_PGPASSFILE=${SQLEXAM_USER_PGPASSFILE:-${PGPASSFILE:-$HOME/.pgpass}}
export SQLEXAM_USER_PGPASSFILE

# The embedding library's tokenizer phones home and unpacks natives into $HOME unless told not to.
export OPT_OUT_TRACKING=true
export DJL_CACHE_DIR="$SQLEXAM_STATE_DIR/djl"

say()  { printf '[sqlexam] %s\n' "$*" >&2; }
die()  { printf '[sqlexam] error: %s\n' "$*" >&2; exit 1; }
is_root() { [ "$(id -u)" = 0 ]; }

# The machine's busy CPU time so far in clock ticks, every core and every process (user, nice, system, irq, softirq:
# not the time the host took the cores away); nothing where /proc/stat is not there.
cpu_busy_ticks() {
  [ -r /proc/stat ] || return 0
  awk '$1 == "cpu" { print $2 + $3 + $4 + $7 + $8; exit }' /proc/stat
}

# Runs a command as the owner of the private cluster (initdb refuses root).
as_pg_owner() {
  if is_root; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

# True when the user pointed sqlexam at a server of their own.
external_server() { [ -n "${SQLEXAM_JDBC_URL:-}" ]; }

# True when sqlexam's own state lives on a server the user named (else in the private cluster).
external_state() { [ -n "${SQLEXAM_STATE_URL:-}" ]; }

default_jdbc_url() { printf 'jdbc:postgresql://127.0.0.1:%s/{db}?user=%s' "$SQLEXAM_PG_PORT" "$SQLEXAM_PG_SUPERUSER"; }

# A service's jars, once: Maven copies the runtime dependencies of scripts/NAME/pom.xml from Maven Central into DEST.
fetch_jars() { # pom-folder dest what
  local pom="$SQLEXAM_ROOT/scripts/$1/pom.xml" digest
  digest=$(sha256sum "$pom" | cut -d' ' -f1)
  # fetched once per version of the pom: a changed pom fetches again
  [ "$(cat "$2/.complete" 2>/dev/null)" = "$digest" ] && return 0
  say "fetching $3 from Maven Central"
  rm -rf "$2"; mkdir -p "$2"
  mvn -q -B -Dstyle.color=never -f "$pom" dependency:copy-dependencies -DincludeScope=runtime \
    -DoutputDirectory="$2" >&2 || die "could not fetch $3 (scripts/$1/pom.xml)"
  echo "$digest" > "$2/.complete"
}
