import { describeDomLevel } from '../../src/domLevel';
import { domSpecs, records } from './specs';

await describeDomLevel(
  domSpecs.map((spec) => ({ spec })),
  { part: { index: 2, count: 2 }, records },
);
