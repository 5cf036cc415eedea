export interface QuickMessage {
  id: string;
  shortcode: string;
  message: string;
  geral: boolean;
  status: boolean;
  userId: string;
  /** The attachment, sent with the text when the quick answer is picked. */
  isMedia: boolean;
  mediaPath: string | null;
  mediaName: string | null;
  mediaUrl: string | null;
  mediaType: 'image' | 'audio' | 'video' | 'application' | null;
}
