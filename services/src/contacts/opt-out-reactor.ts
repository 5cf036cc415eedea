import {
  matchedWord,
  normaliseWord,
  parseWords,
  withPrivacyDefaults,
} from '@zelo/contracts/contacts/privacy';
import { DomainError } from '@zelo/contracts/errors';
import type { Projection, ProjectionEventOf } from '@zelo/projections/runner';
import { companySettingsAndHours } from '@zelo/projections/tenancy/queries';
import { queueOutboundMessage } from '../messaging/handlers.ts';
import type { Deps } from '../platform/command-handler.ts';
import type { PoolClient } from '../platform/db.ts';
import { idFromName } from '../platform/ids.ts';
import { REACTORS } from '../reactors.ts';
import { loadContact } from './handlers.ts';
import { changeContactOptOut } from './opt-out-handlers.ts';

/** A customer's word this old changes nothing (a first run over years of history, a long outage). */
const STALE_MS = 60 * 60 * 1000;
/** Longer than any word a setting accepts (WordsSetting): such a message is never one of them. */
const LONGEST_WORD = 30;

type Inbound = ProjectionEventOf<'InboundMessageReceived'>;
type SettingsReader = (companyId: string) => Promise<Record<string, string>>;

/** The companies' settings, privacy keys at their defaults when never set, each read once. */
function settingsReader(tx: PoolClient): SettingsReader {
  const read = new Map<string, Promise<Record<string, string>>>();
  return (companyId) => {
    let settings = read.get(companyId);
    if (!settings) {
      settings = companySettingsAndHours(tx, companyId).then((r) => withPrivacyDefaults(r.settings));
      read.set(companyId, settings);
    }
    return settings;
  };
}

/**
 * The customer's opt-out words (LGPD, issue 25): a message that is one of the company's opt-out words
 * opts the contact out of campaigns and sends one confirmation; an opt-in word while opted out opts them
 * back in. A checkpointed subscriber with no tables. The confirmation is queued before the contact's
 * change, under an id derived from the customer's message: a batch re-applied after a crash queues the
 * same message (nothing new) and then records the change, and once the change is recorded the word
 * finds the contact in that state already and says nothing more.
 */
export function optOutReactor(deps: Deps): Projection {
  return {
    name: REACTORS.optOutWords,
    tables: [],
    handles: new Set(['InboundMessageReceived']),
    async handle(tx, e) {
      if (e.type === 'InboundMessageReceived') await react(e, settingsReader(tx));
    },
    // In order (a customer's SAIR then VOLTAR), each company's settings read once per batch.
    async handleBatch(tx, events) {
      const settingsOf = settingsReader(tx);
      for (const e of events) if (e.type === 'InboundMessageReceived') await react(e, settingsOf);
      return [];
    },
  };

  async function react(e: Inbound, settingsOf: SettingsReader): Promise<void> {
    if (deps.clock.now().getTime() - Date.parse(e.metadata.at) > STALE_MS) return;
    const said = normaliseWord(e.data.body);
    // Nearly every message is a conversation, not a word: it costs no read.
    if (said.length < 2 || said.length > LONGEST_WORD) return;
    const { companyId, contactId, ticketId } = e.data;
    const settings = await settingsOf(companyId);
    const outWord = matchedWord(said, parseWords(settings.optOutWords));
    const inWord = outWord ? null : matchedWord(said, parseWords(settings.optInWords));
    if (!outWord && !inWord) return;
    const contact = await loadContact(deps, contactId);
    if (contact.kind === 'none' || contact.companyId !== companyId) return;
    if (contact.deleted || contact.erased || contact.isGroup) return;
    const optedOut = !!outWord;
    // A word while already in that state does nothing.
    if (contact.optedOut === optedOut) return;
    const who = { companyId, actor: 'system:opt-out', correlationId: e.metadata.correlationId };
    const body = optedOut ? settings.optOutReply : settings.optInReply;
    try {
      await queueOutboundMessage(
        deps,
        {
          companyId,
          ticketId,
          userId: null,
          body,
          messageId: idFromName(optedOut ? 'contact-opt-out-reply' : 'contact-opt-in-reply', e.id),
          automatic: true,
        },
        who,
      );
    } catch (err) {
      // The ticket was deleted since: the change stands, there is nowhere to confirm it.
      if (!(err instanceof DomainError && err.code === 'ERR_NO_TICKET_FOUND')) throw err;
    }
    try {
      await changeContactOptOut(
        deps,
        companyId,
        contactId,
        { optedOut, via: 'word', word: outWord ?? inWord, userId: null },
        who,
      );
    } catch (err) {
      // Deleted or erased in between: there is nobody left to opt out.
      if (!(err instanceof DomainError && err.code === 'ERR_NO_CONTACT_FOUND')) throw err;
    }
  }
}
