import { Alert, Button, Group, Text, Title, Tooltip } from '@mantine/core';
import type { MarkerArea } from '@markerjs/markerjs3';
import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { fromBase64 } from '../transfer/index';
import { ANNOTATION_TOOLS, dataUrlToFile, screenshotFileName } from './annotation-tools';
import { dragToCrop, type Rect } from './crop-rect';
import { cropPng } from '../imaging/index';
import { SHORTCUT_HELP, shortcutFor, type EditorAction } from './shortcuts';

const ZOOM_STEP = 1.25;
const ZOOM_MIN = 0.1;
const ZOOM_MAX = 8;

/** The screen box of the image marker.js shows (inside its shadow root), or null before layout. */
function shownImageBox(host: Element | null): Rect | null {
  const root = host?.shadowRoot;
  if (!root) return null;
  const boxes = Array.from(root.querySelectorAll('svg, img'), (element) =>
    element.getBoundingClientRect(),
  ).filter((box) => box.width > 20 && box.height > 20);
  const biggest = boxes.sort((a, b) => b.width * b.height - a.width * a.height)[0];
  return biggest
    ? { x: biggest.x, y: biggest.y, width: biggest.width, height: biggest.height }
    : null;
}

/** True when a key press goes to a field or a text marker being typed. */
function isTypingIn(event: KeyboardEvent): boolean {
  const target = event.composedPath()[0];
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The full-size screenshot editor (its own window): marker.js 3's MarkerArea at the image's real
 * size — zoom (buttons, + / −, 0 fit, 1 real size), pan (Alt+drag, middle button), the tools,
 * crop, undo/redo and keyboard shortcuts ({@link SHORTCUT_HELP}). Save renders the image at its
 * natural size with the markers burnt in (marker.js `Renderer`), so a redaction replaces the
 * pixels under it, then cuts the crop out of that render; the PNG goes to `onSave`.
 */
export function AnnotationEditor({
  imageUrl,
  onSave,
  onCancel,
}: {
  imageUrl: string;
  onSave: (file: File) => Promise<void>;
  onCancel: () => void;
}) {
  const area = useRef<MarkerArea | null>(null);
  const image = useRef<HTMLImageElement | null>(null);
  const [isReady, setIsReady] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [zoom, setZoom] = useState(1);
  const [isCropping, setIsCropping] = useState(false);
  const [crop, setCrop] = useState<Rect | null>(null);
  const [dragFrom, setDragFrom] = useState<{ x: number; y: number } | null>(null);
  const [dragBox, setDragBox] = useState<Rect | null>(null);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [mountedAt, setMountedAt] = useState<HTMLDivElement | null>(null);

  useEffect(() => {
    if (!mountedAt) return;
    let isCurrent = true;
    let created: MarkerArea | null = null;
    void import('@markerjs/markerjs3').then(({ MarkerArea: Area }) => {
      if (!isCurrent) return;
      const target = document.createElement('img');
      target.addEventListener('load', () =>
        setNatural({ width: target.naturalWidth, height: target.naturalHeight }),
      );
      target.alt = 'The screenshot being annotated';
      target.src = imageUrl;
      created = new Area();
      created.targetImage = target;
      // Real size; shrunk to fit only when the screenshot is bigger than the window.
      created.autoZoomOut = true;
      created.style.width = '100%';
      created.style.height = '100%';
      created.addEventListener('areashow', () => {
        setZoom(created?.zoomLevel ?? 1);
        // marker.js shows its own copy of the image: it needs the text alternative too.
        created?.shadowRoot?.querySelectorAll('img:not([alt])').forEach((shown) => {
          shown.setAttribute('alt', target.alt);
        });
      });
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

  const zoomTo = useCallback((level: number) => {
    if (!area.current) return;
    const next = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, level));
    area.current.zoomLevel = next;
    setZoom(next);
  }, []);
  const zoomToFit = useCallback(() => {
    if (!area.current) return;
    area.current.zoomLevel = 1;
    area.current.autoZoom();
    setZoom(area.current.zoomLevel);
  }, []);

  const save = useCallback(async () => {
    if (!area.current || !image.current || isSaving) return;
    setIsSaving(true);
    setError(null);
    try {
      const { Renderer } = await import('@markerjs/markerjs3');
      const renderer = new Renderer();
      renderer.targetImage = image.current;
      renderer.naturalSize = true;
      renderer.imageType = 'image/png';
      const rendered = await renderer.rasterize(area.current.getState());
      const name = screenshotFileName(new Date());
      const file = crop
        ? new File([await cropPng(rendered, crop)], name, { type: 'image/png' })
        : dataUrlToFile(rendered, name, fromBase64);
      await onSave(file);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setIsSaving(false);
    }
  }, [crop, isSaving, onSave]);

  const run = useCallback(
    (action: EditorAction) => {
      const current = area.current;
      if (!current) return;
      switch (action.type) {
        case 'tool':
          setIsCropping(false);
          current.createMarker(action.markerType);
          return;
        case 'crop':
          current.switchToSelectMode();
          setIsCropping((was) => !was);
          return;
        case 'undo':
          return current.undo();
        case 'redo':
          return current.redo();
        case 'delete':
          return current.deleteSelectedMarkers();
        case 'zoomIn':
          return zoomTo(current.zoomLevel * ZOOM_STEP);
        case 'zoomOut':
          return zoomTo(current.zoomLevel / ZOOM_STEP);
        case 'zoomFit':
          return zoomToFit();
        case 'zoomActual':
          return zoomTo(1);
        case 'save':
          return void save();
        case 'leaveTool':
          setIsCropping(false);
          current.switchToSelectMode();
          return;
      }
    },
    [save, zoomTo, zoomToFit],
  );

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = shortcutFor({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        shiftKey: event.shiftKey,
        altKey: event.altKey,
        isTyping: isTypingIn(event),
      });
      if (!action) return;
      event.preventDefault();
      run(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [run]);

  const finishCrop = (event: PointerEvent<HTMLDivElement>) => {
    const shown = shownImageBox(area.current);
    if (dragFrom && shown && natural) {
      const picked = dragToCrop(dragFrom, { x: event.clientX, y: event.clientY }, shown, natural);
      if (picked) {
        setCrop(picked);
        setIsCropping(false);
      }
    }
    setDragFrom(null);
    setDragBox(null);
  };
  const followDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (!dragFrom) return;
    const overlay = event.currentTarget.getBoundingClientRect();
    setDragBox({
      x: Math.min(dragFrom.x, event.clientX) - overlay.x,
      y: Math.min(dragFrom.y, event.clientY) - overlay.y,
      width: Math.abs(event.clientX - dragFrom.x),
      height: Math.abs(event.clientY - dragFrom.y),
    });
  };

  return (
    <>
      <header style={{ padding: '8px 12px 0' }}>
        <Group justify="space-between" wrap="nowrap">
          <Title order={1} size="h4">
            Annotate the screenshot
          </Title>
          <Text size="xs" c="dimmed" data-testid="image-size">
            {natural ? `${natural.width} × ${natural.height} px` : ''}
            {crop ? ` · cropped to ${crop.width} × ${crop.height} px` : ''}
          </Text>
        </Group>
        <Group gap="xs" my="xs" role="toolbar" aria-label="Annotation tools">
          {ANNOTATION_TOOLS.map((tool) => (
            <Tooltip key={tool.label} label={tool.hint}>
              <Button
                size="xs"
                variant="default"
                disabled={!isReady}
                aria-keyshortcuts={tool.key.toUpperCase()}
                onClick={() => run({ type: 'tool', markerType: tool.markerType })}
              >
                {tool.label}
              </Button>
            </Tooltip>
          ))}
          <Button
            size="xs"
            variant={isCropping ? 'filled' : 'default'}
            disabled={!isReady}
            aria-pressed={isCropping}
            aria-keyshortcuts="C"
            onClick={() => run({ type: 'crop' })}
          >
            Crop
          </Button>
          {crop && (
            <Button size="xs" variant="subtle" onClick={() => setCrop(null)}>
              Clear crop
            </Button>
          )}
          <Button
            size="xs"
            variant="subtle"
            disabled={!isReady}
            onClick={() => run({ type: 'undo' })}
          >
            Undo
          </Button>
          <Button
            size="xs"
            variant="subtle"
            disabled={!isReady}
            onClick={() => run({ type: 'redo' })}
          >
            Redo
          </Button>
          <Group gap={4} role="group" aria-label="Zoom">
            <Button
              size="xs"
              variant="default"
              disabled={!isReady}
              aria-label="Zoom out"
              onClick={() => run({ type: 'zoomOut' })}
            >
              −
            </Button>
            <Text size="xs" w={48} ta="center" data-testid="zoom-level" aria-live="polite">
              {Math.round(zoom * 100)} %
            </Text>
            <Button
              size="xs"
              variant="default"
              disabled={!isReady}
              aria-label="Zoom in"
              onClick={() => run({ type: 'zoomIn' })}
            >
              +
            </Button>
            <Button
              size="xs"
              variant="subtle"
              disabled={!isReady}
              onClick={() => run({ type: 'zoomFit' })}
            >
              Fit
            </Button>
            <Button
              size="xs"
              variant="subtle"
              disabled={!isReady}
              onClick={() => run({ type: 'zoomActual' })}
            >
              Real size
            </Button>
          </Group>
          <Button size="xs" variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button size="xs" disabled={!isReady} loading={isSaving} onClick={() => void save()}>
            Save screenshot
          </Button>
        </Group>
        <Text size="xs" c="dimmed" mb={4}>
          Redact paints an opaque box over what it covers: the saved image keeps none of it.{' '}
          {isCropping ? 'Drag over the part of the screenshot to keep.' : SHORTCUT_HELP}
        </Text>
        {error && (
          <Alert color="red" variant="light" role="alert" title="The screenshot was not saved">
            {error}
          </Alert>
        )}
      </header>
      <main style={{ position: 'relative', height: 'calc(100vh - 130px)' }}>
        <div
          ref={setMountedAt}
          data-testid="annotation-editor"
          style={{ width: '100%', height: '100%' }}
        />
        {isCropping && (
          <div
            data-testid="crop-overlay"
            aria-label="Drag to crop"
            style={{ position: 'absolute', inset: 0, cursor: 'crosshair', zIndex: 10 }}
            onPointerDown={(event) => {
              event.currentTarget.setPointerCapture(event.pointerId);
              setDragFrom({ x: event.clientX, y: event.clientY });
            }}
            onPointerMove={followDrag}
            onPointerUp={finishCrop}
          />
        )}
        {dragBox && (
          <div
            data-testid="crop-box"
            style={{
              position: 'absolute',
              left: dragBox.x,
              top: dragBox.y,
              width: dragBox.width,
              height: dragBox.height,
              outline: '2px dashed var(--mantine-color-blue-6)',
              boxShadow: '0 0 0 9999px rgba(0, 0, 0, 0.35)',
              pointerEvents: 'none',
              zIndex: 11,
            }}
          />
        )}
      </main>
    </>
  );
}
