import { Tab, Tabs, Tag, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { Field } from 'react-final-form';
import { useT } from '../../../lib/i18n.ts';
import { MESSAGE_FIELDS, type MessageField } from '../api/save-campaign.ts';

interface Props {
  /** `{nome}`, `{email}`, `{numero}` and the company's variables. */
  placeholders: string[];
  disabled: boolean;
  /** Which variants have text, so a tab says it is filled. */
  filled: Record<MessageField, boolean>;
}

/** Doc 2 §2.9: five message variants, one per tab; each contact gets one of the filled ones at random. */
export function MessageTabs({ placeholders, disabled, filled }: Props) {
  const t = useT();
  const [tab, setTab] = useState<MessageField>('message1');
  return (
    <Tabs
      id="campaign-messages"
      selectedTabId={tab}
      onChange={(id) => setTab(id as MessageField)}
      renderActiveTabPanelOnly
      className="campaign-message-tabs"
    >
      {MESSAGE_FIELDS.map((field, i) => (
        <Tab
          key={field}
          id={field}
          title={`${t('campaigns.message', { n: i + 1 })}${filled[field] ? ' •' : ''}`}
          data-testid={`campaign-tab-${field}`}
          panel={
            <Field<string> name={field}>
              {({ input }) => (
                <>
                  <TextArea
                    {...input}
                    value={input.value ?? ''}
                    fill
                    rows={6}
                    disabled={disabled}
                    aria-label={t('campaigns.message', { n: i + 1 })}
                    data-testid={`campaign-${field}`}
                  />
                  <div className="campaign-placeholders" data-testid="campaign-placeholders">
                    <span className="bp6-text-muted">{t('campaigns.placeholders')}</span>
                    {placeholders.map((p) => (
                      <Tag key={p} minimal>
                        {p}
                      </Tag>
                    ))}
                  </div>
                </>
              )}
            </Field>
          }
        />
      ))}
    </Tabs>
  );
}
