import { createHash } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { AgentTrackError, tail } from '../../../core/index.js';
import { buildKey, keepBuild, restoreBuild } from './setup-builds.js';

const LOCKFILES = [
  'package-lock.json',
  'npm-shrinkwrap.json',
  'pnpm-lock.yaml',
  'yarn.lock',
  'bun.lock',
  'bun.lockb',
];
const INSTALL =
  /^(npm\s+(ci|install|i)|pnpm\s+(i|install)|yarn(\s+install)?|bun\s+install)(\s+[^&|;<>`$]*)?$/;
const COMPLETE = '.agent-track-install-complete';

/**
 * A setup command split into a leading install step (reusable across worktrees whose lockfile is
 * byte-identical) and the rest (always run): `npm ci && npm run build` -> `npm ci`, `npm run build`.
 *
 * @example
 * splitSetup('npm ci && npm run build'); // { install: 'npm ci', rest: 'npm run build' }
 */
export function splitSetup(setup: string): { install: string | null; rest: string | null } {
  const parts = setup.split('&&').map((part) => part.trim());
  const first = parts[0] ?? '';
  if (parts.some((part) => part === '') || !INSTALL.test(first)) return { install: null, rest: setup };
  const rest = parts.slice(1).join(' && ');
  return { install: first, rest: rest === '' ? null : rest };
}

export interface SetupArmOptions {
  worktree: string;
  setup: string | null | undefined;
  /** Installs kept by lockfile hash, linked into later worktrees; `null` never reuses. */
  installCache: string | null;
  /**
   * What the setup's build step writes (the manifest's `setup_outputs`): kept in the install's
   * cache entry by commit tree and copied into a later worktree of the same tree instead of
   * building again. Empty or absent: always build.
   */
  outputs?: readonly string[];
  /** The paths the build reads (the manifest's `setup_inputs`); absent: the whole commit tree keys it. */
  inputs?: readonly string[];
  env?: Record<string, string | undefined>;
  signal?: AbortSignal;
}

export interface SetupArmResult {
  /**
   * `skipped`: the arm was prepared for a plan, which runs no setup; `kept`: its worktree was set up
   * by a run that stopped before the end, and is reused as it is (`keptArm`).
   */
  install: 'reused' | 'installed' | 'none' | 'skipped' | 'kept';
  /** sha256 of the lockfile (with the install command and Node ABI) the install is keyed by. */
  installKey: string | null;
  /** Whether the build step's outputs were copied from the cache (same tree, command and install) instead of run. */
  buildReused?: boolean;
  durationMs: number;
}

async function shell(command: string, options: SetupArmOptions): Promise<void> {
  const result = await execa(command, {
    shell: true,
    cwd: options.worktree,
    env: options.env,
    reject: false,
    all: true,
    stdin: 'ignore',
    cancelSignal: options.signal,
  });
  if (result.exitCode !== 0 || result.failed) {
    throw new AgentTrackError(
      'ARM_SETUP_FAILED',
      `The setup command \`${command}\` failed in \`${options.worktree}\` (${result.exitCode === undefined ? (result.signal ?? 'no exit code') : `exit code ${result.exitCode}`}): ${tail(String(result.all ?? ''), 600)}`,
      { data: { command, worktree: options.worktree, exit_code: result.exitCode ?? null } },
    );
  }
}

/** The cache key of an install: the lockfile's bytes, the install command, the platform and Node ABI. */
export function installKey(worktree: string, install: string): string | null {
  const lockfile = LOCKFILES.find((name) => existsSync(join(worktree, name)));
  if (lockfile === undefined) return null;
  return createHash('sha256')
    .update(`${lockfile}\0${install}\0${process.platform}-${process.arch}-abi${process.versions.modules}\0`)
    .update(readFileSync(join(worktree, lockfile)))
    .digest('hex');
}

/**
 * Runs the product manifest's `setup` in a worktree. When it starts with an install step and the
 * worktree has a lockfile, the install is kept in `installCache` under the lockfile's hash and a
 * later worktree with a byte-identical lockfile links it instead of installing again. The build
 * step after it, when the manifest names its `setup_outputs`, is kept in that install's entry by
 * commit tree: a later worktree of the same tree copies the outputs instead of building.
 *
 * @example
 * await setupArm({ worktree: '/tmp/wt/candidate', setup: 'npm ci && npm run build', installCache: '/tmp/cache/installs' });
 */
