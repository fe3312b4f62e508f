/**
 * The command line's library part: the placeholder gate (`new:screen` is the bin).
 */
export { unfilledPlaceholders } from './placeholders';
