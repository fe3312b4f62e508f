import {
  useEffect,
  useRef,
  type Dispatch,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
  type SetStateAction,
} from 'react';
import { PAN_STEP, panBy, zoomAt, ZOOM_STEP, type View } from './viewport';

/**
 * How the diagram's viewport is zoomed and panned by hand: wheel (and a trackpad's pinch, which
 * browsers send as ctrl+wheel), drag, two-finger touch, and the keys with the focus on it.
 */
type SetView = Dispatch<SetStateAction<View | null>>;
/** Zooms by `factor` at a point of the viewport (its centre by default). */
type Zoom = (factor: number, at?: { x: number; y: number }) => void;

/** Wheel zooms at the pointer, shift+wheel pans across. */
export function useWheelZoom(frame: RefObject<HTMLDivElement | null>, setView: SetView) {
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
  }, [frame, setView]);
}

/** Drag to pan (one pointer), pinch to zoom (two touch pointers): the viewport's pointer handlers. */
export function usePointerPanZoom(frame: RefObject<HTMLDivElement | null>, setView: SetView, zoom: Zoom) {
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
  return { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp };
}

/** With the focus on the viewport: the arrows pan, `+` and `-` zoom, `0` shows actual size. */
export function viewKeys(setView: SetView, zoom: Zoom, actualSize: () => void) {
  return (event: KeyboardEvent) => {
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
    else if (event.key === '0') actualSize();
    else return;
    event.preventDefault();
  };
}
