/** The React floor: react + react-dom alone, rendering one screen. */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

function App() {
  const [count, setCount] = useState(0);
  return (
    <main>
      <h1>Floor</h1>
      <button type="button" onClick={() => setCount(count + 1)}>
        {count}
      </button>
    </main>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<App />);
