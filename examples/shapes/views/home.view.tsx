import { ScreenHeading } from '@statechart/react';
import { shapesStrings } from '../shapesMachine';
import { SendButton } from './Button';

export function View() {
  return (
    <article className="screen">
      <ScreenHeading>{shapesStrings.home}</ScreenHeading>
      <SendButton event={{ type: 'home.resumeShallow' }}>Resume settings</SendButton>{' '}
      <SendButton event={{ type: 'home.resumeDeep' }}>Resume settings exactly</SendButton>
    </article>
  );
}
