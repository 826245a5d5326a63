# shellcheck shell=bash
# ./sqlexam kafka up|down|status: a single-node KRaft broker (broker and controller in one process) on loopback,
# assembled from Maven Central's kafka_2.13 jars into the state folder. For the streaming tests and for users
# without a broker of their own.

# The port: SQLEXAM_KAFKA_PORT, else the running broker's, else 9092 (Kafka's usual port; ./sqlexam test asks for 59092).
kafka_paths() {
  KAFKA_HOME="$SQLEXAM_STATE_DIR/kafka"
  KAFKA_LIB="$KAFKA_HOME/lib"; KAFKA_DATA="$KAFKA_HOME/data"; KAFKA_CONF="$KAFKA_HOME/server.properties"
  KAFKA_LOG="$KAFKA_HOME/kafka.log"; KAFKA_PID="$KAFKA_HOME/kafka.pid"; KAFKA_PORT_FILE="$KAFKA_HOME/port"
  if [ -f "$KAFKA_PID" ] && kill -0 "$(cat "$KAFKA_PID")" 2>/dev/null && [ -f "$KAFKA_PORT_FILE" ]; then
    SQLEXAM_KAFKA_PORT=$(cat "$KAFKA_PORT_FILE")
  fi
  SQLEXAM_KAFKA_PORT=${SQLEXAM_KAFKA_PORT:-${1:-9092}}
  KAFKA_CONTROLLER_PORT=$((SQLEXAM_KAFKA_PORT + 1))
}

kafka_running() {
  kafka_paths
  [ -f "$KAFKA_PID" ] && kill -0 "$(cat "$KAFKA_PID")" 2>/dev/null
}

kafka_listening() { (exec 3<>"/dev/tcp/127.0.0.1/$SQLEXAM_KAFKA_PORT") 2>/dev/null; }

kafka_install() {
  kafka_paths
  fetch_jars kafka "$KAFKA_LIB" "the Kafka broker's jars"
}

kafka_java() { java -Xmx512m -Dlog4j2.configurationFile="$KAFKA_HOME/log4j2.xml" -cp "$KAFKA_LIB/*" "$@"; }

kafka_up() {
  kafka_paths "${1:-}"
  kafka_running && kafka_listening && { say "Kafka already runs on 127.0.0.1:$SQLEXAM_KAFKA_PORT"; export SQLEXAM_KAFKA_PORT; return 0; }
  ensure_build_tools
  kafka_install
  mkdir -p "$KAFKA_DATA"
  cat > "$KAFKA_HOME/log4j2.xml" <<XML
<Configuration status="warn"><Appenders><File name="file" fileName="$KAFKA_LOG"><PatternLayout pattern="%d %p %c{1} %m%n"/></File></Appenders>
<Loggers><Root level="warn"><AppenderRef ref="file"/></Root><Logger name="kafka.server.KafkaRaftServer" level="info"/></Loggers></Configuration>
XML
  cat > "$KAFKA_CONF" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://127.0.0.1:$SQLEXAM_KAFKA_PORT,CONTROLLER://127.0.0.1:$KAFKA_CONTROLLER_PORT
advertised.listeners=PLAINTEXT://127.0.0.1:$SQLEXAM_KAFKA_PORT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
log.dirs=$KAFKA_DATA
num.partitions=1
offsets.topic.replication.factor=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
group.initial.rebalance.delay.ms=0
PROPS
  if [ ! -f "$KAFKA_DATA/meta.properties" ]; then
    local id
    id=$(kafka_java kafka.tools.StorageTool random-uuid 2>/dev/null | tail -1)
    kafka_java kafka.tools.StorageTool format -t "$id" -c "$KAFKA_CONF" >/dev/null 2>&1 \
      || die "could not format the Kafka storage in $KAFKA_DATA (see $KAFKA_LOG)"
  fi
  kafka_listening && die "port $SQLEXAM_KAFKA_PORT is taken by another program; set SQLEXAM_KAFKA_PORT to a free one"
  nohup java -Xmx512m -Dlog4j2.configurationFile="$KAFKA_HOME/log4j2.xml" -cp "$KAFKA_LIB/*" kafka.Kafka "$KAFKA_CONF" \
    >>"$KAFKA_LOG" 2>&1 </dev/null &
  echo $! > "$KAFKA_PID"
  echo "$SQLEXAM_KAFKA_PORT" > "$KAFKA_PORT_FILE"
  export SQLEXAM_KAFKA_PORT
  local i
  for i in $(seq 1 120); do
    kafka_listening && { say "Kafka runs on 127.0.0.1:$SQLEXAM_KAFKA_PORT (single-node KRaft; log $KAFKA_LOG)"; return 0; }
    kill -0 "$(cat "$KAFKA_PID")" 2>/dev/null || die "the Kafka broker stopped while starting; see $KAFKA_LOG"
    sleep 0.5
  done
  die "the Kafka broker did not listen on 127.0.0.1:$SQLEXAM_KAFKA_PORT within 60 s; see $KAFKA_LOG"
}

kafka_down() {
  kafka_paths
  if ! kafka_running; then say "Kafka is not running"; rm -f "$KAFKA_PID"; return 0; fi
  local pid i
  pid=$(cat "$KAFKA_PID")
  kill "$pid"
  for i in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
  kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
  rm -f "$KAFKA_PID" "$KAFKA_PORT_FILE"
  say "Kafka stopped"
}

kafka_status() {
  kafka_paths
  if kafka_running && kafka_listening; then say "Kafka runs on 127.0.0.1:$SQLEXAM_KAFKA_PORT (data $KAFKA_DATA)"; return 0; fi
  say "Kafka is not running"; return 3
}
