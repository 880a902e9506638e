/** A tool's output as LangChain serializes a `ToolMessage`: its text, the call it answers, whether it failed. */
export interface ToolMessageOutput {
  content: string;
  call_id: string | undefined;
  /** The content, when the message says the call failed (`status: "error"`). */
  error: string | undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// A message's content: a string, or its parts' text (other parts as JSON), joined by newlines.
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return JSON.stringify(content) ?? '';
  return content
    .map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : JSON.stringify(part)))
    .join('\n');
}

/**
 * A TOOL span's `output.value` when LangChain.js wrote it (OpenInference's LangChain instrumentation
 * records the tool's return, a serialized `ToolMessage`, `{"output": {"lc": 1, "type":
 * "constructor", "id": [..., "ToolMessage"], "kwargs": {content, tool_call_id, status}}}`): the
 * text the model was given, the id of the call it answers and, with `status: "error"`, the failure.
 * `undefined` for any other value, which is then the result as it is.
 *
 * @example
 * toolMessageOutput('{"output":{"lc":1,"type":"constructor","id":["langchain_core","messages","ToolMessage"],"kwargs":{"content":"a.py","tool_call_id":"c1"}}}');
 * // { content: 'a.py', call_id: 'c1', error: undefined }
 */
export function toolMessageOutput(raw: string | undefined): ToolMessageOutput | undefined {
  if (raw === undefined || !raw.includes('ToolMessage')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const message = isRecord(value) && isRecord(value.output) ? value.output : value;
  if (!isRecord(message) || message.lc !== 1 || !isRecord(message.kwargs)) return undefined;
  const id = message.id;
  if (!Array.isArray(id) || id.at(-1) !== 'ToolMessage') return undefined;
  const { kwargs } = message;
  const content = textOf(kwargs.content);
  return {
    content,
    call_id: typeof kwargs.tool_call_id === 'string' ? kwargs.tool_call_id : undefined,
    error: kwargs.status === 'error' ? content : undefined,
  };
}
