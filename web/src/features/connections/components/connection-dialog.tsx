import { FormGroup, HTMLSelect, NumericInput, Switch, Tab, Tabs, TextArea } from '@blueprintjs/core';
import type { ConnectionView } from '@zelo/contracts/connections/read-models';
import { Field } from 'react-final-form';
import { ChoiceField, ChoicesField } from '../../../components/choice-fields.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { RefSelect } from '../../../components/ui/ref-select.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import {
  listFlowChoices,
  listIntegrationChoices,
  listPromptChoices,
} from '../../../lib/automation-choices.ts';
import { validateWith, visibleError } from '../../../lib/form.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { useReferenceList } from '../../../lib/reference-lists.ts';
import { useRequest } from '../../../lib/use-request.ts';
import {
  ConnectionInput,
  getConnection,
  listProviders,
  newConnectionDefaults,
  saveConnection,
} from '../api/connections.ts';

interface Props {
  /** null adds a connection. */
  connectionId: string | null;
  onClose: () => void;
  onSaved?: (connection: ConnectionView) => void;
}

/** Doc 1 §3 Connection: every field of the entity; server refusals come back as translated toasts. */
export function ConnectionDialog({ connectionId, onClose, onSaved }: Props) {
  const t = useT();
  const existing = useRequest(
    (s) => (connectionId ? getConnection(connectionId, s) : Promise.resolve(null)),
    [connectionId],
  );
  const queues = useReferenceList('queues');
  const providers = useRequest(listProviders, []);
  const prompts = useRequest(listPromptChoices, []);
  const integrations = useRequest(listIntegrationChoices, []);
  const flows = useRequest(listFlowChoices, []);
  const picker = {
    noneLabel: t('connections.noneChoice'),
    planHint: t('connections.pickerPlanHint'),
    failedHint: t('connections.pickerFailedHint'),
    unknownLabel: t('connections.pickerUnknown'),
  };
  const initial: ConnectionInput | null = connectionId
    ? existing.data
      ? pick(existing.data)
      : null
    : newConnectionDefaults;

  const queueOptions = queues.data ?? [];
  const general = (
    <>
      <TextField name="name" label={t('connections.name')} testId="connection-name" autoFocus />
      <Field<boolean> name="isDefault" type="checkbox">
        {({ input }) => (
          <Switch
            checked={!!input.checked}
            onChange={input.onChange}
            label={t('connections.default')}
            data-testid="connection-default"
          />
        )}
      </Field>
      {!connectionId && (providers.data?.length ?? 0) > 1 && (
        <Field<string> name="provider">
          {({ input }) => (
            <FormGroup label={t('connections.provider')}>
              <HTMLSelect
                fill
                value={input.value}
                onChange={input.onChange}
                data-testid="connection-provider"
              >
                {providers.data?.map((p) => (
                  <option key={p} value={p}>
                    {t(p === 'simulator' ? 'connections.providerSimulator' : 'connections.providerBaileys')}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          )}
        </Field>
      )}
      <ChoicesField
        name="queueIds"
        label={t('connections.queues')}
        choices={queueOptions}
        testId="connection-queues"
      />
    </>
  );

  const messages = (
    <>
      <TextAreaField name="greetingMessage" label={t('connections.greetingMessage')} />
      <TextAreaField name="complationMessage" label={t('connections.complationMessage')} />
      <TextAreaField name="outOfHoursMessage" label={t('connections.outOfHoursMessage')} />
      <TextAreaField name="ratingMessage" label={t('connections.ratingMessage')} />
    </>
  );

  const automation = (
    <>
      <ChoiceField
        name="transferQueueId"
        label={t('connections.transferQueue')}
        choices={queueOptions}
        noneLabel={t('connections.noQueue')}
        testId="connection-transfer-queue"
      />
      <RefSelect
        name="promptId"
        label={t('connections.prompt')}
        choices={prompts.data}
        error={prompts.error}
        testId="connection-prompt"
        {...picker}
      />
      <RefSelect
        name="integrationId"
        label={t('connections.integration')}
        choices={integrations.data}
        error={integrations.error}
        testId="connection-integration"
        {...picker}
      />
      <RefSelect
        name="flowIdWelcome"
        label={t('connections.welcomeFlow')}
        choices={flows.data}
        error={flows.error}
        testId="connection-welcome-flow"
        {...picker}
      />
      <NumberField name="timeToTransfer" label={t('connections.timeToTransfer')} />
      <NumberField name="expiresTicket" label={t('connections.expiresTicket')} />
      <TextAreaField name="expiresInactiveMessage" label={t('connections.expiresInactiveMessage')} />
      <NumberField name="timeUseBotQueues" label={t('connections.timeUseBotQueues')} />
      <NumberField name="maxUseBotQueues" label={t('connections.maxUseBotQueues')} />
    </>
  );

  return (
    <FormDialog<ConnectionInput, ConnectionView>
      title={t(connectionId ? 'connections.editTitle' : 'connections.newTitle')}
      icon="mobile-phone"
      style={{ width: 640 }}
      onClose={onClose}
      initialValues={initial}
      validate={validateWith(ConnectionInput, (k) => t(k as TKey))}
      // ERR_WAPP_GREETING_REQUIRED, ERR_NO_OTHER_WHATSAPP, ERR_CONNECTION_LIMIT_REACHED… come back as toasts.
      onSubmit={(values) => saveConnection(connectionId, values)}
      savedText={t('connections.saved')}
      onSaved={(saved) => {
        onSaved?.(saved);
        onClose();
      }}
      cancelText={t('connections.cancel')}
      saveText={t('connections.save')}
      saveTestId="connection-save"
      formTestId="connection-dialog"
      noValidate
    >
      <Tabs id="connection-tabs">
        <Tab id="general" title={t('connections.tabGeneral')} panel={general} />
        <Tab
          id="messages"
          title={t('connections.tabMessages')}
          panel={messages}
          data-testid="connection-tab-messages"
        />
        <Tab
          id="automation"
          title={t('connections.tabAutomation')}
          panel={automation}
          data-testid="connection-tab-automation"
        />
      </Tabs>
    </FormDialog>
  );
}

function pick(c: ConnectionView): ConnectionInput {
  const out = { ...newConnectionDefaults };
  for (const key of Object.keys(out) as (keyof ConnectionInput)[])
    if (c[key] !== undefined) (out as Record<string, unknown>)[key] = c[key];
  return out;
}

function TextAreaField({ name, label }: { name: string; label: string }) {
  return (
    <Field<string> name={name}>
      {({ input, meta }) => {
        const error = visibleError(meta);
        return (
          <FormGroup label={label} helperText={error || undefined} intent={error ? 'danger' : 'none'}>
            <TextArea
              fill
              value={input.value ?? ''}
              onChange={input.onChange}
              onBlur={input.onBlur}
              data-testid={`connection-${name}`}
            />
          </FormGroup>
        );
      }}
    </Field>
  );
}

/** Whole minutes (or a count): an emptied input is 0 rather than a missing value. */
function NumberField({ name, label }: { name: string; label: string }) {
  return (
    <Field<number> name={name}>
      {({ input, meta }) => {
        const error = visibleError(meta);
        return (
          <FormGroup label={label} helperText={error || undefined} intent={error ? 'danger' : 'none'}>
            <NumericInput
              fill
              min={0}
              minorStepSize={null}
              value={input.value ?? 0}
              onValueChange={(n, s) => input.onChange(s === '' || Number.isNaN(n) ? 0 : n)}
              onBlur={input.onBlur}
              data-testid={`connection-${name}`}
            />
          </FormGroup>
        );
      }}
    </Field>
  );
}
