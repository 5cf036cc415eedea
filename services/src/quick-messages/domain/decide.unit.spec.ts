import type { QuickMessageEvent } from '@zelo/contracts/quick-messages/events';
import {
  quickMessageCreated,
  quickMessageDeleted,
  quickMessageMediaAttached,
  quickMessageMediaRemoved,
} from '@zelo/contracts/testing/events';
import { describe, it } from 'vitest';
import { decider } from '../../testing/given-when-then.ts';
import {
  decideQuickMessages,
  evolveQuickMessages,
  initialQuickMessagesState,
  type QuickMessageCommand,
  type QuickMessagesState,
} from './quick-messages.ts';

const spec = decider<QuickMessagesState, QuickMessageCommand, QuickMessageEvent>({
  initialState: initialQuickMessagesState,
  evolve: evolveQuickMessages,
  decide: decideQuickMessages,
});

const companyId = '00000000-0000-4000-8000-000000000001';
const ana = '00000000-0000-4000-8000-000000000010';
const bruno = '00000000-0000-4000-8000-000000000011';
const helloId = '00000000-0000-4000-8000-000000000020';
const byeId = '00000000-0000-4000-8000-000000000021';

const hello = {
  quickMessageId: helloId,
  shortcode: 'oi',
  message: 'Olá! Como posso ajudar?',
  geral: false,
  status: true,
  userId: ana,
};
const helloCreated = quickMessageCreated({ companyId, ...hello });
const { userId: _u, ...helloFields } = hello;

describe('Quick messages', () => {
  describe('When the company has none', () => {
    it('a quick message is created', () =>
      spec.given([]).when({ type: 'CreateQuickMessage', companyId, message: hello }).then([helloCreated]));

    it('updating refuses with ERR_NO_QUICK_MESSAGE_FOUND', () =>
      spec
        .given([])
        .when({
          type: 'UpdateQuickMessage',
          companyId,
          by: { userId: ana, admin: false },
          message: helloFields,
        })
        .thenThrows('ERR_NO_QUICK_MESSAGE_FOUND'));
  });

  describe('When a shortcode is taken', () => {
    it('another message with it, in any letter case, refuses with ERR_DUPLICATED_SHORTCODE', () =>
      spec
        .given([helloCreated])
        .when({
          type: 'CreateQuickMessage',
          companyId,
          message: { ...hello, quickMessageId: byeId, shortcode: 'OI', userId: bruno },
        })
        .thenThrows('ERR_DUPLICATED_SHORTCODE'));

    it('its owner edits it, keeping ownership', () =>
      spec
        .given([helloCreated])
        .when({
          type: 'UpdateQuickMessage',
          companyId,
          by: { userId: ana, admin: false },
          message: { ...helloFields, message: 'Oi!', geral: true },
        })
        .then([{ type: 'QuickMessageUpdated', data: { companyId, ...hello, message: 'Oi!', geral: true } }]));

    it('an admin may delete it', () =>
      spec
        .given([helloCreated])
        .when({
          type: 'DeleteQuickMessage',
          companyId,
          by: { userId: bruno, admin: true },
          quickMessageId: helloId,
        })
        .then([{ type: 'QuickMessageDeleted', data: { companyId, quickMessageId: helloId } }]));

    it('another agent does not even find a personal message', () =>
      spec
        .given([helloCreated])
        .when({
          type: 'DeleteQuickMessage',
          companyId,
          by: { userId: bruno, admin: false },
          quickMessageId: helloId,
        })
        .thenThrows('ERR_NO_QUICK_MESSAGE_FOUND'));

    it('another agent may use but not change a company-wide message', () =>
      spec
        .given([quickMessageCreated({ companyId, ...hello, geral: true })])
        .when({
          type: 'UpdateQuickMessage',
          companyId,
          by: { userId: bruno, admin: false },
          message: { ...helloFields, message: 'x' },
        })
        .thenThrows('ERR_NO_PERMISSION'));

    it('once deleted, the shortcode is free again', () =>
      spec
        .given([helloCreated, quickMessageDeleted({ companyId, quickMessageId: helloId })])
        .when({ type: 'CreateQuickMessage', companyId, message: { ...hello, quickMessageId: byeId } })
        .then([{ type: 'QuickMessageCreated', data: { companyId, ...hello, quickMessageId: byeId } }]));
  });

  describe('When a message has an attachment', () => {
    const media = {
      mediaUrl: `/public/${companyId}/2026/11/1-a-x.pdf`,
      mediaName: 'x.pdf',
      mediaType: 'application' as const,
    };
    const attached = quickMessageMediaAttached({ companyId, quickMessageId: helloId, ...media });
    const by = { userId: ana, admin: false };

    it('its owner attaches or replaces it', () =>
      spec
        .given([helloCreated, attached])
        .when({ type: 'AttachQuickMessageMedia', companyId, by, quickMessageId: helloId, media })
        .then([attached]));

    it('spaces in its name become underscores (doc 2 §2.7)', () =>
      spec
        .given([helloCreated])
        .when({
          type: 'AttachQuickMessageMedia',
          companyId,
          by,
          quickMessageId: helloId,
          media: { ...media, mediaName: 'meu arquivo teste.pdf' },
        })
        .then([{ ...attached, data: { ...attached.data, mediaName: 'meu_arquivo_teste.pdf' } }]));

    it('removing it records the removal, and removing again changes nothing', () => {
      spec
        .given([helloCreated, attached])
        .when({ type: 'RemoveQuickMessageMedia', companyId, by, quickMessageId: helloId })
        .then([{ type: 'QuickMessageMediaRemoved', data: { companyId, quickMessageId: helloId } }]);
      spec
        .given([helloCreated, attached, quickMessageMediaRemoved({ companyId, quickMessageId: helloId })])
        .when({ type: 'RemoveQuickMessageMedia', companyId, by, quickMessageId: helloId })
        .then([]);
    });

    it('another agent does not find a personal message to attach to', () =>
      spec
        .given([helloCreated])
        .when({
          type: 'AttachQuickMessageMedia',
          companyId,
          by: { userId: bruno, admin: false },
          quickMessageId: helloId,
          media,
        })
        .thenThrows('ERR_NO_QUICK_MESSAGE_FOUND'));
  });
});
