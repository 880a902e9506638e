import { AgentTrackError } from '../../core/index.js';
import type { Task } from './schema.js';

/**
 * A campaign that runs each task K times gives every (task, repeat) its own rollout: the first
 * repeat keeps the task's id (so a one-repeat campaign is what it always was), repeat k >= 2 is
 * the task with id `<id>~<k>` and `repeat: k` (the harness sends it on, and the model's seed
 * moves with it). The paired unit stays the task (`taskIdOf`).
 */

/** The rollout id of repeat `k` (1-based) of a task. */
export function rolloutId(taskId: string, repeat: number): string {
  return repeat === 1 ? taskId : `${taskId}~${repeat}`;
}

/**
 * A rollout id read back into its task id and repeat (`rolloutId`'s inverse): `cart~2` is repeat 2
 * of `cart`; an id without a `~<k>` suffix (k >= 2) is repeat 1 of itself.
 *
 * @example
 * rolloutRepeatOf('cart~2'); // { taskId: 'cart', repeat: 2 }
 * rolloutRepeatOf('cart');   // { taskId: 'cart', repeat: 1 }
 */
export function rolloutRepeatOf(id: string): { taskId: string; repeat: number } {
  const match = /^(.+)~([2-9]|[1-9]\d+)$/.exec(id);
  return match === null ? { taskId: id, repeat: 1 } : { taskId: match[1]!, repeat: Number(match[2]) };
}

/**
 * Repeat `k` of a task as the task record its rollout runs.
 *
 * @example
 * rolloutTask({ id: 'cart', question: 'Where?', gold: { files: ['a.py'] } }, 2);
 * // { id: 'cart~2', question: 'Where?', gold: { files: ['a.py'] }, repeat: 2 }
 */
export function rolloutTask(task: Task, repeat: number): Task {
  if (task.repeat !== undefined) {
    throw new AgentTrackError(
      'TASK_REPEAT_RESERVED',
      `task \`${task.id}\` names \`repeat\` itself: that key is set by a campaign for its rollouts, never in a task file`,
      { data: { id: task.id, repeat: task.repeat } },
    );
  }
  return repeat === 1 ? task : { ...task, id: rolloutId(task.id, repeat), repeat };
}

/**
 * The id of the task a rollout belongs to (a repeat k >= 2 carries `repeat` and the id
 * `rolloutTask` gave it).
 *
 * @example
 * taskIdOf({ id: 'cart~2', repeat: 2, question: 'Where?', gold: { files: ['a.py'] } }); // 'cart'
 */
export function taskIdOf(rollout: Task): string {
  return rollout.repeat === undefined ? rollout.id : rollout.id.slice(0, -`~${rollout.repeat}`.length);
}

/**
 * Every task's K rollouts, task by task (so a campaign stopped early leaves whole tasks).
 *
 * @example
 * rolloutTasks(tasks, 3).map((t) => t.id); // ['cart', 'cart~2', 'cart~3', 'tax', 'tax~2', 'tax~3']
 */
export function rolloutTasks(tasks: readonly Task[], repeats: number): Task[] {
  const out = tasks.flatMap((task) => Array.from({ length: repeats }, (_, i) => rolloutTask(task, i + 1)));
  // A task named like another's repeat (`a` and `a~2` with K >= 2) would share its rollout's files.
  const seen = new Set<string>();
  for (const rollout of out) {
    if (seen.has(rollout.id)) {
      throw new AgentTrackError(
        'TASK_REPEAT_COLLISION',
        `with ${repeats} repeats two rollouts would share the id \`${rollout.id}\` (a task of that name and another task's repeat): rename the task`,
        { data: { id: rollout.id, repeats } },
      );
    }
    seen.add(rollout.id);
  }
  return out;
}
