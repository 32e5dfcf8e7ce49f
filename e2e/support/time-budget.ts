import { timeFactor } from './time-factor.mjs';

/**
 * The machine's time factor (support/time-factor.mjs): E2E_TIME_FACTOR, measured once by the config
 * when unset and inherited by the workers.
 */
export const TIME_FACTOR = timeFactor();

/** A time budget in milliseconds, given as what a quick, quiet machine needs, scaled for this one. */
export const budget = (ms: number): number => Math.round(ms * TIME_FACTOR);
