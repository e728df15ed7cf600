import { like } from "drizzle-orm";
import http from "node:http";
import { describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/db/db.server";
import { promotionComments } from "~/db/schema";
import { createThrowawayDatabaseUrl } from "../helpers/db";
import { sendRaw, type RawRequest, type RawResponse } from "../helpers/hostile-inputs";
import { startServer } from "../helpers/server";

// Issue 7, finding 9: SIGTERM while requests are running. The server stops accepting,
// answers every request it had received, and only then closes the database. Closing it
// first answered them with 500 ('The database is not open yet', 'Cannot use a pool after
// calling end') or cut them off when the process exited.
const drivers = ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])] as const;
const CONNECTIONS = 100;

type Outcome = { response?: RawResponse; error?: Error; afterSignal: boolean };

describe.each(drivers)("graceful shutdown [%s]", (driver) => {
  it("answers every request it had received without a 5xx and keeps every acknowledged comment", async () => {
    const postgres = driver === "postgres" ? await createThrowawayDatabaseUrl() : undefined;
    // One proxy hop: each comment below comes from its own client, under the comment limit.
    // Idle connections are kept long enough for the test to reuse them.
    const server = await startServer({ TRUST_PROXY: "1", KEEP_ALIVE_TIMEOUT_MS: "60000", ...(postgres ? { DATABASE_URL: postgres.url } : {}) });
    // Connections opened (and so accepted by the server) before the burst: each then carries
    // exactly one request, so every request below has reached a connection the server owns.
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    let database: Database | undefined;
    try {
      const html = await (await fetch(`${server.url}/bonuslar/anadolu-casino/anadolu-casino-100-hos-geldin-bonusu`)).text();
      const promotionId = /"\/api\/promotions\/([0-9a-f-]{36})\/comments"/.exec(html)![1]!;
      await Promise.all(Array.from({ length: CONNECTIONS }, () => sendRaw(server.url, { method: "GET", path: "/healthz" }, agent)));
      expect(Object.values(agent.freeSockets).flat()).toHaveLength(CONNECTIONS);

      let signalled = false;
      let firstOutcome!: () => void;
      const started = new Promise<void>((resolve) => (firstOutcome = resolve));
      const burst: RawRequest[] = Array.from({ length: CONNECTIONS }, (_, i) =>
        i % 2 === 0
          ? {
              method: "POST",
              path: `/api/promotions/${promotionId}/comments`,
              headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": `198.18.0.${i}` },
              body: new URLSearchParams({ userName: `Kapanış ${i}`, comment: `Kapanış sırasında yorum ${i}`, rating: "4" }).toString(),
            }
          : // A page render, each with its own query so that no cache hit shortens it.
            { method: "GET", path: `/bonuslar?q=kapanis-${i}` },
      );
      const outcomes = burst.map((request) =>
        sendRaw(server.url, request, agent).then(
          (response): Outcome => (firstOutcome(), { response, afterSignal: signalled }),
          (error: Error): Outcome => (firstOutcome(), { error, afterSignal: signalled }),
        ),
      );
      // The server is busy with the rest: stop it now.
      await started;
      signalled = true;
      process.kill(server.pid, "SIGTERM");
      const results = await Promise.all(outcomes);
      expect(await server.exited).toBe(0);

      expect(results.filter((o) => o.error).map((o) => o.error!.message)).toEqual([]);
      expect(results.filter((o) => o.response!.status >= 500).map((o) => `${o.response!.status} ${o.response!.body.slice(0, 200)}`)).toEqual([]);
      // The signal came while requests were in flight, and those were answered.
      expect(results.filter((o) => o.afterSignal).length).toBeGreaterThan(0);

      const acknowledged = results.filter((o) => o.response!.status === 201).map((o) => (JSON.parse(o.response!.body) as { comment: { id: string } }).comment.id);
      expect(acknowledged).toHaveLength(CONNECTIONS / 2);
      database = postgres ? await openDatabase({ driver: "postgres", url: postgres.url }) : await openDatabase({ driver: "pglite", dataDir: server.dataDir, command: "test" });
      const stored = await database.db.select({ id: promotionComments.id }).from(promotionComments).where(like(promotionComments.userName, "Kapanış %"));
      expect(stored.map((row) => row.id).sort()).toEqual(acknowledged.sort());
      expect(server.logs()).not.toMatch(/database is not open|Cannot use a pool/);
    } finally {
      agent.destroy();
      await database?.close();
      await server.stop();
      await postgres?.drop();
    }
  });
});
