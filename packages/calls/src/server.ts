/**
 * The development API server (Node only): the product's handlers behind `/api` in `npm start`
 * and `vite preview`, its idempotency memory, and the control endpoints the tests use.
 */
export { apiControl } from './apiControl';
export {
  type ApiServer,
  type ApiServerLimits,
  type Behaviour as ApiBehaviour,
  type Handler as ApiHandler,
  type HandlerAnswer as ApiHandlerAnswer,
  type HandlerRequest as ApiHandlerRequest,
  type Handlers,
  type Method as ApiMethod,
  type RequestRecord as ApiRequestRecord,
  type Rule as ApiRule,
  startApiServer,
} from './apiServer';
