/**
 * An answer already validated against its route's schema and serialized, sent as is past the
 * route's serializer. For hot answers assembled from cached parts: validating and serializing
 * the same ten item summaries on every page lookup was a third of its cost (docs/benchmarks.md).
 * The type parameter names what the text holds, so a handler can only return the text of its
 * route's answer.
 */
export class JsonText<T> {
  /** @param text JSON of a value of type `T` that its schema accepted. */
  constructor(readonly text: string) {}

  // Keeps `T` in the type, so JsonText<A> is not assignable to JsonText<B>.
  declare private readonly holds?: T;
}
