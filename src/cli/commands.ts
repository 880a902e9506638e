import { indexCommand } from './index-command.js';
import type { CliCommand } from './program.js';
import { serveCommand } from './serve-command.js';

/** Every command the CLI offers, in help order. Each arrives with its issue. */
export const commands: readonly CliCommand[] = [indexCommand, serveCommand];
