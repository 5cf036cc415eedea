import type { AnyEvent } from '@zelo/contracts/events';
import {
  fileListCreated,
  fileListDeleted,
  fileListOptionFileUploaded,
  fileListUpdated,
  testId,
} from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { useReadModelDatabase } from '../testing/read-model-database.ts';
import { fileListsProjection } from './file-lists.ts';
import { getFileList, getFileListForSending, searchFileLists } from './queries.ts';

describe('file-lists read model', () => {
  const db = useReadModelDatabase();
  const given = async (...events: AnyEvent[]) => db.given([fileListsProjection], events);

  it('shows a list with its options in order, each with its file once uploaded; an option removed goes', async () => {
    const companyId = testId();
    const userId = testId();
    const [tabela, foto, video] = [testId(), testId(), testId()];
    const created = fileListCreated({
      companyId,
      userId,
      name: 'Catálogo',
      message: 'Segue',
      options: [
        { optionId: tabela, name: 'Tabela' },
        { optionId: foto, name: 'Foto' },
        { optionId: video, name: 'Vídeo' },
      ],
    });
    const { fileListId } = created.data;
    const pdf = `/public/${companyId}/2026/01/1-${'a'.repeat(32)}-tabela.pdf`;
    const png = `/public/${companyId}/2026/01/2-${'b'.repeat(32)}-foto.png`;
    const upload = (
      optionId: string,
      path: string,
      originalName: string,
      mediaType: 'image' | 'application',
    ) => fileListOptionFileUploaded({ companyId, fileListId, optionId, path, originalName, mediaType });
    const { history, changes } = await given(
      created,
      upload(tabela, pdf, 'tabela.pdf', 'application'),
      upload(foto, png, 'foto.png', 'image'),
      // Renamed, reordered, and the video (no file) dropped.
      fileListUpdated({
        companyId,
        fileListId,
        name: 'Catálogo 2026',
        message: 'Segue o catálogo',
        options: [
          { optionId: foto, name: 'Foto nova' },
          { optionId: tabela, name: 'Tabela' },
        ],
      }),
    );
    expect(changes.map((c) => [c.kind, c.action, c.id, c.companyId])).toEqual([
      ['file', 'create', fileListId, companyId],
      ['file', 'update', fileListId, companyId],
      ['file', 'update', fileListId, companyId],
      ['file', 'update', fileListId, companyId],
    ]);
    expect(await getFileList(db.pool, companyId, fileListId)).toEqual({
      id: fileListId,
      name: 'Catálogo 2026',
      message: 'Segue o catálogo',
      userId,
      options: [
        { id: foto, name: 'Foto nova', path: png, file: 'foto.png', mediaType: 'image' },
        { id: tabela, name: 'Tabela', path: pdf, file: 'tabela.pdf', mediaType: 'application' },
      ],
      createdAt: history[0].metadata.at,
      updatedAt: history[3].metadata.at,
    });
    expect(await getFileList(db.pool, testId(), fileListId)).toBeNull();
  });

  it('gives the campaign runtime the options that have a file, in order, with the URL a message sends', async () => {
    const companyId = testId();
    const [a, b, c] = [testId(), testId(), testId()];
    const created = fileListCreated({
      companyId,
      name: 'Envio',
      message: 'Arquivos',
      options: [
        { optionId: a, name: 'Sem arquivo' },
        { optionId: b, name: 'Contrato' },
        { optionId: c, name: 'Logo' },
      ],
    });
    const { fileListId } = created.data;
    const pdf = `/public/${companyId}/2026/01/1-${'c'.repeat(32)}-contrato.pdf`;
    const png = `/public/${companyId}/2026/01/2-${'d'.repeat(32)}-logo.png`;
    await given(
      created,
      fileListOptionFileUploaded({ companyId, fileListId, optionId: c, path: png, mediaType: 'image' }),
      fileListOptionFileUploaded({ companyId, fileListId, optionId: b, path: pdf, mediaType: 'application' }),
    );
    expect(await getFileListForSending(db.pool, companyId, fileListId)).toEqual({
      id: fileListId,
      name: 'Envio',
      message: 'Arquivos',
      files: [
        { name: 'Contrato', path: pdf, mediaType: 'application', url: pdf },
        { name: 'Logo', path: png, mediaType: 'image', url: png },
      ],
    });
    expect(await getFileListForSending(db.pool, testId(), fileListId)).toBeNull();
    const { changes } = await given(fileListDeleted({ companyId, fileListId }));
    expect(changes).toMatchObject([{ kind: 'file', action: 'delete', id: fileListId }]);
    expect(await getFileListForSending(db.pool, companyId, fileListId)).toBeNull();
    const { rows } = await db.pool.query(
      'SELECT count(*)::int AS n FROM file_list_options WHERE file_list_id = $1',
      [fileListId],
    );
    expect(rows[0].n).toBe(0);
  });

  it('searches by name within the company, 20 a page, with hasMore', async () => {
    const companyId = testId();
    const lists = Array.from({ length: 21 }, (_, i) =>
      fileListCreated({ companyId, name: `Lista ${String(i).padStart(2, '0')}`, options: [] }),
    );
    await given(...lists, fileListCreated({ name: 'Lista de outra empresa' }));
    const first = await searchFileLists(db.pool, companyId, { pageNumber: 1 });
    expect(first.files).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    expect(first.files[0]).toMatchObject({ name: 'Lista 00', options: [] });
    const second = await searchFileLists(db.pool, companyId, { pageNumber: 2 });
    expect(second).toMatchObject({ files: [{ name: 'Lista 20' }], hasMore: false });
    const found = await searchFileLists(db.pool, companyId, { searchParam: 'TA 1', pageNumber: 1 });
    expect(found.files.map((f) => f.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Lista 1${i}`));
    expect((await searchFileLists(db.pool, companyId, { searchParam: '%', pageNumber: 1 })).files).toEqual(
      [],
    );
  });
});
