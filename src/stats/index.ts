/**
 * The public surface of `agent-track/stats`: the numbers every report rests on, with scipy's
 * semantics. Named exports only; this file is the complete list.
 */
export type { BootstrapInterval, BootstrapOptions } from './bootstrap.js';
export { bootstrapCI, bootstrapCIs } from './bootstrap.js';
export type { ClusteredOptions, ClusteredResult } from './clustered.js';
export { clusteredPairedTest, MIN_CLUSTERS_FOR_INTERVAL } from './clustered.js';
export type { MaybeNumber } from './defined.js';
export type {
  EquivalenceOptions,
  EquivalenceResult,
  MarginResult,
  NonInferiorityOptions,
} from './equivalence.js';
export { equivalenceTest, nonInferiorityTest } from './equivalence.js';
export { hamiltonApportion } from './hamilton.js';
export { holmAdjusted } from './holm.js';
export { type MarginPowerOptions, marginPower, marginTasksNeeded } from './margin-power.js';
export type { McNemarResult } from './mcnemar.js';
export { mcnemarExact } from './mcnemar.js';
export type { PairedValues, ValuesByTask } from './pair-values.js';
export { pairValues } from './pair-values.js';
export type { PairedOptions, PairedResult } from './paired.js';
export { pairedComparison } from './paired.js';
export { percentile } from './percentile.js';
export type { MdeOptions, PowerAtOptions, SmallSample, TasksNeededOptions } from './power.js';
export { minimumDetectableEffect, powerAtEffect, tasksNeeded } from './power.js';
export type {
  BinaryMdeOptions,
  BinaryMethod,
  BinaryPowerAtOptions,
  BinaryTasksNeededOptions,
} from './power-binary.js';
export { minimumDetectableEffectBinary, powerAtEffectBinary, tasksNeededBinary } from './power-binary.js';
export type { PowerOptions, Sided } from './power-options.js';
export type { RandomSource } from './random.js';
export { createRandom, shuffled } from './random.js';
export type { RepeatedSdOptions, VarianceComponents } from './repeats.js';
export { repeatedSd, varianceComponents } from './repeats.js';
export type { SequentialDesign, SequentialOptions, Spending } from './sequential.js';
export { sequentialBoundaries } from './sequential.js';
export type { LookDecision } from './sequential-look.js';
export { lookDecision, lookSizes } from './sequential-look.js';
export type { SequentialOutcome } from './sequential-outcome.js';
export { futilityBoundaries, plannedDrift, sequentialOutcome } from './sequential-outcome.js';
export { sequentialZ } from './sequential-statistic.js';
export type { Split, SplitOptions } from './split.js';
export { stratifiedSplit } from './split.js';
export type { Alternative, WilcoxonOptions, WilcoxonResult } from './wilcoxon.js';
export { wilcoxonSignedRank } from './wilcoxon.js';
