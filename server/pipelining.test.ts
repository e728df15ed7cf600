import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { limitPipelining } from "./pipelining";

/** A server whose answers never end by themselves (a slow render), with the limit applied. */
async function slowServer(max: number) {
  const admit = limitPipelining(max);
  const received: http.ServerResponse[] = [];
  const closed: number[] = [];
  const server = http.createServer((req, res) => {
    if (!admit(req.socket, res)) return;
    const index = received.push(res) - 1;
    res.once("close", () => closed.push(index));
    if (req.url === "/quick") res.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port, received, closed };
}

function pipelined(port: number, paths: string[]): net.Socket {
  const socket = net.connect(port, "127.0.0.1");
  socket.on("error", () => {});
  socket.write(paths.map((path) => `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`).join(""));
  return socket;
}

const until = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe("limitPipelining", () => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("lets go of every answer still waiting in line when the client leaves, not only the one on the socket", async () => {
    const { server, port, received, closed } = await slowServer(16);
    servers.push(server);
    const socket = pipelined(port, ["/a", "/b", "/c", "/d", "/e"]);
    await until(() => received.length === 5);
    expect(received).toHaveLength(5);
    expect(closed).toEqual([]);
    socket.destroy();
    await until(() => closed.length === 5);
    expect([...closed].sort()).toEqual([0, 1, 2, 3, 4]);
    // Each abandoned answer is destroyed: nothing more is written for it.
    expect(received.every((res) => res.destroyed)).toBe(true);
  });

  it("closes a connection that pipelines more requests than the limit, before serving the one past it", async () => {
    const { server, port, received } = await slowServer(4);
    servers.push(server);
    const socket = pipelined(port, ["/1", "/2", "/3", "/4", "/5", "/6"]);
    const closedByServer = new Promise<boolean>((resolve) => socket.once("close", () => resolve(true)));
    expect(await closedByServer).toBe(true);
    expect(received).toHaveLength(4);
  });

  it("lets a keep-alive connection send any number of requests one after another", async () => {
    const { server, port, received } = await slowServer(2);
    servers.push(server);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let i = 0; i < 10; i++) {
      const status = await new Promise<number>((resolve, reject) =>
        http.get({ host: "127.0.0.1", port, path: "/quick", agent }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode!));
        }).on("error", reject),
      );
      expect(status).toBe(200);
    }
    expect(received).toHaveLength(10);
    agent.destroy();
  });

  it("lets pipelined requests within the limit all be answered, in order", async () => {
    const { server, port } = await slowServer(16);
    servers.push(server);
    const socket = pipelined(port, ["/quick", "/quick", "/quick"]);
    let text = "";
    socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
    await until(() => (text.match(/HTTP\/1\.1 200/g) ?? []).length === 3);
    expect(text.match(/HTTP\/1\.1 200/g)).toHaveLength(3);
    socket.destroy();
  });
});
