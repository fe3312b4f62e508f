/**
 * Type tests of the product machine (tsc, in `npm run lint`): its `on:` keys name its events, its
 * context's params agree with what its routes parse, and its views' links and events are typed by it.
 */
import type { ContextParamsAgree, EventsDeclared } from '@statechart/core';
import type { appMachine } from '../../machines/appMachine';
import { Link as ProductLink, useSend as useProductSend } from '../../src/appRouting';

export const productEvents: EventsDeclared<typeof appMachine> = true;
export const productAgrees: ContextParamsAgree<typeof appMachine> = true;

export function ProductTyped() {
  const send = useProductSend();
  send({ type: 'view.failed', url: '/', message: 'm' });
  // @ts-expect-error a reference-machine event is not the product's
  send({ type: 'editor.change' });
  return (
    <>
      <ProductLink to="#home">x</ProductLink>
      {/* @ts-expect-error #sectionItem is the reference machine's, not the product's */}
      <ProductLink to="#sectionItem" params={{ id: 1 }}>
        x
      </ProductLink>
    </>
  );
}
