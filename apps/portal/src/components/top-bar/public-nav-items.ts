import { paths } from '../../config/paths';

/** A link of the public navigation. */
export type PublicNavItem = { label: string; to: string };

/** The public pages in the order the top bar lists them (spec §2, route home). */
export const PUBLIC_NAV_ITEMS: readonly PublicNavItem[] = [
  { label: 'Product', to: paths.home.productInfo.getHref() },
  { label: 'Use Cases', to: paths.home.useCases.getHref() },
  { label: 'Plans & Pricing', to: paths.home.plansPricing.getHref() },
  { label: 'FAQ', to: paths.home.faq.getHref() },
  { label: 'About Us', to: paths.home.aboutUs.getHref() },
];
