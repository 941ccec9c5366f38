// Ports and servers for database tests: where the test server listens, and what an unreachable one looks like.
import { connect, createServer, type Server, type Socket } from "node:net";

/** A port nothing listens on right now (the OS chose it, then it was closed). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Accepts TCP connections and never answers: a database host that hangs (a full backlog, a black-holing firewall). */
export async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("no port");
  return {
    port: address.port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export type TcpProxy = {
  /** 127.0.0.1:port forwarding to the target while open. */
  port: number;
  /** Stops listening and cuts every forwarded connection: the database becomes unreachable. */
  close(): Promise<void>;
  /** Listens again on the same port (nothing to do while it listens). */
  open(): Promise<void>;
};

/**
 * A TCP forwarder to `target` (a database server) that a test can cut and restore, to
 * make the database unreachable for the code under test while the test itself still
 * reaches it directly.
 */
export async function tcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  };
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    track(client);
    track(upstream);
    client.pipe(upstream).on("error", () => client.destroy());
    upstream.pipe(client).on("error", () => upstream.destroy());
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", () => resolve()));
  await listen(0);
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("no port");
  const { port } = address;
  return {
    port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
    open: () => (server.listening ? Promise.resolve() : listen(port)),
  };
}
