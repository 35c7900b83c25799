import { useEffect, useRef, useState } from 'react';
import { PHASE_LABEL } from '../lib/console-model.ts';
import type { VoiceConsole } from '../lib/use-voice-console.ts';

/** State indicator, microphone level, audio counters and the conversation controls. */
export function StatusBar({ voice }: { voice: VoiceConsole }) {
  const { state } = voice;
  const meter = useRef<HTMLSpanElement>(null);
  const [muted, setMuted] = useState(false);
  const [talking, setTalking] = useState(false);
  const connected = state.connection === 'open';
  const pushToTalk = state.session?.turn_detection.type === 'none';
  const responding = state.phase === 'thinking' || state.phase === 'speaking';

  const { onLevel } = voice;
  useEffect(() => {
    // 50 levels a second go straight to the meter, not through React.
    onLevel((level) => {
      const scale = Math.min(1, Math.sqrt(level) * 2.5);
      if (meter.current) meter.current.style.transform = `scaleX(${scale.toFixed(3)})`;
    });
    return () => onLevel(null);
  }, [onLevel]);

  useEffect(() => {
    if (!connected) {
      setMuted(false);
      setTalking(false);
    }
  }, [connected]);

  function toggleMute() {
    voice.setMuted(!muted);
    setMuted(!muted);
  }

  function talk(on: boolean) {
    if (on === talking) return;
    setTalking(on);
    voice.setTalking(on);
  }

  return (
    <div className="status">
      <div className="status-line">
        <span
          className={`state state-${state.phase}`}
          data-testid="state"
          data-state={state.phase}
          role="status"
          aria-live="polite"
        >
          <span className="dot" aria-hidden="true" />
          {PHASE_LABEL[state.phase]}
        </span>
        <span className={muted ? 'meter off' : 'meter'} title="microphone level" aria-hidden="true">
          <span ref={meter} className="meter-fill" />
        </span>
        <span className="counters">
          <span title="microphone frames sent (20 ms each)">
            sent <b data-testid="frames-sent">{state.framesSent}</b>
          </span>
          <span title="audio frames received from the service">
            received <b data-testid="frames-received">{state.framesReceived}</b>
          </span>
          {state.framesDropped > 0 && (
            <span title="frames of interrupted replies, not played">
              dropped <b data-testid="frames-dropped">{state.framesDropped}</b>
            </span>
          )}
        </span>
      </div>
      <div className="controls">
        <button type="button" onClick={toggleMute} disabled={!connected} aria-pressed={muted}>
          {muted ? 'Unmute mic' : 'Mute mic'}
        </button>
        {pushToTalk && (
          <button
            type="button"
            className={talking ? 'talk active' : 'talk'}
            disabled={!connected || muted}
            aria-pressed={talking}
            onPointerDown={(e) => {
              e.currentTarget.setPointerCapture(e.pointerId);
              talk(true);
            }}
            onPointerUp={() => talk(false)}
            onPointerCancel={() => talk(false)}
            onKeyDown={(e) => {
              if ((e.key === ' ' || e.key === 'Enter') && !e.repeat) {
                e.preventDefault();
                talk(true);
              }
            }}
            onKeyUp={(e) => {
              if (e.key === ' ' || e.key === 'Enter') talk(false);
            }}
          >
            {talking ? 'Release to send' : 'Hold to talk'}
          </button>
        )}
        <button type="button" onClick={voice.cancelResponse} disabled={!connected || !responding}>
          Stop reply
        </button>
      </div>
    </div>
  );
}
