import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { generatedMachine } from '../../../examples/generated/generated';
import { BUTTONS_SHOWN, EnabledPanel } from '../src/EnabledPanel';
import { machineGraph } from '../src/graph';

afterEach(cleanup);

describe('the enabled transitions of a big machine', () => {
  it(`lists the first ${BUTTONS_SHOWN} and all of them on request`, () => {
    // Every route transition of a 150-route machine, as buttons.
    const routes = machineGraph(generatedMachine(150)).transitions.filter(
      (t) => t.kind === 'route' && t.targets.length,
    );
    expect(routes.length).toBeGreaterThan(BUTTONS_SHOWN);
    const buttons = routes.map((transition) => ({
      transition,
      event: { type: 'xstate.route', to: transition.routeTo },
    }));
    render(
      <EnabledPanel
        buttons={buttons}
        errors={[]}
        payloadText="{}"
        setPayloadText={() => {}}
        typedError={null}
        onSend={() => {}}
      />,
    );
    const list = () => within(screen.getByRole('list')).getAllByRole('button');
    expect(list()).toHaveLength(BUTTONS_SHOWN);
    fireEvent.click(screen.getByRole('button', { name: `Show all ${routes.length} enabled transitions` }));
    expect(list()).toHaveLength(routes.length);
    expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull();
  });
});
