import { Callout, FileInput, HTMLTable } from '@blueprintjs/core';
import type { UploadRowError } from '@zelo/contracts/contacts/read-models';

/*
 * The dialogs kit's parts of a spreadsheet import dialog: the file input, and the answer (how many came
 * in and, per refused row, its number, the contact's name or number, and why). The dialog itself keeps
 * its own steps (read here or sent whole) and texts; these are the parts that look and act the same.
 */

interface InputProps {
  /** The chosen file's name, or the invitation to choose one. */
  text: string;
  accept: string;
  disabled?: boolean;
  onPick: (file: File | undefined) => void;
  testId: string;
}

export function SpreadsheetInput({ text, accept, disabled, onPick, testId }: InputProps) {
  return (
    <FileInput
      fill
      disabled={disabled}
      text={text}
      buttonText="…"
      inputProps={{
        accept,
        // @ts-expect-error data attributes are valid on the input element
        'data-testid': testId,
      }}
      onInputChange={(e) => onPick(e.currentTarget.files?.[0])}
    />
  );
}

export interface ImportOutcome {
  created: number;
  errors: UploadRowError[];
}

interface Props {
  result: ImportOutcome;
  /** "2 created, 1 refused" in the caller's words. */
  summary: string;
  errorsTitle: string;
  rowLabel: (row: number) => string;
  describe: (error: UploadRowError) => string;
  className: string;
  testIds: { result: string; error: string };
}

export function ImportResult({
  result,
  summary,
  errorsTitle,
  rowLabel,
  describe,
  className,
  testIds,
}: Props) {
  return (
    <div data-testid={testIds.result}>
      <Callout intent={result.errors.length ? 'warning' : 'success'} style={{ marginTop: 12 }}>
        {summary}
      </Callout>
      {result.errors.length > 0 && (
        <div className={className}>
          <h4 className="bp6-heading">{errorsTitle}</h4>
          <HTMLTable compact striped>
            <tbody>
              {result.errors.map((e) => (
                <tr key={e.row} data-testid={testIds.error}>
                  <td>{rowLabel(e.row)}</td>
                  <td>{e.name || e.number}</td>
                  <td>{describe(e)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </div>
  );
}
