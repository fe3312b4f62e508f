import { URL_PARAM } from '@statechart/core';
import { EntryLink, useMachineSelector } from './routing';
import { ScreenHeading } from './Shell';

/** The words of a stock screen: its heading, one line of text, and the link to the entry screen. */
export interface StockScreenWords {
  heading: string;
  body: string;
  home: string;
}

/** The not-found screen: what was asked for (the URL as the address bar spells it) and a way home. */
export function NotFoundScreen({ words }: { words: StockScreenWords }) {
  const url = useMachineSelector((snapshot) => snapshot.context.params[URL_PARAM]);
  return (
    <article className="screen">
      <ScreenHeading>{words.heading}</ScreenHeading>
      <p>{words.body}</p>
      <p>
        <code className="typed-url">{url}</code>
      </p>
      <p>
        <EntryLink>{words.home}</EntryLink>
      </p>
    </article>
  );
}

/** The error screen a view that threw leads to (`view.failed`), with a way home. */
export function ErrorScreen({ words }: { words: StockScreenWords }) {
  return (
    // Not an <article>: that element may not take the alert role (axe: aria-allowed-role).
    <div className="screen" role="alert">
      <ScreenHeading>{words.heading}</ScreenHeading>
      <p>{words.body}</p>
      <p>
        <EntryLink>{words.home}</EntryLink>
      </p>
    </div>
  );
}
