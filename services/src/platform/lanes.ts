/**
 * A reactor's batch handled in lanes side by side: the events of one lane (one ticket, one conversation)
 * one after the other in the batch's order, at most `width` lanes at a time. A handler that waits on
 * round trips (the event store, Temporal) no longer makes every other customer wait behind it.
 *
 * The same effect as handling the batch event by event when a lane's work never depends on another
 * lane's, which holds for the reactors that use it: each reads and writes its own ticket's streams, with
 * ids derived from the event. A failing event stops its lane and the batch throws once every lane has
 * stopped: the runner applies the batch again from its checkpoint, and every handler is idempotent, so
 * what the other lanes already did is recognised and not done twice (as for the events before the
 * failing one when handled in order).
 */
export async function inLanes<E>(
  events: E[],
  laneOf: (e: E) => string,
  handle: (e: E) => Promise<unknown>,
  width: number,
): Promise<void> {
  const lanes = new Map<string, E[]>();
  for (const e of events) {
    const key = laneOf(e);
    const lane = lanes.get(key);
    if (lane) lane.push(e);
    else lanes.set(key, [e]);
  }
  const queue = [...lanes.values()];
  const failures: unknown[] = [];
  const worker = async () => {
    for (let lane = queue.shift(); lane && failures.length === 0; lane = queue.shift()) {
      for (const e of lane) {
        try {
          await handle(e);
        } catch (err) {
          failures.push(err);
          break;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, queue.length) }, worker));
  if (failures.length > 0) throw failures[0];
}

/** Lanes of a reactor: enough to keep the store and Temporal busy, few beside the pool's connections. */
export const REACTOR_LANES = 8;
/**
 * Lanes of the chatbot reactor: most of its time per message is a Temporal signal's round trip (no
 * pool connection held), so more of them wait side by side.
 */
export const SIGNAL_LANES = 32;
