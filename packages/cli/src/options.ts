import { form } from './form';
import { list } from './list';
import { loads } from './loads';
import type { ScreenOption } from './option';
import { role } from './role';
import { tabs } from './tabs';

/**
 * The options with pieces of their own, in the order their pieces are written. The first that
 * applies with a view writes the screen's view (tabs, a list, a call and a form each shape the whole view;
 * a role adds only a button, so it comes last). `--parent` and `:param`s change where and how the
 * state is written: the core does them (parent.ts, param.ts).
 */
export const options: ScreenOption[] = [tabs, list, loads, form, role];
