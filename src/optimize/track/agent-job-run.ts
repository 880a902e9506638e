import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { selectAgent, writeMcpConfig } from '../../agent/index.js';
import { envSecrets } from '../../core/index.js';
import type { WorkerJobContext } from '../campaign/remote/harness-job.js';
import { filesUnder } from '../campaign/remote/rollout-files.js';
import { runRollout } from './run-rollout.js';
import type { AgentJob, AgentResult } from './track-job.js';
import { openTrackProduct } from './track-setup.js';

/**
 * A track rollout on a worker: the agent its job names, the product where the job's product is on
 * this machine (a commit's worktree, or the embedded product), the task's corpus unpacked and
 * indexed here, and the MCP config written for this machine's paths; the rollout runs in `scratch`
 * as a track directory, and its transcript, trajectory files and blobs go back. Keys come from this
 * worker's environment and are cut from every file the rollout writes.
 *
 * @example
 * const result = await runAgentJob(job, { worker: 'w1', place, inputs, store, cacheDir, reposDir, scratch, env });
 */
export async function runAgentJob(job: AgentJob, context: WorkerJobContext): Promise<AgentResult> {
  const { scratch, env } = context;
  const agent = selectAgent(job.agent.name, {
    ...(job.agent.bin === null ? {} : { bin: job.agent.bin }),
    ...(job.agent.command === null ? {} : { command: job.agent.command }),
    ...(job.agent.transcript === null ? {} : { transcript: job.agent.transcript }),
  });
  const configFile = await context.inputs.file(job.config, 'serving config', 'yaml');
  const product = openTrackProduct({
    agent,
    ...(job.product.kind === 'commit' ? { dir: context.place.worktree } : {}),
    ...(configFile === null ? {} : { config: configFile }),
    cacheDir: context.cacheDir,
    reposDir: context.reposDir,
  });
  const task = await context.inputs.task(job.task, job.corpus, configFile);
  const { cwd, server } = await product.prepare(task);
  const withServer = job.arm === 'with-server';
  const mcp = withServer ? writeMcpConfig(join(scratch, 'mcp', 'task.json'), product.name, server) : null;
  const line = await runRollout(
    {
      agent,
      dir: scratch,
      env,
      secrets: envSecrets(env, job.key_env),
      timeoutMs: job.timeout_ms,
      ...(job.kill_grace_ms === null ? {} : { killGraceMs: job.kill_grace_ms }),
      roles: product.roles,
      extract: product.extract,
      model: job.model,
      maxTurns: job.max_turns,
      capUsd: job.cap_usd,
      emptyMcpConfig: writeMcpConfig(join(scratch, 'mcp', 'empty.json'), null, null),
    },
    {
      taskId: job.task.id,
      question: job.task.question,
      arm: job.arm,
      cwd,
      mcpConfig: mcp,
      serverName: withServer ? product.name : null,
      attempt: job.attempt,
      bookedUsd: job.booked_usd,
    },
  );
  const files: AgentResult['files'] = [];
  const blobs: AgentResult['blobs'] = [];
  for (const file of [...filesUnder(join(scratch, 'transcripts')), ...filesUnder(join(scratch, 'arms'))]) {
    const path = relative(scratch, file);
    if (path.split('/').includes('blobs'))
      blobs.push({ path, sha: await context.store.put(readFileSync(file)) });
    else files.push({ path, data: readFileSync(file).toString('base64') });
  }
  return { worker: context.worker, line, files, blobs };
}
