import type { ScreenOption } from './option';

export const form: ScreenOption = {
  applies: (screen) => Boolean(screen.form),
};
