import { isEmbeddedProduct } from '../../../agent/index.js';
import type { CampaignSlices } from '../config/inputs.js';
import type { LoadedCampaign } from '../config/load-config.js';
import type { RoundsContext } from '../run-rounds.js';
import { freeRungScreen } from './free-rung.js';

/** What `runRounds` takes to screen a round's candidates before they earn agent rollouts. */
export type Prescreen = NonNullable<RoundsContext['prescreen']>;

/**
 * The campaign's prescreen, or none: a `retrieval_config` campaign on the embedded product screens
 * its overlays on the free retrieval rung (the rung runs the reference server, so another product's
 * overlays are not screened); overlays earn agent rollouts only by not losing there.
 */
export function campaignPrescreen(
  loaded: LoadedCampaign,
  context: {
    slices: CampaignSlices;
    cacheDir: string;
    reposDir: string;
    dir: string;
    offlineUrl: string | null;
    log: (line: string) => void;
  },
): { prescreen?: Prescreen } {
  const { config } = loaded;
  if (config.axis !== 'retrieval_config' || !isEmbeddedProduct(loaded.paths.repo, loaded.paths.manifest))
    return {};
  return {
    prescreen: (incumbent, candidates) =>
      freeRungScreen({
        incumbent,
        candidates,
        tasks: context.slices.search.tasks,
        cacheDir: context.cacheDir,
        reposDir: context.reposDir,
        dir: context.dir,
        offlineUrl: context.offlineUrl,
        split: `${config.dataset}/${config.search.slice}`,
        log: context.log,
      }),
  };
}
