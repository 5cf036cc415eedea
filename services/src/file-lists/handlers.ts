import { type Actor, commandHandler, type Deps } from '../platform/command-handler.ts';
import {
  decideFileList,
  evolveFileList,
  type FileListCommand,
  fileListStreamId,
  initialFileListState,
} from './domain/file-list.ts';

export const fileListAggregate = { initialState: initialFileListState, evolve: evolveFileList };
const handleFileListCommand = commandHandler(fileListAggregate, fileListStreamId, decideFileList);

/** Each file list is a stream of its own, named by the list the command names. */
export const runFileListCommand = (deps: Deps, command: FileListCommand, who: Actor) =>
  handleFileListCommand(deps, command.fileListId, command, who);
