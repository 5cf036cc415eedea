import type { FileListPage, FileListView } from '@zelo/contracts/file-lists/read-models';
import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';

// Doc 2 §5: name required, at least 3; message required.
export const FileListInput = v.object({
  name: v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.minLength(1, 'validation.required'),
    v.minLength(3, 'validation.tooShort'),
    v.maxLength(100, 'validation.tooLong'),
  ),
  message: v.pipe(v.string('validation.required'), v.trim(), v.minLength(1, 'validation.required')),
});
export type FileListInput = v.InferOutput<typeof FileListInput>;

/** The body of POST /files and PUT /files/{id}: the whole list of options, `id` for the kept ones. */
export interface FileListBody extends FileListInput {
  options: { id?: string; name: string }[];
}

export const searchFileLists = (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
  apiRequest<FileListPage>('/files/', {
    signal,
    query: { searchParam: searchParam || undefined, pageNumber },
  });

export const getFileList = (id: string, signal?: AbortSignal) =>
  apiRequest<FileListView>(`/files/${encodeURIComponent(id)}`, { signal });

export const saveFileList = (id: string | null, body: FileListBody) =>
  apiRequest<FileListView>(id ? `/files/${encodeURIComponent(id)}` : '/files', {
    method: id ? 'PUT' : 'POST',
    body,
  });

export const deleteFileList = (id: string) =>
  apiRequest<{ message: string }>(`/files/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Uploads (or replaces) one option's file: one multipart request. */
export function uploadOptionFile(
  listId: string,
  option: { id: string; name: string },
  file: File,
): Promise<FileListView> {
  // The spec's form (doc 2 §7): fileId, typeArch, files, mediaType, name, id.
  const form = new FormData();
  form.append('fileId', listId);
  form.append('typeArch', 'fileList');
  form.append('mediaType', file.type);
  form.append('name', option.name);
  form.append('id', option.id);
  form.append('files', file, file.name);
  return apiRequest<FileListView>(`/files/uploadList/${encodeURIComponent(listId)}`, {
    method: 'POST',
    body: form,
  });
}
