import type { ObjectLiteralExpression } from 'typescript';
import type { NewScreen } from './args';

/**
 * What one option of `new:screen` writes, piece by piece; the core (machine.ts, strings.ts,
 * spec.ts, view.ts, write.ts) asks each option that applies. Every piece is optional.
 */
export interface ScreenOption {
  applies: (screen: NewScreen) => boolean;
  /** Entries of the screen's `on` (one `on` for all the options that have some). */
  on?: (screen: NewScreen) => string[];
  /** Lines inside the screen's state node, after its meta and `on`. */
  node?: (screen: NewScreen, indent: string) => string[];
  /**
   * The region its `node` lines go in when another option's do too (tabs in a screen that loads):
   * the screen becomes a parallel state with one region per option, so both sets of child states
   * are active at once.
   */
  region?: string;
  /** machines/appMachine.ts beyond the node: setup, the event union, shared states. */
  machine?: (source: string, screen: NewScreen) => string;
  /** Lines in the screen's block of machines/strings.ts (the words the machine and the path tests need). */
  words?: (screen: NewScreen) => string[];
  /** Blocks of their own in machines/strings.ts, written once per app (`catalogue` says what is there). */
  sharedWords?: (catalogue: ObjectLiteralExpression, screen: NewScreen) => string[];
  /** Entries of the spec's assertions (tests/paths/productPaths.ts), given those there already. */
  assertions?: (screen: NewScreen, existing: ObjectLiteralExpression) => string[];
  /** tests/paths/productPaths.ts beyond the assertions: samples, executors, outcomes. */
  spec?: (source: string, screen: NewScreen) => string;
  /** The screen's view (the first option with one writes it). */
  view?: (screen: NewScreen) => string;
  /** Other files: `read` gives a file's text, or undefined when it does not exist. */
  files?: (screen: NewScreen, read: (path: string) => string | undefined) => (readonly [string, string])[];
  /** What it could not write (a file not in the shape it edits), for the command to say, with what to do by hand. */
  notes?: (screen: NewScreen, read: (path: string) => string | undefined) => string[];
}
