# shellcheck shell=bash
# ./sqlexam cluster up [--taskmanagers N] | down | status: a standalone Flink session cluster on loopback (a JobManager
# and N TaskManagers, each its own JVM), assembled from Maven Central's Flink jars into the state folder. The Web UI and
# REST API listen on 127.0.0.1:SQLEXAM_FLINK_REST_PORT (default 8081). SQLEXAM_FLINK_HOME (default the state folder's
# flink/) holds one cluster's logs, pids, checkpoints and savepoints; the jars are shared.

flink_paths() {
  FLINK_LIB="$SQLEXAM_STATE_DIR/flink/lib"
  FLINK_HOME="${SQLEXAM_FLINK_HOME:-$SQLEXAM_STATE_DIR/flink}"
  FLINK_LOGS="$FLINK_HOME/logs"; FLINK_PIDS="$FLINK_HOME/pids"
  SQLEXAM_FLINK_REST_PORT=${SQLEXAM_FLINK_REST_PORT:-8081}
  SQLEXAM_FLINK_RPC_PORT=${SQLEXAM_FLINK_RPC_PORT:-6123}
}

flink_rest_up() { (exec 3<>"/dev/tcp/127.0.0.1/$SQLEXAM_FLINK_REST_PORT") 2>/dev/null; }

# GET /overview of the REST API, its JSON body (no curl needed).
flink_overview() {
  (exec 3<>"/dev/tcp/127.0.0.1/$SQLEXAM_FLINK_REST_PORT" || exit 1
   printf 'GET /overview HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3
   tail -n 1 <&3) 2>/dev/null
}

flink_install() {
  flink_paths
  fetch_jars flink "$FLINK_LIB" "Flink's jars"
}

# The JVM flags (line 1) and dynamic properties (line 2) BashJavaUtils derives from the configuration for a process kind.
flink_resource_params() {
  java -cp "$FLINK_LIB/*" org.apache.flink.runtime.util.bash.BashJavaUtils "$1" --configDir "$SQLEXAM_ROOT/flink-conf/cluster" \
    "${FLINK_DYNAMIC[@]}" 2>/dev/null | grep '^BASH_JAVA_UTILS_EXEC_RESULT:' | sed 's/^BASH_JAVA_UTILS_EXEC_RESULT://'
}

flink_start() { # kind name main-class
  local params jvm dynamic named=()
  # a TaskManager is known by its name (taskmanager-N) in the Web UI and the REST API, as its pid file is
  [ "$1" = GET_TM_RESOURCE_PARAMS ] && named=(-D "taskmanager.resource-id=$2")
  params=$(flink_resource_params "$1") || die "could not size the Flink $2 (BashJavaUtils $1)"
  jvm=$(sed -n 1p <<<"$params"); dynamic=$(sed -n 2p <<<"$params")
  # the workers get database passwords and API keys with each job, never from the shell that started them
  # SQLEXAM_CLUSTER_JAVA_OPTS: further JVM options of the cluster's processes, after Flink's sizing (split on spaces)
  # shellcheck disable=SC2086
  nohup env -u PGPASSFILE -u PGPASSWORD java $jvm ${SQLEXAM_CLUSTER_JAVA_OPTS:-} -Dlog.file="$FLINK_LOGS/$2.log" -Dlog4j2.configurationFile="$FLINK_HOME/log4j2.xml" -cp "$FLINK_LIB/*" "$3" \
    --configDir "$SQLEXAM_ROOT/flink-conf/cluster" "${FLINK_DYNAMIC[@]}" "${named[@]}" $dynamic >>"$FLINK_LOGS/$2.out" 2>&1 </dev/null &
  echo $! > "$FLINK_PIDS/$2.pid"
}

# a process killed a moment ago may linger as a zombie until it is reaped: that is not alive
flink_alive() {
  local pid
  [ -f "$FLINK_PIDS/$1.pid" ] || return 1
  pid=$(cat "$FLINK_PIDS/$1.pid")
  kill -0 "$pid" 2>/dev/null && ! grep -q '^State:[[:space:]]*Z' "/proc/$pid/status" 2>/dev/null
}

# The last lines of a cluster process's log and output, on stderr: what a failed start leaves to read.
flink_log_tail() {
  local f
  for f in "$FLINK_LOGS/$1.log" "$FLINK_LOGS/$1.out"; do
    [ -s "$f" ] && { echo "--- last lines of $f" >&2; tail -n 15 "$f" >&2; }
  done
  return 0
}

# Waits until $1 TaskManagers are registered, up to SQLEXAM_FLINK_START_TIMEOUT seconds (default 180: three JVMs
# starting on two busy cores take their time); a JobManager or TaskManager that dies stops the wait with its log.
flink_wait_registered() { # taskmanagers started-at
  local registered limit=${SQLEXAM_FLINK_START_TIMEOUT:-180} waited=$SECONDS i
  while [ $((SECONDS - waited)) -lt "$limit" ]; do
    registered=$(flink_overview | sed -n 's/.*"taskmanagers":\([0-9]*\).*/\1/p' || true)
    if [ "${registered:-0}" -ge "$1" ]; then
      say "Flink cluster up in $((SECONDS - $2)) s: 1 JobManager, $1 TaskManager(s); Web UI and REST http://127.0.0.1:$SQLEXAM_FLINK_REST_PORT (logs $FLINK_LOGS)"
      return 0
    fi
    flink_alive jobmanager || { flink_log_tail jobmanager; die "the Flink JobManager stopped while starting; see $FLINK_LOGS/jobmanager.log"; }
    for i in $(seq 1 "$1"); do
      flink_alive "taskmanager-$i" || { flink_log_tail "taskmanager-$i"; die "Flink TaskManager $i stopped while starting; see $FLINK_LOGS/taskmanager-$i.log"; }
    done
    sleep 0.5
  done
  for i in $(seq 1 "$1"); do flink_log_tail "taskmanager-$i"; done
  die "the Flink cluster registered ${registered:-0} of $1 TaskManager(s) within $limit s (SQLEXAM_FLINK_START_TIMEOUT); see $FLINK_LOGS"
}

