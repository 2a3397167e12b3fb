import net, { type AddressInfo } from 'node:net';

/**
 * A TCP proxy for outage tests: the app connects to `port`, the proxy forwards to `target` (PostgreSQL).
 * `cut()` is the database going away (every open connection is destroyed at once and no new one is
 * accepted: the app sees "Connection terminated unexpectedly" and then ECONNREFUSED); `open()` brings it
 * back on the same port.
 */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  /** Connections accepted since the proxy was made. */
  accepted = 0;

  private constructor(
    readonly target: { host: string; port: number },
    public port: number,
  ) {}

  /**
   * A proxy to `target` on `port` (0: a free one). `listening: false` reserves the port without
   * accepting (the database is away from the start); `open()` starts accepting.
   */
  static async create(
    target: { host: string; port: number },
    opts: { port?: number; listening?: boolean } = {},
  ): Promise<TcpProxy> {
    let port = opts.port ?? 0;
    if (port === 0) {
      const probe = net.createServer();
      await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
      port = (probe.address() as AddressInfo).port;
      await new Promise<void>((resolve) => probe.close(() => resolve()));
    }
    const proxy = new TcpProxy(target, port);
    if (opts.listening ?? true) await proxy.open();
    return proxy;
  }

  get isOpen(): boolean {
    return this.server !== null;
  }

  /** Starts accepting connections on `port` and forwarding them. */
  async open(): Promise<void> {
    if (this.server) return;
    const server = net.createServer((client) => {
      this.accepted++;
      const upstream = net.connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        // Either side failing ends both: nothing half-open stays behind.
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  /** Stops accepting (connections are refused) and destroys every open connection, both sides. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : undefined;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await closed;
  }
}
