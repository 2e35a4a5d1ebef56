// Public surface of @waymark/core. Pure TypeScript: no Node, DOM or database code.
export * from './errors/app-error';
export * from './constants/constants';
export * from './constants/extension';
export * from './plans/plans';
export * from './entities/ids';
export * from './entities/organization';
export * from './entities/data-fields';
export * from './entities/project';
export * from './entities/billing';
export * from './entities/item';
export * from './api/define-route';
export * from './api/api-client';
export * from './api/routes/index';
export * from './content/quick-tips';
export * from './url/normalize-url';
export * from './url/match-page';
