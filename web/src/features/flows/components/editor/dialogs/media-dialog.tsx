import { Button, Checkbox, FileInput, FormGroup, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import * as v from 'valibot';
import { type TKey, useT } from '../../../../../lib/i18n.ts';
import { uploadMedia } from '../../../api/flows.ts';
import { mediaUrl } from '../../../lib/media-url.ts';
import type { NodeDataByType } from '../../../lib/node-data.ts';
import { flowError } from '../../../lib/toasts.ts';
import { acceptOf, checkUpload, compressImage, type MediaKind, UPLOAD_LIMITS } from '../../../lib/uploads.ts';
import { type NodeDialogProps, NodeFormDialog } from './node-form-dialog.tsx';

const NoFields = v.object({});
const TITLES: Record<MediaKind, TKey> = {
  img: 'flows.nodeImg',
  audio: 'flows.nodeAudio',
  video: 'flows.nodeVideo',
};

/** The words for a file the kind refuses, or null when it may go up (doc 2 §5 limits). */
export function useFileProblem() {
  const t = useT();
  return (kind: MediaKind, file: File): string | null => {
    const problem = checkUpload(kind, file);
    if (!problem) return null;
    if (problem.problem === 'size') return t('flows.fileTooBig', { mb: problem.maxMb });
    return t('flows.fileWrongType', { types: UPLOAD_LIMITS[kind].extensions.join(', ') });
  };
}

type MediaData = NodeDataByType['img'] | NodeDataByType['audio'] | NodeDataByType['video'];

/**
 * Doc 2 §2.16 image, audio and video dialogs: one file, checked against the kind's types and size
 * (an image compressed at quality 0.7 first), uploaded on submit; the node keeps the stored name.
 */
export function MediaDialog({
  kind,
  mode,
  data,
  onSave,
  onClose,
}: NodeDialogProps<MediaData> & { kind: MediaKind }) {
  const t = useT();
  const fileProblem = useFileProblem();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [record, setRecord] = useState(!!(data as { record?: boolean } | undefined)?.record);
  const [uploading, setUploading] = useState(false);
  const current = data?.url ?? '';

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    const ready = kind === 'img' ? await compressImage(chosen) : chosen;
    const found = fileProblem(kind, ready);
    setProblem(found);
    setFile(found ? null : ready);
  };

  const submit = async () => {
    if (!file && !current) {
      setProblem(t('flows.fileRequired'));
      throw new Error('no file');
    }
    let url = current;
    if (file) {
      setUploading(true);
      try {
        url = await uploadMedia(kind === 'img' ? 'img' : 'audio', file);
      } catch (err) {
        flowError(err);
        throw err;
      } finally {
        setUploading(false);
      }
    }
    if (kind === 'img') onSave({ url });
    else onSave({ url, record: kind === 'audio' ? record : false });
  };

  return (
    <NodeFormDialog<Record<string, never>>
      title={t(mode === 'create' ? 'flows.addNodeTitle' : 'flows.editNodeTitle', { type: t(TITLES[kind]) })}
      mode={mode}
      schema={NoFields}
      initialValues={{}}
      onSubmit={submit}
      onClose={onClose}
      testId={`flow-${kind}-dialog`}
    >
      {() => (
        <>
          <FormGroup helperText={problem ?? undefined} intent={problem ? 'danger' : 'none'}>
            <FileInput
              fill
              text={file?.name ?? (current ? current.split('/').pop() : t('flows.noFile'))}
              buttonText={t('flows.chooseFile')}
              inputProps={{ accept: acceptOf(kind), 'data-testid': `flow-${kind}-file` } as never}
              onInputChange={(e) => void choose(e.currentTarget.files?.[0])}
            />
          </FormGroup>
          {kind === 'img' && !file && current && (
            <img className="flows-preview" src={mediaUrl(current)} alt="" />
          )}
          {kind === 'audio' && (
            <Checkbox checked={record} label={t('flows.record')} onChange={() => setRecord((r) => !r)} />
          )}
          {uploading && (
            <div className="flows-busy" role="status">
              <Spinner size={16} /> {t('flows.uploading')}
            </div>
          )}
          {file && <Button variant="minimal" icon="cross" text={file.name} onClick={() => setFile(null)} />}
        </>
      )}
    </NodeFormDialog>
  );
}
