import { HelpPage } from '../../../components/help-accordion/help-page';
import { FAQ_ITEMS } from '../../../features/faq';
import { usePageMeta } from '../../../hooks/use-page-meta';

/** Route module of /home/faq-page: questions in an accordion, the first open (spec §2). */
export function Component() {
  usePageMeta(
    'Frequently asked questions',
    'Answers about the Waymark extension: what it is, how it works, browser requirements, how to download it, who it is for, its features and the Pin.',
  );
  return (
    <HelpPage
      eyebrow="FAQ"
      title="Frequently asked questions"
      lead="Short answers to what people ask us most. Can’t find yours? Write to us — the address is at the bottom of every page."
      sections={FAQ_ITEMS}
      initiallyOpen="first"
    />
  );
}
