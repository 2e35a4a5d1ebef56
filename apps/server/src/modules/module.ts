import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/client';
import type { Clock } from '../clock';
import type { Config } from '../config';

/** What every module receives: its dependencies, passed explicitly (never imported globals). */
export type AppDeps = {
  /** The validated configuration. */
  config: Config;
  /** The database. */
  db: Db;
  /** The time; tests pass a clock they move. */
  clock: Clock;
};

/** A domain module: a Fastify plugin registering its routes, given the app's dependencies. */
export type AppModule = FastifyPluginAsync<AppDeps>;
