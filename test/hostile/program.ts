// The CLI's command tree as the attack suite walks it: every flag that takes a value, and a
// program whose commands cannot run (an action throws \`Accepted\`), so a flag's own parser is
// what a parse exercises.
import type { Command } from 'commander';
import { commands } from '../../src/cli/commands.js';
import { createProgram } from '../../src/cli/program.js';

/** Thrown by an inert command's action: the parse got that far, every flag accepted. */
export class Accepted extends Error {}

const quiet = { out: () => {}, err: () => {} };

/** Every (command path, option) that takes a value, with no command able to run. */
export function valueFlags(): { path: string[]; flag: string }[] {
  const found: { path: string[]; flag: string }[] = [];
  const walk = (command: Command, path: string[]) => {
    for (const option of command.options)
      if ((option.required || option.optional) && option.long !== undefined)
        found.push({ path, flag: option.long });
    for (const sub of command.commands) walk(sub, [...path, sub.name()]);
  };
  walk(createProgram({ version: '0', commands, io: quiet }), []);
  return found;
}

/** The program with every action replaced by one that throws `Accepted`. */
export function inert(): Command {
  const program = createProgram({ version: '0', commands, io: quiet });
  const stub = (command: Command) => {
    command.action(() => {
      throw new Accepted();
    });
    for (const sub of command.commands) stub(sub);
  };
  for (const sub of program.commands) stub(sub);
  return program;
}
