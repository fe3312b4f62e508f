/**
 * The development API server (Node only): the product's handlers behind `/api` in `npm start`
 * and `vite preview`, its idempotency memory, and the control endpoints the tests use.
 */
export { apiControl } from './apiControl';
export { type ApiServer, type Handlers, startApiServer } from './apiServer';
