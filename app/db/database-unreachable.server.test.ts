import net from "node:net";
import { describe, expect, it } from "vitest";
import { DatabaseUnreachableError, migrateDatabase, openDatabase } from "./db.server";

// Issue 10 §4: an unreachable PostgreSQL is one line naming where (never the password) and
// what to check; server.js and the scripts print it without a stack.
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function startUpError(url: string): Promise<Error> {
  const database = await openDatabase({ driver: "postgres", url, max: 1 });
  try {
    await migrateDatabase(database);
  } catch (error) {
    return error as Error;
  } finally {
    await database.close();
  }
  throw new Error("expected the migration to fail");
}

describe("an unreachable database at start-up", () => {
  it("names the server and says the connection was refused, in one line without the password", async () => {
    const port = await closedPort();
    const error = await startUpError(`postgres://sahip:gizli-parola@127.0.0.1:${port}/bonus`);
    expect(error).toBeInstanceOf(DatabaseUnreachableError);
    expect(error.name).toBe("DatabaseUnreachableError");
    expect(error.message).toBe(
      `Cannot connect to the database: PostgreSQL at 127.0.0.1:${port}/bonus (DATABASE_URL) refused the connection (ECONNREFUSED): is PostgreSQL running there, on that port?`,
    );
    expect(error.message).not.toContain("gizli-parola");
  });

  it.runIf(process.env.TEST_DATABASE_URL)("names a database that does not exist", async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = "/olmayan_veritabani_0f3c";
    const error = await startUpError(url.toString());
    expect(error.message).toContain("/olmayan_veritabani_0f3c (DATABASE_URL) has no such database (3D000)");
    expect(error.message).not.toContain("\n");
  });
});
