import { useEffect, useRef, type MouseEvent } from 'react';

export interface SummaryEntry {
  /** The id of the field's control. */
  id: string;
  message: string;
}

/**
 * The list of a refused submit's errors, each a link to its field. It takes the focus whenever
 * `refusals` grows (each refused submit), so the person hears what is wrong and can jump there.
 */
export function ErrorSummary({
  title,
  entries,
  refusals,
}: {
  title: string;
  entries: SummaryEntry[];
  refusals: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Only a refusal seen while mounted moves focus: coming back to a form leaves it on the heading.
  const seen = useRef(refusals);
  useEffect(() => {
    if (refusals === seen.current) return;
    seen.current = refusals;
    ref.current?.focus();
  }, [refusals]);
  if (!entries.length) return null;
  const jump = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    // Focus the field instead of following the fragment: a fragment would add a history entry.
    event.preventDefault();
    document.getElementById(id)?.focus();
  };
  return (
    <div className="error-summary" ref={ref} tabIndex={-1} role="alert" aria-labelledby="error-summary-title">
      <h2 className="error-summary__title" id="error-summary-title">
        {title}
      </h2>
      <ul>
        {entries.map((entry) => (
          <li key={entry.id}>
            <a href={`#${entry.id}`} onClick={(event) => jump(event, entry.id)}>
              {entry.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
