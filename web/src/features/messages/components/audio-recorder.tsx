import { Button, Spinner } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n.ts';
import { toastError } from '../../../lib/toaster.ts';
import { type ActiveRecording, startRecording } from '../lib/media-recorder.ts';
import {
  audioFileName,
  formatElapsed,
  isRecordingKept,
  nextRecorderState,
  type RecorderEvent,
  type RecorderState,
} from '../lib/recorder.ts';
import './composer.css';

interface Props {
  disabled?: boolean;
  /** Resolves once the audio was handed to the server (or failed, already reported). */
  onSend: (audio: Blob, fileName: string) => Promise<unknown>;
  /** The box is disabled while recording or sending (section 2). */
  onStateChange?: (state: RecorderState) => void;
}

/** The microphone: idle → recording (cancel, timer, send) → sending → idle. */
export function AudioRecorder({ disabled, onSend, onStateChange }: Props) {
  const t = useT();
  const [state, setState] = useState<RecorderState>('idle');
  const [elapsed, setElapsed] = useState(0);
  const recording = useRef<ActiveRecording | null>(null);
  const stateRef = useRef(state);

  const fire = (event: RecorderEvent) => {
    stateRef.current = nextRecorderState(stateRef.current, event);
    setState(stateRef.current);
    onStateChange?.(stateRef.current);
  };

  const alive = useRef(true);
  // Leaving the ticket mid-recording must free the microphone. (Set on mount too: StrictMode remounts.)
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      recording.current?.cancel();
    };
  }, []);

  useEffect(() => {
    if (state !== 'recording') return;
    const started = Date.now();
    setElapsed(0);
    const timer = setInterval(() => setElapsed((Date.now() - started) / 1000), 250);
    return () => clearInterval(timer);
  }, [state]);

  const start = async () => {
    if (stateRef.current !== 'idle') return;
    try {
      const active = await startRecording();
      // The permission prompt can outlive the ticket view.
      if (!alive.current) return active.cancel();
      recording.current = active;
      fire('start');
    } catch (err) {
      toastError(err); // microphone refused or missing
    }
  };

  const cancel = () => {
    recording.current?.cancel();
    recording.current = null;
    fire('cancel');
  };

  const send = async () => {
    const active = recording.current;
    if (stateRef.current !== 'recording' || !active) return;
    recording.current = null;
    fire('send');
    try {
      const audio = await active.stop();
      if (isRecordingKept(audio.size)) await onSend(audio, audioFileName(audio.type, Date.now()));
    } catch (err) {
      toastError(err);
    } finally {
      fire('done');
    }
  };

  if (state === 'idle') {
    return (
      <Button
        variant="minimal"
        icon="microphone"
        size="large"
        disabled={disabled}
        aria-label={t('composer.record')}
        onClick={() => void start()}
        data-testid="audio-record"
      />
    );
  }
  return (
    <div className="composer-recorder" data-testid="audio-recorder" data-state={state}>
      <Button
        variant="minimal"
        intent="danger"
        icon="cross"
        size="large"
        disabled={state !== 'recording'}
        aria-label={t('composer.cancelRecording')}
        onClick={cancel}
        data-testid="audio-cancel"
      />
      {state === 'sending' ? (
        <Spinner size={20} aria-label={t('composer.sendingAudio')} />
      ) : (
        <span className="composer-timer" data-testid="audio-timer">
          {formatElapsed(elapsed)}
        </span>
      )}
      <Button
        variant="minimal"
        intent="success"
        icon="tick"
        size="large"
        disabled={state !== 'recording'}
        aria-label={t('composer.sendAudio')}
        onClick={() => void send()}
        data-testid="audio-send"
      />
    </div>
  );
}
