import '../../../components/ui/admin-page.css';
import './messages-api.css';
import { Button, Card, FileInput, FormGroup, HTMLTable, Spinner, TextArea } from '@blueprintjs/core';
import { EXTERNAL_SEND_OK } from '@zelo/contracts/external-api/api';
import { useEffect } from 'react';
import { Field, Form } from 'react-final-form';
import { useLocation } from 'wouter';
import { TextField } from '../../../components/ui/text-field.tsx';
import { validateWith, visibleError } from '../../../lib/form.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { showToast, toastError, toastSuccess } from '../../../lib/toaster.ts';
import { useRequest } from '../../../lib/use-request.ts';
import {
  MediaSendInput,
  planAllowsExternalApi,
  sendMedia,
  sendText,
  sendUrl,
  TextSendInput,
} from '../api/messages-api.ts';
import { ConnectionTokenField } from './connection-token-field.tsx';

const ERRORS: [number, string, TKey][] = [
  [400, 'ERR_VALIDATION', 'messagesApi.errValidation'],
  [400, 'ERR_WAPP_INVALID_CONTACT', 'messagesApi.errNumber'],
  [401, 'ERR_INVALID_TOKEN', 'messagesApi.errToken'],
  [403, 'ERR_EXTERNAL_API_DISABLED', 'messagesApi.errPlan'],
  [413, 'ERR_MEDIA_TOO_LARGE', 'messagesApi.errTooLarge'],
  [429, 'ERR_RATE_LIMITED', 'messagesApi.errRateLimited'],
];

