import type { AnyEvent } from '@zelo/contracts/events';
import {
  campaignCancelled,
  campaignCreated,
  campaignDeleted,
  campaignFields,
  campaignFinished,
  campaignMediaAttached,
  campaignMediaRemoved,
  campaignMessageFailed,
  campaignMessageQueued,
  campaignMessageSent,
  campaignMessageSkipped,
  campaignRestarted,
  campaignSettingsChanged,
  campaignStarted,
  campaignStartRefused,
  campaignUpdated,
  connectionCreated,
  contactCreated,
  contactListCreated,
  contactListItemAdded,
  contactListItemRemoved,
  contactListItemValidated,
  fileListCreated,
  tagCreated,
  testId,
  ticketCreated,
  ticketTagsSynced,
} from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { connectionsProjection } from '../connections/whatsapps.ts';
import { contactListsProjection } from '../contact-lists/contact-lists.ts';
import { contactsProjection } from '../contacts/contacts.ts';
import { fileListsProjection } from '../file-lists/file-lists.ts';
import { tagsProjection } from '../tags/tags.ts';
import { useReadModelDatabase } from '../testing/read-model-database.ts';
import { conversationsProjection } from '../tickets/conversations.ts';
import { campaignsProjection } from './campaigns.ts';
import { getCampaign, getCampaignSettings, listCampaigns, listShipments } from './queries.ts';

const recipients = [
  { number: '5511988880000', name: 'Maria', email: 'maria@example.com' },
  { number: '5511988881111', name: 'João', email: '' },
  { number: '5511988882222', name: 'Ana', email: '' },
];

