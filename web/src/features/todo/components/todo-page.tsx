import './todo.css';
import { Button, Card, Checkbox, Classes, InputGroup, NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';
import { formatDate, formatTime } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { useAtom } from '../../../lib/store.ts';
import { addTask, editTask, removeTask, type Task, toggleTask } from '../lib/tasks.ts';
import { tasksAtom } from '../lib/tasks-atom.ts';

const stamp = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;

/** Doc 1 "To-do screen": tasks kept on this device; the one box adds a task or, after Edit, changes it. */
export function TodoPage() {
  const t = useT();
  const [tasks, setTasks] = useAtom(tasksAtom);
  const [text, setText] = useState('');
  const [editingId, setEditingId] = useState<string | null>(null);

  const reset = () => {
    setText('');
    setEditingId(null);
  };
  const submit = () => {
    // Blank text is ignored either way (doc 1 §5); the box keeps what was typed.
    if (!text.trim()) return;
    const now = new Date();
    setTasks((prev) =>
      editingId ? editTask(prev, editingId, text, now) : addTask(prev, text, now, crypto.randomUUID()),
    );
    reset();
  };
  const startEdit = (task: Task) => {
    setEditingId(task.id);
    setText(task.text);
  };

  return (
    <div className="todo-page" data-testid="todo-page">
      <h2>{t('todo.title')}</h2>
      <p className={Classes.TEXT_MUTED}>{t('todo.hint')}</p>
      <form
        className="todo-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <InputGroup
          size="large"
          fill
          placeholder={t('todo.placeholder')}
          aria-label={t('todo.placeholder')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          data-testid="todo-input"
        />
        <Button
          type="submit"
          size="large"
          intent="primary"
          icon={editingId ? 'floppy-disk' : 'add'}
          text={t(editingId ? 'todo.save' : 'todo.add')}
          data-testid="todo-submit"
        />
        {editingId && (
          <Button size="large" text={t('todo.cancel')} onClick={reset} data-testid="todo-cancel" />
        )}
      </form>
      {tasks.length === 0 ? (
        <NonIdealState icon="tick-circle" title={t('todo.empty')} />
      ) : (
        <div className="todo-list">
          {tasks.map((task) => (
            <Card
              key={task.id}
              compact
              className={`todo-item${task.done ? ' is-done' : ''}${task.id === editingId ? ' is-editing' : ''}`}
              data-testid="todo-item"
            >
              <Checkbox
                checked={task.done}
                aria-label={t('todo.done')}
                onChange={() => setTasks((prev) => toggleTask(prev, task.id, new Date()))}
                data-testid="todo-item-done"
              />
              <div className="todo-item-main">
                <div className="todo-item-text" data-testid="todo-item-text">
                  {task.text}
                </div>
                <div className={`todo-item-meta ${Classes.TEXT_MUTED}`}>
                  {t('todo.createdAt', { date: stamp(task.createdAt) })}
                  {task.updatedAt !== task.createdAt &&
                    ` · ${t('todo.updatedAt', { date: stamp(task.updatedAt) })}`}
                </div>
              </div>
              <Button
                variant="minimal"
                icon="edit"
                aria-label={t('todo.edit')}
                onClick={() => startEdit(task)}
                data-testid="todo-item-edit"
              />
              <Button
                variant="minimal"
                icon="trash"
                intent="danger"
                aria-label={t('todo.delete')}
                onClick={() => {
                  setTasks((prev) => removeTask(prev, task.id));
                  if (task.id === editingId) reset();
                }}
                data-testid="todo-item-delete"
              />
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}
