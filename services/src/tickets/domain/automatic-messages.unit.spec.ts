import { describe, expect, it } from 'vitest';
import { acceptedGreeting, firstName, transferNotice } from './automatic-messages.ts';

describe('the accepted greeting', () => {
  it("names the contact's first name and the agent", () => {
    expect(acceptedGreeting('Joana da Silva', 'Carla')).toBe(
      'Olá Joana, meu nome é Carla e agora vou prosseguir com seu atendimento!',
    );
  });
  it('greets a nameless contact without a name', () => {
    expect(acceptedGreeting('  ', 'Carla')).toBe(
      'Olá, meu nome é Carla e agora vou prosseguir com seu atendimento!',
    );
    expect(firstName(null)).toBe('');
  });
});

describe('the transfer notice', () => {
  it('names the queue and the agent when both are set', () => {
    expect(transferNotice('Vendas', 'Bruno')).toBe(
      'Você foi transferido para o departamento Vendas / atendente Bruno',
    );
  });
  it('names only what is set', () => {
    expect(transferNotice('Vendas', null)).toBe('Você foi transferido para o departamento Vendas');
    expect(transferNotice(null, 'Bruno')).toBe('Você foi transferido para o atendente Bruno');
    expect(transferNotice(null, null)).toBeNull();
  });
});
