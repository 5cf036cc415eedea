import { Alert } from '@blueprintjs/core';
import { type ReactNode, useState } from 'react';
import { toastError, toastSuccess } from '../lib/toaster.ts';

export interface DeleteConfirmationOptions<T> {
  deleteItem: (item: T) => Promise<unknown>;
  deletedMessage: string;
  deleteText: string;
  cancelText: string;
  confirmText: (item: T) => ReactNode;
  /** After the attempt, done or refused: the list fetches again what it shows. */
  onDone: () => void;
  /** Told of a refusal; default the common error toast. */
  onError?: (error: unknown) => void;
}

/**
 * The "delete this?" alert of a list: `ask(item)` opens it, confirming deletes, says so in a toast and
 * calls `onDone`. ResourceList uses it; a list with a data hook of its own renders `alert` itself.
 */
export function useDeleteConfirmation<T>(options: DeleteConfirmationOptions<T>) {
  const { onError = toastError } = options;
  const [deleting, setDeleting] = useState<T | null>(null);

  const confirm = async () => {
    if (deleting === null) return;
    try {
      await options.deleteItem(deleting);
      toastSuccess(options.deletedMessage);
    } catch (err) {
      onError(err);
    }
    setDeleting(null);
    options.onDone();
  };

  const alert = (
    <Alert
      isOpen={deleting !== null}
      intent="danger"
      icon="trash"
      confirmButtonText={options.deleteText}
      cancelButtonText={options.cancelText}
      onConfirm={() => void confirm()}
      onCancel={() => setDeleting(null)}
    >
      {deleting !== null && options.confirmText(deleting)}
    </Alert>
  );
  return { ask: (item: T) => setDeleting(() => item), alert };
}
