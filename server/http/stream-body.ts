/**
 * A response body streamed from an async sequence of text chunks (the members CSV, the sitemap). The first
 * chunk is read before the response starts, so a fault at the outset (database down) still becomes the usual
 * error answer (a Hebrew 503) rather than a 200 cut short; later chunks are pulled only as the client reads.
 */
export async function streamBody(chunks: AsyncIterable<string>): Promise<ReadableStream<Uint8Array>> {
  const iterator = chunks[Symbol.asyncIterator]();
  const first = await iterator.next();
  const encoder = new TextEncoder();
  let pending: IteratorResult<string> | undefined = first;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const result = pending ?? (await iterator.next());
      pending = undefined;
      if (result.done) controller.close();
      else controller.enqueue(encoder.encode(result.value));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