export async function setupArm(options: SetupArmOptions): Promise<SetupArmResult> {
  const started = Date.now();
  if (options.setup === null || options.setup === undefined) {
    return { install: 'none', installKey: null, durationMs: 0 };
  }
  const { install, rest } = splitSetup(options.setup);
  const modules = join(options.worktree, 'node_modules');
  const key =
    install === null || options.installCache === null ? null : installKey(options.worktree, install);
  if (install === null || key === null || existsSync(modules)) {
    await shell(options.setup, options);
    return {
      install: install === null ? 'none' : 'installed',
      installKey: null,
      durationMs: Date.now() - started,
    };
  }
  const entry = join(options.installCache!, key);
  let outcome: SetupArmResult['install'] = 'reused';
  if (!existsSync(join(entry, COMPLETE))) {
    outcome = 'installed';
    await shell(install, options);
    // Keep the fresh install for the next worktree: move it into the cache, then link it back.
    const staging = `${entry}.tmp-${process.pid}-${Date.now()}`;
    try {
      mkdirSync(staging, { recursive: true });
      renameSync(modules, join(staging, 'node_modules'));
      writeFileSync(join(staging, COMPLETE), `${options.setup}\n`);
      rmSync(entry, { recursive: true, force: true });
      renameSync(staging, entry);
    } catch {
      // Another filesystem or a race: keep this worktree's own install and skip the cache.
      if (!existsSync(modules) && existsSync(join(staging, 'node_modules'))) {
        renameSync(join(staging, 'node_modules'), modules);
      }
      rmSync(staging, { recursive: true, force: true });
    }
  }
  if (!existsSync(modules) && !isLink(modules)) symlinkSync(join(entry, 'node_modules'), modules, 'dir');
  const buildReused = rest !== null && (await build(rest, join(entry, 'builds'), key, options));
  return { install: outcome, installKey: key, buildReused, durationMs: Date.now() - started };
}

/** Runs the build step, or copies its outputs from a build of the same tree; `true`: copied. */
async function build(
  command: string,
  builds: string,
  install: string,
  options: SetupArmOptions,
): Promise<boolean> {
  const outputs = options.outputs ?? [];
  const spec = { command, install, outputs, inputs: options.inputs };
  const key = outputs.length === 0 ? null : await buildKey(options.worktree, spec);
  if (key !== null && restoreBuild(join(builds, key), options.worktree, outputs)) return true;
  await shell(command, options);
  // Kept only when the build left every tracked file as the commit has it (else it did more than its outputs).
  if (key !== null && (await buildKey(options.worktree, spec)) === key)
    keepBuild(join(builds, key), options.worktree, outputs, command);
  return false;
}

/**
 * Whether a worktree's `node_modules` is still the cached install `key` links it to (the entry
 * complete, the link in place), so a kept worktree runs what it was set up with.
 *
 * @example
 * linkedInstall('/tmp/wt/baseline', key, '/home/u/.cache/agent-track/installs'); // true
 */
export function linkedInstall(worktree: string, key: string, installCache: string | null): boolean {
  if (installCache === null || !existsSync(join(installCache, key, COMPLETE))) return false;
  const modules = join(worktree, 'node_modules');
  return isLink(modules) && readlinkSync(modules) === join(installCache, key, 'node_modules');
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * Seeds the install cache with an existing `node_modules` for a checkout whose lockfile is
 * byte-identical (the demo's product is made from the launching checkout): later worktrees link it
 * instead of installing. Does nothing when the entry is already complete. Returns the install's
 * key (its entry under `installCache`), or `null` for a checkout with no lockfile.
 *
 * @example
 * seedInstall({ checkout: '/tmp/demo-product', install: 'npm ci', modules: 'node_modules', installCache }); // 'c0ffee...'
 */
export function seedInstall(options: {
  checkout: string;
  install: string;
  modules: string;
  installCache: string;
}): string | null {
  const key = installKey(options.checkout, options.install);
  if (key === null) return null;
  const entry = join(options.installCache, key);
  if (existsSync(join(entry, COMPLETE))) return key;
  mkdirSync(entry, { recursive: true });
  if (!existsSync(join(entry, 'node_modules')))
    symlinkSync(options.modules, join(entry, 'node_modules'), 'dir');
  writeFileSync(join(entry, COMPLETE), `${options.install}\n`);
  return key;
}
