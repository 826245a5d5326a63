# The private PostgreSQL cluster under the state folder: loopback only, trust auth on loopback only.
# shellcheck shell=bash

cluster_running() {
  [ -f "$PG_DATA/PG_VERSION" ] && as_pg_owner "$PG_BIN/pg_ctl" -D "$PG_DATA" status >/dev/null 2>&1
}

cluster_init() {
  [ -f "$PG_DATA/PG_VERSION" ] && return 0
  say "initdb $PG_DATA (port $SQLEXAM_PG_PORT)"
  mkdir -p "$PG_DATA" "$PG_RUN"
  chmod 700 "$PG_DATA"
  if is_root; then
    chown -R postgres:postgres "$SQLEXAM_STATE_DIR/pg"
    # the cluster owner must be able to reach its folder
    local d="$SQLEXAM_STATE_DIR"
    while [ "$d" != / ]; do chmod o+x "$d" 2>/dev/null || true; d=$(dirname "$d"); done
  fi
  as_pg_owner "$PG_BIN/initdb" -D "$PG_DATA" -U "$SQLEXAM_PG_SUPERUSER" -E UTF8 --locale=C.UTF-8 \
    --auth-local=trust --auth-host=reject >/dev/null || die "initdb failed"
  as_pg_owner tee "$PG_DATA/pg_hba.conf" >/dev/null <<HBA
# sqlexam private cluster: trust on the private socket and on loopback only.
local   all all                 trust
host    all all 127.0.0.1/32    trust
host    all all ::1/128         trust
HBA
  as_pg_owner tee -a "$PG_DATA/postgresql.conf" >/dev/null <<CONF
# sqlexam
listen_addresses = '127.0.0.1'
port = $SQLEXAM_PG_PORT
unix_socket_directories = '$PG_RUN'
max_connections = 100
shared_buffers = 512MB
work_mem = 32MB
maintenance_work_mem = 256MB
synchronous_commit = off
max_wal_size = 2GB
logging_collector = off
CONF
}

cluster_start() {
  cluster_running && return 0
  cluster_init
  mkdir -p "$PG_RUN"; is_root && chown postgres:postgres "$PG_RUN" "$SQLEXAM_STATE_DIR/pg"
  is_root && { touch "$PG_LOG"; chown postgres:postgres "$PG_LOG"; }
  say "starting PostgreSQL on 127.0.0.1:$SQLEXAM_PG_PORT"
  as_pg_owner "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$PG_LOG" -w -t 60 start >/dev/null \
    || die "PostgreSQL did not start; see $PG_LOG"
}

cluster_stop() {
  if cluster_running; then
    as_pg_owner "$PG_BIN/pg_ctl" -D "$PG_DATA" -m fast -w stop >/dev/null && say "PostgreSQL stopped"
  else
    say "PostgreSQL is not running"
  fi
}

cluster_status() {
  if external_server; then
    say "using the server at SQLEXAM_JDBC_URL; no private cluster is managed"
  elif cluster_running; then
    say "private cluster running: 127.0.0.1:$SQLEXAM_PG_PORT, data in $PG_DATA"
  else
    say "private cluster not running (data: $PG_DATA)"
    return 3
  fi
}

cluster_psql() {
  "$PG_BIN/psql" -h 127.0.0.1 -p "$SQLEXAM_PG_PORT" -U "$SQLEXAM_PG_SUPERUSER" "${@:-sqlexam}"
}
