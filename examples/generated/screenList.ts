/**
 * The screens of the generated benchmark apps: home `/`, then `/s1`, `/s2`, … where every tenth
 * screen takes an int param (`/s9/:id`). No XState here, so that the react-router-dom and TanStack
 * apps that list these screens carry none of ours.
 */
export interface Screen {
  id: string;
  /** The react-router path; ours is the same in the state's meta. */
  path: string;
  heading: string;
  /** The value of `:id` to link with, for a screen with a param. */
  param?: number;
}

export function generatedScreens(routes: number): Screen[] {
  const screens: Screen[] = [{ id: 'home', path: '/', heading: 'Screen 0' }];
  for (let k = 1; k < routes; k++) {
    const hasParam = k % 10 === 9;
    screens.push({
      id: `s${k}`,
      path: hasParam ? `/s${k}/:id` : `/s${k}`,
      heading: `Screen ${k}`,
      ...(hasParam ? { param: k } : {}),
    });
  }
  return screens;
}
