/**
 * English stop words dropped from queries when `query.stop_words` is on: the glue of a question
 * ("how does the ... work") that matches every piece and ranks none.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again all am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing done down during each few for from further had has have having he her here hers ' +
    'him his how i if in into is it its itself just me more most my no nor not now of off on once only or other ' +
    'our out over own same she should so some such than that the their them then there these they this those ' +
    'through to too under until up very was we were what when where which while who whom why will with would you your'
  ).split(' '),
);
