import { Spinner, Switch } from '@blueprintjs/core';
import { Field } from 'react-final-form';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { useRequest } from '../../../lib/use-request.ts';
import {
  campaignChoices,
  createFlowCampaign,
  type FlowCampaign,
  FlowCampaignInput,
  updateFlowCampaign,
} from '../api/flow-campaigns.ts';
import { flowError } from '../lib/toasts.ts';
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
  const initial: FlowCampaignInput = {
    name: campaign?.name ?? '',
    phrase: campaign?.phrase ?? '',
    flowId: campaign ? String(campaign.flowId) : '',
    whatsappId: campaign ? String(campaign.whatsappId) : '',
    status: campaign?.status ?? true,
  };

  const onSubmit = (values: FlowCampaignInput) => {
    const body = {
      name: values.name.trim(),
      phrase: values.phrase.trim(),
      flowId: values.flowId,
      whatsappId: values.whatsappId,
    };
    return campaign
      ? updateFlowCampaign(campaign.id, { ...body, status: values.status })
      : createFlowCampaign(body);
  };

  return (
    <FormDialog<FlowCampaignInput>
      title={t(campaign ? 'flows.phraseEditTitle' : 'flows.phraseAddTitle')}
      className="flows-dialog"
      onClose={() => onClose(false)}
      initialValues={initial}
      validate={validateFlowForm(FlowCampaignInput, (k) => t(k as TKey))}
      onSubmit={onSubmit}
      savedText={t(campaign ? 'flows.phraseUpdated' : 'flows.phraseCreated')}
      onSaved={() => onClose(true)}
      onError={flowError}
      cancelText={t('flows.cancel')}
      saveText={t(campaign ? 'flows.save' : 'flows.dialogAdd')}
      saveTestId="phrase-save"
      formTestId="phrase-dialog"
    >
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
    </FormDialog>
  );
}
