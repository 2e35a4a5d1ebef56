import { Text } from '@mantine/core';
import classes from './demo-video.module.css';

/** Props of {@link DemoVideo}. */
export type DemoVideoProps = { src: string };

/**
 * The demo recorded from the real product. preload="none" keeps the landing page light: nothing
 * is fetched until the visitor presses play.
 */
export function DemoVideo({ src }: DemoVideoProps) {
  return (
    <figure className={classes.figure}>
      <video className={classes.video} controls preload="none" width={1280} height={720} src={src}>
        Your browser cannot play this video. <a href={src}>Download the Waymark demo</a> instead.
      </video>
      <Text component="figcaption" c="gray.8" mt="sm">
        A short tour: installing the extension, creating a project, recording a requirement on a
        checkout page and finding it again as a teammate.
      </Text>
    </figure>
  );
}
