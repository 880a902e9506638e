import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { AgentAdapter } from '../../agent/index.js';
import { importRollout, runAgentProcess } from '../../agent/index.js';
import { AgentTrackError } from '../../core/index.js';
import { type CallExtractor, readTrajectory, type ToolRoles } from '../../trajectory/index.js';
import { agentFigures } from './agent-figures.js';
import type { RolloutLine, TrackArm } from './track-schema.js';

/** What every rollout of one track shares. */
export interface RolloutContext {
  agent: AgentAdapter;
  /** The track directory. */
  dir: string;
  env: Readonly<Record<string, string | undefined>>;
  secrets: readonly string[];
  timeoutMs: number;
  killGraceMs?: number;
  roles: ToolRoles;
  /** The reader of a rollout's MCP results, given the corpus the agent ran in. */
  extract: (corpus: string) => CallExtractor;
  model: string | null;
  maxTurns: number | null;
  /** The per-rollout cap handed to an agent that enforces one. */
  capUsd: number | null;
  emptyMcpConfig: string;
}

export interface RolloutTarget {
  taskId: string;
  question: string;
  arm: TrackArm;
  /** The agent's working directory: the task's corpus. */
  cwd: string;
  mcpConfig: string | null;
  serverName: string | null;
  attempt: number;
  bookedUsd: number;
}

/**
 * One attempt of one (task, arm): the agent runs in the corpus directory, its stdout is kept as
 * `transcripts/<arm>/<task>.<attempt>.jsonl`, imported into `arms/<arm>/tasks/<task>/`, and the
 * agent's figures are read. Returns the ledger line: `done`, or `failed` with the exception (the
 * process's, or the importer's refusal code). Never throws for the agent's failure.
 *
 * @example
 * const line = await runRollout(context, { taskId: 't1', question, arm: 'bare', cwd, mcpConfig: null, serverName: null, attempt: 1, bookedUsd: 0.5 });
 */
export async function runRollout(context: RolloutContext, target: RolloutTarget): Promise<RolloutLine> {
  const name = encodeURIComponent(target.taskId);
  const transcriptFile = join(context.dir, 'transcripts', target.arm, `${name}.${target.attempt}.jsonl`);
  const base = {
    kind: 'rollout' as const,
    task_id: target.taskId,
    arm: target.arm,
    attempt: target.attempt,
    booked_usd: target.bookedUsd,
    transcript: relative(context.dir, transcriptFile),
  };
  const failed = (exception: { type: string; message: string }, warnings: string[] = []): RolloutLine => ({
    ...base,
    status: 'failed',
    exception,
    trajectory: null,
    answer: null,
    figures: null,
    warnings,
    finished_at: new Date().toISOString(),
  });
  const argv = context.agent.argv({
    question: target.question,
    mcpConfig: target.mcpConfig,
    serverName: target.serverName,
    model: context.model,
    maxTurns: context.maxTurns,
    maxBudgetUsd: context.agent.capsBudget ? context.capUsd : null,
    emptyMcpConfig: context.emptyMcpConfig,
  });
  const run = await runAgentProcess({
    argv,
    cwd: target.cwd,
    env: context.env,
    transcriptFile,
    timeoutMs: context.timeoutMs,
    secrets: context.secrets,
    ...(context.killGraceMs === undefined ? {} : { killGraceMs: context.killGraceMs }),
  });
  if (run.exception !== null) return failed(run.exception);
  try {
    const imported = importRollout({
      text: readFileSync(transcriptFile, 'utf8'),
      format: context.agent.transcript,
      taskId: target.taskId,
      runDir: join(context.dir, 'arms', target.arm),
      source: base.transcript,
      extract: context.extract(target.cwd),
    });
    const trajectory = await readTrajectory(imported.dir);
    return {
      ...base,
      status: 'done',
      exception: null,
      trajectory: relative(context.dir, imported.dir),
      answer: imported.answer,
      figures: agentFigures(trajectory, imported.reported, {
        roles: context.roles,
        cwd: target.cwd,
        wallMs: run.wallMs,
      }),
      warnings: imported.warnings,
      finished_at: new Date().toISOString(),
    };
  } catch (error) {
    if (!(error instanceof AgentTrackError)) throw error;
    return failed({ type: error.code, message: error.message });
  }
}
