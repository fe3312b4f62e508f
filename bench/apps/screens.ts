import { generatedScreens, type Screen } from '../../examples/generated/screenList';

declare const __BENCH_ROUTES__: number;

/** The screens of the app under test; the route count is set at build time (Vite define). */
export const screens = generatedScreens(__BENCH_ROUTES__);
export const screenById = new Map(screens.map((screen, index) => [screen.id, { screen, index }]));

/** Each screen links to the next one and to one further on, so runs visit many screens. */
export function linksOf(index: number): { next: Screen; jump: Screen } {
  const at = (k: number) => screens[k % screens.length] as Screen;
  return { next: at(index + 1), jump: at(index + 37) };
}

export const urlOf = (screen: Screen) => screen.path.replace(':id', String(screen.param));
