import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { changedElsewhere, keepOwn, takeOther } from '../src/elsewhere';
import { emptyForm, formDraft, submitted, withField, type FormValues } from '../src/forms';

type Field = 'name' | 'note';
const empty: FormValues<Field> = { name: '', note: '' };
const schema = v.object({ name: v.pipe(v.string(), v.nonEmpty('Enter a name.')), note: v.string() });
const typed = (name: string) => withField<Field>(emptyForm(empty), schema, 'name', name);
const changed = (name: string) => ({ kind: 'changed' as const, draft: { values: { name } } });

describe("a form and another tab's changes to the shared draft (packages/forms/src/elsewhere.ts)", () => {
  it('asks, keeping its values, when the change would replace text typed here', () => {
    const form = changedElsewhere(typed('alpha'), changed('beta'), true);
    expect(form.values.name).toBe('alpha');
    expect(form.asked).toEqual(changed('beta'));
    expect(form.asks).toBe(1);
    for (const kind of ['saved', 'discarded'] as const) {
      const ended = changedElsewhere(typed('alpha'), { kind }, true);
      expect(ended.values.name).toBe('alpha');
      expect(ended.asked).toEqual({ kind });
    }
  });

  it('asks anew only about another kind of change, and keeps the latest text of the other tab', () => {
    let form = changedElsewhere(typed('alpha'), changed('b'), true);
    form = changedElsewhere(form, changed('beta'), true);
    expect(form.asks).toBe(1);
    expect(form.asked).toEqual(changed('beta'));
    form = changedElsewhere(form, { kind: 'discarded' }, true);
    expect(form.asks).toBe(2);
  });

  it("follows, and says so, when this tab's text is not its own or it has none", () => {
    const followed = changedElsewhere(typed('alpha'), changed('beta'), false);
    expect(followed.values).toEqual({ name: 'beta', note: '' });
    expect(followed.followed).toBe('changed');
    expect(followed.asked).toBeUndefined();
    const clean = changedElsewhere(emptyForm(empty), changed('beta'), true);
    expect(clean.values.name).toBe('beta');
    const ended = changedElsewhere(typed('alpha'), { kind: 'saved' }, false);
    expect(ended.values).toEqual(empty);
    expect(ended.followed).toBe('saved');
  });

  it('neither asks nor says anything when the other tab has the same text, and drops a question that no longer holds', () => {
    const asking = changedElsewhere(typed('alpha'), changed('beta'), true);
    const same = changedElsewhere(asking, changed('alpha'), true);
    expect(same.asked).toBeUndefined();
    expect(same.followed).toBeUndefined();
    expect(same.values.name).toBe('alpha');
  });

  it("keeps this tab's text, or takes the other tab's (errors and the submit key go with the old values)", () => {
    const asking = {
      ...changedElsewhere(typed('alpha'), changed('beta'), true),
      errors: { note: 'x' },
      submitKey: 'k',
    };
    expect(keepOwn(asking)).toMatchObject({ values: { name: 'alpha' }, asked: undefined, submitKey: 'k' });
    const taken = takeOther(asking);
    expect(taken).toMatchObject({ values: { name: 'beta', note: '' }, asked: undefined, errors: {} });
    expect(taken.submitKey).toBeUndefined();
    expect(takeOther(changedElsewhere(typed('alpha'), { kind: 'discarded' }, true)).values).toEqual(empty);
    expect(takeOther(typed('alpha')).values.name, 'nothing asked: nothing taken').toBe('alpha');
  });

  it('takes the other tab’s key with its draft, and a new key for text kept over a draft that ended there', () => {
    const theirs = { kind: 'changed' as const, draft: { values: { name: 'beta' }, submitKey: 'their-key' } };
    expect(changedElsewhere(emptyForm(empty), theirs, false).submitKey, 'one draft, one key in every tab').toBe(
      'their-key',
    );
    expect(takeOther(changedElsewhere(typed('alpha'), theirs, true)).submitKey).toBe('their-key');
    const mine = typed('alpha');
    const keptOverSaved = keepOwn(changedElsewhere(mine, { kind: 'saved' }, true));
    expect(keptOverSaved.submitKey, 'the saved draft’s key would be answered with its save').toMatch(/^[0-9a-f-]{36}$/);
    expect(keptOverSaved.submitKey).not.toBe(mine.submitKey);
  });

  it('takes what the other tab’s key first sent with the key, so writing the draft back writes the same draft', () => {
    const mine = submitted(typed('beta'));
    const theirs = {
      kind: 'changed' as const,
      draft: { values: { name: 'beta' }, submitKey: 'their-key', sent: { name: 'beta' } },
    };
    const taken = changedElsewhere(mine, theirs, true);
    expect(taken, 'the same text: followed, with their key and what it sent').toMatchObject({
      values: { name: 'beta', note: '' },
      submitKey: 'their-key',
      sent: { name: 'beta', note: '' },
      asked: undefined,
    });
    expect(formDraft(taken)).toEqual({ ...theirs.draft, values: taken.values, sent: taken.sent });
    expect(changedElsewhere(mine, changed('beta'), true).sent, 'their key sent nothing yet: nor did it here').toBe(
      undefined,
    );
    expect(
      takeOther(changedElsewhere(mine, { kind: 'saved' }, true)).sent,
      'a draft saved there: no key',
    ).toBeUndefined();
  });

  it('forgets that it followed another tab once the person types here', () => {
    const followed = changedElsewhere(emptyForm(empty), changed('beta'), false);
    expect(withField(followed, schema, 'name', 'beta!').followed).toBeUndefined();
  });
});
