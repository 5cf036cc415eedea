import type { FileListEvent } from '@zelo/contracts/file-lists/events';
import {
  fileListCreated,
  fileListDeleted,
  fileListOptionFileUploaded,
  fileListUpdated,
} from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { decider } from '../../testing/given-when-then.ts';
import {
  decideFileList,
  evolveFileList,
  type FileListCommand,
  type FileListState,
  initialFileListState,
} from './file-list.ts';

const spec = decider<FileListState, FileListCommand, FileListEvent>({
  initialState: initialFileListState,
  evolve: evolveFileList,
  decide: decideFileList,
});

const companyId = '00000000-0000-4000-8000-000000000001';
const otherCompany = '00000000-0000-4000-8000-000000000002';
const userId = '00000000-0000-4000-8000-000000000010';
const fileListId = '00000000-0000-4000-8000-000000000020';
const tabela = '00000000-0000-4000-8000-000000000031';
const foto = '00000000-0000-4000-8000-000000000032';
const novo = '00000000-0000-4000-8000-000000000033';

const ref = { companyId, fileListId };
const fields = { name: 'Catálogo', message: 'Segue o catálogo' };
const created = fileListCreated({
  ...ref,
  userId,
  ...fields,
  options: [
    { optionId: tabela, name: 'Tabela' },
    { optionId: foto, name: 'Foto' },
  ],
});
const pdf = {
  path: `/public/${companyId}/2026/01/1-00000000000000000000000000000000-tabela.pdf`,
  originalName: 'tabela.pdf',
  mediaType: 'application' as const,
};
const uploaded = fileListOptionFileUploaded({ ...ref, optionId: tabela, ...pdf });

describe('File list', () => {
  describe('When none exists', () => {
    it('creating gives each new option one of the ids the handler generated, in order', () =>
      spec
        .given([])
        .when({
          type: 'CreateFileList',
          ...ref,
          userId,
          ...fields,
          options: [
            { optionId: null, name: 'Tabela' },
            { optionId: null, name: 'Foto' },
          ],
          newOptionIds: [tabela, foto],
        })
        .then([created]));

    it('every other command answers not found', () => {
      spec
        .given([])
        .when({ type: 'DeleteFileList', ...ref })
        .thenThrows('ERR_NO_FILE_LIST_FOUND');
      spec
        .given([])
        .when({ type: 'UpdateFileList', ...ref, ...fields, options: [], newOptionIds: [] })
        .thenThrows('ERR_NO_FILE_LIST_FOUND');
      spec
        .given([])
        .when({ type: 'UploadFileListOptionFile', ...ref, optionId: tabela, file: pdf })
        .thenThrows('ERR_NO_FILE_LIST_FOUND');
    });
  });

  describe('When created', () => {
    it('a repeated create changes nothing', () =>
      spec
        .given([created])
        .when({
          type: 'CreateFileList',
          ...ref,
          userId,
          ...fields,
          options: [],
          newOptionIds: [],
        })
        .thenNothing());

    it("an option's file is recorded, and uploading again replaces it", () => {
      spec
        .given([created])
        .when({ type: 'UploadFileListOptionFile', ...ref, optionId: tabela, file: pdf })
        .then([uploaded]);
      const state = [created, uploaded, { ...uploaded, data: { ...uploaded.data, originalName: 'b.pdf' } }]
        .map((e) => e as FileListEvent)
        .reduce(evolveFileList, initialFileListState());
      expect(state.files[tabela].originalName).toBe('b.pdf');
    });

    it('a file for an option the list does not have is refused', () =>
      spec
        .given([created])
        .when({ type: 'UploadFileListOptionFile', ...ref, optionId: novo, file: pdf })
        .thenThrows('ERR_VALIDATION'));

    it('an update keeps named options, adds new ones and drops the ones left out, with their files', () => {
      const updated = fileListUpdated({
        ...ref,
        name: 'Catálogo 2',
        message: 'Novo',
        options: [
          { optionId: novo, name: 'Vídeo' },
          { optionId: tabela, name: 'Tabela nova' },
        ],
      });
      spec
        .given([created, uploaded])
        .when({
          type: 'UpdateFileList',
          ...ref,
          name: 'Catálogo 2',
          message: 'Novo',
          options: [
            { optionId: null, name: 'Vídeo' },
            { optionId: tabela, name: 'Tabela nova' },
          ],
          newOptionIds: [novo],
        })
        .then([updated]);
      const state = [created, uploaded, updated as FileListEvent].reduce(
        evolveFileList,
        initialFileListState(),
      );
      expect(Object.keys(state.files)).toEqual([tabela]);
      const dropped = fileListUpdated({ ...ref, ...fields, options: [{ optionId: foto, name: 'Foto' }] });
      const after = [created, uploaded, dropped as FileListEvent].reduce(
        evolveFileList,
        initialFileListState(),
      );
      expect(after.files).toEqual({});
    });

    it('an update that changes nothing records nothing', () =>
      spec
        .given([created])
        .when({
          type: 'UpdateFileList',
          ...ref,
          ...fields,
          options: [
            { optionId: tabela, name: 'Tabela' },
            { optionId: foto, name: 'Foto' },
          ],
          newOptionIds: [novo],
        })
        .thenNothing());

    it('an update without options keeps them, with their files', () =>
      spec
        .given([created, uploaded])
        .when({
          type: 'UpdateFileList',
          ...ref,
          name: 'Outro',
          message: 'Texto',
          options: null,
          newOptionIds: [],
        })
        .then([fileListUpdated({ ...ref, name: 'Outro', message: 'Texto', options: created.data.options })]));

    it('an update naming an option the list does not have is refused', () =>
      spec
        .given([created])
        .when({
          type: 'UpdateFileList',
          ...ref,
          ...fields,
          options: [{ optionId: novo, name: 'Outra' }],
          newOptionIds: [],
        })
        .thenThrows('ERR_VALIDATION'));

    it('another company neither sees, changes nor deletes it', () => {
      const other = { companyId: otherCompany, fileListId };
      spec
        .given([created])
        .when({ type: 'DeleteFileList', ...other })
        .thenThrows('ERR_NO_FILE_LIST_FOUND');
      spec
        .given([created])
        .when({ type: 'UpdateFileList', ...other, ...fields, options: [], newOptionIds: [] })
        .thenThrows('ERR_NO_FILE_LIST_FOUND');
      spec
        .given([created])
        .when({ type: 'UploadFileListOptionFile', ...other, optionId: tabela, file: pdf })
        .thenThrows('ERR_NO_FILE_LIST_FOUND');
    });

    it('deleting records it once', () =>
      spec
        .given([created])
        .when({ type: 'DeleteFileList', ...ref })
        .then([fileListDeleted(ref)]));
  });

  describe('When deleted', () => {
    it('is not found for anything but a repeated create', () => {
      const deleted = fileListDeleted(ref);
      spec
        .given([created, deleted])
        .when({ type: 'DeleteFileList', ...ref })
        .thenThrows('ERR_NO_FILE_LIST_FOUND');
      spec
        .given([created, deleted])
        .when({ type: 'UploadFileListOptionFile', ...ref, optionId: tabela, file: pdf })
        .thenThrows('ERR_NO_FILE_LIST_FOUND');
      spec
        .given([created, deleted])
        .when({ type: 'UpdateFileList', ...ref, ...fields, options: [], newOptionIds: [] })
        .thenThrows('ERR_NO_FILE_LIST_FOUND');
    });
  });
});
