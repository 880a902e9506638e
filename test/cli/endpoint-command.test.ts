import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { expect, test } from 'vitest';
import { commands } from '../../src/cli/commands.js';
import { createProgram } from '../../src/cli/program.js';
import { selfCommand } from '../../src/cli/self-command.js';

test('`agent-track endpoint --policy offline` prints its URL and serves the OpenAI wire format', async () => {
  const [node, ...argv] = selfCommand('endpoint', '--policy', 'offline', '--port', '0');
  const child = spawn(node, argv, {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const lines = createInterface({ input: child.stdout });
    const [first] = (await once(lines, 'line')) as [string];
    expect(first).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const reply = await fetch(`${first}/v1/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'offline', messages: [{ role: 'user', content: 'hi' }] }),
    });
    const body = (await reply.json()) as { choices: { message: { content: string } }[] };
    expect(body.choices[0]?.message.content).toMatch(
      /^\[offline policy: a deterministic stand-in for a model/,
    );
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}, 30_000);

test('a bad --port is refused by name before anything starts', async () => {
  const program = createProgram({
    version: '0.0.0',
    commands,
    io: { out: () => {}, err: () => {} },
  }).exitOverride();
  await expect(
    program.parseAsync(['node', 'agent-track', 'endpoint', '--policy', 'offline', '--port', '70000']),
  ).rejects.toThrow('Expected the `--port` option to be an integer from 0 to 65535, got `70000` (string)');
});
