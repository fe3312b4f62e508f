import { Outlet, ScreenHeading } from '@statechart/react';
import { CallFailed, CallPending, CallRegion } from '@statechart/calls';
import { Link, useMachineSelector, useSend } from '../routing';
import { referenceStrings } from '../referenceMachine';

const at = (substate: 'loading' | 'loaded' | 'failed') => ({ app: { main: { records: { list: substate } } } });

/**
 * A list that loads its data, with its records' details nested (docs/calls.md, "A list with
 * details"): this view stays mounted while a detail is chosen (its list, scroll and focus kept),
 * the chosen record's link is marked (aria-current="page", and visibly), and the detail shows
 * beside it in the Outlet. The page is in the URL (`?page=2`), kept by the links to details.
 */
export function View() {
  const loading = useMachineSelector((s) => s.matches(at('loading')));
  const failed = useMachineSelector((s) => s.matches(at('failed')));
  // Kept in context from the last answer: while a stale answer is refreshed, it stays on screen.
  const records = useMachineSelector((s) => s.context.records);
  const page = useMachineSelector((s) => s.context.recordsPage ?? 1);
  const pages = useMachineSelector((s) => s.context.recordPages ?? 1);
  const error = useMachineSelector((s) => s.context.recordsError);
  const send = useSend();
  // Page 1 is the list's own URL: no `?page=1`.
  const pageParam = (n: number) => (n > 1 ? n : undefined);
  return (
    <article className="screen">
      <ScreenHeading>{referenceStrings.records}</ScreenHeading>
      <div className="list-detail">
        <CallRegion busy={loading} label={referenceStrings.recordList}>
          {failed ? (
            <CallFailed
              heading={referenceStrings.recordsNotLoaded}
              error={error}
              retry={() => send({ type: 'call.retry' })}
              leave={<Link to="#home">Home</Link>}
            />
          ) : (
            <>
              {loading ? <CallPending /> : null}
              {records ? (
                records.length ? (
                  <ul className="item-list" data-testid="records">
                    {records.map((record) => (
                      <li key={record.id}>
                        <Link to="#recordDetail" params={{ id: record.id, page: pageParam(page) }}>
                          {record.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p>{referenceStrings.emptyPage}</p>
                )
              ) : null}
              {pages > 1 ? (
                <nav className="pager" aria-label={referenceStrings.pages}>
                  {page > 1 ? (
                    <Link to="#recordList" params={{ page: pageParam(page - 1) }} rel="prev">
                      {referenceStrings.previousPage}
                    </Link>
                  ) : null}
                  <span>{referenceStrings.pageOf(page, pages)}</span>
                  {page < pages ? (
                    <Link to="#recordList" params={{ page: page + 1 }} rel="next">
                      {referenceStrings.nextPage}
                    </Link>
                  ) : null}
                </nav>
              ) : null}
            </>
          )}
        </CallRegion>
        <Outlet />
      </div>
    </article>
  );
}
