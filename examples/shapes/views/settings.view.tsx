import { ScreenHeading } from '@statechart/react';
import { shapesStrings } from '../shapesMachine';
import { SendButton } from './Button';
import { useShapesSelector } from './select';

export function View() {
  const general = useShapesSelector((s) => s.matches({ settings: 'general' }));
  const expert = useShapesSelector((s) => s.matches({ settings: { advanced: 'expert' } }));
  return (
    <article className="screen">
      <ScreenHeading>{shapesStrings.settings}</ScreenHeading>
      <h2>{general ? shapesStrings.general : expert ? shapesStrings.expert : shapesStrings.basic}</h2>
      {general ? (
        <SendButton event={{ type: 'settings.advanced' }}>Advanced</SendButton>
      ) : (
        <SendButton event={{ type: 'settings.general' }}>General</SendButton>
      )}{' '}
      {!general && !expert && <SendButton event={{ type: 'advanced.expert' }}>Expert mode</SendButton>}
    </article>
  );
}
