import { Button, Dialog, DialogBody, DialogFooter, FormGroup, Spinner, TextArea } from '@blueprintjs/core';
import type { FileListView } from '@zelo/contracts/file-lists/read-models';
import { useState } from 'react';
import { Field, Form } from 'react-final-form';
import { TextField } from '../../../components/ui/text-field.tsx';
import { validateWith, visibleError } from '../../../lib/form.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { toastError, toastSuccess } from '../../../lib/toaster.ts';
import { FileListInput, saveFileList, uploadOptionFile } from '../api/file-lists.ts';
import { bodyOf, draftsOf, type OptionDraft, unnamed, uploadsAfterSave } from '../lib/option-drafts.ts';
import { OptionRows } from './option-rows.tsx';

interface Props {
  list: FileListView | null;
  onClose: () => void;
}

/** What the dialog is doing while it saves: the list, then each chosen file. */
type Busy = null | { step: 'saving' } | { step: 'uploading'; done: number; total: number };

/**
 * Doc 2 §2.11: name, message and options, each with a name and a file. Saving creates or updates the
 * list, then uploads each chosen file to its option, with a busy state until the last one is stored.
 */
export function FileListDialog({ list, onClose }: Props) {
  const t = useT();
  // Once saved (even if an upload then failed), a second try updates that list instead of making another.
  const [listId, setListId] = useState(list?.id ?? null);
  const [drafts, setDrafts] = useState<OptionDraft[]>(() => draftsOf(list));
  const [invalid, setInvalid] = useState<string[]>([]);
  const [busy, setBusy] = useState<Busy>(null);
  const initial: FileListInput = { name: list?.name ?? '', message: list?.message ?? '' };

  const onSubmit = async (values: FileListInput) => {
    const missing = unnamed(drafts);
    setInvalid(missing);
    if (missing.length > 0) return;
    try {
      setBusy({ step: 'saving' });
      const saved = await saveFileList(listId, bodyOf(values, drafts));
      setListId(saved.id);
      const uploads = uploadsAfterSave(drafts, saved);
      // The rows now name the saved options; the files not yet stored stay chosen for a retry.
      let current = drafts.map((d, i) => ({ ...d, id: saved.options[i]?.id ?? d.id }));
      setDrafts(current);
      for (const [done, u] of uploads.entries()) {
        setBusy({ step: 'uploading', done, total: uploads.length });
        await uploadOptionFile(saved.id, u.option, u.file);
        current = current.map((d) => (d.id === u.option.id ? { ...d, file: null, current: u.file.name } : d));
        setDrafts(current);
      }
      toastSuccess(t('fileLists.saved'));
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog
      isOpen
      onClose={busy ? undefined : onClose}
      canEscapeKeyClose={!busy}
      canOutsideClickClose={!busy}
      title={t(list ? 'fileLists.edit' : 'fileLists.add')}
      className="fl-dialog"
    >
      <Form<FileListInput>
        onSubmit={onSubmit}
        initialValues={initial}
        validate={validateWith(FileListInput, (k) => t(k as TKey))}
      >
        {({ handleSubmit }) => (
          <form onSubmit={handleSubmit} aria-busy={!!busy}>
            <DialogBody>
              <TextField
                name="name"
                label={t('fileLists.name')}
                testId="fl-name"
                autoFocus
                disabled={!!busy}
              />
              <Field<string> name="message">
                {({ input, meta }) => {
                  const error = visibleError(meta);
                  return (
                    <FormGroup
                      label={t('fileLists.message')}
                      labelFor="fl-message"
                      helperText={error || undefined}
                      intent={error ? 'danger' : 'none'}
                    >
                      <TextArea
                        id="fl-message"
                        fill
                        rows={3}
                        disabled={!!busy}
                        {...input}
                        data-testid="fl-message"
                      />
                    </FormGroup>
                  );
                }}
              </Field>
              <OptionRows drafts={drafts} onChange={setDrafts} invalid={invalid} disabled={!!busy} />
              {busy && (
                <div className="fl-busy" role="status" data-testid="fl-busy">
                  <Spinner size={20} />
                  {busy.step === 'saving'
                    ? t('fileLists.saving')
                    : t('fileLists.uploading', { done: busy.done + 1, total: busy.total })}
                </div>
              )}
            </DialogBody>
            <DialogFooter
              actions={
                <>
                  <Button text={t('fileLists.cancel')} onClick={onClose} disabled={!!busy} />
                  <Button
                    type="submit"
                    intent="primary"
                    text={t('fileLists.save')}
                    loading={!!busy}
                    data-testid="fl-save"
                  />
                </>
              }
            />
          </form>
        )}
      </Form>
    </Dialog>
  );
}
