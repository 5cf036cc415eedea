import '../../../components/ui/admin-page.css';
import { Alert, Button, ButtonGroup, HTMLTable, NonIdealState } from '@blueprintjs/core';
import type { HelpView } from '@zelo/contracts/helps/read-models';
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n.ts';
import { toastError, toastSuccess } from '../../../lib/toaster.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { deleteHelp, listHelps } from '../api/helps.ts';
import { HelpDialog } from './help-dialog.tsx';

/** Settings › Help (super user, doc 2 §2.19): the help videos every user sees on /helps. */
export function HelpsAdminPanel() {
  const t = useT();
  const helps = useRequest(listHelps, []);
  const [editing, setEditing] = useState<HelpView | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<HelpView | null>(null);
  useEffect(() => {
    if (helps.error) toastError(helps.error);
  }, [helps.error]);

  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteHelp(deleting.id);
      toastSuccess(t('helps.deleted'));
      helps.reload();
    } catch (err) {
      toastError(err);
    }
    setDeleting(null);
  };

  return (
    <div data-testid="helps-panel">
      <div className="admin-panel-head">
        <span className="admin-panel-spacer" />
        <Button
          intent="primary"
          icon="add"
          text={t('helps.add')}
          onClick={() => setEditing(null)}
          data-testid="helps-add"
        />
      </div>
      {helps.data?.length === 0 ? (
        <NonIdealState icon="video" title={t('helps.empty')} />
      ) : (
        <HTMLTable striped compact className="admin-table" data-testid="helps-table">
          <thead>
            <tr>
              <th>{t('helps.titleField')}</th>
              <th>{t('helps.description')}</th>
              <th>{t('helps.video')}</th>
              <th>{t('helps.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {helps.data?.map((h) => (
              <tr key={h.id} data-testid="help-row">
                <td>{h.title}</td>
                <td>{h.description}</td>
                <td>
                  <code>{h.video}</code>
                </td>
                <td>
                  <ButtonGroup variant="minimal">
                    <Button
                      icon="edit"
                      aria-label={t('helps.edit')}
                      onClick={() => setEditing(h)}
                      data-testid="help-edit"
                    />
                    <Button
                      icon="trash"
                      intent="danger"
                      aria-label={t('helps.delete')}
                      onClick={() => setDeleting(h)}
                      data-testid="help-delete"
                    />
                  </ButtonGroup>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {editing !== undefined && (
        <HelpDialog help={editing} onClose={() => setEditing(undefined)} onSaved={helps.reload} />
      )}
      <Alert
        isOpen={!!deleting}
        intent="danger"
        icon="trash"
        confirmButtonText={t('helps.delete')}
        cancelButtonText={t('helps.cancel')}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      >
        <span data-testid="help-confirm-delete">
          {t('helps.confirmDelete', { title: deleting?.title ?? '' })}
        </span>
      </Alert>
    </div>
  );
}
