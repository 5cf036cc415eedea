import { Button, Dialog, DialogBody, DialogFooter, Spinner, Switch } from '@blueprintjs/core';
import { useState } from 'react';
import { Field, Form } from 'react-final-form';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { useRequest } from '../../../lib/use-request.ts';
import {
  campaignChoices,
  createFlowCampaign,
  type FlowCampaign,
  FlowCampaignInput,
  updateFlowCampaign,
} from '../api/flow-campaigns.ts';
import { flowError, flowSuccess } from '../lib/toasts.ts';
import { validateFlowForm } from '../lib/validate.ts';
import { InputField, SelectField, TextAreaField } from './editor/dialogs/fields.tsx';

interface Props {
  campaign: FlowCampaign | null;
  onClose: (saved: boolean) => void;
}

/** Doc 2 §2.14: name, phrase, the flow it starts and the connection it listens on; status on edit. */
export function PhraseDialog({ campaign, onClose }: Props) {
  const t = useT();
  const choices = useRequest((signal) => campaignChoices(signal), []);
  const [busy, setBusy] = useState(false);
  const initial: FlowCampaignInput = {
    name: campaign?.name ?? '',
    phrase: campaign?.phrase ?? '',
    flowId: campaign ? String(campaign.flowId) : '',
    whatsappId: campaign ? String(campaign.whatsappId) : '',
    status: campaign?.status ?? true,
  };

  const onSubmit = async (values: FlowCampaignInput) => {
    setBusy(true);
    const body = {
      name: values.name.trim(),
      phrase: values.phrase.trim(),
      flowId: values.flowId,
      whatsappId: values.whatsappId,
    };
    try {
      if (campaign) await updateFlowCampaign(campaign.id, { ...body, status: values.status });
      else await createFlowCampaign(body);
      flowSuccess(t(campaign ? 'flows.phraseUpdated' : 'flows.phraseCreated'));
      onClose(true);
    } catch (err) {
      flowError(err);
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen
      onClose={() => onClose(false)}
      title={t(campaign ? 'flows.phraseEditTitle' : 'flows.phraseAddTitle')}
      className="flows-dialog"
    >
      <Form<FlowCampaignInput>
        onSubmit={onSubmit}
        initialValues={initial}
        validate={validateFlowForm(FlowCampaignInput, (k) => t(k as TKey))}
      >
        {({ handleSubmit }) => (
          <form onSubmit={handleSubmit} data-testid="phrase-dialog">
            <DialogBody>
              {choices.loading ? (
                <Spinner size={24} />
              ) : (
                <>
                  <InputField name="name" label={t('flows.name')} testId="phrase-name" autoFocus />
                  <TextAreaField name="phrase" label={t('flows.phrase')} rows={2} testId="phrase-phrase" />
                  <SelectField
                    name="flowId"
                    label={t('flows.flow')}
                    placeholder={t('flows.chooseFlow')}
                    options={(choices.data?.flows ?? []).map((f) => ({ value: f.id, label: f.name }))}
                    testId="phrase-flow"
                  />
                  <SelectField
                    name="whatsappId"
                    label={t('flows.connection')}
                    placeholder={t('flows.chooseConnection')}
                    options={(choices.data?.connections ?? []).map((c) => ({ value: c.id, label: c.name }))}
                    testId="phrase-connection"
                  />
                  {campaign && (
                    <Field<boolean> name="status" type="checkbox">
                      {({ input }) => (
                        <Switch
                          checked={!!input.checked}
                          onChange={input.onChange}
                          label={t('flows.phraseActive')}
                          data-testid="phrase-status"
                        />
                      )}
                    </Field>
                  )}
                </>
              )}
            </DialogBody>
            <DialogFooter
              actions={
                <>
                  <Button text={t('flows.cancel')} onClick={() => onClose(false)} disabled={busy} />
                  <Button
                    type="submit"
                    intent="primary"
                    text={t(campaign ? 'flows.save' : 'flows.dialogAdd')}
                    loading={busy}
                    data-testid="phrase-save"
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
