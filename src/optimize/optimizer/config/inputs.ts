import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { readYamlFile } from '../../../core/index.js';
import { loadSplit, type Task } from '../../../retrieval/index.js';
import type { CalledModel } from '../campaign-models.js';
import { type Candidate, canonicalJson, makeCandidate } from '../candidate.js';
import type { CampaignMoney } from '../money/campaign-money.js';
import { HEAD_POINT } from '../propose/architecture-point.js';
import { type ConfigEnumeration, configEnumeration } from '../propose/config-enumeration.js';
import { enumerationProposer, type Proposer } from '../propose/proposer.js';
import { reflectiveProposer } from '../propose/reflective-proposer.js';
import type { TaskText } from '../screen/free-checks/copied-text-check.js';
import type { LoadedCampaign } from './load-config.js';

/** The two slices a campaign touches, cut to `limit` tasks each when given. */
export interface CampaignSlices {
  search: { name: string; tasks: Task[] };
  acceptance: { name: string; tasks: Task[] };
  /** Every task by id (both slices). */
  byId: Map<string, Task>;
  /** Questions and gold of both slices, for the copied-text check. */
  texts: TaskText[];
}

/**
 * Loads the search and held-out slices of the campaign's dataset.
 *
 * @example
 * const slices = await campaignSlices(loaded, { reposDir, limit: 4 });
 */
export async function campaignSlices(
  loaded: LoadedCampaign,
  options: { reposDir: string; limit?: number },
): Promise<CampaignSlices> {
  const cut = (tasks: Task[]) => (options.limit === undefined ? tasks : tasks.slice(0, options.limit));
  const { config } = loaded;
  const name = (slice: string) => `${config.dataset}/${slice}`;
  const search = cut((await loadSplit(name(config.search.slice), { reposDir: options.reposDir })).tasks);
  const acceptance = cut(
    (await loadSplit(name(config.acceptance.slice), { reposDir: options.reposDir })).tasks,
  );
  const all = [...search, ...acceptance];
  return {
    search: { name: name(config.search.slice), tasks: search },
    acceptance: { name: name(config.acceptance.slice), tasks: acceptance },
    byId: new Map(all.map((t) => [t.id, t])),
    texts: all.map((t) => ({
      id: t.id,
      question: t.question,
      gold: { answer: t.gold.answer, body: t.gold.body },
    })),
  };
}

function baseOverlay(loaded: LoadedCampaign): unknown {
  if (loaded.config.axis !== 'retrieval_config' || loaded.config.overlays.base === null) return {};
  return (
    readYamlFile(resolve(dirname(resolve(loaded.file)), loaded.config.overlays.base), 'retrieval overlay') ??
    {}
  );
}

/**
 * The incumbent: the artifact at the product's HEAD for a text axis; for `ask_architecture` the
 * grid's `incumbent` point, its missing fields the agent as it runs by default (react, no
 * rewrite, no overlay, the default turn budget); for
 * `retrieval_config` the base overlay (`overlays.base`; none: the serving config as it is), which
 * every variation is merged over, so a win is attributable to the variation.
 *
 * @example
 * incumbentOf(loaded).id; // 'incumbent'
 */
export function incumbentOf(loaded: LoadedCampaign): Candidate {
  const { config, paths } = loaded;
  const text =
    paths.artifact !== null
      ? readFileSync(paths.artifact, 'utf8')
      : config.axis === 'ask_architecture'
        ? canonicalJson({ ...HEAD_POINT, ...config.grid.incumbent })
        : canonicalJson(baseOverlay(loaded));
  return makeCandidate({ id: 'incumbent', parent: null, text, operator: 'head' });
}

/** What the reflective proposer of a text axis needs: its model, the money, the evidence. */
export interface ReflectiveInputs {
  model: CalledModel;
  money: CampaignMoney;
  evidence: (incumbent: Candidate) => Promise<string>;
  log?: (line: string) => void;
}

/**
 * The proposer for an axis: the reflective proposer for text axes (each proposal one call to the
 * proposer model, booked through `money`; in a dry run the offline endpoint answers, free); for
 * `ask_architecture` and `retrieval_config` a walk of the axis's enumeration (`configEnumeration`:
 * pass the one the plan counted), `count` texts a round, or all at once for successive halving (free).
 *
 * @example
 * defaultProposer(loaded, { model, money, evidence }).name; // 'reflective'
 */
export function defaultProposer(
  loaded: LoadedCampaign,
  reflective: ReflectiveInputs,
  enumeration?: ConfigEnumeration | null,
): Proposer {
  const { config } = loaded;
  if (config.axis === 'ask_architecture' || config.axis === 'retrieval_config') {
    const walk = enumeration ?? configEnumeration(loaded, incumbentOf(loaded))!;
    return enumerationProposer(walk.operator, walk.texts, { all: walk.all });
  }
  const { model, money } = reflective;
  return reflectiveProposer({
    axis: config.axis,
    provider: model.provider,
    model: model.model,
    evidence: reflective.evidence,
    reserve: (key, messages) => money.reserveCall('proposer', key, messages, model.maxTokens),
    settle: (key, result) => money.settleCall('proposer', key, result.usage ?? null),
    ...(reflective.log === undefined ? {} : { log: reflective.log }),
  });
}
