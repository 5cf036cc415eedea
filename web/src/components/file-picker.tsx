import { Button, Icon, type IconName } from '@blueprintjs/core';
import { type ReactNode, useRef } from 'react';

/*
 * The dialogs kit's file picker: the file's name (or a "no file" text), a choose/replace button and,
 * once there is a file, a remove button; the file is only chosen here, the dialog sends it on save.
 * Use it inside the caller's own row or FormGroup; a picker with a preview or a read-only mode of its
 * own (the schedule's image) is better kept apart.
 */

interface Props {
  /** The name to show, null when there is no file. */
  fileName: string | null;
  icon?: IconName;
  /** Shown instead of a name. */
  empty: ReactNode;
  chooseText: string;
  replaceText: string;
  /** What the system dialog offers, as the input's accept attribute. */
  accept?: string;
  disabled?: boolean;
  onChoose: (file: File) => void;
  /** Without it there is no remove button (the caller may remove its whole row instead). */
  remove?: { text: string; onRemove: () => void; testId: string };
  /** Between the name and the buttons: a spinner while the file is sent. */
  status?: ReactNode;
  nameClassName?: string;
  testIds: { input: string; name: string; choose: string };
}

export function FilePicker(props: Props) {
  const { fileName, remove, testIds } = props;
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={props.accept}
        hidden
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (file) props.onChoose(file);
          // Choosing the same file again must still say so.
          e.currentTarget.value = '';
        }}
        data-testid={testIds.input}
      />
      <span className={props.nameClassName} data-testid={testIds.name}>
        {fileName ? (
          <>
            <Icon icon={props.icon ?? 'paperclip'} /> {fileName}
          </>
        ) : (
          props.empty
        )}
      </span>
      {props.status}
      <Button
        icon="paperclip"
        text={fileName ? props.replaceText : props.chooseText}
        disabled={props.disabled}
        onClick={() => input.current?.click()}
        data-testid={testIds.choose}
      />
      {remove && fileName && (
        <Button
          icon="cross"
          intent="danger"
          variant="minimal"
          disabled={props.disabled}
          aria-label={remove.text}
          title={remove.text}
          onClick={remove.onRemove}
          data-testid={remove.testId}
        />
      )}
    </>
  );
}
