# shellcheck shell=bash
# ./sqlexam cluster up [--taskmanagers N] | down | status: a standalone Flink session cluster on loopback (a JobManager
# and N TaskManagers, each its own JVM), assembled from Maven Central's Flink jars into the state folder. The Web UI and
# REST API listen on 127.0.0.1:SQLEXAM_FLINK_REST_PORT (default 8081).

flink_paths() {
  FLINK_HOME="$SQLEXAM_STATE_DIR/flink"
  FLINK_LIB="$FLINK_HOME/lib"; FLINK_LOGS="$FLINK_HOME/logs"; FLINK_PIDS="$FLINK_HOME/pids"
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
  local params jvm dynamic
  params=$(flink_resource_params "$1") || die "could not size the Flink $2 (BashJavaUtils $1)"
  jvm=$(sed -n 1p <<<"$params"); dynamic=$(sed -n 2p <<<"$params")
  # shellcheck disable=SC2086
  nohup java $jvm -Dlog.file="$FLINK_LOGS/$2.log" -Dlog4j2.configurationFile="$FLINK_HOME/log4j2.xml" -cp "$FLINK_LIB/*" "$3" \
    --configDir "$SQLEXAM_ROOT/flink-conf/cluster" "${FLINK_DYNAMIC[@]}" $dynamic >>"$FLINK_LOGS/$2.out" 2>&1 </dev/null &
  echo $! > "$FLINK_PIDS/$2.pid"
}

flink_cluster_up() {
  local taskmanagers=1 i
  while [ $# -gt 0 ]; do
    case "$1" in
      --taskmanagers) taskmanagers=${2:?--taskmanagers needs a number}; shift 2 ;;
      *) die "unknown option for cluster up: $1" ;;
    esac
  done
  flink_paths
  if flink_rest_up && [ -f "$FLINK_PIDS/jobmanager.pid" ]; then say "the Flink cluster already runs: http://127.0.0.1:$SQLEXAM_FLINK_REST_PORT"; return 0; fi
  flink_rest_up && die "port $SQLEXAM_FLINK_REST_PORT is taken by another program; set SQLEXAM_FLINK_REST_PORT"
  ensure_build_tools
  flink_install
  mkdir -p "$FLINK_LOGS" "$FLINK_PIDS" "$SQLEXAM_STATE_DIR/flink-checkpoints" "$SQLEXAM_STATE_DIR/flink-savepoints"
  cat > "$FLINK_HOME/log4j2.xml" <<'XML'
<Configuration status="warn"><Appenders><File name="file" fileName="${sys:log.file}"><PatternLayout pattern="%d %p %c{1} %m%n"/></File></Appenders>
<Loggers><Root level="info"><AppenderRef ref="file"/></Root></Loggers></Configuration>
XML
  FLINK_DYNAMIC=(-D "rest.port=$SQLEXAM_FLINK_REST_PORT" -D "jobmanager.rpc.port=$SQLEXAM_FLINK_RPC_PORT"
    -D "execution.checkpointing.dir=file://$SQLEXAM_STATE_DIR/flink-checkpoints"
    -D "execution.checkpointing.savepoint-dir=file://$SQLEXAM_STATE_DIR/flink-savepoints")
  local t0=$SECONDS
  flink_start GET_JM_RESOURCE_PARAMS jobmanager org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint
  for i in $(seq 1 "$taskmanagers"); do
    flink_start GET_TM_RESOURCE_PARAMS "taskmanager-$i" org.apache.flink.runtime.taskexecutor.TaskManagerRunner
  done
  for i in $(seq 1 120); do
    local registered
    registered=$(flink_overview | sed -n 's/.*"taskmanagers":\([0-9]*\).*/\1/p' || true)
    if [ "${registered:-0}" -ge "$taskmanagers" ]; then
      say "Flink cluster up in $((SECONDS - t0)) s: 1 JobManager, $taskmanagers TaskManager(s); Web UI and REST http://127.0.0.1:$SQLEXAM_FLINK_REST_PORT (logs $FLINK_LOGS)"
      return 0
    fi
    kill -0 "$(cat "$FLINK_PIDS/jobmanager.pid")" 2>/dev/null || die "the Flink JobManager stopped while starting; see $FLINK_LOGS/jobmanager.log"
    sleep 0.5
  done
  die "the Flink cluster did not register $taskmanagers TaskManager(s) within 60 s; see $FLINK_LOGS"
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
  if [ "$stopped" -eq 0 ]; then say "the Flink cluster is not running"; else say "Flink cluster stopped ($stopped process(es))"; fi
}

flink_cluster_status() {
  flink_paths
  if flink_rest_up && [ -f "$FLINK_PIDS/jobmanager.pid" ]; then
    say "the Flink cluster runs: http://127.0.0.1:$SQLEXAM_FLINK_REST_PORT $(flink_overview || true)"
    return 0
  fi
  say "the Flink cluster is not running"; return 3
}
