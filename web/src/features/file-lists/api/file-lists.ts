import type { FileListPage, FileListView } from '@zelo/contracts/file-lists/read-models';
import * as v from 'valibot';
import { API_URL, ApiError, apiRequest, endSession, refreshSession } from '../../../lib/api.ts';
import { getToken } from '../../../lib/store.ts';

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

function postFile(listId: string, optionId: string, name: string, file: File) {
  // The spec's form (doc 2 §7): fileId, typeArch, files, mediaType, name, id.
  const form = new FormData();
  form.append('fileId', listId);
  form.append('typeArch', 'fileList');
  form.append('mediaType', file.type);
  form.append('name', name);
  form.append('id', optionId);
  form.append('files', file, file.name);
  const token = getToken();
  // No Content-Type header: the browser writes the multipart boundary itself.
  return fetch(new URL(`/files/uploadList/${encodeURIComponent(listId)}`, API_URL), {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}`, Accept: 'application/json' } : {},
    body: form,
    credentials: 'include',
  });
}

/** Uploads (or replaces) one option's file: one multipart request. */
export async function uploadOptionFile(
  listId: string,
  option: { id: string; name: string },
  file: File,
): Promise<FileListView> {
  let res = await postFile(listId, option.id, option.name, file);
  // As apiRequest does: a 403 may be an expired token, refreshed once.
  if (res.status === 403) {
    if (await refreshSession()) res = await postFile(listId, option.id, option.name, file);
    else endSession();
  }
  if (res.status === 401) endSession();
  const data = await res.json().catch(() => ({}));
  if (res.ok) return data as FileListView;
  const code = typeof data.error === 'string' ? data.error : 'ERR_INTERNAL_SERVER_ERROR';
  throw new ApiError(res.status, code, typeof data.message === 'string' ? data.message : code, data);
}
