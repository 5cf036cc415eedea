import * as v from 'valibot';
import { Id, PageNumber } from '../common.ts';

/** At most this many options per file list (each sent as one message of a campaign). */
export const MAX_FILE_LIST_OPTIONS = 30;

/**
 * One option of the dialog: `id` names an option the list already has (absent, null or '' for a new
 * one). Whatever else the reference client sends with it (`file`, `path`, `mediaType`) is ignored:
 * the file itself goes through POST /files/uploadList/{id}.
 */
export const FileListOptionInput = v.object({
  id: v.optional(
    v.pipe(
      v.union([v.literal(''), v.null(), Id]),
      v.transform((s) => s || null),
    ),
    null,
  ),
  name: v.pipe(v.string(), v.trim(), v.minLength(1, 'required'), v.maxLength(100, 'too long')),
});
export type FileListOptionInput = v.InferOutput<typeof FileListOptionInput>;

/**
 * POST /files and PUT /files/{id} (doc 2 §2.11, §5: name required, at least 3; message required). The
 * options are the whole list: one missing on PUT is removed; a PUT without `options` keeps them. `userId` and `companyId`, which the
 * reference client also sends, are ignored: the session decides both.
 */
export const FileListRequest = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(3, 'too short'), v.maxLength(100, 'too long')),
  message: v.pipe(v.string(), v.trim(), v.minLength(1, 'required'), v.maxLength(4096, 'too long')),
  options: v.optional(
    v.pipe(
      v.array(FileListOptionInput),
      v.maxLength(MAX_FILE_LIST_OPTIONS, `at most ${MAX_FILE_LIST_OPTIONS} options`),
      v.check((options) => {
        const ids = options.flatMap((o) => (o.id ? [o.id] : []));
        return new Set(ids).size === ids.length;
      }, 'an option id appears twice'),
    ),
  ),
});
export type FileListRequest = v.InferOutput<typeof FileListRequest>;

/** GET /files/: the page's search with infinite scroll (`companyId`, sent in one use, is ignored). */
export const ListFileListsQuery = v.object({
  searchParam: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  pageNumber: PageNumber,
  companyId: v.optional(v.string()),
});

/**
 * POST /files/uploadList/{id}, the multipart form's text fields beside `files` (doc 2 §7): `id` is the
 * option the file is for; `fileId` (the list's id, as in the path), `typeArch`, `mediaType` (the
 * browser's word; the bytes decide) and `name` (the option's, saved already) are accepted and unused.
 */
export const UploadListFields = v.object({
  id: v.pipe(v.string(), v.uuid('id: the option the file is for, a uuid')),
  fileId: v.optional(v.string()),
  typeArch: v.optional(v.string()),
  mediaType: v.optional(v.string()),
  name: v.optional(v.string()),
});
export type UploadListFields = v.InferOutput<typeof UploadListFields>;
