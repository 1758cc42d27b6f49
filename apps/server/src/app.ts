import path from 'node:path';
import { existsSync } from 'node:fs';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { DEFAULT_MAIL_FROM, isSecureOrigin, type AppConfig } from './config';
import type { DatabaseHandle } from './db/database';
import type { EndpointHandlers } from './api/call';
import { endpointHandlers } from './api/handlers/index';
import { CSRF_EXEMPT_PATHS, registerEndpoints } from './api/register';
import { registerServices } from './api/services';
import { accelerateEmbedded } from './db/embedded/accelerator';
import { registerRoundTripTally } from './db/round-trips';
import { hasEncodedServicePrefix, isApiPath, isPathTarget } from './http/api-path';
import { registerCsrfProtection } from './http/csrf';
import { clientErrorHandlerFor } from './http/client-errors';
import { answerFrameworkError, envelope, registerErrorHandling } from './http/errors';
import { registerInputGuards } from './http/input-guard';
import { NO_JSON_SCHEMAS } from './http/no-json-schemas';
import { redactUrl } from './http/redact-url';
import { apiSecurityHeadersFor, registerSecurityHeaders, securityHeadersFor } from './http/security-headers';
import { MailDispatcher } from './mail/dispatcher';
import { registerMetrics } from './operations/metrics';
import { registerProbes } from './operations/probes';
import { createMailTransport } from './mail/transport';
import { sessionPlugin } from './sessions/plugin';
import { AppShell, preferredEncoding } from './web/app-shell';

export interface AppDependencies {
  config: AppConfig;
  database: DatabaseHandle;
  /** Where the built web app lives; tests of the API alone may point at a missing folder. */
  webRoot?: string;
  /** The endpoints' handlers (tests replace one to watch the registry's chain around it). */
  handlers?: EndpointHandlers;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: DatabaseHandle;
    /** Sends the mail outbox (mail/dispatcher.ts): started when the app is ready, stopped when it closes. */
    mail: MailDispatcher;
    /** Every route as registered (method and path exactly as written), for the security tests' coverage check. */
    registeredRoutes: ReadonlyArray<RegisteredRoute>;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
}

export const DEFAULT_WEB_ROOT = path.resolve(import.meta.dirname, '../../web/dist');

/** The longest a request may take to arrive, headers and body (the largest body is 64 KB). */
export const REQUEST_TIMEOUT_MS = 30_000;

export async function buildApp({ config, database, webRoot = DEFAULT_WEB_ROOT, handlers = endpointHandlers }: AppDependencies): Promise<FastifyInstance> {
  const securityHeaders = securityHeadersFor(config);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Requests may carry session cookies and OAuth codes: never log them. Of the address, the
      // path stays (less its codes) and the query's names; values only of a harmless few (http/redact-url.ts).
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      serializers: {
        req: (request: { method: string; url: string }) => ({ method: request.method, url: redactUrl(request.url) }),
      },
    },
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    // A request's headers and body must arrive within this: Fastify's default (0) turns Node's own
    // limit off, so a client that sent headers and one byte of a long body held its connection for
    // good, and a thousand such used up the process's file descriptors (a review's find).
    requestTimeout: REQUEST_TIMEOUT_MS,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 500 },
    return503OnClosing: false,
    clientErrorHandler: clientErrorHandlerFor(apiSecurityHeadersFor(config)),
    frameworkErrors: (error, request, reply) => {
      securityHeaders(request.url, reply);
      answerFrameworkError(error, request, reply);
    },
    schemaController: NO_JSON_SCHEMAS,
  });
  // First of all hooks, so every query of a request (its session lookup too) is charged to it.
  if (database.roundTrips) registerRoundTripTally(app, database.roundTrips);
  app.decorate('config', config);
  app.decorate('database', database);
  // Before the other hooks and routes, so every response is timed, refusals by those hooks too.
  await registerMetrics(app, database, config.metricsToken);
  registerProbes(app, database);
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  // Recorded from the start so no route escapes the authorization matrix (test/security-authorization.test.ts).
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url });
  });

  // SQLite only, and once migrations have run: the embedded speed-ups (db/embedded/, decision 0023).
  // PostgreSQL runs the plain Kysely path.
  accelerateEmbedded(database);

  registerMailDispatcher(app, config, database);

  registerErrorHandling(app);
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  registerSecurityHeaders(app, securityHeaders);
  // Before the session, CSRF and JSON checks, which all read the raw path (api-path.ts).
  app.addHook('onRequest', (request, reply, done) => {
    if (isPathTarget(request.url) && !hasEncodedServicePrefix(request.url)) return done();
    reply.status(400).send(envelope('bad_url', 'The address is not valid.'));
  });
  await app.register(sessionPlugin, { database, secure: isSecureOrigin(config) });
  registerCsrfProtection(app, { appOrigin: config.appOrigin, exemptPaths: CSRF_EXEMPT_PATHS });
  registerInputGuards(app, { exemptPaths: CSRF_EXEMPT_PATHS });

  // Group commit: no state-changing call is acknowledged before its writes are on disk.
  // A callback hook, so a read (most calls) costs no promise here. A failed flush fails the reply
  // (503, http/database-unavailable.ts); a reply that already is a 5xx acknowledges nothing and is
  // sent as it is, or the flush would fail it again, into Fastify's own error shape (decision 0079).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.method === 'GET' || request.method === 'HEAD') return done(null, payload);
    database.flushDurable().then(
      () => done(null, payload),
      (error: Error) => (reply.statusCode >= 500 ? done(null, payload) : done(error)),
    );
  });

  await registerServices(app);
  await registerEndpoints(app, handlers);
  await registerWebApp(app, webRoot);
  return app;
}

