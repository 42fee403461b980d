#!/usr/bin/env bash
# A TORCH_LOGS text's read, cold and warm, in one JVM (#48): where a 100 MB text's time goes beyond start-up.
#
#   bench/text-warm.sh [SIZE_MB]          # default 100; ROUNDS JVMs (default 5), READS warm reads each (default 4)
#
# Builds the 2.14-shape text as bench/torch-logs-text.sh does (bench/make-big-text.py, kept in $BENCH_DIR, default
# /tmp/compile-receipt-text), compiles a small class against cli/target/receipt.jar, and runs ROUNDS JVMs with the
# launcher's flags, its Java 17 class archive (made by ./receipt) and -Xmx64m, each running in turn, through
# ReceiptCommand.run as the command line does (output thrown away):
#   audit SMALL --json       (fixtures/torch-logs/2.14-print-bridge: start-up's share of the commands' work)
#   audit TEXT --json        (the first read: the JIT compiles the text path while it reads)
#   audit TEXT --json × READS (warm reads)
# and prints the medians of each step's wall and CPU seconds (the process's, all threads: OperatingSystemMXBean),
# and the JVM's CPU before main. On a shared machine the CPU seconds move less than the wall ones. OPTS adds JVM
# flags after the launcher's (OPTS=-XX:+CITime shows the JIT's share).
# Hold the bench lock: flock /tmp/bench.lock bench/text-warm.sh
set -euo pipefail
here="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)"
size="${1:-100}"
rounds="${ROUNDS:-5}"
reads="${READS:-4}"
dir="${BENCH_DIR:-/tmp/compile-receipt-text}"
jar="$here/cli/target/receipt.jar"
mkdir -p "$dir/warm"
"$here/receipt" --version >/dev/null    # builds the CLI when it is stale, and its class archive
archive=$(ls "$here"/cli/target/receipt-java*.jsa 2>/dev/null | head -1)
[ -n "$archive" ] || { echo "no class archive in cli/target: run ./receipt on Java 17 first" >&2; exit 1; }
captures="$here/fixtures/torch-logs"
small="$captures/2.14-print-bridge/torch_logs.txt"
text="$dir/torch_logs_2.14_${size}mb.txt"
[ -f "$text" ] || python3 "$here/bench/make-big-text.py" "$text" "$size" \
  "$captures/2.14-print-bridge/torch_logs.txt" "$captures/2.14-int-spec/torch_logs.txt" "$captures/2.14-fallback/torch_logs.txt" >/dev/null

cat > "$dir/warm/TextWarm.java" <<'JAVA'
import dev.compilereceipt.cli.ReceiptCommand;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/** Runs audit FILE --json for each file given, printing "step wall_s cpu_s" for each; step 0 is the JVM before main. */
public class TextWarm {
    public static void main(String[] files) {
        var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        PrintWriter nowhere = new PrintWriter(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        StringBuilder out = new StringBuilder(String.format("0 0 %.3f%n", os.getProcessCpuTime() / 1e9));
        for (int i = 0; i < files.length; i++) {
            long wall = System.nanoTime();
            long cpu = os.getProcessCpuTime();
            if (ReceiptCommand.run(new String[] {"audit", files[i], "--json"}, nowhere, nowhere) != 0) {
                throw new IllegalStateException("audit " + files[i] + " did not exit 0");
            }
            out.append(String.format("%d %.3f %.3f%n", i + 1, (System.nanoTime() - wall) / 1e9, (os.getProcessCpuTime() - cpu) / 1e9));
        }
        System.out.print(out);
    }
}
JAVA
javac -nowarn -d "$dir/warm" -cp "$jar" "$dir/warm/TextWarm.java"

args=("$small" "$text")
for _ in $(seq "$reads"); do args+=("$text"); done
rm -f "$dir/warm/steps.txt"
echo "$(date -u +'%Y-%m-%d %H:%M UTC'); load: $(uptime | sed 's/.*load average: //'); $(nproc) cores; $rounds JVMs, $reads warm reads each"
for _ in $(seq "$rounds"); do
  # -Xshare:on: the archive is used, or the JVM stops (the class path only adds to the archive's).
  # shellcheck disable=SC2086
  java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xmx64m -Xshare:on -XX:SharedArchiveFile="$archive" ${OPTS:-} \
      -cp "$jar:$dir/warm" TextWarm "${args[@]}" >> "$dir/warm/steps.txt"
done
echo "load after: $(uptime | sed 's/.*load average: //')"
col() { awk -v s="$1" -v c="$2" '$1 == s {print $c}' "$dir/warm/steps.txt" | sort -n | awk '{v[NR]=$1} END {print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }
warm() { awk -v c="$1" '$1 > 2 {print $c}' "$dir/warm/steps.txt" | sort -n | awk '{v[NR]=$1} END {print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }
printf '%-34s %8s %8s\n' "step (medians)" wall_s cpu_s
printf '%-34s %8s %8.3f\n' "JVM before main" - "$(col 0 3)"
printf '%-34s %8.3f %8.3f\n' "audit small text (first command)" "$(col 1 2)" "$(col 1 3)"
printf '%-34s %8.3f %8.3f\n' "audit ${size} MB text, first read" "$(col 2 2)" "$(col 2 3)"
printf '%-34s %8.3f %8.3f\n' "audit ${size} MB text, warm reads" "$(warm 2)" "$(warm 3)"
