import { describe, expect, it } from 'vitest';
import { type TypebotRules, type TypebotSession, typebotTurn } from './typebot-session.ts';
import { markdownToWhatsApp, richTextToWhatsApp } from './typebot-text.ts';

const rules: TypebotRules = {
  typebotKeywordFinish: 'sair',
  typebotKeywordRestart: '#reiniciar',
  typebotRestartMessage: 'Vamos começar de novo.',
  typebotUnknownMessage: 'Só entendo texto.',
  typebotExpires: 1,
};
const now = new Date('2026-11-26T15:00:00Z');
const session = (idleSeconds: number, choices?: string[]): TypebotSession => ({
  sessionId: 's-1',
  lastActivityAt: new Date(now.getTime() - idleSeconds * 1000).toISOString(),
  ...(choices ? { choices } : {}),
});
const text = (body: string) => ({ body, mediaType: 'chat' });

describe('Without a session', () => {
  it('starts a chat on any message, media included', () => {
    expect(typebotTurn(null, text('oi'), rules, now)).toEqual({ action: 'start', reason: 'new' });
    expect(typebotTurn(null, { body: '', mediaType: 'image' }, rules, now)).toEqual({
      action: 'start',
      reason: 'new',
    });
  });

  it('still obeys the finish keyword (the customer wants a human)', () => {
    expect(typebotTurn(null, text('SAIR'), rules, now)).toEqual({ action: 'finish' });
  });
});

describe('With a live session', () => {
  it('continues with what the customer wrote', () => {
    expect(typebotTurn(session(10), text('  Maria '), rules, now)).toEqual({
      action: 'continue',
      sessionId: 's-1',
      message: 'Maria',
    });
  });

  it('ends on the finish keyword, whatever its case and spaces', () => {
    expect(typebotTurn(session(10), text(' Sair '), rules, now)).toEqual({ action: 'finish' });
  });

  it('starts over on the restart keyword, with the restart message', () => {
    expect(typebotTurn(session(10), text('#REINICIAR'), rules, now)).toEqual({
      action: 'restart',
      restartMessage: 'Vamos começar de novo.',
    });
  });

  it('restarts silently when no restart message is set', () => {
    expect(
      typebotTurn(session(10), text('#reiniciar'), { ...rules, typebotRestartMessage: '' }, now),
    ).toEqual({
      action: 'restart',
      restartMessage: null,
    });
  });

  it('answers media with the unknown message and keeps the session', () => {
    expect(typebotTurn(session(10), { body: '', mediaType: 'audio' }, rules, now)).toEqual({
      action: 'unknown',
      reply: 'Só entendo texto.',
    });
  });

  it('does not treat empty keywords as matching an empty message', () => {
    const none = { ...rules, typebotKeywordFinish: '', typebotKeywordRestart: null };
    expect(typebotTurn(session(10), text(''), none, now)).toMatchObject({ action: 'continue' });
  });

  it('maps a number to the option of a pending choice', () => {
    const s = session(10, ['Vendas', 'Suporte']);
    expect(typebotTurn(s, text('2'), rules, now)).toMatchObject({ action: 'continue', message: 'Suporte' });
    expect(typebotTurn(s, text('3'), rules, now)).toMatchObject({ action: 'continue', message: '3' });
    expect(typebotTurn(s, text('vendas'), rules, now)).toMatchObject({
      action: 'continue',
      message: 'vendas',
    });
  });
});

describe('With a session idle too long', () => {
  it('starts afresh once idle longer than typebotExpires minutes', () => {
    expect(typebotTurn(session(61), text('oi'), rules, now)).toEqual({ action: 'start', reason: 'expired' });
    expect(typebotTurn(session(60), text('oi'), rules, now)).toMatchObject({ action: 'continue' });
  });

  it('never expires when typebotExpires is 0', () => {
    expect(typebotTurn(session(86_400), text('oi'), { ...rules, typebotExpires: 0 }, now)).toMatchObject({
      action: 'continue',
    });
  });
});

describe('Rich text to WhatsApp', () => {
  it('writes bold, italic and strike with WhatsApp markers outside the spaces', () => {
    const richText = [
      {
        type: 'p',
        children: [
          { text: 'Olá, ' },
          { text: 'Maria ', bold: true },
          { text: 'tudo', italic: true },
          { text: ' ' },
          { text: 'caro', strikethrough: true },
        ],
      },
    ];
    expect(richTextToWhatsApp(richText)).toBe('Olá, *Maria* _tudo_ ~caro~');
  });

  it('merges neighbouring leaves with the same marks', () => {
    const richText = [
      {
        type: 'p',
        children: [
          { text: 'Bo', bold: true },
          { text: 'm dia', bold: true },
        ],
      },
    ];
    expect(richTextToWhatsApp(richText)).toBe('*Bom dia*');
  });

  it('keeps paragraphs on their own lines, and links as text and URL', () => {
    const richText = [
      { type: 'p', children: [{ text: 'Primeira linha' }] },
      { type: 'p', children: [{ text: '' }] },
      {
        type: 'p',
        children: [
          { text: 'Veja ' },
          { type: 'a', url: 'https://zelo.example.com', children: [{ text: 'o site' }] },
          { text: ' ou ' },
          { type: 'a', url: 'https://x.example.com', children: [{ text: 'https://x.example.com' }] },
        ],
      },
    ];
    expect(richTextToWhatsApp(richText)).toBe(
      'Primeira linha\n\nVeja o site (https://zelo.example.com) ou https://x.example.com',
    );
  });

  it('writes lists with bullets and numbers', () => {
    const richText = [
      { type: 'ul', children: [{ type: 'li', children: [{ type: 'lic', children: [{ text: 'um' }] }] }] },
      {
        type: 'ol',
        children: [
          { type: 'li', children: [{ text: 'dois' }] },
          { type: 'li', children: [{ text: 'três' }] },
        ],
      },
    ];
    expect(richTextToWhatsApp(richText)).toBe('• um\n1. dois\n2. três');
  });

  it('reads nothing out of something that is not rich text', () => {
    expect(richTextToWhatsApp('oops')).toBe('');
    expect(richTextToWhatsApp([null, 3])).toBe('');
  });

  it('converts the markdown format too', () => {
    expect(markdownToWhatsApp('**Olá** *você*, veja [aqui](https://a.example.com)')).toBe(
      '*Olá* _você_, veja aqui (https://a.example.com)',
    );
  });
});
