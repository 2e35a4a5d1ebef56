import { describe, expect, it } from 'vitest';
import { lintMessages } from './config-linter';

/**
 * Issue 10 §4: the repository's own lint configuration refuses an import into a sibling server
 * module's, portal feature's or extension shared folder's internals, and an extension context
 * importing another; the same imports through the public index.ts pass. Lints text as if it
 * were an existing file, with the real eslint.config.js.
 */
function restrictedImportErrors(code: string, file: string): Promise<string[]> {
  return lintMessages(code, file, 'no-restricted-imports');
}

const USE = '\nexport const used = [saveProject];\n';

// Loading the real config (typescript-eslint, the module manifests) takes seconds on a busy machine.
describe('server module boundaries in eslint.config.js', { timeout: 60_000 }, () => {
  it('refuses a deep import into a sibling module', async () => {
    const errors = await restrictedImportErrors(
      // projects depends on items, so only the internals are refused here.
      `import { createItem as saveProject } from '../items/create-item';${USE}`,
      'apps/server/src/modules/projects/index.ts',
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('public file');
  });

  it('refuses it from a module subfolder too', async () => {
    const errors = await restrictedImportErrors(
      // identity depends on mail, so only the internals are refused here.
      `import { createMailer as saveProject } from '../../mail/mailer';${USE}`,
      'apps/server/src/modules/identity/views/form.ts',
    );
    expect(errors).toHaveLength(1);
  });

  it("allows the sibling's public file and the module's own files", async () => {
    const errors = await restrictedImportErrors(
      `import { updateRelativePath } from '../items/index';\nimport { saveProject } from './save-project';\nexport const used = [saveProject, updateRelativePath];\n`,
      'apps/server/src/modules/projects/index.ts',
    );
    expect(errors).toEqual([]);
  });
});

// Issue 26: the zones come from the modules' manifests (dependsOn), in both directions.
describe('server module directions from the manifests', { timeout: 60_000 }, () => {
  it('refuses a module importing a module its manifest does not depend on', async () => {
    // teams depends on access, entitlements, mail, notifications — not billing, which uses teams.
    const errors = await restrictedImportErrors(
      `import { billingModule } from '../billing/index';\nexport const used = billingModule;\n`,
      'apps/server/src/modules/teams/invite-user.ts',
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('dependsOn');
  });

  it('refuses it from a module subfolder too, and allows a declared dependency', async () => {
    const code = (from: string) => `import { x } from '${from}';\nexport const used = x;\n`;
    const file = 'apps/server/src/modules/identity/views/form.ts';
    expect(await restrictedImportErrors(code('../../billing/index'), file)).toHaveLength(1);
    expect(await restrictedImportErrors(code('../../mail/index'), file)).toEqual([]);
  });

  it('refuses a module importing the composition root', async () => {
    const errors = await restrictedImportErrors(
      `import { buildApp } from '../../app';\nexport const used = buildApp;\n`,
      'apps/server/src/modules/items/create-item.ts',
    );
    expect(errors).toHaveLength(1);
  });

  it('refuses HTTP plumbing importing a domain module', async () => {
    const errors = await restrictedImportErrors(
      `import { accessHooks } from '../modules/access/index';\nexport const used = accessHooks;\n`,
      'apps/server/src/http/register-route.ts',
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('never imports a domain module');
  });

  it("refuses app.ts, app-dependencies.ts and modules/module.ts reaching a module's internals", async () => {
    const code = (from: string) => `import { x } from '${from}';\nexport const used = x;\n`;
    for (const [file, from] of [
      ['apps/server/src/app.ts', './modules/auth/authenticator'],
      ['apps/server/src/app-dependencies.ts', './modules/mail/mailer'],
      ['apps/server/src/modules/module.ts', './billing/gateway/payment-gateway'],
    ] as const)
      expect(await restrictedImportErrors(code(from), file), file).toHaveLength(1);
    expect(
      await restrictedImportErrors(
        code('./modules/mail/index'),
        'apps/server/src/app-dependencies.ts',
      ),
    ).toEqual([]);
  });
});

describe('portal feature boundaries in eslint.config.js', { timeout: 60_000 }, () => {
  it("refuses the app importing a feature's internals, allows its public file", async () => {
    const code = (from: string) =>
      `import { AuthCallback } from '${from}';\nexport const used = AuthCallback;\n`;
    const file = 'apps/portal/src/app/routes/auth-callback.tsx';
    expect(
      await restrictedImportErrors(code('../../features/auth/components/auth-callback'), file),
    ).toHaveLength(1);
    expect(await restrictedImportErrors(code('../../features/auth'), file)).toEqual([]);
  });

  it("refuses a feature importing a sibling feature's internals", async () => {
    const errors = await restrictedImportErrors(
      `import { useAuthActions } from '../../auth/use-auth-actions';\nexport const used = useAuthActions;\n`,
      'apps/portal/src/features/pricing/components/plan-card.tsx',
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('public file');
  });
});

describe('extension boundaries in eslint.config.js', { timeout: 60_000 }, () => {
  it('refuses a context importing another context', async () => {
    const errors = await restrictedImportErrors(
      `import { BADGE_COLOR } from '../background/badge';\nexport const used = BADGE_COLOR;\n`,
      'apps/extension/src/sidepanel/app/panel-header.tsx',
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('separate realms');
  });

  it("refuses a shared folder's internals, allows its public file", async () => {
    const code = (from: string) =>
      `import { chromeApi } from '${from}';\nexport const used = chromeApi;\n`;
    const file = 'apps/extension/src/sidepanel/features/items/delete-item-button.tsx';
    expect(await restrictedImportErrors(code('../../platform/chrome-api'), file)).toHaveLength(1);
    expect(await restrictedImportErrors(code('../../platform/index'), file)).toEqual([]);
  });
});

describe('side panel zones in eslint.config.js', { timeout: 60_000 }, () => {
  const code = (from: string) => `import { used as x } from '${from}';\nexport const used = x;\n`;

  it('refuses a feature importing another feature, at any depth', async () => {
    const errors = await restrictedImportErrors(
      code('../orgs/index'),
      'apps/extension/src/sidepanel/features/items/items-section.tsx',
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('never imports another feature');
    expect(
      await restrictedImportErrors(
        code('../../session/index'),
        'apps/extension/src/sidepanel/features/items/list/item-row.tsx',
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImportErrors(
        code('../../../features/orgs/index'),
        'apps/extension/src/sidepanel/features/items/list/item-row.tsx',
      ),
    ).toHaveLength(1);
  });

  it('refuses a feature importing the app', async () => {
    const errors = await restrictedImportErrors(
      code('../../../app/workspace'),
      'apps/extension/src/sidepanel/features/items/pins/pin-section.tsx',
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('never imports the app');
  });

  it('allows a feature its own parts, shared/ and the extension shared folders', async () => {
    const file = 'apps/extension/src/sidepanel/features/items/attachments/attachment-card.tsx';
    for (const from of [
      './use-attachments',
      '../environment/index',
      '../../../shared/error-alert',
      '../../../../platform/index',
    ])
      expect(await restrictedImportErrors(code(from), file)).toEqual([]);
  });

  it('refuses shared/ importing a feature or the app', async () => {
    expect(
      await restrictedImportErrors(
        code('../features/items/index'),
        'apps/extension/src/sidepanel/shared/error-alert.tsx',
      ),
    ).toHaveLength(1);
    const errors = await restrictedImportErrors(
      code('../../app/workspace'),
      'apps/extension/src/sidepanel/shared/data/query-keys.ts',
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('never imports them');
  });

  it("refuses the app importing a feature's internals, allows its public file", async () => {
    const file = 'apps/extension/src/sidepanel/app/menu/panel-menu.tsx';
    const errors = await restrictedImportErrors(
      code('../../features/orgs/use-org-selection'),
      file,
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('public file');
    expect(await restrictedImportErrors(code('../../features/orgs/index'), file)).toEqual([]);
  });
});
