import { formStrings } from '../src/formStrings';
import * as v from 'valibot';
import { createActor, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  emptyForm,
  formDraft,
  fieldErrors,
  isDirty,
  serverFieldErrors,
  submission,
  submitFailed,
  submitted,
  withField,
} from '../src/forms';
import { CallFailure } from '@statechart/calls';
import { storage } from '../src/constants';
import { sharedDraft } from '../src/sharedDraft';
import { fakeOrigin } from './fakeOrigin';
import { interpolate, plural } from '@statechart/core';
import { refusesLeaving } from '@statechart/core/internal';
import {
  emptyRecord,
  recordDraftSchema,
  recordFields,
  recordSchema,
  recordStrings,
} from '../../../examples/reference/recordForm';
import { referenceMachine } from '../../../examples/reference/referenceMachine';

const start = (input?: unknown) => createActor(referenceMachine, { input }).start();
const route = (to: `#${string}`, params: Record<string, unknown> = {}) => ({
  type: 'xstate.route' as const,
  to,
  params,
});
const main = (snapshot: SnapshotFrom<typeof referenceMachine>) =>
  (snapshot.value as { app: { main: unknown } }).app.main;

describe('form helpers (src/forms.ts)', () => {
  it('keeps the first message of each refused field and nothing for valid values', () => {
    expect(fieldErrors(recordSchema, emptyRecord)).toEqual({ name: recordStrings.required });
    expect(fieldErrors(recordSchema, { ...emptyRecord, name: 'x', quantity: '100' })).toEqual({
      quantity: recordStrings.range,
    });
    expect(fieldErrors(recordSchema, { name: 'x', quantity: '7', category: 'first' })).toEqual({});
  });

  it('clears a shown error as soon as its field is fixed, and does not show errors while typing', () => {
    const refused = { ...emptyForm(emptyRecord), errors: fieldErrors(recordSchema, emptyRecord) };
    expect(withField(refused, recordSchema, 'name', 'x').errors).toEqual({});
    expect(withField(emptyForm(emptyRecord), recordSchema, 'quantity', 'abc').errors).toEqual({});
  });

  it('gives a draft one Idempotency-Key, from its first edit, kept by every submit, edit and stored draft until a new form', () => {
    const filled = withField(emptyForm(emptyRecord), recordSchema, 'name', 'A name');
    expect(filled.submitKey, 'the first edit makes the draft’s key').toMatch(/^[0-9a-f-]{36}$/);
    expect(submission(filled)).toEqual({ values: filled.values, idempotencyKey: filled.submitKey });
    expect(submitted(emptyForm(emptyRecord)).submitKey, 'a submit without an edit makes one').toMatch(
      /^[0-9a-f-]{36}$/,
    );
    const sent = submitted({ ...filled, failure: 'before', errors: { name: 'x' } });
    expect(sent.submitKey).toBe(filled.submitKey);
    expect(sent).toMatchObject({ errors: {}, failure: undefined, submitKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(submission(sent)).toEqual({ values: filled.values, idempotencyKey: sent.submitKey });
    const failed = submitFailed(sent, new CallFailure('unknownOutcome'), 'Not saved');
    expect(failed).toMatchObject({
      failure: 'Not saved',
      callError: { code: 'unknownOutcome' },
      submitKey: sent.submitKey,
    });
    // Sent again unchanged (after "Back to the form"): the same submit.
    expect(submitted(failed).submitKey).toBe(sent.submitKey);
    expect(submitted(failed).callError).toBeUndefined();
    // An edit, or an edit and its revert, is the same draft: saved at most once, so the same key.
    const edited = withField(failed, recordSchema, 'name', 'Another');
    expect(submitted(edited).submitKey).toBe(sent.submitKey);
    expect(submitted(withField(edited, recordSchema, 'name', 'A name')).submitKey).toBe(sent.submitKey);
    // Kept with the draft, and back from it (a reload); a new form has none.
    expect(formDraft(edited)).toEqual({ values: edited.values, submitKey: sent.submitKey, sent: filled.values });
    expect(emptyForm(emptyRecord, formDraft(edited))).toMatchObject({
      values: edited.values,
      submitKey: sent.submitKey,
    });
    expect(emptyForm(emptyRecord).submitKey).toBeUndefined();
  });

  it('keeps the values a key first sent while they may be saved, and spends the key after "saved already"', () => {
    const first = submitted(withField(emptyForm(emptyRecord), recordSchema, 'name', 'First'));
    expect(first.sent, 'the first submit with the key').toEqual(first.values);
    const unknown = submitFailed(first, new CallFailure('unknownOutcome'), 'Not saved');
    const edited = submitted(withField(unknown, recordSchema, 'name', 'Edited'));
    expect(edited.sent, 'an unknown outcome may have saved them: kept').toEqual(first.values);
    expect(submission(edited)).toEqual({
      values: edited.values,
      idempotencyKey: first.submitKey,
      sent: first.values,
    });
    const refused = submitFailed(edited, new CallFailure('savedBefore', 422), 'Not saved');
    const asNew = submitted(refused);
    expect(asNew.submitKey, 'the refused key is never sent again').not.toBe(first.submitKey);
    expect(asNew.sent).toEqual(edited.values);
    expect(submission(asNew)).toEqual({ values: edited.values, idempotencyKey: asNew.submitKey });
    // An answer that says nothing was saved: the next submit's values are what the key sends first.
    const failed = submitFailed(edited, new CallFailure('http.5xx', 500), 'Not saved');
    expect(failed.sent).toBeUndefined();
    const again = submitted(withField(failed, recordSchema, 'name', 'Third'));
    expect(again.submitKey).toBe(first.submitKey);
    expect(again.sent).toEqual(again.values);
  });

  it('keeps the values a key first sent in the stored draft while its outcome is unknown, across a reload', () => {
    const origin = fakeOrigin();
    const problems: string[] = [];
    /** The reference's draft in one tab of `origin` (a reload: the same tab's storage, a new page). */
    const stored = (tab: ReturnType<typeof origin.tab>, version: number = storage.draftVersion) =>
      sharedDraft({
        key: 'draft:newRecord',
        version,
        schema: recordDraftSchema,
        storage: () => tab.local,
        tabStorage: () => tab.session,
        report: (problem) => void problems.push(problem),
        events: tab.events,
      });
    const tab = origin.tab();
    const before = stored(tab);
    before.load();
    const first = submitted(withField(emptyForm(emptyRecord), recordSchema, 'name', 'First'));
    const unknown = submitFailed(first, new CallFailure('unknownOutcome'), 'Not saved');
    before.save(formDraft(withField(unknown, recordSchema, 'name', 'Edited')));

    const reloaded = origin.tab(tab);
    const loaded = stored(reloaded).load();
    expect(loaded, 'the draft, its key and what the key first sent').toEqual({
      values: { ...emptyRecord, name: 'Edited' },
      submitKey: first.submitKey,
      sent: first.values,
    });
    const again = submitted(emptyForm(emptyRecord, loaded));
    expect(submission(again), 'after the reload the save still sends the first values along').toEqual({
      values: { ...emptyRecord, name: 'Edited' },
      idempotencyKey: first.submitKey,
      sent: first.values,
    });
    expect(problems).toEqual([]);

    // An answer that says nothing was saved: the stored draft has the key only (storage stays small).
    expect(formDraft(submitFailed(first, new CallFailure('http.5xx', 500), 'Not saved'))).toEqual({
      values: first.values,
      submitKey: first.submitKey,
    });
    // First values the schema refuses, or without a key, are left out; the values and the key stay.
    const odd = { version: storage.draftVersion, savedAt: '', data: {} };
    const read = (data: unknown) => {
      const next = origin.tab();
      next.local.setItem('draft:newRecord', JSON.stringify({ ...odd, data: { revision: 'r', draft: data } }));
      return stored(next).load();
    };
    expect(read({ values: { name: 'a' }, submitKey: first.submitKey, sent: { name: 3 } })).toEqual({
      values: { name: 'a' },
      submitKey: first.submitKey,
    });
    expect(read({ values: { name: 'a' }, sent: { name: 'b' } })).toEqual({ values: { name: 'a' } });
    // The draft's version rules hold for them as for the rest: an older version's draft is dropped whole,
    // a newer one's left in place for the app that reads it.
    const older = origin.tab();
    stored(older, storage.draftVersion - 1).save({ values: { name: 'old' }, submitKey: 'k', sent: { name: 'o' } });
    expect(stored(origin.tab()).load()).toBeUndefined();
    expect(problems).toContain('old-version');
    stored(origin.tab(), storage.draftVersion + 1).save({
      values: { name: 'new' },
      submitKey: 'k',
      sent: { name: 'n' },
    });
    expect(stored(origin.tab()).load()).toBeUndefined();
    expect(problems).toContain('newer-version');
    expect(JSON.parse(origin.tab().local.getItem('draft:newRecord') ?? '{}').data.draft.sent).toEqual({ name: 'n' });
  });

  it('is dirty while the values differ from the saved ones', () => {
    const form = emptyForm(emptyRecord);
    expect(isDirty(form)).toBe(false);
    expect(isDirty(withField(form, recordSchema, 'name', 'x'))).toBe(true);
    expect(isDirty(withField(withField(form, recordSchema, 'name', 'x'), recordSchema, 'name', ''))).toBe(false);
  });

  it('maps a call’s field errors onto the form’s fields, dropping unknown fields', () => {
    const messages = { taken: 'Used.' };
    const error = {
      fieldErrors: [
        { field: 'name', code: 'taken' },
        { field: 'quantity', code: 'odd' },
        { field: 'x', code: 'taken' },
      ],
    };
    expect(serverFieldErrors(error, recordFields, messages, 'Refused.')).toEqual({
      name: 'Used.',
      quantity: 'Refused.',
    });
    expect(serverFieldErrors(new Error('offline'), recordFields, messages, 'Refused.')).toBeUndefined();
    expect(serverFieldErrors({ fieldErrors: [{ field: 'x', code: 'a' }] }, recordFields, messages, '')).toBeUndefined();
  });

  it('treats a code named like an Object.prototype member (__proto__, constructor, toString) as unknown', () => {
    for (const code of ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty']) {
      const error = JSON.parse(`{"fieldErrors":[{"field":"name","code":${JSON.stringify(code)}}]}`) as unknown;
      expect(serverFieldErrors(error, recordFields, { taken: 'Used.' }, 'Refused.'), code).toEqual({
        name: 'Refused.',
      });
    }
  });
});

describe('wording helpers (@statechart/core)', () => {
  it('interpolates named values and leaves unknown names as written', () => {
    expect(interpolate('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });

  it('chooses the plural form with Intl.PluralRules', () => {
    expect(plural(formStrings.summary, 1)).toBe('There is a problem with 1 field');
    expect(plural(formStrings.summary, 3)).toBe('There are problems with 3 fields');
    expect(plural({ one: '{count} Datei', other: '{count} Dateien' }, 2, {}, 'de')).toBe('2 Dateien');
  });
});

describe('the reference form (newRecord)', () => {
  it('refuses an empty submit: field errors in context, the values kept, a refusal counted', () => {
    const actor = start();
    actor.send(route('#newRecord'));
    actor.send({ type: 'record.change', field: 'quantity', value: '500' });
    actor.send({ type: 'record.submit' });
    const { record } = actor.getSnapshot().context;
    expect(main(actor.getSnapshot())).toEqual({ newRecord: 'editing' });
    expect(record.errors).toEqual({ name: recordStrings.required, quantity: recordStrings.range });
    expect(record.values.quantity).toBe('500');
    expect(record.refusals).toBe(1);
  });

  it('ignores a change event whose payload fails the edge schema', () => {
    const actor = start();
    actor.send(route('#newRecord'));
    actor.send({ type: 'record.change', field: 'nope', value: 'x' } as never);
    actor.send({ type: 'record.change', field: 'name', value: 42 } as never);
    actor.send({ type: 'record.change', field: 'name', value: 'x'.repeat(5000) });
    expect(actor.getSnapshot().context.record.values).toEqual(emptyRecord);
  });

  it('submits valid input, refuses to leave until saved, then leaves', () => {
    const actor = start();
    actor.send(route('#newRecord'));
    actor.send({ type: 'record.change', field: 'name', value: 'A name' });
    expect(refusesLeaving(referenceMachine, actor.getSnapshot())).toBe(true);
    actor.send(route('#home'));
    expect(main(actor.getSnapshot())).toEqual({ newRecord: 'editing' });
    actor.send({ type: 'record.submit' });
    expect(main(actor.getSnapshot())).toEqual({ newRecord: 'submitting' });
    actor.send({ type: 'xstate.done.actor.submitRecord', output: { id: 1 } } as never);
    expect(main(actor.getSnapshot())).toEqual({ newRecord: 'saved' });
    expect(refusesLeaving(referenceMachine, actor.getSnapshot())).toBe(false);
    actor.send(route('#home'));
    expect(main(actor.getSnapshot())).toBe('home');
  });

  it('puts a call’s field errors on the fields and a failure without them in failed, keeping the input', () => {
    const actor = start();
    actor.send(route('#newRecord'));
    actor.send({ type: 'record.change', field: 'name', value: 'taken' });
    actor.send({ type: 'record.submit' });
    actor.send({
      type: 'xstate.error.actor.submitRecord',
      error: { fieldErrors: [{ field: 'name', code: 'taken' }] },
    } as never);
    expect(main(actor.getSnapshot())).toEqual({ newRecord: 'editing' });
    expect(actor.getSnapshot().context.record.errors).toEqual({ name: recordStrings.serverCodes.taken });
    actor.send({ type: 'record.submit' });
    actor.send({ type: 'xstate.error.actor.submitRecord', error: new Error('offline') } as never);
    expect(main(actor.getSnapshot())).toEqual({ newRecord: 'failed' });
    expect(actor.getSnapshot().context.record.values.name).toBe('taken');
    actor.send({ type: 'record.retry' });
    expect(main(actor.getSnapshot())).toEqual({ newRecord: 'submitting' });
  });

  it('starts from a draft given as input, dirty, and ignores a draft of the wrong shape', () => {
    const actor = start({ draft: { values: { name: 'kept' } } });
    actor.send(route('#newRecord'));
    expect(actor.getSnapshot().context.record.values.name).toBe('kept');
    expect(refusesLeaving(referenceMachine, actor.getSnapshot())).toBe(true);
    expect(start({ draft: { values: { name: 3 } } }).getSnapshot().context.record.values).toEqual(emptyRecord);
  });

  it('keeps a stored draft’s values when its key is not a valid Idempotency-Key, and saves them under a new key', () => {
    for (const submitKey of ['', 'a key with spaces', 'x'.repeat(256), 42]) {
      const actor = start({ draft: { values: { name: 'kept' }, submitKey } });
      const { record } = actor.getSnapshot().context;
      expect(record.values.name, `the draft's values with the key ${JSON.stringify(submitKey)}`).toBe('kept');
      expect(record.submitKey, 'the invalid key is not kept').toBeUndefined();
      expect(submitted(record).submitKey, 'its submit makes a new key').toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('access (admin and notAllowed)', () => {
  it('sends a role without access to notAllowed, keeping the target as a state id and params', () => {
    const actor = start();
    actor.send(route('#admin'));
    expect(main(actor.getSnapshot())).toBe('notAllowed');
    expect(actor.getSnapshot().context.returnTo?.to).toBe('#admin');
    expect(JSON.stringify(actor.getSnapshot().context.returnTo)).not.toContain('/admin');
  });

  it('returns to the target once signed in, and leaves it when signed out', () => {
    const actor = start();
    actor.send(route('#admin'));
    actor.send({ type: 'session.signedIn', roles: ['admin'] });
    expect(main(actor.getSnapshot())).toBe('admin');
    actor.send({ type: 'session.signedOut' });
    expect(main(actor.getSnapshot())).toBe('notAllowed');
  });

  it('goes on to the target when notAllowed is shown again once the role is held (Back, a link)', () => {
    const actor = start();
    actor.send(route('#admin'));
    actor.send({ type: 'session.signedIn', roles: ['admin'] });
    expect(main(actor.getSnapshot())).toBe('admin');
    // Back to /not-allowed: the router sends the route to it; the machine goes on.
    actor.send(route('#notAllowed'));
    expect(main(actor.getSnapshot())).toBe('admin');
    // Without a kept target it is shown, whatever the roles.
    const direct = start({ roles: ['admin'] });
    direct.send(route('#notAllowed'));
    expect(main(direct.getSnapshot())).toBe('notAllowed');
    // Without the role it stays, and does not loop.
    const refused = start();
    refused.send(route('#admin'));
    refused.send(route('#notAllowed'));
    expect(main(refused.getSnapshot())).toBe('notAllowed');
  });

  it('takes the roles from input, and ignores input of the wrong shape', () => {
    const admin = start({ roles: ['admin'] });
    admin.send(route('#admin'));
    expect(main(admin.getSnapshot())).toBe('admin');
    const bad = start({ roles: 'admin' });
    bad.send(route('#admin'));
    expect(main(bad.getSnapshot())).toBe('notAllowed');
    expect(v.is(v.array(v.string()), bad.getSnapshot().context.roles)).toBe(true);
  });
});
