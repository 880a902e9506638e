#!/usr/bin/env node
import { AgentTrackError, packageVersion } from '../core/index.js';
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
  // A library error is a user-facing line with exit code 2; anything else is a bug and keeps its stack.
  if (error instanceof AgentTrackError) {
    process.stderr.write(`agent-track: ${error.message}\n`);
    process.exitCode = 2;
  } else {
    throw error;
  }
}
