import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerFeatures } from './features/index.js';
import { registerHttpMetrics } from './features/metrics/metrics.routes.js';
import { authenticationPlugin } from './http/authenticate.js';
import { registerErrorHandler } from './http/errors.js';
import { registerOpenApi } from './http/openapi.js';
import { BODY_LIMIT_BYTES, registerOverloadProtection } from './http/overload.js';
import { registerRejectNul } from './http/reject-nul.js';
import { prettyStream } from './http/pretty-log.js';
import { type LogStream, redactingStream, redactUrl } from './http/redact.js';
import { registerRequestLog } from './http/request-log.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerWebApp } from './http/web-app.js';
import { fastifyTrustProxy } from './http/trust-proxy.js';
import { type AppDeps, createServices, type Services } from './services.js';

export type AppOptions = {
  /** Built web app (vite outDir). Defaults to dist/web at the repository root. */
  webDir?: string;
  /** The packed stdio client (scripts/pack-mcp-stdio.mjs). Defaults to dist/downloads. */
  downloadsDir?: string;
  logger?: boolean;
  /** Where log lines go (default stdout); tests collect them to prove no secret is ever logged. */
  logStream?: LogStream;
};

const DEFAULT_WEB_DIR = fileURLToPath(
  new URL(import.meta.url.includes('/dist/') ? '../web/' : '../dist/web/', import.meta.url),
);

/**
 * Where log lines go: a test's collector as JSON; stdout as JSON for a collector, or readable lines
 * on a terminal (LOG_FORMAT, else whether stdout is a TTY).
 */
function logDestination(format: 'pretty' | 'json' | undefined, collector?: LogStream): LogStream {
  if (collector) return format === 'pretty' ? prettyStream(collector) : collector;
  const pretty = (format ?? (process.stdout.isTTY ? 'pretty' : 'json')) === 'pretty';
  return pretty ? prettyStream(process.stdout, process.stdout.isTTY) : process.stdout;
}

/** Builds the whole HTTP surface without listening: tests drive it through `app.inject()`. */
export async function buildApp(
  deps: Omit<AppDeps, 'log'>,
  options: AppOptions = {},
): Promise<FastifyInstance & { services: Services }> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: deps.config.logLevel,
            serializers: {
              req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
            },
            stream: redactingStream(logDestination(deps.config.logFormat, options.logStream)),
          },
    // One line per answered request instead of a pair, health checks and files at debug
    // (http/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    // Receiving a request (headers and body) is bounded, as Node does by default and Fastify does
    // not: a client trickling its bytes cannot hold a connection for ever. Long enough for a
    // large import over a slow link; the handler's own budget is REQUEST_TIMEOUT_MS (overload.ts).
    requestTimeout: 300_000,
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRequestLog(app);
  const admission = registerOverloadProtection(app, deps.config.overload);
  registerSecurityHeaders(app, { publicUrl: deps.config.publicUrl });
  registerRejectNul(app);
  await app.register(fastifyCookie);
  await registerOpenApi(app, deps.config);

  const services = createServices({ ...deps, log: app.log });
  registerHttpMetrics(app, services.metrics);
  services.metrics.watchAdmission(admission.stats);
  // Before the database closes: the embedding worker stops (its claims go back to the queue) and
  // the model's threads end, so neither a server nor a test run is kept alive by them.
  app.addHook('onClose', async () => {
    await services.imports.stop();
    await services.importRunner.stop();
    await services.embeddingWorker.stop();
    await services.embedder.close();
    services.metrics.close();
  });
  await app.register(authenticationPlugin, { verifiers: services.verifiers });
  await registerFeatures(app, { ...deps, log: app.log }, services, { downloadsDir: options.downloadsDir });
  await registerWebApp(app, options.webDir ?? DEFAULT_WEB_DIR);

  return Object.assign(app, { services });
}
