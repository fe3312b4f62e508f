import { ScreenHeading } from '@statechart/react';
import { shapesStrings } from '../shapesMachine';
import { SendButton } from './Button';
import { useShapesSelector } from './select';

export function View() {
  const phase = useShapesSelector((s) =>
    s.matches({ load: 'slow' })
      ? 'slow'
      : s.matches({ load: 'failed' })
        ? 'failed'
        : s.matches({ load: 'ready' })
          ? 'ready'
          : 'loading',
  );
  const loaded = useShapesSelector((s) => s.context.loaded);
  const heading = {
    loading: shapesStrings.loading,
    slow: shapesStrings.slow,
    failed: shapesStrings.failed,
    ready: shapesStrings.ready(loaded),
  }[phase];
  return (
    <article className="screen">
      <ScreenHeading>{shapesStrings.load}</ScreenHeading>
      <h2>{heading}</h2>
      {(phase === 'slow' || phase === 'failed') && <SendButton event={{ type: 'load.retry' }}>Retry</SendButton>}
    </article>
  );
}
