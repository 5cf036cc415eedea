import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  TextArea,
} from '@blueprintjs/core';
import type { FlowView } from '@zelo/contracts/flows/read-models';
import type {
  QueueIntegrationDetails,
  QueueIntegrationView,
} from '@zelo/contracts/queue-integrations/read-models';
import { useEffect, useState } from 'react';
import { Field, Form } from 'react-final-form';
import { TextField } from '../../../components/ui/text-field.tsx';
import { validateWith, visibleError } from '../../../lib/form.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { useSocketEvent } from '../../../lib/socket.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { toastError, toastSuccess } from '../../../lib/toaster.ts';
import {
  getQueueIntegration,
  INTEGRATION_TYPES,
  listFlows,
  QueueIntegrationInput,
  saveQueueIntegration,
  testDialogflowSession,
} from '../api/queue-integrations.ts';

interface Props {
  integration: QueueIntegrationView | null;
  onClose: () => void;
}

const initialOf = (i: QueueIntegrationView | null): QueueIntegrationInput => ({
  type: i?.type ?? 'webhook',
  name: i?.name ?? '',
  projectName: i?.projectName ?? '',
  jsonContent: i?.jsonContent ?? '',
  language: i?.language ?? '',
  urlN8N: i?.urlN8N ?? '',
  typebotSlug: i?.typebotSlug ?? '',
  typebotExpires: i?.typebotExpires ?? 1,
  typebotDelayMessage: i?.typebotDelayMessage ?? 1000,
  typebotKeywordFinish: i?.typebotKeywordFinish ?? '',
  typebotKeywordRestart: i?.typebotKeywordRestart ?? '',
  typebotRestartMessage: i?.typebotRestartMessage ?? '',
  typebotUnknownMessage: i?.typebotUnknownMessage ?? '',
  flowId: i?.flowId ?? null,
});

/**
 * Doc 2 §2.13: the integration's fields, which change with its type; a test of a Dialogflow agent; and
 * for a webhook or n8n, its signing secret and its last deliveries, live.
 */
