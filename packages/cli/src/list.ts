import { headingTag, todo, todoLine, type NewScreen } from './args';
import { callNames, callViewStart } from './loads';
import type { ScreenOption } from './option';

/** The line of a list's view that shows one item: a link to its detail once a child is added (parent.ts). */
export const LIST_ITEM = '<li key={item.id}>{item.name}</li>';

/**
 * A list's view (docs/calls.md, "A list with its details, the page in the URL"): its items in an
 * `.item-list`, the pager's links to the other pages (page 1 is the list's URL without `?page`),
 * and, beside them in `.list-detail`, the `<Outlet />` where a child added with `--parent` shows
 * (parent.ts links the items to it).
 */
export function listView(screen: NewScreen): string {
  const { id, parent } = screen;
  const names = callNames(screen);
  const away = parent ? `#${parent}` : '#home';
  return [
    ...callViewStart(screen),
    `  empty: ${todo(`what ${id} says on a page without items`)},`,
    `  pages: ${todo(`the name of the pager of ${id}, for screen readers`)},`,
    `  previous: ${todo('the link to the previous page')},`,
    `  next: ${todo('the link to the next page')},`,
    todoLine('  ', 'how the pager says which page is shown ("Page 2 of 3")'),
    '  pageOf: (page: number, pages: number) => `${page} / ${pages}`,',
    '};',
    '',
    '// Page 1 is the URL without ?page.',
    'const pageParam = (page: number) => (page > 1 ? page : undefined);',
    '',
    'export function View() {',
    `  const loading = useMachineSelector((s) => s.hasTag('${names.state('Loading')}'));`,
    `  const failed = useMachineSelector((s) => s.hasTag('${names.state('Failed')}'));`,
    // The last answer: while another page loads, the one before stays shown.
    `  const items = useMachineSelector((s) => s.context.${id}?.items);`,
    `  const pages = useMachineSelector((s) => s.context.${id}?.pages ?? 1);`,
    `  const page = useMachineSelector((s) => s.context.${names.page} ?? 1);`,
    `  const error = useMachineSelector((s) => s.context.${names.error});`,
    '  const send = useSend();',
    '  return (',
    '    <article className="screen">',
    `      ${headingTag(screen)}{words.heading}</ScreenHeading>`,
    '      <div className="list-detail">',
    '        <CallRegion busy={loading}>',
    '          {failed ? (',
    `            <CallFailed heading={strings.${id}.notLoaded} error={error} retry={() => send({ type: 'call.retry' })} leave={<Link to="${away}">{words.away}</Link>} />`,
    '          ) : (',
    '            <>',
    '              {loading ? <CallPending /> : null}',
    '              {items ? (',
    '                items.length ? (',
    '                  <ul className="item-list">',
    '                    {items.map((item) => (',
    `                      ${LIST_ITEM}`,
    '                    ))}',
    '                  </ul>',
    '                ) : (',
    '                  <p>{words.empty}</p>',
    '                )',
    '              ) : null}',
    '              {pages > 1 ? (',
    '                <nav className="pager" aria-label={words.pages}>',
    '                  {page > 1 ? (',
    `                    <Link to="#${id}" params={{ page: pageParam(page - 1) }} rel="prev">`,
    '                      {words.previous}',
    '                    </Link>',
    '                  ) : null}',
    '                  <span>{words.pageOf(page, pages)}</span>',
    '                  {page < pages ? (',
    `                    <Link to="#${id}" params={{ page: page + 1 }} rel="next">`,
    '                      {words.next}',
    '                    </Link>',
    '                  ) : null}',
    '                </nav>',
    '              ) : null}',
    '            </>',
    '          )}',
    '        </CallRegion>',
    '      </div>',
    '    </article>',
    '  );',
    '}',
    '',
  ].join('\n');
}

/**
 * `--list`: a screen that loads (loads.ts writes its call, with a page in its input and the page
 * in its URL) whose view is a list of its items with a pager. Before loads in options.ts, so that
 * its view is the one written.
 */
export const list: ScreenOption = {
  applies: (screen) => Boolean(screen.list),
  view: listView,
};
