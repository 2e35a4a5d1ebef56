// Every schema file, re-exported: drizzle-kit and the typed client read the schema from here.
export * from './users';
export * from './organizations';
export * from './orgs';
export * from './identity';
export * from './projects';
export * from './items';
export * from './invited-accounts';
export * from './invitations';
