import { describe, expect, it } from 'vitest';
import { scoreValue } from '../../../src/report/eval-logs/inspect-log.js';
import { compareEvalRuns, type EvalRun } from '../../../src/report/index.js';

function run(file: string, samples: [string, number, Record<string, number | null>][]): EvalRun {
  return {
    format: 'inspect',
    file,
    label: `task · ${file}`,
    samples: samples.map(([id, epoch, scores]) => ({ id, epoch, scores })),
  };
}

describe('scoreValue: a Score value as Inspect value_to_float reads it', () => {
  it('maps letters, booleans, yes/no and numeric strings; anything else is null, not 0', () => {
    expect(['C', 'P', 'I', 'N', true, false, 'Yes', 'false', '0.25', 3].map(scoreValue)).toEqual([
      1, 0.5, 0, 0, 1, 0, 1, 0, 0.25, 3,
    ]);
    expect([[1], 'maybe', '', null, Number.NaN].map(scoreValue)).toEqual([null, null, null, null, null]);
  });
});

describe('compareEvalRuns', () => {
  // 10 samples. match: A 1110000011 (0.5), B 1111111011 (0.9) -> 4 discordant, all 0 -> 1: McNemar
  // exact two-sided p = 2 * 0.5^4 = 0.125, delta 0.4. tokens: B - A = 1..5 on s0..s4 (s5..s9
  // undefined in B): five positive differences, exact Wilcoxon two-sided p = 2 / 2^5 = 0.0625.
  const a = run(
    'a.eval',
    [1, 1, 1, 0, 0, 0, 0, 0, 1, 1].map((m, i) => [`s${i}`, 1, { match: m, tokens: 10 * i }]),
  );
  const b = run(
    'b.eval',
    [1, 1, 1, 1, 1, 1, 1, 0, 1, 1].map((m, i) => [
      `s${i}`,
      1,
      { match: m, tokens: i < 5 ? 10 * i + i + 1 : null },
    ]),
  );

  it('pairs by id: McNemar on a 0/1 metric, Wilcoxon on a continuous one, both two-sided, Holm across', () => {
    const cmp = compareEvalRuns(a, b);
    expect(cmp.paired).toBe(10);
    const [match, tokens] = cmp.rows;
    expect(match).toMatchObject({
      metric: 'match',
      kind: 'binary',
      test: 'mcnemar',
      pairs: 10,
      a: 0.5,
      b: 0.9,
    });
    expect(match!.delta).toBeCloseTo(0.4, 12);
    expect(match!.pvalue).toBeCloseTo(0.125, 12);
    expect(tokens).toMatchObject({
      metric: 'tokens',
      kind: 'continuous',
      test: 'wilcoxon',
      pairs: 5,
      a: 20,
      b: 23,
    });
    expect(tokens!.delta).toBeCloseTo(3, 12);
    expect(tokens!.pvalue).toBeCloseTo(0.0625, 12);
    // Holm over (0.125, 0.0625): 0.0625 * 2 = 0.125, then max(0.125, 0.125 * 1) = 0.125.
    expect(match!.adjusted).toBeCloseTo(0.125, 12);
    expect(tokens!.adjusted).toBeCloseTo(0.125, 12);
    expect(match!.low).not.toBeNull();
    // Five pairs cannot reach 0.05 two-sided (best p = 2 / 2^5): nothing is detectable, n/a.
    expect(tokens!.mde).toBeNull();
    // Ten pairs, 4 discordant: even all 4 going one way is under 80% power: n/a.
    expect(match!.mde).toBeNull();
  });

  it('the MDE of a 0/1 metric is the exact McNemar one at the pairs and discordant share seen', () => {
    // 60 samples, 18 discordant (0.3): 9 each way.
    const values = (flip: boolean) =>
      Array.from({ length: 60 }, (_, i): [string, number, Record<string, number>] => [
        `s${i}`,
        1,
        { pass: i < 18 ? Number((i % 2 === 0) !== flip) : 1 },
      ]);
    const [row] = compareEvalRuns(run('a.eval', values(false)), run('b.eval', values(true))).rows;
    expect(row).toMatchObject({ pairs: 60, kind: 'binary', delta: 0, pvalue: 1 });
    // minimumDetectableEffectBinary({ discordantRate: 0.3, n: 60, alpha: 0.05, power: 0.8, sided: 'two' })
    expect(row!.mde).toBeCloseTo(0.200529, 5);
  });

  it('folds repeats to their mean (a 0/1 metric then tested as continuous) and names the unpaired samples', () => {
    const withEpochs = run('c.eval', [
      ['s0', 1, { match: 1 }],
      ['s0', 2, { match: 0 }],
      ['s0', 3, { match: 1 }],
      ['s1', 1, { match: 0 }],
      ['s1', 2, { match: null }],
      ['extra', 1, { match: 1 }],
    ]);
    const other = run('d.eval', [
      ['s0', 1, { match: 1 }],
      ['s1', 1, { match: 1 }],
      ['gone', 1, { match: 0 }],
    ]);
    const cmp = compareEvalRuns(withEpochs, other);
    expect(cmp.a).toMatchObject({ samples: 3, repeats: 3 });
    expect(cmp.paired).toBe(2);
    expect(cmp.onlyInA).toEqual(['extra']);
    expect(cmp.onlyInB).toEqual(['gone']);
    const [match] = cmp.rows;
    // s0: 2/3 vs 1, s1: 0 (one defined repeat) vs 1.
    expect(match).toMatchObject({ kind: 'continuous', test: 'wilcoxon', pairs: 2, b: 1 });
    expect(match!.a).toBeCloseTo(1 / 3, 12);
  });

  it('a metric neither run measured is n/a, never 0', () => {
    const cmp = compareEvalRuns(
      run('a.eval', [['s', 1, { cost: null }]]),
      run('b.eval', [['s', 1, { cost: null }]]),
    );
    expect(cmp.rows[0]).toMatchObject({
      pairs: 0,
      a: null,
      b: null,
      delta: null,
      pvalue: null,
      adjusted: null,
      mde: null,
    });
  });

  it('refuses two runs of different tools', () => {
    expect(() => compareEvalRuns(run('a.eval', []), { ...run('b.json', []), format: 'promptfoo' })).toThrow(
      /a\.eval is inspect and b\.json is promptfoo/,
    );
  });
});
