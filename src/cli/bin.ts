#!/usr/bin/env node
import { CommanderError } from 'commander';
import { packageVersion } from '../core/index.js';
import { commandsFor } from './command-loaders.js';
import { exitFor } from './exit-for.js';
import { createProgram } from './program.js';

// A reader that stops early (`agent-track metrics RUN | head`) closes the pipe: that ends the command, quietly.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const program = createProgram({
  version: packageVersion(),
  commands: await commandsFor(process.argv.slice(2)),
});
try {
  await program.parseAsync(process.argv);
} catch (error) {
  // A refusal or a short run is one user-facing line (commander printed its usage error, help or
  // version already); anything else is a bug and keeps its stack.
  const ending = exitFor(error);
  if (ending === null) throw error;
  process.stderr.write(ending.stderr);
  process.exitCode = ending.exitCode;
  if (error instanceof CommanderError) process.exit();
}
