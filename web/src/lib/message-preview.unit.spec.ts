import { describe, expect, it } from 'vitest';
import { messagePreview } from './message-preview.ts';

describe('messagePreview', () => {
  it("drops WhatsApp's markup characters and folds lines, keeping the words", () => {
    expect(messagePreview('*Carla:*\nSeu pedido _saiu_ hoje, ~ontem~ ```#123```', 'Localização')).toBe(
      'Carla: Seu pedido saiu hoje, ontem #123',
    );
  });

  it('keeps lone markers that are not markup (prices, snake_case, a single asterisk)', () => {
    expect(messagePreview('2 * 3 = 6, arquivo nota_fiscal.pdf', 'Localização')).toBe(
      '2 * 3 = 6, arquivo nota_fiscal.pdf',
    );
  });

  it('names a location instead of showing its thumbnail and map link', () => {
    const withThumb =
      'data:image/jpeg;base64,AAAA|https://maps.google.com/maps?q=-23.5%2C-46.6&z=17|Loja - Rua A';
    expect(messagePreview(withThumb, 'Location')).toBe('Location');
    expect(messagePreview('|https://maps.google.com/maps?q=1%2C2&z=17|', 'Ubicación')).toBe('Ubicación');
  });

  it('gives an empty line for a ticket without messages', () => {
    expect(messagePreview(null, 'Localização')).toBe('');
  });
});
