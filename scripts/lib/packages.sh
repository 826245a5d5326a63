# OS packages and pgvector: installs what is missing, says exactly what to install without root.
# shellcheck shell=bash

APT_UPDATED_MARK="$SQLEXAM_STATE_DIR/apt-updated"

apt_update_once() {
  mkdir -p "$SQLEXAM_STATE_DIR"
  if [ ! -f "$APT_UPDATED_MARK" ] || [ -n "$(find "$APT_UPDATED_MARK" -mmin +1440 2>/dev/null)" ]; then
    say "apt-get update"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null || die "apt-get update failed"
    touch "$APT_UPDATED_MARK"
  fi
}

package_installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

# ensure_packages PKG...: installs the Debian packages that are missing.
ensure_packages() {
  local missing=() p
  for p in "$@"; do package_installed "$p" || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  if ! is_root; then
    die "missing packages: ${missing[*]}. Install them with: sudo apt-get install -y ${missing[*]}"
  fi
  apt_update_once
  say "installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
    || die "apt-get install ${missing[*]} failed"
}

ensure_build_tools() {
  command -v java >/dev/null && java -version 2>&1 | grep -qE 'version "(1[7-9]|2[0-9])' \
    || ensure_packages openjdk-17-jdk-headless
  command -v mvn >/dev/null || ensure_packages maven
}

# The server headers must match the installed server exactly: an unpinned postgresql-server-dev
# pulls the newest postgresql-N along, and upgrading a server's files under a running cluster breaks
# it (libraries of the new version loaded by the old binary).
installed_version() { dpkg-query -W -f='${Status} ${Version}' "$1" 2>/dev/null | awk '/install ok installed/ {print $4}'; }

# Prints the package specs to install for the server, its headers and the build tools (empty: none).
postgres_package_plan() {
  local server="postgresql-$SQLEXAM_PG_VERSION" dev="postgresql-server-dev-$SQLEXAM_PG_VERSION" v p
  v=$(installed_version "$server")
  if [ -z "$v" ]; then
    echo "$server"
    package_installed "$dev" || echo "$dev"
  elif ! package_installed "$dev"; then
    echo "$dev=$v"
  fi
  for p in make gcc; do package_installed "$p" || echo "$p"; done
}

# The installed server packages that an apt-get plan would upgrade, as "name old new" lines.
server_upgrades_in_plan() {
  apt-get -s install -y --no-install-recommends "$@" 2>/dev/null \
    | sed -nE "s/^Inst (postgresql-$SQLEXAM_PG_VERSION|postgresql-client-$SQLEXAM_PG_VERSION) \[([^]]+)\] \(([^ ]+).*/\1 \2 \3/p"
}

