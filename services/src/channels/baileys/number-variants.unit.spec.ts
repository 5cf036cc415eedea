import { describe, expect, it } from 'vitest';
import { numberVariants } from './adapter.ts';

// WhatsApp answers `onWhatsApp` with the number it has on file, which for Brazilian mobiles may lack
// (or have) the ninth digit: the adapter matches an answer to the number asked through these forms.
describe('the forms of a number WhatsApp may answer with', () => {
  it('a Brazilian mobile with its ninth digit may come back without it, and the other way round', () => {
    expect(numberVariants('5511987654321')).toEqual(['5511987654321', '551187654321']);
    expect(numberVariants('551187654321')).toEqual(['551187654321', '5511987654321']);
  });

  it('a Brazilian landline and any other country are asked as written', () => {
    expect(numberVariants('551134567890')).toEqual(['551134567890']);
    expect(numberVariants('14155552671')).toEqual(['14155552671']);
  });
});
