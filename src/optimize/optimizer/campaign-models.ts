import {
  type ChatProvider,
  createOfflinePolicy,
  loadLlmBlock,
  type OpenedModel,
  openModel,
  startEndpoint,
} from '../../agent/index.js';
import type { LoadedCampaign } from './config/load-config.js';
import { CALL_TOKENS } from './money/estimate.js';

/** A model a campaign calls outside the rollouts: the proposer or the judge. */
export interface CalledModel {
  provider: ChatProvider;
  model: string;
  /** The block's `params.max_tokens`: a call's output bound, when it sets one. */
  maxTokens: number | null;
}

/** The three models of a campaign: the agent's (rollouts), the proposer's and the judge's. */
export interface CampaignModels {
  agent: OpenedModel;
  proposer: CalledModel;
  /** `null` when the campaign has no `judge`. */
  judge: CalledModel | null;
  /** True when the offline policy answers all three (a dry run). */
  offline: boolean;
  close(): Promise<void>;
}

function called(model: OpenedModel): CalledModel {
  return { provider: model.provider, model: model.model, maxTokens: model.block.params?.max_tokens ?? null };
}

/**
 * Opens what a campaign talks to. A dry run starts one offline endpoint on 127.0.0.1 and uses it
 * as model, proposer and judge (its policy answers rollouts, proposer prompts and rubric prompts).
 * A paid run opens each from its LLM block (`llm_block`, `proposer.llm_block`, `judge.llm_block`,
 * the latter two defaulting to the agent's), the key read from the block's `auth.env`.
 *
 * @example
 * const models = await openCampaignModels(loaded, { dryRun: true });
 * await models.close();
 */
export async function openCampaignModels(
  loaded: LoadedCampaign,
  options: { dryRun: boolean },
): Promise<CampaignModels> {
  const { config, paths } = loaded;
  if (options.dryRun) {
    // The stand-in samples when the config asks (`stand_in`): its temperature and seed go in the
    // block every rollout sends, so repeats (seed + r) and candidates draw as a model's would.
    const endpoint = await startEndpoint({ policy: createOfflinePolicy() });
    const params = config.stand_in === undefined ? undefined : { ...config.stand_in };
    const agent = {
      ...(await openModel({
        model: 'offline',
        block: {
          provider: 'openai',
          base_url: endpoint.openaiBaseUrl,
          max_retries: 0,
          ...(params === undefined ? {} : { params }),
        },
      })),
      offline: true,
      endpoint,
      close: () => endpoint.close(),
    };
    const offline = called(agent);
    return {
      agent,
      proposer: offline,
      judge: config.judge === undefined ? null : offline,
      offline: true,
      close: () => agent.close(),
    };
  }
  const opened: OpenedModel[] = [];
  // A proposer or judge block without an output bound gets the one its bookings assume.
  const open = async (model: string, file: string, bound?: number) => {
    const block = loadLlmBlock(file).block;
    const params = { ...block.params, max_tokens: block.params?.max_tokens ?? bound };
    const m = await openModel({ model, block: bound === undefined ? block : { ...block, params } });
    opened.push(m);
    return m;
  };
  const close = async () => {
    for (const m of opened) await m.close();
  };
  try {
    const agent = await open(config.model, paths.llm_block);
    const proposer = called(
      await open(config.proposer.model, paths.proposer_llm_block, CALL_TOKENS.proposer.output),
    );
    const judge =
      config.judge === undefined
        ? null
        : called(
            await open(
              config.judge.model,
              paths.judge_llm_block ?? paths.llm_block,
              CALL_TOKENS.judge.output,
            ),
          );
    return { agent, proposer, judge, offline: false, close };
  } catch (error) {
    await close();
    throw error;
  }
}
