/**
 * The Temporal namespace of this test worker. Test files run in parallel, and some workflow ids are
 * fixed (the demo company's renewal, say): each vitest worker keeps a namespace of its own, where its
 * files run one after another as they did when the whole suite ran in one process.
 * scripts/setup.mjs --for-tests registers them (TEST_NAMESPACES of them).
 */
export const TEST_NAMESPACES = 8;

export function testNamespace(): string {
  const pool = Number(process.env.VITEST_POOL_ID ?? 1);
  return `zelo-test-${((pool - 1) % TEST_NAMESPACES) + 1}`;
}
