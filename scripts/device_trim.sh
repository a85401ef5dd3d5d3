#!/usr/bin/env bash
# The working tree made small enough to travel with the device tool's carry (64 MiB in all: the tree,
# then the carried parts; three GGUF parts are 49.2 MB, so the tree must stay under about 17 MB), and
# put back. Moves, never deletes: `restore` moves everything back, and git then shows nothing deleted
# (session 47 committed a deletion by adding a folder while the tree was trimmed by `rm`).
#   bash scripts/device_trim.sh trim [PATH...]   PATHs: trimmed folders to keep in (a run's state)
#   bash scripts/device_trim.sh restore
#   bash scripts/device_trim.sh size             the tree's size as the carry counts it
set -euo pipefail
cd "$(dirname "$0")/.."
AWAY=${TRIM_DIR:-/tmp/at-trim}
# Results, logs and states no device call reads (every GPU script reads code, configs, tests and the
# run it resumes, which the caller keeps in by naming it).
TRIMMED=(docs/results/data_v* docs/results/ablation_h100* docs/results/ablation_h200_run* docs/results/ablation_h200_rl*/state
         docs/results/ablation_h200_rl*/rejudged_cpu docs/results/data_inductor_h200_s49 docs/results/data_inductor_cpu* docs/results/verifier*_h200*
         docs/results/gpu_checks_session4* docs/results/outside_pass_v* docs/perf/raw docs/screenshots tests/fixtures/inductor/captures_train_h100.json
         docs/results/HISTORY.md docs/DATA.md docs/results/robustness_h200_run30/partial)
size() {  # summed here: `xargs du -c` totals each of its batches, and `tail -1` kept only the last one's
  git ls-files -z | xargs -0 stat -c %s 2>/dev/null | awk '{s += $1} END {print s + 0}'
}
case "${1:-}" in
  trim)
    shift
    [ -e "$AWAY" ] && { echo "$AWAY exists: restore first (or remove it if it is stale)"; exit 2; }
    for path in "${TRIMMED[@]}"; do
      [ -e "$path" ] || continue
      for keep in "$@"; do [ "$path" = "${keep%/}" ] && continue 2; done
      mkdir -p "$AWAY/$(dirname "$path")" && mv "$path" "$AWAY/$path"
    done
    echo "tree $(size) bytes (kept in: ${*:-nothing named})" ;;
  restore)
    [ -d "$AWAY" ] || { echo "nothing trimmed ($AWAY missing)"; exit 0; }
    (cd "$AWAY" && find . -mindepth 1 \( -type f -o -type l \) -print0) | while IFS= read -r -d '' f; do
      mkdir -p "$(dirname "$f")" && mv "$AWAY/$f" "$f"
    done
    rm -rf "$AWAY"
    deleted=$(git ls-files -d | wc -l)
    [ "$deleted" -eq 0 ] || { echo "$deleted tracked files still missing: git ls-files -d"; exit 1; }
    echo "restored: tree $(size) bytes" ;;
  size) echo "tree $(size) bytes" ;;
  *) sed -n 2,10p "$0"; exit 2 ;;
esac
