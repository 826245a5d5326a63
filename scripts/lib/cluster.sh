# The private PostgreSQL cluster: loopback only, a generated password (scram-sha-256) for TCP, and a
# trusted Unix socket in a folder only the cluster's owner can enter.
# shellcheck shell=bash

# As root the cluster runs as the postgres user, which must reach its data folder. When it cannot
# reach the state folder, the data goes under postgres's own home instead of opening the parents.
pg_owner_reaches() { ! is_root || runuser -u postgres -- test -x "$1" 2>/dev/null; }

pg_home() {
  local link="$SQLEXAM_STATE_DIR/pg-home"
  if [ -L "$link" ]; then readlink "$link"; return; fi
  mkdir -p "$SQLEXAM_STATE_DIR"
  if pg_owner_reaches "$SQLEXAM_STATE_DIR"; then
    echo "$SQLEXAM_STATE_DIR/pg"
  else
    local key
    key=$(printf '%s' "$SQLEXAM_STATE_DIR" | sha1sum | cut -c1-12)
    echo "$(getent passwd postgres | cut -d: -f6)/sqlexam-$key"
  fi
}

cluster_paths() {
  [ -n "${PG_HOME:-}" ] && return 0
  PG_HOME=$(pg_home)
  PG_DATA="$PG_HOME/data"; PG_RUN="$PG_HOME/run"; PG_LOG="$PG_HOME/postgres.log"
  [ "$PG_HOME" = "$SQLEXAM_STATE_DIR/pg" ] || ln -sfn "$PG_HOME" "$SQLEXAM_STATE_DIR/pg-home"
  # the password reaches psql and the JDBC driver through this file (mode 600)
  export PGPASSFILE="$SQLEXAM_STATE_DIR/pgpass"
  # a cluster keeps the port it was made with: SQLEXAM_PG_PORT follows it, so that the Java side finds its state there
  local made_with
  made_with=$(as_pg_owner sed -n 's/^port = \([0-9]*\)$/\1/p' "$PG_DATA/postgresql.conf" 2>/dev/null | tail -1) || made_with=""
  if [ -n "$made_with" ] && [ "$made_with" != "$SQLEXAM_PG_PORT" ]; then
    say "the private cluster in $PG_DATA listens on port $made_with (SQLEXAM_PG_PORT=$SQLEXAM_PG_PORT applies to a new one)"
    SQLEXAM_PG_PORT=$made_with
    export SQLEXAM_PG_PORT
  fi
}

cluster_running() {
  cluster_paths
  as_pg_owner test -f "$PG_DATA/PG_VERSION" 2>/dev/null && as_pg_owner "$PG_BIN/pg_ctl" -D "$PG_DATA" status >/dev/null 2>&1
}

# The password of both of the cluster's roles, and a pgpass file that psql and the JDBC driver read.
cluster_password() {
  local mask; mask=$(umask)
  umask 077 # only these two files: the rest of the command keeps the user's umask (runs, jars, state readable by them)
  [ -s "$PG_PASSWORD_FILE" ] || head -c 24 /dev/urandom | base64 | tr -d '/+=\n' > "$PG_PASSWORD_FILE"
  chmod 600 "$PG_PASSWORD_FILE"
  {
    printf '127.0.0.1:%s:*:*:%s\n' "$SQLEXAM_PG_PORT" "$(cat "$PG_PASSWORD_FILE")"
    # the user's own entries still answer for their servers
    [ "$SQLEXAM_USER_PGPASSFILE" != "$PGPASSFILE" ] && [ -r "$SQLEXAM_USER_PGPASSFILE" ] && cat "$SQLEXAM_USER_PGPASSFILE"
  } > "$PGPASSFILE"
  chmod 600 "$PGPASSFILE"
  umask "$mask"
}

