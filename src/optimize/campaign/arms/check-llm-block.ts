import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AgentTrackError, packageVersion } from '../../../core/index.js';
import { runArmProcess } from './arm-process.js';

/** What the block check needs of an arm: its name, commit, worktree and harness entry. */
export interface BlockCheckArm {
  arm: string;
  commit: string;
  worktree: string;
  harness: readonly string[];
}

/**
 * Where an arm's acceptance of a block is kept: by its commit, its harness command, the block's
 * bytes and this agent-track's version (an arm a product names no harness for runs this one's). The
 * check reads only the block and the harness's own code (`loadLlmBlock`: no key, no network), so
 * the same four give the same verdict; a refusal is never kept, it is asked again.
 */
function acceptanceFile(cacheDir: string, arm: BlockCheckArm, block: Buffer): string {
  const key = createHash('sha256')
    .update(`${arm.commit}\0${JSON.stringify(arm.harness)}\0${packageVersion()}\0`)
    .update(block)
    .digest('hex')
    .slice(0, 24);
  return join(cacheDir, 'block-checks', `${key}.json`);
}

/** One arm's verdict, printed one line per arm. */
export interface BlockVerdict {
  arm: string;
  commit: string;
  line: string;
}

/**
 * The key a harness's refusal names: the first ``unknown key `K` ``, else the first backticked
 * token that is not the block's own file.
 *
 * @example
 * refusedKey('agent-track: The LLM block `b.yaml` is refused: unknown key `params.effort`', 'b.yaml'); // 'params.effort'
 */
export function refusedKey(message: string, file: string): string | null {
  const unknown = /unknown keys? `([^`]+)`/.exec(message);
  if (unknown !== null) return unknown[1]!;
  for (const match of message.matchAll(/`([^`]+)`/g)) {
    const token = match[1]!;
    if (token !== file && resolve(token) !== resolve(file)) return token;
  }
  return null;
}

/**
 * Asks every arm's own harness whether it accepts the LLM block (`harness validate-llm-block
 * FILE`, exit 0 accepts, exit 2 refuses naming the key). Every arm is asked; the first refusal is
 * thrown naming the arm, the commit and the key, with the fix.
 *
 * @example
 * const lines = await checkLlmBlock([baseline, candidate], 'configs/llm/offline.yaml');
 * // [{ arm: 'baseline', line: 'baseline (3f2a1b2c4d5e): accepts the block' }, ...]
 */
export async function checkLlmBlock(
  arms: readonly BlockCheckArm[],
  file: string,
  options: {
    env?: Record<string, string | undefined>;
    timeoutMs?: number;
    secrets?: readonly string[];
    /** Keeps each acceptance in `<cacheDir>/block-checks/` (see `acceptanceFile`). */
    cacheDir?: string;
  } = {},
): Promise<BlockVerdict[]> {
  const block = resolve(file);
  // The orchestrator loaded this block already; one it cannot read now is left to the harnesses to name.
  const bytes = options.cacheDir === undefined || !existsSync(block) ? null : readFileSync(block);
  // Arms that run one harness command in one worktree (a comparison's systems on this package's
  // own, named by pseudo-commits such as `default` and `default-http`) ask it once.
  const asked = new Map<string, ReturnType<typeof runArmProcess>>();
  const ask = (arm: BlockCheckArm) => {
    const key = JSON.stringify([resolve(arm.worktree), arm.harness]);
    let result = asked.get(key);
    if (result === undefined) {
      result = runArmProcess({
        worktree: arm.worktree,
        argv: [...arm.harness, 'validate-llm-block', block],
        env: options.env,
        timeoutMs: options.timeoutMs ?? 60_000,
        secrets: options.secrets,
      });
      asked.set(key, result);
    }
    return result;
  };
  const results = await Promise.all(
    arms.map(async (arm) => {
      const kept = bytes === null ? null : acceptanceFile(options.cacheDir!, arm, bytes);
      if (kept !== null && existsSync(kept)) return { arm, kept, result: null };
      return { arm, kept, result: await ask(arm) };
    }),
  );
  const verdicts: BlockVerdict[] = [];
  for (const { arm, kept, result } of results) {
    const short = arm.commit.slice(0, 12);
    if (result === null) {
      const line = `${arm.arm} (${short}): accepts the block (as its harness did at this commit before)`;
      verdicts.push({ arm: arm.arm, commit: arm.commit, line });
      continue;
    }
    if (result.ok) {
      if (kept !== null) {
        mkdirSync(join(kept, '..'), { recursive: true });
        writeFileSync(kept, `${JSON.stringify({ commit: arm.commit, harness: arm.harness })}\n`);
      }
      verdicts.push({ arm: arm.arm, commit: arm.commit, line: `${arm.arm} (${short}): accepts the block` });
      continue;
    }
    if (result.exitCode === 2) {
      const said = result.exception?.message ?? result.stderrTail;
      const key = refusedKey(said, block) ?? refusedKey(said, file);
      const others = arms.filter((other) => other !== arm).map((other) => other.arm);
      throw new AgentTrackError(
        'LLM_BLOCK_REFUSED_BY_ARM',
        `Arm \`${arm.arm}\` at commit \`${short}\` refuses the LLM block \`${file}\`${key === null ? '' : ` at key \`${key}\``}: ${said}. Both arms must send the same block: drop the key${
          others.length > 0 ? `, or pick a ${arm.arm} commit that knows it` : ''
        }`,
        { data: { arm: arm.arm, commit: arm.commit, key, file } },
      );
    }
    throw new AgentTrackError(
      'LLM_BLOCK_CHECK_FAILED',
      `Arm \`${arm.arm}\` at commit \`${short}\` could not check the LLM block \`${file}\` (${result.exception?.type}: ${result.exception?.message})`,
      { data: { arm: arm.arm, commit: arm.commit, file, stderr: result.stderrTail } },
    );
  }
  return verdicts;
}
