import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { AgentTrackError, readYamlFile } from '../../core/index.js';
import {
  PRODUCT_MANIFEST_FILE,
  type ProductManifest,
  validateProductManifest,
} from '../../trajectory/index.js';

/** A product root and its validated manifest. */
export interface LoadedProduct {
  /** The product root (absolute). */
  dir: string;
  /** The manifest file (absolute). */
  file: string;
  manifest: ProductManifest;
}

/** Placeholders each command may use; any other `{name}` is refused when the manifest loads. */
const PLACEHOLDERS = {
  serve: ['config', 'workspace', 'corpus', 'tool_docs'],
  index: ['corpus', 'workspace', 'config'],
  harness: [],
} as const satisfies Record<string, readonly string[]>;

// Each checked string of a command, by the key that names it (`serve.3`, `serve.url`, `serve.command.2`).
function commandStrings(key: string, manifest: ProductManifest): [string, string, readonly string[]][] {
  const value = manifest[key as keyof typeof PLACEHOLDERS];
  const allowed: readonly string[] = PLACEHOLDERS[key as keyof typeof PLACEHOLDERS];
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.map((arg, index) => [`${key}.${index}`, arg, allowed]);
  const http = [...allowed, 'port'];
  return [
    [`${key}.url`, value.url, http],
    ...(value.command ?? []).map((arg, index): [string, string, readonly string[]] => [
      `${key}.command.${index}`,
      arg,
      http,
    ]),
  ];
}

function refuse(file: string, key: string, why: string): AgentTrackError {
  return new AgentTrackError(
    'PRODUCT_MANIFEST_INVALID',
    `The product manifest \`${file}\` is refused: ${why}`,
    {
      data: { file, key },
    },
  );
}

function checkPlaceholders(file: string, manifest: ProductManifest): void {
  for (const key of Object.keys(PLACEHOLDERS)) {
    for (const [where, arg, allowed] of commandStrings(key, manifest)) {
      for (const match of arg.matchAll(/\{([^{}]*)\}/g)) {
        if (!allowed.includes(match[1]!)) {
          const known = allowed.length > 0 ? allowed.map((name) => `{${name}}`).join(', ') : 'none';
          throw refuse(
            file,
            where,
            `\`${where}\` uses the unknown placeholder \`{${match[1]}}\` (known: ${known})`,
          );
        }
      }
    }
  }
}

function checkArtifacts(dir: string, file: string, manifest: ProductManifest): void {
  for (const [key, path] of Object.entries(manifest.artifacts)) {
    const target = resolve(dir, path);
    const inside = relative(dir, target);
    if (isAbsolute(path) || inside.startsWith('..')) {
      throw refuse(
        file,
        `artifacts.${key}`,
        `\`artifacts.${key}\` = \`${path}\` is outside the product root`,
      );
    }
    if (!existsSync(target)) {
      throw new AgentTrackError(
        'PRODUCT_ARTIFACT_MISSING',
        `The product manifest \`${file}\` names \`artifacts.${key}\` = \`${path}\`, which does not exist`,
        { data: { file, key: `artifacts.${key}`, path } },
      );
    }
    // Compared as the filesystem resolves them: a link inside the root that points outside it (a
    // symlink to /etc/passwd) would otherwise pass, and its contents become a prompt.
    const real = relative(realpathSync(dir), realpathSync(target));
    if (real.startsWith('..') || isAbsolute(real)) {
      throw refuse(
        file,
        `artifacts.${key}`,
        `\`artifacts.${key}\` = \`${path}\` resolves (through a link) outside the product root`,
      );
    }
  }
}

/**
 * Validates a manifest already parsed from YAML. `dir` is the product root its paths are relative
 * to, `file` names it in every message. Unknown keys are refused by name; so are placeholders a
 * command cannot fill and artifacts that are missing or outside the root.
 *
 * @example
 * parseProductManifest({ name: 'p', serve: ['node', 'server.js'], artifacts: { ask_prompt: 'a.md', usage_skill: 'u.md' } }, '/repo', '/repo/agent-track.product.yaml');
 */
export function parseProductManifest(value: unknown, dir: string, file: string): LoadedProduct {
  const manifest = validateProductManifest(value, file);
  checkPlaceholders(file, manifest);
  checkArtifacts(dir, file, manifest);
  return { dir, file, manifest };
}

/**
 * Reads `agent-track.product.yaml` (or `manifest`, relative to the root) at a product root.
 *
 * @example
 * const product = loadProduct('.');
 * product.manifest.serve; // ['node', 'dist/cli/bin.js', 'serve', '--config', '{config}', '--workspace', '{workspace}']
 */
export function loadProduct(root: string, manifest: string = PRODUCT_MANIFEST_FILE): LoadedProduct {
  const dir = resolve(root);
  const file = resolve(dir, manifest);
  if (!existsSync(file)) {
    throw new AgentTrackError(
      'PRODUCT_MANIFEST_MISSING',
      `No product manifest at \`${file}\`: a product root holds \`${PRODUCT_MANIFEST_FILE}\``,
      { data: { file } },
    );
  }
  return parseProductManifest(readYamlFile(file, 'product manifest'), dir, file);
}

/** The text of one artifact the manifest names, read from the product root. */
export function readArtifact(product: LoadedProduct, key: 'ask_prompt' | 'usage_skill'): string {
  const path = product.manifest.artifacts[key];
  if (path === undefined)
    throw new AgentTrackError(
      'PRODUCT_ARTIFACT_MISSING',
      `The product manifest \`${product.file}\` names no \`artifacts.${key}\`, which running the agent on it needs`,
      { data: { file: product.file, key: `artifacts.${key}` } },
    );
  return readFileSync(resolve(product.dir, path), 'utf8');
}
