/** `application/json` or any `application/…+json` (problem+json, vnd.api+json), parameters aside. */
export const isJsonType = (contentType: string | null): boolean =>
  /^application\/([\w.-]+\+)?json$/i.test((contentType ?? '').split(';', 1)[0]!.trim());

/**
 * A 2xx answer's payload: undefined when it has no body (204, or an empty 201 or 200), the parsed
 * JSON when its content type says JSON, else why not (`problem`): an HTML page where JSON was
 * expected (a proxy's error page, an app's index.html served for an unknown path) is never parsed.
 * The response schema decides whether undefined is acceptable (performCall).
 */
export async function readPayload(response: Response): Promise<{ payload: unknown } | { problem: string }> {
  // Aborted (the caller left, or the timeout) while reading: the rejection is an abort, passed on.
  const text = await response.text();
  if (response.status === 204 || text === '') return { payload: undefined };
  const type = response.headers.get('content-type');
  if (!isJsonType(type)) return { problem: `the answer's content type is ${type ? `"${type}"` : 'missing'}, not JSON` };
  try {
    return { payload: JSON.parse(text) as unknown };
  } catch {
    return { problem: 'the answer is not JSON' };
  }
}
