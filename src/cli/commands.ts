import { endpointCommand } from './commands/endpoint.js';
import { metricsCommand } from './commands/metrics.js';
import type { CliCommand } from './program.js';

/** Every command the CLI offers, in help order. Each arrives with its issue. */
export const commands: readonly CliCommand[] = [metricsCommand, endpointCommand];
