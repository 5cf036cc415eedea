import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import { FilePicker } from '../../../components/file-picker.tsx';
import { useT } from '../../../lib/i18n.ts';
import { newDraft, type OptionDraft, withFile } from '../lib/option-drafts.ts';

interface Props {
  drafts: OptionDraft[];
  onChange: (drafts: OptionDraft[]) => void;
  /** Rows to mark as missing their name (after a save was tried). */
  invalid: string[];
  disabled: boolean;
}

/** Doc 2 §2.11: the dialog's options, each a name and one file; add, rename, pick a file, remove. */
export function OptionRows({ drafts, onChange, invalid, disabled }: Props) {
  const t = useT();
  const set = (key: string, change: (d: OptionDraft) => OptionDraft) =>
    onChange(drafts.map((d) => (d.key === key ? change(d) : d)));
  return (
    <FormGroup label={t('fileLists.options')} className="fl-options">
      {drafts.length === 0 && <p className="bp6-text-muted">{t('fileLists.noOptions')}</p>}
      {drafts.map((d, i) => (
        <OptionRow
          key={d.key}
          draft={d}
          index={i}
          invalid={invalid.includes(d.key)}
          disabled={disabled}
          onName={(name) => set(d.key, (x) => ({ ...x, name }))}
          onFile={(file) => set(d.key, (x) => withFile(x, file))}
          onRemove={() => onChange(drafts.filter((x) => x.key !== d.key))}
        />
      ))}
      <Button
        icon="add"
        variant="minimal"
        text={t('fileLists.addOption')}
        disabled={disabled}
        onClick={() => onChange([...drafts, newDraft()])}
        data-testid="fl-add-option"
      />
    </FormGroup>
  );
}

interface RowProps {
  draft: OptionDraft;
  index: number;
  invalid: boolean;
  disabled: boolean;
  onName: (name: string) => void;
  onFile: (file: File) => void;
  onRemove: () => void;
}

function OptionRow({ draft, index, invalid, disabled, onName, onFile, onRemove }: RowProps) {
  const t = useT();
  const fileName = draft.file?.name ?? draft.current;
  return (
    <div className="fl-option" data-testid="fl-option">
      <InputGroup
        value={draft.name}
        placeholder={t('fileLists.optionName')}
        aria-label={`${t('fileLists.optionName')} ${index + 1}`}
        intent={invalid ? 'danger' : 'none'}
        maxLength={100}
        disabled={disabled}
        onChange={(e) => onName(e.currentTarget.value)}
        data-testid="fl-option-name"
      />
      <FilePicker
        fileName={fileName}
        icon={draft.file ? 'upload' : 'paperclip'}
        empty={<span className="bp6-text-muted">{t('fileLists.noFile')}</span>}
        chooseText={t('fileLists.chooseFile')}
        replaceText={t('fileLists.replaceFile')}
        disabled={disabled}
        onChoose={onFile}
        nameClassName="fl-option-file"
        testIds={{ input: 'fl-option-file', name: 'fl-option-file-name', choose: 'fl-option-choose' }}
      />
      <Button
        icon="trash"
        intent="danger"
        variant="minimal"
        aria-label={t('fileLists.removeOption')}
        title={t('fileLists.removeOption')}
        disabled={disabled}
        onClick={onRemove}
        data-testid="fl-option-remove"
      />
      {invalid && <div className="fl-option-error">{t('validation.required')}</div>}
    </div>
  );
}
