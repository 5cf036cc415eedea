import * as v from 'valibot';

// Doc 1 "To-do screen": tasks live on this device only, so these are plain list operations; the clock
// and the id arrive as arguments to keep them pure.

export const Task = v.object({
  id: v.string(),
  text: v.string(),
  done: v.boolean(),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type Task = v.InferOutput<typeof Task>;

/** Whether localStorage holds a task list this screen can show (not an older shape or a hand edit). */
export const isTaskList = (stored: unknown): stored is Task[] => v.is(v.array(Task), stored);

/** Appends a task; blank text is ignored (doc 1 §5). */
export function addTask(tasks: Task[], text: string, now: Date, id: string): Task[] {
  const trimmed = text.trim();
  if (!trimmed) return tasks;
  const at = now.toISOString();
  return [...tasks, { id, text: trimmed, done: false, createdAt: at, updatedAt: at }];
}

/** Changes a task's text; blank text leaves the task as it was. */
export function editTask(tasks: Task[], id: string, text: string, now: Date): Task[] {
  const trimmed = text.trim();
  if (!trimmed) return tasks;
  return tasks.map((t) =>
    t.id === id && t.text !== trimmed ? { ...t, text: trimmed, updatedAt: now.toISOString() } : t,
  );
}

export function toggleTask(tasks: Task[], id: string, now: Date): Task[] {
  return tasks.map((t) => (t.id === id ? { ...t, done: !t.done, updatedAt: now.toISOString() } : t));
}

export const removeTask = (tasks: Task[], id: string): Task[] => tasks.filter((t) => t.id !== id);
