import { Button, Callout, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import type { CampaignView } from '@zelo/contracts/campaigns/read-models';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { TextField } from '../../../components/ui/text-field.tsx';
import { validateWith } from '../../../lib/form.ts';
import { type TKey, translateError, useT } from '../../../lib/i18n.ts';
import { languageAtom, useAtomValue } from '../../../lib/store.ts';
import { toastError, toastSuccess } from '../../../lib/toaster.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { useCampaignOptions } from '../api/campaign-options.ts';
import { getCampaignSettings } from '../api/get-campaign-settings.ts';
import { removeCampaignMedia } from '../api/remove-campaign-media.ts';
import {
  CampaignForm,
  type CampaignFormValues,
  initialCampaignValues,
  MESSAGE_FIELDS,
  type MessageField,
  saveCampaign,
} from '../api/save-campaign.ts';
import { uploadCampaignMedia } from '../api/upload-campaign-media.ts';
import { campaignEditability, type LockReason } from '../lib/editability.ts';
import { placeholders } from '../lib/settings-form.ts';
import { STATUS_LOOK } from '../lib/status.ts';
import { CampaignAttachment } from './campaign-attachment.tsx';
import { MessageTabs } from './message-tabs.tsx';
import { SelectField } from './select-field.tsx';

const LOCK_TEXT: Record<LockReason, TKey> = {
  startsSoon: 'campaigns.lockedStartsSoon',
  running: 'campaigns.lockedRunning',
  finished: 'campaigns.lockedFinished',
  cancelled: 'campaigns.lockedCancelled',
};

interface Props {
  /** null for a new campaign; otherwise the campaign as it is now (the list keeps it live). */
  campaign: CampaignView | null;
  onClose: () => void;
}

/**
 * Doc 2 §2.9: name, five message variants, connection, scheduledAt, contact list or tag, file list and
 * an optional attachment. Read-only by the editing rules of §4, with the reason shown; a cancelled
 * campaign keeps its save button, its message fields, file list and attachment open (used on restart).
 */
export function CampaignDialog({ campaign, onClose }: Props) {
  const t = useT();
  const lang = useAtomValue(languageAtom);
  const [initial] = useState(() => initialCampaignValues(campaign));
  const options = useCampaignOptions();
  const settings = useRequest((signal) => getCampaignSettings(signal).catch(() => null), []);
  const [file, setFile] = useState<File | null>(null);
  const [removed, setRemoved] = useState(false);
  const [uploading, setUploading] = useState(false);
  const { mode, reason } = campaignEditability(campaign);
  const all = mode === 'all';

  const onSubmit = async (values: CampaignFormValues) => {
    try {
      const saved = await saveCampaign(values, campaign, mode);
      // The file needs the campaign's id, so it follows the fields (a new campaign is created first).
      if (mode !== 'none' && (file || (removed && campaign?.mediaName))) {
        setUploading(true);
        try {
          if (file) await uploadCampaignMedia(saved.id, file);
          else await removeCampaignMedia(saved.id);
        } finally {
          setUploading(false);
        }
      }
      toastSuccess(t('campaigns.saved'));
      onClose();
    } catch (err) {
      toastError(err);
    }
  };

  const title = campaign
    ? t('campaigns.editTitle', { status: t(STATUS_LOOK[campaign.status].label) })
    : t('campaigns.newTitle');
  const opts = options.data;

  return (
    <Dialog isOpen onClose={onClose} title={title} className="campaign-dialog" style={{ width: 720 }}>
      <Form<CampaignFormValues>
        onSubmit={onSubmit}
        initialValues={initial}
        validate={validateWith(CampaignForm, (k) => t(k as TKey))}
      >
        {({ handleSubmit, submitting, values }) => (
          <form onSubmit={handleSubmit}>
            <DialogBody>
              {reason && (
                <Callout
                  intent={mode === 'none' ? 'warning' : 'primary'}
                  icon="lock"
                  className="campaign-callout"
                  data-testid="campaign-locked"
                >
                  {t(LOCK_TEXT[reason])}
                </Callout>
              )}
              {campaign?.lastError && (
                <Callout
                  intent="danger"
                  icon="error"
                  className="campaign-callout"
                  data-testid="campaign-last-error"
                >
                  {t('campaigns.lastError', { reason: translateError(lang, campaign.lastError) })}
                </Callout>
              )}
              <TextField
                name="name"
                label={t('campaigns.name')}
                disabled={!all}
                autoFocus={all}
                testId="campaign-name"
              />
              <MessageTabs
                placeholders={placeholders(settings.data?.variables ?? [])}
                disabled={mode === 'none'}
                filled={
                  Object.fromEntries(MESSAGE_FIELDS.map((f) => [f, !!values[f]?.trim()])) as Record<
                    MessageField,
                    boolean
                  >
                }
              />
              <div className="campaign-grid">
                <SelectField
                  name="whatsappId"
                  label={t('campaigns.connection')}
                  noneLabel={t('campaigns.none')}
                  options={opts?.connections ?? []}
                  disabled={!all}
                  testId="campaign-whatsapp"
                />
                <TextField
                  name="scheduledAt"
                  label={t('campaigns.scheduledAt')}
                  type="datetime-local"
                  step={1}
                  disabled={!all}
                  testId="campaign-scheduled-at"
                />
                <SelectField
                  name="contactListId"
                  label={t('campaigns.contactList')}
                  noneLabel={t('campaigns.none')}
                  options={opts?.contactLists ?? []}
                  disabled={!all}
                  testId="campaign-contact-list"
                />
                <SelectField
                  name="tagListId"
                  label={t('campaigns.tag')}
                  noneLabel={t('campaigns.none')}
                  options={opts?.tags ?? []}
                  disabled={!all}
                  testId="campaign-tag"
                />
                <SelectField
                  name="fileListId"
                  label={t('campaigns.fileList')}
                  noneLabel={t('campaigns.none')}
                  options={opts?.fileLists ?? []}
                  disabled={mode === 'none'}
                  testId="campaign-file-list"
                />
              </div>
              {!values.scheduledAt && all && (
                <p className="bp6-text-muted" data-testid="campaign-draft-hint">
                  {t('campaigns.draftHint')}
                </p>
              )}
              <CampaignAttachment
                current={campaign?.mediaName ?? null}
                chosen={file}
                removed={removed}
                busy={uploading}
                disabled={mode === 'none'}
                onChoose={(f) => {
                  setFile(f);
                  setRemoved(false);
                }}
                onRemove={() => {
                  setFile(null);
                  setRemoved(true);
                }}
              />
            </DialogBody>
            <DialogFooter
              actions={
                <>
                  <Button text={t('campaigns.close')} onClick={onClose} data-testid="campaign-close" />
                  {mode !== 'none' && (
                    <Button
                      type="submit"
                      intent="primary"
                      text={t('campaigns.save')}
                      loading={submitting}
                      data-testid="campaign-save"
                    />
                  )}
                </>
              }
            />
          </form>
        )}
      </Form>
    </Dialog>
  );
}
