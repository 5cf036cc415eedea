import {
  connectionCreated,
  contactCreated,
  queueCreated,
  tagCreated,
  testId,
  userCreated,
} from '@zelo/contracts/testing/events';

/**
 * One company's cast, named so assertions can say who is who: an agent, a queue, two connections,
 * a contact and a tag, and the events that create them. Each call is a new company, so tests that
 * share a database never see each other's rows.
 */
export function aCompany() {
  const companyId = testId();
  const agent = userCreated({ companyId, name: 'Bruno Lima' });
  const queue = queueCreated({ companyId, name: 'Sales', color: '#00aa55' });
  const mainLine = connectionCreated({ companyId, name: 'Main line', isDefault: true });
  const secondLine = connectionCreated({ companyId, name: 'Second line', isDefault: false });
  const contact = contactCreated({ companyId, name: 'Ana Souza', number: '5511987654321' });
  const tag = tagCreated({ companyId, name: 'VIP', color: '#aa0055' });
  return {
    companyId,
    agentId: agent.data.userId,
    queueId: queue.data.queueId,
    mainLineId: mainLine.data.whatsappId,
    secondLineId: secondLine.data.whatsappId,
    contactId: contact.data.contactId,
    tagId: tag.data.tagId,
    setup: [agent, queue, mainLine, secondLine, contact, tag],
  };
}
