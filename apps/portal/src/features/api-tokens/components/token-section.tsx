import { Paper, Stack, Text, Title } from '@mantine/core';
import type { TApiToken, TCreatedToken, TTokenScope } from '@waymark/core';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useBanner } from '../../../components/banner/use-banner';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { getErrorMessage } from '../../../lib/error-message';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { CreatedSecret } from './created-secret';
import { TokenForm, type TokenFormValues } from './token-form';
import { TokenTable } from './token-table';

/** Props of {@link TokenSection}. */
export type TokenSectionProps = {
  kind: 'pat' | 'key';
  title: string;
  intro: string;
  tokens: TApiToken[];
  projects?: { projectId: number; projectName: string }[];
  /** The scopes offered; all by default. */
  scopeChoices?: readonly TTokenScope[];
  /** Creates the token; `idempotencyKey` is the same for every submit of one attempt. */
  create: (values: TokenFormValues, idempotencyKey: string) => Promise<TCreatedToken>;
  revoke: (token: TApiToken) => Promise<string>;
  reload: () => Promise<unknown>;
};

/** One kind of token: its list, a form to create one (secret shown once), revoke with confirmation. */
export function TokenSection(props: TokenSectionProps) {
  const { showBanner } = useBanner();
  const [created, setCreated] = useState<TCreatedToken | null>(null);
  const [revoking, setRevoking] = useState<TApiToken | null>(null);
  const onError = (error: unknown) => showBanner(getErrorMessage(error), 'error');
  // One key per attempt: a double click sends it twice and the server makes one token, whose
  // secret both answers carry. A settled attempt (made or refused) frees the next one.
  const attemptKey = useRef(newIdempotencyKey());
  const create = useMutation({
    mutationFn: (values: TokenFormValues) => props.create(values, attemptKey.current),
    onSettled: () => {
      attemptKey.current = newIdempotencyKey();
    },
    onSuccess: async (answer) => {
      setCreated(answer);
      await props.reload();
    },
    onError,
  });
  const revoke = useMutation({
    mutationFn: props.revoke,
    onSuccess: async (text) => {
      showBanner(text);
      setRevoking(null);
      await props.reload();
    },
    onError,
  });
  const names = new Map((props.projects ?? []).map((p) => [p.projectId, p.projectName]));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`${props.kind}-title`}>
      <Stack gap="md">
        <Title order={2} size="h3" id={`${props.kind}-title`}>
          {props.title}
        </Title>
        <Text size="sm">{props.intro}</Text>
        {created ? (
          <CreatedSecret
            name={created.token.name}
            secret={created.secret}
            onDone={() => setCreated(null)}
          />
        ) : (
          <TokenForm
            kind={props.kind}
            projects={props.projects}
            {...(props.scopeChoices && { scopeChoices: props.scopeChoices })}
            isWorking={create.isPending}
            onSubmit={(values) => create.mutate(values)}
          />
        )}
        <TokenTable
          caption={props.title}
          tokens={props.tokens}
          {...(props.kind === 'key' && {
            projectName: (id: number) => names.get(id) ?? `#${id}`,
          })}
          onRevoke={setRevoking}
        />
      </Stack>
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke token"
        confirmLabel="Revoke"
        isWorking={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onClose={() => setRevoking(null)}
      >
        <Text size="sm">
          Revoke “{revoking?.name}”? Anything using it stops working within a second.
        </Text>
      </ConfirmDialog>
    </Paper>
  );
}
