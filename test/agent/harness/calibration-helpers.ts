import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createOfflinePolicy } from '../../../src/agent/endpoint/offline-policy.js';
import type { Policy, PolicyReply } from '../../../src/agent/endpoint/policy.js';
import { startEndpoint } from '../../../src/agent/endpoint/start-endpoint.js';
import { harnessRun } from '../../../src/agent/harness/harness-run.js';
import { readTasks } from '../../../src/retrieval/index.js';
import {
  loadToolRoles,
  readTrajectory,
  scorePath,
  type ToolEvent,
  type TrajectoryMetrics,
} from '../../../src/trajectory/index.js';

export const REPO = join(import.meta.dirname, '../../..');
export const CORPORA = join(REPO, 'fixtures/corpora');

/** One call a scripted task makes, one per turn, in order. */
export type ScriptedCall = { name: string; arguments: Record<string, unknown> };

export interface CalibrationTask {
  id: string;
  question: string;
  gold: { files: string[] };
  corpus: string;
  /** The calls it makes, then it answers; absent: the offline stand-in drives it. */
  script?: ScriptedCall[];
}

/**
 * A stand-in model for one run of several tasks: a task with a script makes its calls one a turn
 * (the Nth call at its Nth request, counted from the conversation, so tasks can interleave) and
 * then answers; any other task is the offline policy's.
 */
function scriptedByQuestion(tasks: readonly CalibrationTask[]): Policy {
  const offline = createOfflinePolicy();
  const scripts = new Map(
    tasks.flatMap((task) => (task.script ? [[task.question, task.script] as const] : [])),
  );
  return {
    name: 'calibration-script',
    stateful: false,
    respond(request) {
      const question = request.messages.findLast((m) => m.role === 'user')?.content.trim() ?? '';
      const script = scripts.get(question);
      if (script === undefined) return offline.respond(request);
      const made = request.messages.filter((m) => m.role === 'assistant').length;
      const next = script[made];
      const reply: PolicyReply = {
        type: 'reply',
        content: next ? '' : 'done',
        tool_calls: next ? [next] : [],
      };
      return reply;
    },
  };
}

/** What one task's run recorded and how it scored. */
export interface CalibratedRun {
  events: readonly ToolEvent[];
  metrics: TrajectoryMetrics;
}

/**
 * Runs the tasks against a product folder of `fixtures/products` offline (one endpoint, servers
 * reused where the manifest allows) and scores each with the manifest's tool roles.
 */
export async function runCalibration(
  product: string,
  tasks: readonly CalibrationTask[],
  dir: string,
): Promise<Map<string, CalibratedRun>> {
  const file = join(dir, 'tasks.jsonl');
  writeFileSync(
    file,
    tasks
      .map(({ id, question, gold, corpus }) =>
        JSON.stringify({ id, question, gold, corpus: { dir: corpus } }),
      )
      .join('\n'),
  );
  const endpoint = await startEndpoint({ policy: scriptedByQuestion(tasks) });
  const out = join(dir, 'run');
  const productDir = join(REPO, 'fixtures/products', product);
  try {
    const summary = await harnessRun({
      tasks: file,
      out,
      model: 'offline',
      endpointUrl: endpoint.openaiBaseUrl,
      product: productDir,
      cacheDir: join(dir, 'cache'),
      concurrency: 1,
      reuseServers: true,
    });
    if (summary.failed > 0) throw new Error(`${product}: ${summary.failed} rollouts failed`);
  } finally {
    await endpoint.close();
  }
  const byId = new Map((await readTasks(file)).map((task) => [task.id, task]));
  const roles = loadToolRoles(join(productDir, 'agent-track.product.yaml'));
  const runs = new Map<string, CalibratedRun>();
  for await (const one of scorePath(out, { tasks: byId, roles })) {
    if (one.error !== undefined) throw one.error;
    const id = one.metrics.task_id;
    runs.set(id, { metrics: one.metrics, events: (await readTrajectory(join(out, 'tasks', id))).events });
  }
  return runs;
}

/**
 * A git repository made from a fixture corpus with fixed names and dates (so its hashes and the
 * server's output are the same on every machine): the corpus as commit 1, then `change` appended to
 * one file as commit 2.
 */
export function gitCorpus(corpus: string, dir: string, change: { file: string; line: string }): string {
  cpSync(join(CORPORA, corpus), dir, { recursive: true });
  const env = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };
  const git = (args: string[], date?: string) =>
    execFileSync(
      'git',
      ['-c', 'user.name=calibration', '-c', 'user.email=calibration@example.invalid', ...args],
      {
        cwd: dir,
        env: date === undefined ? env : { ...env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
        stdio: 'pipe',
      },
    );
  git(['init', '-q', '-b', 'main']);
  git(['add', '-A']);
  git(['commit', '-q', '-m', 'The shop as it was'], '2024-01-02T03:04:05Z');
  writeFileSync(join(dir, change.file), `${readFileSync(join(dir, change.file), 'utf8')}${change.line}\n`);
  git(['commit', '-q', '-am', 'Say where the retry delays come from'], '2024-03-04T05:06:07Z');
  return dir;
}
