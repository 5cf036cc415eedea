import { describe, expect, it } from 'vitest';
import { youtubeId } from './youtube.ts';

describe('youtubeId', () => {
  it.each([
    ['dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['  dQw4w9WgXcQ ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'dQw4w9WgXcQ'],
    ['youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('finds the id in %s', (input, id) => {
    expect(youtubeId(input)).toBe(id);
  });

  it.each([
    '',
    'not a video',
    'https://vimeo.com/123456789',
    'https://www.youtube.com/watch?v=short',
    'javascript:alert(1)',
  ])('finds no video in %s', (input) => {
    expect(youtubeId(input)).toBeNull();
  });
});
