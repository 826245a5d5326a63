# Usage errors answered before any setup, from docs/cli/usage.tsv: the jar's own command-line model (UsageTable),
# kept current by a test. Exit code 2 and the same words as the jar (UsageErrors).
# shellcheck shell=bash

USAGE_TABLE="$SQLEXAM_ROOT/docs/cli/usage.tsv"
USAGE_BARE_OK=" db kafka cluster " # groups that run a default subcommand (status) when named alone

usage_error() { # message command-path [did-you-mean candidates]
  printf '[sqlexam] error: %s\n' "$1" >&2
  [ -n "${3:-}" ] && printf '[sqlexam] did you mean %s?\n' "$3" >&2
  printf '[sqlexam] see ./sqlexam %s--help\n' "${2:+$2 }" >&2
  exit 2
}

# The row of option $2 of command $1: "kind|choices|range" (separated by \x1f, which read does not merge), or nothing.
usage_row() { awk -F'\t' -v c="$1" -v o="$2" '$1 == c && $2 == o { print $3 "\037" $4 "\037" $5; exit }' "$USAGE_TABLE"; }

usage_rules() { awk -F'\t' -v c="$1" -v r="$2" '$1 == c && $2 == r { print $3 "\037" $4 "\037" $5 }' "$USAGE_TABLE"; }

usage_is_command() { awk -F'\t' -v c="$1" '$1 == c { found = 1; exit } END { exit !found }' "$USAGE_TABLE"; }

usage_subcommands() { # the subcommands of $1, one per line
  awk -F'\t' -v c="$1 " 'index($1, c) == 1 { rest = substr($1, length(c) + 1); if (rest !~ / /) print rest }' "$USAGE_TABLE" | uniq
}

usage_options() { awk -F'\t' -v c="$1" '$1 == c && $2 ~ /^-/ { print $2 }' "$USAGE_TABLE"; }

# The words of stdin within two edits of $1 (or that it begins), closest first, at most two, joined by " or ".
usage_near() {
  awk -v w="$1" '
    function dist(a, b,   i, j, la, lb, d, x, y, z) {
      la = length(a); lb = length(b)
      for (i = 0; i <= la; i++) d[i, 0] = i
      for (j = 0; j <= lb; j++) d[0, j] = j
      for (i = 1; i <= la; i++) for (j = 1; j <= lb; j++) {
        x = d[i-1, j] + 1; y = d[i, j-1] + 1; z = d[i-1, j-1] + (substr(a, i, 1) != substr(b, j, 1))
        d[i, j] = x < y ? (x < z ? x : z) : (y < z ? y : z)
      }
      return d[la, lb]
    }
    { k = dist(w, $0); if (k <= 2 || (length(w) >= 4 && index($0, w) == 1)) print k "\t" $0 }
  ' | sort -n -k1,1 | cut -f2 | awk '!seen[$0]++' | head -2 | paste -sd'\037' - | sed 's/\x1f/ or /g'
}

usage_check_value() { # path option kind choices range value
  local path=$1 option=$2 kind=$3 choices=$4 range=$5 value=$6
  if [ "$kind" = threshold ]; then
    local metric=${value%%=*} number=${value#*=}
    [[ "$value" == ?*=* ]] || usage_error "--fail-under takes METRIC=VALUE (e.g. ex=0.8), not '$value'" "$path"
    [[ " $choices " == *" ${metric,,} "* ]] \
      || usage_error "--fail-under: no metric '$metric' (one of ${choices// /, })" "$path" "$(tr ' ' '\n' <<<"$choices" | usage_near "$metric")"
    [[ "$number" =~ ^[[:space:]]*([0-9]+\.?[0-9]*|\.[0-9]+)(%?)[[:space:]]*$ ]] \
      || usage_error "--fail-under $metric: '$number' is not a number" "$path"
    awk -v v="${BASH_REMATCH[1]}" -v p="${BASH_REMATCH[2]}" 'BEGIN { exit !((p == "%" ? v / 100 : v) <= 1) }' \
      || usage_error "--fail-under $metric: $number is not a fraction in [0, 1] (or a percentage: 80%)" "$path"
    return 0
  fi
  if [ -n "$choices" ] && [[ " $choices " == *" $value "* ]]; then return 0; fi
  case "$kind" in
    integer) [[ "$value" =~ ^[[:space:]]*-?[0-9]+[[:space:]]*$ ]] || usage_error "$option: '$value' is not a whole number${choices:+ or one of $choices}" "$path" ;;
    number) [[ "$value" =~ ^[[:space:]]*-?([0-9]+\.?[0-9]*|\.[0-9]+)([eE]-?[0-9]+)?[[:space:]]*$ ]] || usage_error "$option: '$value' is not a number" "$path" ;;
    boolean) [[ " true false 1 0 on off yes no " == *" ${value,,} "* ]] || usage_error "$option: '$value' is not true or false" "$path" ;;
    path) [ -e "$value" ] || usage_error "$option: no such file or folder: $value" "$path" ;;
    named-path)
      if [ ! -e "$value" ]; then
        if [[ "$value" =~ ^[^=]+=(.*)$ ]]; then
          [ -e "${BASH_REMATCH[1]}" ] || usage_error "$option: no such file: ${BASH_REMATCH[1]}" "$path"
        else
          usage_error "$option: no such file or folder: $value" "$path"
        fi
      fi ;;
  esac
  if [ -n "$choices" ] && [ "$kind" != integer ]; then
    usage_error "$option: '$value' is not one of ${choices// /, }" "$path" "$(tr ' ' '\n' <<<"$choices" | usage_near "$value")"
  fi
  if [ -n "$range" ]; then
    local lo=${range% *} hi=${range#* }
    if awk -v v="$value" -v lo="$lo" -v hi="$hi" 'BEGIN { exit !((lo != "-" && v + 0 < lo + 0) || (hi != "-" && v + 0 > hi + 0)) }'; then
      local shown
      if [ "$hi" = - ]; then shown=">= $lo"; elif [ "$lo" = - ]; then shown="<= $hi"; else shown="[$lo, $hi]"; fi
      usage_error "$option: ${value// /} is outside $shown" "$path"
    fi
  fi
  if [ "$option" = --set ]; then
    local key=${value%%=*} row
    [[ "$value" == *=* ]] || usage_error "--set takes key=value, not '$value'" "$path"
    row=$(usage_row @set "$key")
    [ -n "$row" ] || usage_error "--set: no option '$key' (./sqlexam options lists them)" "$path" \
      "$(awk -F'\t' '$1 == "@set" { print $2 }' "$USAGE_TABLE" | usage_near "$key")"
    IFS=$'\037' read -r kind choices range <<<"$row"
    usage_check_value "$path" "--set $key" "$kind" "$choices" "$range" "${value#*=}"
  fi
}

