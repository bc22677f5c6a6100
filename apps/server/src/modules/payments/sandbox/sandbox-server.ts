import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { freePort } from '../../../lib/free-port.js';

/** One provider's sandbox: its Fastify plugin (given its own public base URL), mounted under `/<prefix>`. */
export interface SandboxMount {
  prefix: string;
  plugin: (publicUrl: string) => FastifyPluginAsync;
}

export interface RunningSandbox {
  app: FastifyInstance;
  /** Where browsers and adapters reach it, e.g. http://localhost:3001 (no trailing slash). */
  baseUrl: string;
  /** A provider's own base URL (the sandbox's address plus its prefix). */
  urlOf(prefix: string): string;
  close(): Promise<void>;
}

/**
 * The payment providers' side, played over real HTTP on a port of its own: a different origin from
 * the shop, as the real providers are, so frame-message origin checks and cross-origin scripts are
 * exercised for real. Started only when PAYMENT_SANDBOX is on (never with NODE_ENV=production: the
 * configuration refuses it, and so does this). Each provider's sandbox is a plugin under its
 * prefix; every page it serves says SANDBOX.
 */
export async function startPaymentSandbox(options: {
  /** 0: any free port. */
  port: number;
  host: string;
  /** The host name browsers use for it (the shop's, e.g. localhost). */
  publicHost: string;
  mounts: SandboxMount[];
  nodeEnv?: string | undefined;
}): Promise<RunningSandbox> {
  if (options.nodeEnv === 'production') throw new Error('The payment sandbox never runs in production');
  const port = options.port === 0 ? await freePort(options.host) : options.port;
  const baseUrl = `http://${options.publicHost}:${port}`;
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ sandbox: true, providers: options.mounts.map((m) => m.prefix) }));
  for (const mount of options.mounts) {
    await app.register(mount.plugin(`${baseUrl}/${mount.prefix}`), { prefix: `/${mount.prefix}` });
  }
  await app.listen({ port, host: options.host });
  return {
    app,
    baseUrl,
    urlOf: (prefix) => `${baseUrl}/${prefix}`,
    close: () => app.close(),
  };
}
