/**
 * Wording helpers for the strings catalogue (machines/strings.ts): `{name}` interpolation and
 * plurals chosen by Intl.PluralRules, so a catalogue in another language brings its own forms.
 */
export type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const rules = new Map<string, Intl.PluralRules>();

/** `'{count} fields'` with `{ count: 2 }` → `'2 fields'`; an unknown `{name}` stays as written. */
export function interpolate(template: string, values: Record<string, unknown> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The form of `forms` for `count` in `locale`, interpolated with `count` and `values`. */
export function plural(forms: Plural, count: number, values: Record<string, unknown> = {}, locale = 'en'): string {
  let rule = rules.get(locale);
  if (!rule) rules.set(locale, (rule = new Intl.PluralRules(locale)));
  const form = count === 0 && forms.zero !== undefined ? forms.zero : (forms[rule.select(count)] ?? forms.other);
  return interpolate(form, { ...values, count });
}
