#!/usr/bin/env node
import { AgentTrackError, packageVersion } from '../core/index.js';
import { commands } from './commands.js';
import { createProgram } from './program.js';

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
