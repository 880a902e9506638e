/**
 * What a plan assumes of a rollout before any has run, each default with the flag that changes it:
 * the before-after plan and the optimizer's worst cases both start from these.
 */
export const PLAN_DEFAULTS = Object.freeze({
  turnBudget: 12,
  callsPerTurn: 2,
  contextTokensPerTurn: 4000,
  outputTokensPerTurn: 500,
});