cluster_init() {
  as_pg_owner test -f "$PG_DATA/PG_VERSION" 2>/dev/null && return 0
  say "initdb $PG_DATA (port $SQLEXAM_PG_PORT)"
  mkdir -p "$PG_HOME"
  is_root && chown postgres:postgres "$PG_HOME"
  as_pg_owner mkdir -p -m 700 "$PG_DATA" "$PG_RUN"
  as_pg_owner "$PG_BIN/initdb" -D "$PG_DATA" -U "$SQLEXAM_PG_SUPERUSER" -E UTF8 --locale=C.UTF-8 \
    --auth-local=trust --auth-host=reject >/dev/null || die "initdb failed"
  as_pg_owner tee -a "$PG_DATA/postgresql.conf" >/dev/null <<CONF
# sqlexam
listen_addresses = '127.0.0.1'
port = $SQLEXAM_PG_PORT
unix_socket_directories = '$PG_RUN'
unix_socket_permissions = 0700
password_encryption = scram-sha-256
max_connections = 100
shared_buffers = 512MB
work_mem = 32MB
maintenance_work_mem = 256MB
synchronous_commit = off
max_wal_size = 2GB
logging_collector = off
CONF
}

# Written on every start, so that a cluster made by an older sqlexam (trust on loopback) is closed too.
cluster_hba() {
  as_pg_owner tee "$PG_DATA/pg_hba.conf" >/dev/null <<HBA
# sqlexam private cluster: the socket lives in a folder only the cluster's owner enters;
# TCP on loopback needs the generated password (state folder, file pg-password).
local   all all                 trust
host    all all 127.0.0.1/32    scram-sha-256
host    all all ::1/128         scram-sha-256
HBA
}

# Sets the generated password on the superuser and on the read-only role (created here with the
# attributes of the reader-role migration when it does not exist yet).
cluster_set_passwords() {
  local pw; pw=$(cat "$PG_PASSWORD_FILE")
  as_pg_owner "$PG_BIN/psql" -h "$PG_RUN" -p "$SQLEXAM_PG_PORT" -U "$SQLEXAM_PG_SUPERUSER" -d postgres \
    -v ON_ERROR_STOP=1 -q -f - >/dev/null <<SQL || die "could not set the private cluster's passwords"
SET password_encryption = 'scram-sha-256';
ALTER ROLE "$SQLEXAM_PG_SUPERUSER" PASSWORD '$pw';
DO \$\$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sqlexam_reader') THEN
    CREATE ROLE sqlexam_reader LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION CONNECTION LIMIT 64;
  END IF;
END \$\$;
ALTER ROLE sqlexam_reader PASSWORD '$pw';
SQL
}

cluster_start() {
  cluster_paths
  cluster_password
  if cluster_running; then
    [ "${SQLEXAM_RESTART_CLUSTER:-0}" = 1 ] || return 0
    say "restarting the private cluster on the upgraded server"
    as_pg_owner "$PG_BIN/pg_ctl" -D "$PG_DATA" -m fast -w -t 60 restart -l "$PG_LOG" >/dev/null || die "restart failed; see $PG_LOG"
    return 0
  fi
  cluster_init
  cluster_hba
  as_pg_owner mkdir -p -m 700 "$PG_RUN"
  say "starting PostgreSQL on 127.0.0.1:$SQLEXAM_PG_PORT"
  as_pg_owner "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$PG_LOG" -w -t 60 start >/dev/null \
    || die "PostgreSQL did not start; see $PG_LOG"
  cluster_set_passwords
}

cluster_stop() {
  if cluster_running; then
    as_pg_owner "$PG_BIN/pg_ctl" -D "$PG_DATA" -m fast -w stop >/dev/null && say "PostgreSQL stopped"
  else
    say "PostgreSQL is not running"
  fi
}

cluster_status() {
  external_server && say "grading on the server at SQLEXAM_JDBC_URL (only read)"
  if external_state; then
    say "sqlexam's state on the server at SQLEXAM_STATE_URL; no private cluster is needed"
  elif cluster_running; then
    say "private cluster running: 127.0.0.1:$SQLEXAM_PG_PORT, data in $PG_DATA (sqlexam's state$(external_server || echo ' and the sample databases'))"
  else
    say "private cluster not running (data: $PG_DATA)"
    return 3
  fi
}

cluster_psql() {
  "$PG_BIN/psql" -h 127.0.0.1 -p "$SQLEXAM_PG_PORT" -U "$SQLEXAM_PG_SUPERUSER" "${@:-sqlexam}"
}
