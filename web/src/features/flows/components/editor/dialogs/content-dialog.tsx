import { Button, ButtonGroup, Checkbox, FileInput, InputGroup, Spinner, TextArea } from '@blueprintjs/core';
import { useRef, useState } from 'react';
import * as v from 'valibot';
import { type TKey, useT } from '../../../../../lib/i18n.ts';
import { uploadContent } from '../../../api/flows.ts';
import {
  type ContentDraft,
  type ContentProblem,
  contentData,
  contentProblem,
  draftsOf,
  isMediaCard,
  pendingUploads,
} from '../../../lib/content-blocks.ts';
import type { ContentElementType, NodeDataByType } from '../../../lib/node-data.ts';
import { flowError } from '../../../lib/toasts.ts';
import { acceptOf, compressImage, type MediaKind } from '../../../lib/uploads.ts';
import { useFileProblem } from './media-dialog.tsx';
import { type NodeDialogProps, NodeFormDialog } from './node-form-dialog.tsx';

/** Doc 2 §4: the content editor waits 1.5 s before it uploads its files. */
export const CONTENT_UPLOAD_WAIT_MS = 1500;
const NoFields = v.object({});

const CARD_LABELS: Record<ContentElementType, TKey> = {
  message: 'flows.contentText',
  interval: 'flows.contentInterval',
  img: 'flows.contentImg',
  audio: 'flows.contentAudio',
  video: 'flows.contentVideo',
};
const PROBLEMS: Record<ContentProblem, TKey> = {
  noCards: 'flows.contentEmpty',
  emptyText: 'flows.contentEmptyText',
  badInterval: 'flows.contentBadInterval',
  emptyMedia: 'flows.contentEmptyMedia',
};

/** Doc 2 §2.16 Conteúdo: ordered cards of text, intervals, images, audio and video, sent in order. */
export function ContentDialog({
  mode,
  data,
  onSave,
  onClose,
}: NodeDialogProps<NodeDataByType['singleBlock']>) {
  const t = useT();
  const fileProblem = useFileProblem();
  const next = useRef(0);
  const newKey = () => `card-${next.current++}`;
  const [cards, setCards] = useState<ContentDraft[]>(() => (data ? draftsOf(data, newKey) : []));
  const [cardErrors, setCardErrors] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState(false);

  const update = (key: string, patch: Partial<ContentDraft>) =>
    setCards((cs) => cs.map((c) => (c.key === key ? { ...c, ...patch } : c)));
  const move = (index: number, by: -1 | 1) =>
    setCards((cs) => {
      const to = index + by;
      if (to < 0 || to >= cs.length) return cs;
      const copy = [...cs];
      [copy[index], copy[to]] = [copy[to] as ContentDraft, copy[index] as ContentDraft];
      return copy;
    });
  const add = (type: ContentElementType) =>
    setCards((cs) => [...cs, { key: newKey(), type, value: '', record: false, file: null }]);

  const choose = async (card: ContentDraft, chosen: File | undefined) => {
    if (!chosen) return;
    const ready = card.type === 'img' ? await compressImage(chosen) : chosen;
    const problem = fileProblem(card.type as MediaKind, ready);
    setCardErrors((e) => ({ ...e, [card.key]: problem ?? '' }));
    if (!problem) update(card.key, { file: ready, original: ready.name });
  };

  const submit = async () => {
    const pending = pendingUploads(cards);
    const stored = new Map<string, string>();
    if (pending.length > 0) {
      setUploading(true);
      try {
        await new Promise((r) => setTimeout(r, CONTENT_UPLOAD_WAIT_MS));
        const names = await uploadContent(pending.map((c) => c.file));
        for (const [i, c] of pending.entries()) stored.set(c.key, names[i] as string);
      } catch (err) {
        flowError(err);
        throw err;
      } finally {
        setUploading(false);
      }
    }
    onSave(contentData(cards, stored));
  };

  return (
    <NodeFormDialog<Record<string, never>>
      title={t(mode === 'create' ? 'flows.addNodeTitle' : 'flows.editNodeTitle', {
        type: t('flows.nodeContent'),
      })}
      mode={mode}
      schema={NoFields}
      initialValues={{}}
      check={() => {
        const problem = contentProblem(cards);
        return problem ? t(PROBLEMS[problem]) : null;
      }}
      onSubmit={submit}
      onClose={onClose}
      testId="flow-content-dialog"
      wide
    >
      {() => (
        <>
          <div className="flows-content-cards">
            {cards.map((card, i) => (
              <div key={card.key} className="flows-content-card" data-testid="flow-content-card">
                <div className="flows-content-card-head">
                  <strong>{t(CARD_LABELS[card.type])}</strong>
                  <ButtonGroup variant="minimal">
                    <Button
                      icon="arrow-up"
                      aria-label={t('flows.contentMoveUp')}
                      onClick={() => move(i, -1)}
                    />
                    <Button
                      icon="arrow-down"
                      aria-label={t('flows.contentMoveDown')}
                      onClick={() => move(i, 1)}
                    />
                    <Button
                      icon="trash"
                      intent="danger"
                      aria-label={t('flows.contentRemove')}
                      onClick={() => setCards((cs) => cs.filter((c) => c.key !== card.key))}
                    />
                  </ButtonGroup>
                </div>
                {card.type === 'message' && (
                  <TextArea
                    fill
                    rows={3}
                    value={card.value}
                    onChange={(e) => update(card.key, { value: e.currentTarget.value })}
                    data-testid="flow-content-text"
                  />
                )}
                {card.type === 'interval' && (
                  <InputGroup
                    inputMode="numeric"
                    value={card.value}
                    placeholder={t('flows.contentSeconds')}
                    onChange={(e) => update(card.key, { value: e.currentTarget.value })}
                    data-testid="flow-content-interval"
                  />
                )}
                {isMediaCard(card.type) && (
                  <>
                    <FileInput
                      fill
                      text={card.file?.name ?? card.original ?? (card.value || t('flows.noFile'))}
                      buttonText={t('flows.chooseFile')}
                      inputProps={{ accept: acceptOf(card.type as MediaKind) }}
                      onInputChange={(e) => void choose(card, e.currentTarget.files?.[0])}
                    />
                    {cardErrors[card.key] && <div className="flows-field-error">{cardErrors[card.key]}</div>}
                    {card.type === 'audio' && (
                      <Checkbox
                        checked={!!card.record}
                        label={t('flows.record')}
                        onChange={() => update(card.key, { record: !card.record })}
                      />
                    )}
                  </>
                )}
              </div>
            ))}
          </div>
          <ButtonGroup className="flows-content-add">
            {(Object.keys(CARD_LABELS) as ContentElementType[]).map((type) => (
              <Button
                key={type}
                icon="add"
                text={t(CARD_LABELS[type])}
                onClick={() => add(type)}
                data-testid={`flow-content-add-${type}`}
              />
            ))}
          </ButtonGroup>
          {uploading && (
            <div className="flows-busy" role="status">
              <Spinner size={16} /> {t('flows.uploading')}
            </div>
          )}
        </>
      )}
    </NodeFormDialog>
  );
}
