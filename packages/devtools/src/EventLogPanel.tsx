import { useState } from 'react';
import type { LoggedEvent } from './eventLog';

interface EventLogPanelProps {
  events: readonly LoggedEvent[];
  selected: number | null;
  onSelect: (seq: number | null) => void;
  /** The case as JSON, from the start, or from the given entry. */
  copyCase: (from: number) => string;
}

/**
 * The log, newest first. An entry the app's machine took is a button: selecting it shows that
 * moment (time travel) and what the event did. "Copy as test" turns the events since the start,
 * or since the selected entry, into a path-test case.
 */
export function EventLogPanel({ events, selected, onSelect, copyCase }: EventLogPanelProps) {
  const [copied, setCopied] = useState<{ text: string; note: string } | null>(null);
  const copy = async (from: number) => {
    const text = copyCase(from);
    let note = 'Copied to the clipboard: paste it into a spec’s `cases`.';
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      note = 'The clipboard refused: select the text below and copy it.';
    }
    setCopied({ text, note });
  };
  return (
    <>
      <div className="sc-log-actions">
        <button type="button" onClick={() => void copy(0)}>
          Copy as test
        </button>
        {selected !== null && (
          <button type="button" onClick={() => void copy(selected)}>
            Copy as test from #{selected}
          </button>
        )}
      </div>
      {copied && (
        <label className="sc-copied">
          <span role="status">{copied.note}</span>
          <textarea readOnly rows={6} value={copied.text} aria-label="Copied test case" />
        </label>
      )}
      <ol className="sc-inspector-events" reversed>
        {[...events].reverse().map((event) => (
          <li key={event.seq}>
            {event.root && event.after ? (
              <button
                type="button"
                className="sc-log-entry"
                aria-pressed={selected === event.seq}
                onClick={() => onSelect(selected === event.seq ? null : event.seq)}
              >
                <span className="sc-inspector-muted">#{event.seq}</span> <code>{event.type}</code>
                {Object.keys(event.payload).length > 0 && (
                  <>
                    {' '}
                    <code className="sc-inspector-muted">{preview(event.payload)}</code>
                  </>
                )}
              </button>
            ) : (
              <span className="sc-log-other">
                <span className="sc-inspector-muted">#{event.seq}</span> <code>{event.type}</code>{' '}
                <span className="sc-inspector-muted">(to an invoked or spawned actor)</span>
              </span>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}

function preview(payload: Record<string, unknown>): string {
  const text = JSON.stringify(payload) ?? '';
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
