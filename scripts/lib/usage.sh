# Usage errors answered before any setup, from docs/cli/usage.tsv: the jar's own command-line model (UsageTable),
# kept current by a test. Exit code 2, as the jar answers them.
# shellcheck shell=bash

USAGE_TABLE="$SQLEXAM_ROOT/docs/cli/usage.tsv"

usage_error() { # message command-path
  printf '[sqlexam] error: %s\n' "$1" >&2
  printf '[sqlexam] see ./sqlexam %s--help\n' "${2:+$2 }" >&2
  exit 2
}

# The row of option $2 of command $1: "kind<TAB>choices", or nothing.
usage_row() { awk -F'\t' -v c="$1" -v o="$2" '$1 == c && $2 == o { print $3 "\t" $4; exit }' "$USAGE_TABLE"; }

usage_is_command() { awk -F'\t' -v c="$1" '$1 == c { found = 1; exit } END { exit !found }' "$USAGE_TABLE"; }

usage_has_subcommands() { awk -F'\t' -v c="$1 " 'index($1, c) == 1 { found = 1; exit } END { exit !found }' "$USAGE_TABLE"; }

usage_check_value() { # path option kind choices value
  local path=$1 option=$2 kind=$3 choices=$4 value=$5
  if [ "$kind" = integer ] && ! [[ "$value" =~ ^-?[0-9]+$ ]]; then
    usage_error "$option takes a whole number, not '$value'" "$path"
  fi
  if [ -n "$choices" ] && [[ " $choices " != *" $value "* ]]; then
    usage_error "$option takes one of: $choices (not '$value')" "$path"
  fi
  if [ "$option" = --set ]; then
    local key=${value%%=*} row
    [[ "$value" == *=* ]] || usage_error "--set takes key=value, not '$value'" "$path"
    row=$(usage_row @set "$key")
    [ -n "$row" ] || usage_error "--set: no option '$key' (./sqlexam options lists them)" "$path"
    IFS=$'\t' read -r kind choices <<<"$row"
    usage_check_value "$path" "--set $key" "$kind" "$choices" "${value#*=}"
  fi
}

# Checks the command line of command $1; prints nothing and returns when it is well-formed.
check_usage() {
  [ -f "$USAGE_TABLE" ] || return 0
  local path=$1; shift
  while [ $# -gt 0 ] && [[ "$1" != -* ]] && usage_is_command "$path $1"; do path="$path $1"; shift; done
  [ -n "$(usage_row "$path" '*')" ] && return 0
  if [ $# -gt 0 ] && [[ "$1" != -* ]] && usage_has_subcommands "$path"; then
    usage_error "unknown $path command '$1'" "$path"
  fi
  local arg name value row kind choices
  while [ $# -gt 0 ]; do
    arg=$1; shift
    case "$arg" in
      --) return 0 ;;
      -) ;;
      -*)
        name=${arg%%=*}
        row=$(usage_row "$path" "$name")
        [ -n "$row" ] || usage_error "unknown option '$name' for '$path'" "$path"
        IFS=$'\t' read -r kind choices <<<"$row"
        [ "$kind" = flag ] && { [[ "$arg" == *=* ]] && usage_error "$name takes no value" "$path"; continue; }
        if [ "$kind" = optional ]; then
          [[ "$arg" != *=* ]] && [ $# -gt 0 ] && [[ "$1" != -* ]] && shift
          continue
        fi
        if [[ "$arg" == *=* ]]; then value=${arg#*=}
        elif [ $# -gt 0 ]; then value=$1; shift
        else usage_error "$name needs a value" "$path"
        fi
        usage_check_value "$path" "$name" "$kind" "$choices" "$value" ;;
    esac
  done
}
