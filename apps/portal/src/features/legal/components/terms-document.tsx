import { Stack, Text, Title } from '@mantine/core';
import { TERMS_CLAUSES, type TermsClause } from '../terms-clauses';

const PARTS: readonly { part: TermsClause['part']; id: string; title: string }[] = [
  { part: 'terms', id: 'terms-of-use', title: 'Terms of Use' },
  { part: 'privacy', id: 'privacy-policy', title: 'Privacy Policy' },
];

/** The Terms of Use and Privacy Policy: two parts, clauses numbered 1 to 18 through both. */
export function TermsDocument() {
  const numbered = TERMS_CLAUSES.map((clause, index) => ({ ...clause, number: index + 1 }));
  return (
    <Stack gap={48}>
      {PARTS.map(({ part, id, title }) => (
        <section key={part} id={id} aria-labelledby={`${id}-heading`}>
          <Title order={2} id={`${id}-heading`} mb="lg">
            {title}
          </Title>
          <Stack gap="xl">
            {numbered
              .filter((clause) => clause.part === part)
              .map((clause) => (
                <article key={clause.number} aria-labelledby={`clause-${clause.number}`}>
                  <Title order={3} size="h4" id={`clause-${clause.number}`}>
                    {clause.number}. {clause.title}
                  </Title>
                  {clause.paragraphs.map((paragraph) => (
                    <Text key={paragraph} mt="sm">
                      {paragraph}
                    </Text>
                  ))}
                </article>
              ))}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}
