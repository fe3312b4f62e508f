import type { Plural } from '@statechart/core';

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
  /** A draft whose first submit was saved, sent again with other values (the call's savedBefore). */
  savedBefore: 'This was saved already',
  /** Under it: the edits are not lost. */
  savedBeforeKept: 'What you changed since is kept in the form, not saved yet.',
  /** Its choices (a form's own words may replace them: `FormWords`): the edits with a new key, or as a change to what was saved. */
  saveAsNew: 'Save as new',
  saveAsChange: 'Save as a change to it',
  unsaved: 'Unsaved changes: save or discard them to leave this screen.',
  /** Under a field given more than it takes (a paste): what was kept. `{max}`: the limit, written out. */
  cut: 'Only the first {max} characters were kept: this field takes no more.',
  refusedHeading: 'Your changes are not saved yet',
  refusedBody: 'Save them, discard them, or stay on this form.',
  refusedSave: 'Save them',
  refusedDiscard: 'Discard them',
  stay: 'Stay on the form',
  /** A move refused while the save is in flight: nothing is lost, the save only has to finish. */
  refusedWhileSaving: 'Your changes are being saved',
  refusedWhileSavingBody: 'Wait for the save to finish, then leave.',
  /**
   * The shared draft changed in another tab while this one had typed input of its own
   * (docs/persistence.md, "Drafts across tabs"): the heading of the question, by what happened there.
   */
  elsewhereAsked: {
    changed: 'This form was changed in another tab',
    saved: 'This form was saved in another tab',
    discarded: 'This form’s changes were discarded in another tab',
  },
  elsewhereKept: 'What you typed in this tab is kept until you choose.',
  takeOther: 'Use the other tab’s version',
  keepOwn: 'Keep this tab’s version',
  dropOwn: 'Discard this tab’s version',
  /** Said, not asked, when a form with no input of its own followed another tab. */
  elsewhereFollowed: {
    changed: 'This form was changed in another tab: it shows that tab’s version.',
    saved: 'This form was saved in another tab, and emptied here.',
    discarded: 'This form’s changes were discarded in another tab, and here too.',
  },
  draftRestored: 'Your unsaved input from an earlier visit was restored.',
  draftDropped: 'An earlier draft could not be read and was discarded.',
  empty: 'Nothing here yet.',
} as const;
