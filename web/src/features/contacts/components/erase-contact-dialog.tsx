import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import type { ContactView } from '@zelo/contracts/contacts/read-models';
import { useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { translateError, useT } from '../../../lib/i18n.ts';
import { languageAtom, useAtomValue } from '../../../lib/store.ts';
import { toastError, toastSuccess } from '../../../lib/toaster.ts';
import { eraseContact } from '../api/erase-contact.ts';
import { confirmsNumber } from '../lib/privacy.ts';

interface Props {
  contact: ContactView;
  onClose: () => void;
  /** The server took the erasure (202): it runs in the background, the contact's frames follow. */
  onErased: () => void;
}

/**
 * LGPD (issue 25) "Apagar dados pessoais": says what goes and that it cannot be undone, and asks for
 * the contact's number typed again, as the server does, so that a slip of the mouse erases nobody.
 */
export function EraseContactDialog({ contact, onClose, onErased }: Props) {
  const t = useT();
  const lang = useAtomValue(languageAtom);
  const [typed, setTyped] = useState('');
  const [erasing, setErasing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmed = confirmsNumber(typed, contact.number);

  const erase = async () => {
    setErasing(true);
    setError(null);
    try {
      await eraseContact(contact.id, { confirmation: typed });
      toastSuccess(t('privacy.erasing', { name: contact.name }));
      onErased();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ERR_ERASURE_CONFIRMATION')
        setError(translateError(lang, err.code));
      else toastError(err);
      setErasing(false);
    }
  };

  return (
    <Dialog
      isOpen
      onClose={erasing ? undefined : onClose}
      title={t('privacy.eraseTitle', { name: contact.name })}
      icon="trash"
    >
      <div data-testid="erase-dialog">
        <DialogBody>
          <Callout intent="danger" icon="warning-sign" title={t('privacy.eraseCannotUndo')}>
            <p>{t('privacy.eraseWhat')}</p>
            <ul className="erase-list">
              <li>{t('privacy.eraseIdentity')}</li>
              <li>{t('privacy.eraseMessages')}</li>
              <li>{t('privacy.eraseFiles')}</li>
            </ul>
            <p>{t('privacy.eraseKept')}</p>
          </Callout>
          <FormGroup
            className="erase-confirmation"
            label={t('privacy.eraseType', { number: contact.number })}
            labelFor="erase-confirmation"
            helperText={error ?? undefined}
            intent={error ? 'danger' : 'none'}
          >
            <InputGroup
              id="erase-confirmation"
              value={typed}
              onValueChange={(value) => {
                setTyped(value);
                setError(null);
              }}
              inputMode="tel"
              autoComplete="off"
              autoFocus
              intent={error ? 'danger' : 'none'}
              data-testid="erase-confirmation"
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button
                text={t('privacy.cancel')}
                onClick={onClose}
                disabled={erasing}
                data-testid="erase-cancel"
              />
              <Button
                intent="danger"
                icon="trash"
                text={t('privacy.eraseConfirm')}
                disabled={!confirmed}
                loading={erasing}
                onClick={() => void erase()}
                data-testid="erase-confirm"
              />
            </>
          }
        />
      </div>
    </Dialog>
  );
}
