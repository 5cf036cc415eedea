/** A member of an internal chat and how many of its messages she has not seen. */
export interface ChatMemberView {
  userId: string;
  unreads: number;
  user: { id: string; name: string };
}

/** An internal chat as GET /chats, GET /chats/{id}, every chat answer and the socket frames show it. */
export interface ChatView {
  id: string;
  /** The same id, under the name the spec's client routes by (/chats/{uuid}). */
  uuid: string;
  title: string;
  ownerId: string;
  /** The owner's user was deleted: any member may now edit or delete the chat. */
  ownerGone: boolean;
  /** The last message's text ('' before the first). */
  lastMessage: string;
  createdAt: string;
  updatedAt: string;
  users: ChatMemberView[];
}

/** GET /chats: the viewer's chats, the most recently active first. */
export interface ChatPage {
  records: ChatView[];
  hasMore: boolean;
}

/** A message of an internal chat. */
export interface ChatMessageView {
  id: string;
  chatId: string;
  message: string;
  senderId: string;
  sender: { id: string; name: string };
  createdAt: string;
}

/** GET /chats/{id}/messages: one page, oldest first within it; page 1 holds the newest messages. */
export interface ChatMessagePage {
  records: ChatMessageView[];
  hasMore: boolean;
}
