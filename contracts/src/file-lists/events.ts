import * as v from 'valibot';
import { event, Id } from '../common.ts';

// One stream per file list (`filelist-<fileListId>`): its name, message and options, and the file
// uploaded for each option. A campaign names a file list by id and sends each option's file.

/** One option of a file list: its own id and the name it is sent under. */
export const FileListOption = v.object({ optionId: Id, name: v.string() });
export type FileListOption = v.InferOutput<typeof FileListOption>;

export const FileListCreated = event('FileListCreated', {
  fileListId: Id,
  companyId: Id,
  /** Who created it. */
  userId: Id,
  name: v.string(),
  message: v.string(),
  options: v.array(FileListOption),
});
export type FileListCreated = v.InferOutput<typeof FileListCreated>;

/** The whole list of options as it is now: an option left out is removed, with its file. */
export const FileListUpdated = event('FileListUpdated', {
  fileListId: Id,
  companyId: Id,
  name: v.string(),
  message: v.string(),
  options: v.array(FileListOption),
});
export type FileListUpdated = v.InferOutput<typeof FileListUpdated>;

export const FileListDeleted = event('FileListDeleted', { fileListId: Id, companyId: Id });
export type FileListDeleted = v.InferOutput<typeof FileListDeleted>;

/** An option's file; uploading again replaces it. */
export const FileListOptionFileUploaded = event('FileListOptionFileUploaded', {
  fileListId: Id,
  companyId: Id,
  optionId: Id,
  /** Where the media storage serves it, `/public/<companyId>/...`: what a message carries as mediaUrl. */
  path: v.string(),
  /** The uploaded file's (sanitized) name, shown in the dialog. */
  originalName: v.string(),
  /** From the file's bytes (media/sniff.ts), as an outbound message's mediaType. */
  mediaType: v.picklist(['image', 'audio', 'video', 'application']),
});
export type FileListOptionFileUploaded = v.InferOutput<typeof FileListOptionFileUploaded>;

export const FileListEvent = v.variant('type', [
  FileListCreated,
  FileListUpdated,
  FileListDeleted,
  FileListOptionFileUploaded,
]);
export type FileListEvent = v.InferOutput<typeof FileListEvent>;
