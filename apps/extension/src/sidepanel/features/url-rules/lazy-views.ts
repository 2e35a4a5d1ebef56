import { lazyStyled } from '../../shared/mantine-styles/all-mantine-styles';

// Off the first paint: path-to-regexp and the form load once a page in a project is shown.
const loadDeclareTemplate = () => import('./declare-template');

/** "Items here apply to every /orders/… page" and its form (lazy). */
export const DeclareTemplate = lazyStyled(() =>
  loadDeclareTemplate().then((m) => ({ default: m.DeclareTemplate })),
);

/** "This page says its address is … — Treat this page as …" (lazy, issue 31). */
export const CanonicalOffer = lazyStyled(() =>
  import('./canonical-offer').then((m) => ({ default: m.CanonicalOffer })),
);
