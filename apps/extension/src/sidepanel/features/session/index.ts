// The public surface of the session feature: who is signed in, sign-in and sign-out. The app
// imports it from here only; other features never import it (eslint.config.js, side panel zones).
export { AccountMenu } from './account-menu';
export { SignInCard } from './sign-in-card';
export { useSession, useSessionQuery, useSignInOut } from './use-session';
