import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL's `regconfig`: the name of a text search configuration ('english', 'german', …). */
export const regconfig = customType<{ data: string; driverData: string }>({
  dataType: () => 'regconfig',
});

/** PostgreSQL's `tsvector`; only read through SQL (search ranks and matches), never as a value. */
export const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});
