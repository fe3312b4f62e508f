/**
 * The page of bench/inspector.bench.ts, served by Vite's dev server (the overlay exists in
 * development only): a big generated machine's actor, and `window.__bench.open()` mounting the
 * overlay on it as devTools does. Every key pressed is echoed by a handler that records how long it
 * waited (its event's timeStamp to the handler, then to the next frame).
 */
import { createActor, type AnyStateMachine } from 'xstate';
import { generatedMachine } from '../examples/generated/generated';
import { nestedMachine } from '../examples/generated/inspectorMachines';
import { createEventLog, mountInspector } from '@statechart/devtools';

const params = new URLSearchParams(location.search);
const shape = params.get('machine') ?? 'generated';
const size = Number(params.get('size') ?? 500);
const machine: AnyStateMachine = shape === 'nested' ? nestedMachine(size, 4, 5) : generatedMachine(size);
const log = createEventLog();
const actor = createActor(machine, { inspect: log.inspect }).start();

const keys: { wait: number; painted: number }[] = [];
const input = document.getElementById('typing') as HTMLInputElement;
const echo = document.getElementById('echo') as HTMLElement;
// On the document: the overlay takes the focus when it opens (its Close button), and keys still count.
document.addEventListener('keydown', (event) => {
  const handled = performance.now();
  requestAnimationFrame(() => {
    echo.textContent = input.value;
    keys.push({ wait: handled - event.timeStamp, painted: performance.now() - event.timeStamp });
  });
});

// Frames: the longest gap between two animation frames while the overlay opens and lays out.
let last = performance.now();
let longestFrameGap = 0;
const frame = () => {
  const now = performance.now();
  longestFrameGap = Math.max(longestFrameGap, now - last);
  last = now;
  requestAnimationFrame(frame);
};
requestAnimationFrame(frame);

const longTasks: { start: number; duration: number }[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
}).observe({ type: 'longtask', buffered: true });

Object.assign(window, {
  __bench: {
    states: machine.root ? countStates(machine) : 0,
    open() {
      longestFrameGap = 0;
      last = performance.now();
      longTasks.length = 0;
      keys.length = 0;
      const openedAt = performance.now();
      mountInspector({ actor, machine, log, onClose: () => {} });
      return openedAt;
    },
    result: () => ({ longestFrameGap, longTasks: [...longTasks], keys: [...keys], now: performance.now() }),
  },
});

function countStates(m: AnyStateMachine): number {
  let count = 0;
  const visit = (node: { states: Record<string, unknown> }) => {
    count++;
    Object.values(node.states).forEach((child) => visit(child as { states: Record<string, unknown> }));
  };
  visit(m.root as unknown as { states: Record<string, unknown> });
  return count;
}
