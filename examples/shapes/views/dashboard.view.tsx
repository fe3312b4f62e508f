import { ScreenHeading } from '@statechart/react';
import { shapesStrings } from '../shapesMachine';
import { SendButton } from './Button';
import { useShapesSelector } from './select';

export function View() {
  const grid = useShapesSelector((s) => s.matches({ dashboard: { panels: { left: 'grid' } } }));
  const details = useShapesSelector((s) => s.matches({ dashboard: { panels: { right: 'shown' } } }));
  return (
    <article className="screen">
      <ScreenHeading>{shapesStrings.dashboard}</ScreenHeading>
      <section>
        <h2>{grid ? 'Grid layout' : 'List layout'}</h2>
        <SendButton event={{ type: 'left.toggle' }}>Toggle layout</SendButton>
      </section>
      <section>
        {details && <h2>Details</h2>}
        <SendButton event={{ type: 'right.toggle' }}>Toggle details</SendButton>
      </section>
    </article>
  );
}
