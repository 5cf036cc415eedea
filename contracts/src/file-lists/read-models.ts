/** The kinds of file an option may carry (an outbound message's mediaType). */
export type FileListMediaType = 'image' | 'audio' | 'video' | 'application';

/** One option of a file list (doc 2 §3): `path` is the stored file's URL, null until one is uploaded. */
export interface FileListOptionView {
  id: string;
  name: string;
  /** `/public/<companyId>/...`, served by the API; null: no file yet. */
  path: string | null;
  /** The uploaded file's name, as the dialog shows it; null: no file yet. */
  file: string | null;
  mediaType: FileListMediaType | null;
}

/** A file list as its page, its dialog and every route answer it. Times are ISO strings. */
export interface FileListView {
  id: string;
  name: string;
  message: string;
  userId: string;
  /** In the order the dialog lists them (the order a campaign sends them). */
  options: FileListOptionView[];
  createdAt: string;
  updatedAt: string;
}

/** GET /files/: one page of the search. */
export interface FileListPage {
  files: FileListView[];
  hasMore: boolean;
}
