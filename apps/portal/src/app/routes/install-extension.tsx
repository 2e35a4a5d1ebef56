import { PageHeader } from '../../components/page-header/page-header';
import { PageSection } from '../../components/page-section/page-section';
import { config } from '../../config';
import { InstallExtensionGuide } from '../../features/extension-install';
import { usePageMeta } from '../../hooks/use-page-meta';

/** Route module of /install-extension: this server's copy of the extension, and how to load it (issue 25). */
export function Component() {
  usePageMeta(
    'Install the extension',
    'Install the Waymark extension in Chrome or Edge: download this server’s copy, unzip it, switch on Developer mode and choose Load unpacked.',
  );
  return (
    <>
      <PageHeader
        eyebrow="Install"
        title="Install the Waymark extension"
        lead="Waymark works in desktop Google Chrome and Microsoft Edge. Install it once; it then opens on any tab from its toolbar icon."
      />
      <PageSection title="Download and load it">
        <InstallExtensionGuide storeUrl={config.extensionStoreUrl} />
      </PageSection>
    </>
  );
}
