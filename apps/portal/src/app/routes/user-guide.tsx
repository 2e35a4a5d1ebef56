import { USER_GUIDE_SECTIONS } from '@waymark/core';
import { HelpPage } from '../../components/help-accordion/help-page';
import { usePageMeta } from '../../hooks/use-page-meta';

/** Route module of /user-guide: the nine guide sections, the first open (spec §2). */
export function Component() {
  usePageMeta(
    'User guide',
    'Step-by-step help for Waymark: installing and pinning the extension, signing up, recording items, managing users, projects, domains, URL paths, data fields and your plan.',
  );
  return (
    <HelpPage
      eyebrow="Help"
      title="Waymark User Guide"
      lead="Everything from installing the extension to managing your plan, one step at a time. Open a section to read it."
      sections={USER_GUIDE_SECTIONS}
      initiallyOpen="first"
    />
  );
}
