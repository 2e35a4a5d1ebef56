import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { DEFAULT_SERVER_URL } from '../config';
import { useChromeApi } from '../ui/index';
import { readDefaultServerUrl, readServerUrl, saveServerUrl } from '../settings/index';

/** Edits the server URL: checked on save, stored in `chrome.storage.sync`, confirmed or explained. */
export function ServerUrlForm() {
  const api = useChromeApi();
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [savedUrl, setSavedUrl] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [defaultUrl, setDefaultUrl] = useState(DEFAULT_SERVER_URL);

  useEffect(() => {
    readServerUrl(api).then(setValue, () => setValue(DEFAULT_SERVER_URL));
    void readDefaultServerUrl(api).then(setDefaultUrl);
  }, [api]);

  const edit = (next: string) => {
    setValue(next);
    setError(null);
    setSavedUrl(null);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setIsSaving(true);
    try {
      const check = await saveServerUrl(api, value ?? '');
      if (check.ok) {
        setValue(check.url);
        setSavedUrl(check.url);
      } else {
        setError(check.error);
      }
    } catch (cause) {
      setError(`The setting could not be saved: ${String(cause)}`);
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void save(event)} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Server URL"
          description={`The address of your Waymark server, without a path. Default: ${defaultUrl}`}
          placeholder="https://waymark.example.com"
          value={value ?? ''}
          disabled={value === null}
          error={error}
          onChange={(event) => edit(event.currentTarget.value)}
          autoComplete="url"
          spellCheck={false}
        />
        <Group gap="xs">
          <Button type="submit" loading={isSaving} disabled={value === null}>
            Save
          </Button>
          <Button variant="default" onClick={() => edit(defaultUrl)}>
            Use default
          </Button>
        </Group>
        {savedUrl && (
          <Alert color="green" variant="light" role="status">
            Saved. Waymark now uses {savedUrl}.
          </Alert>
        )}
      </Stack>
    </form>
  );
}
