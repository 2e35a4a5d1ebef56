import { Button, Menu } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { TWorkspaceFilter } from '@waymark/core';
import type { ChromeApi } from '../platform/index';
import { downloadExport } from '../transfer/index';
import { ErrorAlert } from './error-alert';

type Format = 'csv' | 'json' | 'markdown';

const FORMATS: { format: Format; label: string; extension: string }[] = [
  { format: 'csv', label: 'CSV (spreadsheet)', extension: 'csv' },
  { format: 'json', label: 'JSON', extension: 'json' },
  { format: 'markdown', label: 'Markdown', extension: 'md' },
];

/** A file name from a project's name: letters, digits and dashes only. */
export function exportFileName(projectName: string, extension: string): string {
  const base = projectName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'project'}-items.${extension}`;
}

/** Hands a file to the browser's downloads, as a link with `download` does. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once it started; the address is freed a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Export of the items the view shows (its filters; all items without filters) as CSV, JSON or
 * Markdown: the server streams the file, the worker hands it on, the browser saves it.
 */
export function ExportMenu({
  api,
  projectId,
  projectName,
  filter,
}: {
  api: ChromeApi;
  projectId: number;
  projectName: string;
  filter: TWorkspaceFilter;
}) {
  const download = useMutation({
    mutationFn: async ({ format, extension }: (typeof FORMATS)[number]) =>
      saveFile(
        await downloadExport(api, { projectId, filter, format }),
        exportFileName(projectName, extension),
      ),
  });
  return (
    <>
      <Menu position="bottom-end">
        <Menu.Target>
          <Button
            size="xs"
            variant="default"
            loading={download.isPending}
            leftSection={<IconDownload size={14} aria-hidden />}
          >
            Export
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Items of this view</Menu.Label>
          {FORMATS.map((choice) => (
            <Menu.Item key={choice.format} onClick={() => download.mutate(choice)}>
              {choice.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {download.isError && <ErrorAlert error={download.error} title="The export failed" />}
    </>
  );
}
