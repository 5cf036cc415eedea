import { describe, expect, it } from 'vitest';
import { mediaFileName, parseLocation, parseVcard } from './media.ts';

describe('parseLocation', () => {
  it('splits image, link and description on pipes', () => {
    expect(
      parseLocation('data:image/png;base64,AAA|https://maps.google.com/?q=1,2|Av. Paulista, 1000'),
    ).toEqual({
      image: 'data:image/png;base64,AAA',
      link: 'https://maps.google.com/?q=1,2',
      description: 'Av. Paulista, 1000',
    });
  });
  it('keeps pipes inside the description', () =>
    expect(parseLocation('https://i/x.png|https://m/l|a | b')?.description).toBe('a | b'));
  it('has an optional description', () =>
    expect(parseLocation('https://i/x.png|https://m/l')).toEqual({
      image: 'https://i/x.png',
      link: 'https://m/l',
      description: '',
    }));
  it('drops links and images that are not web URLs', () =>
    expect(parseLocation('javascript:alert(1)|javascript:alert(2)|x')).toBeNull());
  it('is null for a body that is not a location', () => {
    expect(parseLocation('')).toBeNull();
    expect(parseLocation(null)).toBeNull();
    expect(parseLocation('Localização')).toBeNull();
  });
});

describe('mediaFileName', () => {
  it('strips the stored prefix', () =>
    expect(mediaFileName('/public/c/2024/05/1715000000000-0123456789abcdef0123456789abcdef-boleto.pdf')).toBe(
      'boleto.pdf',
    ));
  it('keeps a foreign name as is', () =>
    expect(mediaFileName('https://x.com/a/doc%20final.pdf')).toBe('doc final.pdf'));
});

describe('parseVcard', () => {
  it('reads the name and the WhatsApp number', () =>
    expect(
      parseVcard(
        'BEGIN:VCARD\nVERSION:3.0\nFN:Ana Souza\nTEL;type=CELL;waid=5511999990000:+55 11 99999-0000\nEND:VCARD',
      ),
    ).toEqual({ name: 'Ana Souza', number: '5511999990000' }));
});
