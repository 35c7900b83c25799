import { ConnectForm } from './components/connect-form.tsx';
import { Conversation } from './components/conversation.tsx';
import { ErrorsPanel } from './components/errors-panel.tsx';
import { EventLog } from './components/event-log.tsx';
import { SessionPanel } from './components/session-panel.tsx';
import { StatusBar } from './components/status-bar.tsx';
import { ToolCalls } from './components/tool-calls.tsx';
import { TurnTaking } from './components/turn-taking.tsx';
import { useVoiceConsole } from './lib/use-voice-console.ts';

/** The voice console: one page, one session at a time. */
export function App() {
  const voice = useVoiceConsole();
  const { state } = voice;
  const connected = state.connection === 'open';
  return (
    <div className="page">
      <header className="masthead">
        <h1>Voice console</h1>
        <ConnectForm
          connection={state.connection}
          sessionId={state.sessionId}
          closeInfo={state.closeInfo}
          onConnect={(key) => void voice.connect(key)}
          onDisconnect={voice.disconnect}
        />
      </header>
      <main className="layout">
        <section className="column conversation-column" aria-label="Conversation">
          <StatusBar voice={voice} />
          <TurnTaking state={state} />
          <Conversation
            turns={state.turns}
            partial={state.partial}
            connected={connected}
            onSendText={voice.sendText}
          />
        </section>
        <aside className="column side-column">
          <ToolCalls calls={state.toolCalls} onSend={voice.sendToolResult} enabled={connected} />
          <ErrorsPanel errors={state.errors} />
          <SessionPanel
            session={state.session}
            sessionId={state.sessionId}
            updates={state.updates}
            enabled={connected}
            onApply={voice.updateSession}
          />
          <EventLog events={state.events} />
        </aside>
      </main>
    </div>
  );
}
