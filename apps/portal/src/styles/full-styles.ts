// The whole Mantine stylesheet, for screens behind sign-in (imported by their lazy route modules,
// so public pages never download it). Rules already loaded by public-styles.ts repeat harmlessly.
import '@mantine/core/styles.css';
