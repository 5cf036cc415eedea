import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderMarkup } from './markup.tsx';

const html = (text: string) => renderToStaticMarkup(<>{renderMarkup(text)}</>);

describe('renderMarkup', () => {
  it("renders WhatsApp's light markup and nothing else (doc 1 §1)", () => {
    expect(html('*Carla:* seu _pedido_ ~atrasou~ ```#42```')).toBe(
      '<strong>Carla:</strong> seu <em>pedido</em> <s>atrasou</s> <code>#42</code>',
    );
    expect(html('<b>não</b> é HTML')).toBe('&lt;b&gt;não&lt;/b&gt; é HTML');
  });

  it('opens links in a new tab, without handing the opener to them', () => {
    expect(html('veja https://zelo.dev/ajuda')).toBe(
      'veja <a href="https://zelo.dev/ajuda" target="_blank" rel="noopener noreferrer">https://zelo.dev/ajuda</a>',
    );
  });
});
