import { parseArgs } from 'node:util';
import { AgentTrackError, packageVersion } from '../../core/index.js';
import { DEFAULT_SERVING_CONFIG, loadServingConfig } from '../serving/load-serving-config.js';
import { serveReference } from './serve-reference.js';
import { DEFAULT_TOOL_DOCS } from './tool-docs.js';

function httpPort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535)
    throw new AgentTrackError(
      'INVALID_OPTION',
      `Expected \`--port\` to be a port number (0-65535), got \`${text}\``,
      {
        data: { option: 'port', received: text },
      },
    );
  return port;
}

// The reference server's own process entry (`referenceServerCommand` starts it): the flags of
// `agent-track serve`, parsed strictly, so an unknown flag is refused rather than ignored. No
// top-level await: the build bundles this entry as CommonJS (`main.bundle.cjs`) for a code cache.
async function main(): Promise<void> {
  try {
    const { values } = parseArgs({
      options: {
        workspace: { type: 'string' },
        config: { type: 'string', default: DEFAULT_SERVING_CONFIG },
        overlay: { type: 'string', multiple: true, default: [] },
        'tool-docs': { type: 'string', default: DEFAULT_TOOL_DOCS },
        port: { type: 'string' },
      },
      strict: true,
    });
    if (values.workspace === undefined) {
      throw new AgentTrackError('INVALID_OPTION', 'The reference server needs `--workspace DIR`', {
        data: { option: 'workspace' },
      });
    }
    await serveReference({
      workspace: values.workspace,
      config: loadServingConfig(values.config, values.overlay),
      toolDocs: values['tool-docs'],
      version: packageVersion(),
      ...(values.port === undefined ? {} : { port: httpPort(values.port) }),
    });
  } catch (error) {
    // As the CLI does: a refusal is one line and exit code 2; anything else is a bug and keeps its
    // stack (an unhandled rejection: printed, exit code 1).
    if (!(error instanceof AgentTrackError)) throw error;
    process.stderr.write(`agent-track: ${error.message}\n`);
    process.exitCode = 2;
  }
}

void main();
