import { useEffect, useRef } from 'react';
import type { DockState } from './Dock';

interface InspectorHeaderProps {
  titleId: string;
  /** The id of the overlay's body, which Collapse folds. */
  bodyId: string;
  machineId: string;
  dock: DockState;
  allRoutes: boolean;
  setAllRoutes: (all: boolean) => void;
  onClose: () => void;
  past: boolean;
  /** The active leaf states of the moment shown. */
  activeLeaves: readonly string[];
}

/** The overlay's bar: its title, Collapse, the dock's side, which transitions are drawn, Close, and the active states. */
export function InspectorHeader(props: InspectorHeaderProps) {
  const { titleId, bodyId, machineId, dock, allRoutes, setAllRoutes, onClose, past, activeLeaves } = props;
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  return (
    <div className="sc-inspector-header">
      <h2 id={titleId}>Statechart: {machineId}</h2>
      {/* Folded to this bar, the app has the window but the bar's height; unfolded, the dock again. */}
      <button
        type="button"
        aria-expanded={!dock.collapsed}
        aria-controls={bodyId}
        onClick={() => dock.setCollapsed(!dock.collapsed)}
      >
        {dock.collapsed ? 'Expand' : 'Collapse'}
      </button>
      <label className="sc-inspector-toggle">
        Dock {/* On a narrow window the bottom is the only place: the choice applies again when it widens. */}
        <select
          value={dock.narrow ? 'bottom' : dock.chosenSide}
          disabled={dock.narrow}
          onChange={(event) => dock.setSide(event.target.value as typeof dock.side)}
        >
          <option value="right">right</option>
          <option value="left">left</option>
          <option value="bottom">bottom</option>
        </select>
      </label>
      <label className="sc-inspector-toggle">
        <input type="checkbox" checked={allRoutes} onChange={(event) => setAllRoutes(event.target.checked)} />
        Every route transition
      </label>
      <button type="button" ref={closeRef} onClick={onClose} aria-label="Close the statechart inspector">
        Close
      </button>
      <p className="sc-inspector-active" aria-live="polite">
        {past ? 'Then: ' : 'Active: '}
        {activeLeaves.join(', ')}
      </p>
    </div>
  );
}
