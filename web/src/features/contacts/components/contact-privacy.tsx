import { Button, ProgressBar, Tag } from '@blueprintjs/core';
import type { ContactView } from '@zelo/contracts/contacts/read-models';
import { useState } from 'react';
import { formatNumber } from '../../../lib/figures.ts';
import { formatDate, formatTime } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { languageAtom, sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { showToast, toastError, toastSuccess } from '../../../lib/toaster.ts';
import { optInContact, optOutContact } from '../api/opt-out.ts';
import { useContactExport } from '../lib/use-contact-export.ts';
import { EraseContactDialog } from './erase-contact-dialog.tsx';

interface Props {
  contact: ContactView;
  /** The opt-out call's answer: the drawer shows the contact as it is now. */
  onChanged: (contact: ContactView) => void;
  /** The erasure was taken: the drawer closes. */
  onErased: () => void;
}

const when = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;

/**
 * LGPD (issue 25), the contact drawer's privacy section: whether the customer receives campaigns, and,
 * for admins (the server's rule), the opt-out switch, the data export and the erasure.
 */
export function ContactPrivacy({ contact, onChanged, onErased }: Props) {
  const t = useT();
  const user = useAtomValue(sessionAtom)?.user;
  const admin = user?.profile === 'admin' || !!user?.super;
  const [switching, setSwitching] = useState(false);
  const [erasing, setErasing] = useState(false);

  const switchOptOut = async () => {
    setSwitching(true);
    try {
      const next = contact.optedOut ? await optInContact(contact.id) : await optOutContact(contact.id);
      onChanged(next);
      toastSuccess(t(next.optedOut ? 'privacy.optedOutDone' : 'privacy.optedInDone'));
    } catch (err) {
      toastError(err);
    } finally {
      setSwitching(false);
    }
  };

  return (
    <div className="contact-drawer-section contact-privacy" data-testid="contact-privacy">
      <h4 className="bp6-heading">{t('privacy.title')}</h4>
      <div className="contact-privacy-row">
        <Tag
          minimal
          large
          intent={contact.optedOut ? 'warning' : 'success'}
          icon={contact.optedOut ? 'disable' : 'tick'}
          data-testid="contact-opt-out-state"
          data-opted-out={contact.optedOut}
        >
          {!contact.optedOut
            ? t('privacy.receivesCampaigns')
            : contact.optedOutAt
              ? t('privacy.optedOutSince', { date: formatDate(contact.optedOutAt) })
              : t('privacy.optedOut')}
        </Tag>
        {admin && (
          <Button
            size="small"
            text={t(contact.optedOut ? 'privacy.optIn' : 'privacy.optOut')}
            loading={switching}
            onClick={() => void switchOptOut()}
            data-testid={contact.optedOut ? 'contact-opt-in' : 'contact-opt-out'}
          />
        )}
      </div>
      {admin && <ContactExport companyId={user?.companyId} contactId={contact.id} />}
      {admin && (
        <Button
          intent="danger"
          variant="outlined"
          icon="trash"
          text={t('privacy.erase')}
          onClick={() => setErasing(true)}
          data-testid="contact-erase"
        />
      )}
      {erasing && (
        <EraseContactDialog
          contact={contact}
          onClose={() => setErasing(false)}
          onErased={() => {
            setErasing(false);
            onErased();
          }}
        />
      )}
    </div>
  );
}

/** "Exportar dados": the request, the progress bar, then the one download. */
function ContactExport({ companyId, contactId }: { companyId: string | undefined; contactId: string }) {
  const t = useT();
  const lang = useAtomValue(languageAtom);
  const { current, start, download } = useContactExport(companyId, contactId);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  const requestIt = () => run(start);
  const downloadIt = () =>
    run(async () => {
      if ((await download()) === 'gone') showToast(t('privacy.exportGone'), 'warning');
    });

  const status = current?.status;
  return (
    <div
      className="contact-export"
      data-testid="contact-export"
      data-status={status ?? 'none'}
      data-export-id={current?.id}
    >
      {status === 'pending' && current && (
        <>
          <div className="bp6-text-muted">
            {t('privacy.exportPreparing', { progress: Math.round(current.progress) })}
          </div>
          <ProgressBar
            value={current.progress / 100}
            intent="primary"
            data-testid="contact-export-progress"
          />
        </>
      )}
      {status === 'ready' && current && (
        <>
          <div className="bp6-text-muted">
            {t('privacy.exportReady', {
              size: formatNumber(Math.max(1, Math.round((current.bytes ?? 0) / 1024)), lang),
              until: current.expiresAt ? when(current.expiresAt) : '',
            })}
          </div>
          <Button
            intent="primary"
            icon="download"
            text={t('privacy.exportDownload')}
            loading={busy}
            onClick={() => void downloadIt()}
            data-testid="contact-export-download"
          />
        </>
      )}
      {(status === 'downloaded' || status === 'expired' || status === 'failed') && (
        <div
          className={status === 'failed' ? 'bp6-text-danger' : 'bp6-text-muted'}
          data-testid="contact-export-note"
        >
          {t(
            status === 'downloaded'
              ? 'privacy.exportDownloaded'
              : status === 'expired'
                ? 'privacy.exportExpired'
                : 'privacy.exportFailed',
          )}
        </div>
      )}
      {status !== 'pending' && status !== 'ready' && (
        <Button
          icon="export"
          text={t(status ? 'privacy.exportAgain' : 'privacy.export')}
          loading={busy}
          onClick={() => void requestIt()}
          data-testid="contact-export-request"
        />
      )}
    </div>
  );
}
