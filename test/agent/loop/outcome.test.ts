import { describe, expect, test } from 'vitest';
import {
  classifyOutcome,
  NEED_MORE_STEPS_REPLY,
  type OutcomeInput,
} from '../../../src/agent/loop/outcome.js';

const base: OutcomeInput = Object.freeze({
  timedOut: false,
  recursionLimitHit: false,
  finalTurn: false,
  thinking: false,
  last: { content: 'It is in shop/cart.py:1-3', finish_reason: 'stop', tool_calls: 0 },
});
const reply = (content: string, finish_reason: string | null = 'stop', tool_calls = 0) => ({
  content,
  finish_reason,
  tool_calls,
});

describe('classifyOutcome', () => {
  test.each<[string, Partial<OutcomeInput>, string, string | null]>([
    ['a plain answer', {}, 'answered', 'It is in shop/cart.py:1-3'],
    [
      'the timeout wins over everything',
      { timedOut: true, recursionLimitHit: true, finalTurn: true },
      'timeout',
      null,
    ],
    ['the timeout with no reply at all', { timedOut: true, last: null }, 'timeout', null],
    ['the recursion limit', { recursionLimitHit: true }, 'budget_exhausted', null],
    [
      "LangGraph's canned reply is never an answer",
      { last: reply(NEED_MORE_STEPS_REPLY) },
      'budget_exhausted',
      null,
    ],
    [
      'the canned reply with whitespace around it',
      { last: reply(`  ${NEED_MORE_STEPS_REPLY}\n`) },
      'budget_exhausted',
      null,
    ],
    [
      'the final turn answered',
      { finalTurn: true, last: reply('Best guess: shop/cart.py') },
      'exhausted_finalized',
      'Best guess: shop/cart.py',
    ],
    [
      'the final turn answered while still proposing calls',
      { finalTurn: true, last: reply('Partial: cart.py', 'tool_calls', 1) },
      'exhausted_finalized',
      'Partial: cart.py',
    ],
    [
      'the final turn gave no text',
      { finalTurn: true, last: reply('', 'tool_calls', 2) },
      'budget_exhausted',
      null,
    ],
    [
      'the final turn starved while thinking: the budget decides first',
      { finalTurn: true, thinking: true, last: reply('', 'length') },
      'budget_exhausted',
      null,
    ],
    [
      'empty, cut at the limit, thinking on',
      { thinking: true, last: reply('', 'length') },
      'starved_reply',
      null,
    ],
    [
      'whitespace only, cut at the limit, thinking on',
      { thinking: true, last: reply(' \n ', 'length') },
      'starved_reply',
      null,
    ],
    ['empty, cut at the limit, thinking off', { last: reply('', 'length') }, 'unanswered_empty', null],
    [
      'empty, thinking on, stopped normally',
      { thinking: true, last: reply('', 'stop') },
      'unanswered_empty',
      null,
    ],
    ['empty stop', { last: reply('') }, 'unanswered_empty', null],
    ['no reply at all', { last: null }, 'unanswered_empty', null],
    [
      'a non-empty reply cut at the limit is still an answer',
      { thinking: true, last: reply('shop/cart.py', 'length') },
      'answered',
      'shop/cart.py',
    ],
  ])('%s', (_, change, outcome, answer) => {
    expect(classifyOutcome({ ...base, ...change })).toEqual({ outcome, answer });
  });
});
