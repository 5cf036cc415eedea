/**
 * Polls `fn` until it returns something truthy (errors count as "not yet"), for what background work
 * (projections, the channel worker, socket pushes) makes true a moment later. Fails with the last
 * answer after `timeoutMs`.
 */
export async function eventually<T>(
  fn: () => Promise<T | null | undefined | false>,
  timeoutMs = 8_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
      last = v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline)
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}: ${last instanceof Error ? last.message : JSON.stringify(last)}`,
      );
    await new Promise((r) => setTimeout(r, 50));
  }
}
