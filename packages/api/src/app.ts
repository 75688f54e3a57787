import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import { listenerFor, type Listen } from './db/listen';
import { EventHub } from './events/hub';
import { resolveJwtKey } from './auth/jwt-key';
import { TokenSigner } from './auth/tokens';
import { registerApiKeyCheck } from './plugins/api-key';
import { registerAuthGuard } from './plugins/auth-guard';
import { registerPermissionAudit } from './plugins/permissions';
import { registerConsoleVersionCheck } from './plugins/console-version';
import { registerCors } from './plugins/cors';
import { registerErrorHandling } from './plugins/errors';
import { loggerOptions } from './plugins/logging';
import { registerRateLimit } from './plugins/rate-limit';
import { registerRequestContext } from './plugins/request-context';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerUploads } from './plugins/uploads';
import routes from './routes';
import { noteWrite } from './stats/repository';
import { LedgerTransferPort } from './withdrawals/ledger-transfer-port';
import type { TransferPort } from './withdrawals/transfer-port';
import { LocalDelivery, type MailingDelivery } from './mailing/delivery';
import { JOB_DEFINITIONS } from './jobs/definitions';
import { registerJobs } from './jobs/queue';
import './plugins/types';

export interface BuildAppOptions {
  config: Config;
  /** A migrated database (see createDb + migrateDb); the caller owns and closes it. */
  db: Db;
  /** The clock for TOTP steps, token expiry and lockout windows; tests pass a fixed one. */
  now?: () => Date;
  /** Logger options (level, stream); redaction and the error serializer are always added. */
  logger?: FastifyServerOptions['logger'];
  /** Moves a gift to its player on "approve with transfer"; default: the reference ledger (LedgerTransferPort). */
  transferPort?: TransferPort;
  /** Sends mailings to players; default: a local recorder (no bot). */
  mailingDelivery?: MailingDelivery;
  /** How to LISTEN for the console events (DbHandle.listen); default: from `db`'s driver. */
  listen?: Listen;
}

/** Builds the API without listening: server.ts listens, tests call `app.inject`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db, now = () => new Date(), logger } = options;
  const app = Fastify({
    logger: loggerOptions(config, logger),
    // Only the listed proxies may tell the client's address (X-Forwarded-For).
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    bodyLimit: 1024 * 1024,
  });
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('clock', now);
  app.decorate(
    'tokens',
    new TokenSigner(await resolveJwtKey(db, config.jwtSecret, app.log), now, config.session.accessTokenS),
  );
  app.decorate(
    'transferPort',
    options.transferPort ??
      new LedgerTransferPort(db, {
        delayMs: config.transferPortDelayMs,
        onRecorded: (request, reference) =>
          app.log.info(
            { withdrawalId: request.withdrawalId, key: request.key, reference },
            'transfer recorded',
          ),
      }),
  );
  app.decorate('mailingDelivery', options.mailingDelivery ?? new LocalDelivery());
  app.decorate('events', new EventHub(db, options.listen ?? listenerFor(db), app.log));
  // Open streams would keep the server from closing: they end before it stops listening.
  app.addHook('preClose', () => app.events.close());
  app.decorate(
    'jobs',
    registerJobs(app, {
      definitions: JOB_DEFINITIONS,
      work: config.jobs.enabled,
      maintenanceSeconds: config.jobs.maintenanceSeconds,
      pollingSeconds: config.jobs.pollingSeconds,
      expireSeconds: config.jobs.expireSeconds,
    }),
  );

  registerErrorHandling(app);
  await registerRequestContext(app);
  await registerSecurityHeaders(app);
  // A write ends the sharing of a dashboard computation that started before it.
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') noteWrite();
  });
  await registerCors(app);
  await registerRateLimit(app);
  registerApiKeyCheck(app);
  registerConsoleVersionCheck(app);
  registerAuthGuard(app);
  registerPermissionAudit(app);
  await registerUploads(app);
  await app.register(routes);
  return app;
}

export type { Config } from './config';
export type { Db } from './db/client';
