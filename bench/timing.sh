# The bench scripts' timing, sourced by them (. "$here/bench/timing.sh"); $dir is the script's scratch folder.

# Runs a command (env-style: VAR=value command...), appending "seconds peak_rss_kb" to the file $1: wall time in ns
# from date, peak RSS from GNU time. A command that fails stops the script with its stderr.
timed() {
  local into="$1"; shift
  local start end
  start=$(date +%s%N)
  /usr/bin/time -f "%M" -o "$dir/time.out" env "$@" >"$dir/cmd.out" 2>"$dir/err.out" \
    || { echo "failed: $*" >&2; cat "$dir/err.out" >&2; exit 1; }
  end=$(date +%s%N)
  echo "$(echo "($end - $start) / 1000000000" | bc -l) $(cat "$dir/time.out")" >>"$into"
}

# The median of column $2 (default 1) of file $1.
median() {
  local column="${2:-1}"
  sort -n -k"$column","$column" "$1" | awk -v c="$column" '{v[NR]=$c} END {print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'
}
