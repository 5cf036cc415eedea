import { Button, Dialog, DialogBody, DialogFooter, type IconName } from '@blueprintjs/core';
import type { SubmissionErrors, ValidationErrors } from 'final-form';
import type { CSSProperties, ReactNode } from 'react';
import { Form, type FormRenderProps } from 'react-final-form';
import { ApiError } from '../lib/api.ts';
import { translateError } from '../lib/i18n.ts';
import { appStore, languageAtom } from '../lib/store.ts';
import { toastError, toastSuccess } from '../lib/toaster.ts';

/*
 * The dialogs kit's form dialog. Use it for a dialog that edits one record and saves it with one call:
 * it owns the Blueprint dialog, the react-final-form form and the cancel/save footer. A dialog with
 * steps of its own (an import, a checkout) or without a form composes DialogActions instead.
 */

interface ActionsProps {
  cancelText: string;
  onCancel: () => void;
  cancelDisabled?: boolean;
  cancelTestId?: string;
  saveText: string;
  saveTestId: string;
  /** Without onSave the save button submits the form around it. */
  onSave?: () => void;
  saving?: boolean;
  saveDisabled?: boolean;
  saveIcon?: IconName;
}

/** A dialog's footer: cancel (or close) on the left of the one primary action. */
export function DialogActions(props: ActionsProps) {
  const { onSave } = props;
  return (
    <DialogFooter
      actions={
        <>
          <Button
            text={props.cancelText}
            onClick={props.onCancel}
            disabled={props.cancelDisabled}
            data-testid={props.cancelTestId}
          />
          <Button
            type={onSave ? 'button' : 'submit'}
            intent="primary"
            icon={props.saveIcon}
            text={props.saveText}
            disabled={props.saveDisabled}
            loading={props.saving}
            onClick={onSave ? () => onSave() : undefined}
            data-testid={props.saveTestId}
          />
        </>
      }
    />
  );
}

interface Props<V, R> {
  title: string;
  /** Open unless told otherwise (a page may keep the dialog mounted and closed). */
  isOpen?: boolean;
  onClose: () => void;
  /** null while the record loads: the dialog is open, the form waits (showing `loading`). */
  initialValues: Partial<V> | null;
  loading?: ReactNode;
  validate?: (values: V) => ValidationErrors;
  /** The save: resolves with what was saved, throws when the server refuses. */
  onSubmit: (values: V) => Promise<R>;
  /** The success toast, if any. */
  savedText?: string;
  /** What follows a save; without it the dialog closes. */
  onSaved?: (saved: R) => void;
  /** Error codes shown on a field (by name) rather than in a toast. */
  errorFields?: Record<string, string>;
  /** The refusal toast; the common one by default. */
  onError?: (error: unknown) => void;
  cancelText: string;
  cancelTestId?: string;
  saveText: string;
  saveTestId: string;
  formTestId?: string;
  /** Leave the checks to the schema (no browser bubbles on type="email" or min). */
  noValidate?: boolean;
  icon?: IconName;
  className?: string;
  style?: CSSProperties;
  children: ReactNode | ((form: FormRenderProps<V>) => ReactNode);
}

/** A create/edit dialog: fields in, one save call, a toast, closed; saving greys out cancel. */
export function FormDialog<V extends object, R = unknown>(props: Props<V, R>) {
  const { onClose, onSaved, errorFields, onError = toastError, children } = props;

  const submit = async (values: V): Promise<SubmissionErrors | undefined> => {
    let saved: R;
    try {
      saved = await props.onSubmit(values);
    } catch (err) {
      const field = err instanceof ApiError ? errorFields?.[err.code] : undefined;
      if (field && err instanceof ApiError)
        return { [field]: translateError(appStore.get(languageAtom), err.code) };
      onError(err);
      return undefined;
    }
    if (props.savedText) toastSuccess(props.savedText);
    if (onSaved) onSaved(saved);
    else onClose();
    return undefined;
  };

  return (
    <Dialog
      isOpen={props.isOpen ?? true}
      onClose={onClose}
      title={props.title}
      icon={props.icon}
      className={props.className}
      style={props.style}
    >
      {props.initialValues === null ? (
        props.loading
      ) : (
        <Form<V> onSubmit={submit} initialValues={props.initialValues} validate={props.validate}>
          {(form) => (
            <form
              onSubmit={form.handleSubmit}
              noValidate={props.noValidate}
              aria-busy={form.submitting}
              data-testid={props.formTestId}
            >
              <DialogBody>{typeof children === 'function' ? children(form) : children}</DialogBody>
              <DialogActions
                cancelText={props.cancelText}
                onCancel={onClose}
                cancelDisabled={form.submitting}
                cancelTestId={props.cancelTestId}
                saveText={props.saveText}
                saveTestId={props.saveTestId}
                saving={form.submitting}
              />
            </form>
          )}
        </Form>
      )}
    </Dialog>
  );
}
