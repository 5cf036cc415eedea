import type { FileListView } from '@zelo/contracts/file-lists/read-models';
import { describe, expect, it } from 'vitest';
import { bodyOf, draftsOf, newDraft, unnamed, uploadsAfterSave, withFile } from './option-drafts.ts';

const list: FileListView = {
  id: 'l1',
  name: 'Catálogo',
  message: 'Segue',
  userId: 'u1',
  options: [
    { id: 'o1', name: 'Tabela', path: '/public/c/t.pdf', file: 'tabela.pdf', mediaType: 'application' },
  ],
  createdAt: '2026-01-05T12:00:00.000Z',
  updatedAt: '2026-01-05T12:00:00.000Z',
};
const file = (name: string) => new File(['x'], name, { type: 'application/pdf' });

describe('the dialog’s option rows', () => {
  it('start from the saved options with their stored file names', () => {
    expect(draftsOf(list)).toEqual([
      { key: 'o1', id: 'o1', name: 'Tabela', file: null, current: 'tabela.pdf' },
    ]);
    expect(draftsOf(null)).toEqual([]);
  });

  it('a file chosen for an unnamed row names it; a named row keeps its name', () => {
    expect(withFile(newDraft(), file('preços 2026.pdf')).name).toBe('preços 2026');
    expect(withFile({ ...newDraft(), name: 'Contrato' }, file('x.pdf')).name).toBe('Contrato');
  });

  it('rows without a name are reported', () => {
    const blank = newDraft();
    expect(unnamed([draftsOf(list)[0], blank])).toEqual([blank.key]);
  });

  it('sends the kept options with their id and the new ones without, in order', () => {
    const added = { ...newDraft(), name: ' Logo ' };
    expect(bodyOf({ name: 'Catálogo', message: 'Segue' }, [added, ...draftsOf(list)])).toEqual({
      name: 'Catálogo',
      message: 'Segue',
      options: [{ name: 'Logo' }, { id: 'o1', name: 'Tabela' }],
    });
  });

  it('uploads each chosen file to the option saved at its position', () => {
    const logo = file('logo.png');
    const drafts = [withFile(newDraft(), logo), ...draftsOf(list)];
    const saved = {
      ...list,
      options: [{ id: 'o2', name: 'logo', path: null, file: null, mediaType: null }, ...list.options],
    };
    expect(uploadsAfterSave(drafts, saved)).toEqual([{ option: { id: 'o2', name: 'logo' }, file: logo }]);
  });
});