export function QueueIntegrationDialog({ integration, onClose }: Props) {
  const t = useT();
  const user = useAtomValue(sessionAtom)?.user;
  const [details, setDetails] = useState<QueueIntegrationDetails | null>(null);
  const [flows, setFlows] = useState<FlowView[]>([]);
  const [testing, setTesting] = useState(false);
  const id = integration?.id ?? null;

  const reload = () => {
    if (id) getQueueIntegration(id).then(setDetails, () => {});
  };
  useEffect(reload, [id]);
  useEffect(() => {
    listFlows().then(
      (p) => setFlows(p.flows),
      () => setFlows([]),
    );
  }, []);
  useSocketEvent(user ? `company-${user.companyId}-queueIntegration` : null, (frame) => {
    if (frame.id === id && frame.action === 'update') reload();
  });

  const onSubmit = async (values: QueueIntegrationInput) => {
    try {
      await saveQueueIntegration(id, values);
      toastSuccess(t(id ? 'queueIntegrations.edited' : 'queueIntegrations.added'));
      onClose();
    } catch (err) {
      toastError(err);
    }
  };

  const test = async (values: QueueIntegrationInput) => {
    setTesting(true);
    try {
      await testDialogflowSession({
        projectName: values.projectName,
        jsonContent: values.jsonContent,
        language: values.language,
        ...(id ? { integrationId: id } : {}),
      });
      toastSuccess(t('queueIntegrations.tested'));
    } catch (err) {
      toastError(err);
    } finally {
      setTesting(false);
    }
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t(id ? 'queueIntegrations.edit' : 'queueIntegrations.add')}
      className="qi-dialog"
      style={{ width: 640 }}
    >
      <Form<QueueIntegrationInput>
        onSubmit={onSubmit}
        initialValues={initialOf(integration)}
        validate={validateWith(QueueIntegrationInput, (k) => t(k as TKey))}
      >
        {({ handleSubmit, values, submitting }) => (
          <form onSubmit={handleSubmit}>
            <DialogBody>
              <Field<string> name="type">
                {({ input }) => (
                  <FormGroup label={t('queueIntegrations.type')} labelFor="qi-type">
                    <HTMLSelect
                      id="qi-type"
                      fill
                      value={input.value}
                      onChange={(e) => input.onChange(e.currentTarget.value)}
                      data-testid="qi-type"
                    >
                      {INTEGRATION_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {type}
                        </option>
                      ))}
                    </HTMLSelect>
                  </FormGroup>
                )}
              </Field>
              <TextField name="name" label={t('queueIntegrations.name')} testId="qi-name" autoFocus />
              {values.type === 'dialogflow' && (
                <>
                  <TextField
                    name="projectName"
                    label={t('queueIntegrations.projectName')}
                    testId="qi-project"
                  />
                  <TextField name="language" label={t('queueIntegrations.language')} testId="qi-language" />
                  <Field<string> name="jsonContent">
                    {({ input, meta }) => {
                      const error = visibleError(meta);
                      return (
                        <FormGroup
                          label={t('queueIntegrations.jsonContent')}
                          labelFor="qi-json"
                          helperText={error || (id ? t('queueIntegrations.jsonContentKeep') : undefined)}
                          intent={error ? 'danger' : 'none'}
                        >
                          <TextArea id="qi-json" fill rows={4} {...input} data-testid="qi-json" />
                        </FormGroup>
                      );
                    }}
                  </Field>
                </>
              )}
              {(values.type === 'n8n' || values.type === 'webhook' || values.type === 'typebot') && (
                <TextField name="urlN8N" label={t('queueIntegrations.url')} testId="qi-url" />
              )}
              {values.type === 'typebot' && (
                <>
                  <TextField name="typebotSlug" label={t('queueIntegrations.typebotSlug')} testId="qi-slug" />
                  <TextField
                    name="typebotExpires"
                    label={t('queueIntegrations.typebotExpires')}
                    type="number"
                    testId="qi-expires"
                  />
                  <TextField
                    name="typebotDelayMessage"
                    label={t('queueIntegrations.typebotDelayMessage')}
                    type="number"
                    testId="qi-delay"
                  />
                  <TextField
                    name="typebotKeywordFinish"
                    label={t('queueIntegrations.typebotKeywordFinish')}
                  />
                  <TextField
                    name="typebotKeywordRestart"
                    label={t('queueIntegrations.typebotKeywordRestart')}
                  />
                  <TextField
                    name="typebotRestartMessage"
                    label={t('queueIntegrations.typebotRestartMessage')}
                  />
                  <TextField
                    name="typebotUnknownMessage"
                    label={t('queueIntegrations.typebotUnknownMessage')}
                  />
                </>
              )}
              {values.type === 'flowbuilder' && (
                <Field<string | null> name="flowId">
                  {({ input, meta }) => {
                    const error = visibleError(meta);
                    return (
                      <FormGroup
                        label={t('queueIntegrations.flow')}
                        labelFor="qi-flow"
                        helperText={error || undefined}
                        intent={error ? 'danger' : 'none'}
                      >
                        <HTMLSelect
                          id="qi-flow"
                          fill
                          value={input.value ?? ''}
                          onChange={(e) => input.onChange(e.currentTarget.value || null)}
                          data-testid="qi-flow"
                        >
                          <option value="">{t('queueIntegrations.chooseFlow')}</option>
                          {flows.map((f) => (
                            <option key={f.id} value={f.id}>
                              {f.name}
                            </option>
                          ))}
                        </HTMLSelect>
                      </FormGroup>
                    );
                  }}
                </Field>
              )}
              {details && (values.type === 'webhook' || values.type === 'n8n') && (
                <DeliveryLog details={details} />
              )}
            </DialogBody>
            <DialogFooter
              actions={
                <>
                  {values.type === 'dialogflow' && (
                    <Button
                      text={t('queueIntegrations.test')}
                      icon="play"
                      loading={testing}
                      onClick={() => test(values)}
                      data-testid="qi-test"
                    />
                  )}
                  <Button text={t('queueIntegrations.cancel')} onClick={onClose} />
                  <Button
                    type="submit"
                    intent="primary"
                    text={t('queueIntegrations.save')}
                    loading={submitting}
                    data-testid="qi-save"
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

const STATUS_KEYS = {
  pending: 'queueIntegrations.statusPending',
  delivered: 'queueIntegrations.statusDelivered',
  failed: 'queueIntegrations.statusFailed',
} as const satisfies Record<string, TKey>;

/** The signing secret (admins) and the last deliveries: when, the status or error, how many attempts. */
function DeliveryLog({ details }: { details: QueueIntegrationDetails }) {
  const t = useT();
  return (
    <>
      {details.webhookSecret && (
        <FormGroup label={t('queueIntegrations.secret')} helperText={t('queueIntegrations.secretHelp')}>
          <InputGroup readOnly value={details.webhookSecret} data-testid="qi-secret" />
        </FormGroup>
      )}
      <h4>{t('queueIntegrations.deliveries')}</h4>
      {details.deliveries.length === 0 ? (
        <Callout>{t('queueIntegrations.noDeliveries')}</Callout>
      ) : (
        <HTMLTable compact striped style={{ width: '100%' }} data-testid="qi-deliveries">
          <thead>
            <tr>
              <th>{t('queueIntegrations.deliveryTime')}</th>
              <th>{t('queueIntegrations.deliveryStatus')}</th>
              <th>{t('queueIntegrations.deliveryResult')}</th>
              <th>{t('queueIntegrations.deliveryAttempts')}</th>
            </tr>
          </thead>
          <tbody>
            {details.deliveries.map((d) => (
              <tr key={d.id} data-testid="qi-delivery">
                <td>{new Date(d.lastAttemptAt ?? d.requestedAt).toLocaleString()}</td>
                <td>{t(STATUS_KEYS[d.status])}</td>
                <td>{d.lastStatusCode ?? d.lastError ?? '—'}</td>
                <td>{d.attempts}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </>
  );
}
