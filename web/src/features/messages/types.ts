export interface Message {
  id: string;
  ticketId: string;
  body: string;
  fromMe: boolean;
  read: boolean;
  mediaType: string | null;
  mediaUrl: string | null;
  /** 0 queued, 1 sent, 2 delivered, 3 read, 4-5 played. */
  ack: number;
  isDeleted: boolean;
  isEdited: boolean;
  createdAt: string;
  /** The agent who sent it (outbound only); only they may delete it. */
  userId?: string | null;
  contact: { id: string; name: string } | null;
  quotedMsg?: { id: string; body: string; fromMe: boolean } | null;
}

/** Server events on `company-<id>-appMessage`. */
export interface AppMessageEvent {
  action: 'create' | 'update';
  message: Message;
}
