import { Button, ButtonGroup } from '@blueprintjs/core';
import type { HelpView } from '@zelo/contracts/helps/read-models';
import { ResourceList } from '../../../components/resource-list.tsx';
import { useT } from '../../../lib/i18n.ts';
import { deleteHelp, listHelps } from '../api/helps.ts';
import { HelpDialog } from './help-dialog.tsx';

/** Settings › Help (super user, doc 2 §2.19): the help videos every user sees on /helps. */
export function HelpsAdminPanel() {
  const t = useT();
  return (
    <ResourceList<HelpView>
      frame="panel"
      testId="helps-panel"
      addText={t('helps.add')}
      addTestId="helps-add"
      tableTestId="helps-table"
      columns={
        <>
          <th>{t('helps.titleField')}</th>
          <th>{t('helps.description')}</th>
          <th>{t('helps.video')}</th>
          <th>{t('helps.actions')}</th>
        </>
      }
      rowTestId="help-row"
      renderCells={(h, { edit, remove }) => (
        <>
          <td>{h.title}</td>
          <td>{h.description}</td>
          <td>
            <code>{h.video}</code>
          </td>
          <td>
            <ButtonGroup variant="minimal">
              <Button icon="edit" aria-label={t('helps.edit')} onClick={edit} data-testid="help-edit" />
              <Button
                icon="trash"
                intent="danger"
                aria-label={t('helps.delete')}
                onClick={remove}
                data-testid="help-delete"
              />
            </ButtonGroup>
          </td>
        </>
      )}
      fetchAll={listHelps}
      emptyIcon="video"
      emptyTitle={t('helps.empty')}
      renderDialog={(help, { close, reload }) => <HelpDialog help={help} onClose={close} onSaved={reload} />}
      deleteItem={(h) => deleteHelp(h.id)}
      deletedMessage={t('helps.deleted')}
      deleteText={t('helps.delete')}
      cancelText={t('helps.cancel')}
      confirmDeleteText={(h) => (
        <span data-testid="help-confirm-delete">{t('helps.confirmDelete', { title: h.title })}</span>
      )}
    />
  );
}
