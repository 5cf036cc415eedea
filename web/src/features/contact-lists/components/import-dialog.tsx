import { Callout, Dialog, DialogBody } from '@blueprintjs/core';
import { useState } from 'react';
import { DialogActions } from '../../../components/form-dialog.tsx';
import {
  type ImportOutcome,
  ImportResult,
  SpreadsheetInput,
} from '../../../components/spreadsheet-import.tsx';
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
  const [result, setResult] = useState<ImportOutcome | null>(null);

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
        <SpreadsheetInput
          disabled={sending}
          text={file?.name || t('contactLists.chooseFile')}
          accept=".xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onPick={pick}
          testId="cli-import-file"
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
          <ImportResult
            result={result}
            summary={t('contactLists.importDone', {
              created: t('contactLists.importCreated', { count: result.created }),
              failed: t('contactLists.importRefused', { count: result.errors.length }),
            })}
            errorsTitle={t('contactLists.importErrors')}
            rowLabel={(row) => t('contactLists.importRow', { row })}
            describe={(e) => describeRowError(e, t)}
            className="cl-import-errors"
            testIds={{ result: 'cli-import-result', error: 'cli-import-error' }}
          />
        )}
      </DialogBody>
      <DialogActions
        cancelText={t('contactLists.close')}
        onCancel={onClose}
        cancelDisabled={sending}
        cancelTestId="cli-import-close"
        saveText={t('contactLists.import')}
        saveIcon="import"
        saveDisabled={!file}
        saving={sending}
        onSave={() => void send()}
        saveTestId="cli-import-submit"
      />
    </Dialog>
  );
}
