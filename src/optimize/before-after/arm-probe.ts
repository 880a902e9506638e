import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  connectMcpServer,
  PRODUCT_MANIFEST_FILE,
  productIndexCommand,
  productServerCommand,
} from '../../agent/index.js';
import { AgentTrackError } from '../../core/index.js';
import { runArmProcess } from '../campaign/arms/arm-process.js';
import type { PreparedArm } from '../campaign/arms/prepare-arm.js';

/**
 * The token count of the tool descriptions an arm's server lists, as the agent would see them: the
 * arm's own `index` command builds a one-file bundle with the arm's serving config, the arm's own
 * `serve` command serves it (`{corpus}`: `options.corpus`, a task's corpus, else the one-file
 * probe), and the MCP client lists and counts the tools.
 *
 * @example
 * const tokens = await descriptionTokens(arm, { config: 'configs/serving/default.yaml' });
 */
export async function descriptionTokens(
  arm: PreparedArm,
  options: { config?: string; corpus?: string } = {},
): Promise<number> {
  const scratch = mkdtempSync(join(tmpdir(), 'agent-track-probe-'));
  try {
    const corpus = join(scratch, 'corpus');
    mkdirSync(corpus);
    writeFileSync(join(corpus, 'README.md'), '# probe\n\nA one-file corpus to list the tools.\n');
    const config = options.config
      ? resolve(options.config)
      : join(arm.worktree, 'configs/serving/default.yaml');
    const values = { corpus, workspace: join(scratch, 'workspace'), config };
    const product = {
      dir: arm.worktree,
      file: join(arm.worktree, PRODUCT_MANIFEST_FILE),
      manifest: arm.manifest,
    };
    const index = productIndexCommand(product, values);
    if (index !== null) {
      const built = await runArmProcess({
        worktree: arm.worktree,
        argv: [index.command, ...index.args],
        timeoutMs: 120_000,
      });
      if (!built.ok) {
        throw new AgentTrackError(
          'ARM_PROBE_FAILED',
          `The ${arm.arm} arm (${arm.commit.slice(0, 12)}) could not index a probe corpus: ${built.stderrTail.trim()}`,
          { data: { arm: arm.arm } },
        );
      }
    }
    // A server that reads the corpus itself is shown a real one (a task's), as its rollouts will be.
    const served = { ...values, corpus: options.corpus ?? corpus };
    const session = await connectMcpServer(productServerCommand(product, served));
    try {
      return session.descriptionTokens;
    } finally {
      await session.close();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
