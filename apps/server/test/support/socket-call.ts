/** A call sent over a real connection: what `inject` cannot show (the socket's timeouts). */
export type SocketCall = {
  method: 'GET' | 'POST' | 'DELETE' | 'PUT';
  url: string;
  payload?: unknown;
};

/** The answer to a {@link SocketCall}. */
export type SocketAnswer = { statusCode: number; body: string };

/**
 * Sends `call` to the app listening at `baseUrl` with the headers of `as`, a JSON payload as JSON,
 * and reads the answer. A connection the server closes before answering rejects.
 */
export async function callOverSocket(
  baseUrl: string,
  as: { authorization: string },
  call: SocketCall,
): Promise<SocketAnswer> {
  const answer = await fetch(`${baseUrl}${call.url}`, {
    method: call.method,
    headers: {
      authorization: as.authorization,
      ...(call.payload !== undefined && { 'content-type': 'application/json' }),
    },
    ...(call.payload !== undefined && { body: JSON.stringify(call.payload) }),
  });
  return { statusCode: answer.status, body: await answer.text() };
}
