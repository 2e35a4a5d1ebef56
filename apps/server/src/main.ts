import cluster from 'node:cluster';
import { ConfigError, loadConfigFromProcess, type Config } from './config';
import { tuneGarbageCollector } from './gc-tuning';
import { createLogger, logDestination } from './logger';
import { StartupError } from './startup-error';

type Logger = ReturnType<typeof createLogger>;

/**
 * Starts Waymark: configuration, database, migrations, HTTP; stops them in reverse on a signal.
 * With `WEB_CONCURRENCY` > 1 this process is the primary: it starts the database once and
 * forks that many workers sharing the port, each running {@link serve}.
 */
async function main(): Promise<void> {
  const config = loadConfigFromProcess();
  tuneGarbageCollector(config.gc);
  const logger = createLogger(config.logLevel, logDestination(config.logFormat));
  if (config.webConcurrency > 1 && cluster.isPrimary) await startPrimary(config, logger);
  else await serve(config, logger);
}

// The server's modules are loaded only once the configuration is valid: a bad value is reported
// without first loading (under tsx, compiling) the whole app — seconds on a busy machine.
async function startPrimary(config: Config, logger: Logger): Promise<void> {
  const [{ startDatabase }, { runPrimary }] = await Promise.all([
    import('./db/start-database'),
    import('./cluster/run-primary'),
  ]);
  const database = await startDatabase(config, databaseLog(logger));
  // The primary serves nothing: its pool was for the migrations only.
  const connectionString = database.db.$client.options.connectionString ?? '';
  await runPrimary({
    workers: config.webConcurrency,
    workerEnv: { DATABASE_URL: connectionString },
    stopTimeoutMs: config.shutdownDrainMs + 15_000,
    logger,
    onStopped: database.close,
  });
  logger.info(
    `Waymark is running at ${config.publicUrl}/client/ on Node.js ${process.version}, ${config.webConcurrency} worker processes`,
  );
}

async function serve(config: Config, logger: Logger): Promise<void> {
  const [closing, { buildApp }, { listenForStopRequests, STOP_MESSAGE }, { startDatabase }] =
    await Promise.all([
      import('close-with-grace'),
      import('./app'),
      import('./cluster/worker-stop'),
      import('./db/start-database'),
    ]);
  const closeWithGrace = closing.default;
  const isWorker = cluster.isWorker;
  const stopRequests = isWorker ? listenForStopRequests() : undefined;
  const database = await startDatabase(config, databaseLog(logger));
  const app = await buildApp({ config, db: database.db, logger });

  const grace = closeWithGrace(
    {
      delay: config.shutdownDrainMs + 10_000,
      logger,
      // A worker stops when its primary says so (one signal reaches the whole process group from
      // a terminal or systemd, and a second signal would make close-with-grace exit at once).
      ...(isWorker && { skip: ['SIGINT', 'SIGTERM', 'SIGHUP'] }),
    },
    async ({ signal, err, manual }) => {
      if (err) logger.error({ err }, 'shutting down after an unexpected error');
      else logger.info(`${manual ? STOP_MESSAGE : (signal ?? 'shutdown')} received: stopping`);
      if (!err && config.shutdownDrainMs > 0) {
        app.startDraining();
        await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      }
      // Stops listening, closes idle connections, lets requests in flight finish.
      await app.close();
      await database.close();
      logger.info(isWorker ? `worker ${process.pid} stopped` : 'Waymark stopped');
    },
  );
  stopRequests?.onStop(() => grace.close());

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    throw new StartupError(
      `Cannot listen on ${config.host}:${config.port}: ${(error as Error).message} (set PORT to a free port)`,
    );
  }
  if (!isWorker)
    logger.info(`Waymark is running at ${config.publicUrl}/client/ on Node.js ${process.version}`);
}

function databaseLog(logger: Logger) {
  return {
    info: (message: string) => logger.info(message),
    warn: (message: string) => logger.warn(message),
    debug: (message: string) => logger.debug(message),
  };
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof StartupError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Waymark failed to start: ${(error as Error).stack ?? String(error)}\n`);
  }
  process.exit(1);
});
