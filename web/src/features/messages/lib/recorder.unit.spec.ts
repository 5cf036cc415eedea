import { describe, expect, it } from 'vitest';
import {
  audioFileName,
  formatElapsed,
  isRecordingKept,
  MIN_AUDIO_BYTES,
  nextRecorderState,
  pickAudioType,
} from './recorder.ts';

describe('the recorder', () => {
  describe('When idle', () => {
    it('starts recording', () => expect(nextRecorderState('idle', 'start')).toBe('recording'));
    it('ignores cancel, send and done', () => {
      for (const e of ['cancel', 'send', 'done'] as const) expect(nextRecorderState('idle', e)).toBe('idle');
    });
  });

  describe('When recording', () => {
    it('goes back to idle on cancel', () => expect(nextRecorderState('recording', 'cancel')).toBe('idle'));
    it('goes to sending on send', () => expect(nextRecorderState('recording', 'send')).toBe('sending'));
    it('ignores a second start', () => expect(nextRecorderState('recording', 'start')).toBe('recording'));
  });

  describe('When sending', () => {
    it('returns to idle when done', () => expect(nextRecorderState('sending', 'done')).toBe('idle'));
    it('cannot be cancelled or restarted', () => {
      expect(nextRecorderState('sending', 'cancel')).toBe('sending');
      expect(nextRecorderState('sending', 'start')).toBe('sending');
    });
  });
});

describe('the 10000-byte rule', () => {
  it('drops a recording under 10000 bytes and keeps one of 10000 or more', () => {
    expect(MIN_AUDIO_BYTES).toBe(10_000);
    expect(isRecordingKept(0)).toBe(false);
    expect(isRecordingKept(9_999)).toBe(false);
    expect(isRecordingKept(10_000)).toBe(true);
    expect(isRecordingKept(250_000)).toBe(true);
  });
});

describe('audio format', () => {
  it('prefers Opus in WebM, then Ogg, else the browser default', () => {
    expect(pickAudioType(() => true)).toBe('audio/webm;codecs=opus');
    expect(pickAudioType((t) => t.startsWith('audio/ogg'))).toBe('audio/ogg;codecs=opus');
    expect(pickAudioType(() => false)).toBe('');
  });

  it('names the file audio-<timestamp> with the container as extension', () => {
    expect(audioFileName('audio/webm;codecs=opus', 1_700_000_000_000)).toBe('audio-1700000000000.webm');
    expect(audioFileName('audio/ogg;codecs=opus', 5)).toBe('audio-5.ogg');
    expect(audioFileName('', 5)).toBe('audio-5.webm');
  });

  it('shows the elapsed time as mm:ss', () => {
    expect(formatElapsed(0)).toBe('00:00');
    expect(formatElapsed(2.7)).toBe('00:02');
    expect(formatElapsed(125)).toBe('02:05');
  });
});
