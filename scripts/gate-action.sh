#!/usr/bin/env bash
# The one step of the agent-track gate action (action.yml runs it with its inputs as INPUT_*;
# test/action/gate-action.test.ts runs it the same way on this machine). It refuses a paid model
# without a ceiling or without its key before anything is installed, installs agent-track from the
# action's own checkout when it is not built, runs `agent-track gate`, appends comment.md to the
# job summary, writes the step's outputs and exits with the gate's code (0 pass, 5 regression,
# 3 incomplete, 4 too few pairs, 2 refused). The key is only ever read from the environment.
set -uo pipefail

refuse() {
  echo "agent-track gate action: $*" >&2
  if [ -n "${GITHUB_OUTPUT:-}" ]; then
    { echo "status=refused"; echo "exit-code=2"; } >>"$GITHUB_OUTPUT"
  fi
  exit 2
}

model="${INPUT_MODEL:-offline}"
[ -n "${INPUT_SPLIT:-}" ] || refuse 'the `split` input is required (e.g. fixture-code/small_test)'
[ -n "${INPUT_BASE:-}" ] || refuse 'the `base` input is empty: run on pull_request, or give the base ref'
if [ "$model" != offline ]; then
  [ -n "${INPUT_MAX_USD:-}" ] || refuse "\`max-usd\` is required for a paid model (\`$model\`): the ceiling no booking may cross"
  [ -n "${INPUT_LLM_BLOCK:-}" ] || refuse "\`llm-block\` is required for a paid model (\`$model\`)"
  [ -n "${INPUT_KEY_ENV:-}" ] || refuse '`key-env` is required for a paid model: the name of the environment variable the step sets from a secret'
  [[ "$INPUT_KEY_ENV" =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || refuse '`key-env` is not an environment variable name'
  [ -n "${!INPUT_KEY_ENV:-}" ] || refuse "the environment variable \`$INPUT_KEY_ENV\` (\`key-env\`) is empty: set it from a secret in the step's env"
fi

root="${GITHUB_ACTION_PATH:?the checkout of the action}"
if [ ! -f "$root/dist/cli/bin.js" ] || [ ! -d "$root/node_modules" ]; then
  (cd "$root" && npm ci --no-audit --no-fund && npm run build) >&2 || refuse 'installing agent-track failed'
fi

out="${INPUT_OUT:-runs/gate}"
cache="${INPUT_CACHE_DIR:-${RUNNER_TEMP:-/tmp}/agent-track-cache}"
args=(gate --base "$INPUT_BASE" --head "${INPUT_HEAD:-HEAD}" --split "$INPUT_SPLIT" --model "$model")
args+=(--out "$out" --cache-dir "$cache" --confirm-spend)
if [ "$model" != offline ]; then args+=(--llm-block "$INPUT_LLM_BLOCK" --max-usd "$INPUT_MAX_USD"); fi
if [ -n "${INPUT_REPORT_URL:-}" ]; then args+=(--report-url "$INPUT_REPORT_URL"); fi
if [ -n "${INPUT_ARGS:-}" ]; then
  read -r -a extra <<<"$INPUT_ARGS"
  args+=("${extra[@]}")
fi

node "$root/dist/cli/bin.js" "${args[@]}"
code=$?

case "$code" in
  0) status=pass ;;
  5) status=regression ;;
  3) status=incomplete ;;
  4) status=too_few_pairs ;;
  *) status=refused ;;
esac
comment="$out/comment.md"
if [ -f "$comment" ] && [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then cat "$comment" >>"$GITHUB_STEP_SUMMARY"; fi
if [ -n "${GITHUB_OUTPUT:-}" ]; then
  {
    echo "status=$status"
    echo "exit-code=$code"
    echo "comment=$comment"
    echo "junit=$out/junit.xml"
  } >>"$GITHUB_OUTPUT"
fi
exit "$code"
