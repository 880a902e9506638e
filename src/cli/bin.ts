#!/usr/bin/env node
import { AgentTrackError, EXIT_CODES, IncompleteRun, packageVersion } from '../core/index.js';
import { commands } from './commands.js';
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
  if (error instanceof AgentTrackError || error instanceof IncompleteRun) {
    process.stderr.write(`agent-track: ${error.message}\n`);
    process.exitCode = error instanceof IncompleteRun ? error.exitCode : EXIT_CODES.refused;
  } else {
    throw error;
  }
}
