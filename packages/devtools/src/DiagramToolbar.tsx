import { ZOOM_STEP } from './viewport';

interface DiagramToolbarProps {
  /** The scale shown, in per cent. */
  percent: number;
  zoom: (factor: number) => void;
  fit: () => void;
  actualSize: () => void;
  follow: boolean;
  toggleFollow: () => void;
}

/** The diagram view's buttons: zoom out and in, Fit, Actual size, Follow. */
export function DiagramToolbar({ percent, zoom, fit, actualSize, follow, toggleFollow }: DiagramToolbarProps) {
  return (
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
      <button type="button" onClick={actualSize}>
        Actual size
      </button>
      <button type="button" aria-pressed={follow} onClick={toggleFollow}>
        Follow
      </button>
    </div>
  );
}
