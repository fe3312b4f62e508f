import { describePathTests } from '../../src/playwright';
import { deadlinesSpec, historiesTogetherSpec, signInSpec } from '../shapes/minimalPaths';

// A context-guarded route, the page clock (named and computed delays), and two histories restored
// by one step: each machine under its own base path of the one built app.
await describePathTests(
  [signInSpec, deadlinesSpec, historiesTogetherSpec].map((spec) => ({
    spec,
    url: () => `${process.env.MINIMAL_URL ?? ''}/${spec.name}`,
    base: `/${spec.name}`,
    clock: true,
  })),
);
