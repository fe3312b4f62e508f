import { useId } from 'react';
import { useMachineSelector, useSend } from '../routing';
import { ScreenHeading } from '@statechart/react';
import { referenceStrings } from '../referenceMachine';

export function View() {
  const dirty = useMachineSelector((s) => s.context.dirty);
  const send = useSend();
  const field = useId();
  return (
    <article className="screen">
      <ScreenHeading>{referenceStrings.editor}</ScreenHeading>
      <label htmlFor={field}>Draft</label>
      <br />
      <textarea id={field} rows={4} cols={30} onChange={() => send({ type: 'editor.change' })} />
      <p data-testid="editor-status">{dirty ? 'Unsaved changes: leaving is refused' : 'All saved'}</p>
      <button type="button" className="button" onClick={() => send({ type: 'editor.save' })}>
        Save
      </button>{' '}
      {/* The machine's way out of its refusal (editor.discard): the shell's notice offers it too. */}
      <button type="button" className="button button--secondary" onClick={() => send({ type: 'editor.discard' })}>
        Discard
      </button>
    </article>
  );
}
