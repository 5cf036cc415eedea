/**
 * The automatic messages a ticket's customer receives when an agent takes over or the ticket moves
 * (BEHAVIOUR.md: sendGreetingAccepted, sendMsgTransfTicket). Pure, so the wording is tested alone.
 */

/** First word of the contact's name; a nameless contact is greeted without one. */
export function firstName(name: string | null | undefined): string {
  return (name ?? '').trim().split(/\s+/)[0] ?? '';
}

export function acceptedGreeting(contactName: string | null | undefined, agentName: string): string {
  const first = firstName(contactName);
  return `Olá${first ? ` ${first}` : ''}, meu nome é ${agentName} e agora vou prosseguir com seu atendimento!`;
}

/** Names what changed: the queue, the agent, or both; null when the transfer names neither. */
export function transferNotice(queueName: string | null, userName: string | null): string | null {
  if (queueName && userName)
    return `Você foi transferido para o departamento ${queueName} / atendente ${userName}`;
  if (queueName) return `Você foi transferido para o departamento ${queueName}`;
  if (userName) return `Você foi transferido para o atendente ${userName}`;
  return null;
}
