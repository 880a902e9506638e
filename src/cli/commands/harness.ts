import type { Command } from 'commander';
import type { LedgerLine } from '../../agent/index.js';
import { AgentTrackError } from '../../core/index.js';
import { formatNumber } from '../../report/index.js';
import {
  type AgentRunFlags,
  agentRunOptions,
  assertSpendConfirmed,
  directoryOrNew,
  existingPath,
  positiveInteger,
} from '../options.js';
import type { CliCommand, CliIo } from '../program.js';
import { describeRunner, type RunnerShared } from './harness-runner.js';

interface RunFlags extends AgentRunFlags {
  tasks: string;
  out: string;
  model: string;
  llmBlock?: string;
  endpointUrl?: string;
  confirmSpend?: boolean;
  concurrency: number;
  workspace?: string;
  config?: string;
  product?: string;
  toolDocs?: string;
  systemPrompt?: string;
  http?: boolean;
  cacheDir?: string;
  reposDir?: string;
  retryFailed?: boolean;
  reuseServers?: boolean;
  attempts: number;
  identifierPattern?: string;
  maxInputTokens?: number;
  maxOutputTokens?: number;
}

// The flags win over the campaign's variable; one flag without the other leaves that side unbounded.
async function tokenCap(flags: RunFlags) {
  const { TOKEN_CAP_ENV, parseTokenCap } = await import('../../agent/index.js');
  if (flags.maxInputTokens === undefined && flags.maxOutputTokens === undefined) {
    const text = process.env[TOKEN_CAP_ENV];
    return text === undefined || text === '' ? {} : { tokenCap: parseTokenCap(text) };
  }
  const unbounded = Number.MAX_SAFE_INTEGER;
  return {
    tokenCap: { input: flags.maxInputTokens ?? unbounded, output: flags.maxOutputTokens ?? unbounded },
  };
}

function taskLine(line: LedgerLine): string {
  const what = line.status === 'done' ? line.outcome : `failed ${line.error?.type}: ${line.error?.message}`;
  return `${line.task_id}\t${what}\tturns ${formatNumber(line.turns)}\tcalls ${formatNumber(line.tool_calls)}\t${line.duration_ms} ms\n`;
}

async function run(flags: RunFlags, io: CliIo, shared: RunnerShared): Promise<void> {
  assertSpendConfirmed('harness run', flags);
  const { harnessRun } = await import('../../agent/index.js');
  const summary = await harnessRun({
    ...shared,
    tasks: flags.tasks,
    out: flags.out,
    model: flags.model,
    concurrency: flags.concurrency,
    attempts: flags.attempts,
    architecture: flags.architecture,
    turnBudget: flags.turnBudget,
    timeoutMs: Math.round(flags.timeoutSeconds * 1000),
    ...(flags.llmBlock === undefined ? {} : { llmBlock: flags.llmBlock }),
    ...(flags.endpointUrl === undefined ? {} : { endpointUrl: flags.endpointUrl }),
    ...(flags.workspace === undefined ? {} : { workspace: flags.workspace }),
    ...(flags.config === undefined ? {} : { config: flags.config }),
    ...(flags.product === undefined ? {} : { product: flags.product }),
    ...(flags.toolDocs === undefined ? {} : { toolDocs: flags.toolDocs }),
    ...(flags.systemPrompt === undefined ? {} : { systemPrompt: flags.systemPrompt }),
    ...(flags.http === true ? { http: true } : {}),
    ...(flags.cacheDir === undefined ? {} : { cacheDir: flags.cacheDir }),
    ...(flags.reposDir === undefined ? {} : { reposDir: flags.reposDir }),
    ...(flags.retryFailed === true ? { retryFailed: true } : {}),
    ...(flags.reuseServers === true ? { reuseServers: true } : {}),
    ...(flags.identifierPattern === undefined ? {} : { identifierPattern: flags.identifierPattern }),
    ...(await tokenCap(flags)),
    onStart: ({ offline, tasks, product }) => {
      if (offline) io.out('model: offline policy (a deterministic stand-in for a model, not a model)\n');
      io.out(`product: ${product}; ${tasks} tasks\n`);
    },
    onProbe: (probe) => io.out(`${probe.line}\n`),
    onTask: (line) => io.out(taskLine(line)),
  });
  const tally = Object.entries(summary.outcomes)
    .filter(([, count]) => count > 0)
    .map(([outcome, count]) => `${outcome} ${count}`)
    .join(', ');
  io.out(
    `${summary.done} done (${tally || 'none'}), ${summary.failed} failed, ${summary.skipped} skipped (already in the ledger) in ${summary.duration_ms} ms; ledger: ${summary.ledger}\n`,
  );
  // Every task ran, but a failed one makes the exit code 2 (the campaign reads it as a failed rollout).
  const first = summary.failures[0];
  if (first !== undefined) {
    throw new AgentTrackError(
      'HARNESS_TASKS_FAILED',
      `${summary.failures.length} of ${summary.done + summary.failed} tasks failed (recorded in the ledger); first: \`${first.task_id}\`: ${first.type}: ${first.message}`,
      { data: { failures: summary.failures } },
    );
  }
}

