/**
 * `@statechart/core/internal`: what the framework's own packages (the React binding, calls, forms,
 * devtools, path tests) share with the routing core, and nothing a product needs.
 *
 * **Semver does not cover this entry**: any name here may change or go in any release, patch
 * releases included. Products, examples and docs never import it (eslint.config.js refuses it
 * there); a product that seems to need one of these names should ask for a public API instead.
 * Tests of the core import these from its source, not from here.
 */
export { BOOT_EVENT, BOOT_STATE, isBooting, ownParams, ROUTE_GUARD } from './routed';
export { activeNodes, activeNodesOf, paramsOf, sameScreens, screenKey, screensKey, screenTitles } from './screens';
export { linkLocations } from './links';
export { createDeferredRouterSync, loadRouterMoves } from './syncStart';
export { refusesLeaving } from './leaving';
export { registerWarmable, warmLogic } from './warmable';
