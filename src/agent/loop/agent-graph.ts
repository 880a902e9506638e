import { Annotation, END, START, StateGraph } from '@langchain/langgraph';

export { GraphRecursionError } from '@langchain/langgraph';

import type { ChatMessage, CompletionResult, ToolChoice } from '../llm/providers/chat-provider.js';
import { type Architecture, REWRITE_INSTRUCTIONS, rewrittenQuestion } from './architecture.js';

/** What the graph's nodes call: the model (recording each reply) and the tools (recording each call). */
export interface AgentSteps {
  /** One model turn; `tools: false` offers no tools at all (the rewrite step). */
  complete(
    messages: readonly ChatMessage[],
    options: { turn: number; toolChoice: ToolChoice; tools: boolean },
  ): Promise<CompletionResult>;
  /** Runs the calls a message proposed and returns one tool message per call. */
  runTools(reply: CompletionResult): Promise<ChatMessage[]>;
}

export interface AgentGraphOptions {
  architecture: Architecture;
  /** Model turns that may call tools; one more, tool-less, follows when the last of them still did. */
  turnBudget: number;
  steps: AgentSteps;
}

const replace = <T>(initial: () => T) => Annotation<T>({ reducer: (_, next) => next, default: initial });

/** The graph's state: the conversation, the turn count and the last reply. */
export const AgentState = Annotation.Root({
  system: replace<string>(() => ''),
  question: replace<string>(() => ''),
  messages: Annotation<ChatMessage[]>({ reducer: (all, more) => all.concat(more), default: () => [] }),
  turns: replace<number>(() => 0),
  last: replace<CompletionResult | null>(() => null),
  /** The last turn was the final one, offered no tool calls. */
  final: replace<boolean>(() => false),
});
type State = typeof AgentState.State;

function assistant(reply: CompletionResult): ChatMessage {
  return {
    role: 'assistant',
    content: reply.message.content,
    tool_calls: reply.message.tool_calls,
    ...(reply.message.provider_content === undefined
      ? {}
      : { provider_content: reply.message.provider_content }),
  };
}

/**
 * The agent as a LangGraph `StateGraph`: `start -> model -> tools -> model ...`. The variants differ
 * in how the conversation opens: `react` asks the question as given; `rewrite` first asks the model
 * (no tools) to rewrite it as a search query and opens with both. A model turn past `turnBudget` is
 * offered the tools with `toolChoice: 'none'` and always ends the run.
 *
 * @example
 * const graph = buildAgentGraph({ architecture: 'react', turnBudget: 12, steps });
 * const state = await graph.invoke({ system, question }, { recursionLimit: 40 });
 */
export function buildAgentGraph(options: AgentGraphOptions) {
  const { steps, turnBudget } = options;
  const open = async (state: State): Promise<Partial<State>> => ({
    messages: [
      { role: 'system', content: state.system },
      { role: 'user', content: state.question },
    ],
  });
  const rewrite = async (state: State): Promise<Partial<State>> => {
    const reply = await steps.complete(
      [
        { role: 'system', content: REWRITE_INSTRUCTIONS },
        { role: 'user', content: state.question },
      ],
      { turn: 1, toolChoice: 'none', tools: false },
    );
    return {
      turns: 1,
      messages: [
        { role: 'system', content: state.system },
        { role: 'user', content: rewrittenQuestion(state.question, reply.message.content) },
      ],
    };
  };
  const model = async (state: State): Promise<Partial<State>> => {
    const turn = state.turns + 1;
    const final = turn > turnBudget;
    const reply = await steps.complete(state.messages, {
      turn,
      toolChoice: final ? 'none' : 'auto',
      tools: true,
    });
    return { messages: [assistant(reply)], turns: turn, last: reply, final };
  };
  const tools = async (state: State): Promise<Partial<State>> => ({
    messages: await steps.runTools(state.last!),
  });
  const next = (state: State): 'tools' | typeof END =>
    state.final || (state.last?.message.tool_calls.length ?? 0) === 0 ? END : 'tools';
  return new StateGraph(AgentState)
    .addNode('open', options.architecture === 'rewrite' ? rewrite : open)
    .addNode('model', model)
    .addNode('tools', tools)
    .addEdge(START, 'open')
    .addEdge('open', 'model')
    .addConditionalEdges('model', next, ['tools', END])
    .addEdge('tools', 'model')
    .compile();
}

/** Supersteps the graph needs for a budget, with room to spare: past it LangGraph stops the run. */
export function recursionLimitFor(turnBudget: number): number {
  return 2 * (turnBudget + 1) + 4;
}
