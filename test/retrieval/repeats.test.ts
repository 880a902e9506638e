import { expect, test } from 'vitest';
import { rolloutTask, rolloutTasks, taskIdOf } from '../../src/retrieval/index.js';

const task = (id: string) => ({ id, question: 'Where?', gold: { files: ['a.py'] } });

test('each task K times, task by task; the first repeat keeps the id; taskIdOf maps back', () => {
  const rollouts = rolloutTasks([task('cart'), task('tax~rate')], 2);
  expect(rollouts.map((r) => [r.id, r.repeat])).toEqual([
    ['cart', undefined],
    ['cart~2', 2],
    ['tax~rate', undefined],
    ['tax~rate~2', 2],
  ]);
  expect(rollouts.map(taskIdOf)).toEqual(['cart', 'cart', 'tax~rate', 'tax~rate']);
});

test("a task named like another task's repeat, or naming `repeat` itself, is refused by name", () => {
  expect(() => rolloutTasks([task('a'), task('a~2')], 2)).toThrow(
    "with 2 repeats two rollouts would share the id `a~2` (a task of that name and another task's repeat): rename the task",
  );
  // One repeat: no rollout is renamed, so no collision.
  expect(rolloutTasks([task('a'), task('a~2')], 1)).toHaveLength(2);
  expect(() => rolloutTask({ ...task('x'), repeat: 2 }, 1)).toThrow(
    'task `x` names `repeat` itself: that key is set by a campaign for its rollouts, never in a task file',
  );
});
