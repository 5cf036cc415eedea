import type { FileListView } from '@zelo/contracts/file-lists/read-models';
import type { FileListBody, FileListInput } from '../api/file-lists.ts';

/** One option row of the dialog: a saved option (`id`) or a new one, and the file chosen for it. */
export interface OptionDraft {
  /** React's key: stable while the row lives, whether saved or not. */
  key: string;
  id: string | null;
  name: string;
  /** Chosen in this dialog, uploaded after the list is saved. */
  file: File | null;
  /** The stored file's name, when the option has one. */
  current: string | null;
}

let counter = 0;
export const newDraft = (): OptionDraft => ({
  key: `new-${++counter}`,
  id: null,
  name: '',
  file: null,
  current: null,
});

export const draftsOf = (list: FileListView | null): OptionDraft[] =>
  list?.options.map((o) => ({ key: o.id, id: o.id, name: o.name, file: null, current: o.file })) ?? [];

/** A file chosen for an unnamed option names it (without its extension). */
export function withFile(draft: OptionDraft, file: File): OptionDraft {
  const base = file.name.replace(/\.[^.]+$/, '').trim() || file.name;
  return { ...draft, file, name: draft.name.trim() ? draft.name : base.slice(0, 100) };
}

/** The rows whose name is missing: the dialog marks them and does not save. */
export const unnamed = (drafts: OptionDraft[]) => drafts.filter((d) => !d.name.trim()).map((d) => d.key);

export const bodyOf = (input: FileListInput, drafts: OptionDraft[]): FileListBody => ({
  ...input,
  options: drafts.map((d) => (d.id ? { id: d.id, name: d.name.trim() } : { name: d.name.trim() })),
});

/**
 * The uploads to make once the list is saved: each row holding a chosen file, paired with the option
 * the server answered at its position (it keeps the order it was sent, and gives new rows their ids).
 */
export function uploadsAfterSave(drafts: OptionDraft[], saved: FileListView) {
  return drafts.flatMap((d, i) => {
    const option = saved.options[i];
    return d.file && option ? [{ option: { id: option.id, name: option.name }, file: d.file }] : [];
  });
}