/** Declares `harness run` on `command`; a runner's rollouts also get what it shares across them. */
function describeRun(command: Command, io: CliIo, shared: RunnerShared): void {
  agentRunOptions(command.command('run'), 'per-task time limit')
    .description(
      'one trajectory per task under OUT/tasks, a line per finished task in OUT/ledger.jsonl; resumable',
    )
    .requiredOption('--tasks <file>', 'tasks.jsonl')
    .requiredOption('--out <dir>', 'output directory (tasks/, blobs/, ledger.jsonl)')
    .requiredOption(
      '--model <model>',
      'the model name sent to the endpoint; `offline` needs no key and no block',
    )
    .option('--llm-block <file>', 'the LLM block (YAML or JSON); required unless --model offline')
    .option(
      '--confirm-spend',
      'call the model: anything but --model offline may cost money (a campaign confirms for its arms)',
    )
    .option(
      '--endpoint-url <url>',
      "replaces the block's base_url (with --model offline: the endpoint to use)",
    )
    .option('--concurrency <n>', 'tasks in flight at once', positiveInteger('--concurrency'), 1)
    .option(
      '--workspace <dir>',
      'the indexed workspace of tasks that name no corpus',
      existingPath('--workspace', 'directory'),
    )
    .option(
      '--config <file>',
      'the serving config passed to the server as {config}',
      existingPath('--config', 'file'),
    )
    .option(
      '--product <dir>',
      'the product root holding agent-track.product.yaml (default: the embedded reference product)',
    )
    .option('--tool-docs <file>', "the tool-docs file the product's server is started with ({tool_docs})")
    .option('--system-prompt <file>', "a file whose text replaces the product's system prompt")
    .option(
      '--http',
      'serve the embedded reference product over Streamable HTTP on 127.0.0.1 instead of stdio',
    )
    .option(
      '--cache-dir <dir>',
      'where corpora are materialized and indexed (default $AGENT_TRACK_CACHE or ~/.cache/agent-track)',
      directoryOrNew('--cache-dir'),
    )
    .option('--repos-dir <dir>', 'local clones of pinned repositories (default <cache-dir>/repos)')
    .option('--retry-failed', 're-run tasks the ledger records as failed')
    .option(
      '--attempts <n>',
      'rollouts per task before it is recorded as failed',
      positiveInteger('--attempts'),
      2,
    )
    .option(
      '--reuse-servers',
      "keep a finished task's MCP server for the next task (only for servers with no state between calls)",
    )
    .option(
      '--identifier-pattern <regex>',
      'identifiers from result text when a server returns no structuredContent',
    )
    .option(
      '--max-input-tokens <n>',
      'prompt tokens one rollout may send in all (a campaign passes its booking): old tool results are cut, with a marker, to stay under it',
      positiveInteger('--max-input-tokens'),
    )
    .option(
      '--max-output-tokens <n>',
      'completion tokens one rollout may receive in all: each request asks for at most its share',
      positiveInteger('--max-output-tokens'),
    )
    .action((flags: RunFlags) => run(flags, io, shared));
}

// The agent layer is imported when a command runs (LangGraph and the SDKs take ~1.5 s to load),
// so `agent-track serve`, spawned once per rollout, does not pay for it.

/**
 * `agent-track harness run|validate-llm-block`: the child entry a campaign arm runs inside its
 * worktree, and the check that this checkout accepts an LLM block.
 */
export const harnessCommand: CliCommand = {
  name: 'harness',
  describe: (command, io) => {
    command.description('run tasks through the agent (the child entry a campaign arm runs)');
    describeRun(command, io, {});
    describeRunner(command, describeRun);
    command
      .command('validate-llm-block')
      .description('does THIS checkout accept the block? exit 0 if so; exit 2 naming the offending key')
      .argument('<file>', 'the LLM block')
      .action(async (file: string) => {
        const { loadLlmBlock } = await import('../../agent/llm/index.js');
        const loaded = loadLlmBlock(file);
        io.out(`accepts the block \`${file}\` (sha256 ${loaded.hash})\n`);
      });
  },
};
