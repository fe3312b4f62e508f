import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { EventObject } from 'xstate';
import { Diagram, type StepMark } from './Diagram';
import { DiagramToolbar } from './DiagramToolbar';
import type { Scene } from './layout';
import {
  fitView,
  fitCandidates,
  isInView,
  OUTLINE_BELOW,
  readableFit,
  showBox,
  union,
  visibleWorld,
  VIRTUALISE_FROM,
  zoomAt,
  type Box,
  type Size,
  type View,
} from './viewport';
import { usePointerPanZoom, useWheelZoom, viewKeys } from './viewGestures';

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
  const size = useSize(frame);
  const [view, setView] = useState<View | null>(null);
  const [follow, setFollow] = useState(true);
  const focus = useMemo(() => focusOf(scene, active, size), [scene, active, size]);

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
  useWheelZoom(frame, setView);
  const pointerHandlers = usePointerPanZoom(frame, setView, zoom);

  const virtual = scene.states.length > VIRTUALISE_FROM;
  return (
    <div className="sc-diagram-view">
      <DiagramToolbar
        percent={view ? Math.round(view.k * 100) : 100}
        zoom={zoom}
        fit={fit}
        actualSize={() => show(1)}
        follow={follow}
        toggleFollow={() => {
          setFollow(!follow);
          if (!follow && view) show(view.k);
        }}
      />
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
        onKeyDown={viewKeys(setView, zoom, () => show(1))}
        {...pointerHandlers}
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

/** The viewport's size, measured again whenever it changes. */
function useSize(frame: RefObject<HTMLDivElement | null>): Size | null {
  const [size, setSize] = useState<Size | null>(null);
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
  }, [frame]);
  return size;
}

/**
 * What the view centres on: the active leaves, or the first of them when together they do not fit
 * at actual size (the main screen is first in document order; a parallel region's leaf may be far away).
 */
function focusOf(scene: Scene, active: ReadonlySet<string>, size: Size | null): Box | null {
  const leaves = scene.states.filter(
    (state) => active.has(state.id) && !state.state.children.some((child) => active.has(child)),
  );
  const all = union(leaves);
  if (!all || !size) return all;
  return all.width <= size.width && all.height <= size.height ? all : (leaves[0] ?? null);
}
