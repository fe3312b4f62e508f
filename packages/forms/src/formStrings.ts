import type { Plural } from '@statechart/core/wording';

/**
 * Words every form shows; a form's own labels and rules live with the form. Apart from `strings`
 * (which the product machine imports, so it is in every page's first load) so that only screens
 * with forms load them.
 */
export const formStrings = {
  summary: {
    one: 'There is a problem with 1 field',
    other: 'There are problems with {count} fields',
  } satisfies Plural,
  saving: 'Saving…',
  /** A save whose answer never came (the call's unknownOutcome): the heading, and what Try again does. */
  unknownOutcome: 'We could not tell whether this was saved',
  unknownOutcomeHint: 'Try again: it will not be saved twice.',
  unsaved: 'Unsaved changes: leaving this screen is refused until you save.',
  refusedHeading: 'Your changes are not saved yet',
  refusedBody: 'Save them, discard them, or stay on this form.',
  refusedSave: 'Save them',
  refusedDiscard: 'Discard them',
  stay: 'Stay on the form',
  draftRestored: 'Your unsaved input from an earlier visit was restored.',
  draftDropped: 'An earlier draft could not be read and was discarded.',
  empty: 'Nothing here yet.',
} as const;
