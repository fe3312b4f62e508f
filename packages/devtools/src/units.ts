/**
 * The scene's units. Text is measured by character count in a monospace font (the overlay and the
 * exported SVG draw it in one), so the layout needs no DOM; coordinates are kept to a tenth of a
 * pixel, so the same machine gives the same scene in every runtime.
 */
export const FONT_SIZE = 12;
export const LINE = 17;
const CHAR = 7.3;
/** A state's padding around its text. */
export const PAD = 10;
const LABEL_HEIGHT = 16;

export const textWidth = (text: string) => Math.ceil(text.length * CHAR);

/** An arrow's label box: its text with 4 px either side, one line tall. */
export const labelBox = (text: string) => ({ text, width: textWidth(text) + 8, height: LABEL_HEIGHT });

export const round = (value: number) => Math.round(value * 10) / 10;
