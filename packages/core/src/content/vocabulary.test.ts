import { describe, expect, it } from 'vitest';
import { QUICK_TIPS } from './quick-tips';
import { USER_GUIDE_SECTIONS, type UserGuideSection } from './user-guide';
import { ACTION_LABELS, RETIRED_ACTION_LABELS } from './vocabulary';

const sections: readonly UserGuideSection[] = [...QUICK_TIPS, ...USER_GUIDE_SECTIONS];
const texts = sections.flatMap((section) => [
  section.title,
  ...section.paragraphs,
  ...(section.steps ?? []),
]);
const all = texts.join('\n');

describe('one vocabulary for actions (issue 9)', () => {
  it('the guide and the quick tips name every action by its label', () => {
    for (const label of Object.values(ACTION_LABELS)) expect(all).toContain(label);
  });

  it('the guide and the quick tips never use another spelling of an action', () => {
    for (const retired of RETIRED_ACTION_LABELS)
      expect(all, `"${retired}" in the help texts`).not.toMatch(new RegExp(`\\b${retired}\\b`));
  });

  it('uses the spec’s words for the top bar and the sidebar', () => {
    expect(ACTION_LABELS).toMatchObject({ logIn: 'Log In', signUp: 'Sign Up', logout: 'Logout' });
  });
});
