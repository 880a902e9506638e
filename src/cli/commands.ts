import { askCommand } from './commands/ask.js';
import { beforeAfterCommand, demoCommand } from './commands/before-after.js';
import { cacheCommand } from './commands/cache.js';
import { compareCommand } from './commands/compare.js';
import { endpointCommand } from './commands/endpoint.js';
import { exportCommand } from './commands/export.js';
import { gateCommand } from './commands/gate.js';
import { harnessCommand } from './commands/harness.js';
import { indexCommand } from './commands/index-corpus.js';
import { metricsCommand } from './commands/metrics.js';
import { optimizeCommand } from './commands/optimize.js';
import { plotCommand } from './commands/plot.js';
import { retrievalCommand } from './commands/retrieval.js';
import { runsCommand } from './commands/runs.js';
import { serveCommand } from './commands/serve.js';
import { statsCommand } from './commands/stats.js';
import { trackCommand } from './commands/track.js';
import { viewCommand } from './commands/view.js';
import { workerCommand } from './commands/worker.js';
import type { CliCommand } from './program.js';

/** Every command the CLI offers, in help order. Each arrives with its issue. */
export const commands: readonly CliCommand[] = [
  indexCommand,
  serveCommand,
  metricsCommand,
  exportCommand,
  retrievalCommand,
  plotCommand,
  viewCommand,
  runsCommand,
  statsCommand,
  cacheCommand,
  endpointCommand,
  askCommand,
  harnessCommand,
  beforeAfterCommand,
  compareCommand,
  gateCommand,
  demoCommand,
  trackCommand,
  optimizeCommand,
  workerCommand,
];
