import {
  stockStrings as strings,
  createApp,
  preloadActiveViews,
  viewsFromGlob,
  type ViewModule,
  stockViews,
  lazyView,
  ScreenHeading,
} from '@statechart/react';
import { errorStrings, CallFailure, type Submission } from '@statechart/calls';
import { formStrings } from '../src/formStrings';
import { FormScreen } from '../src/FormScreen';
import { emptyForm } from '../src/forms';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { accessStrings } from '../../../examples/reference/access';
import { emptyRecord, recordFields, recordStrings, type RecordInput } from '../../../examples/reference/recordForm';
import { referenceMachine, type ReferenceInput } from '../../../examples/reference/referenceMachine';

const views = () => ({
  ...stockViews(),
  ...viewsFromGlob(import.meta.glob<ViewModule>('../../../examples/reference/views/*.view.tsx')),
});

/** A submit call the test answers: `answer.resolve(…)` / `answer.reject(…)`. */
function controlledSubmit() {
  const answer: { resolve: (output: { id: number }) => void; reject: (error: unknown) => void } = {
    resolve: () => {},
    reject: () => {},
  };
  const actor = fromPromise<{ id: number } | undefined, Submission<RecordInput>>(
    () =>
      new Promise((resolve, reject) => {
        answer.resolve = resolve;
        answer.reject = reject;
      }),
  );
  return { actor, answer };
}

async function renderAt(url: string, input?: ReferenceInput) {
  const history = createMemoryHistory({ initialEntries: [url] });
  const submit = controlledSubmit();
  const app = createApp({
    machine: referenceMachine,
    views: views(),
    strings,
    history,
    input,
    provide: { actors: { submitRecord: submit.actor } },
  });
  await preloadActiveViews(app.router);
  render(app.element);
  return { ...app, history, answer: submit.answer };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) =>
  act(async () => void fireEvent.change(field(label), { target: { value } }));
const submit = () => act(async () => screen.getByRole('button', { name: recordStrings.submit }).click());

afterEach(cleanup);

/** Waiting, not sleeping: a loaded machine may take more than the default second. */
const patience = { timeout: 5000 };

