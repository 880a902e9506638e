import {
  type AgentProduct,
  openAgentProduct,
  type ProductProbe,
  probeCorpora,
  productWorkspaces,
} from '../../../agent/index.js';
import { DEFAULT_SERVING_CONFIG, loadServingConfig } from '../../../product/index.js';
import type { Task } from '../../../retrieval/index.js';
import type { PreparedArm } from './prepare-arm.js';

/** Where a campaign's rollouts find their places: the serving config and caches their children use. */
export interface ProbePlaces {
  /** The serving config file (default the package's). */
  config?: string;
  cacheDir: string;
  reposDir: string;
}

/**
 * The product of an arm the campaign's own code can probe as its rollouts will see it: one run by
 * agent-track's harness on its worktree (`--product <worktree>`), opened from there; `null` for an
 * arm that is its own harness (its index is built by its commit's code, so its harness probes it).
 *
 * @example
 * probedProduct(arm, 'configs/serving/default.yaml'); // an AgentProduct, or null
 */
export function probedProduct(arm: PreparedArm, config: string): AgentProduct | null {
  if (arm.productArgs[0] !== '--product') return null;
  return openAgentProduct({ dir: arm.productArgs[1] ?? arm.worktree, config });
}

/**
 * Probes one product once per corpus the tasks name before a campaign's first rollout
 * (`probeCorpora`, strict: a place or server that cannot be had refuses the campaign too, before
 * it spends), each probe on a server of its own, stopped after. The places are resolved as the
 * arm's children resolve them (the same caches), so an index it builds is theirs.
 *
 * @example
 * const probes = await probeProduct(product, tasks, { cacheDir, reposDir });
 */
export async function probeProduct(
  product: AgentProduct,
  tasks: readonly Task[],
  places: ProbePlaces,
): Promise<ProductProbe[]> {
  const configFile = places.config ?? DEFAULT_SERVING_CONFIG;
  const workspaces = productWorkspaces(product, {
    config: loadServingConfig(configFile),
    cacheDir: places.cacheDir,
    reposDir: places.reposDir,
    configFile,
  });
  const { probes, servers } = await probeCorpora(tasks, {
    product,
    workspaces,
    strict: true,
  });
  await servers.close();
  return probes;
}
