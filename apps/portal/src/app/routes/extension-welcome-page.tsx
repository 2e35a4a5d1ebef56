import { QUICK_TIPS } from '@waymark/core';
import { HelpPage } from '../../components/help-accordion/help-page';
import { usePageMeta } from '../../hooks/use-page-meta';

/** Route module of /extension-welcome-page: the Quick tips, every section open (spec §2). */
export function Component() {
  usePageMeta(
    'Welcome to Waymark',
    'Quick tips for your first minutes with Waymark: pin the extension, sign up or log in, record items, manage your organization and find the user guide.',
  );
  return (
    <HelpPage
      eyebrow="Welcome"
      title="Welcome to Waymark"
      lead="The extension is installed. These quick tips get you from here to your first item in a few minutes."
      sectionsHeading="Quick tips"
      sections={QUICK_TIPS}
      initiallyOpen="all"
    />
  );
}
