// The event store contract against EventStoreDB: the server named by EVENTSTORE_URL (for example
// esdb://localhost:2113?tls=false), or else a throw-away container when a Docker engine answers.
// Neither exists on the build machines, where this file reports why it skips.
import { describe, it } from 'vitest';
import { eventStoreContract } from './event-store.contract.ts';
import { EventStoreDBEventStore } from './eventstoredb.ts';

const image = process.env.EVENTSTORE_IMAGE ?? 'eventstore/eventstore:24.10';

async function dockerAnswers(): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await Promise.race([
      getContainerRuntimeClient(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer within 15 s')), 15_000);
      }),
    ]);
    return null;
  } catch (err) {
    return (err as Error).message;
  } finally {
    clearTimeout(timer);
  }
}

const url = process.env.EVENTSTORE_URL;
const dockerProblem = url ? null : await dockerAnswers();

if (url) {
  eventStoreContract(`EventStoreDB at ${url}`, async () => {
    const store = new EventStoreDBEventStore(url);
    return { store, teardown: () => store.close() };
  });
} else if (dockerProblem === null) {
  eventStoreContract(
    `EventStoreDB in a container (${image})`,
    async () => {
      const { GenericContainer, Wait } = await import('testcontainers');
      const container = await new GenericContainer(image)
        .withEnvironment({
          EVENTSTORE_INSECURE: 'true',
          EVENTSTORE_MEM_DB: 'true',
          EVENTSTORE_CLUSTER_SIZE: '1',
          EVENTSTORE_RUN_PROJECTIONS: 'None',
        })
        .withExposedPorts(2113)
        .withWaitStrategy(
          Wait.forHttp('/health/live', 2113).forStatusCodeMatching((s) => s >= 200 && s < 300),
        )
        .withStartupTimeout(120_000)
        .start();
      const store = new EventStoreDBEventStore(
        `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`,
      );
      return {
        store,
        teardown: async () => {
          await store.close();
          await container.stop();
        },
      };
    },
    { setupTimeoutMs: 300_000 },
  );
} else {
  const reason = `EventStoreDB contract skipped: EVENTSTORE_URL is not set and no Docker engine answers (${dockerProblem})`;
  console.warn(reason);
  describe.skip(reason, () => {
    it('runs the event store contract against EventStoreDB', () => {});
  });
}
