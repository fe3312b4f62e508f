import { ScreenHeading } from '@statechart/react';
import { shapesStrings } from '../shapesMachine';
import { SendButton } from './Button';
import { useShapesSelector } from './select';

export function View() {
  const step = useShapesSelector((s) =>
    s.matches({ wizard: { steps: 'one' } }) ? 'one' : s.matches({ wizard: { steps: 'two' } }) ? 'two' : 'review',
  );
  return (
    <article className="screen">
      <ScreenHeading>{shapesStrings.wizard}</ScreenHeading>
      <h2>{step === 'one' ? shapesStrings.stepOne : step === 'two' ? shapesStrings.stepTwo : shapesStrings.review}</h2>
      {step === 'review' ? (
        <SendButton event={{ type: 'wizard.finish' }}>Finish</SendButton>
      ) : (
        <SendButton event={{ type: 'wizard.next' }}>Next</SendButton>
      )}
    </article>
  );
}