flink_cluster_up() {
  local taskmanagers=1 i t0=$SECONDS started=0
  while [ $# -gt 0 ]; do
    case "$1" in
      --taskmanagers) taskmanagers=${2:?--taskmanagers needs a number}; shift 2 ;;
      *) die "unknown option for cluster up: $1" ;;
    esac
  done
  flink_paths
  FLINK_DYNAMIC=(-D "rest.port=$SQLEXAM_FLINK_REST_PORT" -D "jobmanager.rpc.port=$SQLEXAM_FLINK_RPC_PORT"
    -D "execution.checkpointing.dir=file://$FLINK_HOME/checkpoints"
    -D "execution.checkpointing.savepoint-dir=file://$FLINK_HOME/savepoints"
    -D "io.tmp.dirs=$FLINK_HOME/tmp")
  if flink_rest_up && flink_alive jobmanager; then
    # a running cluster gets back the TaskManagers it lost
    for i in $(seq 1 "$taskmanagers"); do
      flink_alive "taskmanager-$i" && continue
      flink_start GET_TM_RESOURCE_PARAMS "taskmanager-$i" org.apache.flink.runtime.taskexecutor.TaskManagerRunner
      started=$((started + 1))
    done
    if [ "$started" -eq 0 ]; then say "the Flink cluster already runs: http://127.0.0.1:$SQLEXAM_FLINK_REST_PORT"; return 0; fi
    say "started $started TaskManager(s) the running cluster had lost"
    flink_wait_registered "$taskmanagers" "$t0"
    return 0
  fi
  flink_rest_up && die "port $SQLEXAM_FLINK_REST_PORT is taken by another program; set SQLEXAM_FLINK_REST_PORT"
  ensure_build_tools
  flink_install
  mkdir -p "$FLINK_LOGS" "$FLINK_PIDS" "$FLINK_HOME/checkpoints" "$FLINK_HOME/savepoints" "$FLINK_HOME/tmp"
  cat > "$FLINK_HOME/log4j2.xml" <<'XML'
<Configuration status="warn"><Appenders><File name="file" fileName="${sys:log.file}"><PatternLayout pattern="%d %p %c{1} %m%n"/></File></Appenders>
<Loggers><Root level="info"><AppenderRef ref="file"/></Root></Loggers></Configuration>
XML
  t0=$SECONDS
  flink_start GET_JM_RESOURCE_PARAMS jobmanager org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint
  for i in $(seq 1 "$taskmanagers"); do
    flink_start GET_TM_RESOURCE_PARAMS "taskmanager-$i" org.apache.flink.runtime.taskexecutor.TaskManagerRunner
  done
  flink_wait_registered "$taskmanagers" "$t0"
}

flink_cluster_down() {
  flink_paths
  local f pid stopped=0 i
  for f in "$FLINK_PIDS"/*.pid; do
    [ -f "$f" ] || continue
    pid=$(cat "$f")
    if kill -0 "$pid" 2>/dev/null; then
      kill "$pid"
      for i in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
      kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
      stopped=$((stopped + 1))
    fi
    rm -f "$f"
  done
  # the processes' working folders (blobs, a TaskManager's tm_<id> with its local state): gigabytes after a long
  # run, useless once the processes are gone; checkpoints and savepoints stay
  rm -rf "$FLINK_HOME/tmp"
  if [ "$stopped" -eq 0 ]; then say "the Flink cluster is not running"; else say "Flink cluster stopped ($stopped process(es))"; fi
}

flink_cluster_status() {
  flink_paths
  if flink_rest_up && flink_alive jobmanager; then
    say "the Flink cluster runs: http://127.0.0.1:$SQLEXAM_FLINK_REST_PORT $(flink_overview || true)"
    return 0
  fi
  say "the Flink cluster is not running"; return 3
}

# Flink's own command-line client (what a distribution's bin/flink runs) against this cluster, with the same jars:
# ./sqlexam cluster flink run jobs/target/sqlexam-cluster.jar exam --generator gold; ./sqlexam cluster flink list
flink_cli() {
  flink_paths
  flink_install
  local conf="$FLINK_HOME/client-conf"
  mkdir -p "$conf" "$FLINK_LOGS"
  printf 'rest.address: 127.0.0.1\nrest.port: %s\njobmanager.rpc.address: 127.0.0.1\n' "$SQLEXAM_FLINK_REST_PORT" > "$conf/config.yaml"
  [ -f "$FLINK_HOME/log4j2.xml" ] || die "the Flink cluster was never started here: ./sqlexam cluster up"
  # the module openings Flink's launcher script gives its client on Java 17
  FLINK_CONF_DIR="$conf" java --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.lang=ALL-UNNAMED \
    --add-opens=java.base/java.lang.reflect=ALL-UNNAMED --add-opens=java.base/java.net=ALL-UNNAMED \
    --add-opens=java.base/java.nio=ALL-UNNAMED --add-opens=java.base/java.util.concurrent=ALL-UNNAMED \
    -Dlog.file="$FLINK_LOGS/client.log" -Dlog4j2.configurationFile="$FLINK_HOME/log4j2.xml" \
    -Dsqlexam.home="$SQLEXAM_ROOT" -Dsqlexam.state="$SQLEXAM_STATE_DIR" \
    -cp "$FLINK_LIB/*" org.apache.flink.client.cli.CliFrontend "$@"
}
