import './prompts.css';
import { Button } from '@blueprintjs/core';
import type { PromptView } from '@zelo/contracts/prompts/read-models';
import { ResourceList } from '../../../components/resource-list.tsx';
import { useT } from '../../../lib/i18n.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { deletePrompt, listPrompts } from '../api/prompts.ts';
import { PromptDialog } from './prompt-dialog.tsx';

const fetchPrompts = (query: string, _page: number, signal: AbortSignal) =>
  listPrompts(query, signal).then((r) => ({ records: r.prompts, hasMore: false }));

/**
 * Doc 2 §2.12: name, queue, max tokens and actions; add/edit dialog, delete confirmation, live on the
 * company's prompt events. The plan's useOpenAi is checked by the route
 * (router.tsx PlanOnly: a toast, then `/` after a second) and by the API.
 */
export function PromptsPage() {
  const t = useT();
  const user = useAtomValue(sessionAtom)?.user;
  const admin = user?.profile === 'admin' || !!user?.super;

  return (
    <ResourceList<PromptView>
      classPrefix="pr"
      testId="prompts-page"
      title={t('prompts.title')}
      searchPlaceholder={t('prompts.search')}
      searchTestId="pr-search"
      addText={t('prompts.add')}
      addTestId="pr-add"
      interactive
      columns={
        <>
          <th>{t('prompts.name')}</th>
          <th>{t('prompts.queue')}</th>
          <th>{t('prompts.maxTokens')}</th>
          <th className="pr-table-actions">{t('prompts.actions')}</th>
        </>
      }
      rowTestId="pr-row"
      renderCells={(prompt, { edit, remove }) => (
        <>
          <td data-testid="pr-row-name">{prompt.name}</td>
          <td data-testid="pr-row-queue">{prompt.queue?.name ?? t('prompts.noQueue')}</td>
          <td data-testid="pr-row-tokens">{prompt.maxTokens}</td>
          <td className="pr-table-actions">
            {admin && (
              <>
                <Button variant="minimal" icon="edit" aria-label={t('prompts.edit')} onClick={edit} />
                <Button
                  variant="minimal"
                  icon="trash"
                  intent="danger"
                  aria-label={t('prompts.delete')}
                  onClick={remove}
                />
              </>
            )}
          </td>
        </>
      )}
      fetchPage={fetchPrompts}
      liveEvent={user ? `company-${user.companyId}-prompt` : null}
      emptyIcon="predictive-analysis"
      emptyTitle={t('prompts.empty')}
      renderDialog={(prompt, { closeAndReload }) => <PromptDialog prompt={prompt} onClose={closeAndReload} />}
      deleteItem={(prompt) => deletePrompt(prompt.id)}
      deletedMessage={t('prompts.deleted')}
      deleteText={t('prompts.delete')}
      cancelText={t('prompts.cancel')}
      confirmDeleteText={(prompt) => t('prompts.confirmDelete', { name: prompt.name })}
    />
  );
}
