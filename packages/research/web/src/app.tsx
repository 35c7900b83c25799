import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { api, errorText, urls } from './api.ts';
import { carryOut, correct, type ActionContext, type Outcome } from './actions.ts';
import { runReducer } from './run-state.ts';
import { useRunStream, type Connection } from './run-stream.ts';
import { hasProfile, loadSession, saveSession } from './session.ts';
import type {
  Artefacts,
  ChatMessage,
  IntentSession,
  Memory,
  RunEvent,
  RunSnapshot,
  RunUsage,
  Skill,
  UserProfile,
} from './types.ts';
import {
  ACTION_WORDS,
  normalizeSlot,
  withSlot,
  type IntentAction,
  type SlotKey,
  type Understanding,
} from './understanding.ts';
import { ChatForm, ChatLog } from './components/chat.tsx';
import type { ChipHandlers } from './components/understood-chips.tsx';
import { FeedbackBox } from './components/feedback-box.tsx';
import { StageProgress } from './components/stage-progress.tsx';
import { RunLog } from './components/run-log.tsx';
import { Tabs, type TabSpec } from './components/tabs.tsx';
import {
  AnalysisView,
  BlueprintView,
  CodeView,
  HypothesisView,
  LibraryView,
  NotYet,
  PaperView,
  ReviewView,
} from './components/artefact-views.tsx';

type Panel = 'hypothesis' | 'blueprint' | 'code' | 'analysis' | 'paper' | 'review' | 'library';
type NewMessage = Omit<ChatMessage, 'id'> & { id?: string };

const WELCOME: ChatMessage = {
  id: 'welcome',
  role: 'assistant',
  text: "Hi! I turn a research topic into a reviewed paper. Tell me who you are (“I'm alice”), what you work on (“my domain is ecology”), then “start a run on …”. Say “help” any time.",
};

const CONNECTION_TEXT: Record<Connection, string> = {
  idle: '',
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  ended: 'Stream ended',
};

