import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { EventObject } from 'xstate';
import { Diagram, type StepMark } from './Diagram';
import type { Scene } from './layout';
import {
  fitView,
  fitCandidates,
  isInView,
  OUTLINE_BELOW,
  PAN_STEP,
  panBy,
  readableFit,
  showBox,
  union,
  visibleWorld,
  VIRTUALISE_FROM,
  zoomAt,
  ZOOM_STEP,
  type Box,
  type Size,
  type View,
} from './viewport';

interface DiagramViewProps {
  scene: Scene;
  active: ReadonlySet<string>;
  enabled: ReadonlyMap<string, EventObject>;
  routes: ReadonlyMap<string, EventObject>;
  onSend: (event: EventObject) => void;
  marks?: ReadonlyMap<string, StepMark>;
  /** Changes whenever the moment shown changes: "follow" re-centres then. */
  momentKey: string;
}

/**
 * The diagram in a viewport of its own: wheel (and a trackpad's pinch, which browsers send as
 * ctrl+wheel) and two-finger touch zoom at the pointer, drag pans, and with the focus on it `+`,
 * `-`, `0` and the arrows do the same. It opens at actual size (12 px text) centred on the active
 * states; "follow" keeps them in view as the machine moves.
 */
export function DiagramView({ scene, active, enabled, routes, onSend, marks, momentKey }: DiagramViewProps) {
  const frame = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<Size | null>(null);
  const [view, setView] = useState<View | null>(null);
  const [follow, setFollow] = useState(true);

  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    // jsdom has no ResizeObserver (and no layout): measured once there.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // The active leaves, or the first of them when together they do not fit at actual size (the
  // main screen is first in document order; a parallel region's leaf may be far away).
  const focus = useMemo((): Box | null => {
    const leaves = scene.states.filter(
      (state) => active.has(state.id) && !state.state.children.some((child) => active.has(child)),
    );
    const all = union(leaves);
    if (!all || !size) return all;
    return all.width <= size.width && all.height <= size.height ? all : (leaves[0] ?? null);
  }, [scene, active, size]);

  // Fit: the whole machine if its labels stay readable there, else a part of it around the active
  // states (viewport.ts, fitCandidates and readableFit).
  const fit = () => size && setView(readableFit(fitCandidates(scene, active), size));

  const viewOf = (k: number): View | null =>
    size && (focus ? showBox(focus, size, k) : fitView({ x: 0, y: 0, ...scene }, size));
  const show = (k: number) => setView(viewOf(k));
  // First view: actual size on the active states. Later, on each new moment, follow keeps them in
  // view at the current scale. Adjusted while rendering (React's pattern for state that follows a prop).
  const [shownMoment, setShownMoment] = useState<string | null>(null);
  if (size && shownMoment !== momentKey) {
    setShownMoment(momentKey);
    if (!view) setView(viewOf(1));
    else if (follow && focus && !isInView(focus, view, size)) setView(viewOf(view.k));
  }

  const centre = () => ({ x: (size?.width ?? 0) / 2, y: (size?.height ?? 0) / 2 });
  const zoom = (factor: number, at = centre()) => setView((v) => v && zoomAt(v, factor, at.x, at.y));

  // A native listener: React's wheel listener is passive and cannot keep the page from scrolling.
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = element.getBoundingClientRect();
      if (event.shiftKey) {
        setView((v) => v && panBy(v, -event.deltaY, 0));
        return;
      }
      // Pinch sends small ctrl+wheel deltas, a mouse wheel ~100 per notch: both scale smoothly.
      const factor = Math.exp(-event.deltaY * (event.ctrlKey ? 0.01 : 0.002));
      setView((v) => v && zoomAt(v, factor, event.clientX - rect.left, event.clientY - rect.top));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  // Drag to pan (one pointer), pinch to zoom (two touch pointers).
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const onPointerDown = (event: PointerEvent) => {
    if ((event.target as Element).closest('.sc-button')) return;
    frame.current?.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
  };
  const onPointerMove = (event: PointerEvent) => {
    const previous = pointers.current.get(event.pointerId);
    if (!previous) return;
    const now = { x: event.clientX, y: event.clientY };
    const others = [...pointers.current].filter(([id]) => id !== event.pointerId).map(([, point]) => point);
    pointers.current.set(event.pointerId, now);
    const other = others[0];
    if (other) {
      const rect = frame.current?.getBoundingClientRect();
      const before = Math.hypot(previous.x - other.x, previous.y - other.y);
      const after = Math.hypot(now.x - other.x, now.y - other.y);
      if (before > 0 && rect)
        zoom(after / before, { x: (now.x + other.x) / 2 - rect.left, y: (now.y + other.y) / 2 - rect.top });
      return;
    }
    setView((v) => v && panBy(v, now.x - previous.x, now.y - previous.y));
  };
  const onPointerUp = (event: PointerEvent) => void pointers.current.delete(event.pointerId);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const pans: Record<string, [number, number]> = {
      ArrowLeft: [PAN_STEP, 0],
      ArrowRight: [-PAN_STEP, 0],
      ArrowUp: [0, PAN_STEP],
      ArrowDown: [0, -PAN_STEP],
    };
    const pan = pans[event.key];
    if (pan) setView((v) => v && panBy(v, pan[0], pan[1]));
    else if (event.key === '+' || event.key === '=') zoom(ZOOM_STEP);
    else if (event.key === '-' || event.key === '_') zoom(1 / ZOOM_STEP);
    else if (event.key === '0') show(1);
    else return;
    event.preventDefault();
  };

  const percent = view ? Math.round(view.k * 100) : 100;
  const virtual = scene.states.length > VIRTUALISE_FROM;
  return (
    <div className="sc-diagram-view">
      <div className="sc-toolbar" role="toolbar" aria-label="Diagram view">
        <button type="button" onClick={() => zoom(1 / ZOOM_STEP)} aria-label="Zoom out">
          −
        </button>
        <output className="sc-zoom" aria-label="Zoom">
          {percent}%
        </output>
        <button type="button" onClick={() => zoom(ZOOM_STEP)} aria-label="Zoom in">
          +
        </button>
        <button
          type="button"
          onClick={fit}
          title="The whole machine, or the active states and their neighbours when its labels would be too small to read"
        >
          Fit
        </button>
        <button type="button" onClick={() => show(1)}>
          Actual size
        </button>
        <button
          type="button"
          aria-pressed={follow}
          onClick={() => {
            setFollow(!follow);
            if (!follow && view) show(view.k);
          }}
        >
          Follow
        </button>
      </div>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- keys and pointer zoom and pan it */}
      <div
        ref={frame}
        className="sc-inspector-diagram"
        // Focusable so the keyboard can zoom and pan it (a region with its own keys, as a map is).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        role="region"
        aria-label="Diagram: +, - and 0 zoom, arrows pan"
        data-view={view ? `${view.k.toFixed(3)} ${Math.round(view.x)} ${Math.round(view.y)}` : undefined}
        data-virtual={virtual || undefined}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        {view && (
          <Diagram
            scene={scene}
            active={active}
            enabled={enabled}
            routes={routes}
            onSend={onSend}
            view={view}
            marks={marks}
            window={virtual && size ? visibleWorld(view, size) : null}
            outline={virtual && view.k < OUTLINE_BELOW}
          />
        )}
      </div>
    </div>
  );
}
