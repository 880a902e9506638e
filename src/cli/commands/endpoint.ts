import { nonNegativeInteger } from '../options.js';
import type { CliCommand } from '../program.js';

/**
 * `agent-track endpoint --policy offline|script:FILE [--port 0]`: serves the offline endpoint on
 * 127.0.0.1 until the process is stopped; the first line printed is its URL.
 */
export const endpointCommand: CliCommand = {
  name: 'endpoint',
  describe: (command, io) =>
    command
      .description(
        'serve the OpenAI and Anthropic wire formats on 127.0.0.1 from a deterministic policy (a stand-in for a model)',
      )
      .requiredOption(
        '--policy <policy>',
        '`offline` (a deterministic searcher) or `script:FILE` (scripted turns)',
      )
      .option(
        '--port <port>',
        'port to listen on (0 picks a free one)',
        nonNegativeInteger('--port', 65535),
        0,
      )
      .option(
        '--max-calls <n>',
        'offline policy: tool calls before it answers',
        nonNegativeInteger('--max-calls'),
        3,
      )
      .option(
        '--delay-ms <n>',
        'offline policy: milliseconds each reply waits (a model latency to measure against)',
        nonNegativeInteger('--delay-ms'),
        0,
      )
      .action(
        async ({
          policy: given,
          port,
          maxCalls,
          delayMs,
        }: {
          policy: string;
          port: number;
          maxCalls: number;
          delayMs: number;
        }) => {
          // Loaded when the command runs: the agent layer is heavy, and `serve` (spawned once per
          // rollout) must start fast.
          const { createOfflinePolicy, startEndpoint } = await import('../../agent/index.js');
          const policy = given === 'offline' ? createOfflinePolicy({ maxCalls, delayMs }) : given;
          const endpoint = await startEndpoint({ policy, port });
          io.out(`${endpoint.url}\n`);
          io.out(
            `openai base_url: ${endpoint.openaiBaseUrl}\nanthropic base_url: ${endpoint.anthropicBaseUrl}\n`,
          );
        },
      ),
};
