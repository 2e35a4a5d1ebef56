import { Outlet } from 'react-router';
import { SiteFooter } from '../../components/site-footer/site-footer';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link/skip-link';
import { TopBar } from '../../components/top-bar/top-bar';
import { useAuthActions } from '../../features/auth';

/** Layout of the public pages, the user guide and the welcome page: top bar, page, footer. */
export function PublicLayout() {
  const { logIn, signUp } = useAuthActions();
  return (
    <>
      <SkipLink />
      <TopBar onLogIn={logIn} onSignUp={signUp} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
