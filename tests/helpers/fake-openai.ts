import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A scripted OpenAI-compatible endpoint on 127.0.0.1 (STYLE.md: external HTTP is a small fake
 * server the tests start). It serves POST {base}/chat/completions; each request is answered
 * by `fake.script(request)`, which returns one of the cases below. Streaming is not served:
 * the application never streams.
 */
export type FakeAnswer =
  | { json: unknown } // a well-formed answer whose message is this value as JSON
  | { text: string } // the message text as it is (broken JSON, JSON in a ```json fence, prose)
  | { empty: true } // a completion whose message is empty
  | { noChoices: true } // a completion without any choice
  | { status: number; error: { message: string; type?: string; code?: string | null } } // an API error
  | { delayMs: number; then: FakeAnswer } // answers after a while (past the caller's timeout)
  | { hangUp: true } // closes the connection without an answer
  | { rawBody: string }; // a 200 JSON response whose body is this text as it is (a completion missing its parts, or no JSON at all)

export type FakeRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    max_tokens?: number;
    temperature?: number;
    stream?: boolean;
    messages?: { role: string; content: string }[];
    [key: string]: unknown;
  };
};

export type FakeOpenAi = {
  /** The base URL to give the client (`OPENAI_BASE_URL`), ending in /v1. */
  baseURL: string;
  requests: FakeRequest[];
  /** Answers a request; may be async (to look at the database while a call is in flight). */
  script: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;
  close: () => Promise<void>;
};

/** The user prompt of a request. */
export function promptOf(request: FakeRequest): string {
  return request.body.messages?.find((m) => m.role === "user")?.content ?? "";
}

/**
 * Which of admin.md §7's calls a request is, read from its parameters (they differ by
 * max_tokens, and blog generation from expansion by its temperature).
 */
export function callKind(request: FakeRequest): "blog" | "expand" | "seo" | "ideas" | "page-seo" | "unknown" {
  const { max_tokens: maxTokens, temperature } = request.body;
  if (maxTokens === 300) return "seo";
  if (maxTokens === 2000) return "ideas";
  if (maxTokens === 1000) return "page-seo";
  if (maxTokens === 10000) return temperature === 0.7 ? "blog" : "expand";
  return "unknown";
}

function completion(model: string, content: string | null, withChoice = true) {
  return {
    id: "chatcmpl-fake",
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: withChoice ? [{ index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: "stop", logprobs: null }] : [],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

export async function startFakeOpenAi(script: FakeOpenAi["script"] = () => ({ json: {} })): Promise<FakeOpenAi> {
  const timers = new Set<NodeJS.Timeout>();
  const fake = { requests: [] as FakeRequest[], script };
  const answer = (res: http.ServerResponse, model: string, reply: FakeAnswer): void => {
    if (res.destroyed) return;
    if ("delayMs" in reply) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        answer(res, model, reply.then);
      }, reply.delayMs);
      timers.add(timer);
      return;
    }
    if ("hangUp" in reply) {
      res.socket?.destroy();
      return;
    }
    if ("rawBody" in reply) {
      res.writeHead(200, { "Content-Type": "application/json" }).end(reply.rawBody);
      return;
    }
    if ("status" in reply) {
      res.writeHead(reply.status, { "Content-Type": "application/json" }).end(JSON.stringify({ error: { type: "invalid_request_error", code: null, param: null, ...reply.error } }));
      return;
    }
    const content = "json" in reply ? JSON.stringify(reply.json) : "text" in reply ? reply.text : "";
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(completion(model, content, !("noChoices" in reply))));
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      let body: FakeRequest["body"] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
      } catch {
        // recorded as empty; the script decides
      }
      const request: FakeRequest = { method: req.method ?? "", path: req.url ?? "", authorization: req.headers.authorization, body };
      fake.requests.push(request);
      if (request.method !== "POST" || !request.path.endsWith("/chat/completions")) {
        res.writeHead(404, { "Content-Type": "application/json" }).end(JSON.stringify({ error: { message: `Unknown path ${request.path}`, type: "invalid_request_error" } }));
        return;
      }
      Promise.resolve()
        .then(() => fake.script(request))
        .then(
          (reply) => answer(res, body.model ?? "unknown", reply),
          (error: unknown) => {
            if (!res.destroyed) res.writeHead(500, { "Content-Type": "application/json" }).end(JSON.stringify({ error: { message: `fake script failed: ${String(error)}` } }));
          },
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseURL: `http://127.0.0.1:${port}/v1`,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

// ---- Answers the tests share -----------------------------------------------------------

/** A Turkish post of `words` words in the editor's HTML. */
export function postHtml(words: number, seed = "bonus"): string {
  const paragraphs: string[] = [];
  for (let left = words; left > 0; left -= 50) {
    paragraphs.push(`<p>${Array.from({ length: Math.min(50, left) }, (_, i) => `${seed}${i % 7 === 0 ? "." : ""}`).join(" ")}</p>`);
  }
  return paragraphs.join("");
}

export const MODEL_NOT_FOUND: FakeAnswer = {
  status: 404,
  error: { message: "The model `gpt-yok` does not exist or you do not have access to it.", type: "invalid_request_error", code: "model_not_found" },
};
export const RATE_LIMITED: FakeAnswer = { status: 429, error: { message: "Rate limit reached for requests", type: "requests", code: "rate_limit_exceeded" } };
export const BAD_KEY: FakeAnswer = { status: 401, error: { message: "Incorrect API key provided: sk-yanlis.", type: "invalid_request_error", code: "invalid_api_key" } };