ensure_postgres_packages() {
  local plan=() upgrades
  mapfile -t plan < <(postgres_package_plan)
  [ ${#plan[@]} -eq 0 ] && return 0
  is_root || die "missing packages: ${plan[*]}. Install them with: sudo apt-get install -y ${plan[*]}"
  apt_update_once
  local i name version
  for i in "${!plan[@]}"; do
    [[ "${plan[$i]}" == *=* ]] || continue
    name=${plan[$i]%%=*}; version=${plan[$i]#*=}
    if ! apt-cache madison "$name" 2>/dev/null | awk -F'|' '{gsub(/ /, "", $2); print $2}' | grep -qxF "$version"; then
      say "$name $version (the installed server's version) is no longer in the archive"
      plan[$i]=$name
    fi
  done
  upgrades=$(server_upgrades_in_plan "${plan[@]}")
  if [ -n "$upgrades" ]; then
    # the pinned headers are gone from the archive: say what the upgrade touches before doing it
    say "installing ${plan[*]} upgrades the machine's PostgreSQL server packages:"
    printf '[sqlexam]   %s\n' "$upgrades" >&2
    say "clusters of this version that are running keep the old binary until restarted; the private cluster is restarted after"
    SQLEXAM_RESTART_CLUSTER=1
  fi
  say "installing ${plan[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${plan[@]}" >/dev/null \
    || die "apt-get install ${plan[*]} failed"
}

# pgloader moves SQLite databases (Spider, BIRD) into PostgreSQL for ./sqlexam import and its test.
ensure_pgloader() {
  ensure_packages pgloader
}

# The report's browser test drives Debian's chromium through its chromedriver (Selenium from Maven Central).
ensure_browser() {
  if package_installed chromium && package_installed chromium-driver; then return 0; fi
  if ! is_root; then
    say "WARNING: chromium and chromium-driver are missing and cannot be installed without root; the report's browser test" \
        "will be SKIPPED (sudo apt-get install -y chromium chromium-driver)"
    return 0
  fi
  ensure_packages chromium chromium-driver
}

pgvector_installed() {
  [ -f "$("$PG_BIN/pg_config" --sharedir)/extension/vector.control" ]
}

# pgvector is not in Debian 12; its source package is in trixie. Built once, installed into the server.
ensure_pgvector() {
  pgvector_installed && return 0
  is_root || die "the pgvector extension is missing. Build it from https://github.com/pgvector/pgvector (make && sudo make install) or install postgresql-$SQLEXAM_PG_VERSION-pgvector"
  local dir="$SQLEXAM_STATE_DIR/build/pgvector" t0=$SECONDS
  rm -rf "$dir" && mkdir -p "$dir/sources" "$dir/lists/partial" "$dir/src"
  echo 'deb-src http://deb.debian.org/debian trixie main' > "$dir/sources/trixie-src.list"
  local apt_opts=(-o Dir::Etc::SourceList=/dev/null -o "Dir::Etc::SourceParts=$dir/sources" -o "Dir::State::Lists=$dir/lists")
  say "building pgvector from Debian's source package"
  apt-get "${apt_opts[@]}" update -qq >/dev/null || die "could not read Debian's trixie source index for pgvector"
  (cd "$dir/src" && apt-get "${apt_opts[@]}" source --download-only pgvector >/dev/null 2>&1) \
    || die "apt-get source pgvector failed"
  local tarball
  tarball=$(ls "$dir"/src/pgvector_*.orig.tar.* 2>/dev/null | head -1)
  [ -n "$tarball" ] || die "pgvector source tarball not found in $dir/src"
  tar -xf "$tarball" -C "$dir/src"
  local srcdir
  srcdir=$(find "$dir/src" -mindepth 1 -maxdepth 1 -type d | head -1)
  (cd "$srcdir" && make -s OPTFLAGS="" PG_CONFIG="$PG_BIN/pg_config" >/dev/null && make -s install PG_CONFIG="$PG_BIN/pg_config" >/dev/null) \
    || die "building pgvector failed in $srcdir"
  pgvector_installed || die "pgvector built but vector.control is still missing"
  say "pgvector installed in $((SECONDS - t0)) s"
}

# The official MCP Inspector (its CLI mode tests ./sqlexam mcp as a real client would), from the npm registry into the
# state folder. Node comes from Debian (nodejs, npm) when the machine has none; a node already installed is used as is.
SQLEXAM_MCP_INSPECTOR_VERSION=2.12.0
mcp_inspector_installed() {
  grep -qs "\"version\": \"$SQLEXAM_MCP_INSPECTOR_VERSION\"" \
    "$SQLEXAM_STATE_DIR/npm/node_modules/@modelcontextprotocol/inspector/package.json" \
    && [ -x "$SQLEXAM_STATE_DIR/npm/node_modules/.bin/mcp-inspector" ]
}
ensure_mcp_inspector() {
  mcp_inspector_installed && return 0
  if ! command -v npm >/dev/null; then
    if ! is_root; then
      say "WARNING: node and npm are missing and cannot be installed without root; the MCP Inspector test will fail" \
          "(sudo apt-get install -y nodejs npm)"
      return 0
    fi
    ensure_packages nodejs npm
  fi
  local log="$SQLEXAM_STATE_DIR/logs/npm-inspector.log" t0=$SECONDS
  mkdir -p "$SQLEXAM_STATE_DIR/npm" "$(dirname "$log")"
  say "installing the MCP Inspector $SQLEXAM_MCP_INSPECTOR_VERSION (npm)"
  if ! npm install --no-audit --no-fund --prefix "$SQLEXAM_STATE_DIR/npm" \
      "@modelcontextprotocol/inspector@$SQLEXAM_MCP_INSPECTOR_VERSION" >"$log" 2>&1; then
    tail -5 "$log" >&2
    say "WARNING: npm could not install the MCP Inspector (log: $log); its test will fail"
    return 0
  fi
  say "MCP Inspector installed in $((SECONDS - t0)) s"
}
