/**
 * The command line's library part: the placeholder gate (`new:screen` is the bin).
 */
export { type PlaceholderSources, unfilledPlaceholders } from './placeholders';
