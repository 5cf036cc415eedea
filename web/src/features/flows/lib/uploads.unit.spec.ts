import { describe, expect, it } from 'vitest';
import { acceptOf, checkUpload } from './uploads.ts';

const MB = 1024 * 1024;
const file = (name: string, type: string, size: number) => ({ name, type, size });

describe('upload limits (doc 2 §5)', () => {
  it('takes png, jpg and jpeg images up to 2 MB', () => {
    expect(checkUpload('img', file('a.png', 'image/png', 2 * MB))).toBeNull();
    expect(checkUpload('img', file('a.JPG', 'image/jpeg', MB))).toBeNull();
    expect(checkUpload('img', file('a.jpeg', '', MB))).toBeNull();
    expect(checkUpload('img', file('a.png', 'image/png', 2 * MB + 1))).toEqual({ problem: 'size', maxMb: 2 });
    expect(checkUpload('img', file('a.gif', 'image/gif', 10))).toEqual({ problem: 'type' });
  });

  it('takes ogg, mp3 and opus audio up to 5 MB', () => {
    for (const name of ['a.ogg', 'a.mp3', 'a.opus'])
      expect(checkUpload('audio', file(name, '', 5 * MB))).toBeNull();
    expect(checkUpload('audio', file('a.mp3', 'audio/mpeg', 5 * MB + 1))).toEqual({
      problem: 'size',
      maxMb: 5,
    });
    expect(checkUpload('audio', file('a.wav', 'audio/wav', 10))).toEqual({ problem: 'type' });
  });

  it('takes only mp4 video, up to 20 MB', () => {
    expect(checkUpload('video', file('a.mp4', 'video/mp4', 20 * MB))).toBeNull();
    expect(checkUpload('video', file('a.mp4', 'video/mp4', 20 * MB + 1))).toEqual({
      problem: 'size',
      maxMb: 20,
    });
    expect(checkUpload('video', file('a.mov', 'video/quicktime', 10))).toEqual({ problem: 'type' });
  });

  it('offers the kind’s extensions to the file picker', () => {
    expect(acceptOf('img')).toBe('.png,.jpg,.jpeg');
    expect(acceptOf('video')).toBe('.mp4');
  });
});