describe('the reference form in the DOM', () => {
  it('on a refused submit, focuses a summary whose links lead to the fields, each tied to its message', async () => {
    await renderAt('/records/new');
    await type(recordStrings.fields.quantity, '500');
    await submit();
    const summary = screen.getByRole('alert');
    expect(document.activeElement).toBe(summary);
    expect(within(summary).getByRole('heading').textContent).toBe('There are problems with 2 fields');
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([recordStrings.required, recordStrings.range]);

    const name = field(recordStrings.fields.name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const described = (name.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id));
    expect(described.map((node) => node?.textContent)).toContain(recordStrings.required);
    const quantity = field(recordStrings.fields.quantity);
    expect(quantity.value).toBe('500');
    expect(quantity.getAttribute('aria-describedby')).toContain(`${quantity.id}-hint`);

    await act(async () => links[0]?.click());
    expect(document.activeElement).toBe(name);
  });

  it('clears a field’s error as soon as it is fixed, and marks nothing invalid before a submit', async () => {
    await renderAt('/records/new');
    expect(field(recordStrings.fields.name).getAttribute('aria-invalid')).toBeNull();
    await submit();
    await type(recordStrings.fields.name, 'A name');
    expect(field(recordStrings.fields.name).getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a call’s field error on its field and keeps every value typed', async () => {
    const { answer } = await renderAt('/records/new');
    await type(recordStrings.fields.name, 'taken');
    await type(recordStrings.fields.quantity, '12');
    await act(async () => void fireEvent.change(field(recordStrings.fields.category), { target: { value: 'second' } }));
    await submit();
    expect(screen.getByText(formStrings.saving)).toBeTruthy();
    await act(async () => answer.reject({ fieldErrors: [{ field: 'name', code: 'taken' }] }));
    expect(await screen.findByRole('link', { name: recordStrings.serverCodes.taken }, patience)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('alert'));
    expect(field(recordStrings.fields.name).value).toBe('taken');
    expect(field(recordStrings.fields.quantity).value).toBe('12');
    expect(field(recordStrings.fields.category).value).toBe('second');
  });

  it('says a save whose answer never came may have been saved, not that it was not; a failure says why', async () => {
    const { answer } = await renderAt('/records/new');
    await type(recordStrings.fields.name, 'A name');
    await submit();
    await act(async () => answer.reject(new CallFailure('unknownOutcome')));
    const notice = await screen.findByRole('alert', {}, patience);
    expect(within(notice).getByRole('heading').textContent).toBe(formStrings.unknownOutcome);
    expect(notice.textContent).toContain(formStrings.unknownOutcomeHint);
    expect(screen.queryByRole('heading', { name: recordStrings.failed })).toBeNull();
    await act(async () => screen.getByRole('button', { name: recordStrings.retry }).click());
    await act(async () => answer.reject(new CallFailure('http.5xx', 500)));
    const failed = await screen.findByRole('alert', {}, patience);
    expect(within(failed).getByRole('heading').textContent).toBe(recordStrings.failed);
    expect(failed.textContent).toContain(errorStrings.server);
  });

  it('after "saved already" offers no Try again: the edits kept, a link to what was saved, and Save as new with a new key', async () => {
    const { answer, actor } = await renderAt('/records/new');
    await type(recordStrings.fields.name, 'Edited');
    await submit();
    const key = actor.getSnapshot().context.record.submitKey;
    await act(async () => answer.reject(new CallFailure('savedBefore', 422, undefined, { saved: { id: 12 } })));
    const notice = await screen.findByRole('alert', {}, patience);
    expect(within(notice).getByRole('heading').textContent).toBe(formStrings.savedBefore);
    expect(notice.textContent).toContain(formStrings.savedBeforeKept);
    expect(
      within(notice)
        .getByRole('link', { name: recordStrings.openSaved(12) })
        .getAttribute('href'),
    ).toBe('/records/12');
    expect(within(notice).queryByRole('button', { name: recordStrings.retry })).toBeNull();
    expect(field(recordStrings.fields.name).value).toBe('Edited');
    await act(async () => within(notice).getByRole('button', { name: formStrings.saveAsNew }).click());
    expect(screen.getByText(formStrings.saving)).toBeTruthy();
    expect(actor.getSnapshot().context.record.submitKey, 'a new key').not.toBe(key);
  });

  it('offers "Save as a change" after "saved already" when the app gives it, in the form’s own words if it has them', async () => {
    const sent: string[] = [];
    const record = emptyForm(emptyRecord);
    // A view of its own: the same FormScreen, given saveAsChange and words of its own for it.
    function WithChange() {
      return (
        <FormScreen
          heading={<ScreenHeading>{recordStrings.title}</ScreenHeading>}
          form={{
            ...record,
            values: { ...record.values, name: 'Edited' },
            callError: { code: 'savedBefore', status: 422, saved: { id: 12 } },
          }}
          fields={recordFields}
          phase="failed"
          words={{ ...recordStrings, saveAsChange: 'Change record 12' }}
          idPrefix="record"
          savedLink={<a href="/records/12">{recordStrings.openSaved(12)}</a>}
          on={{
            change: () => sent.push('change'),
            submit: () => sent.push('submit'),
            retry: () => sent.push('retry'),
            edit: () => sent.push('edit'),
            discard: () => sent.push('discard'),
            another: () => sent.push('another'),
            saveAsNew: () => sent.push('saveAsNew'),
            saveAsChange: () => sent.push('saveAsChange'),
          }}
        />
      );
    }
    const history = createMemoryHistory({ initialEntries: ['/records/new'] });
    const app = createApp({
      machine: referenceMachine,
      views: { ...views(), newRecord: lazyView(async () => ({ View: WithChange })) },
      strings,
      history,
    });
    await preloadActiveViews(app.router);
    render(app.element);
    const notice = await screen.findByRole('alert', {}, patience);
    expect(within(notice).getByRole('link', { name: recordStrings.openSaved(12) })).toBeTruthy();
    expect(within(notice).queryByRole('button', { name: recordStrings.retry })).toBeNull();
    await act(async () => within(notice).getByRole('button', { name: 'Change record 12' }).click());
    await act(async () => within(notice).getByRole('button', { name: formStrings.saveAsNew }).click());
    expect(sent).toEqual(['saveAsChange', 'saveAsNew']);
  });

  it('says a save the server found too large is too large, and keeps what was typed', async () => {
    const { answer } = await renderAt('/records/new');
    await type(recordStrings.fields.name, 'A name');
    await submit();
    await act(async () => answer.reject(new CallFailure('tooLarge', 413)));
    const notice = await screen.findByRole('alert', {}, patience);
    expect(within(notice).getByRole('heading').textContent).toBe(recordStrings.failed);
    expect(notice.textContent, 'a 413 is too large, not a lost answer').toContain(errorStrings.tooLarge);
    expect(notice.textContent).not.toContain(formStrings.unknownOutcome);
    expect(field(recordStrings.fields.name).value).toBe('A name');
  });

  it('offers no Discard changes on an untouched form, and offers it once something is typed', async () => {
    await renderAt('/records/new');
    const discard = () => screen.queryByRole('button', { name: recordStrings.discard });
    expect(discard(), 'nothing to discard: the button would do nothing and say nothing').toBeNull();
    await type(recordStrings.fields.name, 'A name');
    expect(discard()).not.toBeNull();
    await act(async () => discard()?.click());
    expect(field(recordStrings.fields.name).value).toBe('');
    expect(discard(), 'discarded: nothing left to discard').toBeNull();
  });

  it('refuses to leave while dirty, and saves', async () => {
    const { history, answer } = await renderAt('/records/new');
    await type(recordStrings.fields.name, 'A name');
    expect(screen.getByText(formStrings.unsaved)).toBeTruthy();
    await act(async () => screen.getByRole('link', { name: 'Home' }).click());
    expect(history.location.pathname).toBe('/records/new');
    await submit();
    await act(async () => answer.resolve({ id: 1 }));
    expect(await screen.findByRole('heading', { name: recordStrings.saved }, patience)).toBeTruthy();
    await act(async () => screen.getByRole('link', { name: 'Home' }).click());
    expect(history.location.pathname).toBe('/');
  });
});

describe('access in the DOM', () => {
  const nav = () =>
    within(screen.getByRole('navigation'))
      .getAllByRole('link')
      .map((link) => link.textContent);

  it('hides a nav entry the role may not see, and shows it to a role that may', async () => {
    await renderAt('/');
    expect(nav()).not.toContain(accessStrings.adminNav);
    cleanup();
    await renderAt('/', { roles: ['admin'] });
    expect(nav()).toContain(accessStrings.adminNav);
  });

  it('keeps a nav entry that is refused only because of unsaved input', async () => {
    await renderAt('/records/new');
    const before = nav();
    await type(recordStrings.fields.name, 'A name');
    expect(nav()).toEqual(before);
  });

  it('lands a refused deep link on not allowed, then returns to it after signing in', async () => {
    const { history } = await renderAt('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: accessStrings.notAllowed }, patience)).toBeTruthy();
    expect(history.location.pathname).toBe('/not-allowed');
    await act(async () => screen.getByRole('button', { name: accessStrings.signIn }).click());
    expect(await screen.findByRole('heading', { level: 1, name: accessStrings.admin }, patience)).toBeTruthy();
    expect(history.location.pathname).toBe('/admin');
    expect(nav()).toContain(accessStrings.adminNav);
  });
});
