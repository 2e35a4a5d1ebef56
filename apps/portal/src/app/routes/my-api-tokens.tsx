import '../../styles/full-styles';
import { Box } from '@mantine/core';
import { Banner } from '../../components/banner/banner';
import { BannerProvider } from '../../components/banner/banner-context';
import { MyApiTokensScreen } from '../../features/api-tokens';
import { usePageMeta } from '../../hooks/use-page-meta';
import { RequireSignIn } from '../guards';
import { MinimalLayout } from '../layouts/minimal-layout';

/**
 * Route module of /api-tokens (issue 29): anyone's own personal access tokens, administrator or
 * not, behind a sign-in (not the admin) guard. The extension's menu opens it.
 */
export function Component() {
  usePageMeta(
    'Your API tokens',
    'Personal access tokens for your scripts, CI and coding assistants.',
  );
  return (
    <RequireSignIn>
      <BannerProvider>
        <MinimalLayout>
          <Box mb="md">
            <Banner />
          </Box>
          <MyApiTokensScreen />
        </MinimalLayout>
      </BannerProvider>
    </RequireSignIn>
  );
}
