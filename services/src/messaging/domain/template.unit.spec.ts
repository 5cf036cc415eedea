import { describe, expect, it } from 'vitest';
import {
  fillTemplate,
  greetingAt,
  hasTemplateVariables,
  protocolOf,
  type TemplateContext,
} from './template.ts';

const SP = 'America/Sao_Paulo';
const ticketId = '0000abcd-1111-4222-8333-444455556666';
const at = (iso: string): TemplateContext => ({
  contactName: '  Maria  da Silva ',
  ticketId,
  ticketCreatedAt: new Date('2026-03-05T12:04:09Z'), // 09:04:09 in São Paulo
  now: new Date(iso),
  timeZone: SP,
});

describe('message variables (doc 1 §3)', () => {
  it('replaces every spelling of the spec, in the company time zone', () => {
    const c = at('2026-03-05T23:30:00Z'); // 20:30 on the 5th in São Paulo, already the 6th in UTC
    expect(fillTemplate('{{greeting}}, {{firstName}}! Segue o boleto, {{name}}.', c)).toBe(
      'Boa noite, Maria! Segue o boleto, Maria  da Silva.',
    );
    expect(fillTemplate('{{contactFirstName}} / {{contactName}}', c)).toBe('Maria / Maria  da Silva');
    expect(fillTemplate('{{date}} {{hour}}', c)).toBe('05/03/2026 20:30');
    expect(fillTemplate('{{protocol}} = {{protocolNumber}}', c)).toBe(
      `${protocolOf(ticketId, c.ticketCreatedAt, SP)} = ${protocolOf(ticketId, c.ticketCreatedAt, SP)}`,
    );
    expect(fillTemplate('{{ name }}', c)).toBe('Maria  da Silva');
  });

  it('the protocol is the ticket\u2019s: its opening time in company time and four digits of its id', () => {
    const p = protocolOf(ticketId, new Date('2026-03-05T12:04:09Z'), SP);
    expect(p).toMatch(/^20260305090409\d{4}$/);
    expect(p.slice(-4)).toBe(String(0xabcd % 10_000).padStart(4, '0'));
    // Another ticket of the same second differs.
    expect(protocolOf('00001234-1111-4222-8333-444455556666', new Date('2026-03-05T12:04:09Z'), SP)).not.toBe(
      p,
    );
  });

  it('greets by the company clock', () => {
    expect(greetingAt(new Date('2026-03-05T10:00:00Z'), SP)).toBe('Bom dia'); // 07:00
    expect(greetingAt(new Date('2026-03-05T15:00:00Z'), SP)).toBe('Boa tarde'); // 12:00
    expect(greetingAt(new Date('2026-03-05T21:00:00Z'), SP)).toBe('Boa noite'); // 18:00
    expect(greetingAt(new Date('2026-03-05T06:00:00Z'), SP)).toBe('Boa noite'); // 03:00
  });

  it('leaves unknown names and plain text exactly as written', () => {
    const c = at('2026-03-05T15:00:00Z');
    expect(fillTemplate('{{answer}} e {{ nome }} e {name} e {{name', c)).toBe(
      '{{answer}} e {{ nome }} e {name} e {{name',
    );
    expect(hasTemplateVariables('Olá {{answer}}')).toBe(false);
    expect(hasTemplateVariables('Olá {{firstName}}')).toBe(true);
    expect(fillTemplate('sem variáveis', c)).toBe('sem variáveis');
  });

  it('a nameless contact reads as empty, not as "undefined"', () => {
    expect(fillTemplate('Olá {{firstName}}!', { ...at('2026-03-05T15:00:00Z'), contactName: '' })).toBe(
      'Olá !',
    );
  });
});
