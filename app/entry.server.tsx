import { PassThrough } from "node:stream";

import type { AppLoadContext, EntryContext } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import {
  isRouteErrorResponse,
  ServerRouter,
  type HandleErrorFunction,
} from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { DeferHydration } from "~/lib/defer-hydration.server";
import { originRefusals } from "~/lib/origin-refusals.server";
import "~/lib/zod-turkish";

// React Router's default entry (`react-router reveal`), plus handleError and the deferred
// hydration scripts (lib/defer-hydration.server.ts).
export const streamTimeout = 5_000;

/** A 4xx a visitor caused (such as a POST to a page that takes none, or an OPTIONS request). */
function visitorErrorOf(error: unknown): { status: number; reason: string } | null {
  if (isRouteErrorResponse(error) && error.status < 500) return { status: error.status, reason: error.statusText };
  return null;
}

/** React Router's refusal of a form whose Origin is not the request's (throwIfPotentialCSRFAttack). */
const CROSS_ORIGIN_REFUSAL = /^(?:The `request\.url` origin does not match `origin` header|`origin` header is not a valid URL)\b.*Aborting the action\.$/;

/**
 * What a visitor got wrong (a 4xx such as a POST to a page that takes none, or an OPTIONS
 * request) is one log line, never a stack: strangers must not be able to fill the log.
 * Anything the server got wrong is logged whole.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // The request handler answers it in Turkish, with the log line (server/react-router-handler.ts).
  if (error instanceof Error && CROSS_ORIGIN_REFUSAL.test(error.message)) {
    originRefusals.add(request);
    return;
  }
  const visitorError = visitorErrorOf(error);
  if (visitorError) {
    console.warn(`${visitorError.status} ${request.method.slice(0, 20)} ${new URL(request.url).pathname.slice(0, 200)}: ${visitorError.reason}`);
    return;
  }
  console.error(error);
};

/** Whether the page is a back-office screen (its route sits under the admin layout). */
function isBackOffice(context: EntryContext): boolean {
  return context.staticHandlerContext.matches.some((match) => match.route.id === "routes/admin/layout");
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: AppLoadContext,
  // If you have middleware enabled:
  // loadContext: RouterContextProvider
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");

    // Ensure requests from bots and SPA Mode renders wait for all content to load before responding
    // https://react.dev/reference/react-dom/server/renderToPipeableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode
        ? "onAllReady"
        : "onShellReady";

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        [readyOption]() {
          shellRendered = true;
          // Issue 10 §3: a public page's scripts start after it has loaded (lib/defer-hydration);
          // the back office, where an operator acts at once, keeps them immediate.
          const body = isBackOffice(routerContext) ? new PassThrough() : new DeferHydration();
          body.once("finish", () => {
            // Clear the timeout to prevent retaining the closure and memory leak
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          const stream = createReadableStreamFromReadable(body);

          responseHeaders.set("Content-Type", "text/html");

          pipe(body);

          resolve(
            new Response(stream, {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Log streaming rendering errors from inside the shell.  Don't log
          // errors encountered during initial shell rendering since they'll
          // reject and get logged in handleDocumentRequest.
          if (shellRendered) {
            console.error(error);
          }
        },
      },
    );
  });
}
