import { Alert, Button, Group, Modal, Text, Tooltip } from '@mantine/core';
import type { MarkerArea } from '@markerjs/markerjs3';
import { useEffect, useRef, useState } from 'react';
import { fromBase64 } from '../../../../transfer/index';
import { ANNOTATION_TOOLS, dataUrlToFile, screenshotFileName } from './annotation-tools';

/**
 * The screenshot editor: marker.js 3's MarkerArea over the captured image, with our toolbar.
 * Save renders the image at its natural size with the markers burnt in (marker.js `Renderer`),
 * so a redaction replaces the pixels under it; the PNG goes to `onSave`.
 */
export function AnnotationEditor({
  imageUrl,
  onSave,
  onClose,
}: {
  imageUrl: string;
  onSave: (file: File) => void;
  onClose: () => void;
}) {
  const area = useRef<MarkerArea | null>(null);
  const image = useRef<HTMLImageElement | null>(null);
  const [isReady, setIsReady] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [mountedAt, setMountedAt] = useState<HTMLDivElement | null>(null);

  useEffect(() => {
    if (!mountedAt) return;
    let isCurrent = true;
    let created: MarkerArea | null = null;
    // Loaded on first use: the editor is ~140 kB the panel does not need until then.
    void import('@markerjs/markerjs3').then(({ MarkerArea: Area }) => {
      if (!isCurrent) return;
      const target = document.createElement('img');
      target.src = imageUrl;
      created = new Area();
      created.targetImage = target;
      created.autoZoomOut = true;
      created.style.width = '100%';
      created.style.height = '100%';
      mountedAt.appendChild(created);
      area.current = created;
      image.current = target;
      setIsReady(true);
    });
    return () => {
      isCurrent = false;
      created?.remove();
      area.current = null;
    };
  }, [mountedAt, imageUrl]);

  const save = async () => {
    if (!area.current || !image.current) return;
    setIsSaving(true);
    setError(null);
    try {
      const { Renderer } = await import('@markerjs/markerjs3');
      const renderer = new Renderer();
      renderer.targetImage = image.current;
      renderer.naturalSize = true;
      renderer.imageType = 'image/png';
      const dataUrl = await renderer.rasterize(area.current.getState());
      onSave(dataUrlToFile(dataUrl, screenshotFileName(new Date()), fromBase64));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
      setIsSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} fullScreen title="Annotate the screenshot">
      <Group gap="xs" mb="xs" role="toolbar" aria-label="Annotation tools">
        {ANNOTATION_TOOLS.map((tool) => (
          <Tooltip key={tool.label} label={tool.hint}>
            <Button
              size="xs"
              variant="default"
              disabled={!isReady}
              onClick={() => area.current?.createMarker(tool.markerType)}
            >
              {tool.label}
            </Button>
          </Tooltip>
        ))}
        <Button size="xs" variant="subtle" disabled={!isReady} onClick={() => area.current?.undo()}>
          Undo
        </Button>
        <Button size="xs" variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button size="xs" disabled={!isReady} loading={isSaving} onClick={() => void save()}>
          Save screenshot
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mb="xs">
        Redact paints an opaque box over what it covers: the saved image keeps none of it.
      </Text>
      {error && (
        <Alert color="red" variant="light" role="alert" title="The screenshot was not saved">
          {error}
        </Alert>
      )}
      <div
        ref={setMountedAt}
        data-testid="annotation-editor"
        style={{ width: '100%', height: 'calc(100vh - 140px)' }}
      />
    </Modal>
  );
}
