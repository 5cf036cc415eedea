/** The kinds of file a quick message may carry. */
export type QuickMessageMediaType = 'image' | 'audio' | 'video' | 'application';

/** A quick message as its page, the slash autocomplete and every route answer it. Times are ISO strings. */
export interface QuickMessageView {
  id: string;
  shortcode: string;
  message: string;
  /** Company-wide; else only its owner sees it. */
  geral: boolean;
  /** Active: offered by the autocomplete. */
  status: boolean;
  userId: string;
  /** The attachment, sent with the text when the quick answer is picked. */
  isMedia: boolean;
  mediaPath: string | null;
  mediaName: string | null;
  mediaUrl: string | null;
  mediaType: QuickMessageMediaType | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /quick-messages: one page of the search. */
export interface QuickMessagePage {
  records: QuickMessageView[];
  hasMore: boolean;
}
