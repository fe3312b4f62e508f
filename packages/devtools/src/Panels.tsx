import type { ActorSummary } from './eventLog';
import type { RouteShown, StepExplained } from './moments';

/**
 * The context as a collapsible tree (native <details>: keyboard and screen readers for free).
 * Keys the shown event changed are marked, in words as well as in colour.
 */
export function ContextTree({ value, changed }: { value: unknown; changed: ReadonlySet<string> }) {
  if (!isBranch(value)) return <p className="sc-inspector-muted">{format(value)}</p>;
  return (
    <ul className="sc-tree" aria-label="Context">
      {entriesOf(value).map(([key, child]) => (
        <TreeNode key={key} name={key} path={key} value={child} changed={changed} depth={0} />
      ))}
    </ul>
  );
}

function TreeNode(props: { name: string; path: string; value: unknown; changed: ReadonlySet<string>; depth: number }) {
  const { name, path, value, changed, depth } = props;
  const isChanged = changed.has(path);
  const label = (
    <>
      <code className="sc-key">{name}</code>
      {isChanged && <span className="sc-changed-mark"> (changed)</span>}
    </>
  );
  if (!isBranch(value)) {
    return (
      <li className={isChanged ? 'sc-changed' : undefined} data-path={path}>
        {label}: <code>{format(value)}</code>
      </li>
    );
  }
  const entries = entriesOf(value);
  return (
    <li className={isChanged ? 'sc-changed' : undefined} data-path={path}>
      {/* Open the first level, and any branch holding a change. */}
      <details open={depth === 0 || isChanged}>
        <summary>
          {label}{' '}
          <span className="sc-inspector-muted">
            {Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`}
          </span>
        </summary>
        <ul className="sc-tree">
          {entries.map(([key, child]) => (
            <TreeNode key={key} name={key} path={`${path}.${key}`} value={child} changed={changed} depth={depth + 1} />
          ))}
        </ul>
      </details>
    </li>
  );
}

/** Plain objects and arrays open as branches; an actor ref (or any class instance) is one value. */
const isBranch = (value: unknown): value is object => {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};
const isActorRef = (value: unknown): value is { id: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { sessionId?: unknown }).sessionId === 'string' &&
  typeof (value as { send?: unknown }).send === 'function';
const entriesOf = (value: object): [string, unknown][] => Object.entries(value);

function format(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'function') return 'ƒ';
  if (isActorRef(value)) return `actor ${value.id}`;
  return JSON.stringify(value) ?? String(value);
}

/** Invoked and spawned actors, nested as the system holds them, each with its state and status. */
export function ActorTree({ actors }: { actors: readonly ActorSummary[] }) {
  if (actors.length === 0) return <p className="sc-inspector-muted">No invoked or spawned actors.</p>;
  return (
    <ul className="sc-tree" aria-label="Actors">
      {actors.map((actor) => (
        <li key={actor.id} data-actor={actor.id}>
          <code>{actor.id}</code> <span className="sc-inspector-muted">({actor.kind}</span>
          {actor.src !== actor.id && <span className="sc-inspector-muted">, src {actor.src}</span>}
          <span className="sc-inspector-muted">)</span>{' '}
          <span className={`sc-status sc-status-${actor.status}`}>{actor.status}</span>
          {actor.value && (
            <>
              {' '}
              in <code>{actor.value}</code>
            </>
          )}
          {actor.children.length > 0 && <ActorTree actors={actor.children} />}
        </li>
      ))}
    </ul>
  );
}

/** The screen shown: its URL, and per URL part the route (pattern) with its params and search. */
export function RoutePanel({ route }: { route: RouteShown | null }) {
  if (!route) return <p className="sc-inspector-muted">No URL: the machine has no route table, or has not started.</p>;
  return (
    <dl className="sc-route-panel">
      <dt>URL</dt>
      <dd>
        <code>{route.url}</code>
      </dd>
      {route.routes.map((shown) => (
        <div key={shown.id}>
          <dt>Route</dt>
          <dd>
            <code>#{shown.id}</code> <code>{shown.path}</code>
            {Object.keys(shown.params).length > 0 && (
              <>
                {' '}
                params <code>{JSON.stringify(shown.params)}</code>
              </>
            )}
            {Object.keys(shown.search).length > 0 && (
              <>
                {' '}
                search <code>{JSON.stringify(shown.search)}</code>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A transition in words: which states the event exited, entered and kept. */
export function StepPanel({ type, step }: { type: string; step: StepExplained }) {
  const list = (ids: string[]) => (ids.length > 0 ? ids.map((id) => `#${id}`).join(', ') : 'none');
  return (
    <div className="sc-step" aria-label="What the event did">
      <p>
        <code>{type}</code> took {step.microsteps} microstep{step.microsteps === 1 ? '' : 's'}.
      </p>
      <p className="sc-step-exited">
        <strong>Exited:</strong> {list(step.exited)}
      </p>
      <p className="sc-step-entered">
        <strong>Entered:</strong> {list(step.entered)}
      </p>
      <details>
        <summary>Kept: {step.kept.length} states</summary>
        <p>{list(step.kept)}</p>
      </details>
    </div>
  );
}
