import { parseArgs } from 'node:util';
import { AgentTrackError, packageVersion } from '../../core/index.js';
import { DEFAULT_SERVING_CONFIG, loadServingConfig } from '../serving/load-serving-config.js';
import { serveStdio } from './serve.js';
import { DEFAULT_TOOL_DOCS } from './tool-docs.js';

// The reference server's own process entry (`referenceServerCommand` starts it): the flags of
// `agent-track serve`, parsed strictly, so an unknown flag is refused rather than ignored.
try {
  const { values } = parseArgs({
    options: {
      workspace: { type: 'string' },
      config: { type: 'string', default: DEFAULT_SERVING_CONFIG },
      overlay: { type: 'string', multiple: true, default: [] },
      'tool-docs': { type: 'string', default: DEFAULT_TOOL_DOCS },
    },
    strict: true,
  });
  if (values.workspace === undefined) {
    throw new AgentTrackError('INVALID_OPTION', 'The reference server needs `--workspace DIR`', {
      data: { option: 'workspace' },
    });
  }
  await serveStdio({
    workspace: values.workspace,
    config: loadServingConfig(values.config, values.overlay),
    toolDocs: values['tool-docs'],
    version: packageVersion(),
  });
} catch (error) {
  // As the CLI does: a refusal is one line and exit code 2; anything else is a bug and keeps its stack.
  if (!(error instanceof AgentTrackError)) throw error;
  process.stderr.write(`agent-track: ${error.message}\n`);
  process.exitCode = 2;
}
