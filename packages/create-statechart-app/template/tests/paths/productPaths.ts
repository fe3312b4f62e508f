import { appMachine } from '../../machines/appMachine';
import { strings } from '../../machines/strings';
import { makeSpec, routeExecutor } from '@statechart/paths';

/** What the product machine's path tests send, and how a person performs and sees each. */
export const productSpec = makeSpec({
  name: 'product',
  productName: strings.productName,
  machine: appMachine,
  params: { '*': ['/no/such/page'] },
  search: {},
  events: [{ type: 'view.failed', url: '/', message: 'A view failed' }],
  urls: ['/', '/no/such/page', '/?q=1', '/%E0%A4%A', `/${'x'.repeat(3000)}`],
  executors: {
    'xstate.route': routeExecutor,
    'view.failed': (event) => ({ do: 'report', event }),
  },
  assertions: {
    home: { heading: strings.home.heading, title: strings.home.title },
    notFound: { heading: strings.notFound.heading, title: strings.notFound.title },
    error: { heading: strings.error.heading, title: strings.error.title },
  },
});
