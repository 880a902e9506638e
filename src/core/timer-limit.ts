/**
 * The longest time limit agent-track accepts, in seconds: Node's timers hold a signed 32-bit count
 * of milliseconds, and a longer delay fires after 1 ms (every rollout would time out at once).
 * 2,147,483 s is 24.8 days.
 */
export const MAX_TIMEOUT_SECONDS = Math.floor((2 ** 31 - 1) / 1000);
