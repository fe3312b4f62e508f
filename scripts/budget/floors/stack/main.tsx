/**
 * The stack floor: react + react-dom + xstate + @xstate/react, and the browser's own Navigation API
 * for the URL (what the framework uses where it exists; react-router's history is loaded only
 * where it does not), in a minimal app: a two-state machine whose state follows the URL.
 */
import { useSelector } from '@xstate/react';
import { createRoot } from 'react-dom/client';
import { createActor, setup } from 'xstate';

const machine = setup({}).createMachine({
  initial: 'home',
  states: {
    home: { on: { 'nav.other': 'other' } },
    other: { on: { 'nav.home': 'home' } },
  },
});
const actor = createActor(machine).start();
const follow = (pathname: string) => actor.send({ type: pathname === '/other' ? 'nav.other' : 'nav.home' });
// The floor's only browser: Chromium, which has the Navigation API.
const navigation = (window as unknown as { navigation: EventTarget & { navigate(url: string): void } }).navigation;
navigation.addEventListener('navigate', (event) => {
  const { destination, intercept } = event as unknown as { destination: { url: string }; intercept(): void };
  intercept.call(event);
  follow(new URL(destination.url).pathname);
});
follow(location.pathname);

function App() {
  const screen = useSelector(actor, (snapshot) => String(snapshot.value));
  return (
    <main>
      <h1>{screen}</h1>
      <a href={screen === 'home' ? '/other' : '/'}>Switch</a>
    </main>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<App />);
