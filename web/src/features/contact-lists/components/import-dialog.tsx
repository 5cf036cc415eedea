import { Button, Callout, Dialog, DialogBody, DialogFooter, FileInput, HTMLTable } from '@blueprintjs/core';
import type { UploadRowError } from '@zelo/contracts/contacts/read-models';
import { useState } from 'react';
import { useT } from '../../../lib/i18n.ts';
import { toastError } from '../../../lib/toaster.ts';
import { EXAMPLE_SPREADSHEET_URL, uploadContactListSpreadsheet } from '../api/contact-lists.ts';
import { describeRowError, isSpreadsheetName } from '../lib/import-errors.ts';

interface Props {
  contactListId: string;
  onClose: () => void;
}

/**
 * Doc 2 §2.6, §8: an .xls or .xlsx sent as it is (the server reads it); while it is read the dialog is
 * busy; then how many contacts came in and, per refused row, the contact's name and why.
 */
export function ImportDialog({ contactListId, onClose }: Props) {
  const t = useT();
  const [file, setFile] = useState<File | null>(null);
  const [wrongType, setWrongType] = useState(false);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ created: number; errors: UploadRowError[] } | null>(null);

  const pick = (chosen: File | undefined) => {
    setResult(null);
    setFile(null);
    setWrongType(false);
    if (!chosen) return;
    if (!isSpreadsheetName(chosen.name)) return setWrongType(true);
    setFile(chosen);
  };

  const send = async () => {
    if (!file) return;
    setSending(true);
    try {
      const r = await uploadContactListSpreadsheet(contactListId, file);
      setResult({ created: r.newContacts.length, errors: r.errorBag });
      setFile(null);
    } catch (err) {
      toastError(err);
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog
      isOpen
      onClose={sending ? undefined : onClose}
      title={t('contactLists.importTitle')}
      icon="import"
    >
      <DialogBody>
        <p>
          {t('contactLists.importHelp')}{' '}
          <a href={EXAMPLE_SPREADSHEET_URL} download="planilha.xlsx">
            {t('contactLists.downloadExample')}
          </a>
        </p>
        <FileInput
          fill
          disabled={sending}
          text={file?.name || t('contactLists.chooseFile')}
          buttonText="…"
          inputProps={{
            accept:
              '.xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            // @ts-expect-error data attributes are valid on the input element
            'data-testid': 'cli-import-file',
          }}
          onInputChange={(e) => pick(e.currentTarget.files?.[0])}
        />
        {wrongType && (
          <Callout intent="danger" style={{ marginTop: 12 }} data-testid="cli-import-problem">
            {t('contactLists.onlySpreadsheets')}
          </Callout>
        )}
        {sending && (
          <Callout intent="primary" style={{ marginTop: 12 }} data-testid="cli-import-busy">
            {t('contactLists.importing')}
          </Callout>
        )}
        {result && (
          <div data-testid="cli-import-result">
            <Callout intent={result.errors.length ? 'warning' : 'success'} style={{ marginTop: 12 }}>
              {t('contactLists.importDone', {
                created: t('contactLists.importCreated', { count: result.created }),
                failed: t('contactLists.importRefused', { count: result.errors.length }),
              })}
            </Callout>
            {result.errors.length > 0 && (
              <div className="cl-import-errors">
                <h4 className="bp6-heading">{t('contactLists.importErrors')}</h4>
                <HTMLTable compact striped>
                  <tbody>
                    {result.errors.map((e) => (
                      <tr key={e.row} data-testid="cli-import-error">
                        <td>{t('contactLists.importRow', { row: e.row })}</td>
                        <td>{e.name || e.number}</td>
                        <td>{describeRowError(e, t)}</td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              </div>
            )}
          </div>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button
              text={t('contactLists.close')}
              onClick={onClose}
              disabled={sending}
              data-testid="cli-import-close"
            />
            <Button
              intent="primary"
              icon="import"
              text={t('contactLists.import')}
              disabled={!file}
              loading={sending}
              onClick={() => void send()}
              data-testid="cli-import-submit"
            />
          </>
        }
      />
    </Dialog>
  );
}
