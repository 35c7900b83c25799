import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import {
  VoiceClient,
  VoiceClientError,
  type ClientMessage,
  type ServerMessage,
  type SessionConfigPatch,
} from '@hikma/voice-client';
import { startCapture, type Capture, type CaptureFrame } from './capture.ts';
import { initialState, type ConsoleState } from './console-model.ts';
import { reduce } from './console-state.ts';
import { Playback } from './playback.ts';

interface Live {
  context: AudioContext;
  client: VoiceClient;
  playback: Playback;
  capture: Capture | null;
}

export interface VoiceConsole {
  state: ConsoleState;
  connect(apiKey: string): Promise<void>;
  disconnect(): void;
  setMuted(muted: boolean): void;
  /** Push-to-talk: audio is sent only while held when turn detection is `none`. */
  setTalking(talking: boolean): void;
  cancelResponse(): void;
  sendText(text: string): void;
  sendToolResult(callId: string, output: string): void;
  updateSession(patch: SessionConfigPatch): void;
  /** Receives the microphone level (0..1) of every frame, outside React rendering. */
  onLevel(listener: ((level: number) => void) | null): void;
}

// Sent-frame counts reach the page in batches; 50 renders a second would be wasted work.
const SENT_BATCH = 10;

/** The console's connection: session, socket, microphone and playback, and the state they feed. */
export function useVoiceConsole(): VoiceConsole {
  const [state, dispatch] = useReducer(reduce, initialState);
  const live = useRef<Live | null>(null);
  const muted = useRef(false);
  const talking = useRef(false);
  const pushToTalk = useRef(false);
  const unsent = useRef(0);
  const levelListener = useRef<((level: number) => void) | null>(null);

  const teardown = useCallback(() => {
    const current = live.current;
    live.current = null;
    if (!current) return;
    current.capture?.stop();
    current.playback.dropAll();
    current.client.close();
    void current.context.close().catch(() => {});
  }, []);

  useEffect(() => teardown, [teardown]);

  const onServer = useCallback((message: ServerMessage, playback: Playback) => {
    switch (message.type) {
      case 'session.created':
      case 'session.updated':
        pushToTalk.current = message.session.turn_detection.type === 'none';
        break;
      case 'barge_in.detected':
        playback.drop(message.stream_id);
        break;
      case 'response.done':
        if (message.status === 'cancelled') playback.drop(message.stream_id);
        break;
    }
    dispatch({ type: 'server', message });
  }, []);

  const onFrame = useCallback((frame: CaptureFrame) => {
    levelListener.current?.(frame.level);
    const client = live.current?.client;
    if (!client || muted.current || (pushToTalk.current && !talking.current)) return;
    if (client.sendAudio(frame.pcm) && ++unsent.current >= SENT_BATCH) {
      dispatch({ type: 'sent-audio', frames: unsent.current });
      unsent.current = 0;
    }
  }, []);

  const connect = useCallback(
    async (apiKey: string) => {
      teardown();
      muted.current = false;
      talking.current = false;
      dispatch({ type: 'connecting' });
      // Created inside the click that called us, so the browser lets it play sound.
      const context = new AudioContext({ latencyHint: 'interactive' });
      void context.resume();
      const playback = new Playback(context, 100);
      // Same origin: served by the service, or proxied by the dev server. The client resumes
      // a dropped connection with the session's resume token by itself.
      const client = new VoiceClient({ url: '', apiKey });
      const current: Live = { context, client, playback, capture: null };
      live.current = current;
      client.on('open', () => {
        if (live.current === current) dispatch({ type: 'connected' });
      });
      client.on('message', (message) => onServer(message, playback));
      client.on('audio', ({ streamId, pcm }) =>
        dispatch({ type: 'audio', played: playback.enqueue(streamId, pcm) }),
      );
      client.on('reconnecting', () => {
        playback.dropAll();
        dispatch({ type: 'reconnecting' });
      });
      // The session is over: closed by us, by the service, or not resumed after a drop.
      client.on('close', ({ code, reason }) => {
        if (live.current === current) teardown();
        dispatch({ type: 'closed', code, reason });
      });
      try {
        await client.connect();
      } catch (err) {
        // A newer connect() took over: the page shows its state now.
        if (live.current !== current && live.current !== null) return;
        if (live.current === current) teardown();
        const e =
          err instanceof VoiceClientError ? err : new VoiceClientError('client_error', String(err));
        if (e.code !== 'aborted')
          dispatch({ type: 'client-error', code: e.code, message: e.message });
        // A refused token reads as the close code the service closed with.
        if (e.code === 'token_rejected') dispatch({ type: 'closed', code: 4401, reason: '' });
        else dispatch({ type: 'closed', code: 0, reason: e.message });
        return;
      }
      try {
        const capture = await startCapture(context, onFrame);
        if (live.current === current) current.capture = capture;
        else capture.stop();
      } catch (err) {
        // The session stays useful without a microphone: typed messages still get spoken replies.
        dispatch({
          type: 'client-error',
          code: 'microphone_unavailable',
          message: `${(err as Error).name}: ${(err as Error).message}`,
        });
      }
    },
    [onFrame, onServer, teardown],
  );

  const send = useCallback((message: ClientMessage) => {
    live.current?.client.send(message);
  }, []);

  const actions = useMemo<Omit<VoiceConsole, 'state'>>(
    () => ({
      connect,
      disconnect: teardown,
      setMuted: (value) => {
        muted.current = value;
      },
      setTalking: (value) => {
        const wasTalking = talking.current;
        talking.current = value;
        if (wasTalking && !value) {
          send({ type: 'input_audio.commit' });
          dispatch({ type: 'committed' });
        }
      },
      cancelResponse: () => send({ type: 'response.cancel' }),
      sendText: (text) => {
        send({ type: 'conversation.item.create', item: { role: 'user', content: text } });
        dispatch({ type: 'typed', text });
      },
      sendToolResult: (callId, output) => {
        send({ type: 'tool.result', call_id: callId, output });
        dispatch({ type: 'tool-answered', callId });
      },
      updateSession: (patch) => send({ type: 'session.update', session: patch }),
      onLevel: (listener) => {
        levelListener.current = listener;
      },
    }),
    [connect, send, teardown],
  );
  return { state, ...actions };
}
