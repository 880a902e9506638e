import { allCommands } from './command-loaders.js';
import type { CliCommand } from './program.js';

/** Every command the CLI offers, in help order, loaded together (help, tests); each arrives with its issue. */
export const commands: readonly CliCommand[] = await allCommands();
