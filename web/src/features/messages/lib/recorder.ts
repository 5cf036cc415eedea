/** Section 4 "Recording": the audio control is in exactly one of these. */
export type RecorderState = 'idle' | 'recording' | 'sending';
export type RecorderEvent = 'start' | 'cancel' | 'send' | 'done';

const transitions: Record<RecorderState, Partial<Record<RecorderEvent, RecorderState>>> = {
  idle: { start: 'recording' },
  recording: { cancel: 'idle', send: 'sending' },
  // 'done' covers sent, discarded and failed alike: each ends back at idle.
  sending: { done: 'idle' },
};

/** An event that does not apply (a second click on send, cancel while sending) leaves the state alone. */
export function nextRecorderState(state: RecorderState, event: RecorderEvent): RecorderState {
  return transitions[state][event] ?? state;
}

/** Sections 4 and 5: a recording under 10000 bytes (a misclick, mostly silence) is dropped silently. */
export const MIN_AUDIO_BYTES = 10_000;
export const isRecordingKept = (bytes: number) => bytes >= MIN_AUDIO_BYTES;

/**
 * Browsers record Opus in WebM (Chromium, Firefox) or Ogg, not the MP3 of section 9, and the file is
 * sent as recorded; WhatsApp plays Opus. '' lets the browser pick its own default.
 */
const PREFERRED_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/ogg'];
export function pickAudioType(isSupported: (type: string) => boolean): string {
  return PREFERRED_TYPES.find(isSupported) ?? '';
}

/** `audio-<timestamp>.<ext>`: the stored file keeps a generated name with a timestamp (section 5). */
export function audioFileName(mimeType: string, now: number): string {
  return `audio-${now}.${mimeType.startsWith('audio/ogg') ? 'ogg' : 'webm'}`;
}

/** The timer beside the recording: mm:ss. */
export function formatElapsed(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
