/**
 * Okabe and Ito's colourblind-safe palette ("Color Universal Design", 2008), the only colours the
 * figures use, plus one neutral grey for "neither".
 */
export const OKABE_ITO = {
  orange: '#E69F00',
  skyBlue: '#56B4E9',
  bluishGreen: '#009E73',
  yellow: '#F0E442',
  blue: '#0072B2',
  vermillion: '#D55E00',
  reddishPurple: '#CC79A7',
  black: '#000000',
} as const;

export const NEUTRAL_GREY = '#8C8C8C';

/** Series colours in order (yellow last: it is faint on white). */
export const SERIES_COLOURS: readonly string[] = [
  OKABE_ITO.blue,
  OKABE_ITO.orange,
  OKABE_ITO.bluishGreen,
  OKABE_ITO.vermillion,
  OKABE_ITO.reddishPurple,
  OKABE_ITO.skyBlue,
  OKABE_ITO.black,
  OKABE_ITO.yellow,
];

/** A forest row's verdict: its colour is fixed so every report reads the same. */
export const VERDICT_COLOURS = {
  better: OKABE_ITO.blue,
  worse: OKABE_ITO.vermillion,
  neither: NEUTRAL_GREY,
} as const;

/** One colour per outcome (and per lost rollout), fixed across reports. */
export const OUTCOME_COLOURS: Readonly<Record<string, string>> = {
  answered: OKABE_ITO.bluishGreen,
  exhausted_finalized: OKABE_ITO.skyBlue,
  budget_exhausted: OKABE_ITO.orange,
  timeout: OKABE_ITO.vermillion,
  starved_reply: OKABE_ITO.reddishPurple,
  unanswered_empty: OKABE_ITO.yellow,
  unrecorded: OKABE_ITO.blue,
  failed_rollout: OKABE_ITO.black,
};
