import { DomainError } from '@zelo/contracts/errors';
import type {
  FileListEvent,
  FileListOption,
  FileListOptionFileUploaded,
} from '@zelo/contracts/file-lists/events';

/** An option's stored file (FileListOptionFileUploaded without its ids). */
export type OptionFile = Omit<FileListOptionFileUploaded['data'], 'fileListId' | 'companyId' | 'optionId'>;

/** One file list, stream `filelist-<fileListId>`: what it says, its options and their files. */
export interface FileListState {
  companyId: string | null;
  name: string;
  message: string;
  options: FileListOption[];
  /** The uploaded file by option id; an option removed takes its file with it. */
  files: Record<string, OptionFile>;
  deleted: boolean;
}

export const fileListStreamId = (fileListId: string) => `filelist-${fileListId}`;
export const initialFileListState = (): FileListState => ({
  companyId: null,
  name: '',
  message: '',
  options: [],
  files: {},
  deleted: false,
});

export function evolveFileList(state: FileListState, event: FileListEvent): FileListState {
  switch (event.type) {
    case 'FileListCreated':
    case 'FileListUpdated': {
      const { companyId, name, message, options } = event.data;
      const kept = new Set(options.map((o) => o.optionId));
      const files = Object.fromEntries(Object.entries(state.files).filter(([id]) => kept.has(id)));
      return { ...state, companyId, name, message, options, files };
    }
    case 'FileListDeleted':
      return { ...state, deleted: true };
    case 'FileListOptionFileUploaded': {
      const { path, originalName, mediaType, optionId } = event.data;
      return { ...state, files: { ...state.files, [optionId]: { path, originalName, mediaType } } };
    }
  }
}

/** A file list of `companyId` that is not deleted: what every command but create needs. */
export const fileListExists = (state: FileListState, companyId: string) =>
  state.companyId === companyId && !state.deleted;

/**
 * The dialog's options: `optionId` names one the list has; none (a new option) takes the next of
 * `newOptionIds`, which the handler generates, so the decider stays pure.
 */
export interface OptionInput {
  optionId: string | null;
  name: string;
}

export type FileListCommand =
  | {
      type: 'CreateFileList';
      companyId: string;
      fileListId: string;
      userId: string;
      name: string;
      message: string;
      options: OptionInput[];
      newOptionIds: string[];
    }
  | {
      type: 'UpdateFileList';
      companyId: string;
      fileListId: string;
      name: string;
      message: string;
      /** null: the options stay as they are. */
      options: OptionInput[] | null;
      newOptionIds: string[];
    }
  | { type: 'DeleteFileList'; companyId: string; fileListId: string }
  | {
      type: 'UploadFileListOptionFile';
      companyId: string;
      fileListId: string;
      optionId: string;
      file: OptionFile;
    };

type Cmd<T extends FileListCommand['type']> = Extract<FileListCommand, { type: T }>;

/** Another company's list, a deleted one or none at all: "not found", whatever the id. */
function existing(state: FileListState, companyId: string): FileListState {
  if (!fileListExists(state, companyId))
    throw new DomainError('ERR_NO_FILE_LIST_FOUND', 'file list not found');
  return state;
}

function withIds(state: FileListState, options: OptionInput[], newOptionIds: string[]): FileListOption[] {
  const fresh = [...newOptionIds];
  return options.map(({ optionId, name }) => {
    if (optionId === null) {
      const id = fresh.shift();
      if (!id) throw new Error('not enough new option ids');
      return { optionId: id, name };
    }
    if (!state.options.some((o) => o.optionId === optionId))
      throw new DomainError('ERR_VALIDATION', `options: ${optionId} is not an option of this file list`);
    return { optionId, name };
  });
}

function createFileList(command: Cmd<'CreateFileList'>, state: FileListState): FileListEvent[] {
  const { companyId, fileListId, userId, name, message } = command;
  // A repeated create (a retried request with the same id) changes nothing.
  if (state.companyId !== null) return [];
  const options = withIds(state, command.options, command.newOptionIds);
  return [{ type: 'FileListCreated', data: { fileListId, companyId, userId, name, message, options } }];
}

function updateFileList(command: Cmd<'UpdateFileList'>, state: FileListState): FileListEvent[] {
  const { companyId, fileListId, name, message } = command;
  existing(state, companyId);
  const options =
    command.options === null ? state.options : withIds(state, command.options, command.newOptionIds);
  const same =
    name === state.name &&
    message === state.message &&
    JSON.stringify(options) === JSON.stringify(state.options);
  if (same) return [];
  return [{ type: 'FileListUpdated', data: { fileListId, companyId, name, message, options } }];
}

function deleteFileList(command: Cmd<'DeleteFileList'>, state: FileListState): FileListEvent[] {
  const { companyId, fileListId } = command;
  existing(state, companyId);
  return [{ type: 'FileListDeleted', data: { fileListId, companyId } }];
}

function uploadOptionFile(command: Cmd<'UploadFileListOptionFile'>, state: FileListState): FileListEvent[] {
  const { companyId, fileListId, optionId, file } = command;
  existing(state, companyId);
  if (!state.options.some((o) => o.optionId === optionId))
    throw new DomainError('ERR_VALIDATION', `id: ${optionId} is not an option of this file list`);
  return [{ type: 'FileListOptionFileUploaded', data: { fileListId, companyId, optionId, ...file } }];
}

export function decideFileList(command: FileListCommand, state: FileListState): FileListEvent[] {
  switch (command.type) {
    case 'CreateFileList':
      return createFileList(command, state);
    case 'UpdateFileList':
      return updateFileList(command, state);
    case 'DeleteFileList':
      return deleteFileList(command, state);
    case 'UploadFileListOptionFile':
      return uploadOptionFile(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
