/**
 * Requests React Router refused because their Origin is not the request's own
 * (throwIfPotentialCSRFAttack): entry.server's handleError adds them, and the request handler
 * (server/react-router-handler.ts) answers them with the Turkish refusal instead of React
 * Router's English "Bad Request". On globalThis, as the page store: the server bundle and
 * the app build each have a copy of this module.
 */
const holder = globalThis as typeof globalThis & { __bonusOriginRefusals?: WeakSet<Request> };
export const originRefusals: WeakSet<Request> = (holder.__bonusOriginRefusals ??= new WeakSet<Request>());
