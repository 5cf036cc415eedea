import { Callout, Dialog, DialogBody } from '@blueprintjs/core';
import type { ContactView, UploadRowError } from '@zelo/contracts/contacts/read-models';
import { useState } from 'react';
import { DialogActions } from '../../../components/form-dialog.tsx';
import {
  type ImportOutcome,
  ImportResult,
  SpreadsheetInput,
} from '../../../components/spreadsheet-import.tsx';
import { type TKey, type Translate, useT } from '../../../lib/i18n.ts';
import { toastError } from '../../../lib/toaster.ts';
import { MAX_IMPORT_ROWS, readContactsSheet, uploadContacts } from '../api/import-contacts.ts';
import { isXlsx, type MappedSheet } from '../lib/import-rows.ts';

interface Props {
  onClose: () => void;
  onImported: (contacts: ContactView[]) => void;
}

type Problem = 'onlyXlsx' | 'noRows' | 'tooMany' | 'readError' | null;

/** Doc 1 §2 Import dialog: an .xlsx only, read here, sent as rows; per-row refusals are listed. */
export function ImportDialog({ onClose, onImported }: Props) {
  const t = useT();
  const [fileName, setFileName] = useState('');
  const [sheet, setSheet] = useState<MappedSheet | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<ImportOutcome | null>(null);

  const pick = async (file: File | undefined) => {
    setSheet(null);
    setResult(null);
    setProblem(null);
    if (!file) return;
    setFileName(file.name);
    if (!isXlsx(file)) return setProblem('onlyXlsx');
    try {
      const mapped = await readContactsSheet(file);
      if (mapped.rows.length === 0) return setProblem('noRows');
      if (mapped.rows.length > MAX_IMPORT_ROWS) return setProblem('tooMany');
      setSheet(mapped);
    } catch (err) {
      console.error(err);
      setProblem('readError');
    }
  };

  const send = async () => {
    if (!sheet) return;
    setSending(true);
    try {
      const r = await uploadContacts(sheet.rows);
      // The server numbers rows by their place in the list; the user knows them by the sheet's numbers.
      const errors = r.errorBag.map((e) => ({ ...e, row: sheet.sheetRows[e.row - 1] ?? e.row }));
      setResult({ created: r.newContacts.length, errors });
      setSheet(null);
      onImported(r.newContacts);
    } catch (err) {
      toastError(err);
    } finally {
      setSending(false);
    }
  };

  const problemText: Record<Exclude<Problem, null>, string> = {
    onlyXlsx: t('contacts.onlyXlsx'),
    noRows: t('contacts.importNoRows'),
    tooMany: t('contacts.importTooMany', { count: MAX_IMPORT_ROWS }),
    readError: t('contacts.importReadError'),
  };

  return (
    <Dialog isOpen onClose={onClose} title={t('contacts.importTitle')} icon="import">
      <DialogBody>
        <p>{t('contacts.importHelp')}</p>
        <SpreadsheetInput
          text={fileName || t('contacts.chooseFile')}
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onPick={(file) => void pick(file)}
          testId="contacts-import-file"
        />
        {problem && (
          <Callout intent="danger" style={{ marginTop: 12 }} data-testid="contacts-import-problem">
            {problemText[problem]}
          </Callout>
        )}
        {sheet && (
          <Callout intent="primary" style={{ marginTop: 12 }}>
            {t('contacts.importRows', { count: sheet.rows.length })}
          </Callout>
        )}
        {result && (
          <ImportResult
            result={result}
            summary={t('contacts.importDone', {
              created: t('contacts.importCreated', { count: result.created }),
              failed: t('contacts.importFailed', { count: result.errors.length }),
            })}
            errorsTitle={t('contacts.importErrors')}
            rowLabel={(row) => t('contacts.importRow', { row })}
            describe={(e) => describeError(e, t)}
            className="import-errors"
            testIds={{ result: 'contacts-import-result', error: 'contacts-import-error' }}
          />
        )}
      </DialogBody>
      <DialogActions
        cancelText={t('contacts.close')}
        onCancel={onClose}
        cancelTestId="contacts-import-close"
        saveText={t('contacts.import')}
        saveIcon="import"
        saveDisabled={!sheet}
        saving={sending}
        onSave={() => void send()}
        saveTestId="contacts-import-submit"
      />
    </Dialog>
  );
}

const FIELD_LABEL: Record<string, TKey> = {
  name: 'contacts.name',
  number: 'contacts.number',
  email: 'contacts.email',
};
const REASON: Record<string, TKey> = {
  'too short': 'validation.tooShort',
  'too long': 'validation.tooLong',
  'invalid email': 'validation.invalidEmail',
};

/**
 * Shown in the user's language: a catalogue code by its translation, a validation refusal as
 * "Field: reason" per field (the server's message lists them as `field: reason; ...`).
 */
function describeError(e: UploadRowError, t: Translate): string {
  if (e.error !== 'ERR_VALIDATION') return translateCode(e.error, t);
  return e.message
    .split('; ')
    .map((part) => {
      const [field, reason = ''] = part.split(': ');
      const label = FIELD_LABEL[field] ? t(FIELD_LABEL[field]) : field;
      return `${label}: ${t(REASON[reason] ?? 'validation.required')}`;
    })
    .join('; ');
}

function translateCode(code: string, t: Translate): string {
  const key = `errors.${code}` as TKey;
  const text = t(key);
  return text === key ? code : text;
}
