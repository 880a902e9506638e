import { endpointCommand } from './endpoint-command.js';
import type { CliCommand } from './program.js';

/** Every command the CLI offers, in help order. Each arrives with its issue. */
export const commands: readonly CliCommand[] = [endpointCommand];
