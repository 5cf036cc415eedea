import { describe, expect, it } from 'vitest';
import { addTask, editTask, isTaskList, removeTask, type Task, toggleTask } from './tasks.ts';

const t0 = new Date('2030-01-01T10:00:00.000Z');
const t1 = new Date('2030-01-01T11:00:00.000Z');

describe('the to-do list', () => {
  const one = addTask([], '  Ligar para a Maria ', t0, 'a');

  it('adds a trimmed task, created and updated now, not done', () => {
    expect(one).toEqual([
      {
        id: 'a',
        text: 'Ligar para a Maria',
        done: false,
        createdAt: t0.toISOString(),
        updatedAt: t0.toISOString(),
      },
    ]);
    expect(addTask(one, 'Enviar proposta', t1, 'b').map((t) => t.id)).toEqual(['a', 'b']);
  });

  it('ignores empty text when adding or editing (doc 1 §5)', () => {
    expect(addTask(one, '   ', t1, 'b')).toBe(one);
    expect(editTask(one, 'a', '', t1)).toBe(one);
  });

  it('edits the text and the updatedAt only, and only of that task', () => {
    const two = addTask(one, 'Enviar proposta', t0, 'b');
    const edited = editTask(two, 'a', 'Ligar para a Maria às 15h', t1);
    expect(edited[0]).toMatchObject({
      text: 'Ligar para a Maria às 15h',
      createdAt: t0.toISOString(),
      updatedAt: t1.toISOString(),
    });
    expect(edited[1]).toBe(two[1]);
    expect(editTask(two, 'a', ' Ligar para a Maria ', t1)[0].updatedAt).toBe(t0.toISOString());
  });

  it('marks a task done and back, and deletes it', () => {
    const done = toggleTask(one, 'a', t1);
    expect(done[0]).toMatchObject({ done: true, updatedAt: t1.toISOString() });
    expect(toggleTask(done, 'a', t1)[0].done).toBe(false);
    expect(removeTask(done, 'a')).toEqual([]);
  });

  it('recognises only a stored list of tasks', () => {
    expect(isTaskList(one)).toBe(true);
    expect(isTaskList([])).toBe(true);
    expect(isTaskList(null)).toBe(false);
    expect(isTaskList([{ text: 'no id or dates' }])).toBe(false);
    expect(isTaskList([{ ...one[0], done: 'yes' } as unknown as Task])).toBe(false);
  });
});
