import { Button, InputGroup, NumericInput, TextArea } from '@blueprintjs/core';
import type { QueueOptionView } from '@zelo/contracts/queues/read-models';
import { useState } from 'react';
import { useT } from '../../../lib/i18n.ts';
import { toastError } from '../../../lib/toaster.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { deleteQueueOption, listQueueOptions, saveQueueOption } from '../api/queue-options.ts';

/** Doc 2 §2.3: a queue's option menus, one level loaded at a time, each option editable in place. */
export function OptionTree({ queueId, parentId = null }: { queueId: string; parentId?: string | null }) {
  const t = useT();
  const level = useRequest((s) => listQueueOptions(queueId, parentId, s), [queueId, parentId]);
  const [adding, setAdding] = useState(false);
  const next = (level.data?.length ?? 0) + 1;
  return (
    <div className={parentId ? 'option-tree option-children' : 'option-tree'} data-testid="option-level">
      {level.data?.map((o) => (
        <OptionNode key={o.id} queueId={queueId} option={o} onChanged={level.reload} />
      ))}
      {adding ? (
        <OptionForm
          initial={{ title: '', message: '', option: next }}
          onCancel={() => setAdding(false)}
          onSave={async (fields) => {
            await saveQueueOption(null, { queueId, parentId, ...fields });
            setAdding(false);
            level.reload();
          }}
        />
      ) : (
        <div>
          <Button
            size="small"
            icon="add"
            variant="minimal"
            text={t(parentId ? 'queues.addSubOption' : 'queues.addOption')}
            onClick={() => setAdding(true)}
            data-testid="option-add"
          />
        </div>
      )}
    </div>
  );
}

function OptionNode({
  queueId,
  option,
  onChanged,
}: {
  queueId: string;
  option: QueueOptionView;
  onChanged: () => void;
}) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [open, setOpen] = useState(option.childrenCount > 0);
  const remove = async () => {
    try {
      await deleteQueueOption(option.id);
      onChanged();
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <div data-testid="option-node">
      {editing ? (
        <OptionForm
          initial={option}
          onCancel={() => setEditing(false)}
          onSave={async (fields) => {
            await saveQueueOption(option.id, { queueId, parentId: option.parentId, ...fields });
            setEditing(false);
            onChanged();
          }}
        />
      ) : (
        <div className="option-node">
          <Button
            size="small"
            variant="minimal"
            icon={open ? 'caret-down' : 'caret-right'}
            onClick={() => setOpen(!open)}
            aria-label={t('queues.expand')}
          />
          <strong>{option.option}.</strong>
          <span data-testid="option-title">{option.title}</span>
          <Button
            size="small"
            variant="minimal"
            icon="edit"
            onClick={() => setEditing(true)}
            aria-label={t('queues.edit')}
          />
          <Button
            size="small"
            variant="minimal"
            icon="trash"
            intent="danger"
            onClick={remove}
            aria-label={t('queues.delete')}
          />
        </div>
      )}
      {open && <OptionTree queueId={queueId} parentId={option.id} />}
    </div>
  );
}

interface Fields {
  title: string;
  message: string;
  option: number;
}

function OptionForm({
  initial,
  onSave,
  onCancel,
}: {
  initial: Fields;
  onSave: (f: Fields) => Promise<void>;
  onCancel: () => void;
}) {
  const t = useT();
  const [f, setF] = useState<Fields>({
    title: initial.title,
    message: initial.message,
    option: initial.option,
  });
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await onSave(f);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="option-tree" data-testid="option-form">
      <div className="option-node">
        <NumericInput
          value={f.option}
          min={0}
          max={999}
          onValueChange={(n) => setF({ ...f, option: n || 0 })}
          style={{ width: 56 }}
        />
        <InputGroup
          placeholder={t('queues.optionTitle')}
          value={f.title}
          onChange={(e) => setF({ ...f, title: e.target.value })}
          data-testid="option-title-input"
        />
      </div>
      <TextArea
        placeholder={t('queues.optionMessage')}
        value={f.message}
        onChange={(e) => setF({ ...f, message: e.target.value })}
        data-testid="option-message-input"
      />
      <div className="option-node">
        <Button size="small" text={t('queues.cancel')} onClick={onCancel} />
        <Button
          size="small"
          intent="primary"
          text={t('queues.save')}
          disabled={!f.title.trim()}
          loading={busy}
          onClick={save}
          data-testid="option-save"
        />
      </div>
    </div>
  );
}
