/**
 * An answer already validated against its route's schema and serialized, sent as is past the
 * route's serializer. For hot answers assembled from cached parts: validating and serializing
 * the same ten item summaries on every page lookup was a third of its cost (docs/benchmarks.md).
 * The type parameter names what the text holds, so a handler can only return the text of its
 * route's answer.
 */
export class JsonText<T> {
  /**
   * The JSON text, sent as a string: Node writes a string answer and its headers to the socket
   * in one write, while a Buffer goes through a corked two-chunk writev that cost the page
   * lookup 12 µs more per answer (issue 17, docs/benchmarks.md).
   */
  readonly text: string;

  /** @param text JSON of a value of type `T` that its schema accepted. */
  constructor(text: string) {
    this.text = text;
  }

  // Keeps `T` in the type, so JsonText<A> is not assignable to JsonText<B>.
  declare private readonly holds?: T;
}