describe('campaigns read model', () => {
  const db = useReadModelDatabase();
  const given = async (...events: AnyEvent[]) =>
    db.given(
      [
        connectionsProjection,
        contactListsProjection,
        fileListsProjection,
        contactsProjection,
        conversationsProjection,
        tagsProjection,
        campaignsProjection,
      ],
      events,
    );

  it('shows a campaign with its connection, contact list and file list by name', async () => {
    const companyId = testId();
    const connection = connectionCreated({ companyId, name: 'Vendas' });
    const list = contactListCreated({ companyId, name: 'Clientes VIP' });
    const files = fileListCreated({ companyId, name: 'Catálogo' });
    const fields = {
      ...campaignFields(),
      whatsappId: connection.data.whatsappId,
      contactListId: list.data.contactListId,
      fileListId: files.data.fileListId,
      scheduledAt: '2030-02-01T12:00:00.000Z',
    };
    const created = campaignCreated({ companyId, fields, status: 'PROGRAMADA' });
    const { campaignId } = created.data;
    const { history, changes } = await given(connection, list, files, created);
    expect(await getCampaign(db.pool, companyId, campaignId)).toEqual({
      id: campaignId,
      companyId,
      name: 'Black Friday',
      message1: 'Olá {nome}, temos ofertas!',
      message2: '',
      message3: '',
      message4: '',
      message5: '',
      status: 'PROGRAMADA',
      scheduledAt: '2030-02-01T12:00:00.000Z',
      completedAt: null,
      whatsappId: connection.data.whatsappId,
      whatsapp: { id: connection.data.whatsappId, name: 'Vendas' },
      contactListId: list.data.contactListId,
      contactList: { id: list.data.contactListId, name: 'Clientes VIP' },
      tagId: null,
      tagListId: null,
      fileListId: files.data.fileListId,
      fileList: { id: files.data.fileListId, name: 'Catálogo' },
      mediaPath: null,
      mediaName: null,
      mediaUrl: null,
      lastError: null,
      validContacts: 0,
      sent: 0,
      delivered: 0,
      failed: 0,
      optedOut: 0,
      pending: 0,
      createdAt: history[3]?.metadata.at,
      updatedAt: history[3]?.metadata.at,
    });
    expect(changes).toContainEqual({ companyId, kind: 'campaign', action: 'create', id: campaignId });
    // Another company's id is unknown.
    expect(await getCampaign(db.pool, testId(), campaignId)).toBeNull();
  });

  it('keeps the edits, the attachment and a refused start', async () => {
    const companyId = testId();
    const created = campaignCreated({ companyId, status: 'PROGRAMADA' });
    const { campaignId } = created.data;
    await given(
      created,
      campaignStartRefused({ companyId, campaignId, reason: 'ERR_CAMPAIGN_NO_RECIPIENTS' }),
    );
    expect(await getCampaign(db.pool, companyId, campaignId)).toMatchObject({
      status: 'INATIVA',
      lastError: 'ERR_CAMPAIGN_NO_RECIPIENTS',
    });
    await given(
      campaignUpdated({
        companyId,
        campaignId,
        fields: { ...created.data.fields, name: 'Natal', scheduledAt: null, contactListId: null },
        status: 'INATIVA',
      }),
      campaignMediaAttached({
        companyId,
        campaignId,
        mediaPath: 'media/c/banner.png',
        mediaName: 'banner.png',
      }),
    );
    expect(await getCampaign(db.pool, companyId, campaignId)).toMatchObject({
      name: 'Natal',
      status: 'INATIVA',
      scheduledAt: null,
      contactListId: null,
      contactList: null,
      lastError: null,
      mediaPath: 'media/c/banner.png',
      mediaName: 'banner.png',
      mediaUrl: 'media/c/banner.png',
    });
    await given(campaignMediaRemoved({ companyId, campaignId }));
    expect(await getCampaign(db.pool, companyId, campaignId)).toMatchObject({
      mediaPath: null,
      mediaName: null,
    });
  });

  it('counts the valid contacts of a scheduled campaign from its list before the run, as it changes', async () => {
    const companyId = testId();
    const list = contactListCreated({ companyId });
    const { contactListId } = list.data;
    const item = (number: string, isWhatsappValid: boolean | null) => {
      const added = contactListItemAdded({ companyId, contactListId, number });
      const { itemId } = added.data;
      if (isWhatsappValid === null) return [added];
      return [added, contactListItemValidated({ companyId, contactListId, itemId, number, isWhatsappValid })];
    };
    const fields = { ...campaignFields(), contactListId, scheduledAt: '2030-02-01T12:00:00.000Z' };
    const created = campaignCreated({ companyId, fields, status: 'PROGRAMADA' });
    const { campaignId } = created.data;
    const extra = item('5511977773333', true);
    await given(
      list,
      ...recipients.flatMap((r) => item(r.number, true)),
      ...item('+55 11 98888-0000', true), // Maria's number again: the run sends to it once
      ...item('5511900000000', false),
      ...item('5511911111111', null),
      created,
    );
    expect(await getCampaign(db.pool, companyId, campaignId)).toMatchObject({
      status: 'PROGRAMADA',
      validContacts: 3,
      pending: 3,
    });
    await given(...extra);
    expect(await getCampaign(db.pool, companyId, campaignId)).toMatchObject({ validContacts: 4 });
    await given(contactListItemRemoved({ companyId, contactListId, itemId: extra[0].data.itemId }));
    expect(await getCampaign(db.pool, companyId, campaignId)).toMatchObject({ validContacts: 3 });
    // From the start on, the run's recipients, whatever the list becomes.
    await given(
      campaignStarted({ companyId, campaignId, recipients: recipients.slice(0, 2) }),
      ...item('5511966664444', true),
    );
    expect(await getCampaign(db.pool, companyId, campaignId)).toMatchObject({
      status: 'EM_ANDAMENTO',
      validContacts: 2,
      pending: 2,
    });
  });

  it('counts the valid contacts of a scheduled tag campaign from the tagged contacts', async () => {
    const companyId = testId();
    const tag = tagCreated({ companyId });
    const { tagId } = tag.data;
    const tagged = recipients.flatMap((r) => {
      const contact = contactCreated({ companyId, number: r.number, name: r.name });
      const ticket = ticketCreated({ companyId, contactId: contact.data.contactId });
      const tags = ticketTagsSynced({ companyId, ticketId: ticket.data.ticketId, tagIds: [tagId] });
      return [contact, ticket, tags];
    });
    const fields = {
      ...campaignFields(),
      contactListId: null,
      tagListId: tagId,
      scheduledAt: '2030-02-01T12:00:00.000Z',
    };
    const created = campaignCreated({ companyId, fields, status: 'PROGRAMADA' });
    await given(tag, ...tagged, contactCreated({ companyId, number: '5511955556666' }), created);
    expect(await getCampaign(db.pool, companyId, created.data.campaignId)).toMatchObject({
      validContacts: 3,
    });
  });

  it('counts the run: valid contacts, sent, delivered, failed, pending; shipments in send order', async () => {
    const companyId = testId();
    const created = campaignCreated({ companyId });
    const { campaignId } = created.data;
    const ref = { companyId, campaignId };
    const messageId = testId();
    const { changes } = await given(
      created,
      campaignStarted({ ...ref, recipients }),
      campaignMessageQueued({ ...ref, index: 0, number: recipients[0]?.number, messageId }),
      campaignMessageFailed({
        ...ref,
        index: 1,
        number: recipients[1]?.number,
        reason: 'ERR_WAPP_INVALID_CONTACT',
      }),
      campaignMessageSent({ ...ref, index: 0, sentAt: '2030-01-31T14:00:05.000Z' }),
    );
    expect(await getCampaign(db.pool, companyId, campaignId)).toMatchObject({
      status: 'EM_ANDAMENTO',
      validContacts: 3,
      sent: 1,
      delivered: 1,
      failed: 1,
      pending: 1,
    });
    const page = await listShipments(db.pool, companyId, campaignId, { pageNumber: 1 });
    expect(page.hasMore).toBe(false);
    expect(page.records.map((s) => [s.index, s.name, s.status, s.reason])).toEqual([
      [0, 'Maria', 'delivered', null],
      [1, 'João', 'failed', 'ERR_WAPP_INVALID_CONTACT'],
      [2, 'Ana', 'pending', null],
    ]);
    expect(page.records[0]).toMatchObject({ messageId, deliveredAt: '2030-01-31T14:00:05.000Z' });
    expect(changes).toContainEqual({
      companyId,
      kind: 'campaignShipment',
      action: 'update',
      id: campaignId,
      index: 1,
    });
    // Another company sees no shipment of it.
    expect((await listShipments(db.pool, testId(), campaignId, { pageNumber: 1 })).records).toEqual([]);
  });

  it('counts an opted-out recipient as optedOut, neither sent, failed nor pending, once (LGPD)', async () => {
    const companyId = testId();
    const created = campaignCreated({ companyId });
    const { campaignId } = created.data;
    const ref = { companyId, campaignId };
    const started = campaignStarted({ ...ref, recipients });
    const skipped = campaignMessageSkipped({ ...ref, index: 1, skippedAt: '2030-01-31T14:00:01.000Z' });
    const { changes } = await given(
      created,
      started,
      campaignMessageQueued({ ...ref, index: 0, number: recipients[0]?.number }),
      skipped,
    );
    // A repeated skip, a skip of a sent recipient and a repeated start change no count.
    await given(skipped, campaignMessageSkipped({ ...ref, index: 0 }), started);
    expect(await getCampaign(db.pool, companyId, campaignId)).toMatchObject({
      validContacts: 3,
      sent: 1,
      failed: 0,
      optedOut: 1,
      pending: 1,
    });
    const page = await listShipments(db.pool, companyId, campaignId, { pageNumber: 1 });
    expect(page.records.map((r) => [r.index, r.status, r.messageId === null])).toEqual([
      [0, 'sent', false],
      [1, 'optedOut', true],
      [2, 'pending', true],
    ]);
    expect(changes).toContainEqual({
      companyId,
      kind: 'campaignShipment',
      action: 'update',
      id: campaignId,
      index: 1,
    });
  });

  it('keeps the counters right when events repeat or name an index the run does not have', async () => {
    const companyId = testId();
    const created = campaignCreated({ companyId });
    const { campaignId } = created.data;
    const ref = { companyId, campaignId };
    const started = campaignStarted({ ...ref, recipients });
    const sent = campaignMessageQueued({ ...ref, index: 0 });
    await given(created, started, sent);
    await given(
      sent,
      campaignMessageQueued({ ...ref, index: 7 }),
      campaignMessageSent({ ...ref, index: 2 }),
      started,
    );
    expect(await getCampaign(db.pool, companyId, campaignId)).toMatchObject({
      validContacts: 3,
      sent: 1,
      delivered: 0,
      failed: 0,
      pending: 2,
    });
    // The rows are unchanged. (A notice may still go: a shipment's write waits for no answer, so that a
    // batch's shipments reach the database together; a screen that re-reads finds nothing new.)
    const rows = await listShipments(db.pool, companyId, campaignId, { pageNumber: 1 });
    expect(rows.records.map((r: { status: string }) => r.status)).toEqual(['sent', 'pending', 'pending']);
  });

  it('moves a sent shipment the channel gave up on to failed, out of the sent count; a delivered one stays', async () => {
    const companyId = testId();
    const created = campaignCreated({ companyId });
    const { campaignId } = created.data;
    const ref = { companyId, campaignId };
    await given(
      created,
      campaignStarted({ ...ref, recipients }),
      campaignMessageQueued({ ...ref, index: 0 }),
      campaignMessageQueued({ ...ref, index: 1 }),
      campaignMessageSent({ ...ref, index: 1 }),
    );
    await given(
      campaignMessageFailed({ ...ref, index: 0, reason: 'ERR_SENDING_WAPP_MSG: gave up' }),
      campaignMessageFailed({ ...ref, index: 1 }),
      campaignMessageFailed({ ...ref, index: 0 }),
    );
    expect(await getCampaign(db.pool, companyId, campaignId)).toMatchObject({
      validContacts: 3,
      sent: 1,
      delivered: 1,
      failed: 1,
      pending: 1,
    });
    const rows = (await listShipments(db.pool, companyId, campaignId, { pageNumber: 1 })).records;
    expect(rows.map((r) => r.status)).toEqual(['failed', 'delivered', 'pending']);
    expect(rows[0].reason).toBe('ERR_SENDING_WAPP_MSG: gave up');
  });

  it('follows cancel, restart and finish, and forgets a deleted campaign and its shipments', async () => {
    const companyId = testId();
    const created = campaignCreated({ companyId });
    const { campaignId } = created.data;
    const ref = { companyId, campaignId };
    await given(created, campaignStarted({ ...ref, recipients }), campaignCancelled(ref));
    expect(await getCampaign(db.pool, companyId, campaignId)).toMatchObject({ status: 'CANCELADA' });
    await given(campaignRestarted(ref));
    expect(await getCampaign(db.pool, companyId, campaignId)).toMatchObject({ status: 'EM_ANDAMENTO' });
    await given(campaignFinished({ ...ref, completedAt: '2030-01-31T15:00:00.000Z' }));
    expect(await getCampaign(db.pool, companyId, campaignId)).toMatchObject({
      status: 'FINALIZADA',
      completedAt: '2030-01-31T15:00:00.000Z',
    });
    const { changes } = await given(campaignDeleted(ref));
    expect(changes).toEqual([{ companyId, kind: 'campaign', action: 'delete', id: campaignId }]);
    expect(await getCampaign(db.pool, companyId, campaignId)).toBeNull();
    const left = await db.pool.query(
      'SELECT count(*)::int AS n FROM campaign_shipments WHERE campaign_id=$1',
      [campaignId],
    );
    expect(left.rows[0].n).toBe(0);
  });

  it('lists the company campaigns newest first, searched by name, 20 a page', async () => {
    const companyId = testId();
    const events = Array.from({ length: 21 }, (_, i) =>
      campaignCreated({ companyId, fields: { ...campaignFields(), name: `Campanha ${i}` } }),
    );
    await given(
      ...events,
      campaignCreated({ companyId: testId(), fields: { ...campaignFields(), name: 'Outra' } }),
    );
    const first = await listCampaigns(db.pool, companyId, { pageNumber: 1 });
    expect(first.records).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    expect(first.records[0]?.name).toBe('Campanha 20');
    const second = await listCampaigns(db.pool, companyId, { pageNumber: 2 });
    expect(second.records.map((r) => r.name)).toEqual(['Campanha 0']);
    expect(second.hasMore).toBe(false);
    const found = await listCampaigns(db.pool, companyId, { searchParam: 'HA 1', pageNumber: 1 });
    expect(found.records.map((r) => r.name).sort()).toEqual([
      'Campanha 1',
      'Campanha 10',
      'Campanha 11',
      'Campanha 12',
      'Campanha 13',
      'Campanha 14',
      'Campanha 15',
      'Campanha 16',
      'Campanha 17',
      'Campanha 18',
      'Campanha 19',
    ]);
  });

  it('answers the settings as rows, the defaults until saved', async () => {
    const companyId = testId();
    expect(await getCampaignSettings(db.pool, companyId)).toEqual([
      { key: 'messageInterval', value: '20' },
      { key: 'longerIntervalAfter', value: '20' },
      { key: 'greaterInterval', value: '60' },
      { key: 'variables', value: '[]' },
      { key: 'jitterSeconds', value: '0' },
      { key: 'dailyLimitPerConnection', value: '0' },
      { key: 'sendingWindow', value: 'null' },
    ]);
    const saved = campaignSettingsChanged({ companyId });
    await given(
      campaignSettingsChanged({
        companyId,
        settings: {
          ...saved.data.settings,
          messageInterval: 5,
          variables: [{ key: 'loja', value: 'Centro' }],
          sendingWindow: { start: '08:00', end: '18:00' },
        },
      }),
    );
    const rows = await getCampaignSettings(db.pool, companyId);
    expect(rows).toContainEqual({ key: 'messageInterval', value: '5' });
    expect(rows).toContainEqual({ key: 'variables', value: '[{"key":"loja","value":"Centro"}]' });
    expect(JSON.parse(rows.find((r) => r.key === 'sendingWindow')?.value ?? '')).toEqual({
      start: '08:00',
      end: '18:00',
    });
  });
});
