import { TRIAL_LENGTH_DAYS } from '@waymark/core';
import { useCallback } from 'react';
import { PageSection } from '../../../components/page-section/page-section';
import { config } from '../../../config';
import { useAuthActions } from '../../../features/auth';
import { getExtensionLink } from '../../../features/extension-install';
import {
  CallToAction,
  DemoVideo,
  HowItWorks,
  LANDING_FEATURES,
  LandingHero,
} from '../../../features/marketing';
import { FeatureGrid } from '../../../components/feature-grid/feature-grid';
import { usePageMeta } from '../../../hooks/use-page-meta';

const DEMO_SECTION_ID = 'demo';

/** Route module of /home/product-info, the landing page (spec §2, issue 5 item 1). */
export function Component() {
  usePageMeta(
    'Project knowledge attached to every web page',
    'Waymark is a Chrome and Edge extension that keeps user stories, requirements, bugs and processes on the web pages they describe. Start a 30-day free trial.',
  );
  const { signUp } = useAuthActions();
  const showDemo = useCallback(() => {
    const section = document.getElementById(DEMO_SECTION_ID);
    if (!section) return;
    const isReducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    section.scrollIntoView({ behavior: isReducedMotion ? 'auto' : 'smooth', block: 'start' });
  }, []);

  return (
    <>
      <LandingHero
        extensionLink={getExtensionLink()}
        onSeeItInAction={showDemo}
        demoId={DEMO_SECTION_ID}
        onSignUp={signUp}
      />
      <PageSection
        title="Everything about a page, on the page"
        intro="Waymark replaces the spreadsheet of URLs and the wiki page nobody updates with notes that live where they are needed."
      >
        <FeatureGrid items={LANDING_FEATURES} />
      </PageSection>
      <PageSection title="How it works" isTinted>
        <HowItWorks />
      </PageSection>
      <PageSection
        id={DEMO_SECTION_ID}
        title="See Waymark in action"
        intro="Recorded from the real extension: a bug recorded on a checkout page, found again on staging, and following the page when its path is renamed."
      >
        <DemoVideo
          src={config.demoVideoUrl}
          poster={config.demoPosterUrl}
          captions={config.demoCaptionsUrl}
        />
      </PageSection>
      <CallToAction
        title={`Try every Standard feature free for ${TRIAL_LENGTH_DAYS} days`}
        text="Create your organization, invite your team and record your first items today. No card needed to start."
        actionLabel="Sign up now"
        onAction={signUp}
        authAction="sign-up"
      />
    </>
  );
}
