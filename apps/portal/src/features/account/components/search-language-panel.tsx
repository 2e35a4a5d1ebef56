import { Button, Group, Select, Skeleton, Text } from '@mantine/core';
import { type TSearchLanguage } from '@waymark/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Panel } from '../../../components/panel/panel';
import { searchLanguageQuery, useSaveSearchLanguage } from '../api/search-language';
import { searchLanguageOptions } from '../search-language-options';

/**
 * Issue 28: the language the extension's full-text search reads the organization's items in
 * (word forms: "pages" finds "page"). Saving re-indexes every item at once.
 */
export function SearchLanguagePanel({ orgId }: { orgId: number }) {
  const setting = useQuery(searchLanguageQuery(orgId));
  const save = useSaveSearchLanguage(orgId);
  const [chosen, setChosen] = useState<string | null>(null);
  const stored = setting.data?.searchLanguage;
  const value = chosen ?? stored ?? null;
  return (
    <Panel title="Search Language">
      <Text size="sm" mb="sm">
        Search in the extension matches words in all their forms in this language — “pages” finds
        “page”. Saving re-indexes every item of the organization.
      </Text>
      {setting.isPending ? (
        <Skeleton height={36} />
      ) : (
        <Group align="end" gap="sm">
          <Select
            label="Language of your items"
            data={searchLanguageOptions(stored)}
            value={value}
            onChange={setChosen}
            allowDeselect={false}
            searchable
            w={320}
          />
          <Button
            disabled={!value || value === stored}
            loading={save.isPending}
            onClick={() => value && save.mutate(value as TSearchLanguage)}
          >
            Save Changes
          </Button>
        </Group>
      )}
    </Panel>
  );
}
