import type { ServerResponse } from "node:http";
import type { Socket } from "node:net";

/**
 * Pipelined requests (several written at once on one connection; no browser does this):
 * Node parses and serves every one of them at once while their answers wait in line, so a
 * single connection that wrote hundreds of requests and never read made the server render
 * them all and keep them (RSS 619 to 801 MB from one connection, in a hostile test). At most
 * `max` answers may be under way on a connection; the next request closes it. And an answer
 * still waiting in line when its connection closes never hears of it from Node (it never
 * reached the socket): it is destroyed and told 'close' here, so whatever waits on it (the
 * render's abort signal, the stream writer, the shutdown's count) lets it go.
 *
 * Returns the check server.js runs first for each request: false when it closed the connection.
 */
export function limitPipelining(max = MAX_PIPELINED): (socket: Socket, res: ServerResponse) => boolean {
  const underWay = new WeakMap<Socket, Set<ServerResponse>>();
  const answersOf = (socket: Socket): Set<ServerResponse> => {
    const answers = new Set<ServerResponse>();
    underWay.set(socket, answers);
    socket.once("close", () => {
      // The answer on the socket hears of it from Node; those queued behind it do not.
      for (const waiting of answers) if (!waiting.socket && !waiting.writableFinished) abandon(waiting);
      answers.clear();
    });
    return answers;
  };
  return (socket, res) => {
    const answers = underWay.get(socket) ?? answersOf(socket);
    if (answers.size >= max) {
      socket.destroy();
      return false;
    }
    answers.add(res);
    res.once("close", () => answers.delete(res));
    return true;
  };
}

export const MAX_PIPELINED = 16;

function abandon(res: ServerResponse): void {
  res.destroy();
  res.emit("close");
}
