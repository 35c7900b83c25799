import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { startCapture, type Capture, type CaptureFrame } from './capture.ts';
import { initialState, reduce, type ConsoleState } from './console-state.ts';
import { Playback } from './playback.ts';
import type { ServerMessage, SessionConfigPatch } from './protocol.ts';
import { ConsoleError, createSession, VoiceSocket } from './voice-socket.ts';

interface Live {
  context: AudioContext;
  socket: VoiceSocket | null;
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
// Waits before each attempt to resume a dropped session: about 45 s in all, inside the
// service's 60 s resume window.
const RESUME_DELAYS_MS = [250, 500, 1000, 2000, 4000, 6000, 8000, 8000, 8000, 8000];
/** Close code of a connection that dropped without a close frame: the session may resume. */
const CONNECTION_LOST = 1006;

/** The console's connection: session, socket, microphone and playback, and the state they feed. */
export function useVoiceConsole(): VoiceConsole {
  const [state, dispatch] = useReducer(reduce, initialState);
  const live = useRef<Live | null>(null);
  const muted = useRef(false);
  const talking = useRef(false);
  const pushToTalk = useRef(false);
  const unsent = useRef(0);
  /** The single-use token of the last `session.created`, to resume after a drop. */
  const resumeToken = useRef<string | null>(null);
  const levelListener = useRef<((level: number) => void) | null>(null);

  const teardown = useCallback(() => {
    const current = live.current;
    live.current = null;
    if (!current) return;
    current.capture?.stop();
    current.playback.dropAll();
    current.socket?.close();
    void current.context.close().catch(() => {});
  }, []);

  useEffect(() => teardown, [teardown]);

  const onServer = useCallback((message: ServerMessage, playback: Playback) => {
    switch (message.type) {
      case 'session.created':
        resumeToken.current = message.resume_token ?? null;
        pushToTalk.current = message.session.turn_detection.type === 'none';
        break;
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
    const socket = live.current?.socket;
    if (!socket || muted.current || (pushToTalk.current && !talking.current)) return;
    if (socket.sendAudio(frame.pcm) && ++unsent.current >= SENT_BATCH) {
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
      const current: Live = { context, socket: null, playback, capture: null };
      live.current = current;
      resumeToken.current = null;
      try {
        const handle = await createSession(apiKey);
        const open = (token?: string) =>
          VoiceSocket.open(
            handle,
            {
              onMessage: (message) => onServer(message, playback),
              onAudio: (streamId, pcm) =>
                dispatch({ type: 'audio', played: playback.enqueue(streamId, pcm) }),
              onClose,
            },
            token,
          );
        // A dropped connection resumes the session with its resume token; any other close
        // (ours, the server's, a refused resume) ends it.
        const onClose = (code: number, reason: string) => {
          if (live.current !== current) {
            dispatch({ type: 'closed', code, reason }); // closed by us
            return;
          }
          if (code === CONNECTION_LOST && resumeToken.current) void resume();
          else {
            teardown();
            dispatch({ type: 'closed', code, reason });
          }
        };
        const resume = async () => {
          current.socket = null;
          playback.dropAll();
          dispatch({ type: 'reconnecting' });
          for (const delay of RESUME_DELAYS_MS) {
            await new Promise((r) => setTimeout(r, delay));
            const token = resumeToken.current;
            if (live.current !== current || !token) return;
            try {
              const socket = await open(token);
              if (live.current !== current) return socket.close();
              current.socket = socket;
              dispatch({ type: 'connected' });
              return;
            } catch {
              // Not reachable yet: try again after the next delay.
            }
          }
          if (live.current !== current) return;
          teardown();
          dispatch({
            type: 'closed',
            code: CONNECTION_LOST,
            reason: 'the session could not be resumed',
          });
        };
        current.socket = await open();
        if (live.current !== current) {
          current.socket.close();
          return;
        }
        dispatch({ type: 'connected' });
      } catch (err) {
        if (live.current === current) teardown();
        const e = err instanceof ConsoleError ? err : new ConsoleError('client_error', String(err));
        dispatch({ type: 'client-error', code: e.code, message: e.message });
        dispatch({ type: 'closed', code: 0, reason: e.message });
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

  const send = useCallback((message: Parameters<VoiceSocket['send']>[0]) => {
    live.current?.socket?.send(message);
  }, []);

  const actions = useMemo<Omit<VoiceConsole, 'state'>>(
    () => ({
      connect,
      disconnect: () => {
        const current = live.current;
        teardown();
        // Between two sockets of a resume there is no socket whose close would say so.
        if (current && !current.socket) dispatch({ type: 'closed', code: 1000, reason: '' });
      },
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