/** Doc 2 §2.18: how to call POST /api/messages/send, and two forms to try it. Needs the plan's API flag. */
export function MessagesApiPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const planId = useAtomValue(sessionAtom)?.user.company?.planId ?? null;
  const allowed = useRequest((signal) => planAllowsExternalApi(planId, signal), [planId]);

  useEffect(() => {
    if (allowed.loading || allowed.data !== false) return;
    showToast(t('messagesApi.unauthorized'), 'danger');
    const timer = setTimeout(() => navigate('/', { replace: true }), 1000);
    return () => clearTimeout(timer);
  }, [allowed.loading, allowed.data, navigate, t]);
  useEffect(() => {
    if (allowed.error) toastError(allowed.error);
  }, [allowed.error]);

  if (!allowed.data) {
    return (
      <div className="admin-page" data-testid="messages-api-page">
        {allowed.loading && <Spinner />}
      </div>
    );
  }

  const url = sendUrl();
  const curlJson = [
    `curl -X POST '${url}' \\`,
    `  -H 'Authorization: Bearer <token>' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{"number": "5511999999999", "body": "${t('messagesApi.exampleBody')}"}'`,
  ].join('\n');
  const curlMedia = [
    `curl -X POST '${url}' \\`,
    `  -H 'Authorization: Bearer <token>' \\`,
    `  -F 'number=5511999999999' \\`,
    `  -F 'body=${t('messagesApi.exampleCaption')}' \\`,
    `  -F 'medias=@/path/to/file.pdf'`,
  ].join('\n');

  const onText = async (values: TextSendInput) => {
    try {
      await sendText(values);
      toastSuccess(t('messagesApi.sent'));
    } catch (err) {
      toastError(err);
    }
  };
  const onMedia = async (values: MediaSendInput) => {
    try {
      await sendMedia(values);
      toastSuccess(t('messagesApi.sent'));
    } catch (err) {
      toastError(err);
    }
  };
  const translate = (k: string) => t(k as TKey);

  return (
    <div className="admin-page messages-api" data-testid="messages-api-page">
      <div className="admin-page-head">
        <h2>{t('messagesApi.title')}</h2>
      </div>
      <Card className="messages-api-card" data-testid="messages-api-docs">
        <h3>{t('messagesApi.docsTitle')}</h3>
        <p>{t('messagesApi.docsIntro')}</p>
        <h4>{t('messagesApi.endpoint')}</h4>
        <pre className="messages-api-code" data-testid="messages-api-url">{`POST ${url}`}</pre>
        <h4>{t('messagesApi.headers')}</h4>
        <pre className="messages-api-code">
          {'Authorization: Bearer <token>\nContent-Type: application/json | multipart/form-data'}
        </pre>
        <p>{t('messagesApi.tokenHelp')}</p>
        <h4>{t('messagesApi.textExample')}</h4>
        <p>{t('messagesApi.textHelp')}</p>
        <pre className="messages-api-code">{curlJson}</pre>
        <h4>{t('messagesApi.mediaExample')}</h4>
        <p>{t('messagesApi.mediaHelp')}</p>
        <pre className="messages-api-code">{curlMedia}</pre>
        <h4>{t('messagesApi.answer')}</h4>
        <pre className="messages-api-code">{`200 ${JSON.stringify(EXTERNAL_SEND_OK)}`}</pre>
        <h4>{t('messagesApi.errors')}</h4>
        <p>{t('messagesApi.errorsHelp')}</p>
        <HTMLTable compact striped className="messages-api-errors">
          <tbody>
            {ERRORS.map(([status, code, key]) => (
              <tr key={code}>
                <td>{status}</td>
                <td>
                  <code>{code}</code>
                </td>
                <td>{t(key)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </Card>

      <div className="messages-api-forms">
        <Card className="messages-api-card">
          <h3>{t('messagesApi.textFormTitle')}</h3>
          <Form<TextSendInput> onSubmit={onText} validate={validateWith(TextSendInput, translate)}>
            {({ handleSubmit, submitting }) => (
              <form onSubmit={handleSubmit} data-testid="messages-api-text-form">
                <ConnectionTokenField prefix="api-text" />
                <TextField
                  name="number"
                  label={t('messagesApi.number')}
                  placeholder="5511999999999"
                  testId="api-text-number"
                />
                <Field<string> name="body">
                  {({ input, meta }) => {
                    const error = visibleError(meta);
                    return (
                      <FormGroup
                        label={t('messagesApi.body')}
                        labelFor="api-text-body"
                        helperText={error || undefined}
                        intent={error ? 'danger' : 'none'}
                      >
                        <TextArea
                          id="api-text-body"
                          fill
                          rows={3}
                          {...input}
                          intent={error ? 'danger' : 'none'}
                          data-testid="api-text-body"
                        />
                      </FormGroup>
                    );
                  }}
                </Field>
                <Button
                  type="submit"
                  intent="primary"
                  icon="send-message"
                  text={t('messagesApi.send')}
                  loading={submitting}
                  data-testid="api-text-send"
                />
              </form>
            )}
          </Form>
        </Card>

        <Card className="messages-api-card">
          <h3>{t('messagesApi.mediaFormTitle')}</h3>
          <Form<MediaSendInput> onSubmit={onMedia} validate={validateWith(MediaSendInput, translate)}>
            {({ handleSubmit, submitting }) => (
              <form onSubmit={handleSubmit} data-testid="messages-api-media-form">
                <ConnectionTokenField prefix="api-media" />
                <TextField
                  name="number"
                  label={t('messagesApi.number')}
                  placeholder="5511999999999"
                  testId="api-media-number"
                />
                <Field<File | undefined> name="file">
                  {({ input, meta }) => {
                    const error = visibleError(meta);
                    return (
                      <FormGroup
                        label={t('messagesApi.file')}
                        helperText={error || undefined}
                        intent={error ? 'danger' : 'none'}
                      >
                        <FileInput
                          fill
                          text={input.value?.name || t('messagesApi.chooseFile')}
                          buttonText="…"
                          hasSelection={!!input.value}
                          inputProps={{
                            // @ts-expect-error data attributes are valid on the input element
                            'data-testid': 'api-media-file',
                          }}
                          onInputChange={(e) => {
                            input.onChange(e.currentTarget.files?.[0] ?? undefined);
                            input.onBlur();
                          }}
                        />
                      </FormGroup>
                    );
                  }}
                </Field>
                <Button
                  type="submit"
                  intent="primary"
                  icon="send-message"
                  text={t('messagesApi.send')}
                  loading={submitting}
                  data-testid="api-media-send"
                />
              </form>
            )}
          </Form>
        </Card>
      </div>
    </div>
  );
}
