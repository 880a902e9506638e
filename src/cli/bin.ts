#!/usr/bin/env node
import { CommanderError } from 'commander';
import { AgentTrackError, EXIT_CODES, IncompleteRun, packageVersion } from '../core/index.js';
import { commands } from './commands.js';
import { pathRefusal } from './path-error.js';
import { createProgram } from './program.js';

// A reader that stops early (`agent-track metrics RUN | head`) closes the pipe: that ends the command, quietly.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const program = createProgram({ version: packageVersion(), commands });
try {
  await program.parseAsync(process.argv);
} catch (error) {
  // A library error is a refusal (exit 2), a run that ended short says why (3 or 4); each is one
  // user-facing line. Anything else is a bug and keeps its stack.
  // Commander printed its usage error (or the help, or the version: exit 0) already.
  if (error instanceof CommanderError) {
    process.exitCode = error.exitCode === 0 ? 0 : EXIT_CODES.refused;
    process.exit();
  }
  // A filesystem error about a path the user gave is a refusal too, named by the path.
  const refusal =
    error instanceof AgentTrackError || error instanceof IncompleteRun ? error : pathRefusal(error);
  if (refusal !== null) {
    process.stderr.write(`agent-track: ${refusal.message}\n`);
    process.exitCode = refusal instanceof IncompleteRun ? refusal.exitCode : EXIT_CODES.refused;
  } else {
    throw error;
  }
}