# Checks the command line of command $1; prints nothing and returns when it is well-formed.
check_usage() {
  [ -f "$USAGE_TABLE" ] || return 0
  local path=$1; shift
  while [ $# -gt 0 ] && [[ "$1" != -* ]] && usage_is_command "$path $1"; do path="$path $1"; shift; done
  [ -n "$(usage_row "$path" '*')" ] && return 0
  local subs; subs=$(usage_subcommands "$path")
  if [ -n "$subs" ]; then
    if [ $# -gt 0 ] && [[ "$1" != -* ]]; then
      usage_error "unknown $path command '$1'" "$path" "$(usage_near "$1" <<<"$subs")"
    fi
    [[ "$USAGE_BARE_OK" == *" $path "* ]] || usage_error "'$path' needs a command: $(paste -sd' ' <<<"$subs" | sed 's/ /, /g')" "$path"
  fi
  local arg name value row kind choices range arguments=() given=" "
  while [ $# -gt 0 ]; do
    arg=$1; shift
    case "$arg" in
      --) arguments+=("$@"); break ;;
      -) arguments+=("$arg") ;;
      -*)
        name=${arg%%=*}
        row=$(usage_row "$path" "$name")
        [ -n "$row" ] || usage_error "unknown option '$name' for '$path'" "$path" "$(usage_options "$path" | usage_near "$name")"
        given="$given$name "
        IFS=$'\037' read -r kind choices range <<<"$row"
        [ "$kind" = flag ] && { [[ "$arg" == *=* ]] && usage_error "$name takes no value" "$path"; continue; }
        if [ "$kind" = optional ]; then
          [[ "$arg" != *=* ]] && [ $# -gt 0 ] && [[ "$1" != -* ]] && shift
          continue
        fi
        if [[ "$arg" == *=* ]]; then value=${arg#*=}
        elif [ $# -gt 0 ] && { [[ "$1" != --* ]] || [ "$1" = -- ]; }; then value=$1; shift
        else usage_error "$name needs a value" "$path"
        fi
        usage_check_value "$path" "$name" "$kind" "$choices" "$range" "$value" ;;
      *) arguments+=("$arg") ;;
    esac
  done
  usage_check_rules "$path" "$given" "${#arguments[@]}" "${arguments[@]}"
}

# The command's own rules: how many arguments, required options, one of a group.
usage_check_rules() { # path given-options count arguments...
  local path=$1 given=$2 count=$3 rule min max labels name found
  shift 3
  rule=$(usage_rules "$path" @args)
  if [ -n "$rule" ]; then
    IFS=$'\037' read -r min max labels <<<"$rule"
    if [ "$count" -lt "$min" ]; then
      usage_error "'$path' needs $labels (got $count argument$([ "$count" = 1 ] || echo s))" "$path"
    fi
    if [ "$max" != - ] && [ "$count" -gt "$max" ]; then
      shift "$max"
      usage_error "'$path' takes ${labels:-no arguments}${labels:+ only}: unexpected '$1'" "$path"
    fi
  fi
  while IFS= read -r name; do
    [ -z "$name" ] || [[ "$given" == *" $name "* ]] || usage_error "'$path' needs $name" "$path"
  done < <(usage_rules "$path" @required | cut -d$'\037' -f1)
  while IFS= read -r rule; do
    [ -n "$rule" ] || continue
    found=0
    for name in $rule; do
      if [[ "$name" == -* ]]; then [[ "$given" == *" $name "* ]] && found=1
      elif [ "$count" -gt 0 ]; then found=1
      fi
    done
    [ "$found" = 1 ] || usage_error "'$path' needs one of: ${rule// /, }" "$path"
  done < <(usage_rules "$path" @oneof | cut -d$'\037' -f1)
}
