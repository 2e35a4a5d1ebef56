/**
 * An answer already validated against its route's schema and serialized, sent as is past the
 * route's serializer. For hot answers assembled from cached parts: validating and serializing
 * the same ten item summaries on every page lookup was a third of its cost (docs/benchmarks.md).
 * The text is encoded to UTF-8 once, here: an answer kept in a cache is written to the socket as
 * the same bytes every time, without measuring or encoding a string per request.
 * The type parameter names what the text holds, so a handler can only return the text of its
 * route's answer.
 */
export class JsonText<T> {
  /** The JSON text as UTF-8 bytes, what the route sends. */
  readonly bytes: Buffer;

  /** @param text JSON of a value of type `T` that its schema accepted. */
  constructor(text: string) {
    this.bytes = Buffer.from(text, 'utf8');
  }

  // Keeps `T` in the type, so JsonText<A> is not assignable to JsonText<B>.
  declare private readonly holds?: T;
}
