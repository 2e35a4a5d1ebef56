import { ApiTokensScreen } from '../../../features/api-tokens';
import { usePageMeta } from '../../../hooks/use-page-meta';

/** Route module of /app/api-tokens (issue 29). */
export function Component() {
  usePageMeta(
    'API Tokens',
    'Personal access tokens and organization API keys for scripts, CI and coding assistants.',
  );
  return <ApiTokensScreen />;
}
