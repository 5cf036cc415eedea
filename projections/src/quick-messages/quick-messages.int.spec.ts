import type { AnyEvent } from '@zelo/contracts/events';
import {
  quickMessageCreated,
  quickMessageDeleted,
  quickMessageMediaAttached,
  quickMessageMediaRemoved,
  quickMessageUpdated,
  testId,
} from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { useReadModelDatabase } from '../testing/read-model-database.ts';
import { getQuickMessage, searchQuickMessages, usableQuickMessages } from './queries.ts';
import { quickMessagesProjection } from './quick-messages.ts';

describe('quick-messages read model', () => {
  const db = useReadModelDatabase();
  const given = async (...events: AnyEvent[]) => (await db.given([quickMessagesProjection], events)).history;

  it('shows a quick message as last updated, with its attachment until it is removed', async () => {
    const companyId = testId();
    const owner = testId();
    const created = quickMessageCreated({
      companyId,
      userId: owner,
      shortcode: 'oi',
      message: 'Olá!',
      geral: false,
    });
    const { quickMessageId } = created.data;
    const reader = { companyId, userId: owner, admin: false };
    const mediaUrl = `/public/${companyId}/tabela.pdf`;
    const history = await given(
      created,
      quickMessageUpdated({ ...created.data, shortcode: 'ola', message: 'Olá, tudo bem?', status: false }),
      quickMessageMediaAttached({
        companyId,
        quickMessageId,
        mediaUrl,
        mediaName: 'tabela.pdf',
        mediaType: 'application',
      }),
    );
    expect(await getQuickMessage(db.pool, reader, quickMessageId)).toEqual({
      id: quickMessageId,
      shortcode: 'ola',
      message: 'Olá, tudo bem?',
      geral: false,
      status: false,
      userId: owner,
      isMedia: true,
      mediaPath: mediaUrl,
      mediaName: 'tabela.pdf',
      mediaUrl,
      mediaType: 'application',
      createdAt: history[0].metadata.at,
      updatedAt: history[2].metadata.at,
    });
    await given(quickMessageMediaRemoved({ companyId, quickMessageId }));
    expect(await getQuickMessage(db.pool, reader, quickMessageId)).toMatchObject({
      isMedia: false,
      mediaUrl: null,
      mediaName: null,
      mediaType: null,
    });
  });

  it("offers an agent the active company-wide messages and their own, never a colleague's private ones", async () => {
    const companyId = testId();
    const agent = testId();
    const colleague = testId();
    const shared = quickMessageCreated({ companyId, userId: colleague, shortcode: 'b-shared', geral: true });
    const own = quickMessageCreated({ companyId, userId: agent, shortcode: 'a-own', geral: false });
    const theirs = quickMessageCreated({ companyId, userId: colleague, shortcode: 'c-theirs', geral: false });
    const inactive = quickMessageCreated({ companyId, userId: agent, shortcode: 'd-off', status: false });
    const gone = quickMessageCreated({ companyId, userId: agent, shortcode: 'e-gone', geral: true });
    await given(
      shared,
      own,
      theirs,
      inactive,
      gone,
      quickMessageDeleted({ companyId, quickMessageId: gone.data.quickMessageId }),
    );
    const agentReads = { companyId, userId: agent, admin: false };
    expect((await usableQuickMessages(db.pool, agentReads)).map((m) => m.shortcode)).toEqual([
      'a-own',
      'b-shared',
    ]);
    expect(
      (await searchQuickMessages(db.pool, agentReads, { pageNumber: 1 })).records.map((m) => m.shortcode),
    ).toEqual(['a-own', 'b-shared', 'd-off']);
    const adminReads = { companyId, userId: testId(), admin: true };
    expect(
      (await searchQuickMessages(db.pool, adminReads, { pageNumber: 1 })).records.map((m) => m.shortcode),
    ).toEqual(['a-own', 'b-shared', 'c-theirs', 'd-off']);
    expect(await getQuickMessage(db.pool, agentReads, theirs.data.quickMessageId)).toBeNull();
  });
});