/** The research chat app: the chat on one side, the followed run and its artefacts on the other. */
export function App() {
  const [messages, setMessages] = useState<ChatMessage[]>([WELCOME]);
  const [busy, setBusy] = useState(false);
  const [user, setUser] = useState<UserProfile | null>(null);
  const [run, dispatch] = useReducer(runReducer, null);
  const [artefacts, setArtefacts] = useState<Artefacts>({});
  const [usage, setUsage] = useState<RunUsage | null>(null);
  const [skills, setSkills] = useState<Skill[]>([]);
  const [memories, setMemories] = useState<Memory[]>([]);
  const [panel, setPanel] = useState<Panel>('hypothesis');
  // The panel follows the newest artefact until the user picks a tab.
  const followNewest = useRef(true);
  const inputRef = useRef<HTMLInputElement>(null);
  const counter = useRef(0);

  const add = useCallback((message: NewMessage) => {
    const id = message.id ?? `m${++counter.current}`;
    setMessages((all) => (all.some((m) => m.id === id) ? all : [...all, { ...message, id }]));
  }, []);

  const follow = useCallback((snapshot: RunSnapshot) => {
    dispatch({ type: 'follow', snapshot });
    setArtefacts({});
    setUsage(null);
    followNewest.current = true;
  }, []);

  const onEvent = useCallback(
    (event: RunEvent) => {
      dispatch({ type: 'event', event });
      if (event.type === 'narration') {
        add({ id: `n-${event.run_id}-${event.seq}`, role: 'narration', text: event.data.text });
      } else if (event.type === 'paper_ready') {
        const links = [{ href: urls.tex(event.run_id), label: 'LaTeX source (.tex)' }];
        if (event.data.compiled)
          links.unshift({ href: urls.pdf(event.run_id), label: 'Paper (PDF)' });
        add({
          id: `p-${event.run_id}-${event.seq}`,
          role: 'assistant',
          text: 'The paper is ready:',
          links,
        });
      }
    },
    [add],
  );
  const connection = useRunStream(run?.runId ?? null, onEvent);
  const runId = run?.runId ?? null;
  const userId = user?.user_id ?? null;

  // Restore the session of the last visit once.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const saved = loadSession();
    if (!saved) return;
    void (async () => {
      try {
        const profile = await api.getUser(saved.userId);
        setUser(profile);
        add({ role: 'assistant', text: `Welcome back, ${profile.user_id}.` });
        if (saved.runId) follow(await api.getRun(saved.runId));
      } catch {
        saveSession(null); // the service was reset: start over
      }
    })();
  }, [add, follow]);

  useEffect(() => {
    saveSession(userId ? { userId, runId } : null);
  }, [userId, runId]);

  // Artefacts and usage, refetched (debounced: a replay bumps the version many times).
  const version = run?.artefactsVersion ?? 0;
  useEffect(() => {
    if (!runId) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      void Promise.all([api.artefacts(runId), api.usage(runId).catch(() => null)])
        .then(([a, u]) => {
          if (cancelled) return;
          setArtefacts(a);
          setUsage(u);
        })
        .catch(() => undefined); // the next event retries
    }, 150);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [runId, version]);

  // The skill bank and memories grow after writing: refetch with the artefacts.
  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      void Promise.all([api.skills(userId), api.memories(userId)])
        .then(([s, m]) => {
          if (cancelled) return;
          setSkills(s);
          setMemories(m);
        })
        .catch(() => undefined);
    }, 200);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [userId, version]);

  useEffect(() => {
    if (!followNewest.current) return;
    const newest: Panel | null = artefacts.review
      ? 'review'
      : artefacts.compiled_paper
        ? 'paper'
        : artefacts.analysis
          ? 'analysis'
          : artefacts.project
            ? 'code'
            : artefacts.blueprint
              ? 'blueprint'
              : artefacts.ideation
                ? 'hypothesis'
                : null;
    // A finished run shows its paper rather than the review.
    const pick = newest === 'review' && run?.status === 'completed' ? 'paper' : newest;
    if (pick) setPanel(pick);
  }, [artefacts, run?.status]);

  const apply = (outcome: Outcome) => {
    for (const reply of outcome.replies) add(reply);
    if (outcome.user) {
      if (outcome.user.user_id !== userId) {
        setSkills([]);
        setMemories([]);
      }
      setUser(outcome.user);
    }
    if (outcome.clearRun) dispatch({ type: 'clear' });
    if (outcome.run && outcome.run.run_id !== runId) follow(outcome.run);
    if (outcome.skills) setSkills(outcome.skills);
    if (outcome.memories) setMemories(outcome.memories);
    if (outcome.panel) {
      followNewest.current = false;
      setPanel(outcome.panel);
    }
  };

  const session: IntentSession = {
    user_id: userId ?? '',
    run_id: runId,
    run_status: run?.status ?? null,
    has_profile: hasProfile(user),
  };
  const context = (text: string): ActionContext => ({
    user,
    run: run && { runId: run.runId, status: run.status },
    text,
  });

  const changeUnderstanding = (messageId: string, change: (u: Understanding) => Understanding) =>
    setMessages((all) =>
      all.map((m) =>
        m.id === messageId && m.understood ? { ...m, understood: change(m.understood) } : m,
      ),
    );

  /**
   * Routes a message, carries out the intent, and shows the reply with what was
   * understood. `action` is the user's pick; `before` the reading it replaces.
   */
  const understand = async (text: string, action?: IntentAction, before?: Understanding) => {
    const response = await api.intent(text, session, action);
    const { intent } = response;
    const outcome = await carryOut(intent, context(text));
    // The other readings stay on offer: the router's guesses, and the one replaced.
    const others = [
      ...(intent.clarify ?? []),
      ...(before
        ? [...(before.intent.clarify ?? []), ...before.alternatives, before.intent.action]
        : []),
    ];
    const understood: Understanding = {
      text,
      session,
      source: response.source,
      confidence: response.confidence,
      intent,
      picked: action !== undefined,
      alternatives: others.filter((a, i) => a !== intent.action && others.indexOf(a) === i),
      carriedOut: outcome.ok,
      userId: outcome.user?.user_id ?? userId,
      runId: intent.action === 'start_run' ? (outcome.run?.run_id ?? null) : null,
      corrected: [],
    };
    const [first, ...rest] = outcome.replies;
    apply({ ...outcome, replies: first ? [{ ...first, understood }, ...rest] : rest });
  };

  /** Runs one chat step with the busy indicator; errors become a chat message. */
  const step = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      add({ role: 'error', text: errorText(err) });
    } finally {
      setBusy(false);
      inputRef.current?.focus();
    }
  };

  const send = (text: string) => {
    add({ role: 'user', text });
    void step(() => understand(text));
  };

  const chips: ChipHandlers = {
    busy,
    session,
    onPick: (messageId, action) => {
      const u = messages.find((m) => m.id === messageId)?.understood;
      if (!u || busy) return;
      // A clarifying question is answered; any other reading is replaced by the new one.
      changeUnderstanding(messageId, (old) =>
        old.intent.missing === 'action' ? { ...old, chosen: action } : { ...old, superseded: true },
      );
      add({ role: 'user', text: `I meant: ${ACTION_WORDS[action].toLowerCase()}` });
      void step(async () => {
        try {
          await understand(u.text, action, u);
        } catch (err) {
          // Nothing was done: the options stay on offer.
          changeUnderstanding(messageId, () => u);
          throw err;
        }
      });
    },
    onCorrect: (messageId, key: SlotKey, raw) => {
      const u = messages.find((m) => m.id === messageId)?.understood;
      if (!u || busy) return;
      void step(async () => {
        const outcome = await correct(u, key, raw, context(u.text));
        if (outcome.ok) {
          const value = normalizeSlot(key, raw);
          changeUnderstanding(messageId, (old) => ({
            ...old,
            intent: withSlot(old.intent, key, value),
            corrected: old.corrected.includes(key) ? old.corrected : [...old.corrected, key],
            userId: key === 'user_id' ? (outcome.user?.user_id ?? old.userId) : old.userId,
            runId: key === 'topic' ? (outcome.run?.run_id ?? old.runId) : old.runId,
          }));
        }
        apply(outcome);
      });
    },
  };

  const sendFeedback = async (text: string): Promise<boolean> => {
    if (!runId) return false;
    add({ role: 'user', text: text === 'continue' ? 'Continue as is.' : text });
    try {
      // The stream reports the resumed run; its narration acknowledges the feedback.
      await api.feedback(runId, text);
      return true;
    } catch (err) {
      add({ role: 'error', text: errorText(err) });
      return false;
    } finally {
      inputRef.current?.focus();
    }
  };

  const tabs: TabSpec<Panel>[] = [
    { id: 'hypothesis', label: 'Hypothesis', ready: !!artefacts.ideation },
    { id: 'blueprint', label: 'Plan', ready: !!artefacts.blueprint },
    { id: 'code', label: 'Code', ready: !!artefacts.project },
    { id: 'analysis', label: 'Analysis', ready: !!artefacts.analysis },
    { id: 'paper', label: 'Paper', ready: !!artefacts.compiled_paper },
    { id: 'review', label: 'Review', ready: !!artefacts.review },
    { id: 'library', label: 'Skills & memories', ready: skills.length + memories.length > 0 },
  ];
  const selectPanel = (id: Panel) => {
    followNewest.current = false;
    setPanel(id);
  };

  const suggestions = !userId
    ? ['help', 'list users']
    : run?.status === 'awaiting_feedback'
      ? ['continue', 'status']
      : run?.status === 'running' || run?.status === 'pending'
        ? ['status']
        : run
          ? ['show my skills', 'show my memories']
          : [];

  const totalTokens = usage ? usage.total.prompt_tokens + usage.total.completion_tokens : 0;

  return (
    <>
      <a className="skip-link" href="#chat-input">
        Skip to the message box
      </a>
      <header className="topbar">
        <h1>
          <span className="logo" aria-hidden="true">
            H
          </span>
          Hikma Research
        </h1>
        <p className="user-chip" data-testid="user-chip">
          {user ? (
            <>
              <span className="visually-hidden">Signed in as </span>
              <strong>{user.user_id}</strong>
              <span className="muted"> · {user.domain}</span>
            </>
          ) : (
            <span className="muted">Not signed in</span>
          )}
        </p>
      </header>

      <main className="layout">
        <section className="chat-pane" aria-label="Chat">
          <ChatLog messages={messages} busy={busy} chips={chips} />
          {run?.status === 'awaiting_feedback' && run.awaitingStage && (
            <FeedbackBox
              key={run.awaitingStage}
              stage={run.awaitingStage}
              onSubmit={sendFeedback}
            />
          )}
          <ChatForm onSend={send} busy={busy} inputRef={inputRef} suggestions={suggestions} />
        </section>

        <section className="run-pane" aria-labelledby="run-title">
          <div className="run-head">
            <h2 id="run-title">{run ? run.topic || 'Research run' : 'No run yet'}</h2>
            {run && (
              <p className="run-meta">
                <code>{run.runId}</code>
                {connection !== 'idle' && (
                  <span
                    role="status"
                    className={`conn conn-${connection}`}
                    data-connection={connection}
                  >
                    {CONNECTION_TEXT[connection]}
                  </span>
                )}
                {totalTokens > 0 && (
                  <span className="muted">
                    {totalTokens.toLocaleString()} tokens
                    {usage?.budget ? ` of ${usage.budget.toLocaleString()}` : ''}
                  </span>
                )}
              </p>
            )}
          </div>
          {run ? (
            <>
              <StageProgress
                status={run.status}
                currentStage={run.currentStage}
                completed={run.completed}
              />
              {run.error && <p className="error-text">{run.error}</p>}
            </>
          ) : (
            <NotYet what="Start a run from the chat and follow it here: every stage, its artefacts and the paper." />
          )}

          <Tabs label="Run artefacts" tabs={tabs} selected={panel} onSelect={selectPanel}>
            {panel === 'hypothesis' &&
              (artefacts.ideation ? (
                <HypothesisView ideation={artefacts.ideation} />
              ) : (
                <NotYet what="The hypothesis appears after the ideation stage." />
              ))}
            {panel === 'blueprint' &&
              (artefacts.blueprint ? (
                <BlueprintView blueprint={artefacts.blueprint} />
              ) : (
                <NotYet what="The experiment plan appears after the planning stage." />
              ))}
            {panel === 'code' && (
              <CodeView project={artefacts.project} execution={artefacts.execution} />
            )}
            {panel === 'analysis' &&
              (artefacts.analysis ? (
                <AnalysisView analysis={artefacts.analysis} />
              ) : (
                <NotYet what="The analysis appears after the experiment has run." />
              ))}
            {panel === 'paper' &&
              (runId ? (
                <PaperView
                  runId={runId}
                  compiled={artefacts.compiled_paper}
                  draft={artefacts.paper_draft}
                />
              ) : (
                <NotYet what="The paper appears after the writing stage." />
              ))}
            {panel === 'review' &&
              (artefacts.review ? (
                <ReviewView review={artefacts.review} />
              ) : (
                <NotYet what="The reviews appear after the review stage." />
              ))}
            {panel === 'library' && (
              <LibraryView userId={userId} skills={skills} memories={memories} />
            )}
          </Tabs>

          {run && <RunLog entries={run.log} />}
        </section>
      </main>
    </>
  );
}
