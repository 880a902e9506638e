import type { CliCommand } from './program.js';

/**
 * Each command's module, in help order, loaded only when that command runs: a child process a campaign starts
 * (`harness runner`, `harness validate-llm-block`, `index`, `serve`, `worker`) pays for its own
 * command's modules, not the whole CLI's (799 modules for any command when all were loaded).
 * `commands.ts` loads them all together, for help and for tests.
 */
export const COMMAND_LOADERS: Readonly<Record<string, () => Promise<CliCommand>>> = {
  index: async () => (await import('./commands/index-corpus.js')).indexCommand,
  serve: async () => (await import('./commands/serve.js')).serveCommand,
  metrics: async () => (await import('./commands/metrics.js')).metricsCommand,
  export: async () => (await import('./commands/export.js')).exportCommand,
  retrieval: async () => (await import('./commands/retrieval.js')).retrievalCommand,
  plot: async () => (await import('./commands/plot.js')).plotCommand,
  view: async () => (await import('./commands/view.js')).viewCommand,
  runs: async () => (await import('./commands/runs.js')).runsCommand,
  stats: async () => (await import('./commands/stats.js')).statsCommand,
  cache: async () => (await import('./commands/cache.js')).cacheCommand,
  endpoint: async () => (await import('./commands/endpoint.js')).endpointCommand,
  ask: async () => (await import('./commands/ask.js')).askCommand,
  harness: async () => (await import('./commands/harness.js')).harnessCommand,
  'before-after': async () => (await import('./commands/before-after.js')).beforeAfterCommand,
  compare: async () => (await import('./commands/compare.js')).compareCommand,
  gate: async () => (await import('./commands/gate.js')).gateCommand,
  demo: async () => (await import('./commands/before-after.js')).demoCommand,
  track: async () => (await import('./commands/track.js')).trackCommand,
  optimize: async () => (await import('./commands/optimize.js')).optimizeCommand,
  worker: async () => (await import('./commands/worker.js')).workerCommand,
};

/**
 * The commands a command line needs: the one it names (its first word that is no option), or all
 * of them when it names none (`--help`, `--version`, a mistyped command, which commander answers
 * with the whole list).
 *
 * @example
 * await commandsFor(['harness', 'runner']); // [harnessCommand]
 */
export async function commandsFor(args: readonly string[]): Promise<readonly CliCommand[]> {
  const first = args.find((arg) => !arg.startsWith('-'));
  if (first !== undefined && Object.hasOwn(COMMAND_LOADERS, first)) return [await COMMAND_LOADERS[first]!()];
  return allCommands();
}

let all: Promise<readonly CliCommand[]> | undefined;

/**
 * Every command, loaded together in help order (once a process: `commands.ts` is this list).
 *
 * @example
 * (await allCommands()).map((command) => command.name); // ['index', 'serve', ...]
 */
export function allCommands(): Promise<readonly CliCommand[]> {
  all ??= Promise.all(Object.values(COMMAND_LOADERS).map((load) => load()));
  return all;
}
