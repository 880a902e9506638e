import type { Architecture } from '../../agent/index.js';

/** What a rollout runs with, wherever it runs: the same on each worker. */
export interface RolloutSettings {
  turnBudget: number;
  /** The serving config file both arms use (`--config`), `null` for each arm's own default. */
  configFile: string | null;
  /** The workspace of tasks that name no corpus (`--workspace`), `null` for none. */
  workspace: string | null;
  /** An optimizer candidate's: its tool-docs file (`--tool-docs`), prompt file (`--system-prompt`), agent graph. */
  toolDocs?: string | null;
  systemPrompt?: string | null;
  architecture?: Architecture | null;
}

/**
 * The arguments after `harness run --tasks --out --model --llm-block` for one rollout of a
 * campaign: one attempt (the campaign retries), this machine's cache and clones, the turn budget,
 * the serving config, the workspace, and an optimizer candidate's tool docs, prompt and graph.
 *
 * @example
 * rolloutHarnessArgs({ turnBudget: 12, configFile: null, workspace: null }, { cacheDir, reposDir });
 * // ['--attempts', '1', '--retry-failed', '--cache-dir', cacheDir, '--repos-dir', reposDir, '--turn-budget', '12']
 */
export function rolloutHarnessArgs(
  settings: RolloutSettings,
  places: { cacheDir: string; reposDir: string },
): string[] {
  return [
    ...['--attempts', '1', '--retry-failed', '--cache-dir', places.cacheDir, '--repos-dir', places.reposDir],
    ...['--turn-budget', String(settings.turnBudget)],
    ...(settings.configFile === null ? [] : ['--config', settings.configFile]),
    ...(settings.workspace === null ? [] : ['--workspace', settings.workspace]),
    ...(settings.toolDocs ? ['--tool-docs', settings.toolDocs] : []),
    ...(settings.systemPrompt ? ['--system-prompt', settings.systemPrompt] : []),
    ...(settings.architecture ? ['--architecture', settings.architecture] : []),
  ];
}
