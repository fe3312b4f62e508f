/**
 * The stack floor: react + react-dom + xstate + @xstate/react + react-router-dom's browser history
 * alone, in a minimal app: a two-state machine whose state follows the URL.
 */
import { useSelector } from '@xstate/react';
import { createRoot } from 'react-dom/client';
import { UNSAFE_createBrowserHistory } from 'react-router-dom';
import { createActor, setup } from 'xstate';

const machine = setup({}).createMachine({
  initial: 'home',
  states: {
    home: { on: { 'nav.other': 'other' } },
    other: { on: { 'nav.home': 'home' } },
  },
});
const actor = createActor(machine).start();
const history = UNSAFE_createBrowserHistory();
const follow = (pathname: string) => actor.send({ type: pathname === '/other' ? 'nav.other' : 'nav.home' });
history.listen(({ location }) => follow(location.pathname));
follow(history.location.pathname);

function App() {
  const screen = useSelector(actor, (snapshot) => String(snapshot.value));
  return (
    <main>
      <h1>{screen}</h1>
      <a
        href="/other"
        onClick={(event) => {
          event.preventDefault();
          history.push(screen === 'home' ? '/other' : '/');
        }}
      >
        Switch
      </a>
    </main>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<App />);
