import { describe, expect, it } from 'vitest';
import { storedMediaRef } from './stored-url.ts';

const company = '00000000-0000-4000-8000-000000000001';
const other = '00000000-0000-4000-8000-000000000002';
const random = 'a'.repeat(32);
const url = (c: string, name: string) => `/public/${c}/2026/11/1763772000000-${random}-${name}`;

describe('storedMediaRef', () => {
  it("accepts the company's own stored files, typed by extension", () => {
    expect(storedMediaRef(url(company, 'foto.JPG'), company)).toEqual({
      mediaType: 'image',
      filename: 'foto.JPG',
    });
    expect(storedMediaRef(url(company, 'voz.ogg'), company)?.mediaType).toBe('audio');
    expect(storedMediaRef(url(company, 'clip.mp4'), company)?.mediaType).toBe('video');
    expect(storedMediaRef(url(company, 'tabela.pdf'), company)?.mediaType).toBe('application');
    expect(storedMediaRef(url(company, 'file'), company)?.mediaType).toBe('application');
  });

  it("refuses another company's file, external addresses and path tricks", () => {
    for (const bad of [
      url(other, 'foto.jpg'),
      `https://evil.example/public/${company}/2026/11/1-${random}-x.jpg`,
      `//evil.example${url(company, 'x.jpg')}`,
      `/public/${company}/../${other}/2026/11/1-${random}-x.jpg`,
      `/public/${company}/2026/11/..%2F..%2Fx.jpg`,
      `/public/${company}/2026/11/1-${random}-x.jpg?x=1`,
      `/public/${company}/2026/11/1-${random}-..`,
      `/public/${company}/2026/11/1-short-x.jpg`,
      `/public/${company}/x.jpg`,
      '',
    ]) {
      expect(storedMediaRef(bad, company), bad).toBeNull();
    }
  });
});
