import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import {
  loadProduct,
  openAgentProduct,
  PACKAGE_ROOT,
  type ProductManifest,
  type ProductProbe,
  serveArgv,
} from '../../agent/index.js';
import type { Task } from '../../retrieval/index.js';
import { resolveCommit } from '../campaign/arms/commits.js';
import type { PreparedArm } from '../campaign/arms/prepare-arm.js';
import { prepareArms } from '../campaign/arms/prepare-arms.js';
import { probeProduct } from '../campaign/arms/probe-arms.js';
import { assertProductInWorktree } from '../campaign/arms/product-location.js';
import type { SystemConfig } from './compare-config.js';

/** A system ready to run as a campaign arm, and what it is, for the report. */
export interface ComparedSystem {
  arm: PreparedArm;
  /** What ran: `default`, `default (http)`, a product root, `pkg@1.2.3`, a URL, `repo@sha`. */
  spec: string;
  /** Opens its product for the probe before its rollouts (the arm's harness opens the same). */
  open: (config: string) => ReturnType<typeof openAgentProduct>;
}

const ASK = `You answer questions about a code repository with the tools you are given. Find the files that
answer the question, read them, and answer naming the file paths you relied on.
`;
const SKILL = '# The tools\nUse the tools the server offers; their descriptions say what each one does.\n';

// A package or URL system has no repository: its manifest is written into the comparison's folder.
function writtenProduct(dir: string, system: SystemConfig): string {
  const root = join(dir, 'systems', system.name);
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'ask_prompt.md'), ASK);
  writeFileSync(join(root, 'usage_skill.md'), SKILL);
  const serve =
    system.package !== undefined
      ? ['npx', '--yes', system.package, ...(system.args ?? [])]
      : { url: system.url!, ...(system.headers === undefined ? {} : { headers: system.headers }) };
  const manifest = {
    name: system.name,
    serve,
    artifacts: { ask_prompt: 'ask_prompt.md', usage_skill: 'usage_skill.md' },
    tools: system.tools ?? { search: [], read: [], write: [], symbol: null, batch: {}, identified: [] },
  };
  writeFileSync(
    join(root, 'agent-track.product.yaml'),
    `# Written by agent-track compare for the system \`${system.name}\`.\n${stringify(manifest)}`,
  );
  return root;
}

function asArm(
  name: string,
  commit: string,
  worktree: string,
  manifest: ProductManifest,
  harness: readonly string[],
  productArgs: readonly string[],
): PreparedArm {
  return {
    arm: name,
    commit,
    worktree,
    manifest,
    harness,
    productArgs,
    setup: { install: 'none', installKey: null, durationMs: 0 },
  };
}

/**
 * Puts every system of a comparison in place as a campaign arm run by agent-track's own harness:
 * the embedded reference server (over HTTP with `--http`), a product root in place, a package or
 * URL through a manifest written into `<dir>/systems/<name>/`, or a repository at a commit in its
 * own worktree (`prepareArms`: set up, checked; its own harness when it names one). A system's
 * `tools` replace its manifest's roles; a server command that is not pinned is refused by name
 * (`assertProductInWorktree`). `release` removes the worktrees.
 *
 * @example
 * const { systems, release } = await prepareSystems(config.systems, { dir: 'runs/cmp', harness, installCache });
 */
export async function prepareSystems(
  configs: readonly SystemConfig[],
  options: { dir: string; harness: readonly string[]; installCache: string | null },
): Promise<{ systems: ComparedSystem[]; release: () => Promise<void> }> {
  const systems: ComparedSystem[] = [];
  const releases: (() => Promise<void>)[] = [];
  const withTools = (manifest: ProductManifest, system: SystemConfig) =>
    system.tools === undefined ? manifest : { ...manifest, tools: system.tools };
  try {
    for (const system of configs) {
      if (system.product === 'default') {
        const http = system.transport === 'http';
        const { manifest } = loadProduct(PACKAGE_ROOT);
        systems.push({
          arm: asArm(
            system.name,
            http ? 'default-http' : 'default',
            PACKAGE_ROOT,
            withTools(manifest, system),
            options.harness,
            http ? ['--http'] : [],
          ),
          spec: http ? 'default (http)' : 'default',
          open: (config) => openAgentProduct({ config, ...(http ? { http: true } : {}) }),
        });
        continue;
      }
      if (system.repo !== undefined) {
        const commit = await resolveCommit(system.repo, system.commit!);
        const prepared = await prepareArms({
          repo: system.repo,
          arms: [{ arm: system.name, commit: commit.sha }],
          recordFile: join(options.dir, `worktrees-${system.name}.json`),
          installCache: options.installCache,
          defaultHarness: options.harness,
        });
        releases.push(prepared.release);
        const arm = prepared.arms[0]!;
        systems.push({
          arm: { ...arm, manifest: withTools(arm.manifest, system) },
          spec: `${system.repo}@${commit.sha.slice(0, 12)}`,
          open: (config) => openAgentProduct({ dir: arm.worktree, config }),
        });
        continue;
      }
      const root = system.product ?? writtenProduct(options.dir, system);
      const product = loadProduct(root);
      const argv = serveArgv(product);
      if (argv !== null) assertProductInWorktree({ arm: system.name, worktree: root, role: 'serve', argv });
      systems.push({
        arm: asArm(system.name, 'in-place', root, withTools(product.manifest, system), options.harness, [
          '--product',
          root,
        ]),
        spec: system.product ?? system.package ?? system.url!,
        open: (config) => openAgentProduct({ dir: root, config }),
      });
    }
  } catch (error) {
    for (const release of releases) await release();
    throw error;
  }
  return {
    systems,
    release: async () => {
      for (const release of releases) await release();
    },
  };
}

/**
 * A system's probe before its first rollout (`probeProduct`: its server asked once per corpus for
 * a file the corpus holds, refused with `PRODUCT_PROBE_FAILED` when it does not find it), and the
 * tokens of the tool descriptions it lists as its agent sees them, read off the first corpus's
 * probe: one server start per corpus serves both.
 *
 * @example
 * const { tokens, probes } = await probeSystem(system, tasks, { config, cacheDir, reposDir }); // tokens 1450
 */
export async function probeSystem(
  system: ComparedSystem,
  tasks: readonly Task[],
  options: { config: string; cacheDir: string; reposDir: string },
): Promise<{ tokens: number; probes: ProductProbe[] }> {
  const probes = await probeProduct(system.open(options.config), tasks, options);
  return { tokens: probes[0]?.descriptionTokens ?? 0, probes };
}
