#!/usr/bin/env bash
# Maintainer tool: the same ERP exam, A/B run (3 variants × 2 runs), grade (2 predictions files) and watch replay
# (with a shadow) through one jar, into OUT. Run it with the jar before and after a change and compare the two folders
# with scripts/dev/compare-records.py: records must be equal question by question.
# usage: scripts/dev/record-fixtures.sh JAR OUT   (the private cluster running: ./sqlexam db up)
set -euo pipefail
jar=$(realpath "$1"); out=$(realpath -m "$2"); mkdir -p "$out"
root=$(cd "$(dirname "$0")/../.." && pwd)
source "$root/scripts/lib/common.sh"; source "$root/scripts/lib/cluster.sh"
export PGPASSFILE="$SQLEXAM_STATE_DIR/pgpass" SQLEXAM_JDBC_URL=${SQLEXAM_JDBC_URL:-$(default_jdbc_url)}
run() { (cd "$root" && java -Xmx4g -Dlog4j2.configurationFile="$root/flink-conf/log4j2-cli.xml" -Dsqlexam.home="$root" \
  -Dsqlexam.state="$SQLEXAM_STATE_DIR" -jar "$jar" "$@"); }
# two predictions files from the exam set's golds: one with a LIMIT on every other answer, one with a third missing
python3 - "$root/exam-sets/erp/erp.jsonl" "$out" <<'PY'
import json, sys
qs = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
with open(sys.argv[2] + '/pred_a.jsonl', 'w') as a, open(sys.argv[2] + '/pred_b.jsonl', 'w') as b:
    for i, q in enumerate(qs):
        a.write(json.dumps({"id": q["id"], "sql": q["gold_sql"] + (" LIMIT 3" if i % 2 else "")}) + "\n")
        if i % 3: b.write(json.dumps({"id": q["id"], "sql": q["gold_sql"].replace("COUNT(*)", "COUNT(1)")}) + "\n")
PY
run exam --out "$out/exam" > "$out/exam.txt" 2>&1
run exam --variant flink-conf/variants/defaults.yaml --variant flink-conf/variants/v2-retrieval.yaml \
  --variant flink-conf/variants/k6.yaml --runs 2 --out "$out/ab" > "$out/ab.txt" 2>&1
run grade --exam-set exam-sets/erp/erp.jsonl --predictions "$out/pred_a.jsonl" --predictions "$out/pred_b.jsonl" \
  --out "$out/grade" > "$out/grade.txt" 2>&1
run watch --replay exam-sets/querylog/erp-synthetic.jsonl --shadow flink-conf/variants/defaults.yaml --shadow-rate 0.2 \
  --out "$out/watch" > "$out/watch.txt" 2>&1
echo "fixtures in $out"
