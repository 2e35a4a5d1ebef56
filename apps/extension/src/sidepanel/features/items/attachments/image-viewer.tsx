import { Image, Modal } from '@mantine/core';

/** An image attachment full size, in a dialog over the panel. */
export function ImageViewer({
  url,
  fileName,
  opened,
  onClose,
}: {
  url: string;
  fileName: string;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={fileName} size="100%" centered>
      <Image src={url} alt={fileName} fit="contain" data-testid="image-viewer" />
    </Modal>
  );
}
