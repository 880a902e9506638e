import { expect, test } from 'vitest';
import { COMMAND_LOADERS, commandsFor } from '../../src/cli/command-loaders.js';
import { commands } from '../../src/cli/commands.js';

test('each command loads on its own as the one the CLI lists under its name', async () => {
  expect(Object.keys(COMMAND_LOADERS).sort()).toEqual(commands.map((command) => command.name).sort());
  for (const command of commands) expect(await COMMAND_LOADERS[command.name]!()).toBe(command);
});

test('a command line gets the command it names, or every command when it names none', async () => {
  expect((await commandsFor(['harness', 'runner'])).map((c) => c.name)).toEqual(['harness']);
  expect((await commandsFor(['--quiet', 'serve', '--port', '3'])).map((c) => c.name)).toEqual(['serve']);
  for (const args of [[], ['--help'], ['-V'], ['befor-after'], ['constructor'], ['__proto__']])
    expect(await commandsFor(args), args.join(' ')).toBe(commands);
});
