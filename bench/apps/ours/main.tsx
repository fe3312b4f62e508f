/** Benchmark app: ours, the generated machine with one view per screen, in the product's shell. */
import { mountApp, Link, useViewId, lazyView, type ViewRegistry, ScreenHeading } from '@statechart/react';
import '@statechart/react/styles.css';
import { generatedMachine } from '../../../examples/generated/generated';
import { linksOf, screenById, screens } from '../screens';

function ScreenView() {
  const found = screenById.get(useViewId() ?? '');
  if (!found) return <ScreenHeading>Not found</ScreenHeading>;
  const { next, jump } = linksOf(found.index);
  const params = (screen: typeof next) => (screen.param === undefined ? undefined : { id: screen.param });
  return (
    <article className="screen">
      <ScreenHeading>{found.screen.heading}</ScreenHeading>
      <p>
        <Link id="next" to={`#${next.id}`} params={params(next)}>
          Next
        </Link>{' '}
        <Link id="jump" to={`#${jump.id}`} params={params(jump)}>
          Jump
        </Link>
      </p>
    </article>
  );
}

const views: ViewRegistry = {};
for (const id of [...screens.map((screen) => screen.id), 'notFound']) {
  views[id] = lazyView(async () => ({ View: ScreenView }));
}

// No top-level await, as in a product's main.tsx: with one, the bundler keeps the modules the lazy
// chunks share out of the entry (a chunk imported by a module that awaits at its top level would
// wait for it), and the first load fetched four scripts where a product fetches one.
void mountApp(document.getElementById('root') as HTMLElement, {
  machine: generatedMachine(screens.length),
  views,
  strings: {
    productName: 'Bench',
    skipLink: 'Skip to main content',
    navLabel: 'Main',
    menu: 'Menu',
    footer: 'Footer',
    loading: 'Loading…',
    viewFailed: 'Failed',
    navigatedTo: (title) => `${title}, page loaded`,
  },
})
  .then((app) => Promise.all(Object.values(views).map((view) => view.load())).then(() => app))
  .then((app) => Object.assign(window, { __benchReady: Boolean(app) }));
