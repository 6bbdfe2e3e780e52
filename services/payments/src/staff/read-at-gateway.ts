/**
 * Reads each item at the gateway with `read`, `concurrency` at a time, starting none after
 * `deadline` (epoch ms): the reconciliation answers an HTTP call. Answers, in the items' order,
 * what each read gave, `error` when it threw, or `skipped` when the time ran out first.
 */
export async function readAtGateway<T, R>(
  items: readonly T[],
  options: { concurrency: number; deadline: number },
  read: (item: T) => Promise<R>,
): Promise<({ read: R } | { error: Error } | { skipped: true })[]> {
  const results: ({ read: R } | { error: Error } | { skipped: true })[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) {
      if (Date.now() > options.deadline) {
        results[index] = { skipped: true };
        continue;
      }
      try {
        results[index] = { read: await read(items[index] as T) };
      } catch (error) {
        results[index] = { error: error instanceof Error ? error : new Error(String(error)) };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  return results;
}
