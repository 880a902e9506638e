import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadLlmBlock } from '../../../agent/index.js';
import { AgentTrackError } from '../../../core/index.js';
import { artifactHash, canonicalJson } from '../candidate.js';
import type { LoadedCampaign } from './load-config.js';

/** The file in a run directory saying which campaign its logs and caches belong to. */
export const FINGERPRINT_FILE = 'campaign.json';

/** What must not change between a campaign and its resume: its logs and caches depend on it. */
export interface CampaignFingerprint {
  /**
   * sha256 of the parsed config (canonical JSON) without its stop conditions (`budgets`,
   * `search.rounds`, `search.stall_rounds`), which a resume may raise.
   */
  config: string;
  /** sha256 of each LLM block as sent; `offline` in a dry run. */
  blocks: { agent: string; proposer: string; judge: string | null };
  dry_run: boolean;
  limit: number | null;
  candidates: number;
}

/**
 * The fingerprint of a campaign as run with these options.
 *
 * @example
 * campaignFingerprint(loaded, { dryRun: true, limit: 4, candidates: 2 }).dry_run; // true
 */
export function campaignFingerprint(
  loaded: LoadedCampaign,
  options: { dryRun: boolean; limit?: number; candidates: number },
): CampaignFingerprint {
  const block = (file: string | null) =>
    file === null ? null : options.dryRun ? 'offline' : loadLlmBlock(file).hash;
  const { paths, config } = loaded;
  const { budgets: _budgets, search, ...rest } = config;
  const { rounds: _rounds, stall_rounds: _stall, ...kept } = search;
  return {
    config: artifactHash(canonicalJson({ ...rest, search: kept })),
    blocks: {
      agent: block(paths.llm_block)!,
      proposer: block(paths.proposer_llm_block)!,
      judge: config.judge === undefined ? null : block(paths.judge_llm_block ?? paths.llm_block),
    },
    dry_run: options.dryRun,
    limit: options.limit ?? null,
    candidates: options.candidates,
  };
}

/**
 * Claims a run directory for a campaign. A new run needs an empty (or absent) directory; a resume
 * needs the same fingerprint, so a paid run never reuses a dry run's offline scores, and a changed
 * config, block, `--limit` or `--candidates` never mixes with the logs of another. Refusals name
 * what differs.
 *
 * @example
 * claimRunDir('runs/o', fingerprint, { resume: false });
 */
export function claimRunDir(
  dir: string,
  fingerprint: CampaignFingerprint,
  options: { resume: boolean },
): void {
  const file = join(dir, FINGERPRINT_FILE);
  if (!options.resume) {
    if (existsSync(dir) && readdirSync(dir).length > 0)
      throw new AgentTrackError(
        'RUN_DIR_NOT_EMPTY',
        `\`${dir}\` already holds a run: pass \`--resume ${dir}\` to continue it, or another \`--out\``,
        { data: { dir } },
      );
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(fingerprint, null, 2)}\n`);
    return;
  }
  if (!existsSync(dir))
    throw new AgentTrackError('RUN_NOT_FOUND', `No campaign to resume at \`${dir}\``, { data: { dir } });
  if (!existsSync(file))
    throw new AgentTrackError(
      'RUN_NOT_RESUMABLE',
      `\`${dir}\` holds no \`${FINGERPRINT_FILE}\`: not an optimize run`,
      {
        data: { dir },
      },
    );
  const before = JSON.parse(readFileSync(file, 'utf8')) as CampaignFingerprint;
  const differs = (Object.keys(fingerprint) as (keyof CampaignFingerprint)[]).filter(
    (key) => canonicalJson(before[key]) !== canonicalJson(fingerprint[key]),
  );
  if (differs.length > 0)
    throw new AgentTrackError(
      'RUN_NOT_RESUMABLE',
      `\`${dir}\` was run with another ${differs.map((k) => `\`${k}\``).join(', ')} (${differs
        .map((k) => `${canonicalJson(before[k])} then, ${canonicalJson(fingerprint[k])} now`)
        .join('; ')}): its logs and cached scores belong to that campaign`,
      { data: { dir, differs } },
    );
}
