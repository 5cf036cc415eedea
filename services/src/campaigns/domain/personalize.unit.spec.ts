import type { CampaignFields } from '@zelo/contracts/campaigns/events';
import { describe, expect, it } from 'vitest';
import { filledVariants, personalize, pickVariant } from './personalize.ts';

const fields: CampaignFields = {
  name: 'Promoção',
  message1: 'Oi {nome}',
  message2: '',
  message3: 'Olá {firstName}',
  message4: '   ',
  message5: 'E aí {nome}',
  whatsappId: null,
  scheduledAt: null,
  contactListId: null,
  tagListId: null,
  fileListId: null,
};
const recipient = { number: '5511988887777', name: 'Maria Souza', email: 'maria@exemplo.com' };
const ticket = {
  ticketId: '0000abcd-0000-4000-8000-000000000001',
  // 10:30 in São Paulo.
  ticketCreatedAt: new Date('2030-01-31T13:30:05.000Z'),
  now: new Date('2030-01-31T13:45:00.000Z'),
  timeZone: 'America/Sao_Paulo',
};

describe('a campaign message for one recipient', () => {
  it('only filled variants are picked, the same one for the same recipient every time', () => {
    expect(filledVariants(fields).map(([n]) => n)).toEqual([1, 3, 5]);
    const picked = new Set<number>();
    for (let i = 0; i < 60; i++) {
      const v = pickVariant(fields, `c1:${i}`);
      expect(v).not.toBeNull();
      expect(pickVariant(fields, `c1:${i}`)).toEqual(v);
      picked.add(v![0]);
    }
    // Spread over the variants, none of them empty.
    expect([...picked].sort()).toEqual([1, 3, 5]);
  });

  it('no filled variant: nothing to pick', () => {
    expect(pickVariant({ ...fields, message1: '', message3: '', message5: '' }, 'c1:0')).toBeNull();
  });

  it('replaces the recipient, message and company variables; unknown keys and {{...}} stay', () => {
    const text =
      '{greeting} {firstName}! {nome} <{email}> {numero} {name} protocolo {protocol} em {date} {hour}. ' +
      'Cupom {cupom}, loja {loja}, {desconhecida} e {{name}}';
    const variables = [
      { key: 'cupom', value: 'ZELO10' },
      { key: 'loja', value: 'Centro' },
      { key: 'nome', value: 'não usado' },
    ];
    expect(personalize(text, recipient, variables, ticket)).toBe(
      'Bom dia Maria! Maria Souza <maria@exemplo.com> 5511988887777 Maria Souza protocolo 203001311030053981 ' +
        'em 31/01/2030 10:45. Cupom ZELO10, loja Centro, {desconhecida} e {{name}}',
    );
  });
});
