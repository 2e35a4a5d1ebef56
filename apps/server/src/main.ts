import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfigFromProcess } from './config';
import { startDatabase } from './db/start-database';
import { createLogger, logDestination } from './logger';
import { StartupError } from './startup-error';

/** Starts Waymark: configuration, database, migrations, HTTP; stops them in reverse on a signal. */
async function main(): Promise<void> {
  const config = loadConfigFromProcess();
  const logger = createLogger(config.logLevel, logDestination(config.logFormat));
  const database = await startDatabase(config, {
    info: (message) => logger.info(message),
    warn: (message) => logger.warn(message),
    debug: (message) => logger.debug(message),
  });
  const app = await buildApp({ config, db: database.db, logger });

  closeWithGrace({ delay: config.shutdownDrainMs + 10_000, logger }, async ({ signal, err }) => {
    if (err) logger.error({ err }, 'shutting down after an unexpected error');
    else logger.info(`${signal ?? 'shutdown'} received: stopping`);
    if (!err && config.shutdownDrainMs > 0) {
      app.startDraining();
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    }
    // Stops listening, closes idle connections, lets requests in flight finish.
    await app.close();
    await database.close();
    logger.info('Waymark stopped');
  });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    throw new StartupError(
      `Cannot listen on ${config.host}:${config.port}: ${(error as Error).message} (set PORT to a free port)`,
    );
  }
  logger.info(`Waymark is running at ${config.publicUrl}/client/ on Node.js ${process.version}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof StartupError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Waymark failed to start: ${(error as Error).stack ?? String(error)}\n`);
  }
  process.exit(1);
});