/** Mail queued with `enqueueMail` goes out from here once its transaction has committed (docs/mail.md). */
function registerMailDispatcher(app: FastifyInstance, config: AppConfig, database: DatabaseHandle): void {
  const transport = createMailTransport({ smtpUrl: config.mail.smtpUrl, dataDir: config.dataDir });
  const log = app.log.child({ module: 'mail' });
  const dispatcher = new MailDispatcher({ db: database.db, dialect: database.dialect, transport, from: config.mail.from, appOrigin: config.appOrigin, supportEmail: config.supportEmail, log });
  app.decorate('mail', dispatcher);
  app.addHook('onReady', async () => {
    if (transport.kind === 'outbox') log[config.env === 'production' ? 'warn' : 'info'](`SMTP_URL is not set: mail is written as .eml files to ${path.join(config.dataDir, 'outbox')}`);
    else if (config.mail.from === DEFAULT_MAIL_FROM) log.warn(`MAIL_FROM is not set: mail goes out from ${DEFAULT_MAIL_FROM}, which most SMTP servers refuse or mark as spam`);
    if (config.env === 'production' && !config.supportEmail) {
      log.warn('SUPPORT_EMAIL is not set: a payment that does not match its checkout, and mail about account changes, ask people to contact Bloom without an address');
    }
    dispatcher.start();
  });
  app.addHook('onClose', async () => dispatcher.stop());
}

/**
 * Serves the built single-page app; any unknown non-API path gets the app's HTML so the router
 * shows the welcome page. That HTML names the path's page files (web/app-shell.ts).
 */
async function registerWebApp(app: FastifyInstance, webRoot: string): Promise<void> {
  const shell = existsSync(path.join(webRoot, 'index.html')) ? AppShell.load(webRoot) : undefined;
  if (shell) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: true,
      index: false,
      // The web build writes .br/.gz copies of text assets (apps/web/vite.config.ts); browsers that accept them get those.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply: { header(name: string, value: string): unknown }, filePath: string) => {
        // Vite names assets by content hash, so they can be cached forever; the shell must not be.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    } as Parameters<typeof fastifyStatic>[1]);
    // The router decides what a path means, so "/" is the app shell rather than a directory listing.
    app.get('/', (request, reply) => sendShell(shell, request, reply));
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = isApiPath(request.url) || request.url.toLowerCase() === '/api';
    // A missing file of the build (/assets/…) is a 404, not the HTML: a tab of a build since replaced
    // asks for its page's code by a name that is gone, and a browser refuses HTML as a script, where a
    // 404 lets the app reload (web lib/reload-once.ts). No cache may keep it: in a rolling upgrade the
    // file may be on the next instance (docs/deploy.md).
    if (shell?.isBuildFile(request.url)) return reply.status(404).header('cache-control', 'no-store').send(envelope('not_found', 'Not found.'));
    if (!isApi && shell && (request.method === 'GET' || request.method === 'HEAD')) return sendShell(shell, request, reply);
    return reply.status(404).send(envelope('not_found', 'Not found.'));
  });
}

function sendShell(shell: AppShell, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(shell.variantFor(request.url).body(encoding));
}
