import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { isTaskList, type Task } from './tasks.ts';

// Kept here rather than in lib/store.ts, which this feature does not own; it still lives in the one
// store the app provides, as every atom does.

const json = createJSONStorage<unknown>(() => localStorage);
/** What another shape left under the key (an older version, a hand edit) reads as no tasks. */
const valid = (stored: unknown, initial: Task[]) => (isTaskList(stored) ? stored : initial);

/** The device's tasks under localStorage 'tasks', read at first use so the list never flashes empty. */
export const tasksAtom = atomWithStorage<Task[]>(
  'tasks',
  [],
  {
    getItem: (key, initial) => valid(json.getItem(key, initial), initial),
    setItem: (key, tasks) => json.setItem(key, tasks),
    removeItem: (key) => json.removeItem(key),
    // Another tab of the app changed the list.
    subscribe: (key, callback, initial) =>
      json.subscribe?.(key, (stored) => callback(valid(stored, initial)), initial),
  },
  { getOnInit: true },
);
