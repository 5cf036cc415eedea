import type { MessageView } from '@zelo/contracts/messaging/read-models';

/** Server events on `company-<id>-appMessage`. */
export interface AppMessageEvent {
  action: 'create' | 'update';
  message: MessageView;
}
