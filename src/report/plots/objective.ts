import type { TopLevelSpec } from 'vega-lite';
import type { ObjectivePoint, ObjectiveTrace } from '../objective-schema.js';
import { OKABE_ITO } from './palette.js';

/** The incumbent's objective as a step over spend: it changes only where a candidate was accepted. */
export function incumbentSteps(points: readonly ObjectivePoint[]) {
  const ordered = [...points].sort((a, b) => a.spend_usd - b.spend_usd);
  const steps = ordered
    .filter((p) => p.accepted)
    .map((p) => ({ spend_usd: p.spend_usd, objective: p.objective }));
  const last = steps.at(-1);
  const end = ordered.at(-1)?.spend_usd ?? 0;
  if (last !== undefined && end > last.spend_usd) steps.push({ spend_usd: end, objective: last.objective });
  return steps;
}

/**
 * The optimizer's progress: each confirmed candidate's objective (with its interval) against the
 * dollars spent when it was measured, accepted ones filled, rejected ones hollow, and the
 * incumbent as a step line. Marks are named `objective_point` and `objective_interval`.
 *
 * @example
 * const { svg } = await renderSvg(objectiveSpec({ points: [{ label: 'start', spend_usd: 0, objective: 0.4, low: 0.3, high: 0.5, accepted: true }] }));
 */
export function objectiveSpec(trace: ObjectiveTrace): TopLevelSpec {
  const values = trace.points.map((p) => ({ ...p, status: p.accepted ? 'accepted' : 'rejected' }));
  const x = { type: 'quantitative', title: 'spend so far, USD', scale: { domainMin: 0 } } as const;
  const y = {
    type: 'quantitative',
    title: 'objective (95% interval)',
    scale: { zero: false, padding: 14 },
  } as const;
  const color = {
    field: 'status',
    type: 'nominal',
    title: null,
    scale: { domain: ['accepted', 'rejected'], range: [OKABE_ITO.blue, OKABE_ITO.vermillion] },
  } as const;
  return {
    title: {
      text: 'Optimizer: the objective over spend',
      subtitle: 'line: the incumbent; points: each confirmed candidate',
    },
    width: 420,
    height: 260,
    layer: [
      {
        data: { values: incumbentSteps(trace.points) },
        mark: {
          type: 'line',
          interpolate: 'step-after',
          color: OKABE_ITO.blue,
          strokeWidth: 1.5,
          opacity: 0.7,
        },
        encoding: { x: { field: 'spend_usd', ...x }, y: { field: 'objective', ...y } },
      },
      {
        data: { values },
        layer: [
          {
            name: 'objective_interval',
            mark: { type: 'rule', strokeWidth: 1.5 },
            encoding: {
              x: { field: 'spend_usd', ...x },
              y: { field: 'low', ...y },
              y2: { field: 'high' },
              color,
            },
          },
          {
            name: 'objective_point',
            mark: { type: 'point', size: 70, strokeWidth: 2, opacity: 1 },
            encoding: {
              x: { field: 'spend_usd', ...x },
              y: { field: 'objective', ...y },
              color,
              fill: {
                ...color,
                scale: { domain: ['accepted', 'rejected'], range: [OKABE_ITO.blue, 'white'] },
              },
            },
          },
          {
            mark: { type: 'text', align: 'left', dx: 7, dy: -7, fontSize: 10, color: '#333333' },
            encoding: {
              x: { field: 'spend_usd', ...x },
              y: { field: 'objective', ...y },
              text: { field: 'label' },
            },
          },
        ],
      },
    ],
  };
}
